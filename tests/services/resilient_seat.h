// A seat client that survives its server (tests/services/table_durability_test.cc): it drives one
// chair of a table to the end against an address that may change between attempts (a function
// gives the current one), the way a careful client of proto/skat/v1/table_service.proto would:
//
//   JoinSeat -> the chair and last_sequence; WatchSeat; for each received view that offers this
//   chair legal acts (and is newer than the last view acted on) choose an act with the heuristic
//   bot (engine/players/bot.h ChooseBotAct, seeded from seed, table key, chair, board and act
//   count, so that the same table state always gets the same act) and send it with the next
//   sequence number under a short deadline.
//
//   On any transient failure (UNAVAILABLE, ABORTED, DEADLINE_EXCEEDED, CANCELLED, a broken stream,
//   INTERNAL from a dying connection) it backs off briefly, builds a channel to the current
//   address, joins again and looks at last_sequence: an act it sent without getting an answer is
//   sent again with the SAME sequence number and the same act. If last_sequence shows the server
//   had accepted it, the resend is answered from the server's memory (a "repeat": the original
//   response, never applied twice) and the seat continues with the next number.
//
// Every (sequence, response) received is recorded, resends and repeats are counted, and every
// failure is kept for diagnosis. A refusal that cannot be transient (FAILED_PRECONDITION such as
// "out-of-turn" or "sequence-reused", INVALID_ARGUMENT, PERMISSION_DENIED, ...) ends the seat
// with `error` set: against a correct server it never happens.
//
// Header-only; one ResilientSeat::Run per thread. Needs skat_engine, skat_service_common and
// gRPC.
#ifndef SKAT_TESTS_SERVICES_RESILIENT_SEAT_H_
#define SKAT_TESTS_SERVICES_RESILIENT_SEAT_H_

#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/players/bot.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service::testing_seat {

// The act seed of the deterministic policy: a mix of everything that identifies the decision.
// Two tables of the same boards with the same table_key choose the same acts.
inline uint64_t ActSeed(uint64_t seed, uint64_t table_key, int chair, int board, int act_count) {
  uint64_t x = seed;
  for (uint64_t part : {table_key, static_cast<uint64_t>(chair), static_cast<uint64_t>(board),
                        static_cast<uint64_t>(act_count)}) {
    x ^= part + 0x9e3779b97f4a7c15ULL + (x << 6) + (x >> 2);
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

// The heuristic bot's act for a received view (with legal acts), as sent on the wire (no text).
inline Result<v1::Act> BotWireAct(const Profile& profile, const v1::SeatView& wire, uint64_t seed) {
  Result<SeatView> view = FromProto(wire);
  if (!view.ok()) return view.status();
  Result<std::vector<Act>> legal = LegalActsFromProto(wire);
  if (!legal.ok()) return legal.status();
  if (legal->empty() || !view->seat) {
    return Status::InvalidArgument("the view offers no act");
  }
  v1::Act out;
  ToProto(ChooseBotAct(profile, *view, *legal, seed), &out);
  out.clear_text();
  return out;
}

// True when the view asks this seat for an act: it is to move, or a claim or concession awaits
// its answer. (A defender who is not to move may still have legal acts, e.g. an offer to concede;
// a bot asked then would make one, so the seat is not asked.)
inline bool AskedToAct(const v1::SeatView& view) {
  if (view.legal_acts_size() == 0 || view.seat() == v1::DIRECTION_UNSPECIFIED) return false;
  if (view.to_move() == view.seat()) return true;
  for (int d : view.proposal().awaiting()) {
    if (d == view.seat()) return true;
  }
  return false;
}

// The reason a failed call carries in its trailers ("table-owned-elsewhere"), or "".
inline std::string TrailerReason(const grpc::ClientContext& context) {
  const auto& trailers = context.GetServerTrailingMetadata();
  auto it = trailers.find("skat-reason");
  return it == trailers.end() ? "" : std::string(it->second.data(), it->second.size());
}

// True for failures a client retries: the server or the connection went away, the table moved
// to or is held by another server, or a short deadline passed.
inline bool Transient(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::ABORTED:
    case grpc::StatusCode::DEADLINE_EXCEEDED:
    case grpc::StatusCode::CANCELLED:
    case grpc::StatusCode::UNKNOWN:   // a connection torn down mid-call (see Failed)
    case grpc::StatusCode::INTERNAL:  // idem ("Received RST_STREAM ...")
      return true;
    default: return false;
  }
}

// A channel that notices a restarted server quickly: short reconnect backoff, and its own
// subchannels (not shared with other channels to the same address, which may be backing off).
inline std::shared_ptr<grpc::Channel> FastReconnectChannel(const std::string& address) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 50);
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 50);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 250);
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

