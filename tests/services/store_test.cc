// The PostgreSQL store against a real server (label db): SKAT_TEST_DATABASE_URL names a server
// and an admin database (deploy/test-postgres prints one); each run of this program creates a
// throwaway database skat_test_<pid>_<random> there and drops it at the end
// (docs/development.md "cgimap").
#include "services/store/store.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/store/database_admin.h"
#include "services/store/migrations.h"
#include "tests/services/random_id.h"
#include "tests/services/test_database.h"

namespace skat::store {
namespace {

using testing_store::NewId;

using ::testing::HasSubstr;

// Ids as the service layer makes them: "ev-"/"bs-" + 10 lower-case base32 characters.
std::string Hex64(char c) { return std::string(64, c); }

EventRecord NewEvent(const std::string& name = "Club night") {
  return EventRecord{.id = NewId("ev-"),
                     .name = name,
                     .profile = "nasl-1909",
                     .director_token_sha256 = Hex64('a')};
}

// A set of `count` boards from deal numbers spread over the whole range, the first and last
// included; board 2's skat is swapped to prove the order is kept.
BoardSetRecord NewSet(const std::string& event_id, int count, bool with_beacon = false) {
  BoardSetRecord record;
  record.event_id = event_id;
  record.id = NewId("bs-");
  record.set.label = "Club night, session 1";
  record.set.generator_version = 1;
  record.set.commitment = Hex64('c');
  record.set.table_size = 4;
  record.secret_seed = Hex64('5');
  record.board_count = count;
  if (with_beacon) {
    record.set.beacon_source = "drand round 4242";
  } else {
    record.set.boards = [&] {
      std::vector<SetBoard> boards;
      for (int i = 0; i < count; ++i) {
        const uint64_t number = i == count - 1 ? kDealCount - 1 : kDealCount / count * i;
        boards.push_back(SetBoard{.number = i + 1, .board = UnrankBoard(number)});
      }
      if (count >= 2) std::swap(boards[1].board.skat[0], boards[1].board.skat[1]);
      return boards;
    }();
  }
  return record;
}

std::vector<SetBoard> Boards(int count) { return NewSet("", count).set.boards; }

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<Store>> store = Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    const Status migrated = store_->Migrate();
    ASSERT_TRUE(migrated.ok()) << migrated.ToString();
  }

  EventRecord MakeEvent() {
    Result<EventRecord> event = store_->CreateEvent(NewEvent());
    EXPECT_TRUE(event.ok()) << event.status().ToString();
    return event.ok() ? *event : EventRecord{};
  }

  std::unique_ptr<Store> store_;
};

Result<std::vector<Migration>> SourceMigrations() { return ReadMigrations(SourceMigrationsDir()); }

TEST(MigrationFilesTest, EmbeddedCopiesMatchTheSourceDirectory) {
  Result<std::vector<Migration>> source = SourceMigrations();
  ASSERT_TRUE(source.ok()) << source.status().ToString();
  Result<std::vector<Migration>> embedded = EmbeddedMigrations();
  ASSERT_TRUE(embedded.ok()) << embedded.status().ToString();
  ASSERT_EQ(source->size(), embedded->size());
  ASSERT_FALSE(source->empty());
  for (size_t i = 0; i < source->size(); ++i) {
    EXPECT_EQ((*source)[i].version, (*embedded)[i].version);
    EXPECT_EQ((*source)[i].name, (*embedded)[i].name);
    EXPECT_EQ((*source)[i].up_sql, (*embedded)[i].up_sql);
    EXPECT_EQ((*source)[i].down_sql, (*embedded)[i].down_sql);
  }
  EXPECT_EQ((*source)[0].version, 1);
  EXPECT_EQ((*source)[0].name, "0001_events_and_board_sets");
}

