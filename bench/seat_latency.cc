// seat_latency: the time from an act's commit to the other seats of its table seeing it, with
// every seat watching through gRPC (WatchSeat stream, Act) and then through the web side exactly
// as the play page does (WatchSeat as server-sent events, Act as a JSON POST), on one skatd,
// beside the ceilings of both doors measured in the same run. A plain program, not a test.
//
//   cmake --build build --target seat_latency
//   build/seat_latency [--tables 340] [--boards 3] [--think-ms 1000] [--http-first] [--seed 1]
//                      [--ceiling-seconds 2] [--skatd PATH] [--database-url URL] [--keep]
//
// The database: --database-url as given; else a throwaway database on SKAT_TEST_DATABASE_URL
// (created and dropped here); else a private embedded cluster in /tmp/skat-seat-latency-XXXXXX
// (stopped and removed at the end). fsync and synchronous_commit stay on. skatd (this build's,
// or --skatd) serves the event, deal and table services on 127.0.0.1 and the web side on
// another port of 127.0.0.1 (--http-listen 127.0.0.1:0), with the per-address bounds of streams
// and web connections raised out of the way (every client here is one address); its log is
// dir/skatd.log (the directory is named at the start, kept with --keep or on a failure).
//
// Setup, through gRPC: an event (nasl-1909), a board set of --boards boards for 3 chairs, 2 x
// --tables online tables of those boards (one set per phase), 2 x min(16, --tables) warm-up
// tables and 8 probe tables of one board. Then:
//   1. a warm-up, not measured: the warm-up tables played through each door at once, the bots
//      not thinking (so that first uses in skatd, such as the statements prepared on each of its
//      database connections, fall on neither phase);
//   2. the ceilings, each with skatd's CPU per call: empty gRPC round trips (skatd's
//      grpc.health.v1 Check; no database), 1 and --tables in flight; HTTP round trips the web
//      side answers itself (an unknown API method, 404: no gRPC, no database), 1 and --tables
//      connections; and skatd's act path without PostgreSQL through each door (an Act repeating
//      an accepted sequence number, answered from the table's memory: no commit, no views
//      pushed), --tables in flight over the 8 probe tables;
//   3. phase gRPC: every seat of the first --tables tables opens its WatchSeat stream on a gRPC
//      connection of its own (gRPC's callback API: no thread per seat) and acts with callback
//      unary Acts on it;
//   4. phase HTTP: every seat of the other --tables tables does what the play page does: POST
//      /api/skat.v1.TableService/WatchSeat with Accept: text/event-stream on one connection,
//      read as server-sent events, and POST /api/skat.v1.TableService/Act with the act as JSON
//      on a second, keep-alive connection (a browser's fetch() cannot share the connection an
//      event stream holds). All 2 x 3 x --tables connections are driven by one epoll loop on
//      one thread here, which also parses the JSON: the messages' boardIndex and actCount by a
//      scan, a whole SeatUpdate only when the view has legal acts (the seat's turn) or ends the
//      table.
// --http-first swaps steps 3 and 4 (the second phase runs on a database with the first phase's
// acts in it). In each phase every stream delivers its first view before the clock starts;
// then the bots play: a seat whose view asks it to act (engine/players/bot.h ChooseBotAct, seeded
// by table, chair, board and act, so both phases play the same games) thinks a random time, uniform
// in 0..--think-ms ms from the arrival of that view, then sends the act; at most one act of a seat
// is in flight. The default, 0..1000 ms (0.5 s on average), is about ten times the pace of people
// (a game of some 35 acts takes a table of people about 3 minutes): 340 tables offer at most 680
// acts/s, which this 2-core machine serves through either door, so both phases play at the same
// pace and compare the doors' latency rather than their capacity. A smaller
// --think-ms (e.g. 200) saturates the machine: then the latencies are mostly queueing.
//
// The measure: for every accepted act and every OTHER seat of its table, the time from the
// moment the actor received its ActResponse (the commit is acknowledged) to the moment that
// seat received the first SeatUpdate whose view shows the act (its (boardIndex, actCount) at or
// past the act's (boardIndex, actIndex + 1)). skatd pushes the views from the act's thread
// after the commit and before the answer, so a view may arrive before the actor's answer: such
// times are negative, counted and kept in the percentiles. Beside it, the time from the Act's
// send to the same view: the true commit-to-view time lies between the two (the commit falls
// between the send and the answer), and the Act's own latency (send to answer). Also the time
// from the answer to the actor's own view of its act: through gRPC both come on the seat's one
// connection, so their order is the order in which skatd wrote them.
//
// Reported per phase: acts, the wall time of the play, acts/s; the latencies (p50/p99/max); the
// CPU per act of skatd, of skatd's PostgreSQL backends (this run's database; the server's WAL
// writer and checkpointer count among the other processes, and so do other databases' backends
// on a shared test server) and of this program, and the CPU other processes took meanwhile; the
// HTTP loop thread's share of a core (is the client the bottleneck?); skatd's VmRSS with every
// stream open and at its peak in play (sampled every 100 ms), VmHWM at the end, its threads with
// the streams open, at most in play and at the end. Then the ratios HTTP / gRPC and the command
// that reproduces the run.
//
// The parts: bench/seat_latency/options.h (the command line), phase.h (a phase: the seats, the
// clock, the CPU and memory), seat.h (a bot at a seat, whatever the door), grpc_seat.h and
// http_seat.h (the doors; loop.h and http_reader.h: the HTTP side's epoll loop), track.h (the
// bookkeeping of acts and views: the measured times), ceilings.h, report.h; shared with the other
// load benches: bench/load_common.h, load_run.h, load_tables.h, http_load_client.h.
#include <algorithm>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "bench/load_run.h"
#include "bench/load_tables.h"
#include "bench/seat_latency/ceilings.h"
#include "bench/seat_latency/loop.h"
#include "bench/seat_latency/options.h"
#include "bench/seat_latency/phase.h"
#include "bench/seat_latency/report.h"

