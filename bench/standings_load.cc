// Standings from PostgreSQL (docs/performance.md "Standings"): the scoring service's full
// recomputation of an event of 1,000 tables x 40 boards (bench/standings_bench.cc measures the
// in-memory part alone), with the time to load those results from the store reported beside it. A
// plain program:
//
//   1. sets up, through the store API, a throwaway database holding one event: a board set of
//      B boards, 3 N players, one session of N three-chair tables that all play boards 1..B, and
//      one result per (table, board) played by the heuristic bot, entered and confirmed by
//      "director" (so it counts at once); the inserts run on several threads;
//   2. measures, each --repeat times (min and median):
//        load + score  LoadEventScores (services/scoring/event_scores.h), what every
//                      ScoringService request does;
//        load only     ListResults + ListSessions + ListPlayers, without scoring;
//        score only    scoring::Score on the TableResults LoadEventScores built (in memory);
//      and the commit ceiling: single-row INSERT commits/s through the store, one client;
//   3. prints the figures, the ratio load / score and the command that reproduces them.
//
//   cmake --build build --target standings_load        (a RelWithDebInfo or Release build)
//   SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg) build/standings_load
//   deploy/test-postgres stop /tmp/bench-pg            (--tables 1000 --boards 40 by default)
//
// The database skat_bench_<pid>_<random> is made on the server SKAT_TEST_DATABASE_URL (or
// --database-url) names and dropped at the end; fsync stays as the server has it. Client, bots
// and PostgreSQL share the machine's cores.
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/deal/generator.h"
#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/profile.h"
#include "engine/scoring/scoring.h"
#include "services/common/auth.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/event_scores_cache.h"
#include "services/store/database_admin.h"
#include "services/store/store.h"

namespace skat::service {
namespace {

using Clock = std::chrono::steady_clock;

constexpr char kUsage[] =
    "Usage: standings_load [--tables N] [--boards B] [--threads T] [--repeat R]\n"
    "                      [--ceiling-seconds S] [--database-url URL] [--incremental]\n"
    "Stores an event of N tables x B boards (default 1000 x 40) with one result per table and\n"
    "board in a throwaway PostgreSQL database, then times LoadEventScores (load + score), the\n"
    "reads alone and scoring::Score alone (R times each, default 5; min and median), beside the\n"
    "single-row commit rate of one client (S seconds, default 3). Results are inserted on T\n"
    "threads (default 8, the store's pool size). The server: --database-url, else\n"
    "SKAT_TEST_DATABASE_URL (deploy/test-postgres start DIR prints one).\n"
    "--incremental: one simulated evening instead (docs/performance.md \"Standings that grow\n"
    "with the change\"): the results arrive board by board; at 1k, 5k, 10k, 20k and 40k of\n"
    "them (scaled to N x B) one more result is stored and EventScoresCache::Get timed (R times,\n"
    "median), beside LoadEventScores, the full recompute, at the end.\n";

struct Options {
  int tables = 1000;
  int boards = 40;
  int threads = 8;
  int repeat = 5;
  double ceiling_seconds = 3;
  std::string server_url;
  bool incremental = false;
};

double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// Min and median of a few timings, in milliseconds.
struct Timing {
  std::vector<double> ms;
  void Add(Clock::duration d) { ms.push_back(1000 * Seconds(d)); }
  double Min() const { return *std::min_element(ms.begin(), ms.end()); }
  double Median() const {  // the upper median of an even count
    std::vector<double> s = ms;
    std::nth_element(s.begin(), s.begin() + s.size() / 2, s.end());
    return s[s.size() / 2];
  }
};

// A failure: main reports it and still drops the database.
using Failure = std::runtime_error;
[[noreturn]] void Die(const std::string& message) { throw Failure(message); }

bool ParseInt(const char* text, int low, int high, int& out) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < low || v > high) return false;
  out = static_cast<int>(v);
  return true;
}

