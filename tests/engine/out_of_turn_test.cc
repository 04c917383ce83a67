// Out-of-turn acts are refused with a message that names the seat to act and the rule that makes
// it his turn, as every other refusal names its rule: B1 in the bidding, B4 for the declarer's
// skat and declaration, T1 in the card play.
#include <gtest/gtest.h>

#include <string>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "tests/engine/game_test_util.h"

namespace skat::game_test {
namespace out_of_turn_test {

// The refusal's message, after checking its code.
std::string OutOfTurn(Game& g, const Act& a) {
  const Status s = g.Apply(a);
  EXPECT_EQ(s.code(), ErrorCode::kOutOfTurn) << ToString(a) << ": " << s.ToString();
  return s.message();
}

// RULES T1: forehand leads to trick 1; the winner of a trick leads the next.
TEST(OutOfTurnTest, CardPlayCitesT1) {
  Game g = Declared(kTricks, kM, Hand(GameType::kHearts));
  std::string m = OutOfTurn(g, Act::Play(kM, C("H-A")));
  EXPECT_NE(m.find("forehand is to act now (RULES T1)"), std::string::npos) << m;
  Play(g, kF, "D-A");
  Play(g, kM, "D-Q");
  Play(g, kR, "D-7");  // forehand wins trick 1 and leads trick 2
  m = OutOfTurn(g, Act::Play(kM, C("H-A")));
  EXPECT_NE(m.find("forehand is to act now (RULES T1)"), std::string::npos) << m;
}

// RULES B4: whoever wins the bidding handles the skat and declares.
TEST(OutOfTurnTest, SkatAndDeclarationCiteB4) {
  Game g = Bid(kSolo, kF, 18);
  std::string m = OutOfTurn(g, Act::Simple(ActType::kTurnSkatCard, kM));
  EXPECT_NE(m.find("forehand is to act now (RULES B4)"), std::string::npos) << m;
  m = OutOfTurn(g, Act::Declare(kR, Hand(GameType::kGrand)));
  EXPECT_NE(m.find("(RULES B4)"), std::string::npos) << m;
}

// RULES B1: middlehand bids first.
TEST(OutOfTurnTest, BiddingCitesB1) {
  Game g(Nasl1909(), ParseBoard(kSolo).value());
  const std::string m = OutOfTurn(g, Act::Bid(kF, 18));
  EXPECT_NE(m.find("(RULES B1)"), std::string::npos) << m;
}

// Every legal act of 200 random games, made by each other seat instead: whenever the engine
// answers kOutOfTurn, its message names a rule.
TEST(OutOfTurnTest, EveryOutOfTurnRefusalNamesItsRule) {
  Rng rng(1909);
  int refusals = 0;
  for (int game = 0; game < 200; ++game) {
    Game g(Nasl1909(), RandomBoard(rng));
    while (!g.finished()) {
      for (const Act& legal : g.LegalActs()) {
        for (Direction other : kDirections) {
          if (other == legal.seat) continue;
          Act moved = legal;
          moved.seat = other;
          Game copy = g;
          const Status s = copy.Apply(moved);
          if (s.code() != ErrorCode::kOutOfTurn) continue;
          ++refusals;
          EXPECT_NE(s.message().find("(RULES "), std::string::npos) << s.message();
        }
      }
      Must(g, RandomAct(g, rng));
    }
  }
  EXPECT_GT(refusals, 1000);
}

}  // namespace out_of_turn_test
}  // namespace skat::game_test