TEST(MigrationFilesTest, RefusesMalformedSets) {
  const auto code = [](std::vector<MigrationFile> files) {
    return ParseMigrations(files).status().code();
  };
  EXPECT_EQ(code({{"1_x.up.sql", ""}, {"1_x.down.sql", ""}}), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code({{"0001_x.up.sql", ""}}), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code({{"0001_x.down.sql", ""}}), ErrorCode::kInvalidArgument);
  EXPECT_EQ(code({{"0001_x.up.sql", ""}, {"0001_x.down.sql", ""}, {"0001_y.up.sql", ""}}),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(code({{"0001_x.sideways.sql", ""}}), ErrorCode::kInvalidArgument);
  Result<std::vector<Migration>> ok = ParseMigrations({{"0002_b.up.sql", "B"},
                                                       {"0001_a.down.sql", "a"},
                                                       {"README.md", ""},
                                                       {"0001_a.up.sql", "A"},
                                                       {"0002_b.down.sql", "b"}});
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  ASSERT_EQ(ok->size(), 2u);
  EXPECT_EQ((*ok)[0].name, "0001_a");
  EXPECT_EQ((*ok)[0].up_sql, "A");
  EXPECT_EQ((*ok)[1].down_sql, "b");
  EXPECT_EQ(ReadMigrations("/nonexistent/migrations").status().code(), ErrorCode::kNotFound);
}

TEST_F(StoreTest, MigrationsApplyAllUpsAllDownsAllUps) {
  Result<std::vector<Migration>> migrations = SourceMigrations();
  ASSERT_TRUE(migrations.ok()) << migrations.status().ToString();
  Migrator migrator(testing_db::DatabaseUrl(), *migrations);
  ASSERT_TRUE(migrator.Up().ok());  // already applied by SetUp: nothing to do
  Result<std::vector<AppliedMigration>> applied = migrator.Applied();
  ASSERT_TRUE(applied.ok()) << applied.status().ToString();
  ASSERT_EQ(applied->size(), migrations->size());
  EXPECT_EQ((*applied)[0].version, 1);
  EXPECT_EQ((*applied)[0].name, "0001_events_and_board_sets");
  EXPECT_GT((*applied)[0].applied_unix, 0);
  ASSERT_TRUE(store_->CreateEvent(NewEvent()).ok());

  const Status down = migrator.DownAll();
  ASSERT_TRUE(down.ok()) << down.ToString();
  applied = migrator.Applied();
  ASSERT_TRUE(applied.ok());
  EXPECT_TRUE(applied->empty());
  EXPECT_EQ(store_->ListEvents("", kMaxPageRows).status().code(),
            ErrorCode::kInternal);  // no table events

  const Status up = migrator.Up();
  ASSERT_TRUE(up.ok()) << up.ToString();
  applied = migrator.Applied();
  ASSERT_TRUE(applied.ok());
  ASSERT_EQ(applied->size(), migrations->size());
  EXPECT_EQ((*applied)[0].name, "0001_events_and_board_sets");
  Result<std::vector<EventRecord>> events = store_->ListEvents("", kMaxPageRows);
  ASSERT_TRUE(events.ok()) << events.status().ToString();
  EXPECT_TRUE(events->empty());
}

TEST_F(StoreTest, FailedMigrationNamesItsFileAndLeavesNothingBehind) {
  Result<std::vector<Migration>> migrations = SourceMigrations();
  ASSERT_TRUE(migrations.ok());
  std::vector<Migration> broken = *migrations;
  broken.push_back(
      Migration{.version = 9001,
                .name = "9001_broken",
                .up_sql = "CREATE TABLE half_done (x int); SELECT nonsense FROM nowhere;",
                .down_sql = "DROP TABLE half_done;"});
  const Status status = Migrator(testing_db::DatabaseUrl(), broken).Up();
  EXPECT_EQ(status.code(), ErrorCode::kInternal);
  EXPECT_THAT(status.message(), HasSubstr("9001_broken.up.sql"));
  Result<std::vector<AppliedMigration>> applied =
      Migrator(testing_db::DatabaseUrl(), broken).Applied();
  ASSERT_TRUE(applied.ok());
  EXPECT_EQ(applied->size(), migrations->size());
}

TEST_F(StoreTest, RefusesADatabaseWithAnUnknownMigration) {
  Result<std::vector<Migration>> migrations = SourceMigrations();
  ASSERT_TRUE(migrations.ok());
  std::vector<Migration> newer = *migrations;
  newer.push_back(Migration{.version = 9002,
                            .name = "9002_newer",
                            .up_sql = "CREATE TABLE newer (x int);",
                            .down_sql = "DROP TABLE newer;"});
  ASSERT_TRUE(Migrator(testing_db::DatabaseUrl(), newer).Up().ok());
  EXPECT_EQ(Migrator(testing_db::DatabaseUrl(), *migrations).Up().code(), ErrorCode::kInternal);
  EXPECT_EQ(store_->Migrate().code(), ErrorCode::kInternal);
  ASSERT_TRUE(Migrator(testing_db::DatabaseUrl(), newer).Down(1).ok());
  EXPECT_TRUE(store_->Migrate().ok());
}

TEST_F(StoreTest, CreatesGetsAndListsEvents) {
  const EventRecord first = NewEvent("Spring cup");
  const EventRecord second = NewEvent("Summer cup");
  Result<EventRecord> created = store_->CreateEvent(first);
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  EXPECT_GT(created->created_unix, 0);
  ASSERT_TRUE(store_->CreateEvent(second).ok());

  Result<EventRecord> got = store_->GetEvent(first.id);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(got->id, first.id);
  EXPECT_EQ(got->name, "Spring cup");
  EXPECT_EQ(got->profile, "nasl-1909");
  EXPECT_EQ(got->director_token_sha256, Hex64('a'));
  EXPECT_EQ(got->created_unix, created->created_unix);

  Result<std::vector<EventRecord>> events = store_->ListEvents("", kMaxPageRows);
  ASSERT_TRUE(events.ok());
  std::vector<std::string> ids;
  for (const EventRecord& e : *events) ids.push_back(e.id);
  EXPECT_THAT(ids, ::testing::IsSupersetOf({first.id, second.id}));
}

// Keyset pages: every event once, in creation order, never more rows than the limit.
TEST_F(StoreTest, ListsEventsAPageAtATime) {
  std::vector<std::string> made;
  for (int i = 0; i < 25; ++i) {
    Result<EventRecord> created = store_->CreateEvent(NewEvent("Cup " + std::to_string(i)));
    ASSERT_TRUE(created.ok()) << created.status().ToString();
    made.push_back(created->id);
  }
  std::vector<std::string> listed;
  std::string after;
  for (;;) {
    Result<std::vector<EventRecord>> page = store_->ListEvents(after, 7);
    ASSERT_TRUE(page.ok()) << page.status().ToString();
    ASSERT_LE(page->size(), 7u);
    if (page->empty()) break;
    for (const EventRecord& e : *page) listed.push_back(e.id);
    after = page->back().id;
  }
  // The database is this program's: other tests' events come first or in between.
  std::vector<std::string> ours;
  for (const std::string& id : listed) {
    if (std::find(made.begin(), made.end(), id) != made.end()) ours.push_back(id);
  }
  EXPECT_EQ(ours, made);
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), listed.size());
  EXPECT_TRUE(store_->ListEvents("ev-zzzzzzzzzz", 7)->empty());  // after no event: the end
  EXPECT_EQ(store_->ListEvents("", 0).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(store_->ListEvents("", kMaxPageRows + 1).status().code(), ErrorCode::kInvalidArgument);
}

