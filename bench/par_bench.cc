// A plain driver: par tables (engine/analysis/par.h, docs/par.md) of random boards
// from a fixed seed. First one core, board by board, one Solver reused: median, p99 and max time
// and solver nodes per board (target: <= 2 s a board on one core). Then the same boards through
// the worker pool (engine/analysis/par_pool.h) with progress on stderr: wall time and boards/s.
// Also counts the par contracts by kind. Run:
//   taskset -c 0 build/par_bench --boards 100            (one core, the per-board figures)
//   build/par_bench --boards 100 --threads 2             (then the pool on two cores)
//   build/par_bench --profile isko
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "engine/analysis/par.h"
#include "engine/analysis/par_pool.h"
#include "engine/players/random_play.h"
#include "engine/random.h"

namespace skat {
namespace {

double Ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

int Main(int argc, char** argv) {
  int boards = 100;
  uint64_t seed = 1909;
  int threads = 2;
  std::string profile_id = "nasl-1909";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--boards")) boards = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
    if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--profile")) profile_id = argv[i + 1];
  }
  const Profile* profile = FindProfile(profile_id);
  if (!profile || boards < 1 || threads < 1) {
    std::fprintf(stderr, "usage: par_bench [--boards N] [--seed S] [--threads T] [--profile ID]\n");
    return 2;
  }
  Rng rng(seed);
  std::vector<Board> set;
  for (int b = 0; b < boards; ++b) set.push_back(RandomBoard(rng));

  // One core, board by board.
  Solver solver;
  std::vector<double> ms;
  std::vector<uint64_t> nodes;
  std::map<std::string, int> contracts;
  std::vector<std::string> texts;
  for (const Board& board : set) {
    const auto t0 = std::chrono::steady_clock::now();
    const ParTable table = ComputePar(*profile, board, solver);
    ms.push_back(Ms(t0, std::chrono::steady_clock::now()));
    nodes.push_back(table.nodes);
    texts.push_back(ToString(table));
    const std::string kind =
        table.all_pass() ? "all pass"
                         : std::string(HandlingName(table.entries[table.par].game.handling));
    ++contracts[kind];
    std::fprintf(stderr, "\rone core: %zu/%d boards", ms.size(), boards);
  }
  std::fprintf(stderr, "\n");
  double total = 0;
  for (double x : ms) total += x;
  std::sort(ms.begin(), ms.end());
  std::sort(nodes.begin(), nodes.end());
  const size_t n = ms.size();
  auto at = [&](double q) { return std::min(n - 1, static_cast<size_t>(q * n)); };
  std::printf(
      "par per board (%s, %zu boards, one core): median %.0f ms, p99 %.0f ms, max %.0f ms, "
      "mean %.0f ms; nodes median %llu, p99 %llu\n",
      profile->id.data(), n, ms[at(0.5)], ms[at(0.99)], ms[n - 1], total / n,
      static_cast<unsigned long long>(nodes[at(0.5)]),
      static_cast<unsigned long long>(nodes[at(0.99)]));
  std::printf("par contracts:");
  for (const auto& [kind, count] : contracts) std::printf("  %s %d", kind.c_str(), count);
  std::printf("\n");

  // The worker pool.
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<ParTable> tables =
      ComputeParTables(*profile, set, threads, [&](int done, int all) {
        std::fprintf(stderr, "\rpool: %d/%d boards (%.1f s)", done, all,
                     Ms(t0, std::chrono::steady_clock::now()) / 1000);
      });
  const double wall = Ms(t0, std::chrono::steady_clock::now());
  std::fprintf(stderr, "\n");
  int same = 0;
  for (size_t i = 0; i < tables.size(); ++i) same += ToString(tables[i]) == texts[i];
  std::printf(
      "pool of %d: %zu boards in %.1f s, %.2f boards/s (%.2fx one core); %d of %zu "
      "tables equal to the one-core run\n",
      threads, tables.size(), wall / 1000, tables.size() / (wall / 1000), total / wall, same,
      tables.size());
  return same == static_cast<int>(tables.size()) ? 0 : 1;
}

}  // namespace
}  // namespace skat

int main(int argc, char** argv) { return skat::Main(argc, argv); }
