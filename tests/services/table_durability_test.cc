// Durability of the table service with real skatd processes on the throwaway database of
// tests/services/test_database.h (label e2e). The seats are tests/services/resilient_seat.h:
// clients that reconnect, join again and resend an unanswered act with its sequence number.
//
//   KilledServerPlaysLikeAnUninterruptedOne: one event, one board set, two tables of the same
//     boards. Table U is played without interruption; table K is played while its skatd is
//     killed at seeded random numbers of acknowledged acts with SIGKILL (restarted at once on the
//     same port with the same server id) and, in some runs, by the failpoint between the act's
//     commit and its reply (SKAT_FAILPOINT=table-act-after-commit:N); fewer kills under the
//     sanitizers (tests/test_scale.h). Both act logs must be identical (acts, chairs, sequence
//     numbers, results), every game must replay in the engine, and every acknowledged act must
//     be the logged one.
//   SecondServerWaitsForTheLeaseThenTakesOver: table servers A and B on one database. While A
//     holds the table, B refuses every seat request with UNAVAILABLE "table-owned-elsewhere" and
//     writes nothing; after kill -9 of A, B takes the table over once A's lease expires and the
//     table finishes with a gap-free log.
//   DisconnectedSeatRejoinsWithItsCurrentView: a seat cancels its stream mid-board, waits and
//     joins again with its token: it receives the current view (the engine's) and plays on.
//
// SKAT_DURABILITY_SEED overrides the seed of the kill points (printed with every run).
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/board_set.h"
#include "engine/game.h"
#include "engine/profile.h"
#include "engine/view.h"
#include "services/common/game_proto.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/database_skatd.h"
#include "tests/services/resilient_seat.h"
#include "tests/services/table_driver.h"
#include "tests/services/test_database.h"
#include "tests/test_scale.h"

namespace skat::service {
namespace {

namespace fs = std::filesystem;
using google::protobuf::util::MessageDifferencer;
using testing_seat::ResilientSeat;
using testing_seat::ResilientSeatLog;
using testing_seat::ResilientSeatOptions;
using Clock = std::chrono::steady_clock;

constexpr char kFailpoint[] = "table-act-after-commit";

using Skatd = testing_skatd::DatabaseSkatd;

// The table, its seats and the checks: tests/services/table_driver.h.
using testing_table::ActCount;
using testing_table::Channel;
using testing_table::Context;
using testing_table::CreateEventAndSet;
using testing_table::EventAndSet;
using testing_table::ExpectCompleteLogThatReplays;
using testing_table::ExpectResponsesMatchLog;
using testing_table::ExpectSeatsFinished;
using testing_table::ListGames;
using testing_table::OpenTable;
using testing_table::Summary;
using testing_table::TableDriver;

class TableDurabilityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    char dir[] = "/tmp/skat-durability-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
  }
  void TearDown() override {
    if (!HasFailure())
      fs::remove_all(dir_);
    else
      std::cerr << "skatd logs kept in " << dir_ << "\n";
  }

  Skatd::Options ServerOptions(const std::string& id) {
    Skatd::Options o;
    o.services = "event,deal,table";
    o.database_url = testing_db::DatabaseUrl();
    o.server_id = id;
    o.dir = dir_;
    return o;
  }

  fs::path dir_;
};

uint64_t Seed() {
  const char* text = std::getenv("SKAT_DURABILITY_SEED");
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 10) : 20240605;
}

// --- a. Kill -9 and the failpoint ----------------------------------------------------------------

