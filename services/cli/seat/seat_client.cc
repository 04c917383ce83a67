#include "services/cli/seat/seat_client.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "services/cli/client.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"

namespace skat::cli {
namespace {

constexpr std::chrono::seconds kCallDeadline(30);

std::string CodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "ok";
    case grpc::StatusCode::CANCELLED: return "cancelled";
    case grpc::StatusCode::UNKNOWN: return "unknown";
    case grpc::StatusCode::INVALID_ARGUMENT: return "invalid-argument";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "deadline-exceeded";
    case grpc::StatusCode::NOT_FOUND: return "not-found";
    case grpc::StatusCode::ALREADY_EXISTS: return "already-exists";
    case grpc::StatusCode::PERMISSION_DENIED: return "permission-denied";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "resource-exhausted";
    case grpc::StatusCode::FAILED_PRECONDITION: return "failed-precondition";
    case grpc::StatusCode::ABORTED: return "aborted";
    case grpc::StatusCode::OUT_OF_RANGE: return "out-of-range";
    case grpc::StatusCode::UNIMPLEMENTED: return "unimplemented";
    case grpc::StatusCode::INTERNAL: return "internal";
    case grpc::StatusCode::UNAVAILABLE: return "unavailable";
    case grpc::StatusCode::DATA_LOSS: return "data-loss";
    case grpc::StatusCode::UNAUTHENTICATED: return "unauthenticated";
    default: return "error";
  }
}

CallResult Cancelled() {
  return CallResult{grpc::Status(grpc::StatusCode::CANCELLED, "stopped"), ""};
}

// The last failure, marked as the one we gave up on.
CallResult GaveUp(CallResult last, std::chrono::seconds retry_for) {
  last.status = grpc::Status(last.status.error_code(),
                             last.status.error_message() + " (" +
                                 Tr("gave up after retrying for {0} s", retry_for.count()) + ")");
  return last;
}

}  // namespace

void AddSeatOptions(CLI::App& sub, std::string& server, int& retry_for) {
  sub.add_option("--retry-for", retry_for,
                 Tr("seconds of failing calls (skatd unreachable, ...) before giving up"))
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  const char* env = std::getenv("SKAT_SERVER");
  server = env && *env ? env : "127.0.0.1:50051";
  sub.add_option("--server", server, Tr("skatd address (env SKAT_SERVER)"))->capture_default_str();
}

std::shared_ptr<grpc::Channel> ConnectSeats(const std::string& server) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 100);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  return CreateClientChannel(server, args);
}

std::unique_ptr<grpc::ClientContext> SeatContext(const std::string& token,
                                                 std::chrono::seconds deadline) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  if (deadline.count() > 0) context->set_deadline(std::chrono::system_clock::now() + deadline);
  return context;
}

std::string CallResult::Describe(const std::string& server) const {
  if (reason.empty() && status.error_code() == grpc::StatusCode::UNAVAILABLE) {
    return Tr("cannot reach skatd at {0} ({1})", server, status.error_message());
  }
  if (status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
    return Tr("skatd at {0} did not answer in time", server);
  }
  // A refusal by its reason code in the reader's language (services/cli/i18n/refusal.h).
  if (!reason.empty()) return RefusalText(reason, status.error_message());
  return CodeName(status.error_code()) + ": " + status.error_message();
}

CallResult Outcome(const grpc::Status& status, const grpc::ClientContext& context) {
  CallResult r{status, ""};
  if (status.ok()) return r;
  r.reason = service::ReasonOf(context);
  return r;
}

bool Retryable(grpc::StatusCode code, bool stopping) {
  switch (code) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::DEADLINE_EXCEEDED:
    case grpc::StatusCode::ABORTED:
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return !stopping;
    case grpc::StatusCode::CANCELLED: return !stopping;
    default: return false;
  }
}

// --- Stopper -----------------------------------------------------------------------------------

void Stopper::Stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  for (grpc::ClientContext* c : calls_) c->TryCancel();
  wake_.notify_all();
}

bool Stopper::stopped() const {
  std::lock_guard lock(mutex_);
  return stopped_;
}

bool Stopper::SleepFor(std::chrono::milliseconds duration) {
  std::unique_lock lock(mutex_);
  return !wake_.wait_for(lock, duration, [&] { return stopped_; });
}

bool Stopper::Register(grpc::ClientContext* context) {
  std::lock_guard lock(mutex_);
  if (stopped_) return false;
  calls_.insert(context);
  return true;
}

void Stopper::Unregister(grpc::ClientContext* context) {
  std::lock_guard lock(mutex_);
  calls_.erase(context);
}

// --- Backoff -----------------------------------------------------------------------------------

bool Backoff::Wait() {
  const auto now = std::chrono::steady_clock::now();
  if (!failing_since_) failing_since_ = now;
  if (now - *failing_since_ >= retry_for_) return false;
  const std::chrono::milliseconds delay = delay_;
  delay_ = std::min(delay_ * 2, std::chrono::milliseconds(1000));
  return stopper_.SleepFor(delay);
}

