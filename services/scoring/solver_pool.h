// SolverPool: the open-hand solvers skatd lends to analysis requests (GetParTable and
// GetBoardAnalysis, docs/par.md). A par table costs up to a few seconds of one core and a
// solver's table some MiB, so at most `size` analyses run at once however many clients ask: the
// others wait their turn, the remaining cores stay with the live tables, and the memory stays at
// `size` tables. A solver is made on first use and kept: its table entries stay valid across
// boards and questions (engine/solver/solver.h), so a later analysis starts warm. Thread-safe.
#ifndef SKAT_SERVICES_SCORING_SOLVER_POOL_H_
#define SKAT_SERVICES_SCORING_SOLVER_POOL_H_

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/solver/solver.h"
#include "engine/status.h"

namespace skat::service {

class SolverPool {
 public:
  // REQUIRES: size >= 1; 10 <= table_bits <= 26 (Solver).
  SolverPool(int size, int table_bits);
  SolverPool(const SolverPool&) = delete;
  SolverPool& operator=(const SolverPool&) = delete;

  // One solver lent to one caller until the lease is destroyed. REQUIRES: the pool outlives it.
  class Lease {
   public:
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Solver& solver() const { return *solver_; }

   private:
    friend class SolverPool;
    Lease(SolverPool* pool, std::unique_ptr<Solver> solver)
        : pool_(pool), solver_(std::move(solver)) {}
    SolverPool* pool_;
    std::unique_ptr<Solver> solver_;  // null once moved from
  };

  // Asked while a caller waits (every kPoll): true when it no longer wants the solver (its call
  // was cancelled or its deadline passed).
  using GiveUp = std::function<bool()>;
  static constexpr std::chrono::milliseconds kPoll{50};
  // A free solver, waiting for one while all are lent. Errors: kUnavailable when `give_up` said
  // so while waiting (clients retry: the server was busy). A caller that had to wait asks
  // `give_up` once more before it takes the solver. `give_up` is called under the pool's lock:
  // it must be quick and must not use the pool.
  Result<Lease> Acquire(const GiveUp& give_up);

  int size() const { return size_; }
  // Solvers lent now, and the most lent at once since construction (tests, monitoring).
  int lent() const;
  int peak() const;

 private:
  void Return(std::unique_ptr<Solver> solver);

  const int size_;
  const int table_bits_;
  mutable std::mutex mu_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<Solver>> idle_;  // made and not lent
  int lent_ = 0;
  int peak_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SOLVER_POOL_H_
