#include "bench/seat_latency/timers.h"

#include <utility>

namespace skat::service::seat_latency {

Timers::Timers() : thread_([this] { Run(); }) {}

Timers::~Timers() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void Timers::After(Clock::duration delay, std::function<void()> f) {
  {
    std::lock_guard lock(mutex_);
    heap_.Add(Clock::now() + delay, std::move(f));
  }
  changed_.notify_all();
}

void Timers::Run() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    if (heap_.empty()) {
      changed_.wait(lock);
      continue;
    }
    if (heap_.next() > Clock::now()) {
      changed_.wait_until(lock, heap_.next());
      continue;
    }
    std::function<void()> f = heap_.Pop();
    lock.unlock();
    f();
    lock.lock();
  }
}

}  // namespace skat::service::seat_latency
