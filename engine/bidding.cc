#include "engine/bidding.h"

#include <string>

namespace skat {

Status Bidding::CheckTurn(Direction seat, const char* act) const {
  if (finished()) {
    return Status(ErrorCode::kWrongPhase, std::string(act) + " by " +
                                              std::string(DirectionName(seat)) +
                                              ": the bidding is over (RULES B1)");
  }
  if (seat != to_act_) {
    return Status(ErrorCode::kOutOfTurn,
                  std::string(act) + " by " + std::string(DirectionName(seat)) + ": " +
                      std::string(DirectionName(to_act_)) + " is to speak (RULES B1)");
  }
  return Status::Ok();
}

Status Bidding::Bid(Direction seat, int value) {
  if (Status s = CheckTurn(seat, "bid"); !s.ok()) return s;
  const std::string who(DirectionName(seat));
  if (!to_act_may_bid()) {
    return Status(ErrorCode::kIllegalBid, who + " answers a bid of " + std::to_string(bid_) +
                                              " and may only hold or pass (RULES B1)");
  }
  if (!profile_->IsLegalBid(value)) {
    if (profile_->any_positive_bid) {
      return Status(ErrorCode::kIllegalBid, "bid " + std::to_string(value) +
                                                " is not a whole number from 1 to " +
                                                std::to_string(kMaxAnyPositiveBid) + " (" +
                                                std::string(profile_->id) + ", RULES B2)");
    }
    return Status(ErrorCode::kIllegalBid, "bid " + std::to_string(value) +
                                              " is not a value any game can reach under " +
                                              std::string(profile_->id) + " (RULES B2)");
  }
  if (value <= bid_) {
    return Status(ErrorCode::kIllegalBid, "bid " + std::to_string(value) + " by " + who +
                                              " is not above the current bid " +
                                              std::to_string(bid_) + " (RULES B1)");
  }
  bid_ = value;
  if (stage_ == Stage::kForehandAlone) {
    // RULES B3: forehand declares after the others passed without a bid.
    declarer_ = Direction::kForehand;
    stage_ = Stage::kDone;
    return Status::Ok();
  }
  to_act_ = listener_;
  return Status::Ok();
}

Status Bidding::Hold(Direction seat) {
  if (Status s = CheckTurn(seat, "hold"); !s.ok()) return s;
  if (!to_act_may_hold()) {
    return Status(ErrorCode::kIllegalBid, std::string(DirectionName(seat)) +
                                              " has no bid to hold and must bid or pass "
                                              "(RULES B1)");
  }
  // RULES B1: holding at an equal number wins; the bidder must go higher or pass.
  to_act_ = bidder_;
  return Status::Ok();
}

void Bidding::EndDuel(Direction survivor) {
  if (stage_ == Stage::kMiddleToFore) {
    stage_ = Stage::kRearToSurvivor;
    bidder_ = Direction::kRearhand;
    listener_ = survivor;
    to_act_ = Direction::kRearhand;
    return;
  }
  if (bid_ > 0) {
    declarer_ = survivor;  // RULES B4: whoever wins the bidding must play
    stage_ = Stage::kDone;
    return;
  }
  // RULES B3: nobody bid; forehand may declare any game or pass.
  stage_ = Stage::kForehandAlone;
  to_act_ = Direction::kForehand;
}

Status Bidding::Pass(Direction seat) {
  if (Status s = CheckTurn(seat, "pass"); !s.ok()) return s;
  if (stage_ == Stage::kForehandAlone) {
    stage_ = Stage::kDone;  // all passed: RULES B3
    return Status::Ok();
  }
  EndDuel(seat == bidder_ ? listener_ : bidder_);
  return Status::Ok();
}

}  // namespace skat
