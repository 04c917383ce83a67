// TableHost: the online side of TableService (table_service.h): boards replayed at a table, act
// by act, under the rules, with every accepted act committed to PostgreSQL before it is
// acknowledged; the leases, the move clock and the bots, and the seats' streams.
//
// Group commit (group_commit.h; docs/reliability.md "Group commit"): the acts of different tables
// are committed together, a batch per transaction, each act fenced by its own table's lease. An
// act is answered OK and sent to the streams only after the COMMIT of its batch returned; a lost
// lease refuses that act alone (ABORTED); a batch refused as a whole is stored act by act with
// the single-act answers; a lost connection or unknown outcome fails every act of the batch
// UNAVAILABLE and reloads their tables, whose clients resend with the same sequence numbers.
//
// A table is served by one table server at a time: the server that first needs it takes its
// lease (store AcquireTable), loads the act log into a LiveTable and keeps the lease fresh with
// every act and from a background thread; every act's insert is fenced by the lease's version,
// so a server that lost the lease cannot write. Another server answers UNAVAILABLE
// ("table-owned-elsewhere") until the lease expires. After a crash the restarted server (same
// server id) takes the lease back at once and replays the log.
//
// WatchSeat is served with gRPC's callback API (seat_stream.h: a reactor per open stream,
// registered with its held table, fed by the thread of each accepted act); every other RPC is
// synchronous. Opening a stream, and reattaching the streams of a dropped table to the reloaded
// one, runs on one stream worker thread. An open stream holds a place under the stream limits
// (stream_limits.h) until gRPC is done with it; without one it is refused RESOURCE_EXHAUSTED.
#ifndef SKAT_SERVICES_TABLE_TABLE_HOST_H_
#define SKAT_SERVICES_TABLE_TABLE_HOST_H_

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "services/common/names.h"
#include "services/common/stream_limits.h"
#include "services/store/event_store.h"
#include "services/store/result_store.h"
#include "services/store/session_store.h"
#include "services/store/table_store.h"
#include "services/table/group_commit.h"
#include "services/table/live_table.h"
#include "services/table/table_auth.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {

struct TableServiceOptions {
  // Names this server in table leases; a restarted server with the same id resumes its tables
  // at once. Default: the listen address.
  std::string server_id = "table-server";
  // How long a lease lasts without renewal; another server may take the table after that.
  int lease_ms = 10000;
  // Open WatchSeat streams take places here (null: limits of this service alone, with the
  // default sizes); skatd shares one with the scoring service's WatchStandings.
  std::shared_ptr<StreamLimits> stream_limits = nullptr;
  // Counts the table codes each client tries (table_auth.h; null: kTableCodeGuesses of this
  // service alone).
  std::shared_ptr<PeerRateLimiter> code_guesses = nullptr;
  // Group commit (group_commit.h; docs/reliability.md "Group commit"): threads committing acts
  // of different tables together, and at most this many acts in one transaction.
  int commit_writers = 1;
  int commit_max_batch = 256;
};

class SeatStream;

class TableHost {
 public:
  // REQUIRES: the stores outlive the host.
  TableHost(store::EventStore& events, store::TableStore& tables, store::ResultStore& results,
            TableServiceOptions options);
  // Releases every lease this server holds.
  ~TableHost();
  TableHost(const TableHost&) = delete;
  TableHost& operator=(const TableHost&) = delete;

  // Ends every open WatchSeat stream (call before grpc::Server::Shutdown).
  void StopStreams();
  // The table codes' guesses (TableServiceOptions::code_guesses), shared with the results desk.
  PeerRateLimiter& code_guesses() { return *code_guesses_; }

