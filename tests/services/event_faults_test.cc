// Faults at the scale of a whole event (docs/reliability.md "Faults"), with real processes: skatd,
// `skat bot` (seeded bots; --slip makes the tables differ) and PostgreSQL. Every test plays the
// same event twice, a congress session of 9 players on 3 tables for 2 rounds
// (tests/services/event_faults.h): run A without interruption and run B, a second event created
// alike (same players, a copy of A's board set, the same draw seed and bot seed), through the
// fault. Afterwards the act logs (game, sequence, chair, act, result; tables matched by their label
// "round r, table t") and the standings of A and B must be identical, and every game must replay in
// the engine.
//
//   KilledServerEventMatchesUninterruptedRun: skatd is killed at 10 seeded random act counts
//     (read from PostgreSQL) with SIGKILL and, 3 times more, by the failpoint between an act's
//     commit and its reply (SKAT_FAILPOINT=table-act-after-commit:N), each time restarted at once
//     on the same port with the same server id; under the sanitizers 3 SIGKILLs and 2 failpoint
//     exits (tests/test_scale.h). The bots resend an act in doubt with the same sequence number
//     (their stderr tells every resend; the failpoint's acts are repeats).
//   KilledDuringBatchCommit: skatd commits the acts of different tables together
//     (docs/reliability.md "Group commit", one writer so that acts wait for each other) and is
//     killed by the failpoints inside a batch of at least two acts: after its statements and
//     before COMMIT (table-batch-before-commit: none of its acts was stored or acknowledged), and
//     after COMMIT before any act is acknowledged (table-batch-after-commit: every act of the
//     batch is stored, and its seat's resend is answered as a repeat); 2 kills of each kind, 1
//     under the sanitizers.
//   PostgresRestartDuringPlay: on a private cluster of its own, PostgreSQL is stopped
//     (pg_ctl stop -m fast) mid-play for 3 s; an act the test sends meanwhile on a table of its
//     own fails with UNAVAILABLE and a message naming the database, and is not logged; after the
//     restart the bots' retries finish the event.
//   RestartedBotContinuesWithItsSeats: one `skat bot` process is killed with SIGKILL mid-board
//     and started again with the same seat tokens: it joins, receives its views and plays on.
//
// SKAT_EVENT_FAULTS_SEED overrides the seed of the bots and of the kill points (printed).
#include "tests/services/event_faults.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>

#include "services/store/embedded_postgres.h"
#include "tests/services/resilient_seat.h"
#include "tests/services/test_database.h"
#include "tests/test_scale.h"

namespace skat::service {
namespace {

using namespace testing_faults;  // NOLINT(build/namespaces): the test's own helpers

constexpr char kFailpoint[] = "table-act-after-commit";

uint64_t Seed() {
  const char* text = std::getenv("SKAT_EVENT_FAULTS_SEED");
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 10) : 20261123;
}

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

class EventFaultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/skat-event-faults-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
    fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    seed_ = Seed();
    std::cout << "SKAT_EVENT_FAULTS_SEED=" << seed_ << "\n";
  }
  void TearDown() override {
    if (!HasFailure()) {
      fs::remove_all(dir_);
    } else {
      std::cerr << "logs kept in " << dir_ << "\n";
    }
  }

  // Plays run A of a new event without interruption; its snapshot.
  void RunA(SkatdProcess& skatd, const std::string& database_url, Event* a, Snapshot* snapshot) {
    const auto start = Clock::now();
    ASSERT_NO_FATAL_FAILURE(MakeEvent(skatd.address(), database_url, dir_, "a", nullptr, a));
    Bots bots(dir_, "a");
    for (int i = 0; i < kBotProcesses; ++i) {
      bots.processes[i]->Start(skatd.address(), a->token_files[i], seed_);
    }
    for (auto& p : bots.processes) p->Wait();
    bots.ExpectAllExitedZero();
    ASSERT_FALSE(HasFailure());
    ASSERT_NO_FATAL_FAILURE(TakeSnapshot(skatd.address(), *a, snapshot));
    ASSERT_NO_FATAL_FAILURE(ExpectLogsReplay(*snapshot));
    EXPECT_EQ(bots.Resends(), 0);
    std::cout << "run A: " << snapshot->games.size() << " tables, " << snapshot->acts << " acts, "
              << snapshot->standings.results() << " results in " << SecondsSince(start) << " s\n";
  }

  fs::path dir_;
  uint64_t seed_ = 0;
};

// --- 1. kill -9 of skatd, and the failpoint between commit and reply -------------------------

