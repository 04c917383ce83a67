// web_results_load: physical tables entering their results through skatd's two doors, gRPC and
// the web side's JSON API (docs/web.md), one after the other on the same skatd, while spectators
// watch the standings over HTTP; beside the ceilings of both doors measured in the same run. A
// plain program, not a test.
//
//   cmake --build build --target web_results_load
//   build/web_results_load [--tables 340] [--boards 6] [--watchers 50] [--http-first]
//                          [--skatd PATH] [--database-url URL] [--keep]
//
// The database: --database-url as given; else a throwaway database on SKAT_TEST_DATABASE_URL
// (created and dropped here); else a private embedded cluster in /tmp/skat-web-load-XXXXXX
// (stopped and removed at the end). fsync and synchronous_commit stay on. skatd (this build's, or
// --skatd) serves every service on 127.0.0.1 and the web side on another port of 127.0.0.1, with
// the per-address bounds of streams and web connections raised out of the way (every client here
// is one address); its log is dir/skatd.log (the directory is named at the start, kept with
// --keep).
//
// Setup, through gRPC: an event (nasl-1909), a board set of --boards boards for 3 chairs, and
// 2 x --tables physical tables of those boards (3 chairs each, opened by the director). The
// report every board gets is valid on any deal: middlehand's hand game in hearts, 75 card
// points, 6 tricks, bid 18; it is first checked on a spare table (SubmitResult validate_only by
// the director, every board, through both doors). Then:
//   1. --watchers WatchStandings streams of the event (the director's token) through the web
//      side, each a raw socket reading the chunked server-sent events on a thread of its own,
//      open for the whole run; every one must deliver its first standings before anything is
//      measured;
//   2. a warm-up, not measured: min(16, --tables) tables through each door at once, every board
//      entered and confirmed as in the phases (so that first uses in skatd, such as the
//      statements prepared on each of its 16 database connections, fall on neither phase);
//   3. the ceilings: empty gRPC round trips (skatd's grpc.health.v1 Check; no database), and
//      HTTP round trips that the web side answers itself (an unknown API method, 404: no gRPC,
//      no database), each with 1 and --tables in flight, with skatd's CPU per call;
//   4. phase gRPC: a thread per table of the first --tables tables, each with its own gRPC
//      connection, enters its boards in order: SubmitResult with chair 1's seat token, then
//      ConfirmResult with chair 2's (the result counts once confirmed), every call timed;
//   5. phase HTTP: the same on the other --tables tables through the JSON API
//      (POST /api/skat.v1.TableService/SubmitResult and .../ConfirmResult), a minimal HTTP/1.1
//      client over POSIX sockets, one keep-alive connection per table thread;
//   6. waits (at most 30 s) until every watcher has had a message after the last confirm.
// Every thread of a phase connects first; the phase's clock starts when all are released.
// --http-first swaps steps 4 and 5.
//
// Reported per phase: confirmed results per second of wall time; SubmitResult and ConfirmResult
// latency (p50/p99/max, client-measured); the CPU per result of skatd, of the PostgreSQL server
// (the postmaster and its children: every database of that server, so other users of a shared
// test server count too) and of this program, and the CPU other processes of the machine took
// meanwhile; skatd's peak RSS (VmHWM, since its start) and thread count (Threads:
// /proc/PID/status) at the end of the phase, and its most threads (sampled every 100 ms); the
// standings messages the watchers got meanwhile, and for every confirm and watcher the time from
// the confirm's answer to the watcher's next standings message. Then the ratios HTTP / gRPC of
// the throughput and of the p99s (the target: the web side costs at most 1.5 times
// gRPC), and the command that reproduces the run.
//
// Tables opened outside a session do not count in the standings (LoadEventScores scores session
// tables only): every message says "results": 0. Each submit and confirm still notifies the
// scoring service, which refreshes the standings (paced by --standings-rate, coalesced), so the
// messages measure the stream's cost and delay, not whether a result is in them. Both phases
// enter results into one event and each refresh reads every result of the event, so the second
// phase's refreshes read more (--http-first shows how much that weighs).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench/http_load_client.h"
#include "bench/load_common.h"
#include "bench/load_run.h"
#include "bench/load_tables.h"
#include "services/common/names.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks
namespace fs = std::filesystem;