  grpc::Status OpenTable(grpc::ServerContext* context, const v1::OpenTableRequest* request,
                         v1::OpenTableResponse* response);
  grpc::Status GetTable(grpc::ServerContext* context, const v1::GetTableRequest* request,
                        v1::Table* response);
  grpc::Status JoinSeat(grpc::ServerContext* context, const v1::JoinSeatRequest* request,
                        v1::Seat* response);
  grpc::ServerWriteReactor<v1::SeatUpdate>* WatchSeat(grpc::CallbackServerContext* context,
                                                      const v1::WatchSeatRequest* request);
  // table_act.cc (docs/performance.md "An act's path through skatd"): answered from the thread
  // that received it when the table is held and the seat token known, its commit completed by
  // the group committer's writer; else by an act worker, which may wait for the database.
  grpc::ServerUnaryReactor* Act(grpc::CallbackServerContext* context, const v1::ActRequest* request,
                                v1::ActResponse* response);
  // An act's answer: the reply, or the refusal (its code is the reason gRPC's Act sends).
  using ActDone = std::function<void(Result<v1::ActResponse>)>;
  // Act without gRPC, for the seat whose bearer token is `token` (empty: none): the same checks,
  // commit and answers as Act, which calls it. skatd's web side calls it directly (docs/web.md
  // "Act without the in-process channel"). `done` runs once, on this thread or another (an act
  // worker, the group committer's writer); `request` stays valid until it has run.
  void ActAs(std::string token, const v1::ActRequest* request, ActDone done);
  // list_games.cc
  grpc::Status ListGames(grpc::ServerContext* context, const v1::ListGamesRequest* request,
                         v1::ListGamesResponse* response);
  // seat_tokens.cc
  grpc::Status RotateSeatToken(grpc::ServerContext* context,
                               const v1::RotateSeatTokenRequest* request,
                               v1::RotateSeatTokenResponse* response);
  // table_clock.cc
  grpc::Status SetSeatBot(grpc::ServerContext* context, const v1::SetSeatBotRequest* request,
                          v1::Table* response);

 private:
  friend class SeatStream;

  // A table this server holds: the lease and the play, guarded by `mutex`.
  struct Held {
    std::mutex mutex;
    std::set<SeatStream*> streams;     // the open WatchSeat streams of this table
    std::unique_ptr<LiveTable> table;  // null until loaded
    store::TableLease lease;
    // The SHA-256 of each chair's seat token (chair 1 first), read after the lease was taken: a
    // token replaced since then changes the lease's version, so this copy cannot outlive it past
    // the next commit (docs/tables.md "Seats and tokens").
    std::vector<std::string> seat_sha256;
    bool dropped = false;  // the lease was lost or the table must be reloaded
    // When the lease was last extended (taken, SetSeatBot, or the renewer; an act does not).
    std::chrono::steady_clock::time_point renewed;
    // An act of this table is with the group committer (table_act.cc): until its completion
    // clears this and notifies `idle`, whoever would change the table waits (LockIdle), so a
    // table has one act in flight.
    bool committing = false;
    std::condition_variable idle;
  };
  // The table's mutex, once no act of it is being committed.
  static std::unique_lock<std::mutex> LockIdle(Held& held);

