// Seat and director tokens after they were issued (docs/events-and-scoring.md "Seat tokens",
// docs/tables.md "Seats and tokens"), over real gRPC on loopback against the throwaway
// PostgreSQL: a retried StartSession with the same request_id returns the same session; lost
// tokens are replaced page by page (IssueSeatTokens), which revokes the old ones; a rotated seat
// token is refused by every call and ends its open WatchSeat stream, also on a second table
// server that holds the table; a rotated director token is refused.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "services/common/auth.h"
#include "tests/services/iss_test_records.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

constexpr char kRequestId[] = "0b6f0a3e-8c1d-4e9a-b7a2-5d3c9e1f2a40";

std::string Id(const std::string& name) { return name.substr(name.rfind('/') + 1); }

// A WatchSeat stream read on the test's thread.
struct Watch {
  std::unique_ptr<grpc::ClientContext> context;
  std::unique_ptr<grpc::ClientReader<v1::SeatUpdate>> reader;
};

class TokenRotationTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    CreateEventAndSet(12);
    for (const char* name : {"Anna", "Bert", "Carl", "Dora", "Emil", "Frieda"}) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(name);
      v1::Player added;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &added).ok());
      players_.push_back(added.name());
    }
  }

  // A congress of the six players: 2 rounds of 2 tables, 12 seats.
  v1::StartSessionRequest Congress(const std::string& request_id) {
    v1::StartSessionRequest r;
    r.set_parent(event_);
    r.set_board_set(set_);
    r.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    r.set_rounds(2);
    r.set_comparative(true);
    for (const std::string& p : players_) r.add_players(p);
    r.set_request_id(request_id);
    return r;
  }

  grpc::Status Start(const v1::StartSessionRequest& r, v1::StartSessionResponse* out) {
    return event_stub_->StartSession(Context(director_).get(), r, out);
  }

  // Sessions of the event, as stored.
  size_t Sessions() {
    Result<std::vector<store::SessionRecord>> sessions = store_->ListSessions(Id(event_));
    EXPECT_TRUE(sessions.ok()) << sessions.status().ToString();
    return sessions.ok() ? sessions->size() : 0;
  }

  grpc::Status Join(v1::TableService::Stub& stub, const std::string& table,
                    const std::string& token, v1::Seat* seat) {
    v1::JoinSeatRequest r;
    r.set_table(table);
    return stub.JoinSeat(Context(token).get(), r, seat);
  }
  StatusCode JoinCode(const std::string& table, const std::string& token) {
    v1::Seat seat;
    return Join(*table_stub_, table, token, &seat).error_code();
  }

  grpc::Status Act(v1::TableService::Stub& stub, const std::string& table, const std::string& token,
                   int64_t sequence, const v1::Act& act) {
    v1::ActRequest r;
    r.set_table(table);
    r.set_sequence(sequence);
    *r.mutable_act() = act;
    v1::ActResponse response;
    return stub.Act(Context(token).get(), r, &response);
  }

  Watch OpenWatch(v1::TableService::Stub& stub, const std::string& table,
                  const std::string& token) {
    Watch w;
    w.context = Context(token);
    w.context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    v1::WatchSeatRequest r;
    r.set_table(table);
    w.reader = stub.WatchSeat(w.context.get(), r);
    return w;
  }

  grpc::Status Rotate(const std::string& table, int chair, std::string* token) {
    v1::RotateSeatTokenRequest r;
    r.set_table(table);
    r.set_chair(chair);
    v1::RotateSeatTokenResponse response;
    grpc::Status s = table_stub_->RotateSeatToken(Context(director_).get(), r, &response);
    if (s.ok()) {
      EXPECT_EQ(response.table(), table);
      EXPECT_EQ(response.chair(), chair);
      *token = response.seat_token();
    }
    return s;
  }

  // An online table of two boards: its name, its tokens, the chair to act first and its act.
  struct Opened {
    std::string table;
    std::vector<std::string> tokens;
    int mover = 0;
    int other = 0;
    v1::Act act;
  };
  Opened OpenOnline() {
    Opened o;
    v1::OpenTableResponse opened;
    EXPECT_TRUE(OpenTable({1, 2}, &opened).ok());
    o.table = opened.table().name();
    o.tokens.assign(opened.seat_tokens().begin(), opened.seat_tokens().end());
    for (int chair = 1; chair <= 3; ++chair) {
      v1::Seat seat;
      EXPECT_TRUE(Join(*table_stub_, o.table, o.tokens[chair - 1], &seat).ok());
      if (seat.view().legal_acts_size() > 0) {
        o.mover = chair;
        o.act = seat.view().legal_acts(0);
      } else if (o.other == 0) {
        o.other = chair;
      }
    }
    EXPECT_NE(o.mover, 0);
    EXPECT_NE(o.other, 0);
    return o;
  }

  std::vector<std::string> players_;
};

