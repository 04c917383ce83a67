// The report's open-hand analyses (ReportData::analyses; docs/par.md) looked up per board, table
// and direction, for the pages and the CSV alike.
#include <string>

#include "services/report/report_internal.h"

namespace skat::report::internal {

const v1::BoardAnalysis* AnalysisOf(const ReportData& data, const v1::Traveller& traveller) {
  for (const v1::BoardAnalysis& a : data.analyses) {
    if (a.session() == traveller.session() && a.board() == traveller.board()) return &a;
  }
  return nullptr;
}

const v1::GameAnalysis* GameOf(const v1::BoardAnalysis* analysis, std::string_view table) {
  if (analysis == nullptr) return nullptr;
  for (const v1::GameAnalysis& g : analysis->games()) {
    if (g.table() == table) return &g;
  }
  return nullptr;
}

std::optional<int> PointsLost(const v1::GameAnalysis* game, v1::Direction direction) {
  if (game == nullptr || !game->studied()) return std::nullopt;
  return direction == game->declarer() ? game->declarer_lost() : game->defenders_lost();
}

std::string ParGame(const v1::ParRow& row, const cli::Translator& tr) {
  std::string game = row.game();
  if (!row.matadors().empty()) game += ", " + row.matadors();
  if (!row.discards().empty()) game += ", " + tr.Tr("discards {0}", row.discards());
  return game;
}

std::string ParContract(const v1::ParTable& par) {
  if (par.par_row() < 0 || par.par_row() >= par.rows_size()) return "all pass";
  const v1::ParRow& r = par.rows(par.par_row());
  return std::string(DirectionLetter(r.declarer())) + " " + ParGame(r) + ": " + r.outcome() + ", " +
         (r.value() > 0 ? "+" : "") + std::to_string(r.value());
}

}  // namespace skat::report::internal
