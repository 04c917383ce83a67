#include "engine/analysis/par_pool.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "engine/solver/solver.h"

namespace skat {

std::vector<ParTable> ComputeParTables(const Profile& profile, const std::vector<Board>& boards,
                                       int threads, const ParProgress& progress, int table_bits) {
  const int total = static_cast<int>(boards.size());
  std::vector<ParTable> tables(boards.size());
  std::atomic<int> next{0};
  std::mutex lock;
  int done = 0;
  auto work = [&] {
    // A Solver's table outlives each board: entries are keyed by the hands, so a worker's
    // earlier boards can only help (and never change an answer).
    Solver solver(table_bits);
    for (int i = next++; i < total; i = next++) {
      tables[i] = ComputePar(profile, boards[i], solver);
      const std::lock_guard<std::mutex> guard(lock);
      ++done;
      if (progress) progress(done, total);
    }
  };
  const int workers = std::max(1, std::min(threads, total));
  std::vector<std::thread> pool;
  for (int w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return tables;
}

}  // namespace skat
