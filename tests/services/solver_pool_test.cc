// SolverPool (services/scoring/solver_pool.h): at most `size` solvers lent at once, waiters
// served as leases end, a waiter that gives up gets kUnavailable and no solver, and solvers are
// kept (their tables warm) across leases. No database, no gRPC: the pool alone, with threads.
#include "services/scoring/solver_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

namespace skat::service {
namespace {

const SolverPool::GiveUp kNever = [] { return false; };

TEST(SolverPoolTest, LendsAtMostItsSizeAndAWaiterThatGivesUpGetsNone) {
  SolverPool pool(2, 10);
  Result<SolverPool::Lease> a = pool.Acquire(kNever);
  Result<SolverPool::Lease> b = pool.Acquire(kNever);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_NE(&a->solver(), &b->solver());
  EXPECT_EQ(pool.lent(), 2);
  int asked = 0;
  Result<SolverPool::Lease> c = pool.Acquire([&] { return ++asked == 3; });
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), ErrorCode::kUnavailable);
  EXPECT_NE(c.status().message().find("all 2 analysis workers"), std::string::npos)
      << c.status().message();
  EXPECT_EQ(asked, 3);  // asked once per poll until it gave up
  EXPECT_EQ(pool.lent(), 2);
  EXPECT_EQ(pool.peak(), 2);
}

TEST(SolverPoolTest, AWaiterGetsTheSolverOfTheLeaseThatEnds) {
  SolverPool pool(1, 10);
  std::optional<Result<SolverPool::Lease>> held(pool.Acquire(kNever));
  ASSERT_TRUE(held->ok());
  Solver* const first = &(*held)->solver();
  std::atomic<Solver*> got{nullptr};
  std::thread waiter([&] {
    Result<SolverPool::Lease> lease = pool.Acquire(kNever);
    ASSERT_TRUE(lease.ok());
    got = &lease->solver();
  });
  std::this_thread::sleep_for(3 * SolverPool::kPoll);
  EXPECT_EQ(got.load(), nullptr);  // still waiting
  held.reset();
  waiter.join();
  // The same solver, table and all, kept for the next caller.
  EXPECT_EQ(got.load(), first);
  EXPECT_EQ(pool.lent(), 0);
  EXPECT_EQ(pool.peak(), 1);
}

TEST(SolverPoolTest, AWaiterWhoseCallEndedTakesNoFreedSolver) {
  SolverPool pool(1, 10);
  std::optional<Result<SolverPool::Lease>> held(pool.Acquire(kNever));
  std::atomic<bool> ended{false};
  std::optional<Status> waited;
  std::thread waiter([&] {
    Result<SolverPool::Lease> lease = pool.Acquire([&] { return ended.load(); });
    waited = lease.status();
  });
  std::this_thread::sleep_for(2 * SolverPool::kPoll);
  // The call ends and the solver is freed at once: the waiter must not take it.
  ended = true;
  held.reset();
  waiter.join();
  ASSERT_TRUE(waited.has_value());
  EXPECT_EQ(waited->code(), ErrorCode::kUnavailable);
  EXPECT_EQ(pool.lent(), 0);
}

TEST(SolverPoolTest, ManyCallersNeverExceedTheSize) {
  constexpr int kSize = 3;
  SolverPool pool(kSize, 10);
  std::atomic<int> inside{0};
  std::atomic<int> most{0};
  std::atomic<int> served{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 8; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 25; ++i) {
        Result<SolverPool::Lease> lease = pool.Acquire(kNever);
        ASSERT_TRUE(lease.ok());
        const int now = ++inside;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        --inside;
        ++served;
      }
    });
  }
  for (std::thread& t : callers) t.join();
  EXPECT_EQ(served.load(), 200);
  EXPECT_LE(most.load(), kSize);
  EXPECT_EQ(pool.peak(), kSize);  // 8 callers keep every solver busy at some point
  EXPECT_EQ(pool.lent(), 0);
}

}  // namespace
}  // namespace skat::service
