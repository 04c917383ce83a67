// stream_load: many open WatchStandings streams against a real skatd while a live match plays,
// beside the same skatd and match without them. A plain program, not a test.
//
//   cmake --build build --target stream_load
//   build/stream_load [--streams 10000] [--channels 16] [--watch idle|match] [--players 30]
//                     [--rounds 60] [--probe-seconds 10] [--skatd PATH] [--skat PATH]
//                     [--database-url URL] [--keep]
//
// The database: --database-url as given; else a throwaway database on SKAT_TEST_DATABASE_URL;
// else a private embedded cluster in /tmp/skat-stream-load-XXXXXX, skatd's own (fsync and
// synchronous_commit on). skatd (this build's, or --skatd) serves every service on 127.0.0.1
// with --max-streams-per-peer and --max-streams above --streams (every client here is one
// address).
//
// It creates an event of --players players with a board set of 3 x --rounds boards and one
// congress session of --rounds rounds (tables of three, comparative boards), and one `skat bot`
// process (callback driver) plays it: the live match, committing a result at every board's end.
// The streams watch a second event (9 players, one round, never played: idle streams, the
// default), or with --watch match the match's event (each stream is sent the standings after
// every result, coalesced while a write is in flight). Then, with the match playing:
//   1. without streams: GetEvent and GetStandings of the match's event for --probe-seconds, in
//      two loops at once that each send the next call when the last one answered, every call
//      timed on the client (p50/p99/max); skatd's threads (sampled every 100 ms) and CPU;
//   2. opens --streams WatchStandings streams over --channels connections (each a
//      ClientReadReactor on gRPC's callback API, anonymous: the public view), waits until each
//      has its first message, and reads skatd's threads and VmRSS (/proc/PID/status): the
//      memory per stream is the VmRSS growth over the streams;
//   3. the same probe with every stream open, counting the standings messages the streams got
//      meanwhile.
// The ceiling is the first probe: the report gives the p99 with the streams open as a ratio to
// the p99 without them (target: at most 1.5), and skatd's most threads (target: under 64). The
// match must still be playing at the end of the second probe (else the run fails: give more
// --rounds); the acts it played during each probe are reported from the bot's --stats file.
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "bench/load_run.h"
#include "services/cli/seat/bot_stats.h"
#include "services/common/names.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks
namespace fs = std::filesystem;

struct Options {
  int streams = 10000;
  int channels = 16;
  std::string watch = "idle";
  int players = 30;
  int rounds = 60;
  double probe_seconds = 10;
  std::string skatd = SKATD_BINARY;
  std::string skat = SKAT_BINARY;
  std::string database_url;
  bool keep = false;
};

const char kHelp[] =
    "usage: stream_load [options]\n"
    "Many WatchStandings streams against a real skatd while `skat bot` plays a congress\n"
    "session; unary latency with and without them; see bench/stream_load.cc.\n"
    "  --streams N          WatchStandings streams (default 10000)\n"
    "  --channels N         client connections they share (default 16)\n"
    "  --watch W            idle: the streams watch an event where nothing changes (default);\n"
    "                       match: the match's event (every stream gets every change)\n"
    "  --players N          players of the match (default 30: 10 tables a round)\n"
    "  --rounds N           rounds of the match (default 60)\n"
    "  --probe-seconds S    how long each latency probe runs (default 10)\n"
    "  --skatd PATH         the skatd binary (default: this build's)\n"
    "  --skat PATH          the skat binary for the bot (default: this build's)\n"
    "  --database-url URL   use this database (default: SKAT_TEST_DATABASE_URL's server, else an\n"
    "                       embedded cluster under /tmp)\n"
    "  --keep               keep the temporary directory and the database\n";

