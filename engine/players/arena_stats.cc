#include "engine/players/arena_stats.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "engine/random.h"
#include "engine/scoring/board_score.h"

namespace skat {
namespace {

constexpr int kBootstrapRounds = 200;
constexpr int kIterations = 200;

// Bradley-Terry strengths on the Elo scale from wins[i][j] (i over j, ties counted half).
std::vector<double> Fit(int players, const std::array<std::array<double, 3>, 3>& wins) {
  std::vector<double> p(players, 1.0);
  for (int it = 0; it < kIterations; ++it) {
    std::vector<double> next(players);
    for (int i = 0; i < players; ++i) {
      double won = 0;
      double denom = 0;
      for (int j = 0; j < players; ++j) {
        if (j == i) continue;
        won += wins[i][j];
        denom += (wins[i][j] + wins[j][i]) / (p[i] + p[j]);
      }
      next[i] = denom > 0 ? won / denom : 1.0;
    }
    double log_mean = 0;
    for (double x : next) log_mean += std::log(x);
    log_mean /= players;
    for (int i = 0; i < players; ++i) p[i] = next[i] / std::exp(log_mean);
  }
  std::vector<double> elo(players);
  for (int i = 0; i < players; ++i) elo[i] = 400.0 * std::log10(p[i]);
  return elo;
}

// Wins from the boards listed (with repeats, for the bootstrap), plus one tie per pair.
std::array<std::array<double, 3>, 3> Wins(int players,
                                          const std::vector<std::vector<double>>& diffs,
                                          const std::vector<size_t>& boards) {
  std::array<std::array<double, 3>, 3> wins{};
  const std::vector<std::pair<int, int>> pairs = Pairs(players);
  for (size_t k = 0; k < pairs.size(); ++k) {
    const auto [x, y] = pairs[k];
    wins[x][y] += 0.5;
    wins[y][x] += 0.5;
    for (size_t b : boards) {
      const double d = diffs[k][b];
      wins[x][y] += d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
      wins[y][x] += d < 0 ? 1.0 : d > 0 ? 0.0 : 0.5;
    }
  }
  return wins;
}

}  // namespace

double PairDifference(std::span<const SeatedGame> games, int x, int y,
                      scoring::BoardScoreKind kind) {
  double gain = 0;
  for (Direction d : kDirections) {
    std::array<double, 2> sum{};
    std::array<int, 2> count{};
    for (const SeatedGame& g : games) {
      const int player = g.seating[Index(d)];
      if (player != x && player != y) continue;
      const int side = player == x ? 0 : 1;
      sum[side] += static_cast<double>(scoring::BoardScore(kind, g.result, d));
      ++count[side];
    }
    if (count[0] > 0 && count[1] > 0) gain += sum[0] / count[0] - sum[1] / count[1];
  }
  return gain;
}

MeanInterval Interval(std::span<const double> samples, double z) {
  MeanInterval r;
  r.n = static_cast<int>(samples.size());
  if (r.n == 0) return r;
  for (double x : samples) r.mean += x;
  r.mean /= r.n;
  double var = 0;
  for (double x : samples) var += (x - r.mean) * (x - r.mean);
  r.sd = r.n > 1 ? std::sqrt(var / (r.n - 1)) : 0;
  const double half = z * r.sd / std::sqrt(static_cast<double>(r.n));
  r.low = r.mean - half;
  r.high = r.mean + half;
  return r;
}

std::vector<std::pair<int, int>> Pairs(int players) {
  assert(players == 2 || players == 3);
  if (players == 2) return {{0, 1}};
  return {{0, 1}, {0, 2}, {1, 2}};
}

std::vector<Rating> BradleyTerry(int players, const std::vector<std::vector<double>>& diffs,
                                 uint64_t seed) {
  const size_t boards = diffs.empty() ? 0 : diffs[0].size();
  std::vector<size_t> all(boards);
  for (size_t b = 0; b < boards; ++b) all[b] = b;
  const std::vector<double> elo = Fit(players, Wins(players, diffs, all));
  std::vector<std::vector<double>> draws(players);
  Rng rng(seed);
  std::vector<size_t> sample(boards);
  for (int round = 0; round < kBootstrapRounds && boards > 0; ++round) {
    for (size_t& b : sample) b = rng.Below(boards);
    const std::vector<double> e = Fit(players, Wins(players, diffs, sample));
    for (int i = 0; i < players; ++i) draws[i].push_back(e[i]);
  }
  std::vector<Rating> out(players);
  for (int i = 0; i < players; ++i) {
    out[i].elo = out[i].low = out[i].high = elo[i];
    if (draws[i].empty()) continue;
    std::sort(draws[i].begin(), draws[i].end());
    const size_t n = draws[i].size();
    const size_t tail = n * 25 / 1000;  // 2.5 % on each side
    out[i].low = draws[i][tail];
    out[i].high = draws[i][n - 1 - tail];
  }
  return out;
}

}  // namespace skat
