// table_load: many online tables played at once through a real skatd, by bots in this process,
// beside the ceilings measured in the same run on the same machine. A plain program.
//
//   cmake --build build --target table_load
//   build/table_load [--tables 64] [--boards 6] [--mode callback|threads]
//                    [--connections seat|table|shared] [--db-connections 16] [--lease-ms 10000]
//                    [--seed 1] [--ceiling-seconds 2] [--skatd PATH] [--database-url URL] [--keep]
//
// The database: --database-url as given; else a throwaway database on SKAT_TEST_DATABASE_URL
// (created and dropped here); else a private embedded cluster in /tmp/skat-table-load-XXXXXX
// (stopped and removed at the end). fsync and synchronous_commit stay on. PostgreSQL's
// max_connections must allow skatd's --db-connections plus a few.
//
// It starts skatd (the binary this build made, or --skatd) on 127.0.0.1 with that database,
// creates an event and a board set, measures the ceilings, opens --tables tables of --boards
// boards (3 chairs), joins every seat (this loads the tables: "tables loaded"), opens every
// seat's WatchSeat stream and waits until each has delivered its first view ("all streams
// live"), then lets the bots play (engine/players/bot.h ChooseBotAct): a seat acts when its view
// asks it to (it is to move, or a proposal awaits its answer). It reports the acts, the wall time
// of the play, the acknowledged acts per second (each committed before its reply), the
// client-measured Act latency (p50/p90/p99/max), the CPU seconds of skatd, of the PostgreSQL server
// (the postmaster and its children) and of this process per act, the CPU other processes of the
// machine took meanwhile, PostgreSQL's commits and WAL flushes (pg_stat_wal, read with psql),
// and these ceilings, each with the CPU per call of the process that serves it:
//   - PostgreSQL single-row commits/s through the store (CreateEvent: one INSERT, one COMMIT),
//     with 1 thread and with --db-connections threads;
//   - empty gRPC round trips/s: skatd's grpc.health.v1 Check (no database, no table), 1 and
//     --tables in flight;
//   - skatd's cheapest act path: an Act repeating an accepted sequence number (answered from
//     the table's memory: authorization from the seat cache, table mutex, no PostgreSQL, no
//     stream fan-out), 1 and --tables in flight, over 8 probe tables;
// and the act rate's ratio to each. skatd's VmRSS (/proc) before the tables, with the tables
// loaded, with all streams live and at its peak in play gives the memory per live table.
//
// Client modes: "callback" (default) drives every seat with gRPC's callback API (a
// ClientReadReactor per stream, callback unary Acts) on gRPC's own few threads; "threads" gives
// every seat a thread with blocking calls (measured: about a third more client CPU per act).
// Connections: "seat" (default) gives every seat its own channel and TCP connection, as real
// players have; "table" one per table; "shared" one for all.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "bench/load_run.h"
#include "bench/load_tables.h"
#include "services/common/auth.h"
#include "services/store/database_admin.h"
#include "services/store/embedded_postgres.h"
#include "services/store/store.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {
namespace {

namespace fs = std::filesystem;

// --- Options ----------------------------------------------------------------------------------

struct Options {
  int tables = 64;
  int boards = 6;
  std::string mode = "callback";
  std::string connections = "seat";
  int db_connections = 16;
  int lease_ms = 10000;
  uint64_t seed = 1;
  double ceiling_seconds = 2;
  std::string skatd = SKATD_BINARY;
  std::string database_url;
  bool keep = false;
};

[[noreturn]] void Usage(const std::string& error) {
  std::cerr << "table_load: " << error
            << "\nusage: table_load [--tables N] [--boards N] [--mode callback|threads] "
               "[--connections seat|table|shared] [--db-connections N] [--lease-ms MS] "
               "[--seed S] [--ceiling-seconds S] [--skatd PATH] [--database-url URL] [--keep]\n";
  std::exit(2);
}

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--keep") {
      o.keep = true;
      continue;
    }
    if (i + 1 >= argc) Usage(flag + " needs a value");
    const std::string value = argv[++i];
    auto number = [&] {
      char* end = nullptr;
      const long long n = std::strtoll(value.c_str(), &end, 10);
      if (end == value.c_str() || *end != '\0' || n < 1) Usage(flag + " " + value);
      return n;
    };
    if (flag == "--tables")
      o.tables = static_cast<int>(number());
    else if (flag == "--boards")
      o.boards = static_cast<int>(number());
    else if (flag == "--db-connections")
      o.db_connections = static_cast<int>(number());
    else if (flag == "--lease-ms")
      o.lease_ms = static_cast<int>(number());
    else if (flag == "--seed")
      o.seed = static_cast<uint64_t>(number());
    else if (flag == "--ceiling-seconds")
      o.ceiling_seconds = std::atof(value.c_str());
    else if (flag == "--skatd")
      o.skatd = value;
    else if (flag == "--database-url")
      o.database_url = value;
    else if (flag == "--mode" && (value == "callback" || value == "threads"))
      o.mode = value;
    else if (flag == "--connections" && (value == "seat" || value == "table" || value == "shared"))
      o.connections = value;
    else
      Usage("unknown option " + flag + " " + value);
  }
  if (o.boards > 32) Usage("--boards: at most 32");
  return o;
}

