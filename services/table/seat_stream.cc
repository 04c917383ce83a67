#include "services/table/seat_stream.h"

#include <utility>

namespace skat::service {

SeatStream::SeatStream(grpc::CallbackServerContext* context, std::string table, std::string token,
                       StreamPlace place)
    : WriteQueueStream(std::move(place)),
      context_(context),
      table_(std::move(table)),
      token_(std::move(token)) {}

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
  if (!updates.empty() || last) Enqueue(std::move(updates), last);
}

bool SeatStream::SetHeld(std::shared_ptr<TableHost::Held> held) {
  std::lock_guard lock(mutex_);
  if (DoneLocked()) return false;
  held_ = std::move(held);
  return true;
}

void SeatStream::Detach() {
  std::shared_ptr<TableHost::Held> held;
  {
    std::lock_guard lock(mutex_);
    held = std::move(held_);
  }
  if (held != nullptr) {
    std::lock_guard lock(held->mutex);
    held->streams.erase(this);
  }
}

}  // namespace skat::service
