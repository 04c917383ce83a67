#include "services/scoring/board_analysis.h"

#include <google/protobuf/util/json_util.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/act.h"
#include "engine/analysis/par.h"
#include "engine/analysis/study.h"
#include "engine/game.h"
#include "services/common/game_proto.h"
#include "services/common/names.h"
#include "services/scoring/scoring_proto.h"

namespace skat::service {
namespace {

v1::ParTable ParTableProto(const ParTable& table, uint64_t deal_number, const Profile& profile) {
  v1::ParTable out;
  out.set_deal_number(deal_number);
  out.set_profile(std::string(profile.id));
  for (const ParEntry& e : table.entries) {
    v1::ParRow* row = out.add_rows();
    row->set_declarer(service::ToProto(e.declarer));
    row->set_game(ToString(e.game));
    row->set_discards(e.discards.empty() ? "" : ToString(e.discards));
    const bool null = e.game.type == GameType::kNull;
    row->set_outcome(null ? (e.outcome == OutcomeClass::kNoTrick ? "won" : "lost")
                          : std::string(OutcomeClassName(e.outcome)));
    row->set_matadors(null ? "" : ToString(e.matadors));
    row->set_value(e.value);
  }
  out.set_par_row(table.par);
  for (const Declaration& d : table.not_analysed) out.add_not_analysed(ToString(d));
  out.set_text(ToString(table));
  return out;
}

// Replays the table's logged acts of one board. kInternal when the log does not replay.
Result<Game> ReplayBoard(const std::vector<store::LoggedActRecord>& acts, int board_index,
                         const Profile& profile, const Board& board) {
  Game game(profile, board);
  for (const store::LoggedActRecord& logged : acts) {
    if (logged.board_index != board_index) continue;
    const Result<Act> act = ParseActLine(logged.act);
    const Status applied = act.ok() ? game.Apply(*act) : act.status();
    if (!applied.ok()) {
      return Status::Internal("act " + std::to_string(logged.act_index) + " '" + logged.act +
                              "' does not replay: " + applied.message());
    }
  }
  return game;
}

void StudyProto(const GameStudy& s, v1::GameAnalysis* out) {
  const bool null = s.declaration.type == GameType::kNull;
  auto outcome = [&](OutcomeClass c) {
    if (null) return std::string(c == OutcomeClass::kNoTrick ? "won" : "lost");
    return std::string(OutcomeClassName(c));
  };
  out->set_studied(true);
  out->set_declarer(service::ToProto(s.declarer));
  out->set_game(ToString(s.declaration));
  out->set_open_points(s.open_points);
  out->set_open_outcome(outcome(s.open_class));
  out->set_actual_points(s.actual_points);
  out->set_actual_outcome(outcome(s.actual_class));
  out->set_declarer_lost(s.declarer_cost);
  out->set_defenders_lost(s.defenders_cost);
  for (const CardStudy& c : s.cards) {
    if (!c.changed_result && !c.changed_schneider) continue;
    std::string what = c.changed_result
                           ? (c.seat == s.declarer ? "lost the game" : "gave the game away")
                           : "changed schneider or schwarz";
    out->add_turning_cards("card " + std::to_string(c.ply + 1) + " " +
                           std::string(1, DirectionLetter(c.seat)) + " " + ToString(c.card) + ": " +
                           what);
  }
}

}  // namespace

Result<v1::ParTable> CachedParTable(ScoringStores store, const Profile& profile, const Board& board,
                                    SolverPool& solvers, const SolverPool::GiveUp& give_up) {
  const uint64_t deal = DealNumber(board);
  const std::string profile_id(profile.id);
  Result<std::optional<store::ParTableRecord>> cached =
      store.analysis.GetParTable(deal, profile_id, kParVersion);
  if (!cached.ok()) return cached.status();
  v1::ParTable out;
  if (cached->has_value()) {
    if (!google::protobuf::util::JsonStringToMessage((*cached)->analysis, &out).ok()) {
      return Status::Internal("the cached par table of deal " + std::to_string(deal) +
                              " does not read");
    }
    return out;
  }
  Result<SolverPool::Lease> lease = solvers.Acquire(give_up);
  if (!lease.ok()) return lease.status();
  const ParTable table = ComputePar(profile, board, lease->solver());
  out = ParTableProto(table, deal, profile);
  store::ParTableRecord record;
  record.deal_number = deal;
  record.profile = profile_id;
  record.version = kParVersion;
  if (table.all_pass()) {
    record.par_game = "all-pass";
    record.par_summary = "all pass";
  } else {
    const ParEntry& par = table.entries[table.par];
    record.par_game = std::string(GameTypeName(par.game.type));
    record.par_handling = std::string(HandlingName(par.game.handling));
    record.par_summary = ToString(par);
  }
  if (!google::protobuf::util::MessageToJsonString(out, &record.analysis).ok()) {
    return Status::Internal("a par table does not write as JSON");
  }
  if (Status s = store.analysis.PutParTable(record); !s.ok()) return s;
  return out;
}

Status BoardAnalysisProto(ScoringStores store, const EventScores& scores, int session,
                          int board_number, const Board& board, SolverPool& solvers,
                          const SolverPool::GiveUp& give_up, v1::BoardAnalysis* out) {
  const Profile* profile = FindProfile(scores.event.profile);
  if (profile == nullptr) {
    return Status::Internal("the event's profile '" + scores.event.profile +
                            "' is not one the engine knows");
  }
  Result<const SessionScores*> found = FindSession(scores, session);
  if (!found.ok()) return found.status();
  Result<v1::ParTable> par = CachedParTable(store, *profile, board, solvers, give_up);
  if (!par.ok()) return par.status();
  out->set_event(EventName(scores.event.id));
  out->set_session((*found)->session.number);
  out->set_board(board_number);
  *out->mutable_par() = std::move(*par);
  // The session's tables that played the board, in the order the traveller lists them.
  std::vector<std::string> tables;
  std::set<std::string> seen;
  for (const scoring::Traveller& t : (*found)->travellers) {
    if (t.board != board_number) continue;
    for (const scoring::TravellerRow& row : t.rows) {
      if (seen.insert(row.table).second) tables.push_back(row.table);
    }
  }
  std::optional<SolverPool::Lease> lease;  // taken for the first game studied
  for (const std::string& table_id : tables) {
    v1::GameAnalysis* g = out->add_games();
    g->set_table(TableResourceName(scores.event.id, table_id));
    if (auto t = scores.tables.find(table_id); t != scores.tables.end()) {
      g->set_table_label(t->second.label);
    }
    auto result = scores.results.find({table_id, board_number});
    if (result == scores.results.end()) {
      g->set_reason("no counted result (a director's assigned score)");
      continue;
    }
    if (result->second.source == "physical") {
      g->set_reason("a result entered from physical play has no card play to study");
      continue;
    }
    Result<std::vector<store::LoggedActRecord>> acts =
        store.tables.ListActs(scores.event.id, table_id);
    if (!acts.ok()) return acts.status();
    Result<Game> game = ReplayBoard(*acts, result->second.board_index, *profile, board);
    if (!game.ok()) return game.status();
    if (!lease) {
      Result<SolverPool::Lease> lent = solvers.Acquire(give_up);
      if (!lent.ok()) return lent.status();
      lease.emplace(std::move(lent).value());
    }
    const Result<GameStudy> study = StudyGame(*game, lease->solver());
    if (!study.ok()) {
      g->set_reason(study.status().message());
      continue;
    }
    StudyProto(*study, g);
    // Kept for a person's boards (docs/persons.md "Boards"); losing it loses nothing but that.
    if (Status kept =
            store.analysis.PutGameStudy(scores.event.id, table_id, board_number, kParVersion,
                                        study->declarer_cost, study->defenders_cost);
        !kept.ok()) {
      return kept;
    }
  }
  return Status::Ok();
}

}  // namespace skat::service