TEST_F(TokenRotationTest, RetriedStartSessionReturnsTheSameSessionAndStartsNoOther) {
  const v1::StartSessionRequest request = Congress(kRequestId);
  v1::StartSessionResponse first;
  ASSERT_TRUE(Start(request, &first).ok());
  EXPECT_TRUE(first.created());
  EXPECT_EQ(first.session().table_count(), 4);
  EXPECT_EQ(first.seat_tokens_size(), 12);
  EXPECT_EQ(Sessions(), 1u);

  // The retry of a request whose reply was lost.
  v1::StartSessionResponse again;
  ASSERT_TRUE(Start(request, &again).ok());
  EXPECT_FALSE(again.created());
  EXPECT_EQ(again.session().name(), first.session().name());
  EXPECT_EQ(again.session().number(), 1);
  EXPECT_EQ(again.session().table_count(), 4);
  ASSERT_EQ(again.session().tables_size(), 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(again.session().tables(i).table(), first.session().tables(i).table());
  }
  EXPECT_EQ(again.seat_tokens_size(), 0);  // only their SHA-256 is kept
  EXPECT_EQ(Sessions(), 1u);
  // Nothing was revoked by the retry.
  EXPECT_EQ(JoinCode(first.seat_tokens(0).table(), first.seat_tokens(0).token()), StatusCode::OK);

  // The same id with another request is refused; another id starts another session.
  v1::StartSessionRequest other = request;
  other.set_draw_seed(7);
  v1::StartSessionResponse refused;
  const grpc::Status s = Start(other, &refused);
  EXPECT_EQ(s.error_code(), StatusCode::ALREADY_EXISTS) << s.error_message();
  EXPECT_NE(s.error_message().find(first.session().name()), std::string::npos) << s.error_message();
  EXPECT_EQ(Sessions(), 1u);
  v1::StartSessionResponse second;
  ASSERT_TRUE(Start(Congress("another-request"), &second).ok());
  EXPECT_TRUE(second.created());
  EXPECT_EQ(second.session().number(), 2);
  EXPECT_EQ(Sessions(), 2u);
}

