// The statistics of a duplicate match (engine/players/arena_stats.h) against numbers worked out by
// hand: PairDifference on constructed games, Interval on a known sample, and the Bradley-Terry
// ratings' symmetry, order and antisymmetry.
#include "engine/players/arena_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace skat {
namespace arena_stats_test {

using scoring::BoardScoreKind;

// The 6 games of one board under Seatings(players), game s with the pad entries pads[s] (by
// direction: forehand, middlehand, rearhand).
std::vector<SeatedGame> Games(int players, const std::vector<std::array<int, 3>>& pads) {
  std::vector<SeatedGame> games;
  const std::vector<Seating> seatings = Seatings(players);
  for (size_t s = 0; s < seatings.size(); ++s) {
    SeatedGame g;
    g.seating = seatings[s];
    g.result.kind = ResultKind::kDeclarerGame;
    g.result.pad = pads[s];
    games.push_back(g);
  }
  return games;
}

TEST(PairDifferenceTest, ThreePlayersByHand) {
  // Seatings(3): {0,1,2} {0,2,1} {1,0,2} {1,2,0} {2,0,1} {2,1,0}.
  const std::vector<SeatedGame> games =
      Games(3, {{30, 0, 0}, {-20, 0, 0}, {0, 24, 0}, {0, 0, -48}, {0, 0, 18}, {10, 0, 0}});
  // Player 0 over player 1:
  //   forehand:   0 in games 1, 2: (30 - 20) / 2 = 5;   1 in games 3, 4: 0.       +5
  //   middlehand: 0 in games 3, 5: (24 + 0) / 2 = 12;   1 in games 1, 6: 0.      +12
  //   rearhand:   0 in games 4, 6: (-48 + 0) / 2 = -24; 1 in games 2, 5: 18 / 2.  -33
  EXPECT_DOUBLE_EQ(PairDifference(games, 0, 1, BoardScoreKind::kPad), 5 + 12 - 33);
  EXPECT_DOUBLE_EQ(PairDifference(games, 1, 0, BoardScoreKind::kPad), 16);
  // Player 0 over player 2:
  //   forehand:   0: 5;   2 in games 5, 6: (0 + 10) / 2 = 5.    0
  //   middlehand: 0: 12;  2 in games 2, 4: 0.                 +12
  //   rearhand:   0: -24; 2 in games 1, 3: 0.                 -24
  EXPECT_DOUBLE_EQ(PairDifference(games, 0, 2, BoardScoreKind::kPad), -12);
}

TEST(PairDifferenceTest, TwoPlayersByHand) {
  // Seatings(2): {0,1,1} {1,0,1} {1,1,0} {1,0,0} {0,1,0} {0,0,1}.
  const std::vector<SeatedGame> games =
      Games(2, {{30, 0, 0}, {0, -20, 0}, {0, 0, 60}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}});
  //   forehand:   0 in games 1, 5, 6: 30 / 3 = 10;  1 in games 2, 3, 4: 0.     +10
  //   middlehand: 0 in games 2, 4, 6: -20 / 3;      1 in games 1, 3, 5: 0.   -20/3
  //   rearhand:   0 in games 3, 4, 5: 60 / 3 = 20;  1 in games 1, 2, 6: 0.     +20
  EXPECT_NEAR(PairDifference(games, 0, 1, BoardScoreKind::kPad), 10 - 20.0 / 3 + 20, 1e-12);
  EXPECT_NEAR(PairDifference(games, 1, 0, BoardScoreKind::kPad), -(10 - 20.0 / 3 + 20), 1e-12);
}

TEST(PairDifferenceTest, SettledScoresCompareTheSameWay) {
  // Settled: 3 x own - sum. Game 1 {30,0,0}: F +60, M -30, R -30.
  std::vector<std::array<int, 3>> pads(6, {0, 0, 0});
  pads[0] = {30, 0, 0};
  const std::vector<SeatedGame> games = Games(3, pads);
  // Player 0 (F in games 1, 2): +60 / 2 = 30 at forehand; player 1 (M in game 1): -30 / 2 = -15
  // at middlehand; player 2 (R in game 1): -15 at rearhand. 0 over 1: forehand 30 - 0,
  // middlehand 0 - (-15), rearhand 0 - 0 = 45.
  EXPECT_DOUBLE_EQ(PairDifference(games, 0, 1, BoardScoreKind::kSettled), 45);
}

