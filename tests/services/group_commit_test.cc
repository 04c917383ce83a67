// Group commit (services/table/group_commit.h; docs/reliability.md "Group commit") against a real
// PostgreSQL server (label db): acts of many tables stored in one transaction, each fenced by its
// own lease; a batch refused as a whole stored act by act with today's answers; act text through
// the arrays unchanged; Stop failing what is queued. The writers start only after the acts are
// queued, so that the batches are known.
#include "services/table/group_commit.h"

#include <chrono>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/store/store.h"
#include "tests/services/random_id.h"
#include "tests/services/test_database.h"

namespace skat::service::group_commit_test {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing_store::NewId;

store::LoggedActRecord Act(int act_index, int chair, int64_t sequence, const std::string& line) {
  return store::LoggedActRecord{
      .board_index = 0, .act_index = act_index, .chair = chair, .sequence = sequence, .act = line};
}

class GroupCommitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store =
        store::Store::Connect(testing_db::DatabaseUrl(), 4);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    event_ = NewId("ev-");
    ASSERT_TRUE(store_
                    ->CreateEvent(store::EventRecord{.id = event_,
                                                     .name = "Group commit",
                                                     .profile = "nasl-1909",
                                                     .director_token_sha256 = std::string(64, 'a')})
                    .ok());
    store::BoardSetRecord set;
    set.event_id = event_;
    set.id = NewId("bs-");
    set.set.label = "Session 1";
    set.set.generator_version = 1;
    set.set.commitment = std::string(64, 'c');
    set.set.beacon_source = "drand round 1";
    set.set.table_size = 3;
    set.secret_seed = std::string(64, '5');
    set.board_count = 2;
    ASSERT_TRUE(store_->CreateBoardSet(set).ok());
    set_ = set.id;
  }

  // A new table of one board, its lease held by "server-a".
  store::TableLease NewTable() {
    store::TableRecord table;
    table.event_id = event_;
    table.id = NewId("tb-");
    table.label = "Table";
    table.set_id = set_;
    table.boards = {1};
    table.chairs = 3;
    for (int chair = 1; chair <= 3; ++chair) {
      std::string hash;
      for (int i = 0; i < 64; ++i) hash += "0123456789abcdef"[random_() % 16];
      table.seat_token_sha256.push_back(hash);
    }
    EXPECT_TRUE(store_->CreateTable(table).ok());
    Result<store::TableLease> lease = store_->AcquireTable(event_, table.id, "server-a", 10000);
    EXPECT_TRUE(lease.ok()) << lease.status().ToString();
    return lease.ok() ? *lease : store::TableLease{};
  }

  std::vector<store::LoggedActRecord> Acts(const store::TableLease& lease) {
    Result<std::vector<store::LoggedActRecord>> acts = store_->ListActs(event_, lease.table_id);
    EXPECT_TRUE(acts.ok()) << acts.status().ToString();
    return acts.ok() ? *acts : std::vector<store::LoggedActRecord>{};
  }

  // Commits acts[i] with leases[i] from a thread each on a committer whose writers start once
  // all are queued; the statuses in order, and the store's transactions meanwhile in *begun.
  std::vector<Status> CommitTogether(const std::vector<store::TableLease>& leases,
                                     const std::vector<store::LoggedActRecord>& acts,
                                     const std::vector<const store::ResultRecord*>& results,
                                     uint64_t* begun, int writers = 1) {
    GroupCommitter committer(*store_, GroupCommitOptions{.writers = writers});
    std::vector<Status> statuses(leases.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < leases.size(); ++i) {
      threads.emplace_back([&, i] {
        statuses[i] = committer.Commit(leases[i], acts[i], results.empty() ? nullptr : results[i]);
      });
    }
    while (committer.queued() < leases.size()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const uint64_t before = store_->TransactionsBegun();
    committer.Start();
    for (std::thread& t : threads) t.join();
    *begun = store_->TransactionsBegun() - before;
    return statuses;
  }

  std::mt19937_64 random_{std::random_device{}()};
  std::unique_ptr<store::Store> store_;
  std::string event_;
  std::string set_;
};

