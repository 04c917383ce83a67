// A worker pool for par tables: a whole board set analysed on several cores (docs/par.md "Par for a
// board": "a worker pool that analyses a whole board set with progress shown"). Pure C++20: the
// caller decides how progress is shown.
#ifndef SKAT_ENGINE_ANALYSIS_PAR_POOL_H_
#define SKAT_ENGINE_ANALYSIS_PAR_POOL_H_

#include <functional>
#include <vector>

#include "engine/analysis/par.h"
#include "engine/board.h"
#include "engine/profile.h"

namespace skat {

// Called once per finished board with the number done so far and the total. Calls never
// overlap (they are made under the pool's lock, from its worker threads), in completion order.
using ParProgress = std::function<void(int done, int total)>;

// The par tables of `boards`, in their order, computed by min(threads, boards) workers, each with
// its own Solver of 2^table_bits entries. The result does not depend on the number of workers.
// REQUIRES: threads >= 1; every board passes CheckBoard.
std::vector<ParTable> ComputeParTables(const Profile& profile, const std::vector<Board>& boards,
                                       int threads, const ParProgress& progress = {},
                                       int table_bits = 20);

}  // namespace skat

#endif  // SKAT_ENGINE_ANALYSIS_PAR_POOL_H_