void Backoff::Reset() {
  delay_ = std::chrono::milliseconds(50);
  failing_since_.reset();
}

// --- SeatClient --------------------------------------------------------------------------------

SeatClient::SeatClient(std::shared_ptr<grpc::Channel> channel, SeatOptions options,
                       Stopper& stopper)
    : stub_(v1::TableService::NewStub(std::move(channel))),
      options_(std::move(options)),
      stopper_(stopper),
      backoff_(stopper, options_.retry_for) {}

void SeatClient::Note(const std::string& what, const CallResult& result) {
  // The first failure of a run of failures, then every tenth.
  if (options_.note && failures_ % 10 == 0) {
    options_.note(what + ": " + result.Describe(options_.server) + "; " + Tr("retrying"));
  }
  ++failures_;
}

void SeatClient::Resent(int64_t sequence, const std::string& why) {
  // Every resend, unthrottled: the fault tests count them (tests/services/event_faults_test.cc).
  if (options_.note) {
    options_.note(Tr("act #{0} resent with the same sequence number ({1})", sequence, why));
  }
}

void SeatClient::Recovered() {
  backoff_.Reset();
  failures_ = 0;
}

CallResult SeatClient::Retry(const std::string& what,
                             const std::function<grpc::Status(grpc::ClientContext*)>& call) {
  for (;;) {
    auto context = SeatContext(options_.token, kCallDeadline);
    if (!stopper_.Register(context.get())) return Cancelled();
    const grpc::Status status = call(context.get());
    stopper_.Unregister(context.get());
    CallResult r = Outcome(status, *context);
    if (r.ok()) {
      Recovered();
      return r;
    }
    if (!Retryable(status.error_code(), stopper_.stopped())) return r;
    Note(what, r);
    if (!backoff_.Wait()) return stopper_.stopped() ? Cancelled() : GaveUp(r, options_.retry_for);
  }
}

CallResult SeatClient::JoinOnce() {
  auto context = SeatContext(options_.token, kCallDeadline);
  if (!stopper_.Register(context.get())) return Cancelled();
  v1::JoinSeatRequest request;
  request.set_table(options_.table);
  v1::Seat seat;
  const grpc::Status status = stub_->JoinSeat(context.get(), request, &seat);
  stopper_.Unregister(context.get());
  CallResult r = Outcome(status, *context);
  if (r.ok()) {
    chair_ = seat.chair();
    last_sequence_ = seat.last_sequence();
    joined_view_ = std::move(*seat.mutable_view());
  }
  return r;
}

CallResult SeatClient::Join() {
  for (;;) {
    CallResult r = JoinOnce();
    if (r.ok()) {
      Recovered();
      return r;
    }
    if (!Retryable(r.status.error_code(), stopper_.stopped())) return r;
    Note("join", r);
    if (!backoff_.Wait()) return stopper_.stopped() ? Cancelled() : GaveUp(r, options_.retry_for);
  }
}

CallResult SeatClient::SendAct(const v1::Act& act, int board_number, v1::ActResponse* response) {
  const int64_t sequence = last_sequence_ + 1;
  v1::ActRequest request;
  request.set_table(options_.table);
  request.set_sequence(sequence);
  *request.mutable_act() = act;
  request.set_board_number(board_number);
  for (;;) {
    auto context = SeatContext(options_.token, kCallDeadline);
    if (!stopper_.Register(context.get())) return Cancelled();
    v1::ActResponse got;
    const grpc::Status status = stub_->Act(context.get(), request, &got);
    stopper_.Unregister(context.get());
    CallResult r = Outcome(status, *context);
    if (r.ok()) {
      Recovered();
      last_sequence_ = std::max(last_sequence_, sequence);
      if (response) *response = std::move(got);
      return r;
    }
    if (!Retryable(status.error_code(), stopper_.stopped())) return r;
    Note("act", r);
    // The act is in doubt: it may have been committed before the failure. Join the seat again
    // and look at the last sequence number the server accepted from this chair.
    for (;;) {
      if (!backoff_.Wait()) {
        return stopper_.stopped() ? Cancelled() : GaveUp(r, options_.retry_for);
      }
      CallResult joined = JoinOnce();
      if (joined.ok()) break;
      if (!Retryable(joined.status.error_code(), stopper_.stopped())) return joined;
      Note("join", joined);
      r = joined;
    }
    if (last_sequence_ >= sequence) {
      // It went in before the failure. The same act with the same sequence number once more
      // fetches the original response (the server answers a repeat, never applies it twice);
      // should that fail too, the join already proved the act accepted.
      Recovered();
      auto again = SeatContext(options_.token, kCallDeadline);
      if (!stopper_.Register(again.get())) return Cancelled();
      v1::ActResponse original;
      const grpc::Status repeat = stub_->Act(again.get(), request, &original);
      stopper_.Unregister(again.get());
      Resent(sequence, repeat.ok()
                           ? Tr("committed before the failure; the server answered the repeat")
                           : Tr("committed before the failure (the repeat failed: {0})",
                                Outcome(repeat, *again).Describe(options_.server)));
      if (response) {
        if (repeat.ok()) {
          *response = std::move(original);
        } else {
          response->set_sequence(sequence);
        }
      }
      return CallResult{};
    }
    // Not applied: the same act with the same sequence number again.
    Resent(sequence, Tr("not applied before the failure"));
  }
}

