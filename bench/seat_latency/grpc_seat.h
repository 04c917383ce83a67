// seat_latency's gRPC door (see bench/seat_latency.cc): a Seat whose WatchSeat stream is a
// ClientReadReactor on a channel of its own and whose Acts are callback unary calls on it, as
// gRPC's callback API runs them on its own few threads (no thread per seat); the thinking is
// timed on a shared Timers thread. Start opens the stream; Cancel ends it (OnDone follows). The
// seat outlives its stream's OnDone and its act's callback.
#ifndef SKAT_BENCH_SEAT_LATENCY_GRPC_SEAT_H_
#define SKAT_BENCH_SEAT_LATENCY_GRPC_SEAT_H_

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "bench/seat_latency/seat.h"
#include "bench/seat_latency/timers.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service::seat_latency {

class GrpcSeat final : public Seat, public grpc::ClientReadReactor<v1::SeatUpdate> {
 public:
  GrpcSeat(PhaseShared& shared, TableTrack& track, int table_no, int chair, std::string table,
           std::string token, std::shared_ptr<grpc::Channel> channel, Timers& timers);

  void Start();
  void Cancel() { stream_context_.TryCancel(); }

  void OnReadDone(bool ok) override;
  void OnDone(const grpc::Status& status) override;

 protected:
  void Schedule(Clock::duration delay) override;
  void Send(const v1::ActRequest& request) override;

 private:
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::TableService::Stub> stub_;
  Timers& timers_;
  grpc::ClientContext stream_context_;
  v1::WatchSeatRequest watch_;
  v1::SeatUpdate update_;
  std::unique_ptr<grpc::ClientContext> act_context_;
  v1::ActRequest act_request_;
  v1::ActResponse act_response_;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_GRPC_SEAT_H_