// Shared with bench/congress.cc: bench/load_common.h.
using namespace load;  // NOLINT: the shared helpers of the load benchmarks

// --- The play ---------------------------------------------------------------------------------

struct PlayShared : BotsShared {
  std::atomic<int> finished{0};  // seats whose stream ended (either way)
};

// The bot's act for a view with legal acts (load::BotAct, seeded with the view's chair); false
// (error recorded) when it cannot choose.
bool ChooseAct(PlayShared& shared, int table, const v1::SeatView& wire, v1::Act* out) {
  if (std::string e = BotAct(*shared.profile, shared.seed, table, wire.chair(), wire, out);
      !e.empty()) {
    shared.Fail(e);
    return false;
  }
  return true;
}

// What every seat driver records.
struct SeatStats {
  std::vector<uint32_t> latency_us;  // per acknowledged act
  bool finished = false;
};

// A seat on the callback API: the stream is a ClientReadReactor; each act is a callback unary
// call. At most one act is in flight; a view that arrives meanwhile (the seat leads the next
// trick) is kept and acted on when the answer comes.
class CallbackSeat : public grpc::ClientReadReactor<v1::SeatUpdate> {
 public:
  CallbackSeat(PlayShared& shared, v1::TableService::Stub& stub, std::string table, int table_no,
               std::string token)
      : shared_(shared),
        stub_(stub),
        table_(std::move(table)),
        table_no_(table_no),
        token_(std::move(token)) {}

  void Start() {
    stream_context_.AddMetadata("authorization", "Bearer " + token_);
    watch_.set_table(table_);
    stub_.async()->WatchSeat(&stream_context_, &watch_, this);
    StartRead(&update_);
    StartCall();
  }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows
    {
      std::lock_guard lock(mutex_);
      if (!seen_first_) {
        seen_first_ = true;
        ++shared_.first_views;
      }
      if (update_.table_finished()) {
        stats_.finished = true;
      } else if (AskedToAct(update_.view())) {
        latest_ = update_.view();
      }
    }
    MaybeAct();
    StartRead(&update_);
  }

  void OnDone(const grpc::Status& status) override {
    {
      std::lock_guard lock(mutex_);
      if (!stats_.finished) {
        shared_.Fail("WatchSeat of " + table_ + " ended: " + status.error_message());
      }
    }
    ++shared_.finished;
  }

  // Acts on the latest view if the play has started, no act is in flight and the view is new.
  void MaybeAct() {
    v1::SeatView view;
    {
      std::lock_guard lock(mutex_);
      if (!shared_.released || in_flight_ || !latest_) return;
      view = std::move(*latest_);
      latest_.reset();
      const std::pair<int, int> at{view.board_index(), view.act_count()};
      if (acted_at_ && at <= *acted_at_) return;
      acted_at_ = at;
      in_flight_ = true;
    }
    act_request_.Clear();
    act_request_.set_table(table_);
    act_request_.set_sequence(++sequence_);
    act_request_.set_board_number(view.board_number());
    if (!ChooseAct(shared_, table_no_, view, act_request_.mutable_act())) return;
    act_context_ = Context(token_, 30);
    act_response_.Clear();
    ++shared_.in_flight;
    const auto sent = Clock::now();
    stub_.async()->Act(
        act_context_.get(), &act_request_, &act_response_, [this, sent](grpc::Status status) {
          const auto us =
              std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count();
          if (!status.ok()) {
            shared_.Fail("Act: " + status.error_message() + " (" + act_request_.ShortDebugString() +
                         ")");
          }
          {
            std::lock_guard lock(mutex_);
            in_flight_ = false;
            if (status.ok()) stats_.latency_us.push_back(static_cast<uint32_t>(us));
          }
          if (status.ok()) ++shared_.acts;
          MaybeAct();
          --shared_.in_flight;
        });
  }

  // Ends the stream (OnDone follows).
  void Cancel() { stream_context_.TryCancel(); }

  SeatStats& stats() { return stats_; }

 private:
  PlayShared& shared_;
  v1::TableService::Stub& stub_;
  const std::string table_;
  const int table_no_;
  const std::string token_;
  grpc::ClientContext stream_context_;
  v1::WatchSeatRequest watch_;
  v1::SeatUpdate update_;
  std::mutex mutex_;
  std::optional<v1::SeatView> latest_;
  std::optional<std::pair<int, int>> acted_at_;
  bool in_flight_ = false;
  bool seen_first_ = false;
  int64_t sequence_ = 0;
  std::unique_ptr<grpc::ClientContext> act_context_;
  v1::ActRequest act_request_;
  v1::ActResponse act_response_;
  SeatStats stats_;
};

