// High availability on Patroni (docs/reliability.md "High availability"; docs/testing.md "High
// availability"), label ha, outside CI: a table of three resilient seats (tests/services/
// resilient_seat.h) plays through a real skatd whose database is deploy/ha's cluster, and the
// primary is lost mid-match:
//
//   KilledPrimaryFailsOver: skatd on the multi-host URL (target_session_attrs=read-write); the
//     primary's Patroni and postmaster are killed with SIGKILL. Patroni promotes the synchronous
//     standby once the leader key expires (ttl 10 s, loop_wait 1 s, retry_timeout 4 s); the old
//     node's Patroni is then started again and the node must rejoin as a replica on the new
//     timeline: Patroni runs pg_rewind (asserted: killed mid-write, its WAL diverged).
//   CutPrimaryFailsOver: skatd on HAProxy's URL; the primary is cut off (deploy/ha cut: its
//     PostgreSQL behind HAProxy and its route to etcd stopped, open sessions shut). Its Patroni
//     demotes it, a replica is promoted; after deploy/ha heal it must rejoin as a replica.
//
//   StandbyBehindTheProxyIsUnavailable: HAProxy is made to send skatd's connections to a replica
//     (its check disabled, the primary's backend in maintenance): a write there is refused as
//     read-only, and skatd must answer UNAVAILABLE (a client retries), not INTERNAL; once HAProxy
//     routes to the primary again the same write succeeds without restarting skatd.
//
// Asserted in the first two: the seats get UNAVAILABLE meanwhile and finish the table on their own;
// every act a seat had acknowledged is in game_acts afterwards, at its place, with its chair,
// sequence number and text (0 lost), read straight from the new primary; the log replays in the
// engine; the time from the fault to the next acknowledged act (the first answer to an Act call
// made after the fault; answers in flight at the fault do not count) is printed and at most
// 30 s.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <pqxx/pqxx>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "tests/services/event_faults.h"
#include "tests/services/ha_cluster.h"
#include "tests/services/resilient_seat.h"
#include "tests/services/table_driver.h"