Options Parse(int argc, char** argv) {
  Options o;
  if (const char* url = std::getenv("SKAT_TEST_DATABASE_URL")) o.server_url = url;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (arg == "--incremental") {
      o.incremental = true;
      continue;
    }
    if (i + 1 >= argc) Die("missing value after " + arg + "\n" + kUsage);
    const char* value = argv[++i];
    bool ok = true;
    if (arg == "--tables") {
      ok = ParseInt(value, 1, 100000, o.tables);
    } else if (arg == "--boards") {
      ok = ParseInt(value, 1, 1000, o.boards);
    } else if (arg == "--threads") {
      ok = ParseInt(value, 1, 64, o.threads);
    } else if (arg == "--repeat") {
      ok = ParseInt(value, 1, 1000, o.repeat);
    } else if (arg == "--ceiling-seconds") {
      o.ceiling_seconds = std::atof(value);
      ok = o.ceiling_seconds > 0;
    } else if (arg == "--database-url") {
      o.server_url = value;
    } else {
      Die("unknown option " + arg + "\n" + kUsage);
    }
    if (!ok) Die("bad value for " + arg + ": " + value);
  }
  if (o.server_url.empty()) {
    Die("no PostgreSQL server: set SKAT_TEST_DATABASE_URL or pass --database-url\n"
        "(export SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg))");
  }
  return o;
}

template <typename T>
T Check(Result<T> r, const std::string& what) {
  if (!r.ok()) Die(what + ": " + r.status().ToString());
  return std::move(r).value();
}

// Runs work(i) for i in [0, count) on `threads` threads; stops at the first failure.
void Parallel(int threads, int count, const std::function<Status(int)>& work,
              const std::function<void(int done)>& progress) {
  std::atomic<int> next{0}, done{0};
  std::mutex failure_mutex;
  std::string failure;
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      for (int i = next++; i < count; i = next++) {
        if (Status s = work(i); !s.ok()) {
          std::lock_guard<std::mutex> lock(failure_mutex);
          if (failure.empty()) failure = s.ToString();
          next = count;
          return;
        }
        progress(++done);
      }
    });
  }
  for (std::thread& w : workers) w.join();
  if (!failure.empty()) Die(failure);
}

struct Event {
  std::string id;
  std::string set_id;
  std::vector<Board> boards;  // board b at b - 1
  std::vector<store::TableRecord> tables;
};

// The event, its board set, players and session: everything but the results.
Event MakeEvent(store::Store& store, const Options& o) {
  Event e;
  e.id = NewId("ev-");
  Check(store.CreateEvent(store::EventRecord{.id = e.id,
                                             .name = "standings_load",
                                             .profile = "nasl-1909",
                                             .director_token_sha256 = Sha256Hex(NewToken())}),
        "CreateEvent");
  deal::Seed seed;
  seed.fill(0x2a);  // fixed: the same boards on every run
  store::BoardSetRecord set;
  set.event_id = e.id;
  set.id = NewId("bs-");
  set.set = deal::MakeBoardSet("standings_load", seed, "", "", o.boards, 3);
  set.secret_seed = deal::SeedToHex(seed);
  set.board_count = o.boards;
  e.set_id = Check(store.CreateBoardSet(set), "CreateBoardSet").id;
  for (const SetBoard& b : set.set.boards) e.boards.push_back(b.board);

  // Sequential: the store numbers players by counting those already added.
  const auto start = Clock::now();
  std::vector<std::string> players;
  for (int p = 0; p < 3 * o.tables; ++p) {
    store::PlayerRecord player;
    player.event_id = e.id;
    player.id = NewId("pl-");
    player.name = "Player " + std::to_string(p + 1);
    players.push_back(Check(store.CreatePlayer(player), "CreatePlayer").id);
  }
  std::fprintf(stderr, "standings_load: %d players in %.1f s\n", 3 * o.tables,
               Seconds(Clock::now() - start));

  store::SessionRecord session;
  session.event_id = e.id;
  session.id = NewId("se-");
  session.set_id = e.set_id;
  session.movement = "individual";
  for (int t = 0; t < o.tables; ++t) {
    store::TableRecord table;
    table.event_id = e.id;
    table.id = NewId("tb-");
    table.label = "round 1, table " + std::to_string(t + 1);
    table.set_id = e.set_id;
    for (int b = 1; b <= o.boards; ++b) table.boards.push_back(b);
    table.physical = true;
    table.round = 1;
    table.table_number = t + 1;
    for (int chair = 0; chair < 3; ++chair) {
      table.player_ids.push_back(players[3 * t + chair]);
      table.player_names.push_back("Player " + std::to_string(3 * t + chair + 1));
      table.seat_token_sha256.push_back(Sha256Hex(NewToken()));
    }
    session.tables.push_back(std::move(table));
  }
  const auto session_start = Clock::now();
  e.tables = Check(store.CreateSession(session), "CreateSession").tables;
  std::fprintf(stderr, "standings_load: session of %d tables in %.1f s\n", o.tables,
               Seconds(Clock::now() - session_start));
  return e;
}

