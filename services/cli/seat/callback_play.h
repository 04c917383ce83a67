// One seat's play on gRPC's callback API, for `skat bot --driver callback`
// (services/cli/seat/bot_driver.h, BotOptions::callbacks; docs/performance.md "The 1909 congress"):
// the WatchSeat stream is a ClientReadReactor and each act a callback unary call, so that a process
// driving hundreds of seats spends no thread wake-up per message (measured at 204 players:
// 204 instead of 273 us of bot CPU per act). At most one act is in flight; a view that arrives
// meanwhile is kept and acted on when the answer comes; acts go out with sequence numbers after
// the one given. No retries: any failure ends the play, and the caller falls back to SeatClient's
// retrying path (services/cli/seat/seat_client.h), which joins the seat again, learns from the
// server's last sequence number whether the act in doubt went in, and resends it otherwise.
// Owned by a shared_ptr: gRPC's callbacks hold it until they return.
#ifndef SKAT_SERVICES_CLI_SEAT_CALLBACK_PLAY_H_
#define SKAT_SERVICES_CLI_SEAT_CALLBACK_PLAY_H_

#include <grpcpp/grpcpp.h>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/act.h"
#include "engine/view.h"
#include "services/cli/seat/bot_stats.h"
#include "services/cli/seat/seat_client.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {

class CallbackPlay : public grpc::ClientReadReactor<v1::SeatUpdate>,
                     public std::enable_shared_from_this<CallbackPlay> {
 public:
  // The act for an engine view that asks the seat to act (and its wire form).
  using Chooser = std::function<Act(const SeatView&, const std::vector<Act>&, const v1::SeatView&)>;

  // last_sequence: the last sequence number the server accepted from the seat (JoinSeat).
  // final_view: called with each board's final view (its result). stats: may be null.
  CallbackPlay(v1::TableService::Stub& stub, std::string table, std::string token,
               int64_t last_sequence, Chooser choose,
               std::function<void(const v1::SeatView&)> final_view, BotStats* stats);

  // Plays until the table is finished (true), or a call fails or the stopper stops it (false;
  // why() says what failed). Returns once no call is left in flight.
  bool Run(Stopper& stopper);
  const std::string& why() const { return why_; }

  void OnReadDone(bool ok) override;
  void OnDone(const grpc::Status& status) override;

 private:
  void MaybeAct();
  void ActDone(const grpc::Status& status, std::chrono::steady_clock::time_point sent);

  v1::TableService::Stub& stub_;
  const std::string table_;
  const std::string token_;
  int64_t sequence_;  // the last sequence number the server accepted
  const Chooser choose_;
  const std::function<void(const v1::SeatView&)> final_view_;
  BotStats* const stats_;
  grpc::ClientContext stream_context_;
  v1::WatchSeatRequest watch_;
  v1::SeatUpdate update_;
  std::mutex mutex_;
  std::condition_variable ended_;
  std::optional<v1::SeatView> latest_;
  std::pair<int, int> acted_at_{-1, -1};
  bool in_flight_ = false;
  bool stream_done_ = false;
  bool finished_ = false;
  std::string why_;
  std::unique_ptr<grpc::ClientContext> act_context_;
  v1::ActRequest request_;
  v1::ActResponse response_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEAT_CALLBACK_PLAY_H_
