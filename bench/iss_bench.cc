// ISS game records (engine/iss_record.h, engine/iss_replay.h; docs/performance.md): how fast one
// core reads a record line and replays it under isko, the server's work per record in `skat
// import-iss` before it writes anything. The records are random isko games (resigns and timeouts
// included) written by the engine, about 400 bytes each, like the ISS archive's.
//   taskset -c 0 build/iss_bench --benchmark_min_time=1
// `iss_bench --write-records N FILE` writes N such records (seed 8) to FILE instead, the input of
// the end-to-end measure: time skat import-iss FILE against a running skatd (docs/performance.md).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"

namespace skat {
namespace {

// n record lines of random isko games from a fixed seed.
std::vector<std::string> RandomRecords(size_t n) {
  std::vector<std::string> out;
  Rng rng(8);
  while (out.size() < n) {
    Game game(Isko(), RandomBoard(rng));
    PlayOutRandomly(game, rng);
    Result<IssRecord> made = IssRecordFromGame(game);
    if (!made.ok()) continue;
    IssRecord record = *made;
    // Three different players of a pool of 30, as an archive repeats its players.
    const uint64_t first = rng.Next() % 30;
    for (int seat = 0; seat < 3; ++seat) {
      record.players[seat] = "player" + std::to_string((first + 10 * seat) % 30);
    }
    record.id = std::to_string(out.size() + 1);
    Result<std::string> line = WriteIssRecord(record);
    if (line.ok()) out.push_back(*line);
  }
  return out;
}

const std::vector<std::string>& Lines() {
  static const std::vector<std::string>* const lines =
      new std::vector<std::string>(RandomRecords(1000));
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

int main(int argc, char** argv) {
  if (argc == 4 && std::string_view(argv[1]) == "--write-records") {
    const long n = std::strtol(argv[2], nullptr, 10);
    std::ofstream out(argv[3], std::ios::binary);
    if (n < 1 || !out) {
      std::cerr << "usage: iss_bench --write-records N FILE (N >= 1, FILE writable)\n";
      return 2;
    }
    for (const std::string& line : skat::RandomRecords(static_cast<size_t>(n))) out << line << "\n";
    return out.good() ? 0 : 1;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
