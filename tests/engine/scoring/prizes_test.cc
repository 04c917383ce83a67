// The 1909 prize list (docs/comparative.md "Congress prizes"; the 1909 booklet's Section XII;
// docs/rules-decisions.md D41, D42).
#include "engine/scoring/prizes.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace prizes_test {

using testing::At;
using testing::Game;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;
constexpr Declaration kHeartsSolo{SkatHandling::kHand, GameType::kHearts};
constexpr Declaration kClubsSolo{SkatHandling::kHand, GameType::kClubs};
constexpr Declaration kGrandSolo{SkatHandling::kHand, GameType::kGrand};
constexpr Declaration kSpadesTournee{SkatHandling::kTournee, GameType::kSpades};
constexpr Declaration kPasstMirNicht{SkatHandling::kPasstMirNicht, GameType::kHearts};
constexpr Declaration kGuckser{SkatHandling::kGuckser, GameType::kGrand};

// One table of players a, b, c; each game names its declarer's direction.
std::vector<TableResult> Sitting(const std::vector<GameResult>& games) {
  std::vector<TableResult> out;
  for (size_t i = 0; i < games.size(); ++i) {
    out.push_back(At(static_cast<int>(i) + 1, "T", games[i], {"a", "b", "c"}));
  }
  return out;
}

const Prize& PrizeOf(const std::vector<Prize>& list, int sitting, int place) {
  for (const Prize& p : list) {
    if (p.sitting == sitting && p.place == place) return p;
  }
  static const Prize kNone;
  return kNone;
}

GameResult Without(Direction d, Declaration decl, int matadors, int value, int level = 1) {
  GameResult g = Game(d, value, true, decl, {matadors, false});
  g.valuation.level = level;
  return g;
}

// XII 1st: net games, tie own points; 2nd: own points, tie net games.
TEST(PrizeTest, NetGamesThenOwnPoints) {
  const std::vector<Prize> list =
      PrizeList({Sitting({Game(kF, 20, true), Game(kF, 20, true), Game(kM, 200, true),
                          Game(kM, 10, false), Game(kR, 30, true), Game(kR, 30, true)})},
                2);
  // Net games: a 2 (40 points), b 0 (190), c 2 (60): c wins the tie on own points.
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "c");
  EXPECT_EQ(PrizeOf(list, 1, 1).category, "net-games");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "b");
  EXPECT_EQ(PrizeOf(list, 1, 2).category, "own-points");
}

TEST(PrizeTest, OwnPointsTieGoesToNetGames) {
  const std::vector<Prize> list =
      PrizeList({Sitting({Game(kF, 60, true), Game(kM, 30, true), Game(kM, 30, true)})}, 2);
  // Net games: b 2 first. Own points: a 60 = b 60, b taken; a is next.
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "b");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "a");
}

// XII 3rd, Z1-Z4: a Solo won without the most matadors; then suit rank, level, own points.
TEST(PrizeTest, SoloWithoutTheMostMatadors) {
  const std::vector<Prize> list =
      PrizeList({Sitting({Game(kF, 500, true), Without(kM, kHeartsSolo, 4, 50),
                          Without(kR, kClubsSolo, 3, 48), Game(kM, 10, false), Game(kM, 10, false),
                          Game(kM, 10, false), Game(kM, 10, false), Game(kM, 10, false)})},
                3);
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "a");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "c");  // own points: a taken, c 48 > b 0
  EXPECT_EQ(PrizeOf(list, 1, 3).category, "solo-without");
  EXPECT_EQ(PrizeOf(list, 1, 3).player, "b");  // without 4 beats clubs without 3
}

// Players g, h, i at table V: g wins three games of 1000 and takes the 1st prize, so the
// players under test compete for the later ones.
void AddFavourite(std::vector<TableResult>& s) {
  for (int b = 1; b <= 3; ++b) s.push_back(At(b, "V", Game(kF, 1000, true), {"g", "h", "i"}));
}

TEST(PrizeTest, SoloTiesBySuitThenLevel) {
  // Without 4 each: Grand > clubs. Both lose 500 so that own points keep them off the 2nd prize.
  std::vector<TableResult> s = Sitting({Without(kM, kClubsSolo, 4, 60, 2), Game(kM, 500, false)});
  s.push_back(At(1, "U", Without(kF, kGrandSolo, 4, 100), {"d", "e", "f"}));
  s.push_back(At(2, "U", Game(kF, 500, false), {"d", "e", "f"}));
  AddFavourite(s);
  const std::vector<Prize> list = PrizeList({s}, 3);
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "g");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "a");  // own points 0, the first id among equals
  EXPECT_EQ(PrizeOf(list, 1, 3).player, "d");
  // Equal suit and matadors: the higher level wins, even with fewer own points.
  std::vector<TableResult> levels =
      Sitting({Without(kF, kHeartsSolo, 2, 400, 1), Without(kM, kHeartsSolo, 2, 50, 2),
               Game(kF, 900, false), Game(kM, 600, false)});
  AddFavourite(levels);
  const std::vector<Prize> by_level = PrizeList({levels}, 3);
  EXPECT_EQ(PrizeOf(by_level, 1, 2).player, "c");
  EXPECT_EQ(PrizeOf(by_level, 1, 3).player, "b");
}