// --- Options ----------------------------------------------------------------------------------

struct Options {
  int tables = 340;
  int boards = 6;
  int watchers = 50;
  bool http_first = false;
  std::string skatd = SKATD_BINARY;
  std::string database_url;
  bool keep = false;
};

constexpr double kCeilingSeconds = 2;
// Tables a door enters before the phases (unmeasured): as many as skatd's --db-connections.
constexpr int kWarmUpTables = 16;

const char kHelp[] =
    "usage: web_results_load [options]\n"
    "Physical tables' results entered through gRPC, then through the web side's JSON API, on\n"
    "one skatd, with WatchStandings streams open over HTTP; see bench/web_results_load.cc.\n"
    "  --tables N          tables per phase (default 340): 2 x N tables are opened\n"
    "  --boards N          boards per table (default 6, at most 32)\n"
    "  --watchers N        WatchStandings streams over HTTP (default 50; 0: none)\n"
    "  --http-first        the HTTP phase first, then the gRPC phase\n"
    "  --skatd PATH        the skatd binary (default: this build's)\n"
    "  --database-url URL  use this database (default: a throwaway one on\n"
    "                      SKAT_TEST_DATABASE_URL's server, else an embedded cluster under /tmp)\n"
    "  --keep              keep the run's directory (skatd.log) and the database\n";

Options Parse(int argc, char** argv) {
  const Flags flags("web_results_load", kHelp);
  Options o;
  flags.Parse(argc, argv, {{"--keep", &o.keep}, {"--http-first", &o.http_first}},
              [&](const std::string& flag, const std::string& value) {
                auto number = [&](long long least) {
                  return static_cast<int>(flags.Integer(flag, value, least, 100000));
                };
                if (flag == "--tables")
                  o.tables = number(1);
                else if (flag == "--boards")
                  o.boards = number(1);
                else if (flag == "--watchers")
                  o.watchers = number(0);
                else if (flag == "--skatd")
                  o.skatd = value;
                else if (flag == "--database-url")
                  o.database_url = value;
                else
                  return false;
                return true;
              });
  if (o.boards > 32) flags.Usage("--boards: at most 32");
  return o;
}

// The command that reproduces the run.
std::string Command(const Options& o, const char* argv0) {
  std::string c = argv0;
  c += " --tables " + std::to_string(o.tables) + " --boards " + std::to_string(o.boards) +
       " --watchers " + std::to_string(o.watchers);
  if (o.http_first) c += " --http-first";
  return c + SkatdAndDatabaseFlags(o.skatd, SKATD_BINARY, o.database_url);
}

uint32_t MicrosSince(Clock::time_point start) {
  return static_cast<uint32_t>(Micros(Clock::now() - start));
}

// --- The doors --------------------------------------------------------------------------------

struct TableSeats {
  std::string name;
  std::string submitter;  // chair 1's seat token
  std::string confirmer;  // chair 2's
};

// The report every board gets (valid on any deal).
void FillReport(v1::PhysicalReport* r) {
  r->set_kind(v1::GameResult::KIND_DECLARER_GAME);
  r->set_declarer(v1::DIRECTION_MIDDLEHAND);
  r->mutable_declaration()->set_handling(v1::SKAT_HANDLING_HAND);
  r->mutable_declaration()->set_game(v1::GAME_TYPE_HEARTS);
  r->set_floor(18);
  r->set_declarer_points(75);
  r->set_declarer_tricks(6);
}
constexpr char kReportJson[] =
    "{\"kind\":\"KIND_DECLARER_GAME\",\"declarer\":\"DIRECTION_MIDDLEHAND\",\"declaration\":"
    "{\"handling\":\"SKAT_HANDLING_HAND\",\"game\":\"GAME_TYPE_HEARTS\"},\"floor\":18,"
    "\"declarerPoints\":75,\"declarerTricks\":6}";

std::string SubmitJson(const std::string& table, int board, bool validate_only) {
  return "{\"table\":\"" + table + "\",\"boardNumber\":" + std::to_string(board) +
         ",\"report\":" + kReportJson + (validate_only ? ",\"validateOnly\":true}" : "}");
}
std::string ConfirmJson(const std::string& table, int board) {
  return "{\"table\":\"" + table + "\",\"boardNumber\":" + std::to_string(board) + "}";
}

