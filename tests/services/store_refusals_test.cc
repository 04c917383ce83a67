// The store's refusals reach callers as a code and a sentence of the domain, never as
// PostgreSQL's text (store.h "Errors"; services/store/pg_error.h, constraints.h): duplicate
// names through the gRPC services, a second result of a physical board, taken ids and tokens
// and a malformed token in the store, violations no sentence lists, and a check that every
// constraint of the migrated schema has its sentence. Label db (tests/services/test_database.h).
#include <gtest/gtest.h>

#include <pqxx/pqxx>  // to read the schema's constraints and to make server errors
#include <set>
#include <string>
#include <vector>

#include "services/store/constraints.h"
#include "services/store/pg_error.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

// Fails when `message` carries the database's words rather than the domain's.
void ExpectDomainSentence(const std::string& message) {
  EXPECT_FALSE(message.empty());
  for (const char* server_word :
       {"ERROR:", "DETAIL", "constraint", "violates", "duplicate key", "pqxx", "Key ("}) {
    EXPECT_EQ(message.find(server_word), std::string::npos) << server_word << " in: " << message;
  }
}

class StoreRefusalsTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    CreateEventAndSet(3);
    event_id_ = event_.substr(event_.find('/') + 1);
  }

  grpc::Status AddClub(const std::string& name, v1::Club* club = nullptr) {
    v1::AddClubRequest r;
    r.set_parent(event_);
    r.set_display_name(name);
    v1::Club made;
    return event_stub_->AddClub(Context(director_).get(), r, club ? club : &made);
  }

  grpc::Status AddPlayer(const std::string& name, const std::string& club = "",
                         const std::string& event = "", const std::string& token = "") {
    v1::AddPlayerRequest r;
    r.set_parent(event.empty() ? event_ : event);
    r.set_display_name(name);
    r.set_club(club);
    v1::Player made;
    return event_stub_->AddPlayer(Context(token.empty() ? director_ : token).get(), r, &made);
  }

  // The refusal of a duplicate: ALREADY_EXISTS, `sentence` exactly.
  static void ExpectAlreadyExists(const grpc::Status& s, const std::string& sentence) {
    EXPECT_EQ(s.error_code(), StatusCode::ALREADY_EXISTS) << s.error_message();
    EXPECT_EQ(s.error_message(), sentence);
    ExpectDomainSentence(s.error_message());
  }

  std::string event_id_;
};

TEST_F(StoreRefusalsTest, DuplicateNamesAreRefusedInTheDomain) {
  v1::Club club;
  ASSERT_TRUE(AddClub("Milwaukee", &club).ok());
  ExpectAlreadyExists(AddClub("Milwaukee"),
                      "a club named 'Milwaukee' is already in event " + event_id_);

  ASSERT_TRUE(AddPlayer("Anna").ok());
  const std::string anna = "a player named 'Anna' is already in event " + event_id_;
  ExpectAlreadyExists(AddPlayer("Anna"), anna);
  ExpectAlreadyExists(AddPlayer("Anna", club.name()), anna);  // in a club or not, one event

  // A name that reads like SQL or like a constraint's name is quoted as given.
  for (const std::string name : {"O'Brien'); DROP TABLE players;--", "players_event_id_name_key"}) {
    ASSERT_TRUE(AddPlayer(name).ok()) << name;
    ExpectAlreadyExists(AddPlayer(name),
                        "a player named '" + name + "' is already in event " + event_id_);
  }

  // Names are unique within an event: another event takes "Anna" and "Milwaukee".
  v1::CreateEventRequest other;
  other.set_display_name("Another event");
  v1::CreateEventResponse created;
  ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), other, &created).ok());
  EXPECT_TRUE(AddPlayer("Anna", "", created.event().name(), created.director_token()).ok());

  v1::ListPlayersRequest list;
  list.set_parent(event_);
  v1::ListPlayersResponse listed;
  ASSERT_TRUE(event_stub_->ListPlayers(Context("").get(), list, &listed).ok());
  EXPECT_EQ(listed.clubs_size(), 1);
  EXPECT_EQ(listed.players_size(), 3);
}