// Results [from, to) of one per (table, board), board by board as an evening's play stores them
// (result i is table i % N's board i / N): the board played out by the heuristic bot at every
// seat, seeded by table and board, entered and confirmed by the director. Returns the insert
// rate.
double StoreResults(store::Store& store, const Event& e, const Options& o, int from, int to) {
  const Profile& profile = *FindProfile("nasl-1909");
  const int count = to - from;
  const auto start = Clock::now();
  Parallel(
      std::min(o.threads, count), count,
      [&](int n) -> Status {
        const int i = from + n;
        const store::TableRecord& table = e.tables[i % o.tables];
        const int index = i / o.tables;
        const int number = table.boards[index];
        Game game(profile, e.boards[number - 1]);
        const uint64_t seed = static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull;
        const Status played = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
          return ChooseBotAct(profile, view, legal, seed);
        });
        if (!played.ok()) return played;
        store::ResultRecord r;
        r.event_id = e.id;
        r.table_id = table.id;
        r.board_index = index;
        r.board_number = number;
        r.game = game.result();
        r.pad.assign(game.result().pad.begin(), game.result().pad.end());
        r.summary = Describe(game.result());
        r.entered_by = "director";
        r.confirmed_by = "director";
        return store.SubmitResult(r, 0).status();
      },
      [&](int done) {
        if (done % 5000 != 0 && (done != count || count < 100)) return;
        const double s = Seconds(Clock::now() - start);
        std::fprintf(stderr, "standings_load: %6d / %d results stored, %.1f s, %.0f/s\n", done,
                     count, s, done / s);
      });
  return count / Seconds(Clock::now() - start);
}

// Single-row commits/s through the store (CreateEvent: one INSERT, one COMMIT), one client.
double CommitCeiling(store::Store& store, double seconds) {
  store::EventRecord event;
  event.name = "commit ceiling";
  event.profile = "nasl-1909";
  event.director_token_sha256 = Sha256Hex(NewToken());
  long n = 0;
  const auto start = Clock::now();
  while (Seconds(Clock::now() - start) < seconds) {
    event.id = NewId("ev-");
    Check(store.CreateEvent(event), "CreateEvent (commit ceiling)");
    ++n;
  }
  return n / Seconds(Clock::now() - start);
}

std::string Command(const Options& o, const char* argv0) {
  return "export SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg)\n  " +
         std::string(argv0) + " --tables " + std::to_string(o.tables) + " --boards " +
         std::to_string(o.boards) + " --threads " + std::to_string(o.threads) + " --repeat " +
         std::to_string(o.repeat) + (o.incremental ? " --incremental" : "") +
         "\n  deploy/test-postgres stop /tmp/bench-pg";
}