constexpr char kSubmitPath[] = "/api/skat.v1.TableService/SubmitResult";
constexpr char kConfirmPath[] = "/api/skat.v1.TableService/ConfirmResult";

// One table's client through one door. Each call: empty, or the error.
class Door {
 public:
  virtual ~Door() = default;
  virtual std::string Connect() = 0;
  virtual std::string Submit(int board) = 0;
  virtual std::string Confirm(int board) = 0;
  virtual long reconnects() const { return 0; }
};

class GrpcDoor : public Door {
 public:
  GrpcDoor(const std::string& address, int id, TableSeats seats)
      : channel_(NewChannel(address, id)),
        stub_(v1::TableService::NewStub(channel_)),
        seats_(std::move(seats)) {}
  std::string Connect() override {
    return channel_->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(30))
               ? ""
               : "gRPC channel did not connect within 30 s";
  }
  std::string Submit(int board) override {
    v1::SubmitResultRequest request;
    request.set_table(seats_.name);
    request.set_board_number(board);
    FillReport(request.mutable_report());
    v1::ResultEntry entry;
    const grpc::Status s = stub_->SubmitResult(Context(seats_.submitter).get(), request, &entry);
    return s.ok() ? "" : "SubmitResult: " + s.error_message();
  }
  std::string Confirm(int board) override {
    v1::ConfirmResultRequest request;
    request.set_table(seats_.name);
    request.set_board_number(board);
    v1::ResultEntry entry;
    const grpc::Status s = stub_->ConfirmResult(Context(seats_.confirmer).get(), request, &entry);
    if (!s.ok()) return "ConfirmResult: " + s.error_message();
    return entry.counts() ? "" : "ConfirmResult: the entry does not count";
  }

 private:
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::TableService::Stub> stub_;
  TableSeats seats_;
};

class HttpDoor : public Door {
 public:
  HttpDoor(int port, TableSeats seats) : port_(port), seats_(std::move(seats)) {}
  std::string Connect() override { return connection_.Connect(port_); }
  std::string Submit(int board) override {
    return Call(kSubmitPath, seats_.submitter, SubmitJson(seats_.name, board, false), nullptr);
  }
  std::string Confirm(int board) override {
    return Call(kConfirmPath, seats_.confirmer, ConfirmJson(seats_.name, board), "\"counts\":true");
  }
  long reconnects() const override { return connection_.reconnects; }

 private:
  std::string Call(const char* path, const std::string& token, const std::string& body,
                   const char* expect) {
    int status = 0;
    std::string reply;
    if (std::string e = connection_.Post(path, token, body, status, reply); !e.empty()) {
      return std::string(path) + ": " + e;
    }
    if (status != 200) return std::string(path) + ": HTTP " + std::to_string(status) + " " + reply;
    if (expect != nullptr && reply.find(expect) == std::string::npos) {
      return std::string(path) + ": no " + expect + " in " + reply;
    }
    return "";
  }

  int port_;
  TableSeats seats_;
  HttpConnection connection_;
};

// --- A phase ----------------------------------------------------------------------------------

struct Phase {
  std::string error;
  long results = 0;
  double wall = 0;
  std::vector<uint32_t> submit_us, confirm_us;
  std::vector<Clock::time_point> confirmed_at;                    // each confirm's answer
  double skatd_cpu = 0, pg_cpu = 0, self_cpu = 0, other_cpu = 0;  // seconds
  long hwm_kb = 0, rss_kb = 0, threads_end = 0, threads_most = 0;
  long messages = 0;  // to the watchers, during the phase
  long reconnects = 0;
};

