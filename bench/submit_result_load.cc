// submit_result_load: a physical result's cost against the event's size (docs/performance.md
// "Results through the web side"). Two events on one skatd and one database, one with --small
// (default 100) and one with --large (default 10,000) confirmed results already entered; then
// seats of both enter the same number of new results through gRPC, and the bench prints skatd's
// and PostgreSQL's CPU per SubmitResult of each, and the target's ratio:
//   cost(large) / cost(small) = X (target <= 1.3)
// A plain program, not a test.
//
//   cmake --build build --target submit_result_load
//   build/submit_result_load [--calls 1000] [--small 100] [--large 10000] [--threads 4]
//                            [--skatd PATH] [--database-url URL] [--keep]
//
// The database and skatd as in the other load benches (bench/load_run.h): a throwaway database on
// SKAT_TEST_DATABASE_URL unless --database-url, skatd serving event,deal,table on 127.0.0.1.
//
// Each event (nasl-1909, board sets of 3 chairs, stored directly through the store) is one
// physical session. Its rounds before the last have kRoundTables tables of kBoards boards
// (kRoundTables * kBoards = 100 results a round), every board with a confirmed result: the first
// through the service (the director's SubmitResult), the others copied from it in one INSERT. So
// the events differ in their number of rounds (1 and 100 by default), not in the rounds' width:
// a seat's report is checked against its own table's earlier boards and the previous round's
// (docs/tables.md "Physical play"), which have the same size in both. Its last round has
// --calls / kBoards tables; each table's chair 1 enters its boards in order (SubmitResult, not
// confirmed), --threads tables at once. The calls alternate between the events in four blocks
// (small, large, large, small), so that a drift of the machine's load weighs on both alike.
// The CPU of skatd and of the PostgreSQL server (its postmaster and children) is read from /proc
// around each block; other processes of the machine are reported, not subtracted.
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "bench/load_run.h"
#include "engine/players/random_play.h"
#include "services/common/auth.h"
#include "services/common/names.h"
#include "services/store/store.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks
namespace fs = std::filesystem;

constexpr int kBoards = 10;       // boards per table
constexpr int kRoundTables = 10;  // tables of each full round: 100 results a round

struct Options {
  int calls = 1000;
  int small = 100;
  int large = 10000;
  int threads = 4;
  std::string skatd = SKATD_BINARY;
  std::string database_url;
  bool keep = false;
};

const char kHelp[] =
    "usage: submit_result_load [options]\n"
    "A physical result's cost (skatd + PostgreSQL CPU per SubmitResult) in an event with few\n"
    "and with many results; see bench/submit_result_load.cc.\n"
    "  --calls N           SubmitResults per event (default 1000; a multiple of 40)\n"
    "  --small N           results in the small event (default 100; a multiple of 100)\n"
    "  --large N           results in the large event (default 10000; a multiple of 100)\n"
    "  --threads N         tables entering at once (default 4)\n"
    "  --skatd PATH        the skatd binary (default: this build's)\n"
    "  --database-url URL  use this database (default: a throwaway one on\n"
    "                      SKAT_TEST_DATABASE_URL's server, else an embedded cluster under /tmp)\n"
    "  --keep              keep the run's directory (skatd.log) and the database\n";

Options Parse(int argc, char** argv) {
  const Flags flags("submit_result_load", kHelp);
  Options o;
  flags.Parse(argc, argv, {{"--keep", &o.keep}},
              [&](const std::string& flag, const std::string& value) {
                auto number = [&](long long least, long long most) {
                  return static_cast<int>(flags.Integer(flag, value, least, most));
                };
                if (flag == "--calls")
                  o.calls = number(40, 20000);
                else if (flag == "--small")
                  o.small = number(100, 100000);
                else if (flag == "--large")
                  o.large = number(100, 100000);
                else if (flag == "--threads")
                  o.threads = number(1, 64);
                else if (flag == "--skatd")
                  o.skatd = value;
                else if (flag == "--database-url")
                  o.database_url = value;
                else
                  return false;
                return true;
              });
  if (o.calls % (4 * kBoards) != 0) flags.Usage("--calls: a multiple of 40");
  if (o.small % (kRoundTables * kBoards) != 0 || o.large % (kRoundTables * kBoards) != 0) {
    flags.Usage("--small and --large: multiples of 100");
  }
  return o;
}

