#include "services/scoring/solver_pool.h"

#include <algorithm>
#include <cassert>
#include <string>

namespace skat::service {

SolverPool::SolverPool(int size, int table_bits) : size_(size), table_bits_(table_bits) {
  assert(size >= 1);
}

SolverPool::Lease::~Lease() {
  if (solver_) pool_->Return(std::move(solver_));
}

Result<SolverPool::Lease> SolverPool::Acquire(const GiveUp& give_up) {
  std::unique_lock<std::mutex> lock(mu_);
  // A caller that waited asks give_up before it takes a solver too: one whose call ended while
  // it waited computes nothing.
  for (bool waited = false;; waited = true) {
    if (waited && give_up()) {
      if (lent_ < size_) returned_.notify_one();  // the wake-up was for the next waiter
      return Status::Unavailable("all " + std::to_string(size_) +
                                 " analysis workers stayed busy until the call ended (skatd "
                                 "--analysis-threads); try again");
    }
    if (lent_ < size_) break;
    returned_.wait_for(lock, kPoll);
  }
  ++lent_;
  peak_ = std::max(peak_, lent_);
  std::unique_ptr<Solver> solver;
  if (!idle_.empty()) {
    solver = std::move(idle_.back());
    idle_.pop_back();
  }
  lock.unlock();
  // The first use of a slot allocates its table outside the lock.
  if (!solver) solver = std::make_unique<Solver>(table_bits_);
  return Lease(this, std::move(solver));
}

void SolverPool::Return(std::unique_ptr<Solver> solver) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    idle_.push_back(std::move(solver));
    --lent_;
  }
  returned_.notify_one();
}

int SolverPool::lent() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lent_;
}

int SolverPool::peak() const {
  std::lock_guard<std::mutex> lock(mu_);
  return peak_;
}

}  // namespace skat::service
