// TableService.Act on gRPC's callback API (docs/performance.md "An act's path through skatd").
//
// The common act needs no database before its commit: its table is held, its seat token is in
// the held copy of the hashes, and no other act of the table is in flight. Such an act is checked
// on the gRPC thread that received it and handed to the group committer; the committer's writer
// completes it after the COMMIT (views to the streams first, then the answer). Any other act
// goes to an act worker, which holds the table as before (loading it, asking the database about
// the token) and waits for the commit. Either way a table has one act in flight: the fast path
// marks the table `committing` until its completion, and whoever changes the table waits for
// that (LockIdle).
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "services/common/auth.h"
#include "services/common/failpoint.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/table/table_host.h"

namespace skat::service {

std::unique_lock<std::mutex> TableHost::LockIdle(Held& held) {
  std::unique_lock lock(held.mutex);
  held.idle.wait(lock, [&] { return !held.committing; });
  return lock;
}

grpc::ServerUnaryReactor* TableHost::Act(grpc::CallbackServerContext* context,
                                         const v1::ActRequest* request, v1::ActResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  ActAs(BearerToken(*context), request,
        [context, response, reactor](Result<v1::ActResponse> answer) {
          if (!answer.ok()) return reactor->Finish(ToGrpc(answer.status(), context));
          *response = std::move(answer).value();
          reactor->Finish(grpc::Status::OK);
        });
  return reactor;
}

void TableHost::ActAs(std::string token, const v1::ActRequest* request, ActDone done) {
  if (TryActNow(token, *request, done)) return;
  {
    std::lock_guard lock(act_mutex_);
    if (!act_stop_ && act_queue_.size() < kQueuedActs) {
      act_queue_.push_back([this, token = std::move(token), request, done = std::move(done)] {
        done(ActOnWorker(token, *request));
      });
      act_wake_.notify_one();
      return;
    }
  }
  done(Status::Unavailable("the table server has " + std::to_string(kQueuedActs) +
                           " acts waiting or is stopping; retry"));
}

bool TableHost::TryActNow(const std::string& token, const v1::ActRequest& request, ActDone& done) {
  Result<TableName> name = ParseTableName(request.table());
  if (token.empty() || !name.ok()) return false;  // the worker answers with the reason
  const std::string key = Key(*name);
  std::shared_ptr<Held> held;
  {
    std::lock_guard registry(held_mutex_);
    if (auto it = held_.find(key); it != held_.end()) held = it->second;
  }
  if (held == nullptr) return false;
  std::unique_lock lock(held->mutex, std::try_to_lock);
  if (!lock.owns_lock() || held->committing || held->dropped || held->table == nullptr) {
    return false;
  }
  const int chair = ChairOf(held->seat_sha256, Sha256Hex(token));
  if (chair == 0) return false;  // maybe a token replaced since the table was loaded
  Result<LiveTable::Checked> checked =
      held->table->Check(chair, request.sequence(), request.act(), request.board_number());
  if (!checked.ok() || checked->repeat) {
    lock.unlock();
    if (!checked.ok()) {
      done(checked.status());
    } else {
      done(*checked->repeat);
    }
    return true;
  }
  auto act = std::make_shared<LiveTable::Checked>(std::move(checked).value());
  held->committing = true;
  const store::TableLease lease = held->lease;
  lock.unlock();  // `done` may run on this thread (a stopping committer) and lock it again
  committer_.CommitAsync(lease, act->log, act->result ? &*act->result : nullptr,
                         [this, key, held, act, done = std::move(done)](const Status& committed) {
                           Result<v1::ActResponse> answer = [&] {
                             std::lock_guard table_lock(held->mutex);
                             held->committing = false;
                             return Complete(key, *held, std::move(*act), committed);
                           }();
                           held->idle.notify_all();
                           if (answer.ok()) Failpoint("table-act-after-commit");
                           done(std::move(answer));
                         });
  return true;
}

Result<v1::ActResponse> TableHost::ActOnWorker(const std::string& token,
                                               const v1::ActRequest& request) {
  Caller caller;
  std::unique_lock<std::mutex> lock;
  Result<std::shared_ptr<Held>> held = HoldSeat(token, request.table(), false, caller, lock);
  if (!held.ok()) return held.status();
  Held& h = **held;
  Result<LiveTable::Checked> checked =
      h.table->Check(caller.chair, request.sequence(), request.act(), request.board_number());
  if (!checked.ok()) return checked.status();
  if (checked->repeat) return *checked->repeat;
  Result<v1::ActResponse> accepted = Commit(Key(caller.table), h, std::move(checked).value());
  if (!accepted.ok()) return accepted;
  lock.unlock();
  Failpoint("table-act-after-commit");
  return accepted;
}

void TableHost::ActWorker() {
  std::unique_lock lock(act_mutex_);
  for (;;) {
    act_wake_.wait(lock, [&] { return act_stop_ || !act_queue_.empty(); });
    if (act_queue_.empty()) return;  // stopping, nothing left
    std::function<void()> act = std::move(act_queue_.front());
    act_queue_.pop_front();
    lock.unlock();
    act();  // while stopping too: the committer, not yet stopped, still answers
    lock.lock();
  }
}

}  // namespace skat::service
