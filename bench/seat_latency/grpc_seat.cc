#include "bench/seat_latency/grpc_seat.h"

#include <utility>

namespace skat::service::seat_latency {

GrpcSeat::GrpcSeat(PhaseShared& shared, TableTrack& track, int table_no, int chair,
                   std::string table, std::string token, std::shared_ptr<grpc::Channel> channel,
                   Timers& timers)
    : Seat(shared, track, table_no, chair, std::move(table), std::move(token)),
      channel_(std::move(channel)),
      stub_(v1::TableService::NewStub(channel_)),
      timers_(timers) {}

void GrpcSeat::Start() {
  stream_context_.AddMetadata("authorization", "Bearer " + token());
  watch_.set_table(table());
  stub_->async()->WatchSeat(&stream_context_, &watch_, this);
  StartRead(&update_);
  StartCall();
}

void GrpcSeat::OnReadDone(bool ok) {
  const auto at = Clock::now();
  if (!ok) return;  // OnDone follows
  Update(update_, at);
  StartRead(&update_);
}

void GrpcSeat::OnDone(const grpc::Status& status) {
  StreamEnded(status.ok() ? "" : status.error_message());
}

void GrpcSeat::Schedule(Clock::duration delay) {
  timers_.After(delay, [this] { ThinkDone(); });
}

void GrpcSeat::Send(const v1::ActRequest& request) {
  act_request_ = request;
  act_context_ = load::Context(token(), 60);
  act_response_.Clear();
  stub_->async()->Act(
      act_context_.get(), &act_request_, &act_response_, [this](grpc::Status status) {
        const auto at = Clock::now();
        if (status.ok()) {
          Answered("", act_response_.board_index(), act_response_.act_index(), at);
        } else {
          Answered("Act: " + status.error_message() + " (" + act_request_.ShortDebugString() + ")",
                   0, 0, at);
        }
      });
}

}  // namespace skat::service::seat_latency