std::string Command(const Options& o, const char* argv0) {
  return std::string(argv0) + " --calls " + std::to_string(o.calls) + " --small " +
         std::to_string(o.small) + " --large " + std::to_string(o.large) + " --threads " +
         std::to_string(o.threads) + SkatdAndDatabaseFlags(o.skatd, SKATD_BINARY, o.database_url);
}

// The report every board gets (valid on any deal): middlehand's hand game in hearts, 75 card
// points, 6 tricks, bid 18.
void FillReport(v1::PhysicalReport* r) {
  r->set_kind(v1::GameResult::KIND_DECLARER_GAME);
  r->set_declarer(v1::DIRECTION_MIDDLEHAND);
  r->mutable_declaration()->set_handling(v1::SKAT_HANDLING_HAND);
  r->mutable_declaration()->set_game(v1::GAME_TYPE_HEARTS);
  r->set_floor(18);
  r->set_declarer_points(75);
  r->set_declarer_tricks(6);
}

// One event: its measured tables (the last round) with chair 1's seat token.
struct BenchEvent {
  std::string id;
  std::string director;            // token
  std::vector<std::string> names;  // the last round's tables
  std::vector<std::string> seats;  // their chair 1's tokens
  int first_board = 1;             // the last round's first board number
};

// Stores the event, its board set and its session (`full_rounds` complete rounds, then the last
// round of `last_tables` tables), and enters every board of the full rounds.
std::string MakeEvent(store::Store& store, const std::string& url, v1::TableService::Stub& stub,
                      int full_rounds, int last_tables, uint64_t seed, BenchEvent& out) {
  out.id = NewId("ev-");
  out.director = NewToken();
  if (Result<store::EventRecord> e =
          store.CreateEvent(store::EventRecord{.id = out.id,
                                               .name = "submit_result_load",
                                               .profile = "nasl-1909",
                                               .director_token_sha256 = Sha256Hex(out.director)});
      !e.ok()) {
    return e.status().ToString();
  }
  const int rounds = full_rounds + 1;
  out.first_board = full_rounds * kBoards + 1;
  store::BoardSetRecord set;
  set.event_id = out.id;
  set.id = NewId("bs-");
  set.set.label = "submit_result_load";
  set.set.commitment = std::string(64, 'c');
  set.set.table_size = 3;
  set.secret_seed = std::string(64, '5');
  Rng rng(seed);
  for (int b = 1; b <= rounds * kBoards; ++b) {
    set.set.boards.push_back(SetBoard{.number = b, .board = RandomBoard(rng)});
  }
  set.board_count = rounds * kBoards;
  if (Result<store::BoardSetRecord> s = store.CreateBoardSet(set); !s.ok()) {
    return s.status().ToString();
  }
  store::SessionRecord session;
  session.event_id = out.id;
  session.id = NewId("se-");
  session.set_id = set.id;
  session.movement = "individual";
  for (int round = 1; round <= rounds; ++round) {
    const int tables = round == rounds ? last_tables : kRoundTables;
    for (int n = 1; n <= tables; ++n) {
      store::TableRecord t;
      t.event_id = out.id;
      t.id = NewId("tb-");
      t.label = "Round " + std::to_string(round) + " table " + std::to_string(n);
      t.set_id = set.id;
      for (int k = 1; k <= kBoards; ++k) t.boards.push_back((round - 1) * kBoards + k);
      t.physical = true;
      t.round = round;
      t.table_number = n;
      for (int chair = 1; chair <= 3; ++chair) {
        const std::string token = NewToken();
        if (round == rounds && chair == 1) out.seats.push_back(token);
        t.seat_token_sha256.push_back(Sha256Hex(token));
      }
      if (round == rounds) out.names.push_back(TableResourceName(out.id, t.id));
      session.tables.push_back(std::move(t));
    }
  }
  const std::string first = TableResourceName(out.id, session.tables[0].id);
  if (Result<store::SessionRecord> s = store.CreateSession(session); !s.ok()) {
    return s.status().ToString();
  }
  // The first result through the service, the others copied from it.
  v1::SubmitResultRequest request;
  request.set_table(first);
  request.set_board_number(1);
  FillReport(request.mutable_report());
  v1::ResultEntry entry;
  auto context = Context(out.director);
  if (grpc::Status s = stub.SubmitResult(context.get(), request, &entry); !s.ok()) {
    return "the first result: " + s.error_message();
  }
  const std::string columns =
      Psql(url,
           "SELECT string_agg(column_name, ',') FROM information_schema.columns WHERE table_name = "
           "'results' AND column_name NOT IN ('id', 'table_id', 'board_index', 'board_number')");
  if (columns.empty()) return "cannot read the results table's columns";
  std::string copied;
  for (size_t at = 0; at < columns.size();) {
    const size_t comma = std::min(columns.find(',', at), columns.size());
    copied += (copied.empty() ? "r." : ", r.") + columns.substr(at, comma - at);
    at = comma + 1;
  }
  Psql(url, "INSERT INTO results (" + columns + ", table_id, board_index, board_number) SELECT " +
                copied +
                ", g.table_id, g.board_index, g.board_number FROM results r, games g JOIN "
                "play_tables t ON t.event_id = g.event_id AND t.id = g.table_id WHERE r.event_id = "
                "'" +
                out.id +
                "' AND g.event_id = r.event_id AND t.round <= " + std::to_string(full_rounds) +
                " AND (g.table_id, g.board_index) <> (r.table_id, r.board_index)");
  const std::string count = Psql(url, "SELECT count(*) FROM results WHERE event_id = '" + out.id +
                                          "' AND confirmed_by IS NOT NULL");
  if (count != std::to_string(full_rounds * kRoundTables * kBoards)) {
    return "the event holds " + count + " confirmed results, not " +
           std::to_string(full_rounds * kRoundTables * kBoards);
  }
  return "";
}

