// The seeds' worked examples played as complete games through the validated API (nasl-1909).
#include <gtest/gtest.h>

#include "engine/game.h"
#include "tests/engine/game_test_util.h"

namespace skat::game_test {
namespace worked_games_test {

// seed002 §7.5 "Schwartzberger's Grand-Ouvert": the four jacks, ♥ A 10 K Q, ♠ A and ♦ A. Played
// from forehand it takes every trick: Grand Ouvert with 4 = 24 × (4 + 5) = 216 (§8 V4; RULES N3).
TEST(WorkedGameTest, SchwartzbergersGrandOuvertTakesAllTenTricksFor216) {
  constexpr const char* kBoard =
      "F: C-J S-J H-J D-J H-A H-10 H-K H-Q S-A D-A; M: C-A C-10 C-K C-Q C-9 C-8 C-7 S-10 S-K S-Q;"
      " R: S-9 S-8 S-7 H-9 H-8 H-7 D-10 D-K D-Q D-9; S: D-8 D-7";
  Game g = Declared(kBoard, kF, Hand(GameType::kGrand, /*ouvert=*/true), /*floor=*/18);
  for (Direction d : kDirections) EXPECT_EQ(ViewOf(g, d).exposed[Index(kF)], g.hand(kF));
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.matadors, (Matadors{4, true}));
  EXPECT_EQ(r.tricks[Index(kF)], 10);
  EXPECT_EQ(r.valuation.level, 5);
  EXPECT_EQ(r.pad, (std::array<int, 3>{216, 0, 0}));
}

// seed002 §8 V5, the Tromnow anecdote (@29937): "Schwartz on a Guckser against four. 224 points
// lost": without 4, lost schwarz, unit 32 = 32 × (4 + 3) (RULES N1, N5, N7). Middlehand's cards
// are the twelve lowest, so he can take no trick however anyone plays.
TEST(WorkedGameTest, TromnowsGuckserAgainstFourLostSchwarzIs224) {
  constexpr const char* kBoard =
      "F: C-J S-J C-A C-10 C-K C-Q S-A S-10 S-K S-Q; M: C-9 C-8 C-7 S-9 S-8 S-7 H-9 H-8 H-7 D-7;"
      " R: H-J D-J H-A H-10 H-K H-Q D-A D-10 D-K D-Q; S: D-8 D-9";
  Game g = Bid(kBoard, kM, /*floor=*/10);
  Must(g, Act::Simple(ActType::kGuckser, kM));
  Must(g, Act::Discard(kM, C("D-8"), C("D-9")));
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.declaration.handling, SkatHandling::kGuckser);
  EXPECT_EQ(r.matadors, (Matadors{4, false}));
  EXPECT_EQ(r.tricks[Index(kM)], 0);
  EXPECT_FALSE(r.valuation.won);
  EXPECT_EQ(r.valuation.level, 3);
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, -224, 0}));
}

}  // namespace worked_games_test
}  // namespace skat::game_test