TEST_F(StoreTest, EventErrors) {
  const EventRecord event = MakeEvent();
  EXPECT_EQ(store_->CreateEvent(event).status().code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(store_->GetEvent("ev-zzzzzzzzzz").status().code(), ErrorCode::kNotFound);
  EventRecord bad = NewEvent();
  bad.director_token_sha256 = "not hex";
  EXPECT_EQ(store_->CreateEvent(bad).status().code(), ErrorCode::kInvalidArgument);
  EventRecord unnamed = NewEvent("");
  EXPECT_EQ(store_->CreateEvent(unnamed).status().code(), ErrorCode::kInvalidArgument);
}

TEST_F(StoreTest, BoardSetRoundTripsWithBoardsHandsSkatOrderAndDealNumbers) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 5);
  Result<BoardSetRecord> created = store_->CreateBoardSet(set);
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  EXPECT_EQ(created->version, 1);
  EXPECT_GT(created->created_unix, 0);

  Result<BoardSetRecord> got = store_->GetBoardSet(event.id, set.id);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(got->set, set.set);  // boards, hands, skat order, label, commitment, ...
  EXPECT_EQ(got->set.boards[0].board, UnrankBoard(0));
  EXPECT_EQ(DealNumber(got->set.boards[4].board), kDealCount - 1);
  EXPECT_NE(got->set.boards[1].board, UnrankBoard(kDealCount / 5));  // skat swapped
  EXPECT_EQ(got->set.boards[1].board.skat[0], UnrankBoard(kDealCount / 5).skat[1]);
  EXPECT_FALSE(got->set.seed.has_value());
  EXPECT_EQ(got->secret_seed, set.secret_seed);
  EXPECT_FALSE(got->revealed);
  EXPECT_EQ(got->board_count, 5);
  EXPECT_EQ(got->version, 1);
  EXPECT_EQ(got->created_unix, created->created_unix);
  EXPECT_EQ(got->event_id, event.id);
  EXPECT_EQ(got->id, set.id);
}

