#include "services/table/live_table.h"

#include <utility>

#include "engine/board_set.h"
#include "engine/view.h"
#include "services/common/game_proto.h"
#include "services/common/names.h"
#include "services/common/online_result.h"

namespace skat::service {

LiveTable::LiveTable(const Profile& profile, store::TableRecord record, std::vector<Board> boards)
    : profile_(&profile),
      record_(std::move(record)),
      boards_(std::move(boards)),
      responses_(record_.chairs) {
  games_.emplace_back(*profile_, boards_.front());
}

std::optional<Direction> LiveTable::DirectionOf(int chair, int index) const {
  const int chairs = record_.chairs;
  const int forehand = ForehandChair(record_.boards[index], chairs, record_.forehand_chair);
  const int offset = ((chair - forehand) % chairs + chairs) % chairs;
  if (offset >= kDirectionCount) return std::nullopt;
  return static_cast<Direction>(offset);
}

v1::SeatView LiveTable::ViewOf(int chair, int index) const {
  const Game& game = games_[index];
  const std::optional<Direction> seat = DirectionOf(chair, index);
  v1::SeatView out;
  ToProto(seat ? skat::ViewOf(game, *seat) : PublicViewOf(game), &out);
  out.set_table(TableResourceName(record_.event_id, record_.id));
  out.set_board_number(record_.boards[index]);
  out.set_board_index(index);
  out.set_act_count(static_cast<int>(game.acts().size()));
  out.set_chair(chair);
  if (seat && WaitsFor(game, *seat)) {
    for (const Act& act : game.LegalActs(*seat)) {
      if (act.type == ActType::kTimeout) continue;  // the table's clock's act, never a player's
      v1::Act* legal = out.add_legal_acts();
      ToProto(act, legal);
      legal->clear_text();
    }
  }
  return out;
}

int64_t LiveTable::last_sequence(int chair) const {
  const auto& sent = responses_[chair - 1];
  return sent.empty() ? 0 : sent.rbegin()->first;
}

Result<LiveTable::Checked> LiveTable::Check(int chair, int64_t sequence, const v1::Act& act,
                                            int board_guard) const {
  if (sequence < 1) {
    return Status::InvalidArgument("sequence " + std::to_string(sequence) +
                                   " is not a sequence number (>= 1)");
  }
  const std::string chair_name = "chair " + std::to_string(chair);
  const auto& sent = responses_[chair - 1];
  if (auto it = sent.find(sequence); it != sent.end()) {
    // A repeat: the same act gets its original response; another act is refused.
    const v1::ActResponse& original = it->second;
    const int index = original.board_index();
    const std::optional<Direction> seat = DirectionOf(chair, index);
    Result<Act> repeated = FromProto(act, seat.value_or(Direction::kForehand));
    const Act& accepted = games_[index].acts()[original.act_index()];
    if (!repeated.ok() || !(*repeated == accepted)) {
      return Status(ErrorCode::kSequenceReused, chair_name + ": sequence " +
                                                    std::to_string(sequence) + " was used for \"" +
                                                    ActLine(accepted) + "\", not for this act");
    }
    return Checked{.repeat = original, .log = {}, .result = {}, .after = games_[index]};
  }
  if (sequence <= last_sequence(chair)) {
    return Status(ErrorCode::kSequenceReused, chair_name + ": sequence " +
                                                  std::to_string(sequence) +
                                                  " is not above the last accepted one, " +
                                                  std::to_string(last_sequence(chair)));
  }
  if (record_.physical) {
    return Status::NotAllowed("table " + record_.id +
                              " plays with physical cards: enter results instead");
  }
  if (finished()) {
    return Status::NotAllowed("table " + record_.id + " has finished its " +
                              std::to_string(boards_.size()) + " boards");
  }
  const int index = current_index();
  if (board_guard != 0 && board_guard != record_.boards[index]) {
    return Status::NotAllowed("board " + std::to_string(board_guard) + " is not in play at table " +
                              record_.id + "; board " + std::to_string(record_.boards[index]) +
                              " is");
  }
  const std::optional<Direction> seat = DirectionOf(chair, index);
  if (!seat) {
    return Status(ErrorCode::kOutOfTurn, chair_name + " is the resting dealer of board " +
                                             std::to_string(record_.boards[index]) +
                                             " and takes no part in it (RULES C3)");
  }
  Result<Act> engine_act = FromProto(act, *seat);
  if (!engine_act.ok()) return engine_act.status();
  if (engine_act->type == ActType::kTimeout) {
    // D56: a timeout is recorded by the clock that ran out (the ISS records replayed by
    // skat import-iss), never claimed by a player over the wire.
    return Status::NotAllowed(chair_name +
                              ": timeout is the table clock's act, not a player's (D56)");
  }
  Game after = games_[index];
  if (Status status = after.Apply(*engine_act); !status.ok()) return status;
  Checked checked{.repeat = std::nullopt,
                  .log = {.board_index = index,
                          .act_index = static_cast<int>(after.acts().size()) - 1,
                          .chair = chair,
                          .sequence = sequence,
                          .act = ActLine(*engine_act)},
                  .result = std::nullopt,
                  .after = std::move(after)};
  if (checked.after.finished()) checked.result = OnlineResult(record_, index, checked.after);
  return checked;
}

v1::ActResponse LiveTable::Accept(Checked checked) {
  const store::LoggedActRecord log = checked.log;
  const Act act = checked.after.acts().back();
  const bool game_finished = checked.after.finished();
  Advance(std::move(checked.after));
  return Respond(log, act, game_finished);
}

Status LiveTable::Replay(const store::LoggedActRecord& log) {
  auto fail = [&](const std::string& why) {
    return Status::Internal("table " + record_.id + ": logged act " +
                            std::to_string(log.board_index) + "/" + std::to_string(log.act_index) +
                            " \"" + log.act + "\" does not replay: " + why);
  };
  if (finished() || log.board_index != current_index() ||
      log.act_index != static_cast<int>(games_.back().acts().size()) || log.chair < 1 ||
      log.chair > record_.chairs || log.sequence <= last_sequence(log.chair)) {
    return fail("out of order");
  }
  Result<Act> act = ParseActLine(log.act);
  if (!act.ok()) return fail(act.status().message());
  if (DirectionOf(log.chair, log.board_index) != act->seat) return fail("chair and seat differ");
  Game after = games_.back();
  if (Status status = after.Apply(*act); !status.ok()) return fail(status.message());
  const bool game_finished = after.finished();
  Advance(std::move(after));
  Respond(log, *act, game_finished);
  return Status::Ok();
}

void LiveTable::Advance(Game after) {
  games_.back() = std::move(after);
  if (games_.back().finished() && games_.size() < boards_.size()) {
    games_.emplace_back(*profile_, boards_[games_.size()]);
  }
  ++version_;
}

v1::ActResponse LiveTable::Respond(const store::LoggedActRecord& log, const Act& act,
                                   bool game_finished) {
  v1::ActResponse response;
  response.set_sequence(log.sequence);
  response.set_board_number(record_.boards[log.board_index]);
  response.set_board_index(log.board_index);
  response.set_act_index(log.act_index);
  ToProto(act, response.mutable_act());
  response.set_game_finished(game_finished);
  response.set_table_finished(game_finished && log.board_index + 1 == board_count());
  responses_[log.chair - 1].emplace(log.sequence, response);
  return response;
}

}  // namespace skat::service
