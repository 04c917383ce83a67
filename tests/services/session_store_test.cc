// The store's clubs, players, sessions, adjustments and score notifications against a real
// PostgreSQL server (label db; test_database.h makes and drops the throwaway database).
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/store/store.h"
#include "tests/services/random_id.h"
#include "tests/services/test_database.h"

namespace skat::store {
namespace {

using testing_store::NewId;

using ::testing::HasSubstr;

std::string NewHash() {
  thread_local std::mt19937_64 random(std::random_device{}());
  std::string hash;
  for (int i = 0; i < 64; ++i) hash += "0123456789abcdef"[random() % 16];
  return hash;
}

class SessionStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<Store>> store = Store::Connect(testing_db::DatabaseUrl(), 4);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    event_ = EventRecord{.id = NewId("ev-"),
                         .name = "Inter-club match",
                         .profile = "nasl-1909",
                         .director_token_sha256 = std::string(64, 'a'),
                         .board_score = "pad",
                         .comparison = "datum",
                         .tie_breaks = "lot,shared"};
    ASSERT_TRUE(store_->CreateEvent(event_).ok());
    BoardSetRecord set;
    set.event_id = event_.id;
    set.id = NewId("bs-");
    set.set.label = "Session 1";
    set.set.commitment = std::string(64, 'c');
    set.set.beacon_source = "drand round 1";  // no boards needed: tables need only the shape
    set.set.table_size = 3;
    set.secret_seed = std::string(64, '5');
    set.board_count = 12;
    ASSERT_TRUE(store_->CreateBoardSet(set).ok());
    set_id_ = set.id;
  }

  PlayerRecord AddPlayer(const std::string& name, const std::string& club_id) {
    PlayerRecord record;
    record.event_id = event_.id;
    record.id = NewId("pl-");
    record.name = name;
    record.club_id = club_id;
    Result<PlayerRecord> p = store_->CreatePlayer(record);
    EXPECT_TRUE(p.ok()) << p.status().ToString();
    return p.ok() ? *p : PlayerRecord{};
  }

  TableRecord Table(int round, int number, const std::vector<std::string>& players) {
    TableRecord t;
    t.id = NewId("tb-");
    t.label = "round " + std::to_string(round) + ", table " + std::to_string(number);
    t.boards = {1, 2, 3, 4};
    t.chairs = 3;
    t.forehand_chair = 1;
    t.round = round;
    t.table_number = number;
    t.player_ids = players;
    t.player_names = {"", "", ""};
    for (int i = 0; i < 3; ++i) t.seat_token_sha256.push_back(NewHash());
    return t;
  }

  SessionRecord NewSession() {
    SessionRecord s;
    s.event_id = event_.id;
    s.id = NewId("se-");
    s.set_id = set_id_;
    s.movement = "individual";
    return s;
  }

  AdjustmentRecord Penalty(const std::string& player, const std::string& points) {
    AdjustmentRecord a;
    a.event_id = event_.id;
    a.kind = "penalty";
    a.player_id = player;
    a.penalty = points;
    a.reason = "late";
    a.created_by = "director";
    return a;
  }

  ClubRecord Club(const std::string& name) {
    ClubRecord c;
    c.event_id = event_.id;
    c.id = NewId("cl-");
    c.name = name;
    return c;
  }

  std::unique_ptr<Store> store_;
  EventRecord event_;
  std::string set_id_;
};

TEST_F(SessionStoreTest, EventKeepsItsScoringOptions) {
  Result<EventRecord> read = store_->GetEvent(event_.id);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->board_score, "pad");
  EXPECT_EQ(read->comparison, "datum");
  EXPECT_EQ(read->tie_breaks, "lot,shared");
  EventRecord bad = event_;
  bad.id = NewId("ev-");
  bad.comparison = "most-points";  // not a comparison: the schema refuses it
  EXPECT_FALSE(store_->CreateEvent(bad).ok());
}

TEST_F(SessionStoreTest, ClubsAndPlayersKeepTheirOrderAndNames) {
  Result<ClubRecord> a = store_->CreateClub(Club("Milwaukee"));
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  Result<ClubRecord> b = store_->CreateClub(Club("Chicago"));
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(a->position, 0);
  EXPECT_EQ(b->position, 1);
  Result<ClubRecord> again = store_->CreateClub(Club("Chicago"));
  EXPECT_EQ(again.status().code(), ErrorCode::kAlreadyExists);

  // Quotes, SQL fragments and non-Latin text round-trip unchanged.
  const std::vector<std::string> names = {"O'Brien \"Ace\"", "Robert'); DROP TABLE players;--",
                                          "Müller Ωμέγα 张伟"};
  for (const std::string& n : names) AddPlayer(n, a->id);
  AddPlayer("Neutral", "");
  Result<std::vector<PlayerRecord>> players = store_->ListPlayers(event_.id);
  ASSERT_TRUE(players.ok());
  ASSERT_EQ(players->size(), 4u);
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ((*players)[i].name, names[i]);
    EXPECT_EQ((*players)[i].club_id, a->id);
    EXPECT_EQ((*players)[i].position, static_cast<int>(i));
  }
  EXPECT_EQ((*players)[3].club_id, "");
  PlayerRecord orphan;
  orphan.event_id = event_.id;
  orphan.id = NewId("pl-");
  orphan.name = "X";
  orphan.club_id = "cl-aaaaaaaaaa";
  Result<PlayerRecord> unknown_club = store_->CreatePlayer(orphan);
  EXPECT_EQ(unknown_club.status().code(), ErrorCode::kNotFound);
  Result<std::vector<ClubRecord>> clubs = store_->ListClubs(event_.id);
  ASSERT_TRUE(clubs.ok());
  ASSERT_EQ(clubs->size(), 2u);
  EXPECT_EQ((*clubs)[1].name, "Chicago");
}

