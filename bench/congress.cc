// congress: the 1909 Milwaukee congress format at the scale of the 1909 Wisconsin winter
// tournament, played by bots through a real skatd into PostgreSQL (docs/performance.md "The 1909
// congress"). A plain program, not a test.
//
//   cmake --build build --target congress
//   build/congress                      (1,020 players, 20 rounds, 2 bot processes)
//   build/congress --also-fifth         (204 players first, then 1,020: how cost grows)
//   build/congress --players 9 --rounds 2 --ceiling-seconds 0.2   (a smoke run of seconds)
//
// Each run: a database (--database-url; else a throwaway one on SKAT_TEST_DATABASE_URL; else a
// private embedded cluster under /tmp; fsync and synchronous_commit on), skatd (this build's, or
// --skatd) with the event, deal, table and scoring services; the ceilings of the machine
// (PostgreSQL single-row commits/s with 1 and --db-connections threads, empty gRPC round trips/s
// with 1 and players/3 in flight); an event (nasl-1909 rules), --players players, a board set of
// 3 x --rounds boards for 3 chairs, ONE session with the congress movement (comparative: every
// table of a round plays the round's 3 boards; tables of three, seats drawn by lot). Its seat
// tokens go to --bots tokens files (a player's seats all in one file, as "table chair token round
// player" lines) and --bots `skat bot` processes play them (services/cli/seat/bot_driver.h: a
// thread per player, his seats in round order, each joining once his table of the round before is
// finished; --round-barrier: round by round). Every act is a gRPC call acknowledged after its
// commit. Then GetStandings and GetPrizeList, timed, and the standings' result count checked.
//
// Reported: wall time of the play, acts, acts/s, act latency (p50/p90/p99/max over every act of
// every bot, from their --stats histograms), peak memory (skatd VmHWM; each bot's ru_maxrss;
// PostgreSQL's largest process and the sum over its processes), CPU per act of skatd,
// PostgreSQL and the bots, StartSession/standings/prize list times, and the ceilings with the act
// rate's ratio to each. Progress (rounds, tables, acts/s) goes to stderr every --progress
// seconds.
//
// Measured at 204 players on 2 cores shared with other builds (about 30 % of them busy):
// --bots 1 / 2 / 3 / 4 / 8 took 560 / 597 / 670 / 690 / 898 us of CPU per act in all (skatd,
// PostgreSQL and bots: fewer connections put more messages in each read and write on both
// sides), so 2 is the default; the bots' callback driver took 204 instead of 273 us per act
// (4 bots); players going on at once played 1,809 acts/s against 1,726 round by round.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "bench/random_game.h"
#include "services/cli/seat/bot_stats.h"
#include "services/common/names.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks
namespace fs = std::filesystem;

constexpr int kFullPlayers = 1020;  // the 1909 Wisconsin winter tournament

struct Options {
  int players = kFullPlayers;
  int rounds = 20;
  int bots = 2;
  bool also_fifth = false;
  bool round_barrier = false;
  std::string driver = "callback";
  std::string policy = "heuristic";
  int db_connections = 16;
  int lease_ms = 10000;
  uint64_t seed = 1909;
  double ceiling_seconds = 2;
  double progress_seconds = 5;
  std::string skatd = SKATD_BINARY;
  std::string skat = SKAT_BINARY;
  std::string database_url;
  bool keep = false;
};

const char kHelp[] =
    "usage: congress [options]\n"
    "The 1909 congress (tables of three, 20 rounds, comparative boards) played by `skat bot`\n"
    "processes through a real skatd into PostgreSQL; see bench/congress.cc.\n"
    "  --players N          players (default 1020, the 1909 Wisconsin winter tournament)\n"
    "  --scale F            players = F x 1020, rounded to a multiple of 3 (0.2: 204)\n"
    "  --rounds N           rounds of the sitting (default 20; 3 boards a table a round)\n"
    "  --bots N             `skat bot` processes sharing the players (default 2)\n"
    "  --also-fifth         first the same at a fifth of the players, then compare\n"
    "  --round-barrier      bots play round by round instead of each player going on at once\n"
    "  --driver D           the bots' driver: callback (default; gRPC's callback API) or threads\n"
    "  --policy P           the bots: heuristic (default: the server's load, comparable with\n"
    "                       docs/performance.md) or sampling (docs/bots.md; more bot CPU)\n"
    "  --db-connections N   skatd's PostgreSQL connections (default 16)\n"
    "  --lease-ms MS        skatd's table lease (default 10000)\n"
    "  --seed S             the seat draw's and the bots' seed (default 1909)\n"
    "  --ceiling-seconds S  how long each ceiling is measured (default 2)\n"
    "  --progress S         seconds between progress lines on stderr (default 5)\n"
    "  --skatd PATH         the skatd binary (default: this build's)\n"
    "  --skat PATH          the skat binary for the bots (default: this build's)\n"
    "  --database-url URL   use this database (default: SKAT_TEST_DATABASE_URL's server, else an\n"
    "                       embedded cluster under /tmp)\n"
    "  --keep               keep the temporary directory (tokens, stats, logs) and the database\n"
    "  --help               this text\n";

