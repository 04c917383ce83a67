// seat_latency's timers for the seats' thinking (see bench/seat_latency.cc):
//   TimerHeap  functions due at times, the earliest first (at equal times, in the order added);
//              not thread-safe: the HTTP loop (loop.h) keeps one on its own thread;
//   Timers     a TimerHeap on a thread of its own, which runs each function when it is due
//              (for the gRPC seats); After is thread-safe.
#ifndef SKAT_BENCH_SEAT_LATENCY_TIMERS_H_
#define SKAT_BENCH_SEAT_LATENCY_TIMERS_H_

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "bench/load_common.h"

namespace skat::service::seat_latency {

using load::Clock;

class TimerHeap {
 public:
  void Add(Clock::time_point at, std::function<void()> f) {
    heap_.push({at, next_++, std::move(f)});
  }
  bool empty() const { return heap_.empty(); }
  Clock::time_point next() const { return heap_.top().at; }  // REQUIRES: !empty()
  // Removes the earliest and returns it. REQUIRES: !empty().
  std::function<void()> Pop() {
    std::function<void()> f = heap_.top().f;
    heap_.pop();
    return f;
  }
  void Clear() { heap_ = {}; }

 private:
  struct Item {
    Clock::time_point at;
    uint64_t order;
    std::function<void()> f;
    bool operator>(const Item& o) const { return std::tie(at, order) > std::tie(o.at, o.order); }
  };
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap_;
  uint64_t next_ = 0;
};

class Timers {
 public:
  Timers();
  Timers(const Timers&) = delete;
  Timers& operator=(const Timers&) = delete;
  // Runs no function after it returns.
  ~Timers();
  void After(Clock::duration delay, std::function<void()> f);

 private:
  void Run();
  std::mutex mutex_;
  std::condition_variable changed_;
  TimerHeap heap_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_TIMERS_H_