// A read brings only the boards asked for: none, one, or all (BoardRange).
TEST_F(StoreTest, GetBoardSetBringsTheBoardsAskedFor) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 5);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  Result<BoardSetRecord> none = store_->GetBoardSet(event.id, set.id, BoardRange::None());
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->set.boards.empty());
  EXPECT_EQ(none->board_count, 5);
  Result<BoardSetRecord> one = store_->GetBoardSet(event.id, set.id, BoardRange::One(2));
  ASSERT_TRUE(one.ok());
  ASSERT_EQ(one->set.boards.size(), 1u);
  EXPECT_EQ(one->set.boards[0], set.set.boards[1]);
  Result<BoardSetRecord> beyond = store_->GetBoardSet(event.id, set.id, BoardRange::One(6));
  ASSERT_TRUE(beyond.ok());
  EXPECT_TRUE(beyond->set.boards.empty());
}

TEST_F(StoreTest, ListBoardSetsIsMetadataOnly) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord a = NewSet(event.id, 3);
  const BoardSetRecord b = NewSet(event.id, 2, /*with_beacon=*/true);
  ASSERT_TRUE(store_->CreateBoardSet(a).ok());
  ASSERT_TRUE(store_->CreateBoardSet(b).ok());
  ASSERT_TRUE(store_->CreateBoardSet(NewSet(MakeEvent().id, 1)).ok());  // another event's

  Result<std::vector<BoardSetRecord>> sets = store_->ListBoardSets(event.id, "", kMaxPageRows);
  ASSERT_TRUE(sets.ok()) << sets.status().ToString();
  ASSERT_EQ(sets->size(), 2u);
  for (const BoardSetRecord& listed : *sets) {
    EXPECT_TRUE(listed.set.boards.empty());
    const BoardSetRecord& original = listed.id == a.id ? a : b;
    EXPECT_EQ(listed.id, original.id);
    EXPECT_EQ(listed.set.label, original.set.label);
    EXPECT_EQ(listed.set.commitment, original.set.commitment);
    EXPECT_EQ(listed.set.beacon_source, original.set.beacon_source);
    EXPECT_EQ(listed.set.table_size, 4);
    EXPECT_EQ(listed.board_count, original.board_count);
  }
  Result<std::vector<BoardSetRecord>> none =
      store_->ListBoardSets(MakeEvent().id, "", kMaxPageRows);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
}

TEST_F(StoreTest, RevealsOnceThenAlreadyExists) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 2);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  const Result<BoardSetRecord> revealed = store_->Reveal(event.id, set.id, 1, "");
  ASSERT_TRUE(revealed.ok()) << revealed.status().ToString();
  EXPECT_TRUE(revealed->revealed);
  EXPECT_EQ(revealed->version, 2);
  EXPECT_GT(revealed->revealed_unix, 0);
  EXPECT_FALSE(revealed->reveal_forced);
  Result<BoardSetRecord> got = store_->GetBoardSet(event.id, set.id);
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(got->revealed);
  EXPECT_EQ(got->set.seed, set.secret_seed);
  EXPECT_EQ(got->version, 2);
  EXPECT_EQ(store_->Reveal(event.id, set.id, 2, "").status().code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(store_->Reveal(event.id, set.id, 1, "").status().code(), ErrorCode::kAlreadyExists);
}