struct ResilientSeatOptions {
  // The server to use now ("127.0.0.1:port"); asked again before every reconnection.
  std::function<std::string()> address;
  std::string table;  // "events/{event}/tables/{table}"
  std::string token;  // the chair's seat token
  const Profile* profile = &Nasl1909();
  uint64_t seed = 1;
  uint64_t table_key = 0;  // tables with equal keys (and boards) play identically
  std::chrono::milliseconds rpc_deadline{5000};
  // The WatchSeat stream is given up and opened again after this long (a silent server).
  std::chrono::milliseconds stream_deadline{30000};
  std::chrono::milliseconds backoff{20};  // doubled after every failed attempt, up to max
  std::chrono::milliseconds max_backoff{250};
  // The seat gives up (error) after this long without an accepted act or a received view.
  std::chrono::milliseconds give_up{120000};
  // Incremented once for every act of this seat the server acknowledged for the first time.
  std::atomic<int>* acknowledged = nullptr;
  // While set, the seat sends no new act (a resend of an unanswered act is not held back).
  std::atomic<bool>* hold = nullptr;
  // Set by anyone: the seat stops at the next opportunity (error "stopped").
  std::atomic<bool>* stop = nullptr;
  // A deliberate disconnection: called with every view received; when it returns true the seat
  // cancels its stream, waits disconnect_for, and joins again with the same token.
  std::function<bool(const v1::SeatView&)> disconnect_when;
  std::chrono::milliseconds disconnect_for{1000};
};

// Everything the seat went through.
struct ResilientSeatLog {
  int chair = 0;
  bool finished = false;  // received the table's final view
  // Every successful Act response with the sequence number it was sent with, in order
  // (repeats included).
  std::vector<std::pair<int64_t, v1::ActResponse>> responses;
  // For each of responses: when its Act call was made and when the answer came.
  std::vector<
      std::pair<std::chrono::steady_clock::time_point, std::chrono::steady_clock::time_point>>
      response_times;
  int acts_sent = 0;       // Act calls made (first sends and resends)
  int resends = 0;         // acts sent again with their sequence number after a failure
  int repeats = 0;         // resends of acts the server had accepted (answered from memory)
  int reconnections = 0;   // joins after the first
  int disconnections = 0;  // deliberate ones (disconnect_when)
  // After each deliberate disconnection: the view JoinSeat returned and the stream's first one.
  std::vector<v1::SeatView> rejoin_views;
  std::vector<v1::SeatView> rejoin_stream_views;
  // "Act UNAVAILABLE [table-owned-elsewhere]: ..." for every failed call, in order.
  std::vector<std::string> failures;
  std::vector<std::chrono::steady_clock::time_point> failure_times;  // when each happened
  std::string error;  // why the seat stopped before the table finished; empty when it finished
  v1::SeatView last_view;
};

class ResilientSeat {
 public:
  explicit ResilientSeat(ResilientSeatOptions options) : o_(std::move(options)) {}

  // From another thread: Run returns soon with error "stopped" (unless it finished first).
  void Cancel() {
    std::lock_guard lock(cancel_mutex_);
    cancelled_ = true;
    if (stream_context_ != nullptr) stream_context_->TryCancel();
  }