TEST_F(TableDurabilityTest, KilledServerPlaysLikeAnUninterruptedOne) {
  constexpr int kBoards = 6;
  // Each kill costs a skatd restart and the seats' reconnections, which dominate the time: 10
  // SIGKILLs and 3 failpoint exits optimised, 3 and 2 under the sanitizers (tests/test_scale.h).
  constexpr int kSigkills = testing_scale::Scaled(10, 3);
  constexpr int kFailpointKills = testing_scale::Scaled(3, 2);
  const uint64_t seed = Seed();
  std::cout << "SKAT_DURABILITY_SEED=" << seed << "\n";

  Skatd skatd(ServerOptions("durability-k"));
  ASSERT_EQ(skatd.Start(0), "");
  const int port = skatd.port();
  std::mutex address_mutex;
  std::string address = skatd.address();
  const EventAndSet e = CreateEventAndSet(address, kBoards);
  const v1::OpenTableResponse u = OpenTable(address, e, kBoards, "U");
  const v1::OpenTableResponse k = OpenTable(address, e, kBoards, "K");

  ResilientSeatOptions base;
  base.address = [&] {
    std::lock_guard lock(address_mutex);
    return address;
  };
  base.seed = seed;
  base.table_key = 7;  // the same for U and K: the same acts in the same states

  // U, uninterrupted.
  std::atomic<int> u_acks{0};
  base.acknowledged = &u_acks;
  std::vector<ResilientSeatLog> u_seats = TableDriver(u, base).Join();
  ExpectSeatsFinished(u_seats);
  for (const ResilientSeatLog& s : u_seats) EXPECT_EQ(s.resends, 0);
  const v1::ListGamesResponse u_games = ListGames(address, e.director, u.table().name());
  const int total = ActCount(u_games);
  ASSERT_NO_FATAL_FAILURE(ExpectCompleteLogThatReplays(u_games, kBoards));
  EXPECT_EQ(u_acks.load(), total);
  std::cout << "U: " << total << " acts\n";

  // The kill plan: kSigkills kills at random numbers of acknowledged acts, kFailpointKills runs
  // that die between a commit and its reply after a random number of commits, shuffled; all of
  // it within the first ~80% of the acts U needed.
  struct Episode {
    bool failpoint = false;
    int n = 0;  // failpoint: commits before dying; else acknowledged acts before the kill
  };
  std::mt19937_64 random(seed);
  std::vector<Episode> plan;
  for (int i = 0; i < kFailpointKills; ++i) {
    plan.push_back({true, std::uniform_int_distribution<int>(1, 6)(random)});
  }
  const int budget = total * 8 / 10 - kFailpointKills * 6;
  const int mean_gap = std::max(2, budget / kSigkills);
  for (int i = 0; i < kSigkills; ++i) {
    plan.push_back({false, std::uniform_int_distribution<int>(1, 2 * mean_gap - 1)(random)});
  }
  std::shuffle(plan.begin(), plan.end(), random);
  std::ostringstream described;
  for (const Episode& ep : plan)
    described << (ep.failpoint ? "failpoint:" : "kill@+") << ep.n << " ";
  std::cout << "plan: " << described.str() << "\n";

  // K, killed again and again. The server in this loop runs the plan's episode `episode`.
  std::atomic<int> k_acks{0};
  base.acknowledged = &k_acks;
  auto start_episode = [&](size_t episode) -> std::string {
    if (episode < plan.size() && plan[episode].failpoint) {
      return skatd.Start(port, std::string(kFailpoint) + ":" + std::to_string(plan[episode].n));
    }
    return skatd.Start(port);
  };
  skatd.Kill(SIGKILL);  // K starts on a fresh process too
  ASSERT_EQ(start_episode(0), "");
  int sigkills = 0, failpoint_exits = 0;
  size_t episode = 0;
  int threshold = plan[0].failpoint ? 0 : plan[0].n;
  TableDriver driver(k, base);
  const auto deadline = Clock::now() + std::chrono::minutes(8);
  while (!driver.done() && Clock::now() < deadline) {
    bool ended = false;
    int status = 0;
    if (episode < plan.size() && !plan[episode].failpoint && k_acks >= threshold) {
      status = skatd.Kill(SIGKILL);
      ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
      ++sigkills;
      ended = true;
    } else if (skatd.Exited(&status)) {
      ASSERT_TRUE(episode < plan.size() && plan[episode].failpoint)
          << "skatd ended unplanned (status " << status << "):\n"
          << skatd.LogTail();
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 137) << status;
      ++failpoint_exits;
      ended = true;
    }
    if (ended) {
      ++episode;
      ASSERT_EQ(start_episode(episode), "");
      if (episode < plan.size() && !plan[episode].failpoint) threshold = k_acks + plan[episode].n;
      continue;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::vector<ResilientSeatLog>& k_seats = driver.Join();
  ExpectSeatsFinished(k_seats);
  std::cout << "K: " << sigkills << " SIGKILLs, " << failpoint_exits << " failpoint exits, "
            << skatd.starts() << " skatd starts\n"
            << Summary(k_seats);
  EXPECT_EQ(sigkills, kSigkills);
  EXPECT_EQ(failpoint_exits, kFailpointKills);
  int repeats = 0, resends = 0;
  for (const ResilientSeatLog& s : k_seats) {
    repeats += s.repeats;
    resends += s.resends;
  }
  // Each failpoint exit left exactly one committed act unanswered: its resend is a repeat.
  EXPECT_GE(repeats, failpoint_exits);
  EXPECT_GE(resends, repeats);
  const std::string log = [&] {
    std::ifstream in(skatd.log());
    return std::string((std::istreambuf_iterator<char>(in)), {});
  }();
  size_t reached = 0;
  for (size_t at = log.find("failpoint"); at != std::string::npos;
       at = log.find("failpoint", at + 1)) {
    ++reached;
  }
  EXPECT_EQ(static_cast<int>(reached), failpoint_exits) << skatd.LogTail();

  const v1::ListGamesResponse k_games = ListGames(skatd.address(), e.director, k.table().name());
  ASSERT_NO_FATAL_FAILURE(ExpectCompleteLogThatReplays(k_games, kBoards));
  ExpectResponsesMatchLog(u_seats, u_games);
  ExpectResponsesMatchLog(k_seats, k_games);
  EXPECT_EQ(k_acks.load() + repeats, total);
  // The same boards, the same acts from the same chairs with the same numbers, the same results.
  ASSERT_EQ(k_games.games_size(), u_games.games_size());
  for (int i = 0; i < u_games.games_size(); ++i) {
    EXPECT_TRUE(MessageDifferencer::Equals(u_games.games(i), k_games.games(i)))
        << "board index " << i << "\nU " << u_games.games(i).ShortDebugString() << "\nK "
        << k_games.games(i).ShortDebugString();
  }
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << "skatd must exit 0 on SIGTERM (11: SIGSEGV)\n"
                                    << skatd.LogTail();
}

// --- b. Two table servers, one lease -----------------------------------------------------------

TEST_F(TableDurabilityTest, SecondServerWaitsForTheLeaseThenTakesOver) {
  constexpr int kBoards = 3;
  // Renewed every third of it: 2 s outlasts a commit that waits over a second for the disk, as
  // happens on a loaded CI machine (a 1 s lease once expired there under the sanitizers).
  constexpr int kLeaseMs = 2000;
  Skatd::Options a_options = ServerOptions("server-a");
  a_options.lease_ms = kLeaseMs;
  Skatd::Options b_options = ServerOptions("server-b");
  b_options.services = "table";
  b_options.lease_ms = kLeaseMs;
  Skatd a(a_options), b(b_options);
  ASSERT_EQ(a.Start(0), "");
  ASSERT_EQ(b.Start(0), "");
  const EventAndSet e = CreateEventAndSet(a.address(), kBoards);
  const v1::OpenTableResponse opened = OpenTable(a.address(), e, kBoards, "A then B");
  const std::string table = opened.table().name();

  std::mutex address_mutex;
  std::string address = a.address();
  std::atomic<int> acks{0};
  std::atomic<bool> hold{false};
  ResilientSeatOptions base;
  base.address = [&] {
    std::lock_guard lock(address_mutex);
    return address;
  };
  base.seed = Seed();
  base.acknowledged = &acks;
  base.hold = &hold;
  TableDriver driver(opened, base);

  // A few acts on A, then the seats pause.
  const auto wait_for = [&](int n) {
    const auto until = Clock::now() + std::chrono::seconds(60);
    while (acks < n && Clock::now() < until && !driver.done()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_GE(acks.load(), n);
  };
  ASSERT_NO_FATAL_FAILURE(wait_for(10));
  hold = true;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // in-flight acts settle
  const int before = ActCount(ListGames(a.address(), e.director, table));
  ASSERT_EQ(before, acks.load());

  // The seats' requests sent to B for longer than a lease: refused, nothing written. A keeps its
  // lease alive meanwhile (no acts: only its renewals).
  auto b_stub = v1::TableService::NewStub(Channel(b.address()));
  auto a_stub = v1::TableService::NewStub(Channel(a.address()));
  int refusals = 0;
  const auto probe_until = Clock::now() + std::chrono::milliseconds(kLeaseMs * 5 / 2);
  while (Clock::now() < probe_until) {
    for (int chair = 1; chair <= 3; ++chair) {
      const std::string& token = opened.seat_tokens(chair - 1);
      v1::JoinSeatRequest join;
      join.set_table(table);
      v1::Seat on_a;
      ASSERT_TRUE(a_stub->JoinSeat(Context(token).get(), join, &on_a).ok());
      v1::Seat on_b;
      auto join_context = Context(token);
      grpc::Status status = b_stub->JoinSeat(join_context.get(), join, &on_b);
      EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
      EXPECT_EQ(testing_seat::TrailerReason(*join_context), "table-owned-elsewhere");
      ++refusals;

      v1::WatchSeatRequest watch;
      watch.set_table(table);
      auto watch_context = Context(token);
      auto reader = b_stub->WatchSeat(watch_context.get(), watch);
      v1::SeatUpdate update;
      EXPECT_FALSE(reader->Read(&update));
      status = reader->Finish();
      EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
      EXPECT_EQ(testing_seat::TrailerReason(*watch_context), "table-owned-elsewhere");
      ++refusals;

      if (!testing_seat::AskedToAct(on_a.view())) continue;
      // The act this chair would send next, with its next sequence number.
      Result<v1::Act> act = testing_seat::BotWireAct(Nasl1909(), on_a.view(), 1);
      ASSERT_TRUE(act.ok());
      v1::ActRequest request;
      request.set_table(table);
      request.set_sequence(on_a.last_sequence() + 1);
      *request.mutable_act() = *act;
      v1::ActResponse response;
      auto act_context = Context(token);
      status = b_stub->Act(act_context.get(), request, &response);
      EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
      EXPECT_EQ(testing_seat::TrailerReason(*act_context), "table-owned-elsewhere");
      ++refusals;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(ActCount(ListGames(a.address(), e.director, table)), before);
  EXPECT_EQ(ActCount(ListGames(b.address(), e.director, table)), before);
  std::cout << "B refused " << refusals << " requests over " << kLeaseMs * 5 / 2 << " ms\n";

  // A plays on (its lease was never taken: its next commits succeed at once) ...
  hold = false;
  ASSERT_NO_FATAL_FAILURE(wait_for(before + 8));
  // ... until it is killed; the seats move to B, which takes the table once A's lease expired.
  {
    std::lock_guard lock(address_mutex);
    address = b.address();
  }
  const int at_kill = acks.load();
  const auto killed = Clock::now();
  EXPECT_TRUE(WIFSIGNALED(a.Kill(SIGKILL)));
  const auto until = Clock::now() + std::chrono::seconds(30);
  while (acks <= at_kill && Clock::now() < until && !driver.done()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const auto takeover_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed).count();
  std::vector<ResilientSeatLog>& seats = driver.Join();
  ExpectSeatsFinished(seats);
  std::cout << "first act on B " << takeover_ms << " ms after kill -9 of A\n" << Summary(seats);
  EXPECT_LT(takeover_ms, 5000);
  // Before the kill no seat call failed: B never took the lease from A, whose commits went on.
  int owned_elsewhere = 0;
  for (const ResilientSeatLog& s : seats) {
    for (size_t i = 0; i < s.failures.size(); ++i) {
      EXPECT_GE(s.failure_times[i], killed) << "chair " << s.chair << ": " << s.failures[i];
      if (s.failures[i].find("table-owned-elsewhere") != std::string::npos) ++owned_elsewhere;
    }
  }
  std::cout << owned_elsewhere
            << " seat calls answered table-owned-elsewhere by B after the kill\n";

  const v1::ListGamesResponse games = ListGames(b.address(), e.director, table);
  ASSERT_NO_FATAL_FAILURE(ExpectCompleteLogThatReplays(games, kBoards));
  ExpectResponsesMatchLog(seats, games);
  int repeats = 0;
  for (const ResilientSeatLog& s : seats) repeats += s.repeats;
  EXPECT_EQ(acks.load() + repeats, ActCount(games));
  EXPECT_EQ(b.Kill(SIGTERM), 0) << "skatd must exit 0 on SIGTERM (11: SIGSEGV)\n" << b.LogTail();
}

// --- c. A seat that goes away and comes back --------------------------------------------------

TEST_F(TableDurabilityTest, DisconnectedSeatRejoinsWithItsCurrentView) {
  constexpr int kBoards = 3;
  Skatd skatd(ServerOptions("rejoin"));
  ASSERT_EQ(skatd.Start(0), "");
  const EventAndSet e = CreateEventAndSet(skatd.address(), kBoards);
  const v1::OpenTableResponse opened = OpenTable(skatd.address(), e, kBoards, "rejoin");

  ResilientSeatOptions base;
  const std::string address = skatd.address();
  base.address = [&] { return address; };
  base.seed = Seed();
  // Chair 2 leaves in the card play of the first board played out (the boards are dealt at
  // random; a passed-in board has no card play) while another chair is to move.
  std::atomic<bool> left{false};
  v1::SeatView left_at;
  const auto leave_when = [&](const v1::SeatView& view) {
    if (left || view.phase() != v1::PHASE_PLAYING || view.to_move() == view.seat() ||
        view.act_count() < 8) {
      return false;
    }
    left = true;
    left_at = view;
    return true;
  };

  std::vector<ResilientSeatLog> seats =
      TableDriver(opened, base, [&](int chair, ResilientSeatOptions& o) {
        if (chair == 2) {
          o.disconnect_for = std::chrono::milliseconds(1500);
          o.disconnect_when = leave_when;
        }
      }).Join();
  ExpectSeatsFinished(seats);
  std::cout << Summary(seats);
  for (const ResilientSeatLog& s : seats) EXPECT_EQ(s.failures.size(), 0u) << s.failures[0];

  const ResilientSeatLog& back = seats[1];
  ASSERT_EQ(back.disconnections, 1) << "chair 2 never reached a card play";
  ASSERT_EQ(back.rejoin_views.size(), 1u);
  ASSERT_EQ(back.rejoin_stream_views.size(), 1u);
  const v1::SeatView& joined = back.rejoin_views[0];
  // The others played on until chair 2 was needed: it comes back to a later state, its turn.
  EXPECT_EQ(joined.board_index(), left_at.board_index());
  EXPECT_GT(joined.act_count(), left_at.act_count());
  EXPECT_EQ(joined.to_move(), joined.seat());
  EXPECT_LE(joined.hand_size(), left_at.hand_size());
  // The stream starts from the same state (nobody can act while chair 2 is to move).
  EXPECT_TRUE(MessageDifferencer::Equals(joined, back.rejoin_stream_views[0]))
      << joined.ShortDebugString() << "\n"
      << back.rejoin_stream_views[0].ShortDebugString();

  const v1::ListGamesResponse games = ListGames(skatd.address(), e.director, opened.table().name());
  ASSERT_NO_FATAL_FAILURE(ExpectCompleteLogThatReplays(games, kBoards));
  ExpectResponsesMatchLog(seats, games);
  // The view it got back is exactly the engine's view of the game at that point.
  const v1::GameLog& g = games.games(joined.board_index());
  Game game(Nasl1909(), UnrankBoard(g.deal_number()));
  for (int i = 0; i < joined.act_count(); ++i) {
    ASSERT_TRUE(game.Apply(*ParseActLine(g.acts(i).text())).ok());
  }
  const Direction seat = *FromProto(joined.seat());
  v1::SeatView expected;
  ToProto(ViewOf(game, seat), &expected);
  expected.set_table(opened.table().name());
  expected.set_board_number(g.board_number());
  expected.set_board_index(joined.board_index());
  expected.set_act_count(joined.act_count());
  expected.set_chair(2);
  expected.set_forehand_chair(ForehandChair(g.board_number(), opened.table().chairs()));
  for (const Act& a : game.LegalActs(seat)) {
    ToProto(a, expected.add_legal_acts());
    expected.mutable_legal_acts()->rbegin()->clear_text();
  }
  EXPECT_TRUE(MessageDifferencer::Equals(expected, joined)) << expected.ShortDebugString() << "\n"
                                                            << joined.ShortDebugString();
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << "skatd must exit 0 on SIGTERM (11: SIGSEGV)\n"
                                    << skatd.LogTail();
}

}  // namespace
}  // namespace skat::service