TEST_F(StoreTest, BeaconIsEnteredOnceWithItsBoards) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 3, /*with_beacon=*/true);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  EXPECT_EQ(store_->Reveal(event.id, set.id, 1, "").status().code(),
            ErrorCode::kNotAllowed);  // no boards

  // Wrong board counts write nothing.
  EXPECT_EQ(store_->SetBeacon(event.id, set.id, "beacon-1", Boards(2), 1).code(),
            ErrorCode::kInvalidArgument);
  const Status entered = store_->SetBeacon(event.id, set.id, "beacon-1", Boards(3), 1);
  ASSERT_TRUE(entered.ok()) << entered.ToString();
  Result<BoardSetRecord> got = store_->GetBoardSet(event.id, set.id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->set.beacon_value, "beacon-1");
  EXPECT_EQ(got->set.boards, Boards(3));
  EXPECT_EQ(got->version, 2);

  EXPECT_EQ(store_->SetBeacon(event.id, set.id, "beacon-2", Boards(3), 2).code(),
            ErrorCode::kNotAllowed);
  got = store_->GetBoardSet(event.id, set.id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->set.beacon_value, "beacon-1");
  EXPECT_TRUE(store_->Reveal(event.id, set.id, 2, "").ok());
}

TEST_F(StoreTest, SetWithoutBeaconRefusesBeaconValue) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 2);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  EXPECT_EQ(store_->SetBeacon(event.id, set.id, "beacon", Boards(2), 1).code(),
            ErrorCode::kNotAllowed);
}

TEST_F(StoreTest, VersionConflictIsAborted) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord beacon_set = NewSet(event.id, 2, /*with_beacon=*/true);
  ASSERT_TRUE(store_->CreateBoardSet(beacon_set).ok());
  EXPECT_EQ(store_->SetBeacon(event.id, beacon_set.id, "beacon", Boards(2), 7).code(),
            ErrorCode::kAborted);
  const BoardSetRecord set = NewSet(event.id, 2);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  EXPECT_EQ(store_->Reveal(event.id, set.id, 0, "").status().code(), ErrorCode::kAborted);
  Result<BoardSetRecord> got = store_->GetBoardSet(event.id, set.id);
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->revealed);
  EXPECT_EQ(got->version, 1);
}

TEST_F(StoreTest, ConcurrentRevealsLetExactlyOneWin) {
  const EventRecord event = MakeEvent();
  const BoardSetRecord set = NewSet(event.id, 2);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  std::atomic<int> wins = 0;
  std::atomic<int> losses = 0;
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      const Status s = store_->Reveal(event.id, set.id, 1, "").status();
      if (s.ok()) {
        ++wins;
      } else if (s.code() == ErrorCode::kAlreadyExists || s.code() == ErrorCode::kAborted) {
        ++losses;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wins, 1);
  EXPECT_EQ(losses, 7);
}

TEST_F(StoreTest, PoolServesManyThreads) {
  std::vector<std::thread> threads;
  std::atomic<int> created = 0;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 10; ++j) {
        const Result<EventRecord> event = store_->CreateEvent(NewEvent());
        EXPECT_TRUE(event.ok()) << event.status().ToString();
        if (event.ok()) ++created;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(created, 80);
}

