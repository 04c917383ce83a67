// The bidding state machine (RULES B1-B4). Middlehand bids to forehand, forehand holds or passes;
// then rearhand bids to the survivor. If nobody bid, forehand alone may bid or pass; if he passes
// too, all have passed (Ramsch, RULES B3 / N10, or passed in where the profile has no Ramsch).
#ifndef SKAT_ENGINE_BIDDING_H_
#define SKAT_ENGINE_BIDDING_H_

#include <optional>

#include "engine/board.h"
#include "engine/profile.h"
#include "engine/status.h"

namespace skat {

class Bidding {
 public:
  explicit Bidding(const Profile& profile) : profile_(&profile) {}

  bool finished() const { return stage_ == Stage::kDone; }
  // Who must act. REQUIRES: !finished().
  Direction to_act() const { return to_act_; }
  // The highest bid so far (0 before any bid).
  int current_bid() const { return bid_; }
  // Whether the seat to act may hold (it is the listener and a bid stands) or must bid.
  bool to_act_may_hold() const { return stage_ != Stage::kForehandAlone && to_act_ == listener_; }
  bool to_act_may_bid() const { return !to_act_may_hold(); }

  // Validated acts; on error nothing changes.
  Status Bid(Direction seat, int value);
  Status Hold(Direction seat);
  Status Pass(Direction seat);

  // After finished(): the declarer, or nullopt when all passed.
  std::optional<Direction> declarer() const { return declarer_; }
  // After finished() with a declarer: the contract floor (RULES B4).
  int floor() const { return bid_; }

 private:
  enum class Stage : uint8_t { kMiddleToFore, kRearToSurvivor, kForehandAlone, kDone };
  Status CheckTurn(Direction seat, const char* act) const;
  void EndDuel(Direction survivor);

  const Profile* profile_;
  Stage stage_ = Stage::kMiddleToFore;
  Direction bidder_ = Direction::kMiddlehand;
  Direction listener_ = Direction::kForehand;
  Direction to_act_ = Direction::kMiddlehand;
  int bid_ = 0;
  std::optional<Direction> declarer_;
};

}  // namespace skat

#endif  // SKAT_ENGINE_BIDDING_H_