Options Parse(int argc, char** argv) {
  const Flags flags("stream_load", kHelp);
  Options o;
  flags.Parse(argc, argv, {{"--keep", &o.keep}},
              [&](const std::string& flag, const std::string& value) {
                auto number = [&] {
                  return static_cast<int>(
                      flags.Integer(flag, value, 1, std::numeric_limits<long long>::max()));
                };
                if (flag == "--streams")
                  o.streams = number();
                else if (flag == "--channels")
                  o.channels = number();
                else if (flag == "--players")
                  o.players = number();
                else if (flag == "--rounds")
                  o.rounds = number();
                else if (flag == "--probe-seconds")
                  o.probe_seconds = std::atof(value.c_str());
                else if (flag == "--watch" && (value == "match" || value == "idle"))
                  o.watch = value;
                else if (flag == "--skatd")
                  o.skatd = value;
                else if (flag == "--skat")
                  o.skat = value;
                else if (flag == "--database-url")
                  o.database_url = value;
                else
                  flags.Usage("unknown option " + flag + " " + value);
                return true;
              });
  if (o.players < 3 || o.players % 3 != 0) flags.Usage("--players: a multiple of 3");
  if (!(o.probe_seconds > 0)) flags.Usage("--probe-seconds must be positive");
  return o;
}

// One WatchStandings stream read on gRPC's callback API; counts its messages and their bytes.
// It reads them as bytes and parses only the first: the spectators' parsing is their machines'
// work, and here it would take the cores skatd is measured on.
class Watcher : public grpc::ClientReadReactor<grpc::ByteBuffer> {
 public:
  Watcher(std::atomic<int>& first, std::atomic<long>& updates, std::atomic<long>& bytes,
          std::atomic<int>& ended)
      : first_(first), updates_(updates), bytes_(bytes), ended_(ended) {}

  // REQUIRES: `request` (a serialized GetStandingsRequest) and `channel` outlive the stream.
  void Start(grpc::ChannelInterface* channel, const grpc::ByteBuffer& request) {
    // What the generated stub's async()->WatchStandings does, with bytes for both messages.
    static const std::string kMethod = "/skat.v1.ScoringService/WatchStandings";
    grpc::internal::ClientCallbackReaderFactory<grpc::ByteBuffer>::Create(
        channel,
        grpc::internal::RpcMethod(kMethod.c_str(), grpc::internal::RpcMethod::SERVER_STREAMING),
        &context_, &request, this);
    StartRead(&message_);
    StartCall();
  }
  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows
    bytes_ += static_cast<long>(message_.Length());
    if (!got_first_) {
      got_first_ = true;
      v1::Standings standings;
      if (grpc::SerializationTraits<v1::Standings>::Deserialize(&message_, &standings).ok() &&
          standings.results() >= 0) {
        ++first_;
      } else {
        Cancel();  // ends the run: every stream must have its first standings
        return;
      }
    } else {
      ++updates_;
    }
    StartRead(&message_);
  }
  void OnDone(const grpc::Status& status) override {
    status_ = status;
    ++ended_;
  }
  void Cancel() { context_.TryCancel(); }
  const grpc::Status& status() const { return status_; }

 private:
  std::atomic<int>& first_;
  std::atomic<long>& updates_;
  std::atomic<long>& bytes_;
  std::atomic<int>& ended_;
  grpc::ClientContext context_;
  grpc::ByteBuffer message_;
  bool got_first_ = false;
  grpc::Status status_;
};

// Client-timed latencies of GetEvent and GetStandings: two loops at once (one per RPC), each
// sending its next call when the last one answered.
struct Probe {
  Percentiles get_event, get_standings;
  long event_calls = 0, standings_calls = 0;
  long max_threads = 0;  // skatd's, sampled every 100 ms
  double skatd_cpu = 0;  // seconds
  long acts = 0;         // played by the match meanwhile
  std::string error;
};

long BotActs(const std::string& stats) {
  cli::BotStatsFile f;
  return cli::ReadBotStats(stats, f) ? static_cast<long>(f.values["acts"]) : -1;
}