namespace skat::service {
namespace {

using testing_faults::Channel;
using testing_faults::Context;
using testing_faults::LastPart;
using testing_faults::SkatdProcess;
using testing_ha::HaCluster;
using testing_seat::ResilientSeat;
using testing_seat::ResilientSeatLog;
using testing_seat::ResilientSeatOptions;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

constexpr int kBoards = 12;
constexpr int kFaultAtAcks = 60;  // acknowledged acts before the fault
constexpr double kTargetSeconds = 30;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The event, a board set and one online table of kBoards boards for 3 chairs.
v1::OpenTableResponse OpenMatch(const std::string& address, std::string* director) {
  auto channel = Channel(address);
  v1::CreateEventRequest event;
  event.set_display_name("HA test");
  v1::CreateEventResponse created;
  grpc::Status s =
      v1::EventService::NewStub(channel)->CreateEvent(Context("").get(), event, &created);
  EXPECT_TRUE(s.ok()) << s.error_message();
  *director = created.director_token();
  v1::CreateBoardSetRequest set;
  set.set_parent(created.event().name());
  set.set_board_count(kBoards);
  set.set_table_size(3);
  v1::BoardSet made;
  s = v1::DealService::NewStub(channel)->CreateBoardSet(Context(*director).get(), set, &made);
  EXPECT_TRUE(s.ok()) << s.error_message();
  v1::OpenTableRequest open;
  open.set_parent(created.event().name());
  open.set_board_set(made.name());
  for (int b = 1; b <= kBoards; ++b) open.add_boards(b);
  open.set_label("HA");
  open.set_mode(v1::TABLE_MODE_ONLINE);
  v1::OpenTableResponse opened;
  s = v1::TableService::NewStub(channel)->OpenTable(Context(*director).get(), open, &opened);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return opened;
}

// Every acknowledged act of every seat, looked up in game_acts on the primary the URL reaches;
// the number not found where its answer placed it.
int LostAcks(const std::string& url, const std::string& table,
             const std::vector<ResilientSeatLog>& seats, int* acknowledged) {
  const std::string event_id = table.substr(7, table.find('/', 7) - 7);  // events/{id}/tables/..
  pqxx::connection conn(url);
  pqxx::read_transaction tx(conn);
  std::map<std::pair<int, int>, std::tuple<int, int64_t, std::string>> logged;
  for (const pqxx::row& r :
       tx.exec_params("SELECT board_index, act_index, chair, sequence, act FROM game_acts "
                      "WHERE event_id = $1 AND table_id = $2",
                      event_id, LastPart(table))) {
    logged[{r[0].as<int>(), r[1].as<int>()}] = {r[2].as<int>(), r[3].as<int64_t>(),
                                                r[4].as<std::string>()};
  }
  int lost = 0;
  *acknowledged = 0;
  for (const ResilientSeatLog& seat : seats) {
    for (const auto& [sequence, response] : seat.responses) {
      ++*acknowledged;
      auto it = logged.find({response.board_index(), response.act_index()});
      const bool found = it != logged.end() && std::get<0>(it->second) == seat.chair &&
                         std::get<1>(it->second) == sequence &&
                         std::get<2>(it->second) == response.act().text();
      if (!found) {
        ++lost;
        ADD_FAILURE() << "acknowledged but not in game_acts: chair " << seat.chair << " sequence "
                      << sequence << " " << response.ShortDebugString();
      }
    }
  }
  return lost;
}

// Every seat finished without error; the UNAVAILABLE answers after the fault (printed, with
// each seat's summary).
int UnavailableAfter(const std::vector<ResilientSeatLog>& logs, Clock::time_point fault_at) {
  int unavailable = 0;
  for (const ResilientSeatLog& log : logs) {
    EXPECT_TRUE(log.finished) << "chair " << log.chair << ": " << log.error;
    EXPECT_EQ(log.error, "") << "chair " << log.chair;
    for (size_t f = 0; f < log.failures.size(); ++f) {
      if (log.failure_times[f] >= fault_at && log.failures[f].find(" 14") != std::string::npos) {
        ++unavailable;
      }
    }
    std::cout << "chair " << log.chair << ": " << log.responses.size() << " answers, "
              << log.resends << " resends (" << log.repeats << " repeats), " << log.reconnections
              << " reconnections, " << log.failures.size() << " failed calls"
              << (log.failures.empty() ? "" : ", first: ")
              << (log.failures.empty() ? "" : log.failures.front()) << "\n";
  }
  std::cout << "UNAVAILABLE answers after the fault: " << unavailable << "\n";
  return unavailable;
}

// The next acknowledged act, the first answer to an Act call made after the fault, came within
// kTargetSeconds of it (printed; answers in flight at the fault do not count).
void ExpectNextAckInTime(const std::vector<ResilientSeatLog>& logs, Clock::time_point fault_at) {
  std::optional<Clock::time_point> next_ack;
  int in_flight = 0;  // answered after the fault to calls made before it
  for (const ResilientSeatLog& log : logs) {
    for (const auto& [sent, answered] : log.response_times) {
      if (sent >= fault_at && (!next_ack || answered < *next_ack)) next_ack = answered;
      if (sent < fault_at && answered >= fault_at) ++in_flight;
    }
  }
  ASSERT_TRUE(next_ack.has_value()) << "no act acknowledged after the fault";
  const double seconds = std::chrono::duration<double>(*next_ack - fault_at).count();
  std::cout << "next acknowledged act (sent after the fault) " << seconds
            << " s after the fault (target <= " << kTargetSeconds << " s); " << in_flight
            << " answers in flight at the fault\n";
  EXPECT_LE(seconds, kTargetSeconds);
}

class HaFailoverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/skat-ha-test-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
    fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    const std::string started = cluster_.Start(dir_ / "cluster");
    ASSERT_EQ(started, "");
  }
  void TearDown() override {
    std::cout << "members at the end:\n" << cluster_.Members();
    cluster_.Stop();
    if (!HasFailure()) {
      fs::remove_all(dir_);
    } else {
      std::cerr << "logs kept in " << dir_ << "\n";
    }
  }