TEST_F(GroupCommitTest, ActsOfManyTablesShareTransactions) {
  constexpr int kTables = 64;
  std::vector<store::TableLease> leases;
  std::vector<store::LoggedActRecord> acts;
  for (int i = 0; i < kTables; ++i) {
    leases.push_back(NewTable());
    acts.push_back(Act(0, 1, 1, "F pass"));
  }
  // The first table's act finishes its game: the result is stored in the batch too.
  store::ResultRecord passed;
  passed.game.kind = ResultKind::kPassedIn;
  passed.pad = {0, 0, 0};
  passed.summary = "passed in";
  std::vector<const store::ResultRecord*> results(kTables, nullptr);
  results[0] = &passed;
  uint64_t begun = 0;
  const std::vector<Status> statuses = CommitTogether(leases, acts, results, &begun, 2);
  for (const Status& s : statuses) EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_LT(begun, static_cast<uint64_t>(kTables));
  EXPECT_LE(begun, 2u);  // one writer takes every queued act
  for (const store::TableLease& lease : leases) EXPECT_EQ(Acts(lease).size(), 1u);
  Result<std::vector<store::ResultRecord>> stored =
      store_->ListResults(event_, leases[0].table_id, false);
  ASSERT_TRUE(stored.ok());
  ASSERT_EQ(stored->size(), 1u);
  EXPECT_EQ((*stored)[0].confirmed_by, "engine");
  EXPECT_TRUE(store_->ListResults(event_, leases[1].table_id, false)->empty());
}

TEST_F(GroupCommitTest, LostLeaseFailsItsActAlone) {
  std::vector<store::TableLease> leases = {NewTable(), NewTable(), NewTable()};
  // The middle table is taken again (a restart): the lease the batch carries is lost.
  ASSERT_TRUE(store_->AcquireTable(event_, leases[1].table_id, "server-a", 10000).ok());
  const std::vector<store::LoggedActRecord> acts(3, Act(0, 1, 1, "F pass"));
  uint64_t begun = 0;
  const std::vector<Status> statuses = CommitTogether(leases, acts, {}, &begun);
  EXPECT_TRUE(statuses[0].ok()) << statuses[0].ToString();
  EXPECT_EQ(statuses[1].code(), ErrorCode::kAborted);
  EXPECT_THAT(statuses[1].message(),
              AllOf(HasSubstr(leases[1].table_id), HasSubstr("lease version 1")));
  EXPECT_TRUE(statuses[2].ok()) << statuses[2].ToString();
  EXPECT_EQ(begun, 1u);
  EXPECT_EQ(Acts(leases[0]).size(), 1u);
  EXPECT_EQ(Acts(leases[1]).size(), 0u);
  EXPECT_EQ(Acts(leases[2]).size(), 1u);
}

TEST_F(GroupCommitTest, RefusedBatchFallsBackToActByAct) {
  std::vector<store::TableLease> leases = {NewTable(), NewTable()};
  ASSERT_TRUE(store_->AppendAct(leases[0], Act(0, 1, 1, "F pass"), nullptr).ok());
  // Act index 0 of the first table is taken: the batch is refused, then each act goes alone.
  const std::vector<store::LoggedActRecord> acts = {Act(0, 2, 1, "M pass"), Act(0, 1, 1, "F pass")};
  uint64_t begun = 0;
  const std::vector<Status> statuses = CommitTogether(leases, acts, {}, &begun);
  EXPECT_EQ(statuses[0].code(), ErrorCode::kAlreadyExists);
  EXPECT_THAT(statuses[0].message(), HasSubstr("act 0 of board index 0 is stored already"));
  EXPECT_TRUE(statuses[1].ok()) << statuses[1].ToString();
  EXPECT_EQ(begun, 3u);  // the refused batch, then one act at a time
  ASSERT_EQ(Acts(leases[0]).size(), 1u);
  EXPECT_EQ(Acts(leases[0])[0].act, "F pass");
  EXPECT_EQ(Acts(leases[1]).size(), 1u);
}

