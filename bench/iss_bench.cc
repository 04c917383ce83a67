// ISS game records (engine/iss_record.h, engine/iss_replay.h; issue 8): how fast one core reads a
// record line and replays it under isko, the server's work per record in `skat import-iss`
// before it writes anything. The records are random isko games (resigns and timeouts included)
// written by the engine, about 400 bytes each, like the ISS archive's.
//   taskset -c 0 build/iss_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/random_play.h"

namespace skat {
namespace {

// 1,000 record lines from a fixed seed.
const std::vector<std::string>& Lines() {
  static const std::vector<std::string>* const lines = [] {
    auto* out = new std::vector<std::string>;
    Rng rng(8);
    while (out->size() < 1000) {
      Game game(Isko(), RandomBoard(rng));
      PlayOutRandomly(game, rng);
      Result<IssRecord> record = IssRecordFromGame(game);
      if (!record.ok()) continue;
      Result<std::string> line = WriteIssRecord(*record);
      if (line.ok()) out->push_back(*line);
    }
    return out;
  }();
  return *lines;
}

int64_t Bytes(const std::vector<std::string>& lines) {
  int64_t n = 0;
  for (const std::string& line : lines) n += static_cast<int64_t>(line.size());
  return n;
}

void BM_IssReadRecord(benchmark::State& state) {
  const std::vector<std::string>& lines = Lines();
  size_t i = 0;
  for (auto _ : state) {
    Result<IssRecord> record = ReadIssRecord(lines[i++ % lines.size()]);
    benchmark::DoNotOptimize(record);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * Bytes(lines) / static_cast<int64_t>(lines.size()));
}
BENCHMARK(BM_IssReadRecord);

void BM_IssReadAndReplay(benchmark::State& state) {
  const std::vector<std::string>& lines = Lines();
  size_t i = 0;
  int64_t mismatches = 0;
  for (auto _ : state) {
    Result<IssRecord> record = ReadIssRecord(lines[i++ % lines.size()]);
    Result<IssReplay> replay = ReplayIss(*record, Isko());
    mismatches += replay.ok() ? static_cast<int64_t>(replay->mismatches.size()) : 1;
    benchmark::DoNotOptimize(replay);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["mismatches"] = benchmark::Counter(static_cast<double>(mismatches));
}
BENCHMARK(BM_IssReadAndReplay);

}  // namespace
}  // namespace skat

BENCHMARK_MAIN();
