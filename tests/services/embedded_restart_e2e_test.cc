// skatd restarts the embedded PostgreSQL it started (label e2e; services/skatd/
// database_supervisor.h), with real processes: skatd with its embedded cluster in a throwaway
// directory, `skat match` (3 boards: 12 games at 4 tables) against it, and a probe thread asking
// skatd's grpc.health.v1 and calling ListEvents all along.
//
//   MatchFinishesThroughAnImmediateStop: once the match has logged kActsBeforeStop acts, the test
//     stops the cluster with `pg_ctl stop -m immediate` (as root through runuser, as user
//     postgres). Nobody starts it but skatd. Then: `skat match` exits 0 with 12 games played;
//     every act logged before the stop is in the final log unchanged, every game's act indexes
//     run 0..n-1, every game has one current result; the health check answered NOT_SERVING during
//     the outage and SERVING after it; the probe's ListEvents met UNAVAILABLE with "the database
//     is unavailable; retry", and no UNAVAILABLE message a client saw (the probe's, the match's
//     "unavailable" notes) contains "/tmp", "host=" or ".s.PGSQL"; skatd's log tells the restart.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <pqxx/pqxx>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "services/store/embedded_postgres.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "tests/services/health_probe.h"
#include "tests/services/run_program.h"
#include "tests/services/skatd_process.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;

