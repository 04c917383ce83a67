// strength_bench: the sampling player (engine/players/sampling_bot.h) against the heuristic
// (engine/players/bot.h), measured in duplicate, and what the sampling player's tables look like.
// A plain program, not Google Benchmark (docs/bots.md "Strength").
//
//   cmake --build build --target strength_bench
//   build/strength_bench [--boards N] [--seed S] [--profile P] [--jobs J] [--worlds W]
//                        [--shift X] [--null-shift Y] [--study N] [--ramsch]
//                        (defaults 2000, 1, nasl-1909, 2, 16, 0.3, -1.0, 200)
//
// Every board (RandomBoard from the seed) is played
//   - in duplicate by {sampling, heuristic} under all 6 seatings (engine/players/duplicate.h):
//     one sample per board, the sampling player's gain (PairDifference) in the profile's board
//     score (Seeger-Fabian where the profile has a tournament bonus, else the pad entry), with
//     its 99 % interval;
//   - once by three sampling players and once by three heuristic players: how often such tables
//     pass a board in, the games they declare and win;
// and the first --study boards' games of those two tables are studied card by card
// (engine/analysis/study.h): the points each side lost against open-hand play, per game class.
// --ramsch: every seat passes in the bidding, so that every board is a Ramsch (RULES N10; a
// profile with Ramsch): the two players' Ramsch card play alone.
// The sampling player's decision times (every act it was asked for, on this machine, J threads
// at once) are reported as median and p99. Exit code 0 only when the interval lies above zero.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/analysis/study.h"
#include "engine/game.h"
#include "engine/players/arena_stats.h"
#include "engine/players/bot.h"
#include "engine/players/duplicate.h"
#include "engine/players/random_play.h"
#include "engine/players/sampling_bot.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/solver/solver.h"

namespace skat {
namespace {

using Clock = std::chrono::steady_clock;

struct TableFigures {
  int games = 0;
  int passed = 0;
  int ramsch = 0;
  std::array<int, 3> declared{};  // suit, grand, null
  std::array<int, 3> won{};
  // Points lost against open-hand play (study), per class: sums and games studied.
  std::array<long long, 3> declarer_cost{};
  std::array<long long, 3> defenders_cost{};
  std::array<int, 3> studied{};
};

int ClassIndex(GameType t) { return t == GameType::kNull ? 2 : t == GameType::kGrand ? 1 : 0; }

struct BoardOutcome {
  double gain = 0;
  GameResult sampling_table;
  GameResult heuristic_table;
  std::array<int, 3> sampling_cost{-1, -1, -1};  // class, declarer, defenders (class -1: none)
  std::array<int, 3> heuristic_cost{-1, -1, -1};
};

struct Options {
  int boards = 2000;
  uint64_t seed = 1;
  std::string profile = "nasl-1909";
  int jobs = 2;
  SamplingOptions sampling;
  int study = 200;
  bool ramsch = false;
};

int Usage() {
  std::fprintf(stderr,
               "usage: strength_bench [--boards N] [--seed S] [--profile P] [--jobs J] "
               "[--worlds W] [--shift X] [--null-shift Y] [--study N] [--ramsch]\n");
  return 2;
}

// The pass among `legal` when every board is to be a Ramsch (--ramsch).
std::optional<Act> RamschPass(bool ramsch, std::span<const Act> legal) {
  if (!ramsch) return std::nullopt;
  for (const Act& a : legal) {
    if (a.type == ActType::kPass) return a;
  }
  return std::nullopt;
}

// One table of three players of one level; returns the game (and studies it when asked).
Game PlayTable(const Profile& profile, const Board& board, bool sampling,
               const SamplingOptions& options, bool ramsch, uint64_t seed) {
  Game game(profile, board);
  const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
    if (const std::optional<Act> pass = RamschPass(ramsch, legal)) return *pass;
    const uint64_t decision = MixSeeds(MixSeeds(seed, Index(*view.seat)), game.acts().size());
    if (!sampling) return ChooseBotAct(profile, view, legal, decision);
    std::vector<Card> played;
    for (int i = 0; game.has_position() && i < game.position().cards_played(); ++i) {
      played.push_back(game.position().played(i));
    }
    return ChooseSamplingAct(profile, view, played, legal, decision, options);
  });
  if (!s.ok()) {
    std::fprintf(stderr, "strength_bench: an illegal act: %s\n", s.ToString().c_str());
    std::exit(2);
  }
  return game;
}

std::array<int, 3> Study(const Game& game, Solver& solver) {
  const GameResult& r = game.result();
  if (r.kind != ResultKind::kDeclarerGame) return {-1, -1, -1};
  const Result<GameStudy> st = StudyGame(game, solver);
  if (!st.ok()) return {-1, -1, -1};
  return {ClassIndex(r.declaration.type), st->declarer_cost, st->defenders_cost};
}