TEST_F(GroupCommitTest, ActTextSurvivesTheArrays) {
  std::vector<store::TableLease> leases = {NewTable(), NewTable(), NewTable()};
  const std::vector<std::string> lines = {R"(F say '"{a,b}"')", R"(M \"x\" , {} NULL)",
                                          "R \xc3\xbc\\\\ \"\"}{"};
  std::vector<store::LoggedActRecord> acts;
  for (const std::string& line : lines) acts.push_back(Act(0, 1, 1, line));
  acts[1].made_by = "bot";  // a bot's act has no sequence number
  acts[1].sequence = 0;
  uint64_t begun = 0;
  const std::vector<Status> statuses = CommitTogether(leases, acts, {}, &begun);
  for (size_t i = 0; i < leases.size(); ++i) {
    ASSERT_TRUE(statuses[i].ok()) << statuses[i].ToString();
    const std::vector<store::LoggedActRecord> stored = Acts(leases[i]);
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].act, lines[i]);
    EXPECT_EQ(stored[0].made_by, acts[i].made_by);
    EXPECT_EQ(stored[0].sequence, acts[i].sequence);
  }
  EXPECT_EQ(begun, 1u);
}

// CommitAsync returns at once; each `done` runs exactly once, on a writer thread, when the act
// is already visible in the store (after the COMMIT).
TEST_F(GroupCommitTest, CommitAsyncAnswersOnTheWriterAfterTheCommit) {
  const std::vector<store::TableLease> leases = {NewTable(), NewTable(), NewTable()};
  GroupCommitter committer(*store_, GroupCommitOptions{});
  std::mutex mutex;
  std::vector<int> calls(leases.size(), 0);
  std::vector<size_t> stored_when_done(leases.size(), 0);
  std::vector<std::thread::id> threads(leases.size());
  for (size_t i = 0; i < leases.size(); ++i) {
    committer.CommitAsync(leases[i], Act(0, 1, 1, "F pass"), nullptr, [&, i](const Status& s) {
      EXPECT_TRUE(s.ok()) << s.ToString();
      const size_t stored = Acts(leases[i]).size();
      std::lock_guard lock(mutex);
      ++calls[i];
      stored_when_done[i] = stored;
      threads[i] = std::this_thread::get_id();
    });
  }
  EXPECT_EQ(committer.queued(), leases.size());  // nothing ran: the writers have not started
  committer.Start();
  while (committer.counts().acts < leases.size()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  committer.Stop();  // joins the writers: every `done` has returned
  for (size_t i = 0; i < leases.size(); ++i) {
    EXPECT_EQ(calls[i], 1);
    EXPECT_EQ(stored_when_done[i], 1u);
    EXPECT_NE(threads[i], std::this_thread::get_id());
  }
  EXPECT_EQ(committer.counts().transactions, 1u);
}

TEST_F(GroupCommitTest, StopFailsQueuedActs) {
  const std::vector<store::TableLease> leases = {NewTable(), NewTable()};
  GroupCommitter committer(*store_, GroupCommitOptions{});
  std::vector<Status> statuses(leases.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < leases.size(); ++i) {
    threads.emplace_back(
        [&, i] { statuses[i] = committer.Commit(leases[i], Act(0, 1, 1, "F pass"), nullptr); });
  }
  while (committer.queued() < leases.size()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  committer.Stop();
  for (std::thread& t : threads) t.join();
  for (const Status& s : statuses) {
    EXPECT_EQ(s.code(), ErrorCode::kUnavailable);
    EXPECT_THAT(s.message(), HasSubstr("stopping; retry"));
  }
  EXPECT_EQ(committer.Commit(leases[0], Act(0, 1, 1, "F pass"), nullptr).code(),
            ErrorCode::kUnavailable);
  for (const store::TableLease& lease : leases) EXPECT_TRUE(Acts(lease).empty());
  EXPECT_EQ(committer.counts().acts, 0u);
}

}  // namespace skat::service::group_commit_test