TEST(IntervalTest, KnownSample) {
  const std::vector<double> samples = {1, 2, 3, 4, 5};
  // mean 3, sd sqrt(10 / 4) = 1.58114, 99 %: 2.576 x 1.58114 / sqrt(5) = 1.82151.
  const MeanInterval m = Interval(samples);
  EXPECT_EQ(m.n, 5);
  EXPECT_DOUBLE_EQ(m.mean, 3);
  EXPECT_NEAR(m.sd, std::sqrt(2.5), 1e-12);
  EXPECT_NEAR(m.low, 3 - 1.82151, 1e-5);
  EXPECT_NEAR(m.high, 3 + 1.82151, 1e-5);
  // 95 %: 1.96 x 0.707107 = 1.38593.
  const MeanInterval m95 = Interval(samples, 1.96);
  EXPECT_NEAR(m95.high - m95.mean, 1.38593, 1e-5);
}

TEST(IntervalTest, EmptyAndSingleSamples) {
  EXPECT_EQ(Interval(std::vector<double>{}).n, 0);
  const MeanInterval one = Interval(std::vector<double>{7});
  EXPECT_EQ(one.n, 1);
  EXPECT_DOUBLE_EQ(one.mean, 7);
  EXPECT_DOUBLE_EQ(one.sd, 0);
  EXPECT_DOUBLE_EQ(one.low, 7);
  EXPECT_DOUBLE_EQ(one.high, 7);
}

TEST(BradleyTerryTest, SymmetricResultsGiveEqualRatings) {
  const std::vector<Rating> two = BradleyTerry(2, {{5, -5, 3, -3, 0, 0}}, 1);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_NEAR(two[0].elo, 0, 1e-9);
  EXPECT_NEAR(two[1].elo, 0, 1e-9);
  // Three players, every pair even: each wins as often as it loses.
  const std::vector<Rating> three =
      BradleyTerry(3, {{1, -1, 2, -2}, {-4, 4, 0, 0}, {3, -3, 1, -1}}, 1);
  ASSERT_EQ(three.size(), 3u);
  for (const Rating& r : three) EXPECT_NEAR(r.elo, 0, 1e-9);
}

TEST(BradleyTerryTest, WinningMoreBoardsRatesHigher) {
  // Player 0 wins 3 of 4 boards: with the tie added, 3.5 to 1.5; Bradley-Terry's strengths are
  // in that ratio, 400 log10(3.5 / 1.5) = 147.2 Elo apart, the mean 0.
  const std::vector<Rating> r = BradleyTerry(2, {{5, 3, -1, 2}}, 1);
  const double gap = 400 * std::log10(3.5 / 1.5);
  EXPECT_NEAR(r[0].elo, gap / 2, 0.01);
  EXPECT_NEAR(r[1].elo, -gap / 2, 0.01);
  for (const Rating& x : r) {
    EXPECT_LE(x.low, x.elo + 1e-9);
    EXPECT_GE(x.high, x.elo - 1e-9);
  }
  // Three players: 0 beats 1 and 2 on most boards, 1 beats 2 on most: 0 > 1 > 2.
  const std::vector<Rating> t = BradleyTerry(3, {{1, 1, 1, -1}, {2, 2, 2, 2}, {1, 1, -1, 1}}, 1);
  EXPECT_GT(t[0].elo, t[1].elo);
  EXPECT_GT(t[1].elo, t[2].elo);
  EXPECT_NEAR(t[0].elo + t[1].elo + t[2].elo, 0, 1e-9);
}

TEST(BradleyTerryTest, NegatedResultsNegateTheRatings) {
  const std::vector<std::vector<double>> diffs = {
      {4, -2, 7, 1, 0, 3}, {-1, -5, 2, 2, 6, -3}, {2, 2, -8, 0, 1, 1}};
  std::vector<std::vector<double>> negated = diffs;
  for (auto& pair : negated) {
    for (double& d : pair) d = -d;
  }
  const std::vector<Rating> r = BradleyTerry(3, diffs, 5);
  const std::vector<Rating> n = BradleyTerry(3, negated, 5);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(n[i].elo, -r[i].elo, 1e-6) << i;
    // The same bootstrap draws (same seed), mirrored; the interval's ends are the 6th smallest
    // and the 5th largest of 200 draws, so mirrored they are one draw apart: only containment
    // and the sides are checked.
    EXPECT_LE(n[i].low, n[i].elo + 1e-9) << i;
    EXPECT_GE(n[i].high, n[i].elo - 1e-9) << i;
    EXPECT_EQ(n[i].low<0, r[i].high> 0) << i;
  }
}

}  // namespace arena_stats_test
}  // namespace skat