void Add(TableFigures& f, const GameResult& r, const std::array<int, 3>& cost) {
  ++f.games;
  if (r.kind == ResultKind::kPassedIn) ++f.passed;
  if (r.kind == ResultKind::kRamsch) ++f.ramsch;
  if (r.kind == ResultKind::kDeclarerGame) {
    const int c = ClassIndex(r.declaration.type);
    ++f.declared[c];
    f.won[c] += r.valuation.won;
  }
  if (cost[0] >= 0) {
    f.declarer_cost[cost[0]] += cost[1];
    f.defenders_cost[cost[0]] += cost[2];
    ++f.studied[cost[0]];
  }
}

void Print(const char* name, const TableFigures& f) {
  const int declared = f.declared[0] + f.declared[1] + f.declared[2];
  const int won = f.won[0] + f.won[1] + f.won[2];
  std::printf(
      "  %s tables: %d boards, passed in %d (%.1f %%), ramsch %d, declared %d, won %d "
      "(%.1f %%)\n",
      name, f.games, f.passed, 100.0 * f.passed / f.games, f.ramsch, declared, won,
      declared ? 100.0 * won / declared : 0.0);
  static constexpr const char* kClass[3] = {"suit", "grand", "null"};
  for (int c = 0; c < 3; ++c) {
    std::printf("    %-5s declared %5d won %5d (%5.1f %%)", kClass[c], f.declared[c], f.won[c],
                f.declared[c] ? 100.0 * f.won[c] / f.declared[c] : 0.0);
    if (f.studied[c] > 0) {
      std::printf("  lost vs open hands per game: declarer %.2f, defenders %.2f (%d studied)",
                  static_cast<double>(f.declarer_cost[c]) / f.studied[c],
                  static_cast<double>(f.defenders_cost[c]) / f.studied[c], f.studied[c]);
    }
    std::printf("\n");
  }
}

double Percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