// A "with" game and a Tournee are not Solo prizes (Z1, Z4); Null has no matadors.
TEST(PrizeTest, OnlyWithoutSolosQualifyForThird) {
  const std::vector<Prize> list = PrizeList(
      {Sitting({Game(kF, 60, true, kHeartsSolo, {4, true}), Without(kM, kSpadesTournee, 4, 40),
                Game(kR, 23, true, {SkatHandling::kHand, GameType::kNull})})},
      3);
  EXPECT_EQ(PrizeOf(list, 1, 3).player, "");
  EXPECT_EQ(PrizeOf(list, 1, 3).detail, "no player qualifies");
}

// XII 6th: the highest single game won, tie own points; 7th: Tournee without the most matadors.
TEST(PrizeTest, HighestGameAndTournee) {
  std::vector<TableResult> s = Sitting({Game(kF, 10, true), Game(kF, 10, true), Game(kF, 10, true),
                                        Game(kM, 5, true), Game(kM, 5, true)});
  std::vector<TableResult> u;
  u.push_back(At(1, "U", Game(kF, 300, true), {"d", "e", "f"}));  // highest
  u.push_back(At(2, "U", Without(kM, kPasstMirNicht, 3, 70), {"d", "e", "f"}));
  u.push_back(At(3, "U", Without(kR, kSpadesTournee, 2, 35), {"d", "e", "f"}));
  u.push_back(At(4, "U", Without(kR, kGuckser, 4, 32 * 7), {"d", "e", "f"}));
  s.insert(s.end(), u.begin(), u.end());
  // Prizes 1..4: net games a (3), own points d (300), solo: none, net games f (2, 259).
  const std::vector<Prize> list = PrizeList({s}, 7);
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "a");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "d");
  EXPECT_EQ(PrizeOf(list, 1, 3).player, "");
  EXPECT_EQ(PrizeOf(list, 1, 4).player, "f");  // net 2 with 259 own points beats b (2, 10)
  EXPECT_EQ(PrizeOf(list, 1, 5).player, "e");  // own points 70 > b's 10
  EXPECT_EQ(PrizeOf(list, 1, 6).category, "highest-game");
  EXPECT_EQ(PrizeOf(list, 1, 6).player, "b");  // d (300), f, e, a awarded; b's 5 is left
  EXPECT_EQ(PrizeOf(list, 1, 7).category, "tournee-without");
  EXPECT_EQ(PrizeOf(list, 1, 7).player, "");  // e (passt mir nicht) and f awarded; Guckser no
}

// T13: more than seven prizes repeat the order; T14: one prize per player across sittings.
TEST(PrizeTest, CycleAndOnePrizePerPlayerAcrossSittings) {
  std::vector<TableResult> s;
  const std::vector<std::string> names = {"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"};
  for (int t = 0; t < 3; ++t) {
    for (int k = 0; k <= t; ++k) {
      s.push_back(At(k + 1, std::to_string(t), Game(kF, 10 * (t + 1), true),
                     {names[3 * t], names[3 * t + 1], names[3 * t + 2]}));
    }
  }
  const std::vector<Prize> list = PrizeList({s, s}, 8);
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "p7");  // 3 games won
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "p4");  // own points 40
  EXPECT_EQ(PrizeOf(list, 1, 4).player, "p1");  // second best net games (1)
  EXPECT_EQ(PrizeOf(list, 1, 8).category, "net-games");
  EXPECT_EQ(PrizeOf(list, 1, 8).player, "p3");  // the cycle: best net games left (0, by id)
  // Sitting 2 repeats sitting 1's play, but nobody wins twice.
  std::set<std::string> winners;
  for (const Prize& p : list) {
    if (!p.player.empty()) {
      EXPECT_TRUE(winners.insert(p.player).second) << p.player;
    }
  }
  EXPECT_NE(PrizeOf(list, 2, 1).player, "p7");
}

// docs/comparative.md "Congress prizes": Ramsch is never a game won or lost, but its charge is
// in own points.
TEST(PrizeTest, RamschIsNotAGame) {
  const std::vector<Prize> list =
      PrizeList({Sitting({testing::Ramsch({-20, 0, 0}), testing::Ramsch({-50, 0, 0}),
                          Game(kM, 10, false), testing::PassedIn()})},
                2);
  // Net games: a 0, b -1, c 0; a's own points -70 < c's 0.
  EXPECT_EQ(PrizeOf(list, 1, 1).player, "c");
  EXPECT_EQ(PrizeOf(list, 1, 2).player, "b");  // -10 > a's -70
  EXPECT_NE(PrizeOf(list, 1, 1).detail.find("own points 0"), std::string::npos);
}

}  // namespace prizes_test
}  // namespace skat::scoring
