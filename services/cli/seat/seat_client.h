// Driving one seat of a table over gRPC (proto/skat/v1/table_service.proto), shared by `skat bot`
// and `skat play`: the seat token, the per-chair sequence numbers, retries with backoff, and a
// WatchSeat stream that reconnects.
//
// Retries: UNAVAILABLE (skatd or its database down, or "table-owned-elsewhere"),
// DEADLINE_EXCEEDED, ABORTED (the server lost the table), RESOURCE_EXHAUSTED and a CANCELLED the
// client did not ask for (skatd shutting down) are retried after 50 ms, doubling to 1 s, until
// calls have kept failing for `retry_for`. Every other error is final.
//
// Acts are never skipped or repeated: an act goes out with sequence last + 1; when its outcome is
// in doubt (a retryable failure) the client joins the seat again and resends the SAME act with
// the SAME sequence number. When the server's last_sequence shows it was accepted already, the
// resend is a repeat: the server answers it with the original response and never applies it
// twice. Every resend is told to the note callback ("act #N resent with the same sequence
// number (...)").
#ifndef SKAT_SERVICES_CLI_SEAT_SEAT_CLIENT_H_
#define SKAT_SERVICES_CLI_SEAT_SEAT_CLIENT_H_

#include <grpcpp/grpcpp.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "engine/view.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {

// Adds the options of a program that drives seats: --retry-for (seconds of failing calls before
// it gives up, 1 to 86400; `retry_for` holds the default) and --server (env SKAT_SERVER, default
// 127.0.0.1:50051), but no --token: seats authenticate with their seat tokens, not the
// director's.
void AddSeatOptions(CLI::App& sub, std::string& server, int& retry_for);

// A channel that reconnects within a second after skatd comes back.
std::shared_ptr<grpc::Channel> ConnectSeats(const std::string& server);

// A context with "authorization: Bearer <token>" and, unless zero, a deadline.
std::unique_ptr<grpc::ClientContext> SeatContext(const std::string& token,
                                                 std::chrono::seconds deadline);

// The outcome of a call: its status and skatd's reason (the skat-reason trailer), if any.
struct CallResult {
  grpc::Status status;
  std::string reason;  // "out-of-turn", "table-owned-elsewhere", ...; empty when none

  bool ok() const { return status.ok(); }
  // "out-of-turn: <message>", or for a call that never reached skatd "cannot reach skatd ...".
  std::string Describe(const std::string& server) const;
};
CallResult Outcome(const grpc::Status& status, const grpc::ClientContext& context);

// Whether a failed call may be tried again (see the top of this file). `stopping`: the client
// cancelled its own calls, so CANCELLED is final.
bool Retryable(grpc::StatusCode code, bool stopping);

// One per process: Stop() cancels every registered call and wakes every backoff sleep.
class Stopper {
 public:
  void Stop();
  bool stopped() const;
  // Sleeps up to `duration`; false when stopped (at once or while sleeping).
  bool SleepFor(std::chrono::milliseconds duration);
  // While registered, Stop() cancels the call. Register returns false (and registers nothing)
  // when already stopped: the call must not start.
  bool Register(grpc::ClientContext* context);
  void Unregister(grpc::ClientContext* context);

 private:
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopped_ = false;
  std::set<grpc::ClientContext*> calls_;
};

// 50 ms doubling to 1 s between tries; gives up once calls have failed for `retry_for` in a row.
class Backoff {
 public:
  Backoff(Stopper& stopper, std::chrono::seconds retry_for)
      : stopper_(stopper), retry_for_(retry_for) {}
  // After a retryable failure: sleeps, then true; false when stopped or failing for too long.
  bool Wait();
  // After a success.
  void Reset();

 private:
  Stopper& stopper_;
  std::chrono::seconds retry_for_;
  std::chrono::milliseconds delay_{50};
  std::optional<std::chrono::steady_clock::time_point> failing_since_;
};

struct SeatOptions {
  std::string server;  // for messages
  std::string table;   // "events/{event}/tables/{table}"
  std::string token;   // the chair's seat token
  std::chrono::seconds retry_for{60};
  // Called with a line about a retry ("unavailable: ...; retrying"); may be empty.
  std::function<void(const std::string&)> note;
};

// One seat. Not thread-safe: a program that watches in one thread and acts in another uses two
// SeatClients for the same seat (the watcher then never joins).
class SeatClient {
 public:
  SeatClient(std::shared_ptr<grpc::Channel> channel, SeatOptions options, Stopper& stopper);

  const SeatOptions& options() const { return options_; }
  // After Join: the chair, the last sequence number the server accepted from it, its view.
  int chair() const { return chair_; }
  int64_t last_sequence() const { return last_sequence_; }
  const v1::SeatView& joined_view() const { return joined_view_; }

  // JoinSeat, retried.
  CallResult Join();
  // Sends one act as sequence last_sequence() + 1 (REQUIRES: Join() succeeded once), retried as
  // described at the top; OK once the server accepted it (now or before). After a final error
  // the act was not applied and its sequence number is free again. board_number: the board the
  // act is meant for (0: the current one).
  CallResult SendAct(const v1::Act& act, int board_number, v1::ActResponse* response = nullptr);
  // Streams the seat's views, reconnecting with backoff (and, with rejoin, joining the seat
  // again first) after a retryable failure, until the table is finished (OK, after on_update saw
  // the message with table_finished), on_update returns false (OK), Stop, or a final error.
  CallResult Watch(const std::function<bool(const v1::SeatUpdate&)>& on_update, bool rejoin);
  // GetTable with this seat's token, retried.
  CallResult GetTable(v1::Table* table);
  // ListResults with this seat's token, every page (list_pages.h), each retried.
  CallResult ListResults(v1::ListResultsResponse* results);

 private:
  // Runs `call(context)` until it succeeds, fails finally or retries run out.
  CallResult Retry(const std::string& what,
                   const std::function<grpc::Status(grpc::ClientContext*)>& call);
  CallResult JoinOnce();
  void Note(const std::string& what, const CallResult& result);
  void Recovered();  // after a success: the backoff starts again at 50 ms
  // Tells the note callback that act `sequence` went out again (always, unthrottled).
  void Resent(int64_t sequence, const std::string& why);

  std::unique_ptr<v1::TableService::Stub> stub_;
  SeatOptions options_;
  Stopper& stopper_;
  Backoff backoff_;
  int failures_ = 0;  // in a row
  int chair_ = 0;
  int64_t last_sequence_ = 0;
  v1::SeatView joined_view_;
};

// The engine's view of a received SeatView (services/common/game_proto.h) with the leader of an
// empty trick restored: the wire leaves an empty trick's leader unset, the engine's view has the
// seat to lead there (engine/view.cc), and the bots read it.
Result<SeatView> EngineView(const v1::SeatView& view);

// Whether the seat is asked to act now, as the engine's driver asks (engine/players/bot.h
// NextSeat): it is to move, or a claim or concession awaits its answer and it is the first seat
// (the seat to move, else in direction order) whose answer is awaited: answers come one at a time,
// so the order of the acts never depends on timing. Its other legal acts (a defender's offer to
// concede, Contra, the declarer's raise) are the player's own idea, never a bot's.
bool AskedToAct(const SeatView& view);

// "+30", "0", "-18".
std::string Signed(int value);
// "F +30 M 0 R 0".
std::string PadLine(const v1::GameResult& result);
// "tb-x" from "events/E/tables/tb-x".
std::string ShortTableName(const std::string& table);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEAT_SEAT_CLIENT_H_