[[noreturn]] void Usage(const std::string& error) {
  std::cerr << "congress: " << error << "\n" << kHelp;
  std::exit(2);
}

int RoundToThree(double players) { return std::max(3, 3 * static_cast<int>(players / 3 + 0.5)); }

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::cout << kHelp;
      std::exit(0);
    }
    if (flag == "--keep" || flag == "--also-fifth" || flag == "--round-barrier") {
      (flag == "--keep" ? o.keep : flag == "--also-fifth" ? o.also_fifth : o.round_barrier) = true;
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
    auto real = [&] {
      char* end = nullptr;
      const double x = std::strtod(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0' || !(x > 0)) Usage(flag + " " + value);
      return x;
    };
    if (flag == "--players")
      o.players = static_cast<int>(number());
    else if (flag == "--scale")
      o.players = RoundToThree(real() * kFullPlayers);
    else if (flag == "--rounds")
      o.rounds = static_cast<int>(number());
    else if (flag == "--bots")
      o.bots = static_cast<int>(number());
    else if (flag == "--db-connections")
      o.db_connections = static_cast<int>(number());
    else if (flag == "--lease-ms")
      o.lease_ms = static_cast<int>(number());
    else if (flag == "--seed")
      o.seed = static_cast<uint64_t>(number());
    else if (flag == "--ceiling-seconds")
      o.ceiling_seconds = real();
    else if (flag == "--progress")
      o.progress_seconds = real();
    else if (flag == "--skatd")
      o.skatd = value;
    else if (flag == "--skat")
      o.skat = value;
    else if (flag == "--database-url")
      o.database_url = value;
    else if (flag == "--policy" && (value == "heuristic" || value == "sampling"))
      o.policy = value;
    else if (flag == "--driver" && (value == "callback" || value == "threads"))
      o.driver = value;
    else
      Usage("unknown option " + flag);
  }
  if (o.players < 3) Usage("--players: at least 3");
  return o;
}

// A client channel for the director's calls: the session's response (every table and seat token
// of every round) is far above gRPC's 4 MB default.
std::shared_ptr<grpc::Channel> DirectorChannel(const std::string& address) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(-1);
  args.SetInt("skat.bench.connection", -10);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

struct Bot {
  pid_t pid = -1;
  std::string tokens, stats, log;
  int seats = 0;
  bool done = false;
  int status = 0;
  struct rusage usage {};
};

pid_t SpawnBot(const Options& o, const std::string& address, Bot& bot) {
  const pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (freopen(bot.log.c_str(), "a", stderr) == nullptr) _exit(126);
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    const std::string seed = std::to_string(o.seed);
    std::vector<const char*> args = {
        o.skat.c_str(),     "bot",     "--server",        address.c_str(), "--tokens-file",
        bot.tokens.c_str(), "--stats", bot.stats.c_str(), "--seed",        seed.c_str()};
    args.push_back("--driver");
    args.push_back(o.driver.c_str());
    args.push_back("--policy");
    args.push_back(o.policy.c_str());
    if (o.round_barrier) args.push_back("--round-barrier");
    args.push_back(nullptr);
    execv(o.skat.c_str(), const_cast<char* const*>(args.data()));
    _exit(127);
  }
  return pid;
}

