// A plain driver: the open-hand study of played games (engine/analysis/study.h, docs/par.md), as
// `skat analyse` and the result pages run it for every game. Plays random boards from a fixed
// seed with the heuristic bot at every seat, then studies each declarer's game card by card with
// one Solver; prints the median, p99 and max time and nodes per game studied. Run on one core:
//   taskset -c 0 build/study_bench [--boards 200] [--seed 1909] [--profile nasl-1909]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/analysis/study.h"
#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/solver/solver.h"

namespace skat {
namespace {

int Main(int argc, char** argv) {
  int boards = 200;
  uint64_t seed = 1909;
  std::string profile_id = "nasl-1909";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--boards")) boards = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
    if (!std::strcmp(argv[i], "--profile")) profile_id = argv[i + 1];
  }
  const Profile* profile = FindProfile(profile_id);
  if (!profile || boards < 1) {
    std::fprintf(stderr, "usage: study_bench [--boards N] [--seed S] [--profile ID]\n");
    return 2;
  }
  Rng rng(seed);
  Solver solver;
  std::vector<double> ms;
  std::vector<uint64_t> nodes;
  for (int b = 0; b < boards; ++b) {
    Game game(*profile, RandomBoard(rng));
    const uint64_t game_seed = rng.Next();
    const Status played = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
      return ChooseBotAct(*profile, view, legal,
                          MixSeeds(MixSeeds(game_seed, Index(*view.seat)), game.acts().size()));
    });
    if (!played.ok()) {
      std::fprintf(stderr, "study_bench: %s\n", played.ToString().c_str());
      return 1;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const Result<GameStudy> study = StudyGame(game, solver);
    const auto t1 = std::chrono::steady_clock::now();
    if (!study.ok()) continue;  // passed in, Ramsch or an exact-trick game: nothing to study
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    nodes.push_back(study->nodes);
  }
  if (ms.empty()) {
    std::printf("no declarer's game among %d boards\n", boards);
    return 0;
  }
  double total = 0;
  for (const double m : ms) total += m;
  std::sort(ms.begin(), ms.end());
  std::sort(nodes.begin(), nodes.end());
  const size_t n = ms.size();
  const size_t p99 = std::min(n - 1, n * 99 / 100);
  std::printf(
      "study per game (%s, %zu games of %d boards, one core): median %.1f ms, p99 %.1f ms, "
      "max %.1f ms, mean %.1f ms; nodes median %llu, p99 %llu\n",
      profile_id.c_str(), n, boards, ms[n / 2], ms[p99], ms[n - 1], total / n,
      static_cast<unsigned long long>(nodes[n / 2]), static_cast<unsigned long long>(nodes[p99]));
  return 0;
}

}  // namespace
}  // namespace skat

int main(int argc, char** argv) { return skat::Main(argc, argv); }