constexpr int kActsBeforeStop = 60;  // round 1 of 3 has about 150
constexpr int kGames = 12;           // 4 tables x 3 boards

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// `skat match` as a child process, its stdout and stderr in files.
pid_t StartMatch(const std::string& server, const fs::path& root) {
  const std::string out = (root / "match.out").string();
  const std::string err = (root / "match.err").string();
  const std::string pages = (root / "pages").string();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (freopen(out.c_str(), "w", stdout) == nullptr) _exit(126);
    if (freopen(err.c_str(), "w", stderr) == nullptr) _exit(126);
    execl(SKAT_BINARY, SKAT_BINARY, "match", "--server", server.c_str(), "--boards", "3", "--seed",
          "1905", "--bots", "heuristic", "--no-analysis", "--out", pages.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Every logged act, one line each: event, table, board index, act index, chair, sequence, act.
std::vector<std::string> LoggedActs(const std::string& url) {
  pqxx::connection conn(url);
  pqxx::nontransaction tx(conn);
  std::vector<std::string> acts;
  for (const pqxx::row& row :
       tx.exec("SELECT event_id, table_id, board_index, act_index, chair, sequence, act "
               "FROM game_acts ORDER BY 1, 2, 3, 4")) {
    std::string line;
    for (const pqxx::field& f : row) line += f.as<std::string>() + " ";
    acts.push_back(line);
  }
  return acts;
}

// The number of logged acts, on one connection kept open; -1 while the database is unreachable.
class ActCounter {
 public:
  explicit ActCounter(std::string url) : url_(std::move(url)) {}
  int Count() {
    try {
      if (!conn_) conn_ = std::make_unique<pqxx::connection>(url_);
      pqxx::nontransaction tx(*conn_);
      return tx.exec1("SELECT count(*) FROM game_acts")[0].as<int>();
    } catch (const std::exception&) {
      conn_.reset();
      return -1;
    }
  }

 private:
  std::string url_;
  std::unique_ptr<pqxx::connection> conn_;
};

// What the probe thread saw while it ran.
struct ProbeLog {
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::vector<int> health;  // every answer, in order
  std::vector<std::string> unavailable;
  int calls = 0;
};

void Probe(const std::string& server, ProbeLog* log) {
  auto channel = grpc::CreateChannel(server, grpc::InsecureChannelCredentials());
  auto events = skat::v1::EventService::NewStub(channel);
  while (!log->stop) {
    const int health = skat::testing_health::HealthStatus(channel);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    skat::v1::ListEventsResponse response;
    const grpc::Status s = events->ListEvents(&context, skat::v1::ListEventsRequest(), &response);
    {
      std::lock_guard lock(log->mutex);
      if (log->health.empty() || log->health.back() != health) log->health.push_back(health);
      if (s.error_code() == grpc::StatusCode::UNAVAILABLE) {
        log->unavailable.push_back(s.error_message());
      }
      ++log->calls;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string PgBinDir() {
  const char* dir = std::getenv("SKAT_PG_BIN_DIR");
  return dir != nullptr && *dir != '\0' ? dir : "/usr/lib/postgresql/15/bin";
}

bool Contains(const std::vector<int>& values, int value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

TEST(EmbeddedRestartTest, MatchFinishesThroughAnImmediateStop) {
  const fs::path root = MakeRoot("skat-pg-restart");
  ASSERT_FALSE(root.empty());
  Skatd skatd(root);
  ASSERT_NO_FATAL_FAILURE(skatd.Start());
  // The cluster skatd started, adopted: its URL, for reading the act log.
  skat::Result<skat::store::EmbeddedPostgres> pg =
      skat::store::EmbeddedPostgres::Start((root / "data").string());
  ASSERT_TRUE(pg.ok()) << pg.status().ToString();
  ASSERT_TRUE(pg->adopted());
  const std::string url = pg->url();

  ProbeLog probe;
  std::thread prober(Probe, skatd.server(), &probe);
  const pid_t match = StartMatch(skatd.server(), root);
  // On a failed assertion: the probe stops and the match is killed, so the test ends at once.
  struct Cleanup {
    ProbeLog& probe;
    std::thread& prober;
    pid_t match;
    ~Cleanup() {
      probe.stop = true;
      if (prober.joinable()) prober.join();
      if (kill(match, 0) == 0) {
        kill(match, SIGKILL);
        waitpid(match, nullptr, 0);
      }
    }
  } cleanup{probe, prober, match};
  int match_status = -1;
  int at_stop = 0;
  const auto until = Clock::now() + std::chrono::seconds(120);
  {
    ActCounter counter(url);
    while (Clock::now() < until && (at_stop = counter.Count()) < kActsBeforeStop) {
      if (waitpid(match, &match_status, WNOHANG) == match) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ASSERT_GE(at_stop, kActsBeforeStop) << ReadAll(root / "match.err");
  const std::vector<std::string> before = LoggedActs(url);

  // No wait (-W): the supervisor may start the cluster again before pg_ctl sees the old one
  // gone, and pg_ctl -w would then wait for the new one to stop.
  std::vector<std::string> stop = {PgBinDir() + "/pg_ctl",
                                   "-D",
                                   (root / "data" / "pg").string(),
                                   "-m",
                                   "immediate",
                                   "-W",
                                   "stop"};
  if (geteuid() == 0) {
    stop.insert(stop.begin(),
                {skat::testing_program::FindProgram("runuser"), "-u", "postgres", "--"});
  }
  const skat::testing_program::RunResult stopped = skat::testing_program::RunProgram(
      stop, (root / "pg_ctl.out").string(), (root / "pg_ctl.err").string());
  ASSERT_EQ(stopped.exit_code, 0) << stopped.error << ReadAll(root / "pg_ctl.err");

  while (Clock::now() < until + std::chrono::seconds(120) &&
         waitpid(match, &match_status, WNOHANG) != match) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!WIFEXITED(match_status) && !WIFSIGNALED(match_status)) {
    kill(match, SIGKILL);
    waitpid(match, &match_status, 0);
  }
  // The health check comes back to SERVING (or the test gives up after a minute).
  for (int i = 0; i < 600; ++i) {
    {
      std::lock_guard lock(probe.mutex);
      if (!probe.health.empty() && probe.health.back() == skat::testing_health::kServing &&
          Contains(probe.health, skat::testing_health::kNotServing)) {
        break;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  probe.stop = true;
  prober.join();  // Cleanup does the same on a failed assertion above

  const std::string out = ReadAll(root / "match.out");
  const std::string err = ReadAll(root / "match.err");
  const std::string log = ReadAll(root / "skatd.log");

  // Health: NOT_SERVING during the outage, SERVING before and after.
  std::ostringstream health;
  for (int h : probe.health) health << h << " ";
  ASSERT_FALSE(probe.health.empty());
  EXPECT_EQ(probe.health.front(), skat::testing_health::kServing) << health.str();
  EXPECT_TRUE(Contains(probe.health, skat::testing_health::kNotServing)) << health.str();
  EXPECT_EQ(probe.health.back(), skat::testing_health::kServing) << health.str();
  EXPECT_NE(log.find("restart 1 of the embedded PostgreSQL"), std::string::npos) << log;

  // What clients were told: the database, not where it lives.
  EXPECT_GT(probe.unavailable.size(), 0u) << probe.calls << " probe calls, none UNAVAILABLE";
  std::vector<std::string> unlike;  // probe messages without the domain sentence
  for (const std::string& message : probe.unavailable) {
    if (message.find("the database is unavailable; retry") == std::string::npos) {
      unlike.push_back(message);
    }
  }
  EXPECT_EQ(unlike.size(), 0u) << unlike.front();
  std::vector<std::string> told = probe.unavailable;
  std::istringstream lines(err);
  int match_notes = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("unavailable") != std::string::npos) {
      told.push_back(line);
      ++match_notes;
    }
  }
  std::vector<std::string> leaked;
  for (const std::string& message : told) {
    for (const char* leak : {"/tmp", "host=", ".s.PGSQL"}) {
      if (message.find(leak) != std::string::npos) {
        leaked.push_back(message);
        break;
      }
    }
  }
  EXPECT_EQ(leaked.size(), 0u) << "of " << told.size() << ", e.g. " << leaked.front();
  std::cout << "stopped at " << at_stop << " acts (" << before.size() << " read); health "
            << health.str() << "; " << probe.unavailable.size() << " of " << probe.calls
            << " probe calls UNAVAILABLE, " << match_notes << " unavailable notes of skat match\n";
  if (!told.empty()) std::cout << "a client was told: " << told.front() << "\n";

  // The match finished by itself, and every act logged before the stop is in the final log,
  // unchanged.
  ASSERT_TRUE(WIFEXITED(match_status) && WEXITSTATUS(match_status) == 0)
      << "skat match: wait status " << match_status << "\n"
      << err.substr(err.size() > 3000 ? err.size() - 3000 : 0) << "\nskatd.log:\n"
      << log.substr(log.size() > 3000 ? log.size() - 3000 : 0);
  EXPECT_NE(out.find("played " + std::to_string(kGames) + " games"), std::string::npos) << out;
  const std::vector<std::string> after = LoggedActs(url);
  const std::set<std::string> final_log(after.begin(), after.end());
  int kept = 0;
  for (const std::string& act : before) kept += final_log.count(act);
  EXPECT_EQ(kept, static_cast<int>(before.size()));
  EXPECT_GT(after.size(), before.size());
  {
    pqxx::connection conn(url);
    pqxx::nontransaction tx(conn);
    EXPECT_EQ(tx.exec1("SELECT count(*) FROM (SELECT 1 FROM game_acts GROUP BY event_id, "
                       "table_id, board_index HAVING count(*) <> max(act_index) + 1) AS holes")[0]
                  .as<int>(),
              0);
    EXPECT_EQ(tx.exec1("SELECT count(*) FROM games WHERE finished_at IS NOT NULL")[0].as<int>(),
              kGames);
    EXPECT_EQ(tx.exec1("SELECT count(*) FROM results WHERE replaced_by IS NULL")[0].as<int>(),
              kGames);
  }
  std::cout << before.size() << " acts logged before the stop, all kept; " << after.size()
            << " in the end\n";

  EXPECT_EQ(skatd.Stop(SIGTERM), 0) << log;
  if (!::testing::Test::HasFailure()) fs::remove_all(root);
}

}  // namespace