// One block: tables [first, last) of `event`, each entering its boards in order, `threads` at
// once. Every call's latency in `us`; "" or the first failure.
std::string EnterBlock(const std::string& address, const BenchEvent& event, int first, int last,
                       int threads, std::vector<uint32_t>& us) {
  std::atomic<int> next{first};
  std::mutex mu;
  std::string error;
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) {
    pool.emplace_back([&, i] {
      auto stub = v1::TableService::NewStub(NewChannel(address, 1000 + i));
      std::vector<uint32_t> mine;
      for (int t = next++; t < last; t = next++) {
        for (int board = 1; board <= kBoards; ++board) {
          v1::SubmitResultRequest request;
          request.set_table(event.names[t]);
          request.set_board_number(event.first_board + board - 1);
          FillReport(request.mutable_report());
          v1::ResultEntry entry;
          auto context = Context(event.seats[t]);
          const auto start = Clock::now();
          const grpc::Status s = stub->SubmitResult(context.get(), request, &entry);
          mine.push_back(static_cast<uint32_t>(Micros(Clock::now() - start)));
          if (!s.ok()) {
            std::lock_guard lock(mu);
            if (error.empty()) error = event.names[t] + ": " + s.error_message();
            return;
          }
        }
      }
      std::lock_guard lock(mu);
      us.insert(us.end(), mine.begin(), mine.end());
    });
  }
  for (std::thread& t : pool) t.join();
  return error;
}

// CPU and latencies of one event's calls, summed over its blocks.
struct Cost {
  long calls = 0;
  double skatd = 0, postgres = 0, other = 0, wall = 0;
  std::vector<uint32_t> us;
  double PerCallUs() const { return 1e6 * (skatd + postgres) / std::max(1L, calls); }
};