TEST_F(StoreRefusalsTest, SecondResultOfAPhysicalBoardIsRefusedInTheDomain) {
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1, 2}, &opened, v1::TABLE_MODE_PHYSICAL).ok());
  v1::SubmitResultRequest r;
  r.set_table(opened.table().name());
  r.set_board_number(2);
  v1::PhysicalReport* ramsch = r.mutable_report();
  ramsch->set_kind(v1::GameResult::KIND_RAMSCH);
  for (int p : {50, 40, 30}) ramsch->add_card_points(p);
  for (int t : {4, 3, 3}) ramsch->add_tricks(t);
  ramsch->set_last_trick(v1::DIRECTION_FOREHAND);
  v1::ResultEntry entry;
  const grpc::Status first = table_stub_->SubmitResult(Context(director_).get(), r, &entry);
  ASSERT_TRUE(first.ok()) << first.error_message();
  const grpc::Status again = table_stub_->SubmitResult(Context(director_).get(), r, &entry);
  EXPECT_EQ(again.error_code(), StatusCode::ALREADY_EXISTS) << again.error_message();
  EXPECT_NE(again.error_message().find("board 2"), std::string::npos) << again.error_message();
  ExpectDomainSentence(again.error_message());
}

// Refusals no RPC can provoke (the services make ids and tokens at random and check every value
// first), made through the store itself.
TEST_F(StoreRefusalsTest, TakenIdsAndTokensAreRefusedInTheDomain) {
  store::EventRecord event{.id = "ev-refusals01",
                           .name = "Refusals",
                           .profile = "nasl-1909",
                           .director_token_sha256 = std::string(64, 'a')};
  ASSERT_TRUE(store_->CreateEvent(event).ok());
  const Status event_again = store_->CreateEvent(event).status();
  EXPECT_EQ(event_again.code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(event_again.message(), "event ev-refusals01 exists already");

  store::BoardSetRecord set;
  set.event_id = event.id;
  set.id = "bs-refusals01";
  set.set.generator_version = 1;
  set.set.commitment = std::string(64, 'c');
  set.set.beacon_source = "drand round 1";
  set.set.table_size = 3;
  set.secret_seed = std::string(64, '5');
  set.board_count = 2;
  ASSERT_TRUE(store_->CreateBoardSet(set).ok());
  const Status set_again = store_->CreateBoardSet(set).status();
  EXPECT_EQ(set_again.code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(set_again.message(),
            "board set events/ev-refusals01/boardSets/bs-refusals01 exists already");

  store::TableRecord table;
  table.event_id = event.id;
  table.id = "tb-refusals01";
  table.set_id = set.id;
  table.boards = {1, 2};
  table.chairs = 3;
  table.seat_token_sha256 = {std::string(64, '1'), std::string(64, '2'), std::string(64, '3')};
  ASSERT_TRUE(store_->CreateTable(table).ok());
  const Status table_again = store_->CreateTable(table).status();
  EXPECT_EQ(table_again.code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(table_again.message(),
            "table events/ev-refusals01/tables/tb-refusals01 exists already");

  store::TableRecord same_token = table;
  same_token.id = "tb-refusals02";
  same_token.seat_token_sha256 = {std::string(64, '4'), std::string(64, '5'), std::string(64, '1')};
  const Status token_taken = store_->CreateTable(same_token).status();
  EXPECT_EQ(token_taken.code(), ErrorCode::kAlreadyExists);
  EXPECT_EQ(token_taken.message(),
            "table events/ev-refusals01/tables/tb-refusals02: a seat token is taken by another "
            "seat");

  // A check of the schema, with the schema's sentence after the operation.
  store::TableRecord bad_token = same_token;
  bad_token.id = "tb-refusals03";
  bad_token.seat_token_sha256 = {std::string(64, '6'), "not hex", std::string(64, '7')};
  const Status malformed = store_->CreateTable(bad_token).status();
  EXPECT_EQ(malformed.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(malformed.message(),
            "create table events/ev-refusals01/tables/tb-refusals03: a seat token is kept as its "
            "SHA-256 (64 hex digits)");
  for (const Status& s : {event_again, set_again, table_again, token_taken, malformed}) {
    ExpectDomainSentence(s.message());
  }
}

// A violation of a constraint no sentence lists, a value the database cannot hold, a lost
// connection and any other failure: a generic sentence naming the operation, and the server's
// text on stderr for the operator.
TEST(StoreErrorTest, UnlistedFailuresNameTheOperationAndLogTheServerText) {
  const std::string context = "create player 'Anna' of event ev-aaaaaaaaaa";
  struct Failure {
    std::string what;
    std::string sqlstate;  // "" for a broken connection
    ErrorCode code;
    std::string sentence;
    std::string logged;  // a part of `what` the log line keeps ("": not checked)
  };
  const std::vector<Failure> cases = {
      {"ERROR:  duplicate key value violates unique constraint \"players_nickname_key\"\n"
       "DETAIL:  Key (event_id, nickname)=(ev-aaaaaaaaaa, Anna) already exists.\n",
       "23505", ErrorCode::kAlreadyExists, "refused by a rule of the stored records",
       "players_nickname_key"},
      {"ERROR:  null value in column \"name\" of relation \"players\" violates not-null "
       "constraint\n",
       "23502", ErrorCode::kInvalidArgument, "refused by a rule of the stored records",
       "not-null constraint"},
      {"ERROR:  value too long for type character varying(3)\n", "22001",
       ErrorCode::kInvalidArgument, "a value is outside what the database can hold",
       "value too long"},
      {"ERROR:  could not serialize access due to concurrent update\n", "40001",
       ErrorCode::kAborted, "it conflicted with a concurrent change; try again",
       "could not serialize"},
      {"ERROR:  relation \"players\" does not exist\n", "42P01", ErrorCode::kInternal,
       "the database failed (see the server's log)", "relation \"players\" does not exist"},
      {"could not connect to server: Connection refused\n\tIs the server running on host "
       "\"db.example\"?\n",
       "", ErrorCode::kUnavailable, "the database is unavailable; retry",
       "Connection refused Is the server running"},
      // A standby (a demoted primary, or one a proxy still routes to): the pool opens a new
      // connection (docs/reliability.md "High availability"). Its log line is the lost
      // connection's, at most one a second: the case before had it ("" here: not checked).
      {"ERROR:  cannot execute UPDATE in a read-only transaction\n", "25006",
       ErrorCode::kUnavailable, "the database is unavailable; retry", ""},
  };
  for (const Failure& c : cases) {
    SCOPED_TRACE(c.what);
    ::testing::internal::CaptureStderr();
    const Status s = c.sqlstate.empty()
                         ? store::StatusFromException(pqxx::broken_connection(c.what), context)
                         : store::StatusFromException(
                               pqxx::sql_error(c.what, "INSERT ...", c.sqlstate.c_str()), context);
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(s.code(), c.code);
    EXPECT_EQ(s.message(), context + ": " + c.sentence);
    ExpectDomainSentence(s.message());
    if (c.logged.empty()) continue;
    EXPECT_NE(log.find("store: " + context + ": "), std::string::npos) << log;
    EXPECT_NE(log.find(c.logged), std::string::npos) << log;
  }
}

// Every primary key, UNIQUE, REFERENCES and CHECK constraint and unique index of the migrated
// schema has its sentence, and every sentence belongs to a constraint of the schema.
TEST_F(StoreRefusalsTest, EveryConstraintOfTheSchemaHasASentence) {
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  std::set<std::string> schema;
  for (const pqxx::row& row :
       tx.exec("SELECT conname::text FROM pg_constraint WHERE connamespace = "
               "'public'::regnamespace AND contype IN ('p', 'u', 'f', 'c') UNION "
               "SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public' AND "
               "indexdef LIKE 'CREATE UNIQUE INDEX%'")) {
    schema.insert(row[0].as<std::string>());
  }
  std::set<std::string> listed;
  for (const store::Refusal& r : store::SchemaRefusals()) {
    EXPECT_TRUE(listed.insert(r.constraint).second) << r.constraint << " is listed twice";
    EXPECT_EQ(schema.count(r.constraint), 1u) << r.constraint << " is no constraint of the schema";
    ExpectDomainSentence(r.message);
  }
  for (const std::string& name : schema) {
    EXPECT_EQ(listed.count(name), 1u)
        << name << " has no sentence in services/store/constraints.cc";
  }
  EXPECT_GT(schema.size(), 100u);
}

}  // namespace
}  // namespace skat::service