CallResult SeatClient::Watch(const std::function<bool(const v1::SeatUpdate&)>& on_update,
                             bool rejoin) {
  v1::WatchSeatRequest request;
  request.set_table(options_.table);
  for (;;) {
    auto context = SeatContext(options_.token, std::chrono::seconds(0));
    if (!stopper_.Register(context.get())) return Cancelled();
    std::unique_ptr<grpc::ClientReader<v1::SeatUpdate>> reader =
        stub_->WatchSeat(context.get(), request);
    v1::SeatUpdate update;
    bool done = false;
    while (reader->Read(&update)) {
      Recovered();
      if (!on_update(update) || update.table_finished()) {
        done = true;
        break;
      }
    }
    if (done) context->TryCancel();
    const grpc::Status status = reader->Finish();
    stopper_.Unregister(context.get());
    if (done) return CallResult{};
    CallResult r = Outcome(status, *context);
    if (status.ok()) {  // ended without the table's end: as a broken stream
      r.status = grpc::Status(grpc::StatusCode::UNAVAILABLE,
                              "the view stream ended before the table finished");
      r.reason = "stream-ended";
    } else if (!Retryable(status.error_code(), stopper_.stopped())) {
      return stopper_.stopped() ? Cancelled() : r;
    }
    Note("watch", r);
    if (!backoff_.Wait()) return stopper_.stopped() ? Cancelled() : GaveUp(r, options_.retry_for);
    if (rejoin) {
      CallResult joined = Join();
      if (!joined.ok()) return joined;
    }
  }
}

CallResult SeatClient::GetTable(v1::Table* table) {
  v1::GetTableRequest request;
  request.set_name(options_.table);
  return Retry("table", [&](grpc::ClientContext* context) {
    return stub_->GetTable(context, request, table);
  });
}

CallResult SeatClient::ListResults(v1::ListResultsResponse* results) {
  v1::ListResultsRequest request;
  request.set_table(options_.table);
  request.set_page_size(kListPageSize);
  results->Clear();
  for (;;) {
    v1::ListResultsResponse page;
    CallResult r = Retry("results", [&](grpc::ClientContext* context) {
      page.Clear();
      return stub_->ListResults(context, request, &page);
    });
    if (!r.ok()) return r;
    request.set_page_token(page.next_page_token());
    page.clear_next_page_token();
    results->MergeFrom(page);
    if (request.page_token().empty()) return r;
  }
}

// --- Views and results -------------------------------------------------------------------------

Result<SeatView> EngineView(const v1::SeatView& view) {
  Result<SeatView> read = service::FromProto(view);
  if (!read.ok()) return read;
  SeatView out = std::move(read).value();
  if (out.phase == Phase::kPlaying && out.current_trick.size == 0 && out.to_move && !out.proposal) {
    out.current_trick.leader = *out.to_move;
  }
  return out;
}

bool AskedToAct(const SeatView& view) {
  if (!view.seat) return false;
  if (view.proposal) {
    // One answer at a time, in the driver's order: the seat to move if its answer is awaited,
    // else the first awaited seat in direction order. Two defenders answering a claim at once
    // would race (after a refusal the other answer is refused as stale), and the act log would
    // depend on timing instead of the seats' choices (docs/reliability.md "Faults": identical act
    // logs).
    const std::array<bool, 3>& awaiting = view.proposal->awaiting;
    if (!awaiting[Index(*view.seat)]) return false;
    if (view.to_move && awaiting[Index(*view.to_move)]) return *view.to_move == *view.seat;
    for (Direction d : kDirections) {
      if (awaiting[Index(d)]) return d == *view.seat;
    }
    return false;
  }
  return view.to_move == view.seat;
}

std::string Signed(int value) {
  return value > 0 ? "+" + std::to_string(value) : std::to_string(value);
}

std::string PadLine(const v1::GameResult& result) {
  std::string out;
  for (int i = 0; i < result.pad_size() && i < kDirectionCount; ++i) {
    out += std::string(i ? " " : "") + DirectionLetter(static_cast<Direction>(i)) + " " +
           Signed(result.pad(i));
  }
  return out;
}

std::string ShortTableName(const std::string& table) {
  const size_t slash = table.rfind('/');
  return slash == std::string::npos ? table : table.substr(slash + 1);
}

}  // namespace skat::cli