int Run(const Options& o, const char* argv0) {
  RaiseFileLimit();
  Database db;
  fs::path dir;
  if (!StartRun("submit_result_load", o.database_url, "skat-submit-load", db, dir)) return 1;
  SkatdProcess skatd;
  int exit_code = 0;
  auto fail = [&](const std::string& e) {
    std::cerr << "submit_result_load: " << e << std::endl;
    exit_code = 1;
  };
  do {
    if (std::string e =
            skatd.Start(SkatdOptions{.binary = o.skatd, .server_id = "submit-load"}, db.url, dir);
        !e.empty()) {
      fail(e);
      break;
    }
    std::cerr << "submit_result_load: " << skatd.Describe() << std::endl;
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(db.url);
    if (!store.ok()) {
      fail(store.status().ToString());
      break;
    }
    auto stub = v1::TableService::NewStub(NewChannel(skatd.address(), 0));
    const int tables = o.calls / kBoards;
    const auto setup_start = Clock::now();
    BenchEvent small, large;
    if (std::string e =
            MakeEvent(**store, db.url, *stub, o.small / (kRoundTables * kBoards), tables, 1, small);
        !e.empty()) {
      fail("the small event: " + e);
      break;
    }
    if (std::string e =
            MakeEvent(**store, db.url, *stub, o.large / (kRoundTables * kBoards), tables, 2, large);
        !e.empty()) {
      fail("the large event: " + e);
      break;
    }
    const double setup_s = Seconds(Clock::now() - setup_start);
    Psql(db.url, "ANALYZE");
    // A warm-up on neither event's measured tables: every skatd connection prepares its
    // statements (a third event of one full round).
    BenchEvent warm;
    if (std::string e = MakeEvent(**store, db.url, *stub, 1, 16, 3, warm); !e.empty()) {
      fail("the warm-up event: " + e);
      break;
    }
    std::vector<uint32_t> ignored;
    if (std::string e = EnterBlock(skatd.address(), warm, 0, 16, o.threads, ignored); !e.empty()) {
      fail("warm-up: " + e);
      break;
    }
    Cost cost[2];
    const BenchEvent* events[2] = {&small, &large};
    const int half = tables / 2;
    // small, large, large, small: (event, first table)
    const std::pair<int, int> blocks[4] = {{0, 0}, {1, 0}, {1, half}, {0, half}};
    CpuMeter meter(skatd.pid(), [&] { return TreeCpu(db.postmaster); });
    for (const auto& [which, first] : blocks) {
      Cost& c = cost[which];
      const int last = first == 0 ? half : tables;
      const auto start = Clock::now();
      meter.Start();
      const std::string e =
          EnterBlock(skatd.address(), *events[which], first, last, o.threads, c.us);
      meter.Stop();
      c.wall += Seconds(Clock::now() - start);
      c.skatd += meter.skatd;
      c.postgres += meter.postgres;
      c.other += meter.other;
      c.calls += (last - first) * kBoards;
      if (!e.empty()) {
        fail(e);
        break;
      }
    }
    if (exit_code != 0) break;
    const unsigned cores = std::thread::hardware_concurrency();
    std::printf(
        "\n== submit_result_load: SubmitResult by seats, %d calls an event (%d tables x %d "
        "boards), %d at once; %u cores ==\n",
        o.calls, tables, kBoards, o.threads, cores);
    std::printf("setup: 2 events (%d and %d confirmed results, rounds of %d) in %.1f s\n", o.small,
                o.large, kRoundTables * kBoards, setup_s);
    std::printf("%-44s %16s %16s %8s\n", "", "small event", "large event", "L / S");
    std::printf("%-44s %16d %16d\n", "confirmed results in the event before", o.small, o.large);
    std::printf("%-44s %16ld %16ld\n", "SubmitResults (not confirmed)", cost[0].calls,
                cost[1].calls);
    auto row = [&](const char* what, double s, double l) {
      std::printf("%-44s %16.0f %16.0f %8.2f\n", what, s, l, s > 0 ? l / s : 0.0);
    };
    const Percentiles ps = Summarize(cost[0].us), pl = Summarize(cost[1].us);
    row("calls/s", cost[0].calls / std::max(1e-9, cost[0].wall),
        cost[1].calls / std::max(1e-9, cost[1].wall));
    std::printf("%-44s %7.1f / %6.1f %7.1f / %6.1f\n", "SubmitResult p50 / p99 (ms)", ps.p50,
                ps.p99, pl.p50, pl.p99);
    row("skatd CPU per call (us)", 1e6 * cost[0].skatd / cost[0].calls,
        1e6 * cost[1].skatd / cost[1].calls);
    row("PostgreSQL CPU per call (us)", 1e6 * cost[0].postgres / cost[0].calls,
        1e6 * cost[1].postgres / cost[1].calls);
    row("skatd + PostgreSQL CPU per call (us)", cost[0].PerCallUs(), cost[1].PerCallUs());
    std::printf("%-44s %14.0f %% %14.0f %%\n", "other processes' CPU (of the cores)",
                100 * cost[0].other / std::max(1e-9, cost[0].wall * cores),
                100 * cost[1].other / std::max(1e-9, cost[1].wall * cores));
    std::printf("cost(%d) / cost(%d) = %.2f (target <= 1.3; skatd + PostgreSQL CPU per call)\n",
                o.large, o.small, cost[1].PerCallUs() / std::max(1e-9, cost[0].PerCallUs()));
    PrintReproduce(db, Command(o, argv0));
    std::fflush(stdout);
  } while (false);
  const int status = skatd.Stop();
  if (status != 0) fail("skatd exit status " + std::to_string(status) + "; see " + skatd.log());
  FinishRun("submit_result_load", dir, db, o.keep, exit_code != 0);
  return exit_code;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  return skat::service::Run(skat::service::Parse(argc, argv), argv[0]);
}
