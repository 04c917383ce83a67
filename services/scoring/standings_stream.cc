#include "services/scoring/standings_stream.h"

#include <utility>

#include "services/common/grpc_status.h"
#include "services/scoring/standings_streams.h"

namespace skat::service {

StandingsStream::StandingsStream(grpc::CallbackServerContext* context, StandingsStreams& owner,
                                 std::string event_id, std::string session, std::string token,
                                 StreamPlace place)
    : context_(context),
      owner_(owner),
      event_id_(std::move(event_id)),
      session_(std::move(session)),
      token_(std::move(token)),
      place_(std::move(place)) {}

void StandingsStream::Unref() {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
}

bool StandingsStream::Wants(uint64_t version) {
  std::lock_guard lock(mutex_);
  if (finish_pending_ || finished_ || done_) return false;
  return !sent_any_ || sent_version_ != version;
}

void StandingsStream::Send(std::shared_ptr<const grpc::ByteBuffer> standings, uint64_t version) {
  std::unique_lock lock(mutex_);
  if (finish_pending_ || finished_ || done_) return;
  sent_any_ = true;
  sent_version_ = version;
  waiting_ = std::move(standings);
  Pump(lock);
}

void StandingsStream::EndLocked(grpc::Status status) {
  waiting_.reset();
  if (finish_pending_ || finished_ || done_) return;
  finish_pending_ = true;
  finish_status_ = std::move(status);
}

void StandingsStream::Fail(const Status& status) {
  std::unique_lock lock(mutex_);
  if (finish_pending_ || finished_ || done_) return;
  EndLocked(ToGrpc(status, context_));  // the context lives until OnDone
  Pump(lock);
}

void StandingsStream::End(grpc::Status status) {
  std::unique_lock lock(mutex_);
  EndLocked(std::move(status));
  Pump(lock);
}

void StandingsStream::Pump(std::unique_lock<std::mutex>& lock) {
  if (writing_ != nullptr || finished_ || done_) {
    lock.unlock();
    return;
  }
  if (waiting_ != nullptr) {
    writing_ = std::move(waiting_);
    const grpc::ByteBuffer* message = writing_.get();
    lock.unlock();
    StartWrite(message);
    return;
  }
  if (finish_pending_) {
    finished_ = true;
    grpc::Status status = finish_status_;
    lock.unlock();
    Finish(std::move(status));
    return;
  }
  lock.unlock();
}

void StandingsStream::OnWriteDone(bool ok) {
  std::unique_lock lock(mutex_);
  writing_.reset();
  if (!ok) EndLocked(grpc::Status(grpc::StatusCode::CANCELLED, "client gone"));
  Pump(lock);
}

void StandingsStream::OnCancel() { End(grpc::Status(grpc::StatusCode::CANCELLED, "stream ended")); }

void StandingsStream::OnDone() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    waiting_.reset();
    place_.Release();
  }
  owner_.Remove(this);
  Unref();
}

}  // namespace skat::service