TEST_F(StoreTest, UnknownIdsAreNotFound) {
  const EventRecord event = MakeEvent();
  const std::string missing_event = "ev-zzzzzzzzzz";
  const std::string missing_set = "bs-zzzzzzzzzz";
  EXPECT_EQ(store_->CreateBoardSet(NewSet(missing_event, 1)).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(store_->GetBoardSet(event.id, missing_set).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(store_->GetBoardSet(missing_event, missing_set).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(store_->ListBoardSets(missing_event, "", kMaxPageRows).status().code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(store_->SetBeacon(event.id, missing_set, "beacon", Boards(1), 1).code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(store_->Reveal(event.id, missing_set, 1, "").status().code(), ErrorCode::kNotFound);
}

TEST_F(StoreTest, RefusesMalformedBoardSets) {
  const EventRecord event = MakeEvent();
  BoardSetRecord too_few = NewSet(event.id, 3);
  too_few.set.boards.pop_back();
  EXPECT_EQ(store_->CreateBoardSet(too_few).status().code(), ErrorCode::kInvalidArgument);
  BoardSetRecord repeated = NewSet(event.id, 2);
  repeated.set.boards[1].number = 1;
  EXPECT_EQ(store_->CreateBoardSet(repeated).status().code(), ErrorCode::kInvalidArgument);
  BoardSetRecord broken = NewSet(event.id, 1);
  broken.set.boards[0].board.skat[1] = broken.set.boards[0].board.skat[0];
  EXPECT_EQ(store_->CreateBoardSet(broken).status().code(), ErrorCode::kInvalidArgument);
  BoardSetRecord bad_seed = NewSet(event.id, 1);
  bad_seed.secret_seed = "short";
  EXPECT_EQ(store_->CreateBoardSet(bad_seed).status().code(), ErrorCode::kInvalidArgument);
  const BoardSetRecord set = NewSet(event.id, 1);
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  EXPECT_EQ(store_->CreateBoardSet(set).status().code(), ErrorCode::kAlreadyExists);
  Result<std::vector<BoardSetRecord>> sets = store_->ListBoardSets(event.id, "", kMaxPageRows);
  ASSERT_TRUE(sets.ok());
  EXPECT_EQ(sets->size(), 1u);  // nothing half-written
}

TEST(StoreConnectTest, NoServerIsUnavailable) {
  const std::string nowhere = "postgresql:///skat?host=/tmp/skat-no-server-here&port=1&user=skat";
  Result<std::unique_ptr<Store>> store = Store::Connect(nowhere);
  EXPECT_EQ(store.status().code(), ErrorCode::kUnavailable);
  Result<std::vector<Migration>> migrations = EmbeddedMigrations();
  ASSERT_TRUE(migrations.ok());
  EXPECT_EQ(Migrator(nowhere, *migrations).Up().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(CreateDatabase(nowhere, "skat_x").code(), ErrorCode::kUnavailable);
}

// A test process's database is a copy of the migrated template (tests/services/test_database.h);
// CreateDatabase names a template that is missing or badly named.
TEST_F(StoreTest, ADatabaseMadeFromTheTemplateIsMigrated) {
  const std::string server = std::getenv("SKAT_TEST_DATABASE_URL");
  const std::string name = "skat_copy_" + std::to_string(getpid());
  ASSERT_TRUE(testing_db::CreateMigratedDatabase(server, name).ok());
  Result<std::vector<Migration>> migrations = EmbeddedMigrations();
  ASSERT_TRUE(migrations.ok());
  Result<std::vector<AppliedMigration>> applied =
      Migrator(UrlWithDatabase(server, name), *migrations).Applied();
  ASSERT_TRUE(applied.ok()) << applied.status().ToString();
  EXPECT_EQ(applied->size(), migrations->size());
  ASSERT_TRUE(DropDatabase(server, name).ok());

  EXPECT_EQ(CreateDatabase(server, name, "skat_no_such_template").code(), ErrorCode::kNotFound);
  EXPECT_EQ(CreateDatabase(server, name, "Not-A-Name").code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(DropDatabase(server, name).code(), ErrorCode::kOk);  // nothing was made
}

TEST(UrlTest, ReplacesTheDatabase) {
  EXPECT_EQ(UrlWithDatabase("postgresql:///postgres?host=/tmp/a&port=5&user=skat", "t1"),
            "postgresql:///t1?host=/tmp/a&port=5&user=skat");
  EXPECT_EQ(UrlWithDatabase("postgresql://u@h:5432/postgres", "t1"), "postgresql://u@h:5432/t1");
  EXPECT_EQ(UrlWithDatabase("postgresql://h:5432", "t1"), "postgresql://h:5432/t1");
  EXPECT_EQ(UrlWithDatabase("postgresql://h?sslmode=require", "t1"),
            "postgresql://h/t1?sslmode=require");
}

}  // namespace
}  // namespace skat::store
