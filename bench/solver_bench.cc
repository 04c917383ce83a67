// A plain driver: the open-hand solver (engine/solver/solver.h, docs/par.md) on 1,000 random boards
// from a fixed seed. Forehand declares a hand suit game in his longest suit (cards of the suit
// without its jack; ties to the higher suit: clubs > spades > hearts > diamonds), the skat's
// points count for him. For each board from trick 1: the exact card points, then (a fresh table)
// the 61-point threshold alone, then the other threshold questions of a par table, each with its
// own solver: 91 and 31 points, schwarz and trickless in the same suit game, 61 in a Grand and
// the Null question (forehand declares both on the same cards). Prints median, p99 and max time
// and nodes of each. `--exact 0` skips the exact search (quicker). Run on one core:
//   taskset -c 0 build/solver_bench [--boards 1000] [--seed 2026] [--table-bits 20] [--exact 1]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/position.h"
#include "engine/random.h"
#include "engine/solver/solver.h"

namespace skat {
namespace {

struct Board {
  std::array<CardSet, 3> hands;
  int skat_points;
};

Board RandomBoard(Rng& rng) {
  std::array<int, kCardCount> cards{};
  for (int i = 0; i < kCardCount; ++i) cards[i] = i;
  for (int i = kCardCount - 1; i > 0; --i) std::swap(cards[i], cards[rng.Below(i + 1)]);
  Board b{};
  for (int i = 0; i < 30; ++i) b.hands[i / 10].add(Card::FromIndex(cards[i]));
  b.skat_points = (CardSet(Card::FromIndex(cards[30])) | Card::FromIndex(cards[31])).points();
  return b;
}

// Forehand's longest suit, ties to the higher suit.
Suit LongestSuit(CardSet hand) {
  auto length = [&](Suit s) { return (hand & (CardSet::OfSuit(s) - CardSet::Jacks())).size(); };
  Suit best = Suit::kClubs;
  for (int s = 3; s >= 0; --s) {
    if (length(static_cast<Suit>(s)) > length(best)) best = static_cast<Suit>(s);
  }
  return best;
}

struct Sample {
  double ms;
  uint64_t nodes;
};

void Report(const char* name, std::vector<Sample> samples) {
  std::vector<double> ms;
  std::vector<uint64_t> nodes;
  double total = 0;
  double total_nodes = 0;
  for (const Sample& s : samples) {
    ms.push_back(s.ms);
    nodes.push_back(s.nodes);
    total += s.ms;
    total_nodes += static_cast<double>(s.nodes);
  }
  std::sort(ms.begin(), ms.end());
  std::sort(nodes.begin(), nodes.end());
  const size_t n = ms.size();
  auto at = [&](double q) { return std::min(n - 1, static_cast<size_t>(q * n)); };
  std::printf(
      "%-10s boards %zu  time ms: median %.3f p99 %.3f max %.3f mean %.3f  nodes: median %llu "
      "p99 %llu max %llu mean %.0f\n",
      name, n, ms[at(0.5)], ms[at(0.99)], ms[n - 1], total / n,
      static_cast<unsigned long long>(nodes[at(0.5)]),
      static_cast<unsigned long long>(nodes[at(0.99)]),
      static_cast<unsigned long long>(nodes[n - 1]), total_nodes / n);
}

int Main(int argc, char** argv) {
  int boards = 1000;
  uint64_t seed = 2026;
  int table_bits = 20;
  bool run_exact = true;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--boards")) boards = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
    if (!std::strcmp(argv[i], "--table-bits")) table_bits = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--exact")) run_exact = std::atoi(argv[i + 1]) != 0;
  }
  Rng rng(seed);
  Solver exact_solver(table_bits);
  Solver threshold_solver(table_bits);
  std::vector<Sample> exact;
  std::vector<Sample> threshold;
  // The other questions: name, solver, samples.
  constexpr int kQuestions = 6;
  constexpr std::array<const char*, kQuestions> kNames = {"91",        "31",       "schwarz",
                                                          "trickless", "grand 61", "null"};
  std::vector<Solver> solvers;
  solvers.reserve(kQuestions);
  for (int q = 0; q < kQuestions; ++q) solvers.emplace_back(table_bits);
  std::array<std::vector<Sample>, kQuestions> questions;
  constexpr Direction kF = Direction::kForehand;
  int wins = 0;
  long total_points = 0;
  std::array<int, kQuestions> yes{};
  for (int b = 0; b < boards; ++b) {
    const Board board = RandomBoard(rng);
    const Position p(board.hands, SuitGame(LongestSuit(board.hands[0])));
    auto time = [&](Solver& solver, std::vector<Sample>& samples, auto&& question) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto answer = question(solver);
      const auto t1 = std::chrono::steady_clock::now();
      samples.push_back(
          {std::chrono::duration<double, std::milli>(t1 - t0).count(), solver.nodes()});
      return answer;
    };
    const int skat = board.skat_points;
    int points = -1;
    if (run_exact) {
      points = time(exact_solver, exact, [&](Solver& s) { return s.DeclarerPoints(p, kF, skat); });
    }
    const bool win = time(threshold_solver, threshold,
                          [&](Solver& s) { return s.DeclarerReaches(p, kF, skat, 61); });
    const Position grand(board.hands, GameType::kGrand);
    const Position null(board.hands, GameType::kNull);
    const std::array<bool, kQuestions> answers = {
        time(solvers[0], questions[0],
             [&](Solver& s) { return s.DeclarerReaches(p, kF, skat, 91); }),
        time(solvers[1], questions[1],
             [&](Solver& s) { return s.DeclarerReaches(p, kF, skat, 31); }),
        time(solvers[2], questions[2], [&](Solver& s) { return s.DeclarerTakesAllTricks(p, kF); }),
        time(solvers[3], questions[3],
             [&](Solver& s) { return s.DefendersHoldDeclarerTrickless(p, kF); }),
        time(solvers[4], questions[4],
             [&](Solver& s) { return s.DeclarerReaches(grand, kF, skat, 61); }),
        time(solvers[5], questions[5],
             [&](Solver& s) { return s.DeclarerAvoidsAllTricks(null, kF); }),
    };
    if (run_exact &&
        (win != (points >= 61) || answers[0] != (points >= 91) || answers[1] != (points >= 31) ||
         (answers[2] && points != 120) || (answers[3] && points != skat))) {
      std::printf("board %d: exact %d disagrees with a threshold answer\n", b, points);
      return 1;
    }
    for (int q = 0; q < kQuestions; ++q) yes[q] += answers[q];
    wins += win;
    total_points += points;
  }
  if (run_exact) {
    std::printf("declarer: mean %.2f card points, %d of %d won (>= 61)\n",
                static_cast<double>(total_points) / boards, wins, boards);
    Report("exact", exact);
  }
  Report("61", threshold);
  for (int q = 0; q < kQuestions; ++q) {
    std::printf("(%d yes) ", yes[q]);
    Report(kNames[q], questions[q]);
  }
  return 0;
}

}  // namespace
}  // namespace skat

int main(int argc, char** argv) { return skat::Main(argc, argv); }