// Every door's thread connects, then all enter their boards at once.
Phase RunPhase(std::vector<std::unique_ptr<Door>>& doors, int boards, pid_t skatd, pid_t postmaster,
               const std::function<long()>& messages) {
  Phase p;
  struct PerThread {
    std::vector<uint32_t> submit_us, confirm_us;
    std::vector<Clock::time_point> confirmed_at;
    Clock::time_point end;
    std::string error;
  };
  std::vector<PerThread> per(doors.size());
  std::mutex mutex;
  std::condition_variable changed;
  int ready = 0;
  bool go = false;
  std::atomic<bool> failed{false};
  std::vector<std::thread> threads;
  for (size_t i = 0; i < doors.size(); ++i) {
    threads.emplace_back([&, i] {
      PerThread& me = per[i];
      Door& door = *doors[i];
      me.error = door.Connect();
      {
        std::unique_lock lock(mutex);
        ++ready;
        changed.notify_all();
        changed.wait(lock, [&] { return go; });
      }
      for (int b = 1; b <= boards && me.error.empty() && !failed; ++b) {
        auto t0 = Clock::now();
        me.error = door.Submit(b);
        me.submit_us.push_back(MicrosSince(t0));
        if (me.error.empty()) {
          t0 = Clock::now();
          me.error = door.Confirm(b);
          me.confirm_us.push_back(MicrosSince(t0));
          if (me.error.empty()) me.confirmed_at.push_back(Clock::now());
        }
        if (!me.error.empty()) me.error += " (board " + std::to_string(b) + ")";
      }
      if (!me.error.empty()) failed = true;
      me.end = Clock::now();
    });
  }
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return ready == static_cast<int>(doors.size()); });
  }
  const long messages_0 = messages();
  CpuMeter cpu(skatd, [&] { return postmaster > 0 ? TreeCpu(postmaster) : 0.0; });
  cpu.Start();
  const auto start = Clock::now();
  {
    std::lock_guard lock(mutex);
    go = true;
    changed.notify_all();
  }
  PeakSampler peaks(skatd);
  for (std::thread& t : threads) t.join();
  Clock::time_point end = start;
  for (size_t i = 0; i < per.size(); ++i) {
    end = std::max(end, per[i].end);
    if (p.error.empty() && !per[i].error.empty()) {
      p.error = "table " + std::to_string(i + 1) + ": " + per[i].error;
    }
    p.results += static_cast<long>(per[i].confirmed_at.size());
    p.submit_us.insert(p.submit_us.end(), per[i].submit_us.begin(), per[i].submit_us.end());
    p.confirm_us.insert(p.confirm_us.end(), per[i].confirm_us.begin(), per[i].confirm_us.end());
    p.confirmed_at.insert(p.confirmed_at.end(), per[i].confirmed_at.begin(),
                          per[i].confirmed_at.end());
    p.reconnects += doors[i]->reconnects();
  }
  p.wall = Seconds(end - start);
  cpu.Stop();
  p.skatd_cpu = cpu.skatd;
  p.pg_cpu = cpu.postgres;
  p.self_cpu = cpu.self;
  p.other_cpu = cpu.other;
  peaks.Stop();
  p.threads_end = StatusKb(skatd, "Threads");
  p.threads_most = std::max(peaks.threads_most(), p.threads_end);
  p.hwm_kb = StatusKb(skatd, "VmHWM");
  p.rss_kb = StatusKb(skatd, "VmRSS");
  p.messages = messages() - messages_0;
  std::sort(p.confirmed_at.begin(), p.confirmed_at.end());
  return p;
}

// HTTP round trips the web side answers itself (an unknown API method: 404, no gRPC, no
// database), `connections` keep-alive connections each one request at a time, for `seconds`.
// Calls per second; 0 on a failure.
double HttpRoundTrips(int port, int connections, double seconds) {
  std::atomic<long> calls{0};
  std::atomic<bool> stop{false}, failed{false};
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < connections; ++i) {
    threads.emplace_back([&] {
      HttpConnection c;
      if (!c.Connect(port).empty()) failed = true;
      ++ready;
      while (!stop && !failed) {
        int status = 0;
        std::string reply;
        if (!c.Post("/api/skat.v1.LoadBench/None", "", "{}", status, reply).empty() ||
            status != 404) {
          failed = true;
          break;
        }
        ++calls;
      }
    });
  }
  while (ready < connections) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const double rate = RateOver(calls, seconds);
  stop = true;
  for (std::thread& t : threads) t.join();
  return failed ? 0 : rate;
}

