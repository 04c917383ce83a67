// The report's CSV files, written through services/common/csv.h (RFC 4180 with CRLF; text a
// spreadsheet would run as a formula gets a ' in front): a header row, then one file per section.
// Names, clubs, labels, summaries and cards are text cells; counts, scores, doubles (in their
// shortest exact form) and matchpoints and tops (the exact text skatd gives) are number cells.
#include "services/common/csv.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

using Cells = std::vector<CsvCell>;

CsvCell Int(int64_t v) { return CsvNumber(v); }
CsvCell Bool(bool v) { return CsvText(v ? "true" : "false"); }
// A double in the shortest form that reads back exactly (Exact).
CsvCell Double(double v) { return CsvNumber(Exact(v)); }

std::string StandingsCsv(const v1::Standings& standings) {
  int rounds = 0;
  for (const v1::Standing& s : standings.overall()) {
    for (const v1::RoundPercentage& r : s.rounds()) rounds = std::max(rounds, r.round());
  }
  std::vector<std::string> header = {"scope",
                                     "rank",
                                     "tied",
                                     "player",
                                     "display_name",
                                     "club",
                                     "boards",
                                     "forehand_boards",
                                     "middlehand_boards",
                                     "rearhand_boards",
                                     "matchpoints",
                                     "top",
                                     "percentage",
                                     "diff",
                                     "total",
                                     "own_points"};
  for (int r = 1; r <= rounds; ++r) header.push_back("round_" + std::to_string(r));
  CsvWriter csv;
  csv.TextRow(std::vector<std::string_view>(header.begin(), header.end()));
  auto add = [&](std::string_view scope, const v1::Standing& s) {
    Cells row = {CsvText(scope),
                 Int(s.rank()),
                 Bool(s.tied()),
                 CsvText(s.player()),
                 CsvText(s.display_name()),
                 CsvText(s.club()),
                 Int(s.boards())};
    for (int d = 0; d < 3; ++d) {
      row.push_back(d < s.direction_boards_size() ? Int(s.direction_boards(d)) : CsvCell());
    }
    for (CsvCell v : {CsvNumber(s.matchpoints()), CsvNumber(s.top()), Double(s.percentage()),
                      Double(s.diff()), Int(s.total()), Int(s.own_points())}) {
      row.push_back(std::move(v));
    }
    Cells by_round(static_cast<size_t>(rounds));
    for (const v1::RoundPercentage& r : s.rounds()) {
      if (r.round() >= 1 && r.round() <= rounds) by_round[r.round() - 1] = Double(r.percentage());
    }
    for (CsvCell& v : by_round) row.push_back(std::move(v));
    csv.Row(row);
  };
  for (const v1::Standing& s : standings.overall()) add("overall", s);
  for (const v1::DirectionStandings& d : standings.by_direction()) {
    for (const v1::Standing& s : d.standings()) add(DirectionName(d.direction()), s);
  }
  return csv.Take();
}

// The last two columns are the open-hand analysis (docs/par.md), empty without one: the board's
// par contract, and the card points the row's side lost against open-hand play at its table.
std::string TravellersCsv(const ReportData& data) {
  CsvWriter csv;
  csv.TextRow({"session",      "board",       "deal_number", "direction",   "version",
               "planned",      "datum",       "table",       "table_label", "player",
               "display_name", "board_score", "matchpoints", "top",         "diff",
               "assigned",     "artificial",  "declarer",    "won",         "value",
               "summary",      "hand",        "skat",        "par",         "lost"});
  for (const v1::Traveller& t : data.travellers) {
    const v1::BoardAnalysis* analysis = AnalysisOf(data, t);
    for (const v1::DirectionTraveller& d : t.directions()) {
      const int hand_index = static_cast<int>(d.direction()) - 1;
      const std::string hand =
          hand_index >= 0 && hand_index < t.hands_size() ? t.hands(hand_index) : "";
      for (const v1::TravellerRow& row : d.rows()) {
        const v1::GameResult& r = row.result();
        const bool declarer_game = r.kind() == v1::GameResult::KIND_DECLARER_GAME;
        const std::optional<int> lost = PointsLost(GameOf(analysis, row.table()), d.direction());
        csv.Row({Int(t.session()),
                 Int(t.board()),
                 CsvNumber(std::to_string(t.deal_number())),
                 CsvText(DirectionName(d.direction())),
                 Int(d.version()),
                 Int(d.planned()),
                 Double(d.datum()),
                 CsvText(row.table()),
                 CsvText(TableName(row.table(), row.table_label())),
                 CsvText(row.player()),
                 CsvText(row.display_name()),
                 Int(row.board_score()),
                 CsvNumber(row.matchpoints()),
                 CsvNumber(row.top()),
                 Double(row.diff()),
                 Bool(row.assigned()),
                 Bool(row.artificial()),
                 declarer_game ? CsvText(DirectionName(r.declarer())) : CsvCell(),
                 declarer_game ? Bool(r.won()) : CsvCell(),
                 declarer_game ? Int(r.value()) : CsvCell(),
                 CsvText(r.summary()),
                 CsvText(hand),
                 CsvText(t.skat()),
                 analysis ? CsvText(ParContract(analysis->par())) : CsvCell(),
                 lost ? Int(*lost) : CsvCell()});
      }
    }
  }
  return csv.Take();
}

