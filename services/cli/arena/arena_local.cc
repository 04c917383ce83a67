#include "services/cli/arena/arena_local.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "engine/random.h"
#include "services/cli/arena/arena_progress.h"

namespace skat::cli {

std::string PlayInProcess(const std::vector<Board>& boards, int jobs, bool quiet,
                          ArenaMatch& match) {
  std::vector<ArenaPolicy> players;
  for (const ArenaPlayer& p : match.players) players.push_back(EnginePolicy(p, *match.profile));
  const int n = static_cast<int>(boards.size());
  jobs = std::clamp(jobs, 1, std::max(1, n));
  match.boards.assign(boards.size(), {});
  match.deals.clear();
  for (const Board& b : boards) match.deals.push_back(DealNumber(b));

  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::string error;
  ArenaProgress progress(n, quiet);
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (int b; !failed.load() && (b = next.fetch_add(1)) < n;) {
      Result<std::vector<SeatedGame>> games = PlayDuplicateBoard(
          *match.profile, boards[b], players, MixSeeds(match.seed, static_cast<uint64_t>(b)));
      if (!games.ok()) {
        std::lock_guard lock(error_mutex);
        if (error.empty()) {
          error = "board " + std::to_string(b + 1) + ": " + games.status().message();
        }
        failed.store(true);
        return;
      }
      match.boards[b] = std::move(games.value());
      progress.Add();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  match.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.Stop();
  match.how = "in-process on " + std::to_string(jobs) + (jobs == 1 ? " thread" : " threads");
  return error;
}

}  // namespace skat::cli
