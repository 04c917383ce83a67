#include "bench/seat_latency/seat.h"

#include <utility>

#include "bench/load_tables.h"

namespace skat::service::seat_latency {

Seat::Seat(PhaseShared& shared, TableTrack& track, int table_no, int chair, std::string table,
           std::string token)
    : shared_(shared),
      track_(track),
      table_no_(table_no),
      chair_(chair),
      table_(std::move(table)),
      token_(std::move(token)),
      rng_(load::Mix(shared.seed,
                     {0x7417ULL, static_cast<uint64_t>(table_no), static_cast<uint64_t>(chair)})) {}

void Seat::Update(const v1::SeatUpdate& update, Clock::time_point at) {
  const v1::SeatView& view = update.view();
  Seen(view.board_index(), view.act_count(), update.table_finished(), at);
  if (update.table_finished() || !load::AskedToAct(view)) return;
  std::unique_lock lock(mutex_);
  const Position position{view.board_index(), view.act_count()};
  if (acted_at_ && position <= *acted_at_) return;
  latest_ = view;
  if (!shared_.released || thinking_) return;
  thinking_ = true;
  const Clock::duration delay = ThinkTime();
  lock.unlock();
  Schedule(delay);
}

void Seat::Seen(int board_index, int act_count, bool table_finished, Clock::time_point at) {
  {
    std::lock_guard lock(mutex_);
    if (!seen_first_) {
      seen_first_ = true;
      ++shared_.first_views;
    }
    if (table_finished && !finished_) {
      finished_ = true;
      finished_at_ = at;
      ++shared_.table_finished;
    }
  }
  track_.Seen(chair_, {board_index, act_count}, at);
}

void Seat::Release() {
  std::unique_lock lock(mutex_);
  if (!latest_ || thinking_) return;
  thinking_ = true;
  const Clock::duration delay = ThinkTime();
  lock.unlock();
  Schedule(delay);
}

void Seat::ThinkDone() {
  std::unique_lock lock(mutex_);
  thinking_ = false;
  TryAct(lock);
}

void Seat::Answered(const std::string& error, int board_index, int act_index,
                    Clock::time_point at) {
  track_.Answered(chair_, error.empty(), {board_index, act_index + 1}, at);
  std::unique_lock lock(mutex_);
  in_flight_ = false;
  if (!error.empty()) {
    shared_.Fail(table_ + " chair " + std::to_string(chair_ + 1) + ": " + error);
  } else {
    ++shared_.acts;
  }
  if (!thinking_) TryAct(lock);  // a view that asked meanwhile, its thinking done
  --shared_.in_flight;
}

void Seat::StreamEnded(const std::string& error) {
  {
    std::lock_guard lock(mutex_);
    if (ended_) return;
    ended_ = true;
    if (!finished_) {
      shared_.Fail("the stream of " + table_ + " chair " + std::to_string(chair_ + 1) +
                   " ended before the table finished" + (error.empty() ? "" : ": " + error));
    }
  }
  ++shared_.ended;
}

Clock::time_point Seat::finished_at() {
  std::lock_guard lock(mutex_);
  return finished_at_;
}

Clock::duration Seat::ThinkTime() {
  if (shared_.think_ms <= 0) return Clock::duration::zero();
  std::uniform_int_distribution<int64_t> us(0, int64_t{1000} * shared_.think_ms);
  return std::chrono::microseconds(us(rng_));
}

void Seat::TryAct(std::unique_lock<std::mutex>& lock) {
  if (in_flight_ || !latest_) return;
  const v1::SeatView view = std::move(*latest_);
  latest_.reset();
  const Position at{view.board_index(), view.act_count()};
  if (acted_at_ && at <= *acted_at_) return;
  acted_at_ = at;
  v1::ActRequest request;
  if (std::string e = load::BotAct(*shared_.profile, shared_.seed, table_no_, chair_, view,
                                   request.mutable_act());
      !e.empty()) {
    shared_.Fail(e);
    return;
  }
  request.set_table(table_);
  request.set_sequence(++sequence_);
  request.set_board_number(view.board_number());
  in_flight_ = true;
  ++shared_.in_flight;
  track_.Sent(chair_, {at.first, at.second + 1}, Clock::now());
  lock.unlock();
  Send(request);
  lock.lock();
}

}  // namespace skat::service::seat_latency