  ResilientSeatLog Run() {
    auto progress = Clock::now();
    auto backoff = o_.backoff;
    bool first_attempt = true;
    bool deliberate = false;  // the last attempt ended by disconnect_when
    while (!log_.finished && log_.error.empty()) {
      if (Stopped()) {
        log_.error = "stopped";
        break;
      }
      if (!first_attempt) {
        if (Clock::now() - progress > o_.give_up) {
          log_.error =
              "no progress for " + std::to_string(o_.give_up.count()) +
              " ms; last failure: " + (log_.failures.empty() ? "none" : log_.failures.back());
          break;
        }
        if (deliberate) {
          std::this_thread::sleep_for(o_.disconnect_for);
        } else {
          std::this_thread::sleep_for(backoff);
          backoff = std::min(backoff * 2, o_.max_backoff);
        }
        ++log_.reconnections;
      }
      first_attempt = false;
      const bool rejoin_after_disconnect = deliberate;
      deliberate = false;
      const Outcome result = Attempt(rejoin_after_disconnect, progress);
      if (result == kProgress || result == kDisconnected) backoff = o_.backoff;
      deliberate = result == kDisconnected;
    }
    return log_;
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum Outcome { kFailed, kProgress, kDisconnected, kDone };

  // An act sent whose answer did not arrive.
  struct Pending {
    int64_t sequence = 0;
    v1::ActRequest request;
  };

  bool Stopped() {
    if (o_.stop != nullptr && o_.stop->load()) return true;
    std::lock_guard lock(cancel_mutex_);
    return cancelled_;
  }

  std::unique_ptr<grpc::ClientContext> Context(std::chrono::milliseconds deadline) const {
    auto context = std::make_unique<grpc::ClientContext>();
    context->AddMetadata("authorization", "Bearer " + o_.token);
    context->set_deadline(std::chrono::system_clock::now() + deadline);
    return context;
  }

  v1::TableService::Stub& Stub() {
    const std::string address = o_.address();
    if (stub_ == nullptr || address != address_) {
      address_ = address;
      stub_ = v1::TableService::NewStub(FastReconnectChannel(address));
    }
    return *stub_;
  }

  // Records a failed call; false (and `error` set) when it cannot be transient.
  bool Failed(const char* what, const grpc::Status& status, const grpc::ClientContext& context) {
    const std::string reason = TrailerReason(context);
    std::string text = std::string(what) + " " + std::to_string(status.error_code()) +
                       (reason.empty() ? "" : " [" + reason + "]") + ": " + status.error_message();
    log_.failures.push_back(text);
    log_.failure_times.push_back(Clock::now());
    // The server's own INTERNAL or UNKNOWN carries its reason; the transport's carries none.
    const bool server_fault = (status.error_code() == grpc::StatusCode::INTERNAL ||
                               status.error_code() == grpc::StatusCode::UNKNOWN) &&
                              !reason.empty();
    if (!Transient(status.error_code()) || server_fault) {
      log_.error = text;
      return false;
    }
    return true;
  }

  // Sends `request`; kProgress on an answer (recorded), kFailed on a transient failure,
  // kDone (error set) on a refusal.
  Outcome SendAct(const v1::ActRequest& request, bool resend, bool accepted_before,
                  Clock::time_point& progress) {
    auto context = Context(o_.rpc_deadline);
    v1::ActResponse response;
    ++log_.acts_sent;
    if (resend) ++log_.resends;
    const Clock::time_point sent_at = Clock::now();
    const grpc::Status status = Stub().Act(context.get(), request, &response);
    if (!status.ok()) {
      if (!Failed(resend ? "Act (resend)" : "Act", status, *context)) {
        log_.error += " (act " + request.act().ShortDebugString() + ", sequence " +
                      std::to_string(request.sequence()) + ")";
        return kDone;
      }
      return kFailed;
    }
    if (response.sequence() != request.sequence()) {
      log_.error = "Act: response for sequence " + std::to_string(response.sequence()) + ", sent " +
                   std::to_string(request.sequence());
      return kDone;
    }
    log_.responses.emplace_back(request.sequence(), response);
    log_.response_times.emplace_back(sent_at, Clock::now());
    if (accepted_before) {
      ++log_.repeats;
    } else if (o_.acknowledged != nullptr) {
      o_.acknowledged->fetch_add(1);
    }
    acknowledged_ = std::max(acknowledged_, request.sequence());
    pending_.reset();
    progress = Clock::now();
    return kProgress;
  }

  // One connection: join, settle a pending act, watch and act until the table finishes or
  // something fails.
  Outcome Attempt(bool after_disconnect, Clock::time_point& progress) {
    v1::TableService::Stub& stub = Stub();
    v1::Seat seat;
    {
      v1::JoinSeatRequest join;
      join.set_table(o_.table);
      auto context = Context(o_.rpc_deadline);
      const grpc::Status status = stub.JoinSeat(context.get(), join, &seat);
      if (!status.ok()) return Failed("JoinSeat", status, *context) ? kFailed : kDone;
    }
    log_.chair = seat.chair();
    if (after_disconnect) log_.rejoin_views.push_back(seat.view());
    const int64_t last = seat.last_sequence();
    if (pending_) {
      // The server accepted it (answer lost) or not: either way the same act, the same number.
      const Outcome sent = SendAct(pending_->request, true, last >= pending_->sequence, progress);
      if (sent != kProgress) return sent;
    } else if (last > acknowledged_) {
      // Only possible if the seat's numbering and the server's disagree.
      log_.error = "JoinSeat: last_sequence " + std::to_string(last) + " but this seat's last " +
                   "acknowledged act was " + std::to_string(acknowledged_) + " and none is pending";
      return kDone;
    }
    next_sequence_ = std::max(last, acknowledged_) + 1;

    v1::WatchSeatRequest watch;
    watch.set_table(o_.table);
    auto stream_context = Context(o_.stream_deadline);
    {
      std::lock_guard lock(cancel_mutex_);
      if (cancelled_) return kFailed;
      stream_context_ = stream_context.get();
    }
    std::unique_ptr<grpc::ClientReader<v1::SeatUpdate>> reader =
        stub.WatchSeat(stream_context.get(), watch);
    v1::SeatUpdate update;
    Outcome outcome = kFailed;
    bool first_message = true;
    bool left = false;  // the loop was left here, not by the stream's end
    while (!left && reader->Read(&update)) {
      progress = Clock::now();
      const v1::SeatView& view = update.view();
      log_.last_view = view;
      if (after_disconnect && first_message) log_.rejoin_stream_views.push_back(view);
      first_message = false;
      if (update.table_finished()) {
        log_.finished = true;
        outcome = kDone;
        left = true;
      } else if (Stopped()) {
        left = true;
      } else if (o_.disconnect_when && o_.disconnect_when(view)) {
        ++log_.disconnections;
        outcome = kDisconnected;
        left = true;
      } else if (AskedToAct(view)) {
        outcome = ActOn(view, progress);
        left = outcome != kProgress;
      }
    }
    if (left) {
      stream_context->TryCancel();
      while (reader->Read(&update)) {
      }
    }
    const grpc::Status status = reader->Finish();
    {
      std::lock_guard lock(cancel_mutex_);
      stream_context_ = nullptr;
    }
    if (left) return outcome;
    if (!status.ok()) return Failed("WatchSeat", status, *stream_context) ? kFailed : kDone;
    log_.failures.push_back("WatchSeat ended without the table's final view");
    log_.failure_times.push_back(Clock::now());
    return kFailed;
  }

  // Acts on a view with legal acts unless it is not newer than the last one acted on.
  Outcome ActOn(const v1::SeatView& view, Clock::time_point& progress) {
    const std::pair<int, int> at{view.board_index(), view.act_count()};
    if (acted_at_ && at <= *acted_at_) return kProgress;  // answered this state already
    while (o_.hold != nullptr && o_.hold->load() && !Stopped()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    Result<v1::Act> act = BotWireAct(
        *o_.profile, view,
        ActSeed(o_.seed, o_.table_key, view.chair(), view.board_number(), view.act_count()));
    if (!act.ok()) {
      log_.error = "bot: " + act.status().ToString() + " for " + view.ShortDebugString();
      return kDone;
    }
    acted_at_ = at;
    Pending pending;
    pending.sequence = next_sequence_++;
    pending.request.set_table(o_.table);
    pending.request.set_sequence(pending.sequence);
    pending.request.set_board_number(view.board_number());
    *pending.request.mutable_act() = std::move(act).value();
    pending_ = std::move(pending);
    return SendAct(pending_->request, false, false, progress);
  }

  ResilientSeatOptions o_;
  ResilientSeatLog log_;
  std::mutex cancel_mutex_;
  bool cancelled_ = false;
  grpc::ClientContext* stream_context_ = nullptr;  // the open stream's, for Cancel
  std::string address_;
  std::unique_ptr<v1::TableService::Stub> stub_;
  std::optional<Pending> pending_;
  int64_t acknowledged_ = 0;  // the highest sequence number answered
  int64_t next_sequence_ = 1;
  std::optional<std::pair<int, int>> acted_at_;  // (board index, act count) last acted on
};

}  // namespace skat::service::testing_seat

#endif  // SKAT_TESTS_SERVICES_RESILIENT_SEAT_H_