// One run's figures.
struct Report {
  int players = 0, rounds = 0, tables = 0, seats = 0;
  double players_s = 0, session_s = 0, standings_s = 0, prizes_s = 0, wall = 0;
  long acts = 0;
  int results = 0, results_expected = 0, prizes = 0, overall = 0;
  double p50 = 0, p90 = 0, p99 = 0, max = 0;  // ms
  double skatd_cpu = 0, pg_cpu = 0, bots_cpu = 0, machine_cpu = 0;
  long skatd_hwm_kb = 0, pg_sum_hwm_kb = 0, pg_max_hwm_kb = 0;
  std::vector<long> bot_maxrss_kb;
  std::vector<double> bot_cpu;
  Ceiling commits_1, commits_n, echo_1, echo_n;
  double random_game_ns = 0;  // one unchecked random game on this machine now (the CPU unit)
  double wal_bytes = 0;       // WAL written during the play
  int retry_notes = 0;        // the bots' notes of retries and fallbacks (their logs)
  bool ok = false;
};

double PerAct(double cpu, long acts) { return acts > 0 ? 1e6 * cpu / acts : 0; }

// The largest VmHWM among the processes of a tree (kB).
long TreeMaxHwmKb(pid_t root) {
  long best = std::max(0L, StatusKb(root, "VmHWM"));
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    double cpu = 0;
    pid_t parent = 0;
    const pid_t pid = static_cast<pid_t>(std::atol(name.c_str()));
    if (CpuOf(pid, &cpu, &parent) && parent == root) {
      best = std::max(best, StatusKb(pid, "VmHWM"));
    }
  }
  return best;
}