TEST_F(TokenRotationTest, LostRepliesEndWithAValidTokenForEveryChair) {
  const v1::StartSessionRequest request = Congress(kRequestId);
  v1::StartSessionResponse lost;  // the reply that never reached the director
  ASSERT_TRUE(Start(request, &lost).ok());
  ASSERT_EQ(lost.seat_tokens_size(), 12);
  v1::StartSessionResponse again;
  ASSERT_TRUE(Start(request, &again).ok());
  ASSERT_FALSE(again.created());
  ASSERT_EQ(again.seat_tokens_size(), 0);

  // Pages of 3 tables: the first page is issued twice (its first reply lost too).
  v1::IssueSeatTokensRequest issue;
  issue.set_name(again.session().name());
  issue.set_page_size(3);
  v1::IssueSeatTokensResponse lost_page;
  ASSERT_TRUE(event_stub_->IssueSeatTokens(Context(director_).get(), issue, &lost_page).ok());
  EXPECT_EQ(lost_page.seat_tokens_size(), 9);
  std::map<std::pair<std::string, int>, std::string> tokens;  // (table, chair) -> token
  std::vector<std::string> tables;
  int pages = 0;
  do {
    v1::IssueSeatTokensResponse page;
    ASSERT_TRUE(event_stub_->IssueSeatTokens(Context(director_).get(), issue, &page).ok());
    ++pages;
    EXPECT_EQ(page.total_size(), 4);
    for (const v1::SessionTable& t : page.tables()) tables.push_back(t.table());
    for (const v1::SeatToken& t : page.seat_tokens()) {
      EXPECT_TRUE(tokens.emplace(std::pair(t.table(), t.chair()), t.token()).second);
    }
    issue.set_page_token(page.next_page_token());
  } while (!issue.page_token().empty());
  EXPECT_EQ(pages, 2);
  ASSERT_EQ(tables.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(tables[i], again.session().tables(i).table());
  EXPECT_EQ(tokens.size(), 12u);

  for (const v1::SeatToken& t : lost.seat_tokens()) {
    EXPECT_EQ(JoinCode(t.table(), t.token()), StatusCode::PERMISSION_DENIED);
  }
  for (const v1::SeatToken& t : lost_page.seat_tokens()) {
    EXPECT_EQ(JoinCode(t.table(), t.token()), StatusCode::PERMISSION_DENIED);
  }
  for (const auto& [seat, token] : tokens) {
    v1::Seat joined;
    ASSERT_TRUE(Join(*table_stub_, seat.first, token, &joined).ok());
    EXPECT_EQ(joined.chair(), seat.second);
  }
  EXPECT_EQ(Sessions(), 1u);
}

TEST_F(TokenRotationTest, RotatedSeatTokenIsRefusedEverywhereAndTheNewOneWorks) {
  const Opened t = OpenOnline();
  const std::string old_token = t.tokens[t.mover - 1];
  Watch mover = OpenWatch(*table_stub_, t.table, old_token);
  Watch other = OpenWatch(*table_stub_, t.table, t.tokens[t.other - 1]);
  v1::SeatUpdate update;
  ASSERT_TRUE(mover.reader->Read(&update));
  ASSERT_TRUE(other.reader->Read(&update));
  EXPECT_EQ(update.view().act_count(), 0);

  std::string new_token;
  ASSERT_TRUE(Rotate(t.table, t.mover, &new_token).ok());
  ASSERT_EQ(new_token.size(), 64u);

  // The old token's open stream ends at once.
  while (mover.reader->Read(&update)) {
  }
  const grpc::Status ended = mover.reader->Finish();
  EXPECT_EQ(ended.error_code(), StatusCode::PERMISSION_DENIED) << ended.error_message();
  // Every call refuses it.
  EXPECT_EQ(JoinCode(t.table, old_token), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Act(*table_stub_, t.table, old_token, 1, t.act).error_code(),
            StatusCode::PERMISSION_DENIED);
  v1::GetTableRequest get;
  get.set_name(t.table);
  v1::Table table;
  EXPECT_EQ(table_stub_->GetTable(Context(old_token).get(), get, &table).error_code(),
            StatusCode::PERMISSION_DENIED);
  Watch late = OpenWatch(*table_stub_, t.table, old_token);
  while (late.reader->Read(&update)) {
  }
  EXPECT_EQ(late.reader->Finish().error_code(), StatusCode::PERMISSION_DENIED);

  // The new token takes the chair and acts; the other chair's stream goes on.
  v1::Seat seat;
  ASSERT_TRUE(Join(*table_stub_, t.table, new_token, &seat).ok());
  EXPECT_EQ(seat.chair(), t.mover);
  const grpc::Status acted = Act(*table_stub_, t.table, new_token, 1, t.act);
  ASSERT_TRUE(acted.ok()) << acted.error_message();
  ASSERT_TRUE(other.reader->Read(&update));
  EXPECT_EQ(update.view().act_count(), 1);
  other.context->TryCancel();
  other.reader->Finish();
  EXPECT_EQ(JoinCode(t.table, t.tokens[t.other - 1]), StatusCode::OK);
}

TEST_F(TokenRotationTest, RotationOnAnotherServerReachesTheServerThatHoldsTheTable) {
  // Server B, a second table server on the same database, holds the table.
  auto tables_b = std::make_unique<TableServiceImpl>(
      *store_, TableServiceOptions{.server_id = "test-server-b", .lease_ms = 5000});
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(tables_b.get());
  std::unique_ptr<grpc::Server> server_b = builder.BuildAndStart();
  ASSERT_NE(port, 0);
  auto stub_b = v1::TableService::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()));

  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1, 2}, &opened).ok());
  const std::string table = opened.table().name();
  const std::vector<std::string> tokens(opened.seat_tokens().begin(), opened.seat_tokens().end());
  int mover = 0;
  int other = 0;
  v1::Act act;
  for (int chair = 1; chair <= 3; ++chair) {
    v1::Seat seat;
    ASSERT_TRUE(Join(*stub_b, table, tokens[chair - 1], &seat).ok());
    if (seat.view().legal_acts_size() > 0) {
      mover = chair;
      act = seat.view().legal_acts(0);
    } else {
      other = chair;
    }
  }
  ASSERT_NE(mover, 0);
  Watch mover_watch = OpenWatch(*stub_b, table, tokens[mover - 1]);
  Watch other_watch = OpenWatch(*stub_b, table, tokens[other - 1]);
  v1::SeatUpdate update;
  ASSERT_TRUE(mover_watch.reader->Read(&update));
  ASSERT_TRUE(other_watch.reader->Read(&update));

  // Rotated through this server (A), which does not hold the table.
  std::string new_token;
  ASSERT_TRUE(Rotate(table, mover, &new_token).ok());

  // B refuses the old token: a fresh JoinSeat at once; an act is not committed (ABORTED: B's
  // lease changed) and its retry is refused.
  v1::Seat seat;
  EXPECT_EQ(Join(*stub_b, table, tokens[mover - 1], &seat).error_code(),
            StatusCode::PERMISSION_DENIED);
  const grpc::Status first = Act(*stub_b, table, tokens[mover - 1], 1, act);
  EXPECT_TRUE(first.error_code() == StatusCode::ABORTED ||
              first.error_code() == StatusCode::PERMISSION_DENIED)
      << first.error_code() << " " << first.error_message();
  EXPECT_EQ(Act(*stub_b, table, tokens[mover - 1], 1, act).error_code(),
            StatusCode::PERMISSION_DENIED);
  // The old token's stream ended when B reloaded the table.
  while (mover_watch.reader->Read(&update)) {
  }
  EXPECT_EQ(mover_watch.reader->Finish().error_code(), StatusCode::PERMISSION_DENIED);
  // The new token acts at B; the other chair's stream at B goes on.
  const grpc::Status acted = Act(*stub_b, table, new_token, 1, act);
  ASSERT_TRUE(acted.ok()) << acted.error_message();
  do {
    ASSERT_TRUE(other_watch.reader->Read(&update));
  } while (update.view().act_count() == 0);
  EXPECT_EQ(update.view().act_count(), 1);
  other_watch.context->TryCancel();
  other_watch.reader->Finish();
  tables_b->StopStreams();
  server_b->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
}