// A seat on its own thread with blocking calls.
void ThreadSeat(PlayShared& shared, v1::TableService::Stub& stub, const std::string& table,
                int table_no, const std::string& token, SeatStats& stats) {
  v1::WatchSeatRequest watch;
  watch.set_table(table);
  grpc::ClientContext context;
  context.AddMetadata("authorization", "Bearer " + token);
  std::unique_ptr<grpc::ClientReader<v1::SeatUpdate>> reader = stub.WatchSeat(&context, watch);
  v1::SeatUpdate update;
  int64_t sequence = 0;
  bool first = true;
  while (reader->Read(&update)) {
    if (first) {
      first = false;
      ++shared.first_views;
      while (!shared.released) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (update.table_finished()) {
      stats.finished = true;
      break;
    }
    const v1::SeatView& view = update.view();
    if (!AskedToAct(view)) continue;
    v1::ActRequest request;
    request.set_table(table);
    request.set_sequence(++sequence);
    request.set_board_number(view.board_number());
    if (!ChooseAct(shared, table_no, view, request.mutable_act())) break;
    v1::ActResponse response;
    auto act_context = Context(token, 30);
    const auto sent = Clock::now();
    const grpc::Status status = stub.Act(act_context.get(), request, &response);
    if (!status.ok()) {
      shared.Fail("Act: " + status.error_message());
      break;
    }
    stats.latency_us.push_back(static_cast<uint32_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count()));
    ++shared.acts;
  }
  context.TryCancel();
  while (reader->Read(&update)) {
  }
  const grpc::Status finished = reader->Finish();
  if (!stats.finished) shared.Fail("WatchSeat of " + table + ": " + finished.error_message());
  ++shared.finished;
}

// --- Main -------------------------------------------------------------------------------------