std::string ScorecardsCsv(const std::vector<v1::Scorecard>& scorecards) {
  CsvWriter csv;
  csv.TextRow({"player", "display_name", "session", "round", "board", "direction", "table",
               "board_score", "matchpoints", "top", "diff", "summary"});
  for (const v1::Scorecard& card : scorecards) {
    for (const v1::ScorecardRow& row : card.rows()) {
      csv.Row({CsvText(card.standing().player()), CsvText(card.standing().display_name()),
               Int(row.session()), Int(row.round()), Int(row.board()),
               CsvText(DirectionName(row.direction())), CsvText(row.table()),
               Int(row.board_score()), CsvNumber(row.matchpoints()), CsvNumber(row.top()),
               Double(row.diff()), CsvText(row.summary())});
    }
  }
  return csv.Take();
}

std::string TeamCsv(const v1::TeamMatch& team) {
  CsvWriter csv;
  csv.TextRow({"board", "direction", "club_a", "club_a_score", "club_b", "club_b_score", "net"});
  for (const v1::TeamLine& line : team.lines()) {
    csv.Row({Int(line.board()), CsvText(DirectionName(line.direction())), CsvText(team.club_a()),
             Int(line.club_a()), CsvText(team.club_b()), Int(line.club_b()), Int(line.net())});
  }
  csv.Row({CsvText("total"), CsvCell(), CsvText(team.club_a()), Int(team.total_a()),
           CsvText(team.club_b()), Int(team.total_b()), Int(team.net())});
  return csv.Take();
}

std::string PrizesCsv(const v1::PrizeList& prizes) {
  CsvWriter csv;
  csv.TextRow({"sitting", "place", "category", "player", "display_name", "detail"});
  for (const v1::Prize& p : prizes.prizes()) {
    csv.Row({Int(p.sitting()), Int(p.place()), CsvText(p.category()), CsvText(p.player()),
             CsvText(p.display_name()), CsvText(p.detail())});
  }
  return csv.Take();
}

std::string SeriesCsv(const v1::SeriesLists& lists) {
  CsvWriter csv;
  csv.TextRow({"session", "round", "table", "table_label", "four_players", "rank", "player",
               "display_name", "game_points", "won", "lost", "opponents_lost", "opponents_points",
               "total", "lot"});
  for (const v1::SeriesList& l : lists.lists()) {
    for (const v1::SeriesRow& r : l.rows()) {
      csv.Row({Int(l.session()), Int(l.round()), CsvText(l.table()), CsvText(l.table_label()),
               Bool(l.four_players()), Int(r.rank()), CsvText(r.player()),
               CsvText(r.display_name()), Int(r.game_points()), Int(r.won()), Int(r.lost()),
               Int(r.opponents_lost()), Int(r.opponents_points()), Int(r.total()), Bool(r.lot())});
    }
  }
  return csv.Take();
}

}  // namespace

std::vector<File> CsvFiles(const ReportData& data) {
  std::vector<File> files;
  files.push_back({"standings.csv", StandingsCsv(data.standings)});
  files.push_back({"travellers.csv", TravellersCsv(data)});
  files.push_back({"scorecards.csv", ScorecardsCsv(data.scorecards)});
  if (data.team) files.push_back({"team.csv", TeamCsv(*data.team)});
  if (data.prizes) files.push_back({"prizes.csv", PrizesCsv(*data.prizes)});
  if (data.series) files.push_back({"series.csv", SeriesCsv(*data.series)});
  return files;
}

}  // namespace skat::report::internal
