#include "services/cli/seat/callback_play.h"

#include "services/common/game_proto.h"

namespace skat::cli {

CallbackPlay::CallbackPlay(v1::TableService::Stub& stub, std::string table, std::string token,
                           int64_t last_sequence, Chooser choose,
                           std::function<void(const v1::SeatView&)> final_view, BotStats* stats)
    : stub_(stub),
      table_(std::move(table)),
      token_(std::move(token)),
      sequence_(last_sequence),
      choose_(std::move(choose)),
      final_view_(std::move(final_view)),
      stats_(stats) {}

bool CallbackPlay::Run(Stopper& stopper) {
  stream_context_.AddMetadata("authorization", "Bearer " + token_);
  if (!stopper.Register(&stream_context_)) return false;
  watch_.set_table(table_);
  stub_.async()->WatchSeat(&stream_context_, &watch_, this);
  StartRead(&update_);
  StartCall();
  {
    std::unique_lock lock(mutex_);
    ended_.wait(lock, [this] { return stream_done_ && !in_flight_; });
  }
  stopper.Unregister(&stream_context_);
  return finished_ && why_.empty();
}
void CallbackPlay::OnReadDone(bool ok) {
  if (!ok) return;  // OnDone follows
  const v1::SeatView& wire = update_.view();
  if (wire.phase() == v1::PHASE_FINISHED && wire.has_result()) final_view_(wire);
  bool finished = false;
  {
    std::lock_guard lock(mutex_);
    if (update_.table_finished()) {
      finished = finished_ = true;
    } else if (wire.legal_acts_size() > 0) {
      latest_ = wire;
    }
  }
  if (finished) {
    stream_context_.TryCancel();  // the stream's end is all that is left
    return;
  }
  MaybeAct();
  StartRead(&update_);
}

void CallbackPlay::OnDone(const grpc::Status& status) {
  auto self = shared_from_this();
  std::lock_guard lock(mutex_);
  if (!finished_ && why_.empty()) why_ = "watch: " + status.error_message();
  stream_done_ = true;
  ended_.notify_all();
}

void CallbackPlay::MaybeAct() {
  v1::SeatView wire;
  {
    std::lock_guard lock(mutex_);
    if (in_flight_ || !latest_ || !why_.empty() || finished_) return;
    wire = std::move(*latest_);
    latest_.reset();
    const std::pair<int, int> at{wire.board_index(), wire.act_count()};
    if (at <= acted_at_) return;
    Result<SeatView> view = EngineView(wire);
    Result<std::vector<Act>> legal = service::LegalActsFromProto(wire);
    if (!view.ok() || !legal.ok()) {
      why_ = "unreadable view from skatd";
      stream_context_.TryCancel();
      return;
    }
    if (!AskedToAct(*view)) return;
    acted_at_ = at;
    in_flight_ = true;
    request_.Clear();
    request_.set_table(table_);
    request_.set_sequence(sequence_ + 1);
    request_.set_board_number(wire.board_number());
    service::ToProto(choose_(*view, *legal, wire), request_.mutable_act());
    request_.mutable_act()->clear_text();
  }
  act_context_ = SeatContext(token_, std::chrono::seconds(30));
  response_.Clear();
  const auto sent = std::chrono::steady_clock::now();
  stub_.async()->Act(
      act_context_.get(), &request_, &response_,
      [self = shared_from_this(), sent](grpc::Status status) { self->ActDone(status, sent); });
}

void CallbackPlay::ActDone(const grpc::Status& status, std::chrono::steady_clock::time_point sent) {
  {
    std::lock_guard lock(mutex_);
    in_flight_ = false;
    if (status.ok()) {
      sequence_ = request_.sequence();
      if (stats_ != nullptr) stats_->ActDone(sent);
    } else if (why_.empty()) {
      why_ = "act: " + status.error_message();
    }
  }
  if (status.ok()) {
    MaybeAct();
  } else {
    stream_context_.TryCancel();  // OnDone follows
  }
  std::lock_guard lock(mutex_);
  if (stream_done_ && !in_flight_) ended_.notify_all();
}

}  // namespace skat::cli