  // Plays the match through skatd on `url`; `fault` is called once kFaultAtAcks acts are
  // acknowledged and returns the node it took away; `restore` brings that node back. Asserts
  // what the file's comment says; with expect_rewind also that the old primary was rewound (or
  // reinitialised): killed while writing, its WAL went past the point the standby was promoted
  // at. A primary that demoted itself cleanly (the cut) may need neither.
  void PlayThroughFault(const std::string& url, const std::string& server_id,
                        const std::function<int()>& fault, const std::function<void(int)>& restore,
                        const std::string& rejoin_note, bool expect_rewind) {
    SkatdProcess skatd(testing_faults::SkatdOn(dir_, url, server_id));
    ASSERT_EQ(skatd.Start(0), "");
    std::string director;
    const v1::OpenTableResponse opened = OpenMatch(skatd.address(), &director);
    ASSERT_FALSE(HasFailure());
    std::atomic<int> acks{0};  // acts acknowledged for the first time
    ResilientSeatOptions seat;
    seat.address = [address = skatd.address()] { return address; };
    seat.seed = 20261129;
    seat.acknowledged = &acks;
    seat.give_up = std::chrono::milliseconds(120000);
    testing_table::TableDriver seats(opened, seat);

    const auto until = Clock::now() + std::chrono::seconds(120);
    while (acks.load() < kFaultAtAcks && Clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_GE(acks.load(), kFaultAtAcks) << "the match never got going";
    const int timeline_before = cluster_.Timeline(cluster_.Primary());
    ASSERT_GT(timeline_before, 0);
    const int old_primary = fault();
    const auto fault_at = Clock::now();
    const int acks_at_fault = acks.load();
    ASSERT_GT(old_primary, 0);
    // The acts acknowledged until a new primary leads were in flight at the fault: committed on
    // the old primary and on the synchronous standby before it.
    const int new_primary = WaitForNewPrimary(old_primary, fault_at);
    std::cout << "fault at " << acks_at_fault << " acknowledged acts on node" << old_primary
              << "; new primary node" << new_primary << " seen after " << SecondsSince(fault_at)
              << " s\n";
    ASSERT_GT(new_primary, 0) << cluster_.Members();
    ASSERT_NE(new_primary, old_primary) << cluster_.Members();
    // The new primary reports its new timeline once its checkpoint after the promotion is done
    // (Patroni asks for one; pg_rewind needs it): before that a returning node cannot tell
    // that it diverged.
    while (cluster_.Timeline(new_primary) <= timeline_before && SecondsSince(fault_at) < 90) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const int timeline = cluster_.Timeline(new_primary);
    std::cout << "new primary on timeline " << timeline << " (was " << timeline_before << ") after "
              << SecondsSince(fault_at) << " s\n";
    ASSERT_GT(timeline, timeline_before) << cluster_.Members();

    restore(old_primary);
    ExpectRejoined(old_primary, new_primary, timeline, rejoin_note, expect_rewind);

    const std::vector<ResilientSeatLog>& logs = seats.Join();
    std::cout << "match: " << acks.load() << " acts acknowledged in all\n";
    EXPECT_GT(UnavailableAfter(logs, fault_at), 0);
    ExpectNextAckInTime(logs, fault_at);
    int acknowledged = 0;
    const int lost =
        LostAcks(cluster_.multi_host_url(), opened.table().name(), logs, &acknowledged);
    std::cout << "acknowledged acts lost: " << lost << " of " << acknowledged << "\n";
    EXPECT_EQ(lost, 0);
    int repeats = 0;
    for (const ResilientSeatLog& log : logs) repeats += log.repeats;
    EXPECT_EQ(acknowledged, acks.load() + repeats);

    testing_faults::Snapshot snapshot;
    v1::ListGamesRequest list;
    list.set_table(opened.table().name());
    const grpc::Status s = v1::TableService::NewStub(Channel(skatd.address()))
                               ->ListGames(Context(director).get(), list, &snapshot.games["HA"]);
    ASSERT_TRUE(s.ok()) << s.error_message();
    EXPECT_EQ(snapshot.games["HA"].games_size(), kBoards);
    ASSERT_NO_FATAL_FAILURE(testing_faults::ExpectLogsReplay(snapshot));
    EXPECT_EQ(skatd.Kill(SIGTERM), 0) << testing_faults::Tail(skatd.Log());
  }

  // The node other than old_primary that answers GET /primary, within 90 s of the fault; 0 if
  // none does.
  int WaitForNewPrimary(int old_primary, Clock::time_point fault_at) {
    int new_primary = 0;
    while (Clock::now() < fault_at + std::chrono::seconds(90)) {
      new_primary = cluster_.Primary();
      if (new_primary > 0 && new_primary != old_primary) return new_primary;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return new_primary == old_primary ? 0 : new_primary;
  }

  // The old primary answers GET /replica on the new primary's timeline (at least `timeline`)
  // within 90 s; prints how it got there (the pg_rewind lines of its Patroni log).
  void ExpectRejoined(int old_primary, int new_primary, int timeline, const std::string& note,
                      bool expect_rewind) {
    const auto restored_at = Clock::now();
    bool replica = false;
    while (!replica && SecondsSince(restored_at) < 90) {
      const int its = cluster_.Timeline(old_primary);
      replica = cluster_.Get(old_primary, "/replica") == 200 && its >= timeline &&
                its == cluster_.Timeline(new_primary);
      if (!replica) std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    const std::string patroni_log =
        testing_faults::ReadFile(cluster_.NodeDir(old_primary) / "patroni.log");
    const size_t rewinds = testing_faults::CountOf(patroni_log, "pg_rewind exit code=0");
    const size_t reinits = testing_faults::CountOf(patroni_log, "reinitialize");
    std::cout << "node" << old_primary << " " << note << ": "
              << (replica ? "a streaming replica on timeline " +
                                std::to_string(cluster_.Timeline(old_primary))
                          : std::string("NOT a replica"))
              << " after " << SecondsSince(restored_at) << " s; pg_rewind runs " << rewinds
              << ", reinitialisations " << reinits << "\n";
    EXPECT_TRUE(replica) << cluster_.Members();
    if (expect_rewind) {
      EXPECT_GE(rewinds + reinits, 1u) << "the old primary rejoined unrewound";
    }
    std::istringstream lines(patroni_log);
    int shown = 0;
    for (std::string line; std::getline(lines, line) && shown < 12;) {
      if (line.find("rewind") != std::string::npos) {
        std::cout << "  node" << old_primary << ": " << line << "\n";
        ++shown;
      }
    }
  }

  fs::path dir_;
  HaCluster cluster_;
};

TEST_F(HaFailoverTest, KilledPrimaryFailsOver) {
  ASSERT_NO_FATAL_FAILURE(PlayThroughFault(
      cluster_.multi_host_url(), "ha-kill",
      [&] {
        const int primary = cluster_.Primary();
        if (primary == 0) return 0;
        const int patroni = cluster_.PatroniPid(primary);
        const int postmaster = cluster_.PostmasterPid(primary);
        if (patroni <= 0 || postmaster <= 0) return 0;
        kill(patroni, SIGKILL);  // first, so that it cannot start PostgreSQL again
        kill(postmaster, SIGKILL);
        std::cout << "killed node" << primary << "'s Patroni (pid " << patroni
                  << ") and postmaster (pid " << postmaster << ") with SIGKILL\n";
        return primary;
      },
      [&](int node) { EXPECT_EQ(cluster_.Command("start-node", node), 0); },
      "restarted (deploy/ha start-node)", true));
}

TEST_F(HaFailoverTest, CutPrimaryFailsOver) {
  ASSERT_NO_FATAL_FAILURE(PlayThroughFault(
      cluster_.haproxy_url(), "ha-cut",
      [&] {
        const int primary = cluster_.Primary();
        if (primary == 0 || cluster_.Command("cut", primary) != 0) return 0;
        std::cout << "cut node" << primary << " off (deploy/ha cut)\n";
        return primary;
      },
      [&](int node) { EXPECT_EQ(cluster_.Command("heal", node), 0); },
      "reconnected (deploy/ha heal)", false));
}

}  // namespace
}  // namespace skat::service

namespace skat::service {
namespace {

// A CreateEvent through skatd; its status.
grpc::Status CreateEvent(const std::string& address) {
  v1::CreateEventRequest request;
  request.set_display_name("HA standby test");
  v1::CreateEventResponse created;
  return v1::EventService::NewStub(Channel(address))
      ->CreateEvent(Context("").get(), request, &created);
}

TEST_F(HaFailoverTest, StandbyBehindTheProxyIsUnavailable) {
  SkatdProcess skatd(testing_faults::SkatdOn(dir_, cluster_.haproxy_url(), "ha-standby"));
  ASSERT_EQ(skatd.Start(0), "");
  grpc::Status s = CreateEvent(skatd.address());
  ASSERT_TRUE(s.ok()) << s.error_message();

  const int primary = cluster_.Primary();
  ASSERT_GT(primary, 0);
  const std::string replica = "postgres/node" + std::to_string(primary % 3 + 1);
  const std::string leader = "postgres/node" + std::to_string(primary);
  ASSERT_EQ(cluster_.Admin({"disable health " + replica, "set server " + replica + " health up",
                            "disable server " + leader, "shutdown sessions server " + leader}),
            0);
  s = CreateEvent(skatd.address());
  std::cout << "a write while HAProxy routes to a replica: code " << s.error_code() << " \""
            << s.error_message() << "\"\n";
  EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAVAILABLE) << s.error_message();
  EXPECT_NE(s.error_message().find("database is unavailable"), std::string::npos);

  ASSERT_EQ(cluster_.Admin({"enable health " + replica, "set server " + replica + " health down",
                            "enable server " + leader}),
            0);
  const auto restored_at = Clock::now();
  do {
    s = CreateEvent(skatd.address());
    if (!s.ok()) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  } while (!s.ok() && SecondsSince(restored_at) < 20);
  std::cout << "the same write through the primary again: code " << s.error_code() << " after "
            << SecondsSince(restored_at) << " s\n";
  EXPECT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << testing_faults::Tail(skatd.Log());
}

}  // namespace
}  // namespace skat::service
