// The store's tables, leases, act log and results against a real PostgreSQL server (label db;
// test_database.h makes and drops the throwaway database).
#include <atomic>
#include <chrono>
#include <pqxx/pqxx>  // to read what no Store method returns (finished_at, stored columns)
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/store/migrations.h"
#include "services/store/store.h"
#include "tests/services/random_id.h"
#include "tests/services/test_database.h"

namespace skat::store {
namespace {

using testing_store::NewId;

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string RandomText(const std::string& prefix, const char* alphabet, int size, int length) {
  thread_local std::mt19937_64 random(std::random_device{}());
  std::string text = prefix;
  for (int i = 0; i < length; ++i) text += alphabet[random() % size];
  return text;
}

// Ids as the service layer makes them: prefix + 10 lower-case base32 characters.
// A distinct seat token hash.
std::string NewTokenHash() { return RandomText("", "0123456789abcdef", 16, 64); }

class TableStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<Store>> store = Store::Connect(testing_db::DatabaseUrl(), 8);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    const Status migrated = store_->Migrate();
    ASSERT_TRUE(migrated.ok()) << migrated.ToString();
    event_ = EventRecord{.id = NewId("ev-"),
                         .name = "Club night",
                         .profile = "nasl-1909",
                         .director_token_sha256 = std::string(64, 'a')};
    ASSERT_TRUE(store_->CreateEvent(event_).ok());
    set_id_ = MakeSet(3, 5);
  }

  // A set of `count` boards for tables of `table_size`, without boards (awaiting a beacon value):
  // tables need only its shape.
  std::string MakeSet(int table_size, int count) {
    BoardSetRecord set;
    set.event_id = event_.id;
    set.id = NewId("bs-");
    set.set.label = "Session 1";
    set.set.generator_version = 1;
    set.set.commitment = std::string(64, 'c');
    set.set.beacon_source = "drand round 1";
    set.set.table_size = table_size;
    set.secret_seed = std::string(64, '5');
    set.board_count = count;
    const Result<BoardSetRecord> created = store_->CreateBoardSet(set);
    EXPECT_TRUE(created.ok()) << created.status().ToString();
    return set.id;
  }

  TableRecord NewTable(std::vector<int> boards = {3, 1, 5}, int chairs = 3, bool physical = false) {
    TableRecord table;
    table.event_id = event_.id;
    table.id = NewId("tb-");
    table.label = "Table 1";
    table.set_id = set_id_;
    table.boards = std::move(boards);
    table.chairs = chairs;
    table.physical = physical;
    for (int chair = 1; chair <= chairs; ++chair) {
      table.seat_token_sha256.push_back(NewTokenHash());
    }
    return table;
  }

  TableRecord MakeTable(bool physical = false) {
    const TableRecord table = NewTable({3, 1, 5}, 3, physical);
    const Result<TableRecord> created = store_->CreateTable(table);
    EXPECT_TRUE(created.ok()) << created.status().ToString();
    return table;
  }

  TableLease Acquire(const TableRecord& table, const std::string& owner, int lease_ms = 10000) {
    Result<TableLease> lease = store_->AcquireTable(table.event_id, table.id, owner, lease_ms);
    EXPECT_TRUE(lease.ok()) << lease.status().ToString();
    return lease.ok() ? *lease : TableLease{};
  }

  std::vector<LoggedActRecord> Acts(const TableRecord& table) {
    Result<std::vector<LoggedActRecord>> acts = store_->ListActs(table.event_id, table.id);
    EXPECT_TRUE(acts.ok()) << acts.status().ToString();
    return acts.ok() ? *acts : std::vector<LoggedActRecord>{};
  }

  std::vector<ResultRecord> Results(const std::string& table_id, bool include_history = false) {
    Result<std::vector<ResultRecord>> results =
        store_->ListResults(event_.id, table_id, include_history);
    EXPECT_TRUE(results.ok()) << results.status().ToString();
    return results.ok() ? *results : std::vector<ResultRecord>{};
  }

  std::unique_ptr<Store> store_;
  EventRecord event_;
  std::string set_id_;
};

LoggedActRecord Act(int board_index, int act_index, int chair, int64_t sequence,
                    const std::string& line) {
  return LoggedActRecord{.board_index = board_index,
                         .act_index = act_index,
                         .chair = chair,
                         .sequence = sequence,
                         .act = line};
}

