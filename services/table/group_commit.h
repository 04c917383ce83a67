// GroupCommitter: acts of different tables committed together (docs/reliability.md "Group
// commit"). A table's thread hands its checked act to Commit and waits; writer threads take the
// queued acts, up to a batch, and store them in one transaction (store AppendActs), each fenced
// by its own table's lease; then every waiting thread is answered with its act's outcome. An act
// is reported stored only after the COMMIT of its batch returned.
#ifndef SKAT_SERVICES_TABLE_GROUP_COMMIT_H_
#define SKAT_SERVICES_TABLE_GROUP_COMMIT_H_

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/status.h"
#include "services/store/table_store.h"

namespace skat::service {

struct GroupCommitOptions {
  // Threads committing batches at once (1..64). With one, the next batch gathers while a batch
  // commits: the fewest transactions, and on two cores the most acts/s at the least CPU per act
  // (docs/performance.md "Commit writers").
  int writers = 1;
  // At most this many acts (1..store::TableStore::kMaxBatchedActs), and about this many bytes of
  // act text, in one transaction.
  int max_batch = 256;
  size_t max_batch_bytes = 1 << 20;
};

class GroupCommitter {
 public:
  // REQUIRES: `tables` outlives the committer. No writer runs before Start.
  GroupCommitter(store::TableStore& tables, GroupCommitOptions options);
  // Stop.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Starts the writers.
  void Start();
  // Stores one accepted act as store AppendAct does, in a transaction shared with acts of other
  // tables, and returns once its outcome is known: OK only after the COMMIT holding it returned;
  // kAborted when its lease was lost (that act alone); kUnavailable when the database was lost
  // (the commit's outcome unknown: every act of the batch) or the committer is stopping (the act
  // was not sent). A batch the database refused as a whole (a taken act index or sequence
  // number, a result stored already) is rolled back and each of its acts stored alone, with
  // AppendAct's own answer. REQUIRES: no other act of the same table is waiting (the caller
  // holds the table's mutex throughout; a second one waits for the next batch).
  Status Commit(const store::TableLease& lease, const store::LoggedActRecord& act,
                const store::ResultRecord* finished_game);
  // Commit without waiting: queues the act and returns; `done` gets the act's outcome, exactly
  // once, on a writer thread after the batch's COMMIT (or, with kUnavailable, on the thread that
  // stops the committer, or on this one when it is stopping). REQUIRES: *finished_game stays
  // valid until `done` runs; no other act of the same table is queued (the caller keeps the
  // table to itself until `done`).
  using Done = std::function<void(const Status&)>;
  void CommitAsync(const store::TableLease& lease, const store::LoggedActRecord& act,
                   const store::ResultRecord* finished_game, Done done);
  // Fails every queued act that no writer has taken with kUnavailable, lets the batches being
  // committed finish, joins the writers; Commit fails kUnavailable from then on.
  void Stop();

  // Acts waiting for a writer.
  size_t queued() const;
  // Acts stored and the transactions that stored them (AppendAct and AppendActs calls).
  struct Counts {
    uint64_t acts = 0;
    uint64_t transactions = 0;
  };
  Counts counts() const;

 private:
  struct Pending {
    store::BatchedAct act;
    size_t bytes = 0;
    Done done;
  };
  void Writer();
  // The next batch from the queue: the oldest acts, at most one per table. REQUIRES: mutex_.
  std::vector<Pending*> TakeBatch();
  void CommitBatch(const std::vector<Pending*>& batch);

  store::TableStore& tables_;
  const GroupCommitOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Pending*> queue_;  // owned: deleted after its `done` ran
  bool stopping_ = false;
  std::vector<std::thread> writers_;
  Counts counts_;  // guarded by mutex_
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_GROUP_COMMIT_H_