  // Authorization (seat_tokens.cc; docs/tables.md "Seats and tokens"). The chair whose seat token
  // the request carries, as the database has it now (kUnauthenticated, kPermissionDenied).
  Result<Caller> AuthorizeSeat(const grpc::ServerContext& context, const std::string& table);
  Result<Caller> AuthorizeSeatToken(const std::string& token, const std::string& table);
  // A seat of the table or the event's director.
  Result<Caller> AuthorizeSeatOrDirector(const grpc::ServerContext& context,
                                         const std::string& table);
  Result<Caller> AuthorizeDirector(const grpc::ServerContext& context, const std::string& table);
  // The held table (as Hold, `lock` holding its mutex) and in `caller` the chair whose seat token
  // `token` is by the held copy's hashes; a copy that does not know a token the database knows
  // is reloaded. With check_store the database confirms the token first (JoinSeat, WatchSeat);
  // without it (Act) the held copy decides, which a replaced token cannot outlive past the next
  // commit (Held::seat_sha256).
  Result<std::shared_ptr<Held>> HoldSeat(const std::string& token, const std::string& table,
                                         bool check_store, Caller& caller,
                                         std::unique_lock<std::mutex>& lock);
  // The chair (1-based) whose token hash is `hash`, or 0.
  static int ChairOf(const std::vector<std::string>& hashes, const std::string& hash);
  // "event/table": the key of held_.
  static std::string Key(const TableName& name);
  // The held table, taking its lease and loading its log when this server does not hold it.
  // Returns with `lock` holding the table's mutex.
  Result<std::shared_ptr<Held>> Hold(const TableName& name, std::unique_lock<std::mutex>& lock);
  Status Load(const TableName& name, Held& held);
  // The table rebuilt from its act log (no lease taken); the log itself in *log when given.
  Result<std::unique_ptr<LiveTable>> Replay(const TableName& name,
                                            std::vector<store::LoggedActRecord>* log = nullptr);
  // Forgets a table (lease lost, or state in doubt after a failed commit); its streams are
  // queued to be attached to the reloaded table. REQUIRES: held.mutex is held.
  void Drop(const std::string& key, Held& held);
  // Every lease/3: extends the lease of every held table not extended within that period (acts
  // do not extend it), in one statement per kMaxBatchedActs tables; a table whose lease was lost
  // is dropped. Releases finished tables.
  void RenewLeases();
  // One statement's renewals: leases[i] is due[i]'s lease when it was read.
  void RenewDue(std::span<const std::pair<std::string, std::shared_ptr<Held>>> due,
                std::span<const store::TableLease> leases);
  // Commits a checked act (the store first), waiting for the commit, then Complete.
  // REQUIRES: held.mutex is held.
  Result<v1::ActResponse> Commit(const std::string& key, Held& held, LiveTable::Checked checked);
  // After the act's commit answered `committed`: applies it, restarts the clock, feeds the
  // streams (before the act's own answer: docs/performance.md "Act to the other seats' pages")
  // and schedules the table's next own act. On a failed commit the table is dropped (so that a
  // retry finds it reloaded) and the status returned. REQUIRES: held.mutex is held.
  Result<v1::ActResponse> Complete(const std::string& key, Held& held, LiveTable::Checked checked,
                                   Status committed);
  // table_act.cc. The act answered without waiting for the database, when it can be: false when
  // it needs an act worker (the table not held or busy, the token not in the held copy), and
  // then `done` is left as it was.
  bool TryActNow(const std::string& token, const v1::ActRequest& request, ActDone& done);
  // The act as a worker makes it: holding (and loading) the table, checking the token with the
  // database when the held copy does not know it, and waiting for the commit.
  Result<v1::ActResponse> ActOnWorker(const std::string& token, const v1::ActRequest& request);
  void ActWorker();

  // The move clock and the bots (table_clock.cc; LiveTable::OwnAct). Schedule queues the held
  // table for the clock worker at its next own act's time, if it has one (REQUIRES: held.mutex
  // is held); the worker makes each due act as a seat's act is made. A table dropped with an own
  // act pending (Drop) is queued to be held again, so that its clock and bots go on without a
  // seat connected.
  void Schedule(const std::string& key, const Held& held, bool reload = false);
  void ClockWorker();
  // Queues (a reference to) the stream for Attach on the stream worker.
  void QueueAttach(SeatStream* stream);
  // Authorizes (again after every reload), holds the table, registers the stream and sends what
  // is due.
  void Attach(SeatStream& stream);
  void StreamWorker();

  store::EventStore& events_;
  store::TableStore& tables_;
  store::ResultStore& results_;
  const TableServiceOptions options_;
  const std::shared_ptr<StreamLimits> stream_limits_;
  const std::shared_ptr<PeerRateLimiter> code_guesses_;
  std::mutex held_mutex_;
  std::map<std::string, std::shared_ptr<Held>> held_;  // by "event/table"
  std::atomic<bool> stopping_{false};
  GroupCommitter committer_;  // every act's commit
  std::mutex renew_mutex_;
  std::condition_variable renew_wake_;
  std::thread renewer_;
  std::mutex attach_mutex_;
  std::condition_variable attach_wake_;
  std::deque<SeatStream*> attach_queue_;  // each holds a reference
  bool attach_stop_ = false;
  std::thread stream_worker_;
  // Due times of own acts (or of reloads), earliest first; an entry is a hint, checked again when
  // it falls due.
  using Due = std::tuple<LiveTable::Clock::time_point, std::string, bool /*reload*/>;
  std::mutex clock_mutex_;
  std::condition_variable clock_wake_;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> clock_queue_;
  std::thread clock_worker_;
  // Acts for the act workers, each finishing its call; at most kQueuedActs.
  static constexpr int kActWorkers = 4;
  static constexpr size_t kQueuedActs = 4096;
  std::mutex act_mutex_;
  std::condition_variable act_wake_;
  std::deque<std::function<void()>> act_queue_;
  bool act_stop_ = false;
  std::vector<std::thread> act_workers_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_TABLE_HOST_H_
