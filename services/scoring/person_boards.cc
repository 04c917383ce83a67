#include "services/scoring/person_boards.h"

#include <map>
#include <string>
#include <vector>

#include "engine/declaration.h"

namespace skat::service {
namespace {

// Role, game type and summary of the seat `direction` in `result` (docs/persons.md "Boards").
void Describe(const store::ResultRecord& result, Direction direction,
              store::PersonBoardRecord& row) {
  row.summary = result.summary;
  switch (result.game.kind) {
    case ResultKind::kDeclarerGame:
      row.role = result.game.declarer == direction ? "declarer" : "defender";
      row.game_type = std::string(GameTypeName(result.game.declaration.type));
      row.declarer_won = result.game.valuation.won;
      return;
    case ResultKind::kRamsch:
      row.role = "no-game";
      row.game_type = "ramsch";
      return;
    case ResultKind::kPassedIn:
      row.role = "no-game";
      row.game_type = "passed";
      return;
  }
}

}  // namespace

std::vector<store::PersonBoardRecord> PersonBoardRows(const EventScores& scores) {
  std::vector<store::PersonBoardRecord> rows;
  for (const SessionScores& s : scores.sessions) {
    for (const scoring::Traveller& t : s.travellers) {
      for (const scoring::TravellerRow& r : t.rows) {
        auto player = scores.player_by_id.find(r.player);
        if (player == scores.player_by_id.end() || player->second->person_id.empty()) continue;
        store::PersonBoardRecord row{.event_id = scores.event.id,
                                     .player_id = r.player,
                                     .registry_id = player->second->registry_id,
                                     .person_id = player->second->person_id,
                                     .profile = scores.event.profile,
                                     .set_id = s.session.set_id,
                                     .session = s.session.number,
                                     .round = r.round,
                                     .board = t.board,
                                     .direction = std::string(DirectionName(t.direction)),
                                     .table_id = r.table,
                                     .role = "no-game",
                                     .board_score = r.board_score,
                                     .matchpoints = r.matchpoints.ToString(),
                                     .top = r.top.ToString(),
                                     .diff = r.diff,
                                     .matchpoints_value = r.matchpoints.ToDouble(),
                                     .top_value = r.top.ToDouble()};
        if (r.artificial) {
          row.summary = "artificial " + std::to_string(r.artificial_percent) + " %";
        } else if (r.assigned) {
          row.summary = "assigned " + std::to_string(r.board_score);
        } else if (auto result = scores.results.find({r.table, t.board});
                   result != scores.results.end()) {
          Describe(result->second, t.direction, row);
        }
        rows.push_back(std::move(row));
      }
    }
  }
  return rows;
}

Result<int> RefreshPersonBoards(ScoringStores store, EventScoresCache& scores,
                                const std::string& registry_id, const std::string& person_id) {
  Result<std::vector<store::PersonBoardStore::BuiltStamp>> built =
      store.person_boards.ListPersonBoardStamps(registry_id, person_id);
  if (!built.ok()) return built.status();
  std::vector<std::string> ids;
  for (const auto& b : *built) ids.push_back(b.event_id);
  if (ids.empty()) return 0;
  Result<std::map<std::string, std::string>> now = store.sessions.EventStamps(ids);
  if (!now.ok()) return now.status();
  int rebuilt = 0;
  for (const auto& b : *built) {
    const std::string& stamp = now->at(b.event_id);
    if (stamp == b.built_from) continue;
    Result<std::shared_ptr<const EventScores>> event = scores.Get(b.event_id, Audience::kPublic);
    if (!event.ok()) return event.status();
    if (Status s =
            store.person_boards.ReplacePersonBoards(b.event_id, stamp, PersonBoardRows(**event));
        !s.ok()) {
      return s;
    }
    ++rebuilt;
  }
  return rebuilt;
}

Status ReadyPersonBoards(ScoringStores store, EventScoresCache& scores,
                         const std::string& registry_id, const std::string& person_id,
                         const std::string& shown) {
  Result<store::PersonRecord> person = store.registries.GetPerson(registry_id, person_id);
  if (!person.ok()) return person.status();
  if (person->hidden) return Status::NotFound("person " + shown + " not found");
  return RefreshPersonBoards(store, scores, registry_id, person_id).status();
}

}  // namespace skat::service