// For every watcher and every confirm answered at `confirmed` (sorted): the time to the
// watcher's next standings message; confirms after its last message are counted in `unseen`.
std::vector<uint32_t> NextMessage(const std::vector<std::unique_ptr<Watcher>>& watchers,
                                  const std::vector<Clock::time_point>& confirmed, long& unseen) {
  std::vector<uint32_t> us;
  for (const auto& w : watchers) {
    const std::vector<Clock::time_point>& seen = w->seen();
    auto next = seen.begin();
    for (const Clock::time_point t : confirmed) {
      next = std::lower_bound(next, seen.end(), t);
      if (next == seen.end()) {
        ++unseen;
        continue;
      }
      us.push_back(static_cast<uint32_t>(Micros(*next - t)));
    }
  }
  return us;
}

// --- Main -------------------------------------------------------------------------------------

int Run(const Options& o, const char* argv0) {
  // Each table thread holds a connection here and in skatd (skatd inherits the limit).
  RaiseFileLimit();
  Database db;
  fs::path dir;
  if (!StartRun("web_results_load", o.database_url, "skat-web-load", db, dir)) return 1;
  SkatdProcess skatd;
  int exit_code = 0;
  auto fail = [&](const std::string& e) {
    std::cerr << "web_results_load: " << e << std::endl;
    exit_code = 1;
  };
  std::vector<std::unique_ptr<Watcher>> watchers;
  do {
    const SkatdOptions skatd_options{.binary = o.skatd,
                                     .services = "event,deal,table,scoring",
                                     .server_id = "web-load",
                                     .http = true};
    if (std::string e = skatd.Start(skatd_options, db.url, dir); !e.empty()) {
      fail(e);
      break;
    }
    std::cerr << "web_results_load: " << skatd.Describe() << std::endl;
    const int port = skatd.http_port();

    // Setup through gRPC.
    const auto setup_start = Clock::now();
    BenchEvent bench_event;
    if (std::string e =
            bench_event.Create(skatd.address(), "web_results_load", "nasl-1909", o.boards);
        !e.empty()) {
      fail(e);
      break;
    }
    const std::string& event = bench_event.name();
    const std::string& director = bench_event.director();
    auto open = [&](const std::string& label, TableSeats& out) {
      v1::OpenTableResponse opened;
      const grpc::Status s =
          bench_event.OpenTable(v1::TABLE_MODE_PHYSICAL, label, o.boards, &opened);
      if (!s.ok()) return "OpenTable: " + s.error_message();
      if (opened.seat_tokens_size() != 3) return std::string("OpenTable: not 3 seat tokens");
      out = {opened.table().name(), opened.seat_tokens(0), opened.seat_tokens(1)};
      return std::string();
    };
    // The spare table: the report checked on every board, through both doors.
    TableSeats spare;
    if (std::string e = open("spare", spare); !e.empty()) {
      fail(e);
      break;
    }
    {
      HttpConnection c;
      std::string e = c.Connect(port);
      for (int b = 1; b <= o.boards && e.empty(); ++b) {
        v1::SubmitResultRequest request;
        request.set_table(spare.name);
        request.set_board_number(b);
        request.set_validate_only(true);
        FillReport(request.mutable_report());
        v1::ResultEntry entry;
        if (auto s = bench_event.tables().SubmitResult(Context(director).get(), request, &entry);
            !s.ok()) {
          e = "the report is refused on board " + std::to_string(b) +
              " (gRPC): " + s.error_message();
          break;
        }
        int status = 0;
        std::string reply;
        e = c.Post(kSubmitPath, director, SubmitJson(spare.name, b, true), status, reply);
        if (e.empty() && status != 200) {
          e = "the report is refused on board " + std::to_string(b) + " (HTTP " +
              std::to_string(status) + "): " + reply;
        }
      }
      if (!e.empty()) {
        fail(e);
        break;
      }
    }
    // The phases' tables, then the warm-up's.
    const int warm = std::min(o.tables, kWarmUpTables);
    std::vector<TableSeats> seats(2 * o.tables), warm_seats(2 * warm);
    std::string open_error;
    for (int i = 0; i < 2 * o.tables && open_error.empty(); ++i) {
      open_error =
          open((i < o.tables ? "grpc " : "http ") + std::to_string(i % o.tables + 1), seats[i]);
    }
    for (int i = 0; i < 2 * warm && open_error.empty(); ++i) {
      open_error = open("warm-up " + std::to_string(i + 1), warm_seats[i]);
    }
    if (!open_error.empty()) {
      fail(open_error);
      break;
    }
    const double setup_s = Seconds(Clock::now() - setup_start);

    // The watchers.
    const long threads_before_watchers = StatusKb(skatd.pid(), "Threads");
    const std::string standings = SessionScopedName(event, 0, "standings");
    const auto watch_start = Clock::now();
    for (int i = 0; i < o.watchers; ++i) {
      watchers.push_back(std::make_unique<Watcher>());
      watchers.back()->Start(port, standings, director);
    }
    auto live_watchers = [&] {
      int n = 0;
      for (const auto& w : watchers) n += w->live();
      return n;
    };
    auto watcher_messages = [&] {
      long n = 0;
      for (const auto& w : watchers) n += w->messages();
      return n;
    };
    const auto watch_deadline = Clock::now() + std::chrono::seconds(60);
    while (live_watchers() < o.watchers && Clock::now() < watch_deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const double watch_s = Seconds(Clock::now() - watch_start);
    if (live_watchers() < o.watchers) {
      fail(std::to_string(live_watchers()) + " of " + std::to_string(o.watchers) +
           " watchers had their first standings within 60 s");
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const long threads_watching = StatusKb(skatd.pid(), "Threads");
    const long rss_watching = StatusKb(skatd.pid(), "VmRSS");

    // The warm-up: both doors' first uses (table loads, the store's statements on the pool's
    // connections, the gateway's method lookups) are not the first phase's alone.
    {
      std::vector<std::unique_ptr<Door>> doors;
      for (int i = 0; i < warm; ++i) {
        doors.push_back(std::make_unique<GrpcDoor>(skatd.address(), 1000000 + i, warm_seats[i]));
        doors.push_back(std::make_unique<HttpDoor>(port, warm_seats[warm + i]));
      }
      const Phase p = RunPhase(doors, o.boards, skatd.pid(), db.postmaster, watcher_messages);
      if (!p.error.empty()) {
        fail("warm-up: " + p.error);
        break;
      }
    }

    // The ceilings.
    const auto skatd_cpu = [&] { return ProcessCpu(skatd.pid()); };
    const Ceiling grpc_1 = HealthCeiling(skatd.address(), skatd.pid(), 1, kCeilingSeconds);
    const Ceiling grpc_n = HealthCeiling(skatd.address(), skatd.pid(), o.tables, kCeilingSeconds);
    const Ceiling http_1 =
        Measure(skatd_cpu, [&] { return HttpRoundTrips(port, 1, kCeilingSeconds); });
    const Ceiling http_n =
        Measure(skatd_cpu, [&] { return HttpRoundTrips(port, o.tables, kCeilingSeconds); });
    if (grpc_1.rate == 0 || grpc_n.rate == 0 || http_1.rate == 0 || http_n.rate == 0) {
      fail("a ceiling's call failed");
      break;
    }

    // The phases.
    std::vector<std::unique_ptr<Door>> grpc_doors, http_doors;
    for (int i = 0; i < o.tables; ++i) {
      grpc_doors.push_back(std::make_unique<GrpcDoor>(skatd.address(), i, seats[i]));
      http_doors.push_back(std::make_unique<HttpDoor>(port, seats[o.tables + i]));
    }
    Phase grpc, http;
    for (const bool web : {o.http_first, !o.http_first}) {
      std::cerr << "web_results_load: phase " << (web ? "HTTP" : "gRPC") << std::endl;
      Phase& p = web ? http : grpc;
      p = RunPhase(web ? http_doors : grpc_doors, o.boards, skatd.pid(), db.postmaster,
                   watcher_messages);
      if (!p.error.empty()) fail(std::string("phase ") + (web ? "HTTP: " : "gRPC: ") + p.error);
    }
    grpc_doors.clear();  // their connections close
    http_doors.clear();

    // Every watcher gets a message after the last confirm.
    Clock::time_point last_confirm{};
    for (const Phase* p : {&grpc, &http}) {
      if (!p->confirmed_at.empty()) last_confirm = std::max(last_confirm, p->confirmed_at.back());
    }
    auto all_seen = [&] {
      for (const auto& w : watchers) {
        if (w->last() < last_confirm) return false;
      }
      return true;
    };
    const auto last_deadline = Clock::now() + std::chrono::seconds(30);
    while (!all_seen() && Clock::now() < last_deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const bool every_watcher_saw_all = all_seen();
    const long messages_total = watcher_messages();
    for (auto& w : watchers) w->Stop();
    int watcher_errors = 0;
    for (const auto& w : watchers) {
      if (!w->error().empty()) {
        if (watcher_errors++ == 0) fail("a watcher: " + w->error());
      }
    }
    if (watcher_errors > 1) fail(std::to_string(watcher_errors) + " watchers ended early");
    if (!every_watcher_saw_all) {
      fail("not every watcher had a standings message after the last confirm within 30 s");
    }

    long unseen_grpc = 0, unseen_http = 0;
    const Percentiles stale_grpc = Summarize(NextMessage(watchers, grpc.confirmed_at, unseen_grpc));
    const Percentiles stale_http = Summarize(NextMessage(watchers, http.confirmed_at, unseen_http));

    const Percentiles gs = Summarize(grpc.submit_us), gc = Summarize(grpc.confirm_us);
    const Percentiles hs = Summarize(http.submit_us), hc = Summarize(http.confirm_us);
    const double grpc_rate = grpc.wall > 0 ? grpc.results / grpc.wall : 0;
    const double http_rate = http.wall > 0 ? http.results / http.wall : 0;
    auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
    const unsigned cores = std::thread::hardware_concurrency();

    std::printf(
        "\n== web_results_load: %d physical tables a door x %d boards, %d WatchStandings "
        "streams over HTTP; %s phase first; %u cores ==\n",
        o.tables, o.boards, o.watchers, o.http_first ? "HTTP" : "gRPC", cores);
    std::printf(
        "setup (gRPC): CreateEvent, CreateBoardSet, OpenTable x %d in %.2f s; the watchers' "
        "first standings in %.2f s\n",
        2 * o.tables + 2 * warm + 1, setup_s, watch_s);
    auto ceiling = [&](const char* what, const Ceiling& c, double rate) {
      std::printf("ceiling %-58s %7.0f /s (%3.0f us skatd CPU/call); results/s / ceiling %.3f\n",
                  what, c.rate, c.cpu_us, ratio(rate, c.rate));
    };
    const std::string n = std::to_string(o.tables);
    ceiling("gRPC empty round trips (health Check), 1 in flight", grpc_1, grpc_rate);
    ceiling(("gRPC empty round trips (health Check), " + n + " in flight").c_str(), grpc_n,
            grpc_rate);
    ceiling("HTTP round trips, no gRPC (404 from the web side), 1 conn", http_1, http_rate);
    ceiling(("HTTP round trips, no gRPC (404 from the web side), " + n + " conns").c_str(), http_n,
            http_rate);
    std::printf("%-36s %22s %22s %10s\n", "", "gRPC", "HTTP (JSON API)", "HTTP/gRPC");
    std::printf("%-36s %22ld %22ld\n", "results confirmed", grpc.results, http.results);
    std::printf("%-36s %22.2f %22.2f %10.2f\n", "wall time (s)", grpc.wall, http.wall,
                ratio(http.wall, grpc.wall));
    std::printf("%-36s %22.0f %22.0f %10.2f\n", "results/s", grpc_rate, http_rate,
                ratio(http_rate, grpc_rate));
    auto latency = [&](const char* what, const Percentiles& g, const Percentiles& h) {
      char a[64], b[64];
      std::snprintf(a, sizeof a, "%.1f / %.1f / %.1f", g.p50, g.p99, g.max);
      std::snprintf(b, sizeof b, "%.1f / %.1f / %.1f", h.p50, h.p99, h.max);
      std::printf("%-36s %22s %22s %10.2f\n", what, a, b, ratio(h.p99, g.p99));
    };
    latency("SubmitResult p50 / p99 / max (ms)", gs, hs);
    latency("ConfirmResult p50 / p99 / max (ms)", gc, hc);
    std::printf("%-36s %22.0f %22.0f %10.2f\n", "skatd CPU per result (us)",
                1e6 * grpc.skatd_cpu / std::max(1L, grpc.results),
                1e6 * http.skatd_cpu / std::max(1L, http.results),
                ratio(http.skatd_cpu / std::max(1L, http.results),
                      grpc.skatd_cpu / std::max(1L, grpc.results)));
    auto per_result = [](double cpu, long results) { return 1e6 * cpu / std::max(1L, results); };
    std::printf(
        "%-36s %22.0f %22.0f %10.2f\n", "PostgreSQL CPU per result (us)",
        per_result(grpc.pg_cpu, grpc.results), per_result(http.pg_cpu, http.results),
        ratio(per_result(http.pg_cpu, http.results), per_result(grpc.pg_cpu, grpc.results)));
    std::printf(
        "%-36s %22.0f %22.0f %10.2f\n", "this bench's CPU per result (us)",
        per_result(grpc.self_cpu, grpc.results), per_result(http.self_cpu, http.results),
        ratio(per_result(http.self_cpu, http.results), per_result(grpc.self_cpu, grpc.results)));
    {
      char a[64], b[64];
      std::snprintf(a, sizeof a, "%.2f s (%.0f %%)", grpc.other_cpu,
                    100 * grpc.other_cpu / std::max(1e-9, grpc.wall * cores));
      std::snprintf(b, sizeof b, "%.2f s (%.0f %%)", http.other_cpu,
                    100 * http.other_cpu / std::max(1e-9, http.wall * cores));
      std::printf("%-36s %22s %22s\n", "other processes' CPU (of the cores)", a, b);
    }
    std::printf("%-36s %22.1f %22.1f\n", "skatd VmHWM at the end (MiB)", grpc.hwm_kb / 1024.0,
                http.hwm_kb / 1024.0);
    std::printf("%-36s %22ld %22ld\n", "skatd threads at the end", grpc.threads_end,
                http.threads_end);
    std::printf("%-36s %22ld %22ld\n", "skatd threads, most (every 100 ms)", grpc.threads_most,
                http.threads_most);
    std::printf("%-36s %22ld %22ld\n", "standings messages to the watchers", grpc.messages,
                http.messages);
    {
      char a[64], b[64];
      std::snprintf(a, sizeof a, "%.0f / %.0f / %.0f", stale_grpc.p50, stale_grpc.p99,
                    stale_grpc.max);
      std::snprintf(b, sizeof b, "%.0f / %.0f / %.0f", stale_http.p50, stale_http.p99,
                    stale_http.max);
      std::printf("%-36s %22s %22s\n", "confirm -> next message p50/p99/max ms", a, b);
    }
    if (unseen_grpc + unseen_http > 0) {
      std::printf("(confirm, watcher) with no message after: %ld (gRPC phase), %ld (HTTP phase)\n",
                  unseen_grpc, unseen_http);
    }
    if (http.reconnects > 0) {
      std::printf("HTTP connections skatd closed after a reply: %ld\n", http.reconnects);
    }
    std::printf(
        "skatd with the watchers open, before the ceilings: %ld threads (%ld before them), "
        "VmRSS %.1f MiB; the watchers got %ld messages in all\n",
        threads_watching, threads_before_watchers, rss_watching / 1024.0, messages_total);
    std::printf(
        "HTTP / gRPC: results/s %.2f (target: at least 1/1.5 = 0.67), p99 SubmitResult %.2f, "
        "p99 ConfirmResult %.2f (target: at most 1.5)\n",
        ratio(http_rate, grpc_rate), ratio(hs.p99, gs.p99), ratio(hc.p99, gc.p99));
    PrintReproduce(db, Command(o, argv0));
    std::fflush(stdout);
  } while (false);
  for (auto& w : watchers) w->Stop();
  const int status = skatd.Stop();
  if (status != 0) fail("skatd exit status " + std::to_string(status) + "; see " + skatd.log());
  FinishRun("web_results_load", dir, db, o.keep, exit_code != 0);
  return exit_code;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  return skat::service::Run(skat::service::Parse(argc, argv), argv[0]);
}