TEST_F(EventFaultsTest, KilledServerEventMatchesUninterruptedRun) {
  ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
  const std::string url = testing_db::DatabaseUrl();
  // Each kill costs a restart and the bots' retries: 10 SIGKILLs and 3 failpoint exits
  // optimised, 3 and 2 under the sanitizers (tests/test_scale.h), spread over the same event.
  constexpr int kSigkills = testing_scale::Scaled(10, 3);
  constexpr int kFailpointKills = testing_scale::Scaled(3, 2);

  SkatdProcess skatd(SkatdOn(dir_, url, "faults-kill"));
  ASSERT_EQ(skatd.Start(0), "");
  const int port = skatd.port();
  Event a;
  Snapshot run_a;
  ASSERT_NO_FATAL_FAILURE(RunA(skatd, url, &a, &run_a));

  // The plan: kSigkills kills at random act counts and kFailpointKills runs that die between
  // a commit and its reply after a random number of commits, shuffled, within the first ~80%.
  struct Episode {
    bool failpoint = false;
    int n = 0;  // failpoint: commits before dying; else acts logged since the last start
  };
  std::mt19937_64 random(seed_);
  std::vector<Episode> plan;
  for (int i = 0; i < kFailpointKills; ++i) {
    plan.push_back({true, std::uniform_int_distribution<int>(1, 12)(random)});
  }
  const int budget = run_a.acts * 8 / 10 - kFailpointKills * 12;
  const int mean_gap = std::max(2, budget / kSigkills);
  for (int i = 0; i < kSigkills; ++i) {
    plan.push_back({false, std::uniform_int_distribution<int>(1, 2 * mean_gap - 1)(random)});
  }
  std::shuffle(plan.begin(), plan.end(), random);
  std::ostringstream described;
  for (const Episode& ep : plan)
    described << (ep.failpoint ? "failpoint:" : "kill@+") << ep.n << " ";
  std::cout << "plan: " << described.str() << "\n";

  const auto start = Clock::now();
  Event b;
  ASSERT_NO_FATAL_FAILURE(MakeEvent(skatd.address(), url, dir_, "b", &a, &b));
  ActCounter counter(url);
  auto start_episode = [&](size_t episode) {
    if (episode < plan.size() && plan[episode].failpoint) {
      return skatd.Start(port, std::string(kFailpoint) + ":" + std::to_string(plan[episode].n));
    }
    return skatd.Start(port);
  };
  skatd.Kill(SIGKILL);
  ASSERT_EQ(start_episode(0), "");
  size_t episode = 0;
  int threshold = plan[0].failpoint ? 0 : plan[0].n;
  int sigkills = 0, failpoint_exits = 0;
  std::vector<int> kill_counts;
  Bots bots(dir_, "b");
  for (int i = 0; i < kBotProcesses; ++i) {
    bots.processes[i]->Start(skatd.address(), b.token_files[i], seed_);
  }
  const auto deadline = Clock::now() + std::chrono::minutes(5);
  while (!bots.AllExited() && Clock::now() < deadline) {
    bool ended = false;
    int status = 0;
    const bool kill_now = episode < plan.size() && !plan[episode].failpoint;
    const int acts = kill_now ? counter.Count(b.id) : 0;
    if (kill_now && acts >= threshold) {
      status = skatd.Kill(SIGKILL);
      ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
      ++sigkills;
      kill_counts.push_back(acts);
      ended = true;
    } else if (skatd.Exited(&status)) {
      ASSERT_TRUE(episode < plan.size() && plan[episode].failpoint)
          << "skatd ended unplanned (status " << status << "):\n"
          << Tail(skatd.Log());
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 137) << status;
      ++failpoint_exits;
      kill_counts.push_back(counter.Count(b.id));
      ended = true;
    }
    if (ended) {
      ++episode;
      ASSERT_EQ(start_episode(episode), "");
      if (episode < plan.size() && !plan[episode].failpoint) {
        threshold = counter.Count(b.id) + plan[episode].n;
      }
      continue;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(bots.AllExited()) << "run B did not finish within 5 minutes";
  bots.ExpectAllExitedZero();
  const int resends = bots.Resends();
  const int repeats = bots.Repeats();
  std::cout << "run B: " << sigkills << " SIGKILLs and " << failpoint_exits
            << " failpoint exits at acts " << ::testing::PrintToString(kill_counts) << ", "
            << skatd.starts() << " skatd starts, " << resends << " resends (" << repeats
            << " repeats of committed acts) in " << SecondsSince(start) << " s\n";
  EXPECT_EQ(sigkills, kSigkills);
  EXPECT_EQ(failpoint_exits, kFailpointKills);
  EXPECT_EQ(static_cast<int>(CountOf(skatd.Log(), "failpoint")), failpoint_exits)
      << Tail(skatd.Log());
  // Every failpoint exit left one committed act unanswered: its seat resent it as a repeat.
  EXPECT_GE(repeats, failpoint_exits);
  EXPECT_GE(resends, repeats);

  Snapshot run_b;
  ASSERT_NO_FATAL_FAILURE(TakeSnapshot(skatd.address(), b, &run_b));
  ASSERT_NO_FATAL_FAILURE(ExpectLogsReplay(run_b));
  ExpectSameRun(run_a, run_b);
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << Tail(skatd.Log());
}

// --- 1b. killed while a batch of acts of different tables is being committed ----------------

TEST_F(EventFaultsTest, KilledDuringBatchCommit) {
  ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
  const std::string url = testing_db::DatabaseUrl();
  constexpr int kKillsEach = testing_scale::Scaled(2, 1);
  // One writer: the acts arriving while a batch commits wait and form the next one.
  setenv("SKAT_COMMIT_WRITERS", "1", 1);
  struct Unset {
    ~Unset() { unsetenv("SKAT_COMMIT_WRITERS"); }
  } unset;

  SkatdProcess skatd(SkatdOn(dir_, url, "faults-batch"));
  ASSERT_EQ(skatd.Start(0), "");
  const int port = skatd.port();
  Event a;
  Snapshot run_a;
  ASSERT_NO_FATAL_FAILURE(RunA(skatd, url, &a, &run_a));

  // The plan: each start dies at the n-th shared batch (seeded, small: a table's acts are
  // seldom concurrent with another's in an event of 3 tables), the kinds shuffled.
  std::mt19937_64 random(seed_ + 48);
  std::vector<std::string> plan;
  for (const char* point : {"table-batch-before-commit", "table-batch-after-commit"}) {
    for (int i = 0; i < kKillsEach; ++i) {
      plan.push_back(std::string(point) + ":" +
                     std::to_string(std::uniform_int_distribution<int>(1, 3)(random)));
    }
  }
  std::shuffle(plan.begin(), plan.end(), random);
  std::cout << "plan: " << ::testing::PrintToString(plan) << "\n";

  const auto start = Clock::now();
  Event b;
  ASSERT_NO_FATAL_FAILURE(MakeEvent(skatd.address(), url, dir_, "b", &a, &b));
  skatd.Kill(SIGKILL);
  ASSERT_EQ(skatd.Start(port, plan[0]), "");
  size_t episode = 0;
  int after_commit_exits = 0;
  Bots bots(dir_, "b");
  for (int i = 0; i < kBotProcesses; ++i) {
    bots.processes[i]->Start(skatd.address(), b.token_files[i], seed_);
  }
  const auto deadline = Clock::now() + std::chrono::minutes(5);
  int status = 0;
  while (!bots.AllExited() && Clock::now() < deadline) {
    if (!skatd.Exited(&status)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    ASSERT_LT(episode, plan.size()) << "skatd ended unplanned (status " << status << "):\n"
                                    << Tail(skatd.Log());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 137) << status;
    if (plan[episode].starts_with("table-batch-after-commit")) ++after_commit_exits;
    ++episode;
    ASSERT_EQ(skatd.Start(port, episode < plan.size() ? plan[episode] : ""), "");
  }
  ASSERT_TRUE(bots.AllExited()) << "run B did not finish within 5 minutes";
  bots.ExpectAllExitedZero();
  const int repeats = bots.Repeats();
  std::cout << "run B: " << episode << " failpoint exits, " << skatd.starts() << " skatd starts, "
            << bots.Resends() << " resends (" << repeats << " repeats of committed acts) in "
            << SecondsSince(start) << " s\n";
  EXPECT_EQ(episode, plan.size()) << "a failpoint was never reached: too few shared batches";
  EXPECT_EQ(static_cast<int>(CountOf(skatd.Log(), "failpoint table-batch")),
            static_cast<int>(episode));
  // Each after-commit exit left a batch of two or more committed acts unanswered: their seats
  // resent them and were answered as repeats.
  EXPECT_GE(repeats, 2 * after_commit_exits);

  Snapshot run_b;
  ASSERT_NO_FATAL_FAILURE(TakeSnapshot(skatd.address(), b, &run_b));
  ASSERT_NO_FATAL_FAILURE(ExpectLogsReplay(run_b));
  ExpectSameRun(run_a, run_b);
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << Tail(skatd.Log());
}

// --- 2. PostgreSQL stopped and started again during play ---------------------------------------

TEST_F(EventFaultsTest, PostgresRestartDuringPlay) {
  constexpr int kDownMs = 3000;
  store::EmbeddedPostgres::Options pg_options;
  pg_options.port = 5432;  // names the socket file in the cluster's private directory only
  pg_options.fast_for_tests = true;
  const std::string pg_dir = (dir_ / "pg-data").string();
  Result<store::EmbeddedPostgres> pg = store::EmbeddedPostgres::Start(pg_dir, pg_options);
  ASSERT_TRUE(pg.ok()) << pg.status().ToString();
  struct StopAtEnd {
    store::EmbeddedPostgres* pg;
    ~StopAtEnd() { (void)pg->Stop(); }
  } stop_at_end{&pg.value()};
  const std::string url = pg->url();

  SkatdProcess skatd(SkatdOn(dir_, url, "faults-pg"));
  ASSERT_EQ(skatd.Start(0), "");
  Event a;
  Snapshot run_a;
  ASSERT_NO_FATAL_FAILURE(RunA(skatd, url, &a, &run_a));

  const auto start = Clock::now();
  Event b;
  ASSERT_NO_FATAL_FAILURE(MakeEvent(skatd.address(), url, dir_, "b", &a, &b));
  // The probe: a table of event B that no bot plays, joined before PostgreSQL goes away.
  v1::OpenTableRequest open;
  open.set_parent(b.name);
  open.set_board_set(b.set);
  open.add_boards(1);
  open.set_label("probe");
  open.set_mode(v1::TABLE_MODE_ONLINE);
  v1::OpenTableResponse probe;
  auto table_stub = v1::TableService::NewStub(Channel(skatd.address()));
  grpc::Status s = table_stub->OpenTable(Context(b.director).get(), open, &probe);
  ASSERT_TRUE(s.ok()) << s.error_message();
  std::string probe_token;
  v1::Seat probe_seat;
  for (const std::string& token : probe.seat_tokens()) {
    v1::JoinSeatRequest join;
    join.set_table(probe.table().name());
    v1::Seat seat;
    s = table_stub->JoinSeat(Context(token).get(), join, &seat);
    ASSERT_TRUE(s.ok()) << s.error_message();
    if (testing_seat::AskedToAct(seat.view())) {
      probe_token = token;
      probe_seat = seat;
    }
  }
  ASSERT_FALSE(probe_token.empty());
  Result<v1::Act> probe_act = testing_seat::BotWireAct(Nasl1909(), probe_seat.view(), 1);
  ASSERT_TRUE(probe_act.ok());

  Bots bots(dir_, "b");
  for (int i = 0; i < kBotProcesses; ++i) {
    bots.processes[i]->Start(skatd.address(), b.token_files[i], seed_);
  }
  ActCounter counter(url);
  const auto until = Clock::now() + std::chrono::seconds(120);
  int at_stop = 0;
  while (Clock::now() < until && !bots.AllExited()) {
    at_stop = counter.Count(b.id);
    if (at_stop >= run_a.acts / 3) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GE(at_stop, run_a.acts / 3) << "run B never got a third of the way";
  const Status stopped = pg.value().Stop();
  ASSERT_TRUE(stopped.ok()) << stopped.ToString();
  const auto down_since = Clock::now();

  // While it is down: the probe's act fails with UNAVAILABLE, naming the database.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  v1::ActRequest act;
  act.set_table(probe.table().name());
  act.set_sequence(probe_seat.last_sequence() + 1);
  *act.mutable_act() = *probe_act;
  v1::ActResponse answer;
  auto act_context = Context(probe_token);
  s = table_stub->Act(act_context.get(), act, &answer);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAVAILABLE) << s.error_message();
  EXPECT_NE(s.error_message().find("database"), std::string::npos) << s.error_message();
  std::cout << "probe act while PostgreSQL is down: code " << s.error_code() << " \""
            << s.error_message() << "\" (reason " << testing_seat::TrailerReason(*act_context)
            << ")\n";

  const auto remaining = std::chrono::milliseconds(kDownMs) - (Clock::now() - down_since);
  if (remaining.count() > 0) std::this_thread::sleep_for(remaining);
  const double down_s = SecondsSince(down_since);
  pg = store::EmbeddedPostgres::Start(pg_dir, pg_options);
  ASSERT_TRUE(pg.ok()) << pg.status().ToString();
  stop_at_end.pg = &pg.value();

  for (auto& p : bots.processes) {
    while (!p->Exited() && Clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ASSERT_TRUE(bots.AllExited()) << "run B did not finish";
  bots.ExpectAllExitedZero();
  int unavailable = 0;
  for (const auto& p : bots.processes) unavailable += CountOf(p->Err(), "unavailable");
  std::cout << "run B: PostgreSQL stopped at " << at_stop << " acts for " << down_s << " s; "
            << unavailable << " unavailable notes, " << bots.Resends() << " resends ("
            << bots.Repeats() << " repeats) in " << SecondsSince(start) << " s\n";
  EXPECT_GT(unavailable, 0);

  Snapshot run_b;
  ASSERT_NO_FATAL_FAILURE(TakeSnapshot(skatd.address(), b, &run_b));
  ASSERT_NO_FATAL_FAILURE(ExpectLogsReplay(run_b));
  ExpectSameRun(run_a, run_b);
  // The probe's failed act was not logged.
  v1::ListGamesRequest list;
  list.set_table(probe.table().name());
  v1::ListGamesResponse probe_games;
  s = table_stub->ListGames(Context(b.director).get(), list, &probe_games);
  ASSERT_TRUE(s.ok()) << s.error_message();
  for (const v1::GameLog& g : probe_games.games()) EXPECT_EQ(g.acts_size(), 0);
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << Tail(skatd.Log());
}

// --- 3. A bot process killed mid-board and started again with the same tokens ----------------

TEST_F(EventFaultsTest, RestartedBotContinuesWithItsSeats) {
  ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
  const std::string url = testing_db::DatabaseUrl();
  SkatdProcess skatd(SkatdOn(dir_, url, "faults-bot"));
  ASSERT_EQ(skatd.Start(0), "");
  Event a;
  Snapshot run_a;
  ASSERT_NO_FATAL_FAILURE(RunA(skatd, url, &a, &run_a));

  const auto start = Clock::now();
  Event b;
  ASSERT_NO_FATAL_FAILURE(MakeEvent(skatd.address(), url, dir_, "b", &a, &b));
  Bots bots(dir_, "b");
  for (int i = 0; i < kBotProcesses; ++i) {
    bots.processes[i]->Start(skatd.address(), b.token_files[i], seed_);
  }
  // Kill bot 0 at a seeded act count in the first half of the event: mid-board (its boards
  // last ~35 acts each; the count is rarely a board's last act, and then the next board is
  // under way at the other tables).
  std::mt19937_64 random(seed_);
  const int kill_at = std::uniform_int_distribution<int>(run_a.acts / 5, run_a.acts / 2)(random);
  ActCounter counter(url);
  const auto until = Clock::now() + std::chrono::seconds(120);
  int acts = 0;
  while (Clock::now() < until && !bots.AllExited()) {
    acts = counter.Count(b.id);
    if (acts >= kill_at) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_GE(acts, kill_at);
  BotProcess& bot = *bots.processes[0];
  const int status = bot.Kill(SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  const std::string before_out = bot.Out();
  // The others play on until they need its seats.
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  const int while_gone = counter.Count(b.id);
  bot.Start(skatd.address(), b.token_files[0], seed_);
  for (auto& p : bots.processes) {
    while (!p->Exited() && Clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ASSERT_TRUE(bots.AllExited()) << "run B did not finish";
  bots.ExpectAllExitedZero();
  const std::string after_out = bot.Out().substr(before_out.size());
  std::cout << "run B: bot 0 killed at " << acts << " acts; the others had logged " << while_gone
            << " when it started again; the event finished " << SecondsSince(start)
            << " s after run B began. The restarted bot's output:\n"
            << Tail(after_out, 600);
  EXPECT_GT(while_gone, acts) << "the other bots played on meanwhile";
  // The restarted process played on: boards finished after its restart, and every table ended.
  EXPECT_GT(CountOf(after_out, " board "), 0u) << after_out;
  EXPECT_GT(CountOf(after_out, " finished: "), 0u) << after_out;

  Snapshot run_b;
  ASSERT_NO_FATAL_FAILURE(TakeSnapshot(skatd.address(), b, &run_b));
  ASSERT_NO_FATAL_FAILURE(ExpectLogsReplay(run_b));
  ExpectSameRun(run_a, run_b);
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << Tail(skatd.Log());
}

}  // namespace
}  // namespace skat::service
