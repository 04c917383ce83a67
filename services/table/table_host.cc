#include "services/table/table_host.h"

#include <iostream>
#include <set>
#include <utility>

#include "engine/board_set.h"
#include "engine/profile.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/failpoint.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/peer.h"
#include "services/common/playable_board_set.h"
#include "services/common/refused_stream.h"
#include "services/common/table_code.h"
#include "services/table/seat_stream.h"

namespace skat::service {
namespace {

constexpr int kMaxBoards = 1000;
constexpr size_t kMaxLabel = 200;

// `move_seconds`: the table's clock (MoveSeconds).
void ToProto(const store::TableRecord& r, int current_index, int move_seconds, v1::Table* out) {
  out->set_name(TableResourceName(r.event_id, r.id));
  out->set_label(r.label);
  out->set_board_set(BoardSetResourceName(r.event_id, r.set_id));
  for (int b : r.boards) out->add_boards(b);
  out->set_chairs(r.chairs);
  out->set_forehand_chair(r.forehand_chair);
  out->set_mode(r.physical   ? v1::TABLE_MODE_PHYSICAL
                : r.imported ? v1::TABLE_MODE_IMPORTED
                             : v1::TABLE_MODE_ONLINE);
  out->set_current_board_index(current_index);
  out->set_finished(current_index >= static_cast<int>(r.boards.size()));
  if (!r.player_names.empty()) {
    for (const std::string& n : r.player_names) out->add_player_names(n);
  }
  out->mutable_create_time()->set_seconds(r.created_unix);
  out->set_move_seconds(move_seconds);
  for (int chair : r.bot_chairs) out->add_bot_chairs(chair);
  for (int b : r.boards)
    out->add_board_forehand_chairs(ForehandChair(b, r.chairs, r.forehand_chair));
}

// Checks an OpenTable request's boards, label and names against the set.
Status CheckOpenRequest(const v1::OpenTableRequest& request, const store::BoardSetRecord& set) {
  const std::string set_name = BoardSetResourceName(set.event_id, set.id);
  if (request.boards_size() == 0)
    return Status::InvalidArgument("boards: a table needs at least one board");
  if (request.boards_size() > kMaxBoards) {
    return Status::InvalidArgument("boards: " + std::to_string(request.boards_size()) +
                                   " boards, at most " + std::to_string(kMaxBoards));
  }
  std::set<int> seen;
  for (int b : request.boards()) {
    if (b < 1 || b > set.board_count) {
      return Status::InvalidArgument("boards: board " + std::to_string(b) + " is not in " +
                                     set_name + " (boards 1.." + std::to_string(set.board_count) +
                                     ")");
    }
    if (!seen.insert(b).second) {
      return Status::InvalidArgument("boards: board " + std::to_string(b) +
                                     " is listed twice (a table plays each board once)");
    }
  }
  if (request.label().size() > kMaxLabel) {
    return Status::InvalidArgument("label: " + std::to_string(request.label().size()) +
                                   " bytes, at most " + std::to_string(kMaxLabel));
  }
  if (Status s = CheckStorableText("label", request.label()); !s.ok()) return s;
  if (request.player_names_size() != 0 && request.player_names_size() != set.set.table_size) {
    return Status::InvalidArgument("player_names: " + std::to_string(request.player_names_size()) +
                                   " names for " + std::to_string(set.set.table_size) + " chairs");
  }
  for (const std::string& n : request.player_names()) {
    if (n.size() > kMaxLabel)
      return Status::InvalidArgument("player_names: a name longer than 200 bytes");
    if (Status s = CheckStorableText("player_names", n); !s.ok()) return s;
  }
  if (request.forehand_chair() < 0 || request.forehand_chair() > set.set.table_size) {
    return Status::InvalidArgument("forehand_chair " + std::to_string(request.forehand_chair()) +
                                   " is not a chair of a " + std::to_string(set.set.table_size) +
                                   "-chair table (0: by board number)");
  }
  if (request.move_seconds() < 0 || request.move_seconds() > 3600) {
    return Status::InvalidArgument("move_seconds " + std::to_string(request.move_seconds()) +
                                   " is not a move clock (1..3600 seconds; 0: the profile's)");
  }
  if (!v1::TableMode_IsValid(request.mode()) || request.mode() == v1::TABLE_MODE_IMPORTED) {
    return Status::InvalidArgument("mode " + std::to_string(request.mode()) +
                                   " is not a mode a table is opened in (online or physical)");
  }
  return Status::Ok();
}

}  // namespace

TableHost::TableHost(store::EventStore& events, store::TableStore& tables,
                     store::ResultStore& results, TableServiceOptions options)
    : events_(events),
      tables_(tables),
      results_(results),
      options_(std::move(options)),
      stream_limits_(options_.stream_limits != nullptr ? options_.stream_limits
                                                       : StreamLimits::Make()),
      code_guesses_(options_.code_guesses != nullptr ? options_.code_guesses
                                                     : std::make_shared<PeerRateLimiter>(
                                                           kTableCodeGuesses, "table codes tried")),
      committer_(tables, GroupCommitOptions{.writers = options_.commit_writers,
                                            .max_batch = options_.commit_max_batch}) {
  committer_.Start();
  for (int i = 0; i < kActWorkers; ++i) act_workers_.emplace_back([this] { ActWorker(); });
  renewer_ = std::thread([this] { RenewLeases(); });
  stream_worker_ = std::thread([this] { StreamWorker(); });
  clock_worker_ = std::thread([this] { ClockWorker(); });
}

TableHost::~TableHost() {
  StopStreams();
  {
    std::lock_guard lock(act_mutex_);
    act_stop_ = true;  // the workers make what is queued (the committer still answers), then end
  }
  act_wake_.notify_all();
  for (std::thread& w : act_workers_) w.join();
  committer_.Stop();  // an act still waiting fails kUnavailable (its client retries)
  if (const GroupCommitter::Counts c = committer_.counts(); c.transactions > 0) {
    std::cerr << "table host: " << c.acts << " acts stored in " << c.transactions
              << " transactions\n";
  }
  {
    std::lock_guard lock(renew_mutex_);
    stopping_ = true;
  }
  renew_wake_.notify_all();
  renewer_.join();
  {
    std::lock_guard lock(clock_mutex_);  // stopping_ is set: the worker ends
  }
  clock_wake_.notify_all();
  clock_worker_.join();
  {
    std::lock_guard lock(attach_mutex_);
    attach_stop_ = true;
  }
  attach_wake_.notify_all();
  stream_worker_.join();
  std::map<std::string, std::shared_ptr<Held>> held;
  {
    std::lock_guard lock(held_mutex_);
    held.swap(held_);
  }
  for (auto& [key, h] : held) {
    std::lock_guard lock(h->mutex);
    if (h->table && !h->dropped) (void)tables_.ReleaseTable(h->lease);
  }
}

void TableHost::StopStreams() {
  stopping_ = true;
  std::vector<std::shared_ptr<Held>> held;
  {
    std::lock_guard registry(held_mutex_);
    for (auto& [key, h] : held_) held.push_back(h);
  }
  for (const std::shared_ptr<Held>& h : held) {
    std::lock_guard lock(h->mutex);
    for (SeatStream* s : h->streams)
      s->End(grpc::Status(grpc::StatusCode::CANCELLED, "stream ended"));
  }
}

// --- WatchSeat streams -----------------------------------------------------------------------

void TableHost::QueueAttach(SeatStream* stream) {
  stream->Ref();
  {
    std::lock_guard lock(attach_mutex_);
    attach_queue_.push_back(stream);
  }
  attach_wake_.notify_one();
}

void TableHost::StreamWorker() {
  std::unique_lock lock(attach_mutex_);
  for (;;) {
    attach_wake_.wait(lock, [&] { return attach_stop_ || !attach_queue_.empty(); });
    if (attach_queue_.empty()) return;  // stopping, nothing left
    SeatStream* stream = attach_queue_.front();
    attach_queue_.pop_front();
    lock.unlock();
    if (attach_stop_) {
      stream->End(grpc::Status(grpc::StatusCode::CANCELLED, "stream ended"));
    } else {
      Attach(*stream);
    }
    stream->Unref();
    lock.lock();
  }
}

void TableHost::Attach(SeatStream& stream) {
  const grpc::Status cancelled(grpc::StatusCode::CANCELLED, "stream ended");
  if (stream.ended()) return;
  if (stopping_) return stream.End(cancelled);
  // Authorized at every attach: a stream reattached after a reload ends if its token was
  // replaced meanwhile.
  Caller caller;
  std::unique_lock<std::mutex> lock;
  Result<std::shared_ptr<Held>> held = HoldSeat(stream.token_, stream.table_, true, caller, lock);
  if (!held.ok()) return stream.End(ToGrpc(held.status(), stream.context_));
  Held& h = **held;
  stream.name_ = caller.table;
  stream.chair_ = caller.chair;
  stream.authorized_ = true;
  if (!stream.SetHeld(*held)) return;
  h.streams.insert(&stream);
  if (stopping_) return stream.End(cancelled);
  stream.Advance(*h.table);
}

std::string TableHost::Key(const TableName& name) { return name.event + "/" + name.table; }

// --- Holding tables --------------------------------------------------------------------------

Result<std::shared_ptr<TableHost::Held>> TableHost::Hold(const TableName& name,
                                                         std::unique_lock<std::mutex>& lock) {
  const std::string key = Key(name);
  for (;;) {
    std::shared_ptr<Held> held;
    {
      std::lock_guard registry(held_mutex_);
      std::shared_ptr<Held>& slot = held_[key];
      if (slot == nullptr) slot = std::make_shared<Held>();
      held = slot;
    }
    lock = LockIdle(*held);
    if (held->dropped) {  // dropped while we waited: take a fresh one
      lock.unlock();
      continue;
    }
    if (held->table == nullptr) {
      if (Status s = Load(name, *held); !s.ok()) {
        Drop(key, *held);
        lock.unlock();
        return s;
      }
    }
    return held;
  }
}

Result<std::unique_ptr<LiveTable>> TableHost::Replay(const TableName& name,
                                                     std::vector<store::LoggedActRecord>* log) {
  Result<store::TableRecord> record = tables_.GetTable(name.event, name.table);
  if (!record.ok()) return record.status();
  Result<store::EventRecord> event = events_.GetEvent(name.event);
  if (!event.ok()) return event.status();
  const Profile* profile = FindProfile(event->profile);
  if (profile == nullptr) {
    return Status::Internal("event " + name.event + " has unknown profile " + event->profile);
  }
  Result<store::BoardSetRecord> set = events_.GetBoardSet(name.event, record->set_id);
  if (!set.ok()) return set.status();
  std::vector<Board> boards;
  for (int number : record->boards) {
    if (number < 1 || number > static_cast<int>(set->set.boards.size())) {
      return Status::Internal("table " + name.table + ": board " + std::to_string(number) +
                              " is missing from its set");
    }
    boards.push_back(set->set.boards[number - 1].board);
  }
  auto table = std::make_unique<LiveTable>(*profile, *record, std::move(boards));
  Result<std::vector<store::LoggedActRecord>> acts = tables_.ListActs(name.event, name.table);
  if (!acts.ok()) return acts.status();
  for (const store::LoggedActRecord& act : *acts) {
    if (Status s = table->Replay(act); !s.ok()) return s;
  }
  if (log != nullptr) *log = std::move(acts).value();
  return table;
}

Status TableHost::Load(const TableName& name, Held& held) {
  // The lease first: the log read after it cannot miss an act of the previous holder.
  Result<store::TableLease> lease =
      tables_.AcquireTable(name.event, name.table, options_.server_id, options_.lease_ms);
  if (!lease.ok()) return lease.status();
  Result<std::unique_ptr<LiveTable>> table = Replay(name);
  if (!table.ok()) return table.status();
  Result<std::vector<std::string>> seats = tables_.SeatTokenHashes(name.event, name.table);
  if (!seats.ok()) return seats.status();
  held.seat_sha256 = std::move(seats).value();
  held.table = std::move(table).value();
  held.lease = *lease;
  held.renewed = std::chrono::steady_clock::now();
  held.table->RestartClock(held.renewed);
  Schedule(Key(name), held);
  return Status::Ok();
}

void TableHost::Drop(const std::string& key, Held& held) {
  held.dropped = true;
  Schedule(key, held, /*reload=*/true);
  // The streams go on with the reloaded table (or end with the status of Hold).
  for (SeatStream* s : held.streams) {
    if (!s->ended()) QueueAttach(s);
  }
  held.streams.clear();
  std::lock_guard registry(held_mutex_);
  if (auto it = held_.find(key); it != held_.end() && it->second.get() == &held) held_.erase(it);
}

void TableHost::RenewLeases() {
  const auto period = std::chrono::milliseconds(std::max(50, options_.lease_ms / 3));
  std::unique_lock wake(renew_mutex_);
  while (!renew_wake_.wait_for(wake, period, [&] { return stopping_.load(); })) {
    std::vector<std::pair<std::string, std::shared_ptr<Held>>> held;
    {
      std::lock_guard registry(held_mutex_);
      held.assign(held_.begin(), held_.end());
    }
    const auto stale_before = std::chrono::steady_clock::now() - period;
    std::vector<std::pair<std::string, std::shared_ptr<Held>>> due;
    std::vector<store::TableLease> leases;
    for (auto& [key, h] : held) {
      std::lock_guard lock(h->mutex);
      if (h->table == nullptr || h->dropped) continue;
      if (h->table->finished() &&
          !h->committing) {  // nothing more to accept: let another server have it
        (void)tables_.ReleaseTable(h->lease);
        Drop(key, *h);
        continue;
      }
      if (h->renewed > stale_before) continue;  // taken or extended within the period
      due.emplace_back(key, h);
      leases.push_back(h->lease);
    }
    // Outside the tables' mutexes (acts go on meanwhile), a bounded number per statement.
    for (size_t first = 0; first < leases.size(); first += store::TableStore::kMaxBatchedActs) {
      const size_t n = std::min(leases.size() - first, store::TableStore::kMaxBatchedActs);
      RenewDue({due.data() + first, n}, {leases.data() + first, n});
    }
  }
}

void TableHost::RenewDue(std::span<const std::pair<std::string, std::shared_ptr<Held>>> due,
                         std::span<const store::TableLease> leases) {
  const Result<std::vector<Status>> renewed = tables_.RenewLeases(leases, options_.lease_ms);
  for (size_t i = 0; i < due.size(); ++i) {
    const Status status = renewed.ok() ? (*renewed)[i] : renewed.status();
    Held& h = *due[i].second;
    std::lock_guard lock(h.mutex);
    if (status.code() == ErrorCode::kAborted && !h.dropped &&
        h.lease.version == leases[i].version) {
      Drop(due[i].first, h);
    } else if (status.ok()) {
      h.renewed = std::chrono::steady_clock::now();
    }
  }
}

// --- RPCs --------------------------------------------------------------------------------------

grpc::Status TableHost::OpenTable(grpc::ServerContext* context, const v1::OpenTableRequest* request,
                                  v1::OpenTableResponse* response) {
  Result<store::EventRecord> event = DirectorEvent(events_, *context, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<store::BoardSetRecord> set = PlayableBoardSet(events_, event->id, request->board_set());
  if (!set.ok()) return ToGrpc(set.status(), context);
  if (Status s = CheckOpenRequest(*request, *set); !s.ok()) return ToGrpc(s, context);

  store::TableRecord table;
  table.event_id = event->id;
  table.id = NewId("tb-");
  table.label = request->label();
  table.set_id = set->id;
  table.boards.assign(request->boards().begin(), request->boards().end());
  table.chairs = set->set.table_size;
  table.physical = request->mode() == v1::TABLE_MODE_PHYSICAL;
  table.player_names.assign(request->player_names().begin(), request->player_names().end());
  table.forehand_chair = request->forehand_chair();
  table.move_seconds = request->move_seconds();
  std::vector<std::string> tokens;
  for (int chair = 1; chair <= table.chairs; ++chair) {
    tokens.push_back(NewToken());
    table.seat_token_sha256.push_back(Sha256Hex(tokens.back()));
  }
  const std::string code = table.physical ? NewTableCode() : "";
  if (table.physical) table.code_sha256 = Sha256Hex(code);
  Result<store::TableRecord> stored = tables_.CreateTable(table);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, 0, MoveSeconds(*stored, FindProfile(event->profile)), response->mutable_table());
  for (const std::string& token : tokens) response->add_seat_tokens(token);
  if (table.physical) response->set_table_code(PrintedTableCode(code));
  return grpc::Status::OK;
}

grpc::Status TableHost::GetTable(grpc::ServerContext* context, const v1::GetTableRequest* request,
                                 v1::Table* response) {
  Result<Caller> caller = AuthorizeSeatOrDirector(*context, request->name());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  Result<store::TableRecord> table = tables_.GetTable(caller->table.event, caller->table.table);
  if (!table.ok()) return ToGrpc(table.status(), context);
  Result<std::vector<store::ResultRecord>> results =
      results_.ListResults(caller->table.event, caller->table.table, false);
  if (!results.ok()) return ToGrpc(results.status(), context);
  const Profile* profile = nullptr;  // read only when the table's clock is the profile's
  if (table->move_seconds == 0 && !table->physical && !table->imported) {
    Result<store::EventRecord> event = events_.GetEvent(caller->table.event);
    if (!event.ok()) return ToGrpc(event.status(), context);
    profile = FindProfile(event->profile);
  }
  // Online games finish in order; a physical table is as far as its results.
  ToProto(*table, static_cast<int>(results->size()), MoveSeconds(*table, profile), response);
  return grpc::Status::OK;
}

grpc::Status TableHost::SetSeatBot(grpc::ServerContext* context,
                                   const v1::SetSeatBotRequest* request, v1::Table* response) {
  Result<Caller> caller = AuthorizeDirector(*context, request->table());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  std::unique_lock<std::mutex> lock;
  Result<std::shared_ptr<Held>> held = Hold(caller->table, lock);
  if (!held.ok()) return ToGrpc(held.status(), context);
  Held& h = **held;
  LiveTable& table = *h.table;
  const store::TableRecord& record = table.record();
  const int chair = request->chair();
  if (chair < 1 || chair > record.chairs) {
    return ToGrpc(
        Status::InvalidArgument("chair " + std::to_string(chair) + " is not a chair of " +
                                request->table() + " (1.." + std::to_string(record.chairs) + ")"),
        context);
  }
  if (record.physical || record.imported) {
    return ToGrpc(Status::NotAllowed(request->table() + " is not played online: no seat to play"),
                  context);
  }
  if (table.finished()) {
    return ToGrpc(Status::NotAllowed(request->table() + " has finished its boards"), context);
  }
  if (table.IsBot(chair) != request->bot()) {
    const Status stored = tables_.SetSeatBot(h.lease, chair, request->bot(), options_.lease_ms);
    if (!stored.ok()) {
      Drop(Key(caller->table), h);
      return ToGrpc(stored, context);
    }
    h.renewed = std::chrono::steady_clock::now();
    table.SetBot(chair, request->bot());
    for (SeatStream* s : h.streams) s->Advance(table);
    Schedule(Key(caller->table), h);
  }
  ToProto(table.record(), table.current_index(), table.move_seconds(), response);
  return grpc::Status::OK;
}

grpc::Status TableHost::JoinSeat(grpc::ServerContext* context, const v1::JoinSeatRequest* request,
                                 v1::Seat* response) {
  Caller caller;
  std::unique_lock<std::mutex> lock;
  Result<std::shared_ptr<Held>> held =
      HoldSeat(BearerToken(*context), request->table(), true, caller, lock);
  if (!held.ok()) return ToGrpc(held.status(), context);
  const LiveTable& table = *(*held)->table;
  response->set_table(request->table());
  response->set_chair(caller.chair);
  response->set_last_sequence(table.last_sequence(caller.chair));
  const int index = std::min(table.current_index(), table.board_count() - 1);
  *response->mutable_view() = table.ViewOf(caller.chair, index);
  return grpc::Status::OK;
}

grpc::ServerWriteReactor<v1::SeatUpdate>* TableHost::WatchSeat(
    grpc::CallbackServerContext* context, const v1::WatchSeatRequest* request) {
  Result<StreamPlace> place = stream_limits_->Acquire(ClientPeer(*context));
  if (!place.ok()) return new RefusedStream<v1::SeatUpdate>(ToGrpc(place.status(), context));
  auto* stream =
      new SeatStream(context, request->table(), BearerToken(*context), std::move(place).value());
  QueueAttach(stream);  // authorization and Hold may wait for the database: not on this thread
  return stream;
}

Result<v1::ActResponse> TableHost::Commit(const std::string& key, Held& held,
                                          LiveTable::Checked checked) {
  const store::ResultRecord* result = checked.result ? &*checked.result : nullptr;
  // Waits for the commit of the batch holding the act; the table's mutex stays held meanwhile,
  // so that the table has one act in flight (docs/reliability.md "Group commit").
  Status committed = committer_.Commit(held.lease, checked.log, result);
  return Complete(key, held, std::move(checked), std::move(committed));
}

Result<v1::ActResponse> TableHost::Complete(const std::string& key, Held& held,
                                            LiveTable::Checked checked, Status committed) {
  if (!committed.ok()) {
    // The lease is lost (kAborted), or the commit's outcome is unknown: forget the table, so
    // that the client's retry finds it reloaded from the log.
    Drop(key, held);
    if (committed.code() == ErrorCode::kAlreadyExists) {
      committed = Status::Unavailable("table " + held.lease.table_id +
                                      " was changed by another server; retry");
    }
    return committed;
  }
  v1::ActResponse response = held.table->Accept(std::move(checked));
  held.table->RestartClock(std::chrono::steady_clock::now());
  for (SeatStream* s : held.streams) s->Advance(*held.table);
  Schedule(key, held);
  return response;
}

}  // namespace skat::service
