// Board generator benchmarks (engine/deal/generator.h): boards per second on one core (target
// >= 1,000,000), beside the speed of its parts: the raw ChaCha20 keystream (libsodium) and the
// accepted deal numbers. Build and run on one core:
//
//   cmake -S . -B build -G Ninja && cmake --build build --target deal_bench
//   taskset -c 0 build/deal_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>
#include <sodium.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/board.h"
#include "engine/deal/generator.h"

namespace skat::deal {
namespace {

Seed BenchSeed() {
  Seed seed;
  for (size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<uint8_t>(i * 37 + 11);
  return seed;
}

// Boards as a set is made: the next deal number, unranked.
void BM_GenerateBoards(benchmark::State& state) {
  DealStream stream("bench", BenchSeed(), "");
  for (auto _ : state) {
    Board board = UnrankBoard(stream.Next());
    benchmark::DoNotOptimize(board);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateBoards);

// GenerateBoards itself, a set of 10,000 boards at a time (key derivation and vector included).
void BM_GenerateBoardSet(benchmark::State& state) {
  const Seed seed = BenchSeed();
  const int count = static_cast<int>(state.range(0));
  for (auto _ : state) {
    Result<std::vector<Board>> boards = GenerateBoards(1, "bench", seed, "", count);
    benchmark::DoNotOptimize(boards);
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_GenerateBoardSet)->Arg(10'000);

// Accepted deal numbers (keystream, 53-bit mask, rejection), without the unrank.
void BM_DealStream(benchmark::State& state) {
  DealStream stream("bench", BenchSeed(), "");
  for (auto _ : state) benchmark::DoNotOptimize(stream.Next());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DealStream);

// The raw keystream, 512 bytes a call as DealStream draws it.
void BM_ChaCha20(benchmark::State& state) {
  if (sodium_init() < 0) std::abort();
  std::array<uint8_t, crypto_stream_chacha20_ietf_KEYBYTES> key = {};
  std::array<uint8_t, crypto_stream_chacha20_ietf_NONCEBYTES> nonce = {};
  std::array<uint8_t, 512> buffer = {};
  uint32_t counter = 0;
  for (auto _ : state) {
    crypto_stream_chacha20_ietf_xor_ic(buffer.data(), buffer.data(), buffer.size(), nonce.data(),
                                       counter, key.data());
    counter += 8;
    benchmark::DoNotOptimize(buffer);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(buffer.size()));
}
BENCHMARK(BM_ChaCha20);

// UnrankBoard alone on the same deal numbers, for the split of the cost.
void BM_UnrankBoard(benchmark::State& state) {
  DealStream stream("bench", BenchSeed(), "");
  std::array<uint64_t, 4096> deals;
  for (uint64_t& d : deals) d = stream.Next();
  size_t i = 0;
  for (auto _ : state) {
    Board board = UnrankBoard(deals[i++ & (deals.size() - 1)]);
    benchmark::DoNotOptimize(board);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_UnrankBoard);

}  // namespace
}  // namespace skat::deal

BENCHMARK_MAIN();
