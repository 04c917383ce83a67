// ReplayArchive (archive_checks.h): every online table's act log replayed through the engine
// with the checks the table service makes when it rebuilds a table from its log
// (services/common/logged_act.h CheckLoggedAct, which LiveTable::Replay calls too): acts in
// order of board and act index, a finished table takes no more, a seat's sequence numbers rise
// (the clock's and bots' are 0), the act parses, its seat is the chair's direction on that
// board (engine ForehandChair, as LiveTable::DirectionOf), and the engine's Game accepts it. Each
// game the acts finish has its result as the engine entered it (entered by "engine":
// services/common/online_result.h), with the same summary and pad, and no such result is left
// without its finished game.
#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "engine/act.h"
#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/game.h"
#include "engine/profile.h"
#include "services/common/logged_act.h"
#include "services/common/online_result.h"
#include "services/event/archive_checks.h"

namespace skat::service {
namespace {

using BoardsBySet = std::map<std::string, std::map<int, Board>>;
// The results entered by the engine, by table and board index.
using EngineResults = std::map<std::pair<std::string, int>, const v1::ArchivedResult*>;

constexpr char kReplayRule[] = " (docs/event-archive.md \"Validation\")";

// OK when the engine's result of the finished `game` is the file's.
Status SameResult(const v1::ArchivedTable& table, int index, const Game& game,
                  EngineResults& results) {
  auto found = results.find({table.id(), index});
  const std::string where =
      "event archive: table " + table.id() + " board index " + std::to_string(index);
  if (found == results.end()) {
    return Status::InvalidArgument(where + ": the acts finish the game but it has no result " +
                                   "entered by the engine" + kReplayRule);
  }
  store::TableRecord record;
  record.id = table.id();
  record.chairs = table.chairs();
  record.boards.assign(table.boards().begin(), table.boards().end());
  const store::ResultRecord engine = OnlineResult(record, index, game);
  const v1::ArchivedResult& r = *found->second;
  if (r.summary() != engine.summary ||
      !std::equal(r.pad().begin(), r.pad().end(), engine.pad.begin(), engine.pad.end())) {
    return Status::InvalidArgument(where + ": result summary '" + r.summary().substr(0, 80) +
                                   "' is not the acts' '" + engine.summary + "'" + kReplayRule);
  }
  results.erase(found);
  return Status::Ok();
}

BoardsBySet ReadBoards(const v1::EventArchive& archive) {
  BoardsBySet boards;
  for (const v1::ArchivedBoard& b : archive.boards()) {
    // Read before (CheckArchive), so the text parses.
    Result<Board> board = ParseBoard("F: " + b.forehand() + "; M: " + b.middlehand() +
                                     "; R: " + b.rearhand() + "; S: " + b.skat());
    if (board.ok()) boards[b.set_id()][b.number()] = *board;
  }
  return boards;
}

// The direction of `chair` on a board (nullopt: the resting dealer), as LiveTable::DirectionOf.
std::optional<Direction> DirectionOf(const v1::ArchivedTable& table, int chair, int number) {
  const int chairs = table.chairs();
  const int forehand = ForehandChair(number, chairs, table.forehand_chair());
  const int offset = ((chair - forehand) % chairs + chairs) % chairs;
  if (offset >= kDirectionCount) return std::nullopt;
  return static_cast<Direction>(offset);
}

Status ReplayTable(const Profile& profile, const v1::ArchivedTable& table,
                   const std::map<int, Board>& set, const std::vector<const v1::ArchivedAct*>& acts,
                   EngineResults& results) {
  auto fail = [&](const v1::ArchivedAct& act, const std::string& why) {
    return Status::InvalidArgument(
        "event archive: table " + table.id() + " act " + std::to_string(act.board_index()) + "/" +
        std::to_string(act.act_index()) + " \"" + act.act().substr(0, 80) +
        "\" does not replay: " + why + " (docs/event-archive.md \"Validation\")");
  };
  if (table.forehand_chair() < 0 || table.forehand_chair() > table.chairs()) {
    return Status::InvalidArgument("event archive: table " + table.id() + " forehand_chair " +
                                   std::to_string(table.forehand_chair()) +
                                   " is not 0 or a chair (docs/event-archive.md \"Validation\")");
  }
  const int count = table.boards_size();
  std::vector<Game> games = {Game(profile, set.at(table.boards(0)))};
  std::vector<int64_t> last_sequence(table.chairs() + 1, 0);
  for (const v1::ArchivedAct* act : acts) {
    const int index = static_cast<int>(games.size()) - 1;
    const store::LoggedActRecord log{.board_index = act->board_index(),
                                     .act_index = act->act_index(),
                                     .chair = act->chair(),
                                     .sequence = act->sequence(),
                                     .act = act->act(),
                                     .made_by = act->made_by()};
    const ReplayPoint at{.board_index = index,
                         .acts = static_cast<int>(games.back().acts().size()),
                         .finished = games.back().finished() && index + 1 == count,
                         .chairs = table.chairs()};
    Result<Act> parsed = CheckLoggedAct(
        log, at, [&](int chair) { return last_sequence[chair]; },
        [&](int chair) { return DirectionOf(table, chair, table.boards(index)); });
    if (!parsed.ok()) return fail(*act, parsed.status().message());
    if (log.made_by == "seat") last_sequence[log.chair] = log.sequence;
    if (Status s = games.back().Apply(*parsed); !s.ok()) return fail(*act, s.message());
    if (games.back().finished()) {
      if (Status s = SameResult(table, index, games.back(), results); !s.ok()) return s;
    }
    if (games.back().finished() && index + 1 < count) {
      games.emplace_back(profile, set.at(table.boards(index + 1)));
    }
  }
  return Status::Ok();
}

}  // namespace

Status ReplayArchive(const v1::EventArchive& archive) {
  const Profile* profile = FindProfile(archive.event().profile());
  if (profile == nullptr) return Status::InvalidArgument("event archive: unknown profile");
  const BoardsBySet boards = ReadBoards(archive);
  // The acts by table in the file's order (by board index, then act index).
  std::map<std::string, std::vector<const v1::ArchivedAct*>> acts;
  for (const v1::ArchivedAct& act : archive.acts()) acts[act.table_id()].push_back(&act);
  EngineResults results;
  for (const v1::ArchivedResult& r : archive.results()) {
    if (r.entered_by() != "engine") continue;
    if (!results.emplace(std::make_pair(r.table_id(), r.board_index()), &r).second) {
      return Status::InvalidArgument("event archive: result " + std::to_string(r.number()) +
                                     " is a second result entered by the engine for its game" +
                                     kReplayRule);
    }
  }
  for (const v1::ArchivedTable& table : archive.tables()) {
    auto logged = acts.find(table.id());
    if (logged == acts.end()) continue;
    if (table.mode() != "online") {
      return Status::InvalidArgument("event archive: table " + table.id() +
                                     " plays with physical cards but has acts "
                                     "(docs/event-archive.md \"Validation\")");
    }
    Status s = ReplayTable(*profile, table, boards.at(table.set_id()), logged->second, results);
    if (!s.ok()) return s;
  }
  if (!results.empty()) {
    const v1::ArchivedResult& r = *results.begin()->second;
    return Status::InvalidArgument("event archive: result " + std::to_string(r.number()) +
                                   " is entered by the engine but no acts finish its game" +
                                   kReplayRule);
  }
  return Status::Ok();
}

}  // namespace skat::service