int Run(const Options& o, const std::string& url, const char* argv0) {
  std::unique_ptr<store::Store> store = Check(store::Store::Connect(url, 8), "connect");
  if (Status s = store->Migrate(); !s.ok()) Die("migrate: " + s.ToString());

  const double ceiling_before = CommitCeiling(*store, o.ceiling_seconds);  // a shared disk varies
  const auto setup = Clock::now();
  const Event e = MakeEvent(*store, o);
  const double insert_rate = StoreResults(*store, e, o, 0, o.tables * o.boards);
  const double setup_s = Seconds(Clock::now() - setup);
  const int count = o.tables * o.boards;

  Timing load_score, load_only, list_results, score_only;
  EventScores scores;
  for (int i = 0; i < o.repeat; ++i) {
    const auto start = Clock::now();
    Result<EventScores> loaded = LoadEventScores(*store, e.id, Audience::kDirector);
    load_score.Add(Clock::now() - start);  // without freeing the previous run's
    scores = Check(std::move(loaded), "LoadEventScores");
  }
  if (scores.results_counted != count || scores.sessions.size() != 1) {
    Die("LoadEventScores counted " + std::to_string(scores.results_counted) + " results, not " +
        std::to_string(count));
  }
  for (int i = 0; i < o.repeat; ++i) {
    const auto start = Clock::now();
    const auto results = Check(store->ListResults(e.id, "", false), "ListResults");
    list_results.Add(Clock::now() - start);
    const auto sessions = Check(store->ListSessions(e.id), "ListSessions");
    const auto players = Check(store->ListPlayers(e.id), "ListPlayers");
    load_only.Add(Clock::now() - start);
    if (static_cast<int>(results.size()) != count) Die("ListResults: wrong count");
  }
  const SessionScores& session = scores.sessions[0];
  scoring::Options options = scores.options;
  options.planned = session.planned;
  size_t standings = 0;
  const std::vector<scoring::TableResult> results = session.results.ToVector();
  for (int i = 0; i < o.repeat; ++i) {
    const auto start = Clock::now();
    const scoring::Scoresheet sheet = Check(scoring::Score(results, {}, options), "Score");
    score_only.Add(Clock::now() - start);
    standings = sheet.overall.size();
  }
  const double ceiling_after = CommitCeiling(*store, o.ceiling_seconds);

  std::printf("\nstandings_load: %d tables x %d boards = %d results, %zu players (%d runs each)\n",
              o.tables, o.boards, count, standings, o.repeat);
  std::printf("  setup (players, session, results)     %10.1f s\n", setup_s);
  std::printf("  result inserts, %2d threads            %10.0f /s\n", o.threads, insert_rate);
  std::printf("  %-38s %10s %10s\n", "", "min ms", "median ms");
  auto row = [](const char* label, const Timing& t) {
    std::printf("  %-38s %10.1f %10.1f\n", label, t.Min(), t.Median());
  };
  row("load + score (LoadEventScores)", load_score);
  row("load only (results+sessions+players)", load_only);
  row("  of which ListResults", list_results);
  row("score only (scoring::Score, memory)", score_only);
  std::printf("  commit ceiling, 1 client, before/after %10.0f %10.0f /s (one-row INSERT)\n",
              ceiling_before, ceiling_after);
  std::printf("  ratio load only / score only           %10.2f (medians)\n",
              load_only.Median() / score_only.Median());
  std::printf("  ratio load + score / score only        %10.2f (medians)\n",
              load_score.Median() / score_only.Median());
  std::printf("  results read per second (load only)    %10.0f\n",
              count / load_only.Median() * 1000);
  std::printf("reproduce:\n  %s\n", Command(o, argv0).c_str());
  return 0;
}

// This thread's CPU time: the client's share of a refresh (PostgreSQL's is not in it).
Clock::duration ThreadCpu() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

// One point of the evening: the refreshes after one more result each.
struct EveningPoint {
  int results = 0;  // stored after the point's last refresh
  Timing wall, cpu;
  double parts = 0;  // board parts scored per refresh
};

// The scores kept by change (EventScoresCache) against the full recompute (LoadEventScores).
void CheckSame(const EventScores& kept, const EventScores& full) {
  if (kept.results_counted != full.results_counted || kept.overall.size() != full.overall.size()) {
    Die("the kept scores differ from a full load in their counts");
  }
  for (size_t i = 0; i < kept.overall.size(); ++i) {
    const scoring::Standing &a = kept.overall[i], &b = full.overall[i];
    if (a.player != b.player || a.matchpoints != b.matchpoints || a.top != b.top ||
        a.rank != b.rank) {
      Die("the kept scores differ from a full load at place " + std::to_string(i + 1));
    }
  }
}

