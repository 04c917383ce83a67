// The statistics of a duplicate match (docs/arena.md): what one player gained over another per
// board, the mean with its confidence interval, and a rating of every player.
#ifndef SKAT_ENGINE_PLAYERS_ARENA_STATS_H_
#define SKAT_ENGINE_PLAYERS_ARENA_STATS_H_

#include <cstdint>
#include <span>
#include <vector>

#include "engine/players/duplicate.h"
#include "engine/scoring/options.h"

namespace skat {

// Player x's gain over player y on one board: the sum over the three directions of x's mean
// board score holding that direction minus y's mean holding it (same cards, same seat). One
// number per board, so the boards of a match are independent samples.
// REQUIRES: games come from one PlayDuplicateBoard; x and y are players in it.
double PairDifference(std::span<const SeatedGame> games, int x, int y,
                      scoring::BoardScoreKind kind);

struct MeanInterval {
  double mean = 0;
  double sd = 0;   // the samples' standard deviation
  double low = 0;  // mean -/+ z * sd / sqrt(n)
  double high = 0;
  int n = 0;
};
// The mean of `samples` with its normal-approximation interval; z = 2.576 is 99 %.
MeanInterval Interval(std::span<const double> samples, double z = 2.576);

struct Rating {
  double elo = 0;  // Elo scale (400 log10 of the Bradley-Terry strength), the players' mean 0
  double low = 0;  // the 95 % bootstrap interval over boards
  double high = 0;
};

// Bradley-Terry ratings from board-by-board results: on each board each pair of players scores a
// win for the one with the positive difference (a tie half each). diffs[k] holds, per board, the
// difference of pair k, the pairs in the order (0,1), (0,2), (1,2) (as many pairs as `players`
// makes). Fitted by the minorisation-maximisation iteration with one tie added per pair (so a
// player who won every board has a finite rating); the interval resamples the boards 200 times
// with a generator seeded by `seed`. REQUIRES: players is 2 or 3; every diffs[k] of equal size.
std::vector<Rating> BradleyTerry(int players, const std::vector<std::vector<double>>& diffs,
                                 uint64_t seed);

// The pairs of `players` in the order BradleyTerry reads them.
std::vector<std::pair<int, int>> Pairs(int players);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_ARENA_STATS_H_