Probe RunProbe(const std::string& address, const std::string& event, pid_t skatd,
               const std::string& bot_stats, double seconds) {
  Probe p;
  auto channel = NewChannel(address, -5);
  auto events = v1::EventService::NewStub(channel);
  auto scoring = v1::ScoringService::NewStub(channel);
  std::atomic<bool> stop{false};
  std::atomic<long> max_threads{0};
  std::thread sampler([&] {
    while (!stop) {
      max_threads = std::max(max_threads.load(), StatusKb(skatd, "Threads"));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  std::vector<uint32_t> event_us, standings_us;
  const long acts_0 = BotActs(bot_stats);
  const double cpu_0 = ProcessCpu(skatd);
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  std::string event_error, standings_error;
  // Each loop: the next call as soon as the last one answered.
  auto loop = [&](const std::function<grpc::Status()>& call, std::vector<uint32_t>& us,
                  std::string& error) {
    while (Clock::now() < end && error.empty()) {
      const auto t0 = Clock::now();
      if (grpc::Status s = call(); !s.ok()) error = s.error_message();
      us.push_back(static_cast<uint32_t>(Micros(Clock::now() - t0)));
    }
  };
  v1::GetEventRequest event_request;
  event_request.set_name(event);
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event, 0, "standings"));
  std::thread standings_loop([&] {
    loop(
        [&] {
          v1::Standings standings;
          return scoring->GetStandings(Context("", 60).get(), standings_request, &standings);
        },
        standings_us, standings_error);
  });
  loop(
      [&] {
        v1::Event e;
        return events->GetEvent(Context("", 60).get(), event_request, &e);
      },
      event_us, event_error);
  standings_loop.join();
  if (!event_error.empty()) p.error = "GetEvent: " + event_error;
  if (!standings_error.empty()) p.error = "GetStandings: " + standings_error;
  p.skatd_cpu = ProcessCpu(skatd) - cpu_0;
  p.acts = BotActs(bot_stats) - acts_0;
  stop = true;
  sampler.join();
  p.max_threads = max_threads;
  p.event_calls = static_cast<long>(event_us.size());
  p.standings_calls = static_cast<long>(standings_us.size());
  p.get_event = Summarize(std::move(event_us));
  p.get_standings = Summarize(std::move(standings_us));
  return p;
}

struct Session {
  std::string event, director;
  v1::StartSessionResponse started;
};

// An event of `players` players, a board set of 3 x `rounds` boards and one congress session.
std::string MakeSession(v1::EventService::Stub& events, v1::DealService::Stub& deals,
                        const std::string& name, int players, int rounds, Session& out) {
  v1::CreateEventRequest create;
  create.set_display_name(name);
  create.set_profile("nasl-1909");
  v1::CreateEventResponse created;
  if (auto s = events.CreateEvent(Context("").get(), create, &created); !s.ok()) {
    return "CreateEvent: " + s.error_message();
  }
  out.event = created.event().name();
  out.director = created.director_token();
  v1::StartSessionRequest start;
  for (int i = 0; i < players; ++i) {
    v1::AddPlayerRequest add;
    add.set_parent(out.event);
    add.set_display_name("Player " + std::to_string(i + 1));
    add.set_bot(true);
    v1::Player p;
    if (auto s = events.AddPlayer(Context(out.director).get(), add, &p); !s.ok()) {
      return "AddPlayer: " + s.error_message();
    }
    start.add_players(p.name());
  }
  v1::CreateBoardSetRequest make_set;
  make_set.set_parent(out.event);
  make_set.set_board_count(3 * rounds);
  make_set.set_table_size(3);
  v1::BoardSet set;
  if (auto s = deals.CreateBoardSet(Context(out.director).get(), make_set, &set); !s.ok()) {
    return "CreateBoardSet: " + s.error_message();
  }
  start.set_parent(out.event);
  start.set_board_set(set.name());
  start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
  start.set_rounds(rounds);
  start.set_comparative(true);
  start.set_draw_seed(1909);
  if (auto s = events.StartSession(Context(out.director, 600).get(), start, &out.started);
      !s.ok()) {
    return "StartSession: " + s.error_message();
  }
  return "";
}

pid_t SpawnBot(const Options& o, const std::string& address, const std::string& tokens,
               const std::string& stats, const std::string& log) {
  const pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (freopen(log.c_str(), "a", stderr) == nullptr) _exit(126);
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execl(o.skat.c_str(), o.skat.c_str(), "bot", "--server", address.c_str(), "--tokens-file",
          tokens.c_str(), "--stats", stats.c_str(), "--driver", "callback", "--policy", "heuristic",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

void PrintProbe(const char* label, const Probe& p) {
  std::printf(
      "%-27s GetEvent p50 %.2f p99 %.2f max %.2f ms (%ld calls); GetStandings p50 %.2f p99 "
      "%.2f max %.2f ms (%ld calls)\n",
      label, p.get_event.p50, p.get_event.p99, p.get_event.max, p.event_calls, p.get_standings.p50,
      p.get_standings.p99, p.get_standings.max, p.standings_calls);
}

int Run(const Options& o) {
  // Every stream's messages arrive on a few connections; the limit matters for larger
  // --channels only.
  RaiseFileLimit();
  Database db;
  fs::path dir;
  if (!StartRun("stream_load", o.database_url, "skat-stream-load", db, dir)) return 1;
  SkatdProcess skatd;
  pid_t bot = -1;
  int exit_code = 0;
  auto fail = [&](const std::string& e) {
    std::cerr << "stream_load: " << e << std::endl;
    exit_code = 1;
  };
  // Outlive every stream: the request each started with, the stubs of its connection.
  grpc::ByteBuffer request;
  std::vector<std::shared_ptr<grpc::Channel>> channels;
  std::vector<std::unique_ptr<Watcher>> watchers;
  std::atomic<int> first{0}, ended{0};
  std::atomic<long> updates{0}, bytes{0};
  do {
    SkatdOptions skatd_options{
        .binary = o.skatd, .services = "event,deal,table,scoring", .server_id = "stream-load"};
    skatd_options.max_streams_per_peer = o.streams + 1000;
    skatd_options.max_streams = o.streams + 1000;
    if (std::string e = skatd.Start(skatd_options, db.url, dir); !e.empty()) {
      fail(e);
      break;
    }
    std::cerr << "stream_load: skatd pid " << skatd.pid() << " at " << skatd.address() << "; "
              << db.url << std::endl;
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(-1);  // the session's tokens
    auto admin =
        grpc::CreateCustomChannel(skatd.address(), grpc::InsecureChannelCredentials(), args);
    auto events = v1::EventService::NewStub(admin);
    auto deals = v1::DealService::NewStub(admin);
    Session match, idle;
    if (std::string e =
            MakeSession(*events, *deals, "stream_load match", o.players, o.rounds, match);
        !e.empty()) {
      fail(e);
      break;
    }
    if (o.watch == "idle") {
      if (std::string e = MakeSession(*events, *deals, "stream_load idle", 9, 1, idle);
          !e.empty()) {
        fail(e);
        break;
      }
    }
    const std::string watched = o.watch == "idle" ? idle.event : match.event;
    const std::string tokens = (dir / "bot.tokens").string();
    const std::string stats = (dir / "bot.stats").string();
    const std::string log = (dir / "bot.log").string();
    {
      std::ofstream out(tokens);
      out << "# table chair token round player\n";
      for (const v1::SeatToken& t : match.started.seat_tokens()) {
        out << t.table() << " " << t.chair() << " " << t.token() << " " << t.round() << " "
            << t.player().substr(t.player().rfind('/') + 1) << "\n";
      }
      if (!out.flush()) {
        fail("cannot write " + tokens);
        break;
      }
    }
    const long threads_idle = StatusKb(skatd.pid(), "Threads");

    // The live match.
    bot = SpawnBot(o, skatd.address(), tokens, stats, log);
    if (bot < 0) {
      fail("fork failed");
      break;
    }
    for (int i = 0; i < 300 && BotActs(stats) < 100; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (BotActs(stats) < 100) {
      fail("the match does not play; see " + log);
      break;
    }
    const Probe without =
        RunProbe(skatd.address(), match.event, skatd.pid(), stats, o.probe_seconds);
    if (!without.error.empty()) {
      fail(without.error);
      break;
    }

    // The streams.
    const long rss_before = StatusKb(skatd.pid(), "VmRSS");
    for (int c = 0; c < o.channels; ++c) channels.push_back(NewChannel(skatd.address(), c));
    v1::GetStandingsRequest watch;
    watch.set_name(SessionScopedName(watched, 0, "standings"));
    bool own_buffer = false;
    (void)grpc::SerializationTraits<v1::GetStandingsRequest>::Serialize(watch, &request,
                                                                        &own_buffer);
    const auto open_start = Clock::now();
    for (int i = 0; i < o.streams; ++i) {
      watchers.push_back(std::make_unique<Watcher>(first, updates, bytes, ended));
      watchers.back()->Start(channels[i % o.channels].get(), request);
    }
    const auto open_deadline = Clock::now() + std::chrono::seconds(600);
    while (first < o.streams && ended == 0 && Clock::now() < open_deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const double open_s = Seconds(Clock::now() - open_start);
    if (first < o.streams) {
      std::string why;
      for (const auto& w : watchers) {
        if (!w->status().ok()) why = w->status().error_message();
      }
      fail(std::to_string(first.load()) + " of " + std::to_string(o.streams) +
           " streams had their first message; " + std::to_string(ended.load()) + " ended: " + why);
      break;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const long rss_open = StatusKb(skatd.pid(), "VmRSS");
    const long threads_open = StatusKb(skatd.pid(), "Threads");
    const long updates_0 = updates;
    const long bytes_0 = bytes;
    const Probe with = RunProbe(skatd.address(), match.event, skatd.pid(), stats, o.probe_seconds);
    const long probe_updates = updates - updates_0;
    const long probe_bytes = bytes - bytes_0;
    if (!with.error.empty()) {
      fail(with.error);
      break;
    }
    int status = 0;
    const bool playing = waitpid(bot, &status, WNOHANG) == 0;
    if (!playing) bot = -1;
    if (ended != 0) fail(std::to_string(ended.load()) + " streams ended during the probe");

    const double ratio_event =
        without.get_event.p99 > 0 ? with.get_event.p99 / without.get_event.p99 : 0;
    const double ratio_standings =
        without.get_standings.p99 > 0 ? with.get_standings.p99 / without.get_standings.p99 : 0;
    std::printf(
        "\n== stream_load: %d WatchStandings streams over %d connections, watching %s; the "
        "match: %d players, %d rounds, %d tables; %u cores ==\n",
        o.streams, o.channels, o.watch == "idle" ? "an idle event" : "the match's event", o.players,
        o.rounds, match.started.session().tables_size(), std::thread::hardware_concurrency());
    std::printf("opening the streams         %.2f s until every stream had its first message\n",
                open_s);
    std::printf(
        "skatd threads               %ld before the match; most while probing: %ld without "
        "streams, %ld with them (%ld right after opening; target under 64)\n",
        threads_idle, without.max_threads, with.max_threads, threads_open);
    std::printf(
        "skatd memory                VmRSS %.1f MiB without streams, %.1f MiB with them: %.1f "
        "KiB per open stream\n",
        rss_before / 1024.0, rss_open / 1024.0,
        static_cast<double>(rss_open - rss_before) / o.streams);
    PrintProbe("without streams (ceiling)", without);
    PrintProbe("with the streams open", with);
    std::printf(
        "p99 with / without streams  GetEvent %.2f, GetStandings %.2f (target: at most 1.5)\n",
        ratio_event, ratio_standings);
    std::printf(
        "standings messages          %ld to the streams during the probe (%.2f per stream, "
        "%.1f MiB, %.1f KiB each)\n",
        probe_updates, static_cast<double>(probe_updates) / o.streams, probe_bytes / 1048576.0,
        probe_updates > 0 ? probe_bytes / 1024.0 / probe_updates : 0.0);
    std::printf("skatd CPU while probing     %.2f s/s without streams, %.2f s/s with them\n",
                without.skatd_cpu / o.probe_seconds, with.skatd_cpu / o.probe_seconds);
    std::printf(
        "the match                   %.0f acts/s without streams, %.0f acts/s with them; still "
        "playing at the end: %s\n",
        without.acts / o.probe_seconds, with.acts / o.probe_seconds, playing ? "yes" : "NO");
    if (!playing) fail("the match ended before the probes did: give more --rounds");
    if (with.max_threads >= 64) fail("skatd had 64 threads or more with the streams open");
  } while (false);
  for (auto& w : watchers) w->Cancel();
  for (int i = 0; i < 3000 && ended < static_cast<int>(watchers.size()); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (bot > 0) {
    kill(bot, SIGKILL);
    waitpid(bot, nullptr, 0);
  }
  const int skatd_status = skatd.Stop();
  if (skatd_status != 0) fail("skatd exit status " + std::to_string(skatd_status));
  if (ended < static_cast<int>(watchers.size())) {
    // Reactors whose OnDone never came must not be destroyed under gRPC.
    for (auto& w : watchers) (void)w.release();
  }
  FinishRun("stream_load", dir, db, o.keep, /*failed=*/false);  // kept with --keep only
  return exit_code;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) { return skat::service::Run(skat::service::Parse(argc, argv)); }