Report RunCongress(const Options& o, int players) {
  Report r;
  r.players = players;
  r.rounds = o.rounds;
  const std::string tag = "congress " + std::to_string(players) + ": ";
  auto fail = [&](const std::string& e) { std::cerr << tag << e << std::endl; };
  Database db;
  if (std::string e = OpenDatabase(o.database_url, "skat-congress", db); !e.empty()) {
    fail(e);
    CloseDatabase(db);
    return r;
  }
  char dir_template[] = "/tmp/skat-congress-run-XXXXXX";
  if (mkdtemp(dir_template) == nullptr) return r;
  const fs::path dir = dir_template;
  SkatdProcess skatd;
  std::vector<Bot> bots(o.bots);
  do {
    const SkatdOptions skatd_options{.binary = o.skatd,
                                     .services = "event,deal,table,scoring",
                                     .server_id = "congress",
                                     .db_connections = o.db_connections,
                                     .lease_ms = o.lease_ms};
    if (std::string e = skatd.Start(skatd_options, db.url, dir); !e.empty()) {
      fail(e);
      break;
    }
    std::cerr << tag << "skatd pid " << skatd.pid() << " at " << skatd.address() << "; " << db.url
              << std::endl;
    const int tables_per_round = players / 3;

    // The ceilings of this machine now.
    std::string ceiling_error;
    r.commits_1 = CommitCeiling(db.url, 1, o.ceiling_seconds, db.postmaster, ceiling_error);
    r.commits_n =
        CommitCeiling(db.url, o.db_connections, o.ceiling_seconds, db.postmaster, ceiling_error);
    if (!ceiling_error.empty()) {
      fail(ceiling_error);
      break;
    }
    r.echo_1 = HealthCeiling(skatd.address(), skatd.pid(), 1, o.ceiling_seconds);
    r.echo_n = HealthCeiling(skatd.address(), skatd.pid(), std::max(1, tables_per_round),
                             o.ceiling_seconds);
    r.random_game_ns = bench::RandomGameNanoseconds();

    // The event, its players, the board set and the session.
    auto channel = DirectorChannel(skatd.address());
    auto events = v1::EventService::NewStub(channel);
    auto deals = v1::DealService::NewStub(channel);
    auto scoring = v1::ScoringService::NewStub(channel);
    v1::CreateEventRequest create;
    create.set_display_name("1909 congress, " + std::to_string(players) + " players");
    create.set_profile("nasl-1909");
    v1::CreateEventResponse created;
    if (auto s = events->CreateEvent(Context("").get(), create, &created); !s.ok()) {
      fail("CreateEvent: " + s.error_message());
      break;
    }
    const std::string event = created.event().name();
    const std::string director = created.director_token();
    const auto players_start = Clock::now();
    std::vector<std::string> names(players);
    {
      std::atomic<int> next{0};
      std::atomic<bool> failed{false};
      std::vector<std::thread> adders;
      for (int w = 0; w < 4; ++w) {
        adders.emplace_back([&] {
          for (int i = next++; i < players && !failed; i = next++) {
            v1::AddPlayerRequest add;
            add.set_parent(event);
            add.set_display_name("Player " + std::to_string(i + 1));
            add.set_bot(true);
            v1::Player p;
            if (auto s = events->AddPlayer(Context(director).get(), add, &p); !s.ok()) {
              fail("AddPlayer: " + s.error_message());
              failed = true;
            }
            names[i] = p.name();
          }
        });
      }
      for (std::thread& t : adders) t.join();
      if (failed) break;
    }
    r.players_s = Seconds(Clock::now() - players_start);
    v1::CreateBoardSetRequest make_set;
    make_set.set_parent(event);
    make_set.set_board_count(3 * o.rounds);
    make_set.set_table_size(3);
    v1::BoardSet set;
    if (auto s = deals->CreateBoardSet(Context(director).get(), make_set, &set); !s.ok()) {
      fail("CreateBoardSet: " + s.error_message());
      break;
    }
    v1::StartSessionRequest start;
    start.set_parent(event);
    start.set_board_set(set.name());
    start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    start.set_rounds(o.rounds);
    start.set_comparative(true);
    start.set_draw_seed(o.seed);
    for (const std::string& n : names) start.add_players(n);
    v1::StartSessionResponse session;
    const auto session_start = Clock::now();
    if (auto s = events->StartSession(Context(director, 600).get(), start, &session); !s.ok()) {
      fail("StartSession: " + s.error_message());
      break;
    }
    r.session_s = Seconds(Clock::now() - session_start);
    r.tables = session.session().table_count();
    std::cerr << tag << "AddPlayer x" << players << " " << r.players_s << " s; StartSession "
              << r.session_s << " s (" << r.tables << " tables, " << session.seat_tokens_size()
              << " seat tokens, response " << session.ByteSizeLong() / 1024 << " KiB)" << std::endl;
    // A large session's tokens come in pages (IssueSeatTokens), not in StartSession's reply.
    if (session.seat_tokens().empty()) {
      const auto issue_start = Clock::now();
      v1::IssueSeatTokensRequest issue;
      issue.set_name(session.session().name());
      issue.set_page_size(1000);
      bool issued = true;
      do {
        v1::IssueSeatTokensResponse page;
        if (auto s = events->IssueSeatTokens(Context(director, 600).get(), issue, &page); !s.ok()) {
          fail("IssueSeatTokens: " + s.error_message());
          issued = false;
          break;
        }
        for (v1::SeatToken& t : *page.mutable_seat_tokens()) {
          *session.add_seat_tokens() = std::move(t);
        }
        issue.set_page_token(page.next_page_token());
      } while (!issue.page_token().empty());
      if (!issued) break;
      std::cerr << tag << "IssueSeatTokens " << Seconds(Clock::now() - issue_start) << " s ("
                << session.seat_tokens_size() << " seat tokens)" << std::endl;
    }
    r.seats = session.seat_tokens_size();

    // Tokens files: player i's seats all go to bot i % bots.
    std::map<std::string, int> player_index;
    for (int i = 0; i < players; ++i) player_index[names[i]] = i;
    std::vector<std::ofstream> files;
    for (int b = 0; b < o.bots; ++b) {
      bots[b].tokens = (dir / ("bot" + std::to_string(b) + ".tokens")).string();
      bots[b].stats = (dir / ("bot" + std::to_string(b) + ".stats")).string();
      bots[b].log = (dir / ("bot" + std::to_string(b) + ".log")).string();
      files.emplace_back(bots[b].tokens);
      files.back() << "# " << session.session().name() << ": table chair token round player\n";
    }
    for (const v1::SeatToken& t : session.seat_tokens()) {
      const int i = player_index.at(t.player());
      files[i % o.bots] << t.table() << " " << t.chair() << " " << t.token() << " " << t.round()
                        << " p" << i + 1 << "\n";
      ++bots[i % o.bots].seats;
    }
    bool written = true;
    for (auto& f : files) written = written && static_cast<bool>(f.flush());
    files.clear();
    if (!written) {
      fail("cannot write the tokens files in " + dir.string());
      break;
    }
    session.Clear();

    // The play.
    const std::string wal_0 = Psql(db.url, "SELECT pg_current_wal_lsn()");
    const double skatd_cpu_0 = ProcessCpu(skatd.pid());
    const double pg_cpu_0 = db.postmaster > 0 ? TreeCpu(db.postmaster) : 0;
    const double machine_cpu_0 = MachineBusyCpu();
    const auto play_start = Clock::now();
    for (Bot& b : bots) {
      b.pid = SpawnBot(o, skatd.address(), b);
      if (b.pid < 0) fail("fork failed");
    }
    int running = o.bots;
    auto last_progress = Clock::now();
    bool bot_failed = false;
    while (running > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      for (Bot& b : bots) {
        if (b.done || b.pid < 0) continue;
        if (wait4(b.pid, &b.status, WNOHANG, &b.usage) == b.pid) {
          b.done = true;
          --running;
          if (!WIFEXITED(b.status) || WEXITSTATUS(b.status) != 0) {
            bot_failed = true;
            fail("a bot failed (status " + std::to_string(b.status) + "); see " + b.log);
          }
        }
      }
      if (bot_failed) {
        for (Bot& b : bots) {
          if (!b.done && b.pid > 0) kill(b.pid, SIGTERM);
        }
      }
      if (Seconds(Clock::now() - last_progress) >= o.progress_seconds || running == 0) {
        last_progress = Clock::now();
        long acts = 0, seats_done = 0;
        for (const Bot& b : bots) {
          cli::BotStatsFile f;
          if (cli::ReadBotStats(b.stats, f)) {
            acts += static_cast<long>(f.values["acts"]);
            seats_done += static_cast<long>(f.values["seats_done"]);
          }
        }
        const double t = Seconds(Clock::now() - play_start);
        std::fprintf(stderr,
                     "%s%.0f s: %ld of %d tables done (%.1f of %d rounds), %ld acts, %.0f acts/s; "
                     "skatd %.0f MiB\n",
                     tag.c_str(), t, seats_done / 3, r.tables,
                     r.seats > 0 ? static_cast<double>(seats_done) * o.rounds / r.seats : 0,
                     o.rounds, acts, t > 0 ? acts / t : 0, StatusKb(skatd.pid(), "VmRSS") / 1024.0);
      }
    }
    r.wall = Seconds(Clock::now() - play_start);
    r.skatd_cpu = ProcessCpu(skatd.pid()) - skatd_cpu_0;
    r.pg_cpu = db.postmaster > 0 ? TreeCpu(db.postmaster) - pg_cpu_0 : 0;
    if (!wal_0.empty()) {
      r.wal_bytes =
          std::atof(Psql(db.url, "SELECT pg_current_wal_lsn() - '" + wal_0 + "'::pg_lsn").c_str());
    }
    r.machine_cpu = MachineBusyCpu() - machine_cpu_0;
    if (bot_failed) break;

    cli::LatencyHistogram histogram;
    for (Bot& b : bots) {
      cli::BotStatsFile f;
      f.histogram = &histogram;
      if (!cli::ReadBotStats(b.stats, f) || f.values["final"] != 1) {
        fail("no final stats in " + b.stats);
        bot_failed = true;
      }
      r.acts += static_cast<long>(f.values["acts"]);
      r.max = std::max(r.max, f.values["max_us"] / 1000.0);
      const double cpu = b.usage.ru_utime.tv_sec + b.usage.ru_stime.tv_sec +
                         (b.usage.ru_utime.tv_usec + b.usage.ru_stime.tv_usec) / 1e6;
      r.bot_cpu.push_back(cpu);
      r.bots_cpu += cpu;
      r.bot_maxrss_kb.push_back(b.usage.ru_maxrss);
    }
    if (bot_failed) break;
    for (const Bot& b : bots) {  // stdout (board lines) goes nowhere; notes go to the log
      std::ifstream log(b.log);
      std::string line;
      while (std::getline(log, line)) {
        r.retry_notes += line.find("skat bot: playing") == std::string::npos;
      }
    }
    r.p50 = histogram.Quantile(0.50) / 1000.0;
    r.p90 = histogram.Quantile(0.90) / 1000.0;
    r.p99 = histogram.Quantile(0.99) / 1000.0;

    // Standings and the prize list.
    v1::GetStandingsRequest standings_request;
    standings_request.set_name(SessionScopedName(event, 0, "standings"));
    v1::Standings standings;
    auto t0 = Clock::now();
    if (auto s = scoring->GetStandings(Context("", 600).get(), standings_request, &standings);
        !s.ok()) {
      fail("GetStandings: " + s.error_message());
      break;
    }
    r.standings_s = Seconds(Clock::now() - t0);
    r.results = standings.results();
    r.results_expected = standings.results_expected();
    r.overall = standings.overall_size();
    v1::GetPrizeListRequest prize_request;
    prize_request.set_name(std::string(event) + "/prizeList");
    v1::PrizeList prizes;
    t0 = Clock::now();
    if (auto s = scoring->GetPrizeList(Context("", 600).get(), prize_request, &prizes); !s.ok()) {
      fail("GetPrizeList: " + s.error_message());
      break;
    }
    r.prizes_s = Seconds(Clock::now() - t0);
    r.prizes = prizes.prizes_size();
    r.skatd_hwm_kb = StatusKb(skatd.pid(), "VmHWM");
    if (db.postmaster > 0) {
      r.pg_sum_hwm_kb = TreeHwmKb(db.postmaster);
      r.pg_max_hwm_kb = TreeMaxHwmKb(db.postmaster);
    }
    const int games = r.tables * 3;
    r.ok = r.results == games && r.overall == players;
    if (!r.ok) {
      fail("standings count " + std::to_string(r.results) + " results of " + std::to_string(games) +
           " games and " + std::to_string(r.overall) + " players");
    }
  } while (false);
  for (Bot& b : bots) {
    if (!b.done && b.pid > 0) {
      kill(b.pid, SIGKILL);
      waitpid(b.pid, nullptr, 0);
    }
  }
  const int status = skatd.Stop();
  if (status != 0 && r.ok) {
    fail("skatd exit status " + std::to_string(status));
    r.ok = false;
  }
  if (!o.keep && r.ok) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    CloseDatabase(db);
  } else {
    std::cerr << tag << "kept " << dir << " and " << db.url << "\n";
    if (db.embedded) std::cerr << tag << "(the embedded PostgreSQL is stopped at exit)\n";
    if (!o.keep) {
      CloseDatabase(db);
    }
  }
  return r;
}