int Main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return Usage(), 0;
    if (arg == "--ramsch") {
      o.ramsch = true;
      continue;
    }
    if (i + 1 >= argc) return Usage();
    const char* value = argv[++i];
    if (arg == "--boards") {
      o.boards = std::atoi(value);
    } else if (arg == "--seed") {
      o.seed = std::strtoull(value, nullptr, 10);
    } else if (arg == "--profile") {
      o.profile = value;
    } else if (arg == "--jobs") {
      o.jobs = std::atoi(value);
    } else if (arg == "--worlds") {
      o.sampling.worlds = std::atoi(value);
    } else if (arg == "--shift") {
      o.sampling.trump_shift = std::atof(value);
    } else if (arg == "--null-shift") {
      o.sampling.null_shift = std::atof(value);
    } else if (arg == "--study") {
      o.study = std::atoi(value);
    } else {
      return Usage();
    }
  }
  const Profile* profile = FindProfile(o.profile);
  if (profile == nullptr) {
    std::fprintf(stderr, "strength_bench: unknown profile %s\n", o.profile.c_str());
    return 2;
  }
  if (o.boards < 2 || o.jobs < 1 || o.sampling.worlds < 1) return Usage();
  if (o.ramsch && !profile->ramsch) {
    std::fprintf(stderr, "strength_bench: profile %s has no Ramsch (--ramsch)\n",
                 std::string(profile->id).c_str());
    return 2;
  }
  std::printf(
      "strength_bench: %d boards x 6 seatings, profile %s, seed %llu, %d worlds, shifts "
      "%.2f/%.2f, %d threads\n",
      o.boards, std::string(profile->id).c_str(), static_cast<unsigned long long>(o.seed),
      o.sampling.worlds, o.sampling.trump_shift, o.sampling.null_shift, o.jobs);
  std::vector<Board> boards;
  Rng rng(o.seed);
  for (int b = 0; b < o.boards; ++b) boards.push_back(RandomBoard(rng));

  const scoring::BoardScoreKind kind = profile->tournament_bonus > 0
                                           ? scoring::BoardScoreKind::kSeegerFabian
                                           : scoring::BoardScoreKind::kPad;
  std::vector<BoardOutcome> outcomes(boards.size());
  std::vector<double> times;  // ms per sampling decision
  // The same per trick of the card play (index 0: before the card play).
  std::array<std::vector<double>, 11> trick_times;
  std::mutex times_mu;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  const auto start = Clock::now();
  auto work = [&] {
    Solver solver;  // for the study
    std::vector<double> my_times;
    std::array<std::vector<double>, 11> my_trick_times;
    const ArenaPolicy sampling_player = [&](const SeatView& view, std::span<const Card> played,
                                            std::span<const Act> legal, uint64_t seed) {
      if (const std::optional<Act> pass = RamschPass(o.ramsch, legal)) return *pass;
      const auto t0 = Clock::now();
      const Act a = ChooseSamplingAct(*profile, view, played, legal, seed, o.sampling);
      my_times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      const size_t trick = view.phase == Phase::kPlaying ? 1 + played.size() / 3 : 0;
      my_trick_times[std::min<size_t>(trick, 10)].push_back(my_times.back());
      return a;
    };
    const ArenaPolicy heuristic_player = [&](const SeatView& view, std::span<const Card>,
                                             std::span<const Act> legal, uint64_t seed) {
      if (const std::optional<Act> pass = RamschPass(o.ramsch, legal)) return *pass;
      return ChooseBotAct(*profile, view, legal, seed);
    };
    const std::array<ArenaPolicy, 2> players = {sampling_player, heuristic_player};
    for (int b; (b = next.fetch_add(1)) < o.boards;) {
      const uint64_t board_seed = MixSeeds(o.seed, static_cast<uint64_t>(b));
      const Result<std::vector<SeatedGame>> games =
          PlayDuplicateBoard(*profile, boards[b], players, board_seed);
      if (!games.ok()) {
        std::fprintf(stderr, "strength_bench: %s\n", games.status().ToString().c_str());
        std::exit(2);
      }
      BoardOutcome& out = outcomes[b];
      out.gain = PairDifference(*games, 0, 1, kind);
      const Game s =
          PlayTable(*profile, boards[b], true, o.sampling, o.ramsch, MixSeeds(board_seed, 7));
      const Game h =
          PlayTable(*profile, boards[b], false, o.sampling, o.ramsch, MixSeeds(board_seed, 8));
      out.sampling_table = s.result();
      out.heuristic_table = h.result();
      if (b < o.study) {
        out.sampling_cost = Study(s, solver);
        out.heuristic_cost = Study(h, solver);
      }
      const int finished = done.fetch_add(1) + 1;
      if (finished % 100 == 0) {
        std::fprintf(stderr, "  %d/%d boards, %.0f s\n", finished, o.boards,
                     std::chrono::duration<double>(Clock::now() - start).count());
      }
    }
    const std::lock_guard<std::mutex> lock(times_mu);
    times.insert(times.end(), my_times.begin(), my_times.end());
    for (size_t t = 0; t < trick_times.size(); ++t) {
      trick_times[t].insert(trick_times[t].end(), my_trick_times[t].begin(),
                            my_trick_times[t].end());
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < o.jobs; ++j) threads.emplace_back(work);
  for (std::thread& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  std::vector<double> gains;
  TableFigures sampling_tables;
  TableFigures heuristic_tables;
  for (const BoardOutcome& out : outcomes) {
    gains.push_back(out.gain);
    Add(sampling_tables, out.sampling_table, out.sampling_cost);
    Add(heuristic_tables, out.heuristic_table, out.heuristic_cost);
  }
  const MeanInterval m = Interval(gains);
  const bool above = m.low > 0;
  std::printf(
      "sampling over heuristic (%s per board): mean %+.2f  sd %.2f  n %d  99%% CI "
      "[%+.2f, %+.2f]  %s\n",
      kind == scoring::BoardScoreKind::kSeegerFabian ? "Seeger-Fabian" : "pad", m.mean, m.sd, m.n,
      m.low, m.high, above ? "above zero" : "NOT above zero");
  Print("sampling", sampling_tables);
  Print("heuristic", heuristic_tables);
  const size_t decisions = times.size();
  const double median = Percentile(times, 0.5);
  const double p99 = Percentile(times, 0.99);
  std::printf("sampling decisions: %zu, median %.2f ms, p99 %.2f ms, max %.1f ms (%d threads)\n",
              decisions, median, p99, *std::max_element(times.begin(), times.end()), o.jobs);
  std::printf("  by trick (median/p99 ms):");
  for (size_t t = 0; t < trick_times.size(); ++t) {
    if (trick_times[t].empty()) continue;
    std::printf(" %s %.2f/%.1f", t == 0 ? "before" : std::to_string(t).c_str(),
                Percentile(trick_times[t], 0.5), Percentile(trick_times[t], 0.99));
  }
  std::printf("\n");
  std::printf("%d boards in %.1f s\n", o.boards, seconds);
  return above ? 0 : 1;
}

}  // namespace
}  // namespace skat

int main(int argc, char** argv) { return skat::Main(argc, argv); }