TEST_F(TokenRotationTest, ReplacingASeatTokenEndsTheLeaseOfTheServerThatHoldsTheTable) {
  v1::OpenTableResponse opened;
  ASSERT_TRUE(OpenTable({1}, &opened).ok());
  const std::string event = Id(event_);
  const std::string table = Id(opened.table().name());
  Result<store::TableLease> lease = store_->AcquireTable(event, table, "elsewhere", 10000);
  ASSERT_TRUE(lease.ok()) << lease.status().ToString();
  const std::string hash = Sha256Hex(NewToken());
  ASSERT_TRUE(
      store_->ReplaceSeatTokens(event, {{.table_id = table, .chair = 2, .token_sha256 = hash}}, {})
          .ok());
  EXPECT_EQ(store_->RenewLease(*lease, 10000).code(), ErrorCode::kAborted);
  Result<std::vector<std::string>> hashes = store_->SeatTokenHashes(event, table);
  ASSERT_TRUE(hashes.ok());
  ASSERT_EQ(hashes->size(), 3u);
  EXPECT_EQ((*hashes)[1], hash);
  EXPECT_EQ((*hashes)[0], Sha256Hex(opened.seat_tokens(0)));
  // A chair that is not seated changes nothing, not even the chairs listed with it.
  const std::string unused = Sha256Hex(NewToken());
  EXPECT_EQ(store_
                ->ReplaceSeatTokens(event,
                                    {{.table_id = table, .chair = 1, .token_sha256 = unused},
                                     {.table_id = table, .chair = 4, .token_sha256 = hash}},
                                    {})
                .code(),
            ErrorCode::kNotFound);
  hashes = store_->SeatTokenHashes(event, table);
  ASSERT_TRUE(hashes.ok());
  EXPECT_EQ((*hashes)[0], Sha256Hex(opened.seat_tokens(0)));
}

