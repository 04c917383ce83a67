// The bidding state machine under nasl-1909 (RULES B1-B4), and the bound on any-integer bids.
#include "engine/bidding.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/profile.h"

namespace skat {
namespace bidding_test {

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

class BiddingTest : public ::testing::Test {
 protected:
  // An act that must be refused with this code; Snap() checks that the state did not change
  // (RULES P1).
  void ExpectRefused(Status status, ErrorCode code) { EXPECT_EQ(status.code(), code); }
  struct Snapshot {
    bool finished;
    Direction to_act;
    int bid;
    bool may_hold;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
  };
  Snapshot Snap() const {
    return {b.finished(), b.finished() ? kF : b.to_act(), b.current_bid(),
            b.finished() ? false : b.to_act_may_hold()};
  }

  Bidding b{Nasl1909()};
};

TEST_F(BiddingTest, StartsWithMiddlehandBiddingToForehand) {
  EXPECT_FALSE(b.finished());
  EXPECT_EQ(b.to_act(), kM);
  EXPECT_EQ(b.current_bid(), 0);
  EXPECT_TRUE(b.to_act_may_bid());
  EXPECT_FALSE(b.to_act_may_hold());
}

// RULES B1: middlehand bids, forehand holds, middlehand passes; rearhand passes: forehand is the
// declarer at the bid (B4).
TEST_F(BiddingTest, ForehandHoldsMiddlehandPassesForehandDeclaresAtTheBid) {
  ASSERT_TRUE(b.Bid(kM, 18).ok());
  EXPECT_EQ(b.to_act(), kF);
  EXPECT_TRUE(b.to_act_may_hold());
  ASSERT_TRUE(b.Hold(kF).ok());
  EXPECT_EQ(b.to_act(), kM);  // ties go to the earlier seat: middlehand must go higher or pass
  EXPECT_TRUE(b.to_act_may_bid());
  ASSERT_TRUE(b.Pass(kM).ok());
  EXPECT_EQ(b.to_act(), kR);  // rearhand bids to the survivor
  EXPECT_TRUE(b.to_act_may_bid());
  ASSERT_TRUE(b.Pass(kR).ok());
  ASSERT_TRUE(b.finished());
  EXPECT_EQ(b.declarer(), kF);
  EXPECT_EQ(b.floor(), 18);
}

// RULES B1: after the first duel rearhand bids to the survivor.
TEST_F(BiddingTest, RearhandBidsToTheSurvivorAndWins) {
  ASSERT_TRUE(b.Bid(kM, 18).ok());
  ASSERT_TRUE(b.Hold(kF).ok());
  ASSERT_TRUE(b.Pass(kM).ok());
  ASSERT_TRUE(b.Bid(kR, 20).ok());
  EXPECT_EQ(b.to_act(), kF);
  EXPECT_EQ(b.current_bid(), 20);
  ASSERT_TRUE(b.Pass(kF).ok());
  ASSERT_TRUE(b.finished());
  EXPECT_EQ(b.declarer(), kR);
  EXPECT_EQ(b.floor(), 20);
}

TEST_F(BiddingTest, SurvivorHoldsRearhandsBid) {
  ASSERT_TRUE(b.Bid(kM, 18).ok());
  ASSERT_TRUE(b.Pass(kF).ok());  // middlehand survives
  EXPECT_EQ(b.to_act(), kR);
  ASSERT_TRUE(b.Bid(kR, 20).ok());
  EXPECT_EQ(b.to_act(), kM);
  ASSERT_TRUE(b.Hold(kM).ok());
  ASSERT_TRUE(b.Bid(kR, 22).ok());
  ASSERT_TRUE(b.Hold(kM).ok());
  ASSERT_TRUE(b.Pass(kR).ok());
  ASSERT_TRUE(b.finished());
  EXPECT_EQ(b.declarer(), kM);
  EXPECT_EQ(b.floor(), 22);  // RULES B4: the highest number he held
}

// RULES B3: all three pass: no declarer (Ramsch, N10).
TEST_F(BiddingTest, AllPassLeavesNoDeclarer) {
  ASSERT_TRUE(b.Pass(kM).ok());
  EXPECT_EQ(b.to_act(), kR);
  ASSERT_TRUE(b.Pass(kR).ok());
  EXPECT_EQ(b.to_act(), kF);
  ASSERT_TRUE(b.Pass(kF).ok());
  ASSERT_TRUE(b.finished());
  EXPECT_FALSE(b.declarer().has_value());
}

// RULES B3: middlehand and rearhand pass without a bid; forehand alone may bid (floor = his bid,
// here the profile's smallest, 10) and is the declarer.
TEST_F(BiddingTest, ForehandAloneMayBidTheSmallestValue) {
  ASSERT_TRUE(b.Pass(kM).ok());
  ASSERT_TRUE(b.Pass(kR).ok());
  ASSERT_FALSE(b.finished());
  EXPECT_EQ(b.to_act(), kF);
  EXPECT_TRUE(b.to_act_may_bid());
  EXPECT_FALSE(b.to_act_may_hold());
  ExpectRefused(b.Hold(kF), ErrorCode::kIllegalBid);
  ASSERT_TRUE(b.Bid(kF, Nasl1909().smallest_bid()).ok());
  ASSERT_TRUE(b.finished());
  EXPECT_EQ(b.declarer(), kF);
  EXPECT_EQ(b.floor(), 10);
}

TEST_F(BiddingTest, ForehandAloneMayBidHigher) {
  ASSERT_TRUE(b.Pass(kM).ok());
  ASSERT_TRUE(b.Pass(kR).ok());
  ExpectRefused(b.Bid(kF, 17), ErrorCode::kIllegalBid);
  ASSERT_TRUE(b.Bid(kF, 24).ok());
  EXPECT_EQ(b.declarer(), kF);
  EXPECT_EQ(b.floor(), 24);
}

// Middlehand passes, rearhand bids to forehand.
TEST_F(BiddingTest, RearhandBidsToForehandAfterMiddlehandPasses) {
  ASSERT_TRUE(b.Pass(kM).ok());
  ASSERT_TRUE(b.Bid(kR, 18).ok());
  EXPECT_EQ(b.to_act(), kF);
  ASSERT_TRUE(b.Hold(kF).ok());
  ASSERT_TRUE(b.Pass(kR).ok());
  EXPECT_EQ(b.declarer(), kF);
  EXPECT_EQ(b.floor(), 18);
}

TEST_F(BiddingTest, OutOfTurnIsRefused) {
  const Snapshot before = Snap();
  ExpectRefused(b.Bid(kF, 18), ErrorCode::kOutOfTurn);
  ExpectRefused(b.Bid(kR, 18), ErrorCode::kOutOfTurn);
  ExpectRefused(b.Pass(kR), ErrorCode::kOutOfTurn);
  ExpectRefused(b.Hold(kF), ErrorCode::kOutOfTurn);
  EXPECT_EQ(Snap(), before);
  ASSERT_TRUE(b.Bid(kM, 18).ok());
  const Snapshot after_bid = Snap();
  ExpectRefused(b.Hold(kM), ErrorCode::kOutOfTurn);
  ExpectRefused(b.Pass(kR), ErrorCode::kOutOfTurn);
  EXPECT_EQ(Snap(), after_bid);
}

// RULES B2: 17 is no value any nasl-1909 game can be won at.
TEST_F(BiddingTest, BidOfAnUnreachableValueIsIllegal) {
  for (int value : {17, 11, 0, -18, 217, 1000}) {
    const Snapshot before = Snap();
    ExpectRefused(b.Bid(kM, value), ErrorCode::kIllegalBid);
    EXPECT_EQ(Snap(), before) << value;
  }
}

// RULES B2 under eichhorn-1898: any positive integer, bounded by kMaxAnyPositiveBid (the
// act fuzzer bid 2^31 - 1, and the next bid LegalActs lists overflowed). At the bound only
// passing (or holding) is left.
TEST(AnyPositiveBidTest, BidsAreBoundedAndTheBoundEndsTheListedBids) {
  Bidding any{Eichhorn1898()};
  for (int value : {0, -1, kMaxAnyPositiveBid + 1, 2147483647, -2147483647 - 1}) {
    EXPECT_EQ(any.Bid(kM, value).code(), ErrorCode::kIllegalBid) << value;
    EXPECT_EQ(any.current_bid(), 0) << value;
  }
  const Status refused = any.Bid(kM, 2147483647);
  EXPECT_NE(refused.message().find("from 1 to 9999"), std::string::npos) << refused.message();

  Game game(Eichhorn1898(), UnrankBoard(1234567890123ull));
  ASSERT_TRUE(game.Apply(Act::Bid(kM, kMaxAnyPositiveBid)).ok());
  ASSERT_TRUE(game.Apply(Act::Simple(ActType::kPass, kF)).ok());
  // Rearhand may bid only above 9999: nothing is listed but passing.
  const std::vector<Act> legal = game.LegalActs();
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(legal[0], Act::Simple(ActType::kPass, kR));
  EXPECT_EQ(game.Apply(Act::Bid(kR, kMaxAnyPositiveBid + 1)).code(), ErrorCode::kIllegalBid);
}

// RULES B1: a bid must be above the current bid.
TEST_F(BiddingTest, BidNotAboveTheCurrentBidIsIllegal) {
  ASSERT_TRUE(b.Bid(kM, 20).ok());
  ASSERT_TRUE(b.Hold(kF).ok());
  const Snapshot before = Snap();
  ExpectRefused(b.Bid(kM, 20), ErrorCode::kIllegalBid);
  ExpectRefused(b.Bid(kM, 18), ErrorCode::kIllegalBid);
  EXPECT_EQ(Snap(), before);
  EXPECT_EQ(b.to_act(), kM);
  EXPECT_EQ(b.current_bid(), 20);
  ASSERT_TRUE(b.Pass(kM).ok());
  ExpectRefused(b.Bid(kR, 20), ErrorCode::kIllegalBid);  // the rearhand duel starts at 20
  ASSERT_TRUE(b.Bid(kR, 22).ok());
}

// RULES B1: the seat to answer holds or passes; the seat to bid has nothing to hold.
TEST_F(BiddingTest, HoldWithoutABidAndBidInsteadOfAnsweringAreIllegal) {
  Snapshot before = Snap();
  ExpectRefused(b.Hold(kM), ErrorCode::kIllegalBid);
  EXPECT_EQ(Snap(), before);
  ASSERT_TRUE(b.Bid(kM, 18).ok());
  before = Snap();
  ExpectRefused(b.Bid(kF, 20), ErrorCode::kIllegalBid);  // forehand may only hold or pass
  EXPECT_EQ(Snap(), before);
  EXPECT_EQ(b.to_act(), kF);
  EXPECT_EQ(b.current_bid(), 18);
}

TEST_F(BiddingTest, ActsAfterTheEndAreWrongPhase) {
  ASSERT_TRUE(b.Pass(kM).ok());
  ASSERT_TRUE(b.Pass(kR).ok());
  ASSERT_TRUE(b.Pass(kF).ok());
  ExpectRefused(b.Bid(kM, 18), ErrorCode::kWrongPhase);
  ExpectRefused(b.Pass(kF), ErrorCode::kWrongPhase);
  ExpectRefused(b.Hold(kF), ErrorCode::kWrongPhase);
  EXPECT_TRUE(b.finished());
  EXPECT_FALSE(b.declarer().has_value());
}

}  // namespace bidding_test
}  // namespace skat