namespace skat::service::seat_latency {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks

constexpr int kWarmUpTables = 16;  // as many as skatd's --db-connections
constexpr int kProbeTables = 8;

// The tables of the run: the phases', the warm-up's and the ceilings' probes.
struct Tables {
  std::vector<TableSeats> grpc, http, warm_grpc, warm_http, probes;
  int count() const {
    return static_cast<int>(grpc.size() + http.size() + warm_grpc.size() + warm_http.size() +
                            probes.size());
  }
};

// Through gRPC: the event (nasl-1909), its board set of o.boards boards, and the tables, opened
// in the order of the phases' pairs, the warm-up's pairs, the probes. Empty, or the error.
std::string OpenTables(const Options& o, const std::string& address, Tables& tables) {
  BenchEvent event;
  if (std::string e = event.Create(address, "seat_latency", "nasl-1909", o.boards); !e.empty()) {
    return e;
  }
  auto open = [&](const std::string& label, int boards, TableSeats& out) {
    v1::OpenTableResponse opened;
    const grpc::Status s = event.OpenTable(v1::TABLE_MODE_ONLINE, label, boards, &opened);
    if (!s.ok()) return "OpenTable: " + s.error_message();
    if (opened.seat_tokens_size() != kChairs) return std::string("OpenTable: not 3 seat tokens");
    out.name = opened.table().name();
    for (int c = 0; c < kChairs; ++c) out.tokens[c] = opened.seat_tokens(c);
    return std::string();
  };
  const int warm = std::min(o.tables, kWarmUpTables);
  tables.grpc.resize(o.tables);
  tables.http.resize(o.tables);
  tables.warm_grpc.resize(warm);
  tables.warm_http.resize(warm);
  tables.probes.resize(kProbeTables);
  std::string error;
  for (int i = 0; i < o.tables && error.empty(); ++i) {
    error = open("grpc " + std::to_string(i + 1), o.boards, tables.grpc[i]);
    if (error.empty()) error = open("http " + std::to_string(i + 1), o.boards, tables.http[i]);
  }
  for (int i = 0; i < warm && error.empty(); ++i) {
    error = open("warm-up grpc " + std::to_string(i + 1), 1, tables.warm_grpc[i]);
    if (error.empty()) {
      error = open("warm-up http " + std::to_string(i + 1), 1, tables.warm_http[i]);
    }
  }
  for (int i = 0; i < kProbeTables && error.empty(); ++i) {
    error = open("probe " + std::to_string(i + 1), 1, tables.probes[i]);
  }
  return error;
}

int Run(const Options& o, const char* argv0) {
  RaiseFileLimit();
  Database db;
  std::filesystem::path dir;
  if (!StartRun("seat_latency", o.database_url, "skat-seat-latency", db, dir)) return 1;
  SkatdProcess skatd;
  int exit_code = 0;
  auto fail = [&](const std::string& e) {
    std::cerr << "seat_latency: " << e << std::endl;
    exit_code = 1;
  };
  Loop loop;
  do {
    const SkatdOptions skatd_options{.binary = o.skatd, .server_id = "seat-latency", .http = true};
    if (std::string e = skatd.Start(skatd_options, db.url, dir); !e.empty()) {
      fail(e);
      break;
    }
    std::cerr << "seat_latency: " << skatd.Describe() << std::endl;
    const Env env{skatd.address(), skatd.http_port(), skatd.pid(), db.url, &loop};

    const auto setup_start = Clock::now();
    Tables tables;
    if (std::string e = OpenTables(o, skatd.address(), tables); !e.empty()) {
      fail(e);
      break;
    }
    const double setup_s = Seconds(Clock::now() - setup_start);

    // The warm-up: both doors at once, the bots not thinking.
    {
      std::cerr << "seat_latency: warm-up" << std::endl;
      Phase g, h;
      std::thread grpc_warm(
          [&] { g = RunPhase(env, false, tables.warm_grpc, 0, o.seed, 2000000); });
      h = RunPhase(env, true, tables.warm_http, 0, o.seed, 0);
      grpc_warm.join();
      if (!g.error.empty() || !h.error.empty()) {
        fail("warm-up: " + (g.error.empty() ? h.error : g.error));
        break;
      }
    }

    std::cerr << "seat_latency: ceilings" << std::endl;
    Ceilings ceilings;
    if (std::string e = MeasureCeilings(env, tables.probes, o.tables, o.ceiling_seconds, ceilings);
        !e.empty()) {
      fail(e);
      break;
    }

    Phase grpc, http;
    for (const bool web : {o.http_first, !o.http_first}) {
      std::cerr << "seat_latency: phase " << (web ? "HTTP" : "gRPC") << std::endl;
      Phase& p = web ? http : grpc;
      p = RunPhase(env, web, web ? tables.http : tables.grpc, o.think_ms, o.seed, 0);
      if (!p.error.empty()) fail(std::string("phase ") + (web ? "HTTP: " : "gRPC: ") + p.error);
    }

    PrintReport(o, Command(o, argv0), db, tables.count(), setup_s, ceilings, grpc, http);
  } while (false);
  const int status = skatd.Stop();
  if (status != 0) fail("skatd exit status " + std::to_string(status) + "; see " + skatd.log());
  FinishRun("seat_latency", dir, db, o.keep, exit_code != 0);
  return exit_code;
}

}  // namespace
}  // namespace skat::service::seat_latency

int main(int argc, char** argv) {
  return skat::service::seat_latency::Run(skat::service::seat_latency::Parse(argc, argv), argv[0]);
}