TEST_F(TokenRotationTest, RotatedDirectorTokenIsRefused) {
  v1::RotateDirectorTokenRequest rotate;
  rotate.set_name(event_);
  v1::RotateDirectorTokenResponse rotated;
  ASSERT_TRUE(event_stub_->RotateDirectorToken(Context(director_).get(), rotate, &rotated).ok());
  EXPECT_EQ(rotated.event().name(), event_);
  const std::string fresh = rotated.director_token();
  ASSERT_EQ(fresh.size(), 64u);
  EXPECT_NE(fresh, director_);

  v1::OpenTableResponse opened;
  EXPECT_EQ(OpenTable({1}, &opened).error_code(), StatusCode::PERMISSION_DENIED);
  v1::AddPlayerRequest player;
  player.set_parent(event_);
  player.set_display_name("Gustav");
  v1::Player added;
  EXPECT_EQ(event_stub_->AddPlayer(Context(director_).get(), player, &added).error_code(),
            StatusCode::PERMISSION_DENIED);
  v1::StartSessionResponse session;
  EXPECT_EQ(Start(Congress(""), &session).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(
      event_stub_->RotateDirectorToken(Context(director_).get(), rotate, &rotated).error_code(),
      StatusCode::PERMISSION_DENIED);

  const std::string old = director_;
  director_ = fresh;
  ASSERT_TRUE(OpenTable({1}, &opened).ok());
  EXPECT_TRUE(event_stub_->AddPlayer(Context(fresh).get(), player, &added).ok());
  v1::ListGamesRequest games;
  games.set_table(opened.table().name());
  v1::ListGamesResponse listed;
  EXPECT_EQ(table_stub_->ListGames(Context(old).get(), games, &listed).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(table_stub_->ListGames(Context(fresh).get(), games, &listed).ok());
}

TEST_F(TokenRotationTest, ImportedGamesHaveNoSeatsToIssue) {
  v1::ImportGamesRequest import;
  import.set_records(testing_iss::MakeRecords(1)[0].line + "\n");
  import.set_file_name("games.sgf");
  v1::ImportGamesResponse imported;
  ASSERT_TRUE(event_stub_->ImportGames(Context("").get(), import, &imported).ok());
  ASSERT_EQ(imported.imported(), 1);
  const std::string token = imported.director_token();
  v1::GetSessionRequest get;
  get.set_name(imported.session());
  v1::Session session;
  ASSERT_TRUE(event_stub_->GetSession(Context("").get(), get, &session).ok());
  ASSERT_EQ(session.tables_size(), 1);

  v1::IssueSeatTokensRequest issue;
  issue.set_name(imported.session());
  v1::IssueSeatTokensResponse page;
  EXPECT_EQ(event_stub_->IssueSeatTokens(Context(token).get(), issue, &page).error_code(),
            StatusCode::FAILED_PRECONDITION);
  v1::RotateSeatTokenRequest rotate;
  rotate.set_table(session.tables(0).table());
  rotate.set_chair(1);
  v1::RotateSeatTokenResponse rotated;
  EXPECT_EQ(table_stub_->RotateSeatToken(Context(token).get(), rotate, &rotated).error_code(),
            StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace skat::service
