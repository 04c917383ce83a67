#include "services/table/group_commit.h"

#include <algorithm>
#include <future>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "services/common/failpoint.h"

namespace skat::service {
namespace {

Status Stopping(const store::TableLease& lease) {
  return Status::Unavailable("table " + lease.table_id + ": the table server is stopping; retry");
}

}  // namespace

GroupCommitter::GroupCommitter(store::TableStore& tables, GroupCommitOptions options)
    : tables_(tables), options_(std::move(options)) {}

GroupCommitter::~GroupCommitter() { Stop(); }

void GroupCommitter::Start() {
  std::lock_guard lock(mutex_);
  if (stopping_ || !writers_.empty()) return;
  const int writers = std::clamp(options_.writers, 1, 64);
  for (int i = 0; i < writers; ++i) writers_.emplace_back([this] { Writer(); });
}

void GroupCommitter::Stop() {
  std::deque<Pending*> unsent;
  std::vector<std::thread> writers;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    unsent.swap(queue_);
    writers.swap(writers_);
  }
  wake_.notify_all();
  for (Pending* p : unsent) {
    p->done(Stopping(p->act.lease));
    delete p;
  }
  for (std::thread& w : writers) w.join();
}

size_t GroupCommitter::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

GroupCommitter::Counts GroupCommitter::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

Status GroupCommitter::Commit(const store::TableLease& lease, const store::LoggedActRecord& act,
                              const store::ResultRecord* finished_game) {
  std::promise<Status> outcome;
  std::future<Status> done = outcome.get_future();
  CommitAsync(lease, act, finished_game, [&outcome](const Status& s) { outcome.set_value(s); });
  return done.get();
}

void GroupCommitter::CommitAsync(const store::TableLease& lease, const store::LoggedActRecord& act,
                                 const store::ResultRecord* finished_game, Done done) {
  auto pending = std::make_unique<Pending>();
  pending->act = store::BatchedAct{.lease = lease, .act = act, .finished_game = finished_game};
  pending->bytes = act.act.size() + act.made_by.size() + lease.event_id.size() +
                   lease.table_id.size() + lease.owner.size() + 64;
  pending->done = std::move(done);
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(pending.release());
      wake_.notify_one();
      return;
    }
  }
  pending->done(Stopping(lease));
}

std::vector<GroupCommitter::Pending*> GroupCommitter::TakeBatch() {
  const size_t max_acts = static_cast<size_t>(
      std::clamp<int>(options_.max_batch, 1, static_cast<int>(store::TableStore::kMaxBatchedActs)));
  std::vector<Pending*> batch;
  std::set<std::pair<std::string, std::string>> tables;
  std::deque<Pending*> rest;
  size_t bytes = 0;
  while (!queue_.empty()) {
    Pending* p = queue_.front();
    queue_.pop_front();
    const bool full =
        batch.size() >= max_acts || (!batch.empty() && bytes + p->bytes > options_.max_batch_bytes);
    if (full || !tables.emplace(p->act.lease.event_id, p->act.lease.table_id).second) {
      rest.push_back(p);  // the next batch's
      if (full) break;
      continue;
    }
    bytes += p->bytes;
    batch.push_back(p);
  }
  while (!rest.empty()) {  // back at the front, in their order
    queue_.push_front(rest.back());
    rest.pop_back();
  }
  return batch;
}

void GroupCommitter::Writer() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;  // Stop answers what is queued
    std::vector<Pending*> batch = TakeBatch();
    if (!queue_.empty()) wake_.notify_one();  // another writer may take the rest meanwhile
    lock.unlock();
    CommitBatch(batch);
    lock.lock();
  }
}

void GroupCommitter::CommitBatch(const std::vector<Pending*>& batch) {
  std::vector<Status> outcome;
  uint64_t transactions = 0;
  const auto alone = [&] {  // today's path: one act, one statement, AppendAct's own answers
    for (Pending* p : batch) {
      outcome.push_back(tables_.AppendAct(p->act.lease, p->act.act, p->act.finished_game));
      ++transactions;
    }
  };
  if (batch.size() == 1) {
    alone();
  } else {
    std::vector<store::BatchedAct> acts;
    acts.reserve(batch.size());
    for (const Pending* p : batch) acts.push_back(p->act);
    // The failpoints count shared batches only (docs/reliability.md "Group commit").
    Result<std::vector<Status>> stored =
        tables_.AppendActs(acts, [] { Failpoint("table-batch-before-commit"); });
    ++transactions;
    if (stored.ok()) {
      Failpoint("table-batch-after-commit");
      outcome = std::move(stored).value();
      if (outcome.size() != batch.size()) {  // committed, but which acts is unknown
        outcome.assign(
            batch.size(),
            Status::Internal("the store answered " + std::to_string(outcome.size()) +
                             " outcomes for a batch of " + std::to_string(batch.size()) + " acts"));
      }
    } else if (!stored.ok() && stored.status().code() == ErrorCode::kUnavailable) {
      outcome.assign(batch.size(), stored.status());  // the outcome is unknown: every act's
    } else {
      alone();  // refused as a whole and rolled back: each act alone, for its own answer
    }
  }
  uint64_t acts = 0;
  for (const Status& s : outcome) acts += s.ok() ? 1 : 0;
  {
    std::lock_guard lock(mutex_);
    counts_.acts += acts;
    counts_.transactions += transactions;
  }
  for (size_t i = 0; i < batch.size(); ++i) {
    batch[i]->done(outcome[i]);
    delete batch[i];
  }
}

}  // namespace skat::service
