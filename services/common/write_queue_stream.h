// WriteQueueStream: the write side of a server stream served with gRPC's callback API (no thread
// per stream), shared by WatchSeat (services/table/seat_stream.h) and WatchStandings
// (services/scoring/standings_stream.h).
//
// Messages are queued from any thread; the reactor has at most one write in flight and
// OnWriteDone starts the next. Enqueue keeps every message in order; Replace keeps only the
// latest waiting one, so that messages that arrive while a write is in flight are coalesced.
// End decides the end of the stream: queued messages are dropped and Finish is called once the
// write in flight is done (End replaces an end decided before and not yet sent, EndUnlessEnded
// keeps it). A failed write ends the stream CANCELLED, and so does the client's cancellation
// (OnCancel).
//
// Lifetime: reference counted; gRPC holds one reference until OnDone, which marks the stream
// done, gives back its place under StreamLimits (stream_limits.h), calls Detach (the subclass
// unregisters the stream from its owner there) and drops gRPC's reference. Whoever else keeps a
// pointer to the stream holds a reference (Ref/Unref).
#ifndef SKAT_SERVICES_COMMON_WRITE_QUEUE_STREAM_H_
#define SKAT_SERVICES_COMMON_WRITE_QUEUE_STREAM_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

#include "services/common/stream_limits.h"

namespace skat::service {

template <typename Message>
class WriteQueueStream : public grpc::ServerWriteReactor<Message> {
 public:
  void Ref() { refs_.fetch_add(1, std::memory_order_relaxed); }
  void Unref() {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

  // Finish was decided (the last message queued, End, a failed write) or the call is done.
  bool ended() {
    std::lock_guard lock(mutex_);
    return EndedLocked();
  }
  // Ends the stream with `status` after the write in flight; queued messages are dropped. A
  // status decided before and not yet sent is replaced.
  void End(grpc::Status status) {
    std::unique_lock lock(mutex_);
    EndLocked(std::move(status), EndMode::kReplace);
    Pump(lock);
  }
  // As End, but an end decided before stands (with its status).
  void EndUnlessEnded(grpc::Status status) {
    std::unique_lock lock(mutex_);
    EndLocked(std::move(status), EndMode::kFirstStands);
    Pump(lock);
  }

  void OnWriteDone(bool ok) override {
    std::unique_lock lock(mutex_);
    writing_ = false;
    if (!ok) EndLocked(grpc::Status(grpc::StatusCode::CANCELLED, "client gone"), EndMode::kReplace);
    Pump(lock);
  }
  void OnCancel() override { End(grpc::Status(grpc::StatusCode::CANCELLED, "stream ended")); }
  void OnDone() final {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
      queue_.clear();
      place_.Release();
    }
    Detach();
    Unref();
  }

 protected:
  explicit WriteQueueStream(StreamPlace place) : place_(std::move(place)) {}
  ~WriteQueueStream() override = default;

  // Called once from OnDone, without mutex_ held, before gRPC's reference is dropped.
  virtual void Detach() {}

  // Queues `messages` in order and, with `last`, the end of the stream (OK) after them; nothing
  // when the end was decided already. REQUIRES: lock holds mutex_; releases it.
  void EnqueueLocked(std::vector<Message> messages, bool last, std::unique_lock<std::mutex>& lock) {
    if (EndedLocked()) return lock.unlock();
    for (Message& m : messages) queue_.push_back(std::move(m));
    if (last) EndLocked(grpc::Status::OK, EndMode::kAfterQueued);
    Pump(lock);
  }
  void Enqueue(std::vector<Message> messages, bool last) {
    std::unique_lock lock(mutex_);
    EnqueueLocked(std::move(messages), last, lock);
  }
  // Queues `message` in place of every message waiting. REQUIRES: lock holds mutex_; releases
  // it.
  void ReplaceLocked(Message message, std::unique_lock<std::mutex>& lock) {
    if (EndedLocked()) return lock.unlock();
    queue_.clear();
    queue_.push_back(std::move(message));
    Pump(lock);
  }
  // True when the end was decided or the call is done. REQUIRES: mutex_ is held.
  bool EndedLocked() const { return finish_pending_ || finished_ || done_; }
  // True once OnDone ran. REQUIRES: mutex_ is held.
  bool DoneLocked() const { return done_; }
  enum class EndMode {
    kReplace,      // drop the queue; replace a status decided before (not yet sent)
    kFirstStands,  // drop the queue; an end decided before stands
    kAfterQueued,  // keep the queue; an end decided before stands
  };
  // Decides the end of the stream. REQUIRES: mutex_ is held.
  void EndLocked(grpc::Status status, EndMode mode) {
    if (finished_ || done_) return;
    if (mode != EndMode::kAfterQueued) queue_.clear();
    if (finish_pending_ && mode != EndMode::kReplace) return;
    finish_pending_ = true;
    finish_status_ = std::move(status);
  }
  // Starts the next write or the Finish when due. REQUIRES: lock holds mutex_; releases it.
  void Pump(std::unique_lock<std::mutex>& lock) {
    if (writing_ || finished_ || done_) return lock.unlock();
    if (!queue_.empty()) {
      writing_message_ = std::move(queue_.front());
      queue_.pop_front();
      writing_ = true;
      lock.unlock();
      this->StartWrite(&writing_message_);
      return;
    }
    if (finish_pending_) {
      finished_ = true;
      grpc::Status status = finish_status_;
      lock.unlock();
      this->Finish(std::move(status));
      return;
    }
    lock.unlock();
  }

  // Guards the queue and the state of the call below, and whatever a subclass declares guarded
  // by it.
  std::mutex mutex_;

 private:
  std::atomic<int> refs_{1};  // gRPC's, until OnDone
  StreamPlace place_;         // under the stream limits, given back in OnDone
  std::deque<Message> queue_;
  Message writing_message_;  // the write in flight
  bool writing_ = false;
  bool finish_pending_ = false;  // Finish(finish_status_) once the write in flight is done
  grpc::Status finish_status_;
  bool finished_ = false;  // Finish was called
  bool done_ = false;      // OnDone ran
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_WRITE_QUEUE_STREAM_H_
