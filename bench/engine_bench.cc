// Engine benchmarks: the unchecked card play (Position), the validated Game, deal numbers and
// follow-suit masks. Every benchmark reports items_per_second. Build and run on one core:
//
//   cmake -S . -B build -G Ninja && cmake --build build --target engine_bench
//   taskset -c 0 build/engine_bench --benchmark_min_time=1
//
// Google Benchmark 1.7.1 takes --benchmark_min_time as plain seconds ("1", not "1s").
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "bench/random_game.h"
#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/position.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/value.h"

namespace skat {
namespace {

using bench::PlayOut;
using bench::RandomCard;

// 1. Whole random games on the unchecked path: deal, contract, 30 cards, valuation
// (bench/random_game.h, the unit of docs/performance.md "The two ratios the bench prints").
void BM_RandomGameUnchecked(benchmark::State& state) {
  const Profile& profile = Nasl1909();
  Rng rng(1);
  int64_t won = 0;
  for (auto _ : state) {
    const Valuation v = bench::PlayRandomGameUnchecked(profile, rng);
    won += v.won;
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["won"] =
      benchmark::Counter(static_cast<double>(won) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_RandomGameUnchecked);

// The components of one unchecked game, to see where its time goes.
void BM_RandomBoard(benchmark::State& state) {
  Rng rng(2);
  for (auto _ : state) {
    const Board board = RandomBoard(rng);
    benchmark::DoNotOptimize(board);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RandomBoard);

void BM_PositionPlayOut(benchmark::State& state) {
  Rng rng(3);
  const Board board = RandomBoard(rng);
  for (auto _ : state) {
    Position pos(board.hands, static_cast<GameType>(rng.Below(kGameTypeCount)));
    PlayOut(pos, rng);
    benchmark::DoNotOptimize(pos.tricks_won(Direction::kForehand));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PositionPlayOut);

// 2. 30 plays then 30 undos of one fixed game; an item is one play or one undo.
void BM_PlayUndo(benchmark::State& state) {
  Rng rng(4);
  const Board board = RandomBoard(rng);
  Position pos(board.hands, GameType::kClubs);
  std::array<Card, 30> cards;
  {
    Position scratch = pos;
    PlayOut(scratch, rng);
    for (int i = 0; i < 30; ++i) cards[i] = scratch.played(i);
  }
  for (auto _ : state) {
    for (Card card : cards) pos.Play(card);
    benchmark::DoNotOptimize(pos.taken(Direction::kForehand));
    for (int i = 0; i < 30; ++i) pos.Undo();
    benchmark::DoNotOptimize(pos.hand(Direction::kForehand));
  }
  state.SetItemsProcessed(state.iterations() * 60);
}
BENCHMARK(BM_PlayUndo);

// 3. Whole random games on the validated path: bidding, skat, declaration, play, result.
void BM_RandomGameValidated(benchmark::State& state) {
  const Profile& profile = Nasl1909();
  Rng rng(5);
  int64_t acts = 0;
  for (auto _ : state) {
    Game game(profile, RandomBoard(rng));
    PlayOutRandomly(game, rng);
    acts += static_cast<int64_t>(game.acts().size());
    benchmark::DoNotOptimize(game.result());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["acts"] =
      benchmark::Counter(static_cast<double>(acts) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_RandomGameValidated);

// 4. Deal numbers both ways.
void BM_UnrankBoard(benchmark::State& state) {
  Rng rng(6);
  for (auto _ : state) {
    const Board board = UnrankBoard(rng.Below(kDealCount));
    benchmark::DoNotOptimize(board);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_UnrankBoard);

void BM_DealNumber(benchmark::State& state) {
  constexpr size_t kBoards = 1024;
  Rng rng(7);
  std::vector<Board> boards;
  for (size_t i = 0; i < kBoards; ++i) boards.push_back(RandomBoard(rng));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(DealNumber(boards[i]));
    i = (i + 1) % kBoards;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DealNumber);

// 5. LegalCards on positions with one or two cards of the current trick played (follow suit);
// an iteration sweeps all positions, an item is one call.
void BM_LegalCards(benchmark::State& state) {
  constexpr int kPositions = 256;
  Rng rng(8);
  std::vector<Position> positions;
  for (int i = 0; i < kPositions; ++i) {
    const Board board = RandomBoard(rng);
    Position pos(board.hands, static_cast<GameType>(rng.Below(kGameTypeCount)));
    const uint64_t plies = 3 * rng.Below(10) + 1 + rng.Below(2);
    while (static_cast<uint64_t>(pos.cards_played()) < plies) {
      pos.Play(RandomCard(pos.LegalCards(), rng));
    }
    positions.push_back(pos);
  }
  for (auto _ : state) {
    for (const Position& pos : positions) benchmark::DoNotOptimize(pos.LegalCards());
  }
  state.SetItemsProcessed(state.iterations() * kPositions);
}
BENCHMARK(BM_LegalCards);

}  // namespace
}  // namespace skat

BENCHMARK_MAIN();