void Print(const Options& o, const Report& r) {
  const double rate = r.wall > 0 ? r.acts / r.wall : 0;
  std::printf(
      "\n== congress: %d players, %d rounds, %d tables (%d a round), %d games; %d bot "
      "processes%s ==\n",
      r.players, r.rounds, r.tables, r.players / 3, r.tables * 3, o.bots,
      o.round_barrier ? ", round by round" : ", players go on at once");
  std::printf("setup                      AddPlayer x%d %.2f s; StartSession %.2f s\n", r.players,
              r.players_s, r.session_s);
  std::printf("wall time of the play      %.1f s\n", r.wall);
  std::printf("acts                       %ld (%.1f a game)\n", r.acts,
              r.tables > 0 ? static_cast<double>(r.acts) / (r.tables * 3) : 0);
  std::printf("acknowledged acts/s        %.0f\n", rate);
  std::printf("bots' retry notes          %d\n", r.retry_notes);
  std::printf("act latency (bots) ms      p50 %.2f  p90 %.2f  p99 %.2f  max %.2f\n", r.p50, r.p90,
              r.p99, r.max);
  std::printf("GetStandings               %.2f s (%d results of %d expected, %d players)\n",
              r.standings_s, r.results, r.results_expected, r.overall);
  std::printf("GetPrizeList               %.2f s (%d prizes)\n", r.prizes_s, r.prizes);
  std::printf(
      "peak memory                skatd %.1f MiB; PostgreSQL largest process %.1f MiB, "
      "sum over its processes %.1f MiB (shared buffers in each)\n",
      r.skatd_hwm_kb / 1024.0, r.pg_max_hwm_kb / 1024.0, r.pg_sum_hwm_kb / 1024.0);
  std::printf("                           bots");
  for (long kb : r.bot_maxrss_kb) std::printf(" %.1f", kb / 1024.0);
  std::printf(" MiB\n");
  const double cores = std::thread::hardware_concurrency();
  std::printf(
      "CPU in play s (us/act)     skatd %.1f (%.0f), PostgreSQL %.1f (%.0f), bots %.1f "
      "(%.0f: ",
      r.skatd_cpu, PerAct(r.skatd_cpu, r.acts), r.pg_cpu, PerAct(r.pg_cpu, r.acts), r.bots_cpu,
      PerAct(r.bots_cpu, r.acts));
  for (size_t i = 0; i < r.bot_cpu.size(); ++i) {
    std::printf("%s%.1f", i ? " " : "", r.bot_cpu[i]);
  }
  const double ours = r.skatd_cpu + r.pg_cpu + r.bots_cpu;
  std::printf(" s); %.0f%% of %g cores\n", r.wall > 0 ? 100 * ours / (r.wall * cores) : 0, cores);
  const double others = std::max(0.0, r.machine_cpu - ours);
  std::printf(
      "other processes            %.1f CPU s (%.0f%% of %g cores; other builds share the "
      "machine)\n",
      others, r.wall > 0 ? 100 * others / (r.wall * cores) : 0, cores);
  auto ceiling = [&](const std::string& what, const Ceiling& c, const char* whose) {
    std::printf("ceiling %-45s %7.0f /s (%4.0f us CPU/call in %s)  acts/s / ceiling = %.2f\n",
                what.c_str(), c.rate, c.cpu_us, whose, c.rate > 0 ? rate / c.rate : 0);
  };
  ceiling("PostgreSQL single-row commits, 1 thread", r.commits_1, "PostgreSQL");
  ceiling("PostgreSQL single-row commits, " + std::to_string(o.db_connections) + " threads",
          r.commits_n, "PostgreSQL");
  ceiling("gRPC empty round trips (skatd health), 1", r.echo_1, "skatd");
  ceiling("gRPC empty round trips (skatd health), " + std::to_string(r.players / 3), r.echo_n,
          "skatd");
  const double served_us = PerAct(r.skatd_cpu + r.pg_cpu, r.acts);
  std::printf("WAL per act                %.0f bytes (%.1f MB in the play)\n",
              r.acts > 0 ? r.wal_bytes / r.acts : 0, r.wal_bytes / 1e6);
  std::printf(
      "target ratios              acts/s / 1-thread commit ceiling = %.2f (target >= 1.8); "
      "skatd+PostgreSQL CPU per act %.0f us = %.0f random games of %.0f ns (target <= 340)\n",
      r.commits_1.rate > 0 ? rate / r.commits_1.rate : 0, served_us,
      r.random_game_ns > 0 ? 1000 * served_us / r.random_game_ns : 0, r.random_game_ns);
  if (r.players == kFullPlayers && r.rounds == 20) {
    std::printf("targets (2 cores)          full congress < 300 s: %s; >= 2400 acts/s: %s\n",
                r.wall < 300 ? "met" : "NOT met", rate >= 2400 ? "met" : "NOT met");
  }
  std::fflush(stdout);
}

