// One table's play in memory (docs/tables.md): its boards, one Game per board reached so far, and
// every chair's accepted sequence numbers with the response each got. It is rebuilt from the act
// log (Replay) and changes only through Accept, which the service calls after the store committed
// the act. No I/O; not thread-safe (the table service holds the table's mutex around every use).
//
// Chairs and directions (docs/comparative.md "Directions and chairs"): on board b the chair
// ForehandChair(b, chairs, record.forehand_chair) is forehand and the next chairs clockwise are
// middlehand and rearhand; at a 4-chair table the remaining chair is the resting dealer (RULES C3),
// who sees only the public view.
#ifndef SKAT_SERVICES_TABLE_LIVE_TABLE_H_
#define SKAT_SERVICES_TABLE_LIVE_TABLE_H_

#include <chrono>
#include <map>
#include <optional>
#include <vector>

#include "engine/game.h"
#include "engine/profile.h"
#include "services/store/records.h"
#include "skat/v1/table_service.pb.h"

namespace skat::service {

// The table's move clock in seconds per decision (D72): its own, else the profile's (none without
// a profile); 0 for a physical or imported table.
int MoveSeconds(const store::TableRecord& record, const Profile* profile);

class LiveTable {
 public:
  // REQUIRES: boards[i] is the board numbered record.boards[i]; profile outlives the table.
  LiveTable(const Profile& profile, store::TableRecord record, std::vector<Board> boards);

  const store::TableRecord& record() const { return record_; }
  // 0-based place of the board in play; boards().size() when the table is finished.
  int current_index() const { return static_cast<int>(games_.size()) - (finished() ? 0 : 1); }
  bool finished() const { return games_.back().finished() && games_.size() == boards_.size(); }
  int board_count() const { return static_cast<int>(boards_.size()); }
  // The game of the board at `index`. REQUIRES: index <= current_index(), index < board_count().
  const Game& game(int index) const { return games_[index]; }
  // Bumped by every accepted act and every change of the bot chairs; streams wait for it to
  // change.
  uint64_t version() const { return version_; }
  // Bumped by every change of the bot chairs.
  uint64_t bots_version() const { return bots_version_; }
  // The move clock in seconds per decision: the table's own, else the profile's; 0: none (D72).
  int move_seconds() const;

  // The chair's direction on the board at `index`; unset for the resting dealer.
  std::optional<Direction> DirectionOf(int chair, int index) const;
  // The chair's view of the board at `index` (RULES T5; engine ViewOf / PublicViewOf), with the
  // table, board, chair and the chair's legal acts filled in.
  v1::SeatView ViewOf(int chair, int index) const;
  // The last sequence number accepted from the chair (0: none).
  int64_t last_sequence(int chair) const;

  // What Check decided for an act.
  struct Checked {
    // Set for a repeat of an accepted sequence number: the original response, to send again.
    std::optional<v1::ActResponse> repeat;
    // Otherwise the act to commit: its log row and, when it ends the game, the game's result.
    store::LoggedActRecord log;
    std::optional<store::ResultRecord> result;
    Game after;  // the game with the act applied
  };
  // Checks an act from `chair` without changing the table. Errors: the engine's (out of turn,
  // illegal card, ..., naming the rule); kSequenceReused for an accepted sequence number sent
  // with another act or a number not above the chair's last one; kNotAllowed when the table is
  // finished or plays with physical cards, when the chair rests, or when board_guard (if not 0)
  // is not the board in play; kInvalidArgument for a malformed act.
  Result<Checked> Check(int chair, int64_t sequence, const v1::Act& act, int board_guard) const;
  // Applies a checked act the store has committed; returns the response to send.
  v1::ActResponse Accept(Checked checked);
  // Replays a logged act while loading. kInternal when the log does not replay (names the act).
  Status Replay(const store::LoggedActRecord& act);

  // The move clock and the bots (docs/tables.md "Move clock and bots", D72). The table acts for
  // the chair the game waits for (engine NextSeat) when a bot plays that chair, at once, or when
  // the clock ran out: in the bidding it passes; in the card play of a profile with the ISS's
  // timeout it records the timeout (D56); otherwise it makes the sampling player's act (engine
  // ChooseSamplingAct, remembering the game's card play) for the seat.
  using Clock = std::chrono::steady_clock;
  // Restarts the clock for the decision the game waits for now (after every accepted act, and
  // when the table is loaded).
  void RestartClock(Clock::time_point now);
  // When the table's next own act falls due (now for a bot's); nullopt when none is pending.
  std::optional<Clock::time_point> NextOwnAct() const;
  // The act due at `now`, checked as Check does and logged as made by "bot" or "clock" with
  // sequence 0; nullopt when none is due.
  std::optional<Checked> OwnAct(Clock::time_point now) const;
  // Whether a bot plays the chair; SetBot changes it (after the store did).
  bool IsBot(int chair) const;
  void SetBot(int chair, bool bot);

 private:
  v1::ActResponse Respond(const store::LoggedActRecord& log, const Act& act, bool game_finished);
  // The chair sitting in direction `d` on the board at `index`.
  int ChairOf(Direction d, int index) const;
  // Replaces the game in play by `after`; a finished game opens the next board.
  void Advance(Game after);

  const Profile* profile_;
  store::TableRecord record_;
  std::vector<Board> boards_;
  std::vector<Game> games_;  // boards reached so far; the last is in play unless finished()
  // By chair (index chair - 1): sequence number -> the response sent for it.
  std::vector<std::map<int64_t, v1::ActResponse>> responses_;
  uint64_t version_ = 0;
  uint64_t bots_version_ = 0;
  std::optional<Clock::time_point> deadline_;  // the clock's; unset without a clock
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_LIVE_TABLE_H_
