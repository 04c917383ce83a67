#include "services/table/seat_stream.h"

#include <utility>

namespace skat::service {

SeatStream::SeatStream(grpc::CallbackServerContext* context, std::string table, std::string token,
                       StreamPlace place)
    : context_(context),
      table_(std::move(table)),
      token_(std::move(token)),
      place_(std::move(place)) {}

void SeatStream::Unref() {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
}

void SeatStream::Advance(const LiveTable& t) {
  if (ended()) return;
  if (next_index_ >= 0 && t.version() == seen_) return;
  seen_ = t.version();
  std::vector<v1::SeatUpdate> updates;
  bool last = false;
  if (next_index_ < 0) {
    // Start at the board in play; before its first act, at the board just finished, so a seat
    // that reconnects as a board ends still receives that board's final view.
    next_index_ = std::min(t.current_index(), t.board_count() - 1);
    if (next_index_ > 0 && !t.finished() && t.game(next_index_).acts().empty()) --next_index_;
  }
  // The final view of every board finished since the last message, then the board in play.
  while (next_index_ < t.current_index()) {
    v1::SeatUpdate& u = updates.emplace_back();
    *u.mutable_view() = t.ViewOf(chair_, next_index_);
    if (next_index_ + 1 == t.board_count()) {
      u.set_table_finished(true);
      last = true;
      break;
    }
    ++next_index_;
    sent_acts_ = -1;
  }
  if (!last && !t.finished()) {
    v1::SeatView view = t.ViewOf(chair_, next_index_);
    if (view.act_count() != sent_acts_ || t.bots_version() != sent_bots_) {
      sent_acts_ = view.act_count();
      sent_bots_ = t.bots_version();
      *updates.emplace_back().mutable_view() = std::move(view);
    }
  }
  if (!updates.empty() || last) Push(std::move(updates), last);
}

void SeatStream::Push(std::vector<v1::SeatUpdate> updates, bool last) {
  std::unique_lock lock(mutex_);
  if (finish_pending_ || finished_ || done_) return;
  for (v1::SeatUpdate& u : updates) queue_.push_back(std::move(u));
  if (last) {
    finish_pending_ = true;
    finish_status_ = grpc::Status::OK;
  }
  Pump(lock);
}

void SeatStream::End(grpc::Status status) {
  std::unique_lock lock(mutex_);
  if (finished_ || done_) return;
  queue_.clear();
  finish_pending_ = true;
  finish_status_ = std::move(status);
  Pump(lock);
}

bool SeatStream::ended() {
  std::lock_guard lock(mutex_);
  return finish_pending_ || finished_ || done_;
}

void SeatStream::Pump(std::unique_lock<std::mutex>& lock) {
  if (writing_ || finished_ || done_) {
    lock.unlock();
    return;
  }
  if (!queue_.empty()) {
    writing_message_ = std::move(queue_.front());
    queue_.pop_front();
    writing_ = true;
    lock.unlock();
    StartWrite(&writing_message_);
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

void SeatStream::OnWriteDone(bool ok) {
  std::unique_lock lock(mutex_);
  writing_ = false;
  if (!ok && !finished_) {
    queue_.clear();
    finish_pending_ = true;
    finish_status_ = grpc::Status(grpc::StatusCode::CANCELLED, "client gone");
  }
  Pump(lock);
}

void SeatStream::OnCancel() { End(grpc::Status(grpc::StatusCode::CANCELLED, "stream ended")); }

void SeatStream::OnDone() {
  std::shared_ptr<TableServiceImpl::Held> held;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    held = std::move(held_);
    place_.Release();
  }
  if (held != nullptr) {
    std::lock_guard lock(held->mutex);
    held->streams.erase(this);
  }
  Unref();
}

}  // namespace skat::service