// Middlehand's hearts hand game, schneider announced, won for 60.
ResultRecord HeartsHand(const TableRecord& table, int board_index) {
  ResultRecord r;
  r.event_id = table.event_id;
  r.table_id = table.id;
  r.board_index = board_index;
  r.game.kind = ResultKind::kDeclarerGame;
  r.game.declarer = Direction::kMiddlehand;
  r.game.declaration = Declaration{.handling = SkatHandling::kHand,
                                   .type = GameType::kHearts,
                                   .ouvert = false,
                                   .announced = Announcement::kSchneider};
  r.game.valuation.won = true;
  r.game.valuation.value = 60;
  r.game.card_points = {20, 95, 5};
  r.game.tricks = {2, 7, 1};
  r.game.pad = {0, 60, 0};
  r.pad = {0, 60, 0};
  r.summary = "middlehand hearts hand, schneider announced: won 60";
  r.report_json = R"({"game": "solo-hearts", "points": 95})";
  r.entered_by = "chair 1";
  return r;
}

// A Ramsch at a table of four: forehand charged 30, the resting dealer's entry last.
ResultRecord Ramsch(const TableRecord& table, int board_index) {
  ResultRecord r;
  r.event_id = table.event_id;
  r.table_id = table.id;
  r.board_index = board_index;
  r.game.kind = ResultKind::kRamsch;
  r.game.card_points = {30, 50, 40};
  r.game.tricks = {3, 4, 3};
  r.game.pad = {-30, 0, 0};
  r.pad = {-30, 0, 0, 0};
  r.summary = "ramsch: forehand charged 30";
  return r;
}

void ExpectSameGame(const ResultRecord& got, const ResultRecord& want) {
  EXPECT_EQ(got.event_id, want.event_id);
  EXPECT_EQ(got.table_id, want.table_id);
  EXPECT_EQ(got.board_index, want.board_index);
  EXPECT_EQ(got.game.kind, want.game.kind);
  EXPECT_EQ(got.game.declarer, want.game.declarer);
  EXPECT_EQ(got.game.declaration, want.game.declaration);
  EXPECT_EQ(got.game.valuation.won, want.game.valuation.won);
  EXPECT_EQ(got.game.valuation.value, want.game.valuation.value);
  EXPECT_EQ(got.game.card_points, want.game.card_points);
  EXPECT_EQ(got.game.tricks, want.game.tricks);
  EXPECT_EQ(got.game.pad, want.game.pad);
  EXPECT_EQ(got.pad, want.pad);
  EXPECT_EQ(got.summary, want.summary);
  EXPECT_EQ(got.report_json, want.report_json);
}

TEST_F(TableStoreTest, CreatesAndGetsATableAndFindsItsSeats) {
  TableRecord table = NewTable({3, 1, 5}, 3, /*physical=*/true);
  table.player_names = {"Anna", "Ben \"the bidder\" \\o/", ""};
  Result<TableRecord> created = store_->CreateTable(table);
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  EXPECT_GT(created->created_unix, 0);

  Result<TableRecord> got = store_->GetTable(event_.id, table.id);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(got->event_id, event_.id);
  EXPECT_EQ(got->id, table.id);
  EXPECT_EQ(got->label, "Table 1");
  EXPECT_EQ(got->set_id, set_id_);
  EXPECT_EQ(got->boards, (std::vector<int>{3, 1, 5}));
  EXPECT_EQ(got->chairs, 3);
  EXPECT_TRUE(got->physical);
  EXPECT_EQ(got->player_names, table.player_names);
  EXPECT_TRUE(got->seat_token_sha256.empty());
  EXPECT_EQ(got->created_unix, created->created_unix);

  for (int chair = 1; chair <= 3; ++chair) {
    Result<SeatRecord> seat = store_->FindSeat(table.seat_token_sha256[chair - 1]);
    ASSERT_TRUE(seat.ok()) << seat.status().ToString();
    EXPECT_EQ(seat->event_id, event_.id);
    EXPECT_EQ(seat->table_id, table.id);
    EXPECT_EQ(seat->chair, chair);
  }
  EXPECT_EQ(store_->FindSeat(NewTokenHash()).status().code(), ErrorCode::kNotFound);

  // Without names: one empty name per chair. One games row per board: results can be entered.
  const TableRecord unnamed = MakeTable(/*physical=*/true);
  got = store_->GetTable(event_.id, unnamed.id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->player_names, (std::vector<std::string>{"", "", ""}));
  Result<ResultRecord> submitted = store_->SubmitResult(HeartsHand(unnamed, 2), 0);
  ASSERT_TRUE(submitted.ok()) << submitted.status().ToString();
  EXPECT_EQ(submitted->board_number, 5);
  EXPECT_EQ(submitted->source, "physical");
  EXPECT_EQ(store_->SubmitResult(HeartsHand(unnamed, 3), 0).status().code(), ErrorCode::kNotFound);

  EXPECT_EQ(store_->GetTable(event_.id, NewId("tb-")).status().code(), ErrorCode::kNotFound);
}