// --incremental: one simulated evening (docs/performance.md "Standings that grow with the
// change").
int RunIncremental(const Options& o, const std::string& url, const char* argv0) {
  std::unique_ptr<store::Store> store = Check(store::Store::Connect(url, 8), "connect");
  if (Status s = store->Migrate(); !s.ok()) Die("migrate: " + s.ToString());
  const Event e = MakeEvent(*store, o);
  const int count = o.tables * o.boards;
  std::vector<EveningPoint> points;
  for (int at : {1000, 5000, 10000, 20000, 40000}) {
    const int scaled = static_cast<int>(static_cast<int64_t>(at) * count / 40000);
    if (scaled <= o.repeat) continue;
    points.emplace_back();
    points.back().results = scaled;
  }
  EventScoresCache cache(*store);
  Check(cache.Get(e.id, Audience::kDirector), "EventScoresCache::Get");
  int stored = 0;
  for (EveningPoint& p : points) {
    StoreResults(*store, e, o, stored, p.results - o.repeat);
    stored = p.results - o.repeat;
    Check(cache.Get(e.id, Audience::kDirector), "EventScoresCache::Get");  // the bulk, untimed
    const uint64_t parts_before = cache.parts_computed();
    for (int i = 0; i < o.repeat; ++i) {
      StoreResults(*store, e, o, stored, stored + 1);
      ++stored;
      const auto wall = Clock::now();
      const auto cpu = ThreadCpu();
      const auto scores = Check(cache.Get(e.id, Audience::kDirector), "EventScoresCache::Get");
      p.cpu.Add(ThreadCpu() - cpu);
      p.wall.Add(Clock::now() - wall);
      if (scores->results_counted != stored) Die("the kept scores missed a result");
    }
    p.parts = static_cast<double>(cache.parts_computed() - parts_before) / o.repeat;
    std::fprintf(stderr, "standings_load: %d results, refresh median %.2f ms\n", stored,
                 p.wall.Median());
  }
  Timing full_wall, full_cpu;
  for (int i = 0; i < std::min(o.repeat, 3); ++i) {
    const auto wall = Clock::now();
    const auto cpu = ThreadCpu();
    const EventScores full =
        Check(LoadEventScores(*store, e.id, Audience::kDirector), "LoadEventScores");
    full_cpu.Add(ThreadCpu() - cpu);
    full_wall.Add(Clock::now() - wall);
    CheckSame(*Check(cache.Get(e.id, Audience::kDirector), "EventScoresCache::Get"), full);
  }

  std::printf("\nstandings_load --incremental: %d tables x %d boards, %d players, one evening\n",
              o.tables, o.boards, 3 * o.tables);
  std::printf("  %-10s %14s %14s %14s\n", "results", "refresh ms", "client CPU ms",
              "boards scored");
  double low = 1e300, high = 0, low_cpu = 1e300, high_cpu = 0;
  for (const EveningPoint& p : points) {
    std::printf("  %-10d %14.2f %14.2f %14.1f\n", p.results, p.wall.Median(), p.cpu.Median(),
                p.parts);
    low = std::min(low, p.wall.Median());
    high = std::max(high, p.wall.Median());
    low_cpu = std::min(low_cpu, p.cpu.Median());
    high_cpu = std::max(high_cpu, p.cpu.Median());
  }
  std::printf("  full recompute (LoadEventScores) at %d: %.1f ms, client CPU %.1f ms\n", stored,
              full_wall.Median(), full_cpu.Median());
  std::printf("  refresh/full at %d = %.4f (target <= 0.05; client CPU %.4f)\n", stored,
              points.back().wall.Median() / full_wall.Median(),
              points.back().cpu.Median() / full_cpu.Median());
  std::printf("  max/min refresh cost over %d..%d = %.2f (target <= 2; client CPU %.2f)\n",
              points.front().results, points.back().results, high / low, high_cpu / low_cpu);
  std::printf("reproduce:\n  %s\n", Command(o, argv0).c_str());
  return 0;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  using namespace skat;
  service::Options o;
  try {
    o = service::Parse(argc, argv);
  } catch (const service::Failure& f) {
    std::fprintf(stderr, "standings_load: %s\n", f.what());
    return 2;
  }
  std::random_device random;
  const std::string name =
      "skat_bench_" + std::to_string(getpid()) + "_" + std::to_string(random() % 1000000000);
  if (Status s = store::CreateDatabase(o.server_url, name); !s.ok()) {
    std::fprintf(stderr, "standings_load: cannot create database %s: %s\n", name.c_str(),
                 s.ToString().c_str());
    return 1;
  }
  std::fprintf(stderr, "standings_load: database %s\n", name.c_str());
  int rc = 1;
  try {
    const std::string url = store::UrlWithDatabase(o.server_url, name);
    rc = o.incremental ? service::RunIncremental(o, url, argv[0]) : service::Run(o, url, argv[0]);
  } catch (const service::Failure& f) {
    std::fprintf(stderr, "standings_load: %s\n", f.what());
  }
  if (Status s = store::DropDatabase(o.server_url, name); !s.ok()) {
    std::fprintf(stderr, "standings_load: drop %s: %s\n", name.c_str(), s.ToString().c_str());
    return 1;
  }
  return rc;
}