int Main(const Options& o) {
  std::vector<Report> reports;
  if (o.also_fifth) {
    reports.push_back(RunCongress(o, RoundToThree(o.players / 5.0)));
    Print(o, reports.back());
    if (!reports.back().ok) return 1;
  }
  reports.push_back(RunCongress(o, o.players));
  Print(o, reports.back());
  if (!reports.back().ok) return 1;
  if (reports.size() == 2) {
    const Report& a = reports[0];
    const Report& b = reports[1];
    auto ratio = [](double x, double y) { return y > 0 ? x / y : 0; };
    std::printf("\n== growth: %d -> %d players (x%.1f) ==\n", a.players, b.players,
                ratio(b.players, a.players));
    std::printf("acts x%.2f; wall time x%.2f; acts/s %.0f -> %.0f; p99 %.2f -> %.2f ms\n",
                ratio(b.acts, a.acts), ratio(b.wall, a.wall), ratio(a.acts, a.wall),
                ratio(b.acts, b.wall), a.p99, b.p99);
    std::printf("CPU us/act: skatd %.0f -> %.0f, PostgreSQL %.0f -> %.0f, bots %.0f -> %.0f\n",
                PerAct(a.skatd_cpu, a.acts), PerAct(b.skatd_cpu, b.acts), PerAct(a.pg_cpu, a.acts),
                PerAct(b.pg_cpu, b.acts), PerAct(a.bots_cpu, a.acts), PerAct(b.bots_cpu, b.acts));
    std::printf(
        "StartSession %.2f -> %.2f s; GetStandings %.2f -> %.2f s; GetPrizeList %.2f -> "
        "%.2f s; skatd peak %.0f -> %.0f MiB\n",
        a.session_s, b.session_s, a.standings_s, b.standings_s, a.prizes_s, b.prizes_s,
        a.skatd_hwm_kb / 1024.0, b.skatd_hwm_kb / 1024.0);
  }
  return 0;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) { return skat::service::Main(skat::service::Parse(argc, argv)); }