int Run(const Options& o) {
  Database db;
  fs::path dir;
  if (!StartRun("table_load", o.database_url, "skat-table-load", db, dir)) return 1;
  SkatdProcess skatd;
  std::atomic<int> exit_code{0};
  auto fail = [&](const std::string& e) {
    std::cerr << "table_load: " << e << "\n";
    exit_code = 1;
  };
  do {
    const SkatdOptions skatd_options{.binary = o.skatd,
                                     .services = "event,deal,table",
                                     .server_id = "table-load",
                                     .db_connections = o.db_connections,
                                     .lease_ms = o.lease_ms};
    if (std::string e = skatd.Start(skatd_options, db.url, dir); !e.empty()) {
      fail(e);
      break;
    }
    std::printf(
        "table_load: %d tables x 3 seats, %d boards each; client mode %s, connections "
        "per %s; skatd --db-connections %d (pid %d); %u cores\n",
        o.tables, o.boards, o.mode.c_str(), o.connections.c_str(), o.db_connections, skatd.pid(),
        std::thread::hardware_concurrency());
    std::fflush(stdout);
    // The server's default profile; tables without a label.
    BenchEvent event;
    if (std::string e = event.Create(skatd.address(), "table_load", "", o.boards); !e.empty()) {
      fail(e);
      break;
    }
    auto open = [&](int boards, v1::OpenTableResponse* out) {
      return event.OpenTable(v1::TABLE_MODE_ONLINE, "", boards, out);
    };

    // Ceiling 1: PostgreSQL single-row commits through the store.
    std::string ceiling_error;
    const Ceiling commits_1 =
        CommitCeiling(db.url, 1, o.ceiling_seconds, db.postmaster, ceiling_error);
    const Ceiling commits_pool =
        CommitCeiling(db.url, o.db_connections, o.ceiling_seconds, db.postmaster, ceiling_error);
    if (!ceiling_error.empty()) {
      fail(ceiling_error);
      break;
    }

    // Ceiling 2: empty gRPC round trips: skatd's health service (no database, no table).
    const auto skatd_cpu_now = [&] { return ProcessCpu(skatd.pid()); };
    {
      const Ceiling echo_1 = HealthCeiling(skatd.address(), skatd.pid(), 1, o.ceiling_seconds);
      const Ceiling echo_n =
          HealthCeiling(skatd.address(), skatd.pid(), o.tables, o.ceiling_seconds);

      // Ceiling 3: skatd's act path without PostgreSQL: repeats of an accepted act.
      constexpr int kProbeTables = 8;
      std::vector<ActProbe> probes;
      auto probe_channel = NewChannel(skatd.address(), -3);
      auto probe_stub = v1::TableService::NewStub(probe_channel);
      for (int i = 0; i < kProbeTables; ++i) {
        v1::OpenTableResponse opened;
        if (auto s = open(1, &opened); !s.ok()) {
          fail("OpenTable: " + s.error_message());
          break;
        }
        const std::vector<std::string> tokens(opened.seat_tokens().begin(),
                                              opened.seat_tokens().end());
        if (std::string e = AddActProbe(*probe_stub, opened.table().name(), tokens, probes);
            !e.empty()) {
          fail(e);
        }
      }
      if (exit_code != 0) break;
      const auto repeat = RepeatActs(*probe_stub, probes);
      const Ceiling repeat_1 =
          Measure(skatd_cpu_now, [&] { return ClosedLoop(1, o.ceiling_seconds, repeat); });
      const Ceiling repeat_n =
          Measure(skatd_cpu_now, [&] { return ClosedLoop(o.tables, o.ceiling_seconds, repeat); });

      // The tables.
      const long rss_before = StatusKb(skatd.pid(), "VmRSS");
      std::vector<v1::OpenTableResponse> tables(o.tables);
      const auto open_start = Clock::now();
      for (auto& t : tables) {
        if (auto s = open(o.boards, &t); !s.ok()) {
          fail("OpenTable: " + s.error_message());
          break;
        }
      }
      if (exit_code != 0) break;
      const double open_s = Seconds(Clock::now() - open_start);

      // Channels and stubs.
      std::vector<std::shared_ptr<grpc::Channel>> channels;
      std::vector<std::unique_ptr<v1::TableService::Stub>> stubs;
      auto stub_for = [&](int table, int chair) -> v1::TableService::Stub& {
        size_t index = 0;
        if (o.connections == "seat") index = table * 3 + chair;
        if (o.connections == "table") index = table;
        while (stubs.size() <= index) {
          channels.push_back(NewChannel(skatd.address(), static_cast<int>(channels.size())));
          stubs.push_back(v1::TableService::NewStub(channels.back()));
        }
        return *stubs[index];
      };
      for (int t = 0; t < o.tables; ++t) {
        for (int c = 0; c < 3; ++c) stub_for(t, c);
      }

      // Join every seat (loads the tables: lease, table, event, set, act log).
      const auto join_start = Clock::now();
      {
        std::atomic<int> next{0};
        std::vector<std::thread> joiners;
        for (int w = 0; w < 8; ++w) {
          joiners.emplace_back([&] {
            for (int i = next++; i < o.tables * 3; i = next++) {
              v1::JoinSeatRequest join;
              join.set_table(tables[i / 3].table().name());
              v1::Seat seat;
              const grpc::Status s =
                  stub_for(i / 3, i % 3)
                      .JoinSeat(Context(tables[i / 3].seat_tokens(i % 3)).get(), join, &seat);
              if (!s.ok()) fail("JoinSeat: " + s.error_message());
            }
          });
        }
        for (std::thread& j : joiners) j.join();
      }
      if (exit_code != 0) break;
      const double join_s = Seconds(Clock::now() - join_start);
      const long rss_loaded = StatusKb(skatd.pid(), "VmRSS");

      // Streams, then the play.
      PlayShared shared;
      shared.seed = o.seed;
      const int seat_count = o.tables * 3;
      std::vector<std::unique_ptr<CallbackSeat>> callback_seats;
      std::vector<SeatStats> thread_stats(seat_count);
      std::vector<std::thread> seat_threads;
      for (int i = 0; i < seat_count; ++i) {
        const v1::OpenTableResponse& t = tables[i / 3];
        if (o.mode == "callback") {
          callback_seats.push_back(std::make_unique<CallbackSeat>(
              shared, stub_for(i / 3, i % 3), t.table().name(), i / 3, t.seat_tokens(i % 3)));
          callback_seats.back()->Start();
        } else {
          seat_threads.emplace_back([&, i] {
            ThreadSeat(shared, stub_for(i / 3, i % 3), tables[i / 3].table().name(), i / 3,
                       tables[i / 3].seat_tokens(i % 3), thread_stats[i]);
          });
        }
      }
      const auto stream_deadline = Clock::now() + std::chrono::seconds(120);
      while (shared.first_views < seat_count && shared.finished == 0 &&
             Clock::now() < stream_deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (shared.first_views < seat_count) {
        fail("only " + std::to_string(shared.first_views.load()) + " of " +
             std::to_string(seat_count) + " streams delivered a view; " + shared.error);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const long rss_live = StatusKb(skatd.pid(), "VmRSS");
      const long threads_live = StatusKb(skatd.pid(), "Threads");

      const std::string wal_sql =
          "SELECT w.wal_sync, w.wal_write, d.xact_commit FROM pg_stat_wal w, pg_stat_database d "
          "WHERE d.datname = current_database()";
      // Idle backends report their statistics within 10 s (PostgreSQL 15): let the ceilings'
      // commits arrive before the first reading.
      std::this_thread::sleep_for(std::chrono::milliseconds(10500));
      const std::vector<double> wal_before = Fields(Psql(db.url, wal_sql));
      const double skatd_cpu_0 = ProcessCpu(skatd.pid());
      const double pg_cpu_0 = db.postmaster > 0 ? TreeCpu(db.postmaster) : 0;
      const double self_cpu_0 = SelfCpu();
      const double machine_cpu_0 = MachineBusyCpu();
      const std::string load_before = LoadAverage();
      long rss_peak = rss_live;
      const auto play_start = Clock::now();
      std::cerr << "table_load: play started (skatd pid " << skatd.pid() << ")" << std::endl;
      shared.released = true;
      for (auto& seat : callback_seats) seat->MaybeAct();
      const auto play_deadline = Clock::now() + std::chrono::minutes(30);
      while ((shared.finished < seat_count || shared.in_flight > 0) &&
             Clock::now() < play_deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        rss_peak = std::max(rss_peak, StatusKb(skatd.pid(), "VmRSS"));
        if (!shared.error.empty() && o.mode == "callback") break;
      }
      const double wall = Seconds(Clock::now() - play_start);
      if (shared.finished < seat_count || shared.in_flight > 0) {  // stopped by an error
        for (auto& seat : callback_seats) seat->Cancel();
        while (shared.finished < seat_count || shared.in_flight > 0) {
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
      }
      const double skatd_cpu = ProcessCpu(skatd.pid()) - skatd_cpu_0;
      const double pg_cpu = db.postmaster > 0 ? TreeCpu(db.postmaster) - pg_cpu_0 : 0;
      const double self_cpu = SelfCpu() - self_cpu_0;
      const double machine_cpu = MachineBusyCpu() - machine_cpu_0;
      const std::string load_after = LoadAverage();
      for (std::thread& t : seat_threads) t.join();
      std::cerr << "table_load: play ended" << std::endl;
      std::this_thread::sleep_for(std::chrono::milliseconds(10500));  // statistics arrive
      const std::vector<double> wal_after = Fields(Psql(db.url, wal_sql));

      std::vector<uint32_t> latencies;
      int finished_seats = 0;
      for (auto& seat : callback_seats) {
        latencies.insert(latencies.end(), seat->stats().latency_us.begin(),
                         seat->stats().latency_us.end());
        finished_seats += seat->stats().finished;
      }
      for (SeatStats& s : thread_stats) {
        latencies.insert(latencies.end(), s.latency_us.begin(), s.latency_us.end());
        finished_seats += o.mode == "threads" && s.finished;
      }
      if (!shared.error.empty()) fail("play: " + shared.error);
      if (finished_seats != seat_count) {
        fail(std::to_string(seat_count - finished_seats) + " seats did not finish");
      }
      const long acts = shared.acts;
      const double rate = acts / wall;
      const Percentiles p = Summarize(latencies);

      std::printf(
          "setup: OpenTable x%d %.2f s; JoinSeat x%d %.2f s (loads the tables); skatd "
          "threads with all streams open: %ld\n",
          o.tables, open_s, seat_count, join_s, threads_live);
      std::printf("acts                          %ld (%.1f per table)\n", acts,
                  static_cast<double>(acts) / o.tables);
      std::printf("wall time of the play         %.2f s\n", wall);
      std::printf("acknowledged durable acts/s   %.0f\n", rate);
      std::printf(
          "Act latency (client) ms       p50 %.2f  p90 %.2f  p99 %.2f  max %.2f  mean %.2f\n",
          p.p50, p.p90, p.p99, p.max, p.mean);
      auto ceiling = [&](const std::string& what, const Ceiling& c, const char* whose) {
        std::printf("ceiling %-50s %7.0f /s (%4.0f us CPU/call in %s)  acts/s / ceiling = %.2f\n",
                    what.c_str(), c.rate, c.cpu_us, whose, c.rate > 0 ? rate / c.rate : 0);
      };
      const std::string n = std::to_string(o.tables);
      ceiling("PostgreSQL single-row commits, 1 thread", commits_1, "PostgreSQL");
      ceiling("PostgreSQL single-row commits, " + std::to_string(o.db_connections) + " threads",
              commits_pool, "PostgreSQL");
      ceiling("gRPC empty round trips (skatd health Check), 1", echo_1, "skatd");
      ceiling("gRPC empty round trips (skatd health Check), " + n, echo_n, "skatd");
      ceiling("skatd repeated Act (no PostgreSQL), 1 in flight", repeat_1, "skatd");
      ceiling("skatd repeated Act (no PostgreSQL), " + n + " in flight", repeat_n, "skatd");
      std::printf(
          "skatd VmRSS                   before tables %.1f MiB, tables loaded %.1f MiB, "
          "all streams live %.1f MiB, peak in play %.1f MiB\n",
          rss_before / 1024.0, rss_loaded / 1024.0, rss_live / 1024.0, rss_peak / 1024.0);
      std::printf(
          "memory per live table         %.1f KiB loaded, %.1f KiB with 3 streams, %.1f "
          "KiB at peak\n",
          static_cast<double>(rss_loaded - rss_before) / o.tables,
          static_cast<double>(rss_live - rss_before) / o.tables,
          static_cast<double>(rss_peak - rss_before) / o.tables);
      const double cores = std::thread::hardware_concurrency();
      std::printf(
          "CPU in play (s; us per act)   skatd %.2f (%.0f), PostgreSQL %.2f (%.0f), "
          "table_load %.2f (%.0f); busy %.0f%% of %g cores\n",
          skatd_cpu, 1e6 * skatd_cpu / std::max(1L, acts), pg_cpu,
          1e6 * pg_cpu / std::max(1L, acts), self_cpu, 1e6 * self_cpu / std::max(1L, acts),
          100 * (skatd_cpu + pg_cpu + self_cpu) / (wall * cores), cores);
      const double others = std::max(0.0, machine_cpu - skatd_cpu - pg_cpu - self_cpu);
      std::printf(
          "other load in play            other processes %.2f CPU s (%.0f%% of %g cores); "
          "load average %s before, %s after\n",
          others, 100 * others / (wall * cores), cores, load_before.c_str(), load_after.c_str());
      if (wal_before.size() == 3 && wal_after.size() == 3) {
        const double syncs = wal_after[0] - wal_before[0];
        const double xacts = wal_after[2] - wal_before[2];
        std::printf(
            "PostgreSQL in play            %.0f commits, %.0f WAL flushes (%.2f commits "
            "per flush), %.0f WAL writes\n",
            xacts, syncs, syncs > 0 ? xacts / syncs : 0, wal_after[1] - wal_before[1]);
      }
      std::printf("targets (64 tables, 2 cores)  >= 3000 acts/s: %s; p99 < 25 ms: %s\n",
                  rate >= 3000 ? "met" : "NOT met", p.p99 < 25 ? "met" : "NOT met");
      std::fflush(stdout);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the last callbacks return
      callback_seats.clear();
    }
  } while (false);
  const int status = skatd.Stop();
  if (status != 0 && exit_code == 0) fail("skatd exit status " + std::to_string(status));
  FinishRun("table_load", dir, db, o.keep, /*failed=*/false);  // kept with --keep only
  return exit_code.load();
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) { return skat::service::Run(skat::service::Parse(argc, argv)); }
