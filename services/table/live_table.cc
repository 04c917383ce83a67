#include "services/table/live_table.h"

#include <algorithm>
#include <utility>

#include "engine/board_set.h"
#include "engine/players/bot.h"
#include "engine/players/play_memory.h"
#include "engine/players/sampling_bot.h"
#include "engine/view.h"
#include "services/common/game_proto.h"
#include "services/common/logged_act.h"
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

int LiveTable::ChairOf(Direction d, int index) const {
  const int chairs = record_.chairs;
  const int forehand = ForehandChair(record_.boards[index], chairs, record_.forehand_chair);
  return (forehand - 1 + static_cast<int>(d)) % chairs + 1;
}

int MoveSeconds(const store::TableRecord& record, const Profile* profile) {
  if (record.physical || record.imported) return 0;
  if (record.move_seconds > 0 || profile == nullptr) return record.move_seconds;
  return profile->move_seconds;
}

int LiveTable::move_seconds() const { return MoveSeconds(record_, profile_); }

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
  out.set_forehand_chair(
      ForehandChair(record_.boards[index], record_.chairs, record_.forehand_chair));
  if (seat && WaitsFor(game, *seat)) {
    for (const Act& act : game.LegalActs(*seat)) {
      if (act.type == ActType::kTimeout) continue;  // the table's clock's act, never a player's
      v1::Act* legal = out.add_legal_acts();
      ToProto(act, legal);
      legal->clear_text();
    }
  }
  out.set_move_seconds(move_seconds());
  if (deadline_ && index == current_index() && !finished()) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline_ - Clock::now());
    out.set_move_ms_left(static_cast<int32_t>(std::max<int64_t>(0, left.count())));
  }
  for (int c : record_.bot_chairs) out.add_bot_chairs(c);
  return out;
}

void LiveTable::RestartClock(Clock::time_point now) {
  deadline_.reset();
  if (record_.physical || finished() || move_seconds() == 0) return;
  deadline_ = now + std::chrono::seconds(move_seconds());
}

bool LiveTable::IsBot(int chair) const {
  return std::find(record_.bot_chairs.begin(), record_.bot_chairs.end(), chair) !=
         record_.bot_chairs.end();
}

void LiveTable::SetBot(int chair, bool bot) {
  if (IsBot(chair) == bot) return;
  auto& chairs = record_.bot_chairs;
  if (bot) {
    chairs.insert(std::upper_bound(chairs.begin(), chairs.end(), chair), chair);
  } else {
    chairs.erase(std::find(chairs.begin(), chairs.end(), chair));
  }
  ++bots_version_;
  ++version_;
}

std::optional<LiveTable::Clock::time_point> LiveTable::NextOwnAct() const {
  if (record_.physical || record_.imported || finished()) return std::nullopt;
  const std::optional<Direction> seat = NextSeat(games_.back());
  if (!seat) return std::nullopt;
  if (IsBot(ChairOf(*seat, current_index()))) return Clock::time_point::min();
  return deadline_;
}

std::optional<LiveTable::Checked> LiveTable::OwnAct(Clock::time_point now) const {
  const std::optional<Clock::time_point> due = NextOwnAct();
  if (!due || *due > now) return std::nullopt;
  const int index = current_index();
  const Game& game = games_.back();
  const Direction seat = *NextSeat(game);
  const int chair = ChairOf(seat, index);
  const bool bot = IsBot(chair);
  std::vector<Act> legal;
  std::optional<Act> timeout;
  for (const Act& act : game.LegalActs(seat)) {
    if (act.type == ActType::kTimeout) {
      timeout = act;
    } else {
      legal.push_back(act);
    }
  }
  // The seed: the table, the board and the act's place, so that a reloaded table repeats it.
  uint64_t seed = 1469598103934665603ull;
  for (const char c :
       record_.id + "/" + std::to_string(index) + "/" + std::to_string(game.acts().size())) {
    seed = (seed ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  }
  Act act;
  const auto pass = std::find_if(legal.begin(), legal.end(),
                                 [](const Act& a) { return a.type == ActType::kPass; });
  if (!bot && game.phase() == Phase::kBidding && pass != legal.end()) {
    act = *pass;  // D72: a seat that does not answer in the bidding passes
  } else if (!bot && timeout && game.phase() == Phase::kPlaying && seat == game.to_move()) {
    act = *timeout;  // D56, D72: the ISS's timeout
  } else {
    act = ChooseSamplingAct(*profile_, skat::ViewOf(game, seat), PlayedCards(game), legal, seed,
                            SamplingOptions{});
  }
  Game after = game;
  if (!after.Apply(act).ok()) return std::nullopt;  // cannot happen: act is one of LegalActs
  Checked checked{.repeat = std::nullopt,
                  .log = {.board_index = index,
                          .act_index = static_cast<int>(after.acts().size()) - 1,
                          .chair = chair,
                          .sequence = 0,
                          .act = ActLine(act),
                          .made_by = bot ? "bot" : "clock"},
                  .result = std::nullopt,
                  .after = std::move(after)};
  if (checked.after.finished()) checked.result = OnlineResult(record_, index, checked.after);
  return checked;
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
  const ReplayPoint at{.board_index = current_index(),
                       .acts = static_cast<int>(games_.back().acts().size()),
                       .finished = finished(),
                       .chairs = record_.chairs};
  Result<Act> act = CheckLoggedAct(
      log, at, [this](int chair) { return last_sequence(chair); },
      [&](int chair) { return DirectionOf(chair, log.board_index); });
  if (!act.ok()) return fail(act.status().message());
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
  if (log.made_by == "seat") responses_[log.chair - 1].emplace(log.sequence, response);
  return response;
}

}  // namespace skat::service
