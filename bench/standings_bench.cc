// Scoring benchmark: recomputing the whole scoresheet (travellers, standings, per-direction
// standings, team match) of 1,000 tables x 40 boards held in memory, as the scoring service does
// after each result (target: under 1 s). Reports one iteration in milliseconds:
//
//   cmake -S . -B build -G Ninja -DSKAT_ENGINE_ONLY=ON && cmake --build build --target
//   standings_bench taskset -c 0 build/standings_bench
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "engine/scoring/scoring.h"

namespace skat::scoring {
namespace {

constexpr int kTables = 1000;
constexpr int kBoards = 40;

// Every table plays every board (board copies); the three lines of players move 0, 1 and 2
// tables per board so that the fields mix. Random declarer games, Ramsch and passed-in boards.
std::vector<TableResult> Event() {
  std::mt19937_64 rng(1909);
  std::vector<TableResult> out;
  out.reserve(kTables * kBoards);
  for (int b = 1; b <= kBoards; ++b) {
    for (int t = 0; t < kTables; ++t) {
      TableResult r;
      r.board = b;
      r.table = "t" + std::to_string(t);
      r.round = (b - 1) / 4 + 1;
      for (int k = 0; k < 3; ++k) {
        r.players[k] = "p" + std::to_string(k * kTables + (t + k * b) % kTables);
      }
      const uint64_t roll = rng() % 20;
      if (roll == 0) {
        r.game.kind = ResultKind::kPassedIn;
      } else if (roll == 1) {
        r.game.kind = ResultKind::kRamsch;
        r.game.pad[rng() % 3] = -20;
      } else {
        r.game.kind = ResultKind::kDeclarerGame;
        r.game.declarer = kDirections[rng() % 3];
        r.game.valuation.won = rng() % 4 != 0;
        r.game.valuation.value = static_cast<int>(rng() % 20 + 1) * 10;
        r.game.valuation.pad =
            r.game.valuation.won ? r.game.valuation.value : -2 * r.game.valuation.value;
        r.game.pad[Index(r.game.declarer)] = r.game.valuation.pad;
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

void BM_Standings(benchmark::State& state) {
  const std::vector<TableResult> results = Event();
  Options options;
  for (int p = 0; p < 3 * kTables; ++p) {
    options.club_of["p" + std::to_string(p)] = p % 2 == 0 ? "Chicago" : "Milwaukee";
  }
  size_t players = 0;
  for (auto _ : state) {
    const Result<Scoresheet> sheet = Score(results, {}, options);
    players = sheet->overall.size();
    benchmark::DoNotOptimize(sheet);
  }
  state.counters["results"] = static_cast<double>(results.size());
  state.counters["players"] = static_cast<double>(players);
}
BENCHMARK(BM_Standings)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace skat::scoring

BENCHMARK_MAIN();