TEST_F(TableStoreTest, CreateTableRefusesWhatDoesNotFit) {
  const auto code = [&](const TableRecord& table) {
    return store_->CreateTable(table).status().code();
  };
  const auto message = [&](const TableRecord& table) {
    return store_->CreateTable(table).status().message();
  };
  EXPECT_EQ(code(NewTable({1, 6})), ErrorCode::kInvalidArgument);  // the set has boards 1..5
  EXPECT_EQ(code(NewTable({0})), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code(NewTable({2, 2})), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code(NewTable({})), ErrorCode::kInvalidArgument);
  EXPECT_THAT(message(NewTable({1, 6})), HasSubstr("board 6"));

  TableRecord four = NewTable({1}, 4);  // the set is dealt for tables of three
  EXPECT_EQ(code(four), ErrorCode::kInvalidArgument);
  EXPECT_THAT(message(four), AllOf(HasSubstr("4 chairs"), HasSubstr("tables of 3")));
  TableRecord five = NewTable({1}, 5);
  EXPECT_EQ(code(five), ErrorCode::kInvalidArgument);

  TableRecord tokens = NewTable();
  tokens.seat_token_sha256.pop_back();
  EXPECT_EQ(code(tokens), ErrorCode::kInvalidArgument);
  TableRecord names = NewTable();
  names.player_names = {"Anna", "Ben"};
  EXPECT_EQ(code(names), ErrorCode::kInvalidArgument);
  TableRecord bad_token = NewTable();
  bad_token.seat_token_sha256[1] = "not hex";
  EXPECT_EQ(code(bad_token), ErrorCode::kInvalidArgument);

  TableRecord no_set = NewTable();
  no_set.set_id = NewId("bs-");
  EXPECT_EQ(code(no_set), ErrorCode::kNotFound);
  TableRecord no_event = NewTable();
  no_event.event_id = NewId("ev-");
  EXPECT_EQ(code(no_event), ErrorCode::kNotFound);

  // A taken id or a seat token in use: nothing half-written.
  const TableRecord table = MakeTable();
  EXPECT_EQ(code(table), ErrorCode::kAlreadyExists);
  TableRecord same_token = NewTable();
  same_token.seat_token_sha256[2] = table.seat_token_sha256[0];
  EXPECT_EQ(code(same_token), ErrorCode::kAlreadyExists);
  EXPECT_EQ(store_->GetTable(event_.id, same_token.id).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(store_->GetTable(event_.id, tokens.id).status().code(), ErrorCode::kNotFound);

  // A set for tables of four takes four chairs and four names.
  set_id_ = MakeSet(4, 2);
  TableRecord fits = NewTable({2, 1}, 4);
  fits.player_names = {"A", "B", "C", "D"};
  EXPECT_TRUE(store_->CreateTable(fits).ok());
}

TEST_F(TableStoreTest, LeaseFencesTwoTableServers) {
  const TableRecord table = MakeTable();
  const TableLease a1 = Acquire(table, "server-a");
  EXPECT_EQ(a1.version, 1);
  EXPECT_EQ(a1.owner, "server-a");

  Result<TableLease> refused = store_->AcquireTable(event_.id, table.id, "server-b", 10000);
  EXPECT_EQ(refused.status().code(), ErrorCode::kTableOwnedElsewhere);
  EXPECT_THAT(refused.status().message(),
              AllOf(HasSubstr("tables/" + table.id), HasSubstr("table server 'server-a'"),
                    HasSubstr("for another 10 s")));

  // The holder takes it again (a restarted server): a new version, now for 200 ms.
  const TableLease a2 = Acquire(table, "server-a", 200);
  EXPECT_EQ(a2.version, 2);
  EXPECT_EQ(store_->RenewLease(a1, 200).code(), ErrorCode::kAborted);  // the old version
  ASSERT_TRUE(store_->AppendAct(a2, Act(0, 0, 1, 1, "F pass"), nullptr).ok());

  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  const TableLease b = Acquire(table, "server-b");
  EXPECT_EQ(b.version, 3);
  const Status lost = store_->AppendAct(a2, Act(0, 1, 2, 1, "M pass"), nullptr);
  EXPECT_EQ(lost.code(), ErrorCode::kAborted);
  EXPECT_THAT(lost.message(), AllOf(HasSubstr("tables/" + table.id), HasSubstr("version 2")));
  EXPECT_EQ(Acts(table).size(), 1u);  // nothing written
  EXPECT_EQ(store_->RenewLease(a2, 10000).code(), ErrorCode::kAborted);
  EXPECT_TRUE(store_->ReleaseTable(a2).ok());  // lost already: a no-op
  refused = store_->AcquireTable(event_.id, table.id, "server-a", 10000);
  EXPECT_EQ(refused.status().code(), ErrorCode::kTableOwnedElsewhere);
  EXPECT_THAT(refused.status().message(), HasSubstr("'server-b'"));

  EXPECT_TRUE(store_->AppendAct(b, Act(0, 1, 2, 1, "M pass"), nullptr).ok());
  EXPECT_TRUE(store_->RenewLease(b, 10000).ok());

  // Released: free at once, and the old lease writes nothing more.
  EXPECT_TRUE(store_->ReleaseTable(b).ok());
  EXPECT_EQ(store_->AppendAct(b, Act(0, 2, 3, 1, "R pass"), nullptr).code(), ErrorCode::kAborted);
  EXPECT_EQ(store_->RenewLease(b, 10000).code(), ErrorCode::kAborted);
  const TableLease a3 = Acquire(table, "server-a");
  EXPECT_EQ(a3.version, 4);
  EXPECT_EQ(Acts(table).size(), 2u);

  EXPECT_EQ(store_->AcquireTable(event_.id, NewId("tb-"), "server-a", 1000).status().code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(store_->AcquireTable(event_.id, table.id, "", 1000).status().code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(store_->RenewLease(a3, 0).code(), ErrorCode::kInvalidArgument);
}

// An act does not extend the lease, but it locks the table's row until its commit: a server
// taking the expired lease over waits for the commit and then finds the act in the log
// (docs/reliability.md "Leases and acts").
TEST_F(TableStoreTest, AnActHoldsOffATakeoverUntilItsCommit) {
  const TableRecord table = MakeTable();
  const TableLease a = Acquire(table, "server-a", 100);
  ASSERT_TRUE(store_->AppendAct(a, Act(0, 0, 1, 1, "F pass"), nullptr).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // expired: acts did not extend it

  std::atomic<bool> taken{false};
  std::thread takeover;
  const BatchedAct act{.lease = a, .act = Act(0, 1, 2, 1, "M pass"), .finished_game = nullptr};
  const Result<std::vector<Status>> stored = store_->AppendActs({&act, 1}, [&] {
    takeover = std::thread([&] {
      const TableLease b = Acquire(table, "server-b");
      EXPECT_EQ(b.version, a.version + 1);
      EXPECT_EQ(Acts(table).size(), 2u);  // the act committed before the lease passed
      taken = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_FALSE(taken) << "the takeover did not wait for the act's commit";
  });
  takeover.join();
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  EXPECT_TRUE((*stored)[0].ok()) << (*stored)[0].ToString();
  EXPECT_TRUE(taken);
  EXPECT_EQ(store_->AppendAct(a, Act(0, 2, 3, 1, "R pass"), nullptr).code(), ErrorCode::kAborted);
}

// RenewLeases extends every lease that still holds its table, one status per lease.
TEST_F(TableStoreTest, RenewsManyLeasesInOneStatement) {
  const TableRecord t1 = MakeTable(), t2 = MakeTable(), t3 = MakeTable();
  const TableLease l1 = Acquire(t1, "server-a", 300);
  const TableLease stale = Acquire(t2, "server-a", 300);
  Acquire(t2, "server-a", 300);  // the same server again: a new version, not renewed below
  const TableLease l3 = Acquire(t3, "server-a", 300);
  const std::vector<TableLease> leases = {l1, stale, l3};
  const Result<std::vector<Status>> renewed = store_->RenewLeases(leases, 10000);
  ASSERT_TRUE(renewed.ok()) << renewed.status().ToString();
  ASSERT_EQ(renewed->size(), 3u);
  EXPECT_TRUE((*renewed)[0].ok());
  EXPECT_EQ((*renewed)[1].code(), ErrorCode::kAborted);
  EXPECT_TRUE((*renewed)[2].ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(400));  // past the 300 ms of the taking
  EXPECT_EQ(store_->AcquireTable(event_.id, t1.id, "server-b", 1000).status().code(),
            ErrorCode::kTableOwnedElsewhere);
  EXPECT_EQ(store_->AcquireTable(event_.id, t3.id, "server-b", 1000).status().code(),
            ErrorCode::kTableOwnedElsewhere);
  EXPECT_TRUE(store_->AcquireTable(event_.id, t2.id, "server-b", 1000).ok());
  EXPECT_EQ(store_->RenewLeases(std::vector<TableLease>(TableStore::kMaxBatchedActs + 1, l1), 10000)
                .status()
                .code(),
            ErrorCode::kInvalidArgument);
}

TEST_F(TableStoreTest, AppendsActsAndListsThemInOrder) {
  const TableRecord table = MakeTable();
  const TableLease lease = Acquire(table, "server-a");
  const std::vector<LoggedActRecord> appended = {
      Act(0, 0, 2, 1, "M bid 18"), Act(0, 1, 1, 1, "F hold"), Act(1, 0, 1, 2, "F pass"),
      Act(0, 2, 2, 2, "M pass"), Act(1, 1, 3, 1, "R bid 18")};
  for (const LoggedActRecord& act : appended) {
    const Status status = store_->AppendAct(lease, act, nullptr);
    ASSERT_TRUE(status.ok()) << status.ToString();
  }
  const std::vector<LoggedActRecord> acts = Acts(table);
  ASSERT_EQ(acts.size(), 5u);
  const std::vector<std::pair<int, int>> order = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}};
  for (size_t i = 0; i < acts.size(); ++i) {
    EXPECT_EQ(std::make_pair(acts[i].board_index, acts[i].act_index), order[i]);
  }
  EXPECT_EQ(acts[2].chair, 2);
  EXPECT_EQ(acts[2].sequence, 2);
  EXPECT_EQ(acts[2].act, "M pass");
  EXPECT_EQ(acts[4].act, "R bid 18");

  EXPECT_EQ(store_->ListActs(event_.id, NewId("tb-")).status().code(), ErrorCode::kNotFound);
  EXPECT_TRUE(Acts(MakeTable()).empty());
}

TEST_F(TableStoreTest, TakenActIndexOrSequenceIsAlreadyExists) {
  const TableRecord table = MakeTable();
  const TableLease lease = Acquire(table, "server-a");
  ASSERT_TRUE(store_->AppendAct(lease, Act(0, 0, 1, 1, "F pass"), nullptr).ok());
  EXPECT_EQ(store_->AppendAct(lease, Act(0, 0, 2, 1, "M pass"), nullptr).code(),
            ErrorCode::kAlreadyExists);  // act index taken
  EXPECT_EQ(store_->AppendAct(lease, Act(0, 1, 1, 1, "F bid 18"), nullptr).code(),
            ErrorCode::kAlreadyExists);  // chair 1's sequence number 1 taken
  EXPECT_EQ(store_->AppendAct(lease, Act(7, 0, 1, 5, "F pass"), nullptr).code(),
            ErrorCode::kNotFound);  // no board index 7
  EXPECT_EQ(Acts(table).size(), 1u);
}

TEST_F(TableStoreTest, FinishingActWritesTheResultAndTheFinishTime) {
  const TableRecord table = MakeTable();
  const TableLease lease = Acquire(table, "server-a");
  ASSERT_TRUE(store_->AppendAct(lease, Act(1, 0, 1, 1, "F pass"), nullptr).ok());
  ResultRecord game = HeartsHand(table, 99);  // the store takes board and table from the act
  game.entered_by = "";
  game.report_json = "";
  const Status finished = store_->AppendAct(lease, Act(1, 1, 2, 1, "M pass"), &game);
  ASSERT_TRUE(finished.ok()) << finished.ToString();

  const std::vector<ResultRecord> results = Results(table.id);
  ASSERT_EQ(results.size(), 1u);
  game.board_index = 1;
  ExpectSameGame(results[0], game);
  EXPECT_EQ(results[0].board_number, 1);
  EXPECT_EQ(results[0].source, "online");
  EXPECT_EQ(results[0].entered_by, "engine");
  EXPECT_EQ(results[0].confirmed_by, "engine");
  EXPECT_GT(results[0].confirmed_unix, 0);
  EXPECT_TRUE(results[0].counts());
  EXPECT_EQ(Acts(table).size(), 2u);

  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  const pqxx::result games = tx.exec_params(
      "SELECT board_index FROM games WHERE event_id = $1 AND table_id = $2 "
      "AND finished_at IS NOT NULL",
      event_.id, table.id);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0][0].as<int>(), 1);

  // A lost lease writes neither the act nor the result.
  Acquire(table, "server-a");
  EXPECT_EQ(store_->AppendAct(lease, Act(2, 0, 1, 2, "F pass"), &game).code(), ErrorCode::kAborted);
  EXPECT_EQ(Results(table.id).size(), 1u);
  EXPECT_EQ(Acts(table).size(), 2u);
}

// AppendAct is one autocommit statement: when the connection breaks, the store tries again on a
// new one and must tell "stored by the first attempt" (OK) from "taken by another act".
TEST_F(TableStoreTest, AppendActAfterALostConnection) {
  const TableRecord table = MakeTable();
  Result<std::unique_ptr<Store>> connected = Store::Connect(testing_db::DatabaseUrl(), 1);
  ASSERT_TRUE(connected.ok());
  Store& store = **connected;
  Result<TableLease> lease = store.AcquireTable(event_.id, table.id, "server-a", 10000);
  ASSERT_TRUE(lease.ok());

  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  // Ends every other session of the database: the store's one pooled connection is gone.
  const auto break_connections = [&] {
    tx.exec(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  };
  // What a first attempt leaves when it committed but its answer was lost.
  const auto store_directly = [&](const LoggedActRecord& act) {
    tx.exec_params(
        "INSERT INTO game_acts (event_id, table_id, board_index, act_index, chair, sequence, act) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7)",
        event_.id, table.id, act.board_index, act.act_index, act.chair, act.sequence, act.act);
  };

  break_connections();
  Status status = store.AppendAct(*lease, Act(0, 0, 1, 1, "F pass"), nullptr);
  EXPECT_TRUE(status.ok()) << status.ToString();

  break_connections();
  store_directly(Act(0, 1, 2, 1, "M pass"));
  status = store.AppendAct(*lease, Act(0, 1, 2, 1, "M pass"), nullptr);
  EXPECT_TRUE(status.ok()) << status.ToString();

  break_connections();
  store_directly(Act(0, 2, 3, 1, "R pass"));
  EXPECT_EQ(store.AppendAct(*lease, Act(0, 2, 3, 2, "R bid 18"), nullptr).code(),
            ErrorCode::kAlreadyExists);

  Result<std::vector<LoggedActRecord>> acts = store.ListActs(event_.id, table.id);
  ASSERT_TRUE(acts.ok()) << acts.status().ToString();
  ASSERT_EQ(acts->size(), 3u);
  EXPECT_EQ((*acts)[2].act, "R pass");
}

TEST_F(TableStoreTest, PhysicalResultsAreConfirmedByAnotherChairAndCorrected) {
  const TableRecord table = MakeTable(/*physical=*/true);
  const ResultRecord entered = HeartsHand(table, 0);
  Result<ResultRecord> submitted = store_->SubmitResult(entered, 0);
  ASSERT_TRUE(submitted.ok()) << submitted.status().ToString();
  EXPECT_GT(submitted->id, 0);
  ExpectSameGame(*submitted, entered);
  EXPECT_EQ(submitted->board_number, 3);
  EXPECT_EQ(submitted->source, "physical");
  EXPECT_EQ(submitted->entered_by, "chair 1");
  EXPECT_GT(submitted->entered_unix, 0);
  EXPECT_FALSE(submitted->counts());

  std::vector<ResultRecord> results = Results(table.id);
  ASSERT_EQ(results.size(), 1u);
  ExpectSameGame(results[0], entered);
  EXPECT_EQ(results[0].id, submitted->id);
  EXPECT_TRUE(results[0].confirmed_by.empty());
  EXPECT_FALSE(results[0].counts());

  EXPECT_EQ(store_->SubmitResult(entered, 0).status().code(), ErrorCode::kAlreadyExists);
  Result<ResultRecord> refused = store_->ConfirmResult(event_.id, table.id, 0, "chair 1");
  EXPECT_EQ(refused.status().code(), ErrorCode::kNotAllowed);
  EXPECT_THAT(refused.status().message(), HasSubstr("chair 1"));
  EXPECT_EQ(store_->ConfirmResult(event_.id, table.id, 1, "chair 2").status().code(),
            ErrorCode::kNotFound);

  Result<ResultRecord> confirmed = store_->ConfirmResult(event_.id, table.id, 0, "chair 2");
  ASSERT_TRUE(confirmed.ok()) << confirmed.status().ToString();
  EXPECT_EQ(confirmed->confirmed_by, "chair 2");
  EXPECT_GT(confirmed->confirmed_unix, 0);
  EXPECT_TRUE(confirmed->counts());
  EXPECT_EQ(store_->ConfirmResult(event_.id, table.id, 0, "chair 3").status().code(),
            ErrorCode::kNotAllowed);
  results = Results(table.id);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_TRUE(results[0].counts());

  // The director's correction: the declarer lost.
  ResultRecord replacement = entered;
  replacement.game.valuation.won = false;
  replacement.game.valuation.value = 120;
  replacement.game.card_points = {70, 45, 5};
  replacement.game.pad = {0, -120, 0};
  replacement.pad = {0, -120, 0};
  replacement.summary = "middlehand hearts hand, schneider announced: lost 120";
  replacement.report_json = "";
  replacement.entered_by = "director";
  replacement.confirmed_by = "director";
  EXPECT_EQ(store_->CorrectResult(replacement, "director", "").status().code(),
            ErrorCode::kInvalidArgument);
  Result<ResultRecord> corrected =
      store_->CorrectResult(replacement, "director", "wrong card points entered");
  ASSERT_TRUE(corrected.ok()) << corrected.status().ToString();
  ExpectSameGame(*corrected, replacement);
  EXPECT_GT(corrected->id, submitted->id);
  EXPECT_TRUE(corrected->counts());

  results = Results(table.id);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].id, corrected->id);
  ExpectSameGame(results[0], replacement);
  EXPECT_EQ(results[0].confirmed_by, "director");

  results = Results(table.id, /*include_history=*/true);
  ASSERT_EQ(results.size(), 2u);
  const ResultRecord& old = results[0];
  EXPECT_EQ(old.id, submitted->id);
  ExpectSameGame(old, entered);
  EXPECT_EQ(old.confirmed_by, "chair 2");
  EXPECT_EQ(old.replaced_by, corrected->id);
  EXPECT_GT(old.replaced_unix, 0);
  EXPECT_EQ(old.corrected_by, "director");
  EXPECT_EQ(old.correction_reason, "wrong card points entered");
  EXPECT_FALSE(old.counts());
  EXPECT_EQ(results[1].id, corrected->id);
  EXPECT_EQ(results[1].replaced_by, 0);

  // Corrected again: the chain continues; nothing to correct on a board without a result.
  replacement.confirmed_by = "";
  corrected = store_->CorrectResult(replacement, "director", "confirm again at the table");
  ASSERT_TRUE(corrected.ok()) << corrected.status().ToString();
  EXPECT_FALSE(corrected->counts());
  EXPECT_EQ(Results(table.id, true).size(), 3u);
  replacement.board_index = 2;
  EXPECT_EQ(store_->CorrectResult(replacement, "director", "typo").status().code(),
            ErrorCode::kNotFound);
}

// Migration 0009: a declaration is stored by the engine's names, and the migration converts rows
// stored before it (the enums' positions) to those names and back.
TEST_F(TableStoreTest, DeclarationsAreStoredByNameAndOldRowsAreConverted) {
  TableRecord table = NewTable({1, 2}, 3, /*physical=*/true);
  ASSERT_TRUE(store_->CreateTable(table).ok());
  Result<ResultRecord> stored = store_->SubmitResult(HeartsHand(table, 0), 0);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  auto columns = [&] {
    pqxx::connection conn(testing_db::DatabaseUrl());
    pqxx::work tx(conn);
    const pqxx::row row = tx.exec1(
        "SELECT declarer::text || ' ' || handling::text || ' ' || game_type::text || ' ' || "
        "announced::text FROM results WHERE id = " +
        std::to_string(stored->id));
    return row[0].as<std::string>();
  };
  EXPECT_EQ(columns(), "middlehand hand hearts schneider");

  Result<std::vector<Migration>> migrations = EmbeddedMigrations();
  ASSERT_TRUE(migrations.ok());
  Migrator migrator(testing_db::DatabaseUrl(), *migrations);
  Result<std::vector<AppliedMigration>> applied = migrator.Applied();
  ASSERT_TRUE(applied.ok());
  int since_0009 = 0;
  for (const AppliedMigration& m : *applied) since_0009 += m.version >= 9 ? 1 : 0;
  ASSERT_TRUE(migrator.Down(since_0009).ok());
  EXPECT_EQ(columns(), "1 0 1 1");  // the positions in Direction, SkatHandling, GameType, ...
  ASSERT_TRUE(migrator.Up().ok());
  EXPECT_EQ(columns(), "middlehand hand hearts schneider");

  Result<std::vector<ResultRecord>> read = store_->ListResults(event_.id, table.id, false);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ(read->front().game.declarer, Direction::kMiddlehand);
  EXPECT_EQ(read->front().game.declaration, HeartsHand(table, 0).game.declaration);
}

TEST_F(TableStoreTest, RamschAndPassedInResultsRoundTrip) {
  set_id_ = MakeSet(4, 3);
  TableRecord table = NewTable({1, 2}, 4, /*physical=*/true);
  ASSERT_TRUE(store_->CreateTable(table).ok());
  ResultRecord ramsch = Ramsch(table, 0);
  ramsch.entered_by = "chair 4";
  ramsch.confirmed_by = "chair 2";  // entered confirmed
  Result<ResultRecord> stored = store_->SubmitResult(ramsch, 0);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  EXPECT_TRUE(stored->counts());

  ResultRecord passed;
  passed.event_id = table.event_id;
  passed.table_id = table.id;
  passed.board_index = 1;
  passed.game.kind = ResultKind::kPassedIn;
  passed.pad = {0, 0, 0, 0};
  passed.summary = "passed in";
  passed.entered_by = "chair 1";
  ASSERT_TRUE(store_->SubmitResult(passed, 0).ok());

  // A declaration or valuation given with a Ramsch is not stored.
  ResultRecord noisy = Ramsch(table, 0);
  noisy.game.declaration.type = GameType::kNull;
  noisy.game.valuation.won = true;
  noisy.game.valuation.value = 23;
  noisy.game.declarer = Direction::kRearhand;

  const std::vector<ResultRecord> results = Results(table.id);
  ASSERT_EQ(results.size(), 2u);
  ExpectSameGame(results[0], ramsch);
  EXPECT_EQ(results[0].board_number, 1);
  ExpectSameGame(results[1], passed);
  EXPECT_EQ(results[1].board_number, 2);

  ASSERT_TRUE(store_->CorrectResult(noisy, "director", "recount").ok());
  const std::vector<ResultRecord> corrected = Results(table.id);
  ASSERT_EQ(corrected.size(), 2u);
  ExpectSameGame(corrected[0], Ramsch(table, 0));

  ResultRecord bad_pad = passed;
  bad_pad.board_index = 0;
  bad_pad.pad = {0, 0};
  EXPECT_EQ(store_->CorrectResult(bad_pad, "director", "x").status().code(),
            ErrorCode::kInvalidArgument);
}

TEST_F(TableStoreTest, ListsTheResultsOfTheWholeEvent) {
  const TableRecord first = MakeTable(/*physical=*/true);
  const TableRecord second = MakeTable(/*physical=*/true);
  ASSERT_TRUE(store_->SubmitResult(HeartsHand(second, 2), 0).ok());
  ASSERT_TRUE(store_->SubmitResult(HeartsHand(first, 1), 0).ok());
  ASSERT_TRUE(store_->SubmitResult(HeartsHand(second, 0), 0).ok());
  ASSERT_TRUE(store_->CorrectResult(HeartsHand(second, 0), "director", "re-entered").ok());

  const std::vector<ResultRecord> results = Results("");
  ASSERT_EQ(results.size(), 3u);
  for (size_t i = 1; i < results.size(); ++i) {
    EXPECT_LT(std::make_pair(results[i - 1].table_id, results[i - 1].board_index),
              std::make_pair(results[i].table_id, results[i].board_index));
  }
  EXPECT_EQ(Results("", /*include_history=*/true).size(), 4u);
  EXPECT_EQ(Results(first.id).size(), 1u);
  EXPECT_EQ(store_->ListResults(NewId("ev-"), "", false).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(store_->ListResults(event_.id, NewId("tb-"), false).status().code(),
            ErrorCode::kNotFound);
}

TEST_F(TableStoreTest, EightTablesAppendConcurrently) {
  constexpr int kTables = 8;
  constexpr int kActs = 25;
  std::vector<TableRecord> tables;
  for (int i = 0; i < kTables; ++i) tables.push_back(MakeTable());
  std::vector<std::thread> threads;
  std::vector<int> appended(kTables, 0);
  for (int i = 0; i < kTables; ++i) {
    threads.emplace_back([&, i] {
      Result<TableLease> lease =
          store_->AcquireTable(event_.id, tables[i].id, "server-" + std::to_string(i), 10000);
      if (!lease.ok()) return;
      for (int j = 0; j < kActs; ++j) {
        const Status status =
            store_->AppendAct(*lease, Act(j / 10, j % 10, 1 + j % 3, 1 + j / 3, "F pass"), nullptr);
        EXPECT_TRUE(status.ok()) << status.ToString();
        if (status.ok()) ++appended[i];
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kTables; ++i) {
    EXPECT_EQ(appended[i], kActs);
    EXPECT_EQ(Acts(tables[i]).size(), static_cast<size_t>(kActs));
  }
}

}  // namespace
}  // namespace skat::store