TEST_F(SessionStoreTest, SessionOpensAllItsTablesOrNone) {
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(AddPlayer("P" + std::to_string(i), "").id);
  SessionRecord session = NewSession();
  session.warnings = "w1\n";
  session.validation = "v";
  session.tables.push_back(Table(1, 1, {ids[0], ids[1], ids[2]}));
  session.tables.push_back(Table(1, 2, {ids[3], ids[4], ids[5]}));
  session.tables.push_back(Table(2, 1, {ids[0], ids[4], ""}));
  Result<SessionRecord> stored = store_->CreateSession(session);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  EXPECT_EQ(stored->number, 1);

  Result<SessionRecord> read = store_->GetSession(event_.id, session.id);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->tables.size(), 3u);
  EXPECT_EQ(read->warnings, "w1\n");
  EXPECT_EQ(read->tables[2].round, 2);
  EXPECT_EQ(read->tables[2].player_ids, (std::vector<std::string>{ids[0], ids[4], ""}));
  EXPECT_EQ(read->tables[0].forehand_chair, 1);
  Result<TableRecord> table = store_->GetTable(event_.id, read->tables[1].id);
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(table->session_id, session.id);
  EXPECT_EQ(table->table_number, 2);
  EXPECT_EQ(table->player_ids[0], ids[3]);

  // A second session is number 2; one with a board outside the set opens nothing.
  SessionRecord bad = NewSession();
  bad.tables.push_back(Table(1, 1, {ids[0], ids[1], ids[2]}));
  bad.tables.push_back(Table(1, 2, {ids[3], ids[4], ids[5]}));
  bad.tables[1].boards = {13};
  Result<SessionRecord> refused = store_->CreateSession(bad);
  EXPECT_EQ(refused.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(), HasSubstr("board 13"));
  Result<std::vector<SessionRecord>> sessions = store_->ListSessions(event_.id);
  ASSERT_TRUE(sessions.ok());
  ASSERT_EQ(sessions->size(), 1u);
  EXPECT_EQ((*sessions)[0].tables.size(), 3u);
  bad.id = NewId("se-");
  bad.tables[1].boards = {5};
  for (TableRecord& t : bad.tables) t.id = NewId("tb-");
  Result<SessionRecord> second = store_->CreateSession(bad);
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ(second->number, 2);
}

TEST_F(SessionStoreTest, AdjustmentsAreKeptWithWhoAndWhy) {
  const std::string player = AddPlayer("P", "").id;
  SessionRecord session = NewSession();
  session.tables.push_back(Table(1, 1, {player, "", ""}));
  ASSERT_TRUE(store_->CreateSession(session).ok());
  AdjustmentRecord artificial;
  artificial.event_id = event_.id;
  artificial.kind = "artificial";
  artificial.board_number = 2;
  artificial.table_id = session.tables[0].id;
  artificial.direction = 1;
  artificial.artificial_percent = 60;
  artificial.reason = "fouled board";
  artificial.created_by = "director";
  Result<AdjustmentRecord> stored = store_->AddAdjustment(artificial);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  EXPECT_GT(stored->id, 0);
  EXPECT_GT(stored->created_unix, 0);
  AdjustmentRecord penalty = Penalty(player, "0.5");
  ASSERT_TRUE(store_->AddAdjustment(penalty).ok());
  AdjustmentRecord no_reason = penalty;
  no_reason.reason = "";
  EXPECT_FALSE(store_->AddAdjustment(no_reason).ok());
  AdjustmentRecord unknown_table = artificial;
  unknown_table.table_id = "tb-aaaaaaaaaa";
  EXPECT_EQ(store_->AddAdjustment(unknown_table).status().code(), ErrorCode::kNotFound);
  Result<std::vector<AdjustmentRecord>> list = store_->ListAdjustments(event_.id);
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].direction, 1);
  EXPECT_EQ((*list)[0].artificial_percent, 60);
  EXPECT_EQ((*list)[1].penalty, "0.5");
  EXPECT_EQ((*list)[1].direction, -1);
  EXPECT_EQ((*list)[1].reason, "late");
}

TEST_F(SessionStoreTest, ListenerHearsEveryCommittedAdjustment) {
  Result<std::unique_ptr<ScoreListener>> listener = ScoreListener::Open(testing_db::DatabaseUrl());
  ASSERT_TRUE(listener.ok()) << listener.status().ToString();
  Result<std::vector<std::string>> none = (*listener)->Await(50);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  const std::string player = AddPlayer("P", "").id;
  ASSERT_TRUE(store_->AddAdjustment(Penalty(player, "1")).ok());
  std::vector<std::string> heard;
  for (int i = 0; i < 20 && heard.empty(); ++i) {
    Result<std::vector<std::string>> got = (*listener)->Await(100);
    ASSERT_TRUE(got.ok());
    heard = *got;
  }
  EXPECT_EQ(heard, std::vector<std::string>{event_.id});
}

}  // namespace
}  // namespace skat::store
