// The table's own acts: the move clock and the bots (table_service.h Schedule, ClockWorker;
// LiveTable::OwnAct; docs/tables.md "Move clock and bots").
#include <utility>

#include "services/table/table_host.h"

namespace skat::service {

void TableHost::Schedule(const std::string& key, const Held& held, bool reload) {
  if (held.table == nullptr) return;
  std::optional<LiveTable::Clock::time_point> due = held.table->NextOwnAct();
  if (!due) return;
  // A reload waits a moment: a table dropped for a failed commit is usually back at once.
  if (reload) due = LiveTable::Clock::now() + std::chrono::milliseconds(200);
  {
    std::lock_guard lock(clock_mutex_);
    clock_queue_.emplace(*due, key, reload);
  }
  clock_wake_.notify_one();
}

void TableHost::ClockWorker() {
  std::unique_lock lock(clock_mutex_);
  while (!stopping_) {
    if (clock_queue_.empty()) {
      clock_wake_.wait(lock);
      continue;
    }
    const LiveTable::Clock::time_point due = std::get<0>(clock_queue_.top());
    if (due > LiveTable::Clock::now()) {
      clock_wake_.wait_until(lock, due);  // or earlier, for an earlier entry or the stop
      continue;
    }
    const std::string key = std::get<1>(clock_queue_.top());
    const bool reload = std::get<2>(clock_queue_.top());
    clock_queue_.pop();
    lock.unlock();
    if (reload) {
      // Held again (Load schedules its next own act), unless another server holds it now.
      const size_t slash = key.find('/');
      std::unique_lock<std::mutex> table_lock;
      (void)Hold(TableName{.event = key.substr(0, slash), .table = key.substr(slash + 1)},
                 table_lock);
      lock.lock();
      continue;
    }
    // Only a table this server still holds; every change of its next own act scheduled it
    // again, so an entry that is not due (any more) is stale and dropped.
    std::shared_ptr<Held> held;
    {
      std::lock_guard registry(held_mutex_);
      if (auto it = held_.find(key); it != held_.end()) held = it->second;
    }
    if (held != nullptr) {
      std::unique_lock table_lock = LockIdle(*held);
      if (!held->dropped && held->table != nullptr) {
        if (std::optional<LiveTable::Checked> act = held->table->OwnAct(LiveTable::Clock::now())) {
          // A failed commit drops the table; the next call or stream reloads and reschedules it.
          (void)Commit(key, *held, std::move(act).value());
        }
      }
    }
    lock.lock();
  }
}

}  // namespace skat::service
