// TableService result entry for boards played with real cards (docs/tables.md "Physical play";
// RULES P2, P3, S1, S2, C3) over real gRPC on loopback against a real PostgreSQL (label db;
// tests/services/test_database.h). The worked examples are those of
// tests/engine/physical_result_test.cc on the same board, so every pad entry is asserted exactly;
// the service must compute them itself, keep unconfirmed results out of scoring, refuse
// contradictions without writing anything, and keep a corrected row with who, when and why.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/card.h"
#include "engine/random.h"
#include "services/common/auth.h"
#include "services/common/game_proto.h"
#include "services/common/names.h"
#include "services/store/store.h"
#include "services/table/table_service.h"
#include "tests/engine/redealt_board.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace skat::service {
namespace {

using testing_text::Contains;

using grpc::StatusCode;

// The board of tests/engine/physical_result_test.cc: forehand's 12 cards (hand + skat) hold J♣
// J♠ but not J♥: "with 2" in every suit and Grand. Skat card 1 H-8 (0 points), card 2 D-10.
Board TestBoard() {
  return *ParseBoard(
      "F: C-J S-J H-A H-10 H-K H-Q H-9 C-A S-A D-7; "
      "M: H-J D-J C-10 C-K C-Q C-9 C-8 C-7 S-10 S-K; "
      "R: S-Q S-9 S-8 S-7 D-A D-K D-Q D-9 D-8 H-7; "
      "S: H-8 D-10");
}

// The same deal with the skat turned round: skat card 1 is D-10, so a Tournée makes diamonds.
Board SwappedSkatBoard() {
  Board board = TestBoard();
  std::swap(board.skat[0], board.skat[1]);
  return board;
}

v1::PhysicalReport GameReport(v1::Direction declarer, v1::SkatHandling handling, v1::GameType type,
                              int points, int tricks) {
  v1::PhysicalReport r;
  r.set_kind(v1::GameResult::KIND_DECLARER_GAME);
  r.set_declarer(declarer);
  r.mutable_declaration()->set_handling(handling);
  r.mutable_declaration()->set_game(type);
  r.set_floor(18);
  r.set_declarer_points(points);
  r.set_declarer_tricks(tricks);
  return r;
}

// Forehand's ♥ Solo with 2: unit 10, simple 30, schneider 40, schwarz 50 (RULES N2).
v1::PhysicalReport HeartsSolo(int points, int tricks) {
  return GameReport(v1::DIRECTION_FOREHAND, v1::SKAT_HANDLING_HAND, v1::GAME_TYPE_HEARTS, points,
                    tricks);
}

v1::PhysicalReport HeartsTournee(int points, int tricks) {
  return GameReport(v1::DIRECTION_FOREHAND, v1::SKAT_HANDLING_TOURNEE, v1::GAME_TYPE_HEARTS, points,
                    tricks);
}

// RULES P2, 1909 booklet XI.8, engine test DefenderRevokesDeclarerWinsAtSchneiderAndOffender-
// Pays: middlehand revokes after 3 tricks; the declarer had 25 card points in 2 tricks, the
// defenders 14 in 1: schneider, 10 × (2 + 2) = 40, credited to the declarer and charged to
// middlehand; rearhand even.
v1::PhysicalReport MiddlehandRevokes() {
  v1::PhysicalReport r = HeartsSolo(0, 0);
  v1::PlayError* e = r.mutable_play_error();
  e->set_kind(v1::PlayError::KIND_REVOKE);
  e->set_seat(v1::DIRECTION_MIDDLEHAND);
  e->set_after_tricks(3);
  e->set_declarer_tricks(2);
  e->set_declarer_points(25);
  e->set_defender_points(14);
  return r;
}

void AddFine(v1::PhysicalReport& r, const std::string& kind, int party) {
  v1::Fine* fine = r.add_fines();
  fine->set_kind(kind);
  fine->set_party(party);
}

std::vector<int> Pad(const v1::ResultEntry& entry) {
  return std::vector<int>(entry.pad().begin(), entry.pad().end());
}

class PhysicalResultsTest : public ::testing::Test {
 protected:
  struct Event {
    std::string id;
    std::string token;  // the director's
  };
  struct OpenedTable {
    std::string name;
    std::vector<std::string> seats;  // seat tokens, chair 1 first
  };

  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    const Status migrated = store_->Migrate();
    ASSERT_TRUE(migrated.ok()) << migrated.ToString();
    tables_ = std::make_unique<TableServiceImpl>(
        *store_, TableServiceOptions{.server_id = "physical-results-test", .lease_ms = 10000});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(tables_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    stub_ = v1::TableService::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                                          grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    if (tables_) tables_->StopStreams();
    if (server_) server_->Shutdown();
  }

  // An event with a known director token, stored directly.
  // A physical table of a session's round for three chairs, its seat tokens appended to `tokens`.
  static store::TableRecord SessionTable(const Event& event, const std::string& set_id,
                                         const std::string& label, std::vector<int> boards,
                                         int round, int number, std::vector<std::string>& tokens) {
    store::TableRecord t;
    t.event_id = event.id;
    t.id = NewId("tb-");
    t.label = label;
    t.set_id = set_id;
    t.boards = std::move(boards);
    t.physical = true;
    t.round = round;
    t.table_number = number;
    for (int chair = 1; chair <= 3; ++chair) {
      tokens.push_back(NewToken());
      t.seat_token_sha256.push_back(Sha256Hex(tokens.back()));
    }
    return t;
  }

  Event MakeEvent(const std::string& profile = "nasl-1909") {
    Event event{.id = NewId("ev-"), .token = NewToken()};
    Result<store::EventRecord> created =
        store_->CreateEvent(store::EventRecord{.id = event.id,
                                               .name = "Physical results",
                                               .profile = profile,
                                               .director_token_sha256 = Sha256Hex(event.token)});
    EXPECT_TRUE(created.ok()) << created.status().ToString();
    return event;
  }

  // A board set with exactly these boards (numbered from 1), stored directly.
  std::string MakeSet(const Event& event, int table_size, const std::vector<Board>& boards) {
    store::BoardSetRecord set;
    set.event_id = event.id;
    set.id = NewId("bs-");
    set.set.label = "Physical results, session 1";
    set.set.generator_version = 1;
    set.set.commitment = std::string(64, 'c');
    set.set.table_size = table_size;
    for (size_t i = 0; i < boards.size(); ++i) {
      set.set.boards.push_back(SetBoard{.number = static_cast<int>(i) + 1, .board = boards[i]});
    }
    set.secret_seed = std::string(64, '5');
    set.board_count = static_cast<int>(boards.size());
    Result<store::BoardSetRecord> created = store_->CreateBoardSet(set);
    EXPECT_TRUE(created.ok()) << created.status().ToString();
    return set.id;
  }

  // Opens a table through the service, as the director does.
  OpenedTable Open(const Event& event, const std::string& set_id, const std::vector<int>& boards,
                   v1::TableMode mode = v1::TABLE_MODE_PHYSICAL) {
    v1::OpenTableRequest request;
    request.set_parent(EventName(event.id));
    request.set_board_set(BoardSetResourceName(event.id, set_id));
    for (int b : boards) request.add_boards(b);
    request.set_label("Table 1");
    request.set_mode(mode);
    v1::OpenTableResponse response;
    auto context = Context(event.token);
    const grpc::Status status = stub_->OpenTable(context.get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return OpenedTable{.name = response.table().name(),
                       .seats = {response.seat_tokens().begin(), response.seat_tokens().end()}};
  }

  // A 3-chair physical table for boards 1 (TestBoard) and 2 (the skat turned round).
  OpenedTable ThreeChairTable(const Event& event) {
    return Open(event, MakeSet(event, 3, {TestBoard(), SwappedSkatBoard()}), {1, 2});
  }

  static std::unique_ptr<grpc::ClientContext> Context(const std::string& token) {
    auto context = std::make_unique<grpc::ClientContext>();
    if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
    return context;
  }

  // The last call's status with its skat-reason trailer.
  struct Outcome {
    grpc::Status status;
    std::string reason;
    StatusCode code() const { return status.error_code(); }
    std::string message() const { return status.error_message(); }
  };
  static Outcome Finish(grpc::Status status, const grpc::ClientContext& context) {
    Outcome out{.status = std::move(status), .reason = ""};
    const auto& trailers = context.GetServerTrailingMetadata();
    if (auto it = trailers.find("skat-reason"); it != trailers.end()) {
      out.reason.assign(it->second.data(), it->second.size());
    }
    return out;
  }

  Outcome Submit(const std::string& token, const std::string& table, int board,
                 const v1::PhysicalReport& report, v1::ResultEntry* out = nullptr,
                 bool validate_only = false) {
    v1::SubmitResultRequest request;
    request.set_table(table);
    request.set_board_number(board);
    *request.mutable_report() = report;
    request.set_validate_only(validate_only);
    v1::ResultEntry ignored;
    auto context = Context(token);
    return Finish(stub_->SubmitResult(context.get(), request, out ? out : &ignored), *context);
  }

  // Submits and expects success.
  v1::ResultEntry Submitted(const std::string& token, const std::string& table, int board,
                            const v1::PhysicalReport& report) {
    v1::ResultEntry entry;
    const Outcome outcome = Submit(token, table, board, report, &entry);
    EXPECT_TRUE(outcome.status.ok()) << outcome.message();
    return entry;
  }

  Outcome Confirm(const std::string& token, const std::string& table, int board,
                  v1::ResultEntry* out = nullptr) {
    v1::ConfirmResultRequest request;
    request.set_table(table);
    request.set_board_number(board);
    v1::ResultEntry ignored;
    auto context = Context(token);
    return Finish(stub_->ConfirmResult(context.get(), request, out ? out : &ignored), *context);
  }

  Outcome Correct(const std::string& token, const std::string& table, int board,
                  const v1::PhysicalReport& report, const std::string& reason,
                  v1::ResultEntry* out = nullptr) {
    v1::CorrectResultRequest request;
    request.set_table(table);
    request.set_board_number(board);
    *request.mutable_report() = report;
    request.set_reason(reason);
    v1::ResultEntry ignored;
    auto context = Context(token);
    return Finish(stub_->CorrectResult(context.get(), request, out ? out : &ignored), *context);
  }

  Outcome List(const std::string& token, const std::string& table, bool include_history,
               v1::ListResultsResponse* out) {
    v1::ListResultsRequest request;
    request.set_table(table);
    request.set_include_history(include_history);
    auto context = Context(token);
    return Finish(stub_->ListResults(context.get(), request, out), *context);
  }

  // The table's results as the director lists them.
  std::vector<v1::ResultEntry> Results(const Event& event, const std::string& table,
                                       bool include_history = false) {
    v1::ListResultsResponse response;
    const Outcome outcome = List(event.token, table, include_history, &response);
    EXPECT_TRUE(outcome.status.ok()) << outcome.message();
    return {response.results().begin(), response.results().end()};
  }

  // The ids of every page of ListResults with `page_size`; each page's size in *sizes, the
  // first page's next_page_token in *first_token.
  std::vector<int64_t> PagedIds(const Event& event, const std::string& table, bool include_history,
                                int page_size, std::vector<int>* sizes, std::string* first_token) {
    v1::ListResultsRequest request;
    request.set_table(table);
    request.set_include_history(include_history);
    request.set_page_size(page_size);
    std::vector<int64_t> ids;
    do {
      v1::ListResultsResponse page;
      const grpc::Status s = stub_->ListResults(Context(event.token).get(), request, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      sizes->push_back(page.results_size());
      for (const v1::ResultEntry& r : page.results()) ids.push_back(r.id());
      if (request.page_token().empty()) *first_token = page.next_page_token();
      request.set_page_token(page.next_page_token());
    } while (!request.page_token().empty());
    return ids;
  }

  Outcome ListRefused(const std::string& token, const std::string& table, int page_size,
                      const std::string& page_token, v1::ListRefusedReportsResponse* out) {
    v1::ListRefusedReportsRequest request;
    request.set_table(table);
    request.set_page_size(page_size);
    request.set_page_token(page_token);
    auto context = Context(token);
    return Finish(stub_->ListRefusedReports(context.get(), request, out), *context);
  }

  // Expects INVALID_ARGUMENT with `part` in the message, and no result stored. Sent with the
  // director's token: a seat's reports of a board are refused three times at most
  // (SeatsLearnNoCardFromRefusals).
  void ExpectRejected(const Event& event, const OpenedTable& table, int board,
                      const v1::PhysicalReport& report, const std::string& part) {
    const Outcome outcome = Submit(event.token, table.name, board, report);
    EXPECT_EQ(outcome.code(), StatusCode::INVALID_ARGUMENT) << outcome.message();
    EXPECT_EQ(outcome.reason, "invalid-argument");
    EXPECT_TRUE(Contains(outcome.message(), part)) << outcome.message() << "\nwanted: " << part;
    EXPECT_TRUE(Results(event, table.name, /*include_history=*/true).empty());
  }

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<TableServiceImpl> tables_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<v1::TableService::Stub> stub_;
};

// RULES N1, N2, S1 (engine test PlainWinCountsMatadorsFromTheBoard): ♥ Solo with 2 won with 70
// points, +30 for the declarer. A chair's entry does not count until another chair confirms it.
TEST_F(PhysicalResultsTest, DeclarerGameWonCountsOnlyOnceAnotherChairConfirms) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const v1::ResultEntry entered = Submitted(table.seats[0], table.name, 1, HeartsSolo(70, 6));
  EXPECT_EQ(Pad(entered), (std::vector<int>{30, 0, 0}));
  EXPECT_EQ(entered.source(), "physical");
  EXPECT_EQ(entered.table(), table.name);
  EXPECT_EQ(entered.board_number(), 1);
  EXPECT_EQ(entered.board_index(), 0);
  EXPECT_EQ(entered.result().kind(), v1::GameResult::KIND_DECLARER_GAME);
  EXPECT_EQ(entered.result().declarer(), v1::DIRECTION_FOREHAND);
  EXPECT_EQ(entered.result().declaration().game(), v1::GAME_TYPE_HEARTS);
  EXPECT_TRUE(entered.result().won());
  EXPECT_EQ(entered.result().value(), 30);
  EXPECT_EQ(entered.result().summary(),
            "forehand hearts solo with 2: won 30 (70 card points, 6 tricks)");
  EXPECT_EQ(entered.report().declarer_points(), 70);
  EXPECT_EQ(entered.entered_by(), "chair 1");
  EXPECT_GT(entered.enter_time().seconds(), 0);
  EXPECT_EQ(entered.confirmed_by(), "");
  EXPECT_FALSE(entered.counts());

  // Listed, but not counting.
  std::vector<v1::ResultEntry> listed = Results(event, table.name);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].id(), entered.id());
  EXPECT_FALSE(listed[0].counts());
  EXPECT_EQ(Pad(listed[0]), (std::vector<int>{30, 0, 0}));
  EXPECT_EQ(listed[0].report().declarer_tricks(), 6);

  // The entering chair cannot confirm its own entry.
  Outcome own = Confirm(table.seats[0], table.name, 1);
  EXPECT_EQ(own.code(), StatusCode::FAILED_PRECONDITION) << own.message();
  EXPECT_EQ(own.reason, "not-allowed");
  EXPECT_FALSE(Results(event, table.name)[0].counts());

  v1::ResultEntry confirmed;
  const Outcome second = Confirm(table.seats[1], table.name, 1, &confirmed);
  ASSERT_TRUE(second.status.ok()) << second.message();
  EXPECT_EQ(confirmed.confirmed_by(), "chair 2");
  EXPECT_GT(confirmed.confirm_time().seconds(), 0);
  EXPECT_TRUE(confirmed.counts());
  EXPECT_EQ(Pad(confirmed), (std::vector<int>{30, 0, 0}));

  // Confirmed before; a second entry is refused.
  EXPECT_EQ(Confirm(table.seats[2], table.name, 1).code(), StatusCode::FAILED_PRECONDITION);
  const Outcome again = Submit(table.seats[2], table.name, 1, HeartsSolo(80, 7));
  EXPECT_EQ(again.code(), StatusCode::ALREADY_EXISTS) << again.message();
  EXPECT_TRUE(Contains(again.message(), "CorrectResult")) << again.message();
  listed = Results(event, table.name, /*include_history=*/true);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_TRUE(listed[0].counts());
  EXPECT_EQ(listed[0].report().declarer_points(), 70);

  // Nothing to confirm on board 2 yet; board 3 is not at the table.
  EXPECT_EQ(Confirm(table.seats[1], table.name, 2).code(), StatusCode::NOT_FOUND);
  EXPECT_EQ(Confirm(table.seats[1], table.name, 3).code(), StatusCode::INVALID_ARGUMENT);
}

// RULES N11, X.19 (engine test DeclarerConcedesAfterTheFirstTrick): conceded after the first
// trick, lost at the simple level, -30. The director's entry counts at once.
// docs/tables.md "Physical play": SubmitResult reads its context (the table, the token, the board,
// the results so far) and writes in one transaction; a seat's check reads the token only; a
// refused report is stored in the transaction that refused it.
TEST_F(PhysicalResultsTest, EachSubmissionIsOneTransaction) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const auto transactions = [&](const std::function<void()>& call) {
    const uint64_t before = store_->TransactionsBegun();
    call();
    return store_->TransactionsBegun() - before;
  };
  EXPECT_EQ(transactions([&] { Submitted(table.seats[0], table.name, 1, HeartsSolo(70, 6)); }), 1u);
  EXPECT_EQ(transactions([&] {
              v1::ResultEntry preview;
              EXPECT_TRUE(Submit(table.seats[1], table.name, 2, HeartsSolo(70, 6), &preview,
                                 /*validate_only=*/true)
                              .status.ok());
            }),
            1u);
  EXPECT_EQ(transactions([&] {
              EXPECT_EQ(Submit(table.seats[1], table.name, 2, HeartsSolo(130, 6)).code(),
                        StatusCode::INVALID_ARGUMENT);
            }),
            1u);
}

TEST_F(PhysicalResultsTest, DeclarerGameLostEnteredByTheDirectorCountsAtOnce) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report = HeartsSolo(10, 0);
  report.set_conceded(true);
  report.set_conceded_after_tricks(1);
  const v1::ResultEntry entry = Submitted(event.token, table.name, 1, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{-30, 0, 0}));
  EXPECT_FALSE(entry.result().won());
  EXPECT_EQ(entry.result().value(), 30);
  EXPECT_TRUE(Contains(entry.result().summary(), "lost 30")) << entry.result().summary();
  EXPECT_TRUE(Contains(entry.result().summary(), "conceded")) << entry.result().summary();
  EXPECT_EQ(entry.entered_by(), "director");
  EXPECT_EQ(entry.confirmed_by(), "director");
  EXPECT_TRUE(entry.counts());
  EXPECT_EQ(Confirm(table.seats[1], table.name, 1).code(), StatusCode::FAILED_PRECONDITION);
}

// RULES N10 (engine test RamschChargesTheMostCardPoints): the most card points pays 20.
TEST_F(PhysicalResultsTest, RamschChargesTheMostCardPoints) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report;
  report.set_kind(v1::GameResult::KIND_RAMSCH);
  for (int p : {50, 40, 30}) report.add_card_points(p);
  for (int t : {4, 3, 3}) report.add_tricks(t);
  report.set_last_trick(v1::DIRECTION_FOREHAND);
  Submitted(event.token, table.name, 1, HeartsSolo(70, 6));  // board 2 comes after board 1
  const v1::ResultEntry entry = Submitted(table.seats[2], table.name, 2, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{-20, 0, 0}));
  EXPECT_EQ(entry.result().kind(), v1::GameResult::KIND_RAMSCH);
  EXPECT_EQ(
      std::vector<int>(entry.result().card_points().begin(), entry.result().card_points().end()),
      (std::vector<int>{50, 40, 30}));
  EXPECT_TRUE(Contains(entry.result().summary(), "ramsch")) << entry.result().summary();
  EXPECT_EQ(entry.board_index(), 1);
  EXPECT_FALSE(entry.counts());
}

// 1909 booklet XI.1 (engine test MisdealFinesTheDealer): the dealer (rearhand at 3 players)
// misdeals: fine 10, kept apart from the pad under nasl-1909 (XI.15); the deal is void. A deal
// passed in without a misdeal is played as Ramsch under nasl-1909 (RULES B3).
TEST_F(PhysicalResultsTest, PassedInAfterAMisdealFinesTheDealer) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report;
  report.set_kind(v1::GameResult::KIND_PASSED_IN);
  ExpectRejected(event, table, 1, report, "Ramsch");
  AddFine(report, "misdeal", 3);
  const v1::ResultEntry entry = Submitted(table.seats[0], table.name, 1, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(entry.result().kind(), v1::GameResult::KIND_PASSED_IN);
  EXPECT_EQ(entry.result().summary(), "passed in; fines (kept apart): rearhand -10 (misdeal)");
  ASSERT_EQ(entry.report().fines_size(), 1);
  EXPECT_EQ(entry.report().fines(0).kind(), "misdeal");
}

// RULES P2, XI.8 (engine test DefenderRevokesDeclarerWinsAtSchneiderAndOffenderPays): the
// erring defender is charged the value, the partner is even.
TEST_F(PhysicalResultsTest, DefenderRevokeChargesTheOffender) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const v1::ResultEntry entry = Submitted(table.seats[1], table.name, 1, MiddlehandRevokes());
  EXPECT_EQ(Pad(entry), (std::vector<int>{40, -40, 0}));
  EXPECT_TRUE(entry.result().won());
  EXPECT_EQ(entry.result().value(), 40);
  EXPECT_EQ(entry.report().play_error().kind(), v1::PlayError::KIND_REVOKE);
  EXPECT_EQ(entry.report().play_error().seat(), v1::DIRECTION_MIDDLEHAND);
}

// 1909 booklet X.16 (engine test PlayerLooksAtTheSkatFineTen): middlehand looks at the skat
// before the game is awarded: fine 10, kept apart; the game scores as played.
TEST_F(PhysicalResultsTest, FineIsKeptApartUnderNasl1909) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report = HeartsSolo(70, 6);
  AddFine(report, "player-looks", 2);
  const v1::ResultEntry entry = Submitted(table.seats[0], table.name, 1, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{30, 0, 0}));
  EXPECT_EQ(entry.result().summary(),
            "forehand hearts solo with 2: won 30 (70 card points, 6 tricks); fines (kept apart): "
            "middlehand -10 (player-looks)");
}

// laws-1900 enters fines on the pad (001 §14.1, RULES "Profile deltas").
TEST_F(PhysicalResultsTest, FineIsOnThePadUnderLaws1900) {
  const Event event = MakeEvent("laws-1900");
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report = HeartsSolo(70, 6);
  AddFine(report, "player-looks", 2);
  const v1::ResultEntry entry = Submitted(table.seats[0], table.name, 1, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{30, -10, 0}));
  EXPECT_TRUE(Contains(entry.result().summary(), "fines (on the pad): middlehand -10"))
      << entry.result().summary();
}

// Each board is scored on its own cards (RULES G1, C4): a hearts Tournée on board 1 (skat card
// 1 H-8: with 2, 6 × 3 = 18) and the same report on board 2, whose skat card 1 is D-10.
TEST_F(PhysicalResultsTest, TourneeIsScoredOnItsOwnBoard) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const v1::ResultEntry entry = Submitted(table.seats[0], table.name, 1, HeartsTournee(70, 6));
  EXPECT_EQ(Pad(entry), (std::vector<int>{18, 0, 0}));
  const Outcome refused = Submit(table.seats[0], table.name, 2, HeartsTournee(70, 6));
  EXPECT_EQ(refused.code(), StatusCode::INVALID_ARGUMENT) << refused.message();
  EXPECT_TRUE(Contains(refused.message(), "skat card 1")) << refused.message();
  EXPECT_TRUE(Contains(refused.message(), "board 2")) << refused.message();
  // The refusal does not name the card the reporter got wrong.
  EXPECT_FALSE(Contains(refused.message(), "D-10")) << refused.message();
  EXPECT_FALSE(Contains(refused.message(), "diamonds")) << refused.message();
  const std::vector<v1::ResultEntry> listed = Results(event, table.name, true);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].board_number(), 1);
}

// Reports that contradict the board are refused with the rule, and nothing is written.
TEST_F(PhysicalResultsTest, ContradictionsWithTheBoardAreRejected) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport turned = HeartsTournee(70, 6);
  turned.set_turned_card("H-7");  // a heart, as a hearts Tournée turns, but not skat card 1
  ExpectRejected(event, table, 1, turned, "not skat card 1");
  ExpectRejected(event, table, 1, turned, "RULES G1, G2, C4");
  turned.set_turned_card("D-10");  // skat card 2 of board 1; a diamond makes no hearts game
  ExpectRejected(event, table, 1, turned, "turned card D-10 does not allow a hearts tournee");
  // No trick: only the skat's 10 points count for a hand game's declarer (RULES N4).
  ExpectRejected(event, table, 1, HeartsSolo(15, 0), "without a trick");
  // XI.2 belongs to games that take the skat.
  v1::PhysicalReport hand_discards = HeartsSolo(70, 6);
  hand_discards.set_discarded(3);
  ExpectRejected(event, table, 1, hand_discards, "XI.2");
  // Ramsch numbers that do not add up to 120 (RULES C1).
  v1::PhysicalReport ramsch;
  ramsch.set_kind(v1::GameResult::KIND_RAMSCH);
  for (int p : {50, 40, 20}) ramsch.add_card_points(p);
  for (int t : {4, 3, 3}) ramsch.add_tricks(t);
  ramsch.set_last_trick(v1::DIRECTION_FOREHAND);
  ExpectRejected(event, table, 1, ramsch, "120");
  // A game the profile does not have (Frage is banned under nasl-1909) cannot have been played.
  ExpectRejected(
      event, table, 1,
      GameReport(v1::DIRECTION_FOREHAND, v1::SKAT_HANDLING_FRAGE, v1::GAME_TYPE_HEARTS, 70, 6),
      "report for board 1");
  // The offender of X.16 may not be the declarer.
  v1::PhysicalReport barred = HeartsSolo(70, 6);
  AddFine(barred, "player-looks", 1);
  ExpectRejected(event, table, 1, barred, "X.16");
}

// Malformed reports: every field checked, the message naming it.
TEST_F(PhysicalResultsTest, MalformedReportsNameTheField) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  ExpectRejected(event, table, 1, v1::PhysicalReport(), "report.kind");
  v1::PhysicalReport r = HeartsSolo(70, 6);
  r.set_declarer(v1::DIRECTION_UNSPECIFIED);
  ExpectRejected(event, table, 1, r, "report.declarer");
  r = HeartsSolo(70, 6);
  r.clear_declaration();
  ExpectRejected(event, table, 1, r, "report.declaration is missing");
  r = HeartsSolo(70, 6);
  r.mutable_declaration()->set_game(v1::GAME_TYPE_UNSPECIFIED);
  ExpectRejected(event, table, 1, r, "report.declaration.game");
  ExpectRejected(event, table, 1, HeartsSolo(-5, 6), "report.declarer_points -5");
  r = HeartsSolo(70, 6);
  r.set_turned_card("X-11");
  ExpectRejected(event, table, 1, r, "report.turned_card");
  r = HeartsSolo(70, 6);
  r.add_card_points(70);
  ExpectRejected(event, table, 1, r, "report.card_points belongs to a Ramsch");
  r = HeartsSolo(70, 6);
  AddFine(r, "dealer-peeks", 3);
  ExpectRejected(event, table, 1, r, "report.fines[0].kind");
  r = HeartsSolo(70, 6);
  AddFine(r, "skat-in-hand", 4);  // no resting dealer at 3 chairs
  ExpectRejected(event, table, 1, r, "report.fines[0].party 4");
  r = HeartsSolo(70, 6);
  AddFine(r, "skat-in-hand", 0);
  ExpectRejected(event, table, 1, r, "report.fines[0].party 0");
  r = MiddlehandRevokes();
  r.mutable_play_error()->set_seat(v1::DIRECTION_UNSPECIFIED);
  ExpectRejected(event, table, 1, r, "report.play_error.seat");
  r = HeartsSolo(10, 0);
  r.set_conceded_after_tricks(1);
  ExpectRejected(event, table, 1, r, "neither report.conceded nor report.defenders_conceded");
  v1::PhysicalReport ramsch;
  ramsch.set_kind(v1::GameResult::KIND_RAMSCH);
  ramsch.add_card_points(120);
  ExpectRejected(event, table, 1, ramsch, "a Ramsch needs 3 of each");
  ramsch.set_declarer(v1::DIRECTION_FOREHAND);
  ExpectRejected(event, table, 1, ramsch, "report.declarer belongs to a declarer game");
  // A board the table does not play.
  ExpectRejected(event, table, 3, HeartsSolo(70, 6), "board_number 3");
}

// 000 §11, D25, D71 (engine test ContraAndRecontraMultiplyTheGameAsOnline): under
// eichhorn-1898+contra rearhand said Contra and forehand answered Re-contra on the ♥ Solo with 2
// won simply, V = 30: (+3V, 0, -2V). Under nasl-1909 the same report is refused with the rule
// (FAILED_PRECONDITION, reason "not-allowed"); a Re-contra without a Contra, or a Contra on a
// passed-in deal, names the field.
TEST_F(PhysicalResultsTest, ReportedRecontraIsScoredWhereTheProfileHasContra) {
  const Event event = MakeEvent("eichhorn-1898+contra");
  const OpenedTable table = ThreeChairTable(event);
  v1::PhysicalReport report = HeartsSolo(70, 6);
  report.set_contra_by(v1::DIRECTION_REARHAND);
  report.set_recontra(true);
  const v1::ResultEntry entry = Submitted(table.seats[0], table.name, 1, report);
  EXPECT_EQ(Pad(entry), (std::vector<int>{90, 0, -60}));
  EXPECT_TRUE(Contains(entry.result().summary(), "re-contra by rearhand"))
      << entry.result().summary();

  const OpenedTable other = ThreeChairTable(event);
  v1::PhysicalReport lone = HeartsSolo(70, 6);
  lone.set_recontra(true);
  ExpectRejected(event, other, 1, lone, "report.recontra is set, but report.contra_by is not");
  v1::PhysicalReport passed;
  passed.set_kind(v1::GameResult::KIND_PASSED_IN);
  passed.set_contra_by(v1::DIRECTION_MIDDLEHAND);
  ExpectRejected(event, other, 1, passed, "report.contra_by belongs to a declarer game");

  const Event nasl = MakeEvent();
  const OpenedTable nasl_table = ThreeChairTable(nasl);
  const Outcome refused = Submit(nasl_table.seats[0], nasl_table.name, 1, report);
  EXPECT_EQ(refused.code(), StatusCode::FAILED_PRECONDITION) << refused.message();
  EXPECT_EQ(refused.reason, "not-allowed");
  EXPECT_TRUE(Contains(refused.message(), "nasl-1909 has no Contra (000 §11")) << refused.message();
  EXPECT_TRUE(Results(nasl, nasl_table.name, /*include_history=*/true).empty());
}

// D73, D74 (engine test IskoGiveUpTest.PhysicalReportsSettleTheFourExamplesAsOnline): under
// isko a concession reported from a physical table is a party giving up, settled as online.
// Forehand's diamonds after the pickup with 6 (simple 63): bid 66, a defender concedes before
// the first card, schneider +72 (ISkO 4.1.5); bid 18, the declarer gives up holding 71 with the
// defenders at 25 in 2 tricks, +63 (4.1.3). Under isko+iss the first is the ISS's concession,
// overbid -144, and the defenders' numbers are refused.
TEST_F(PhysicalResultsTest, IskoConcessionsAreSettledAsTheIskoGivesUp) {
  const Board diamonds = *ParseBoard(
      "F: C-J S-J H-J D-J D-A D-10 C-A C-10 S-A H-A; M: D-K D-Q C-K C-Q C-9 S-10 S-K S-Q H-10 H-K;"
      " R: D-9 D-8 D-7 C-8 C-7 S-9 S-8 S-7 H-Q H-9; S: H-8 H-7");
  v1::PhysicalReport bid66 =
      GameReport(v1::DIRECTION_FOREHAND, v1::SKAT_HANDLING_PICKUP, v1::GAME_TYPE_DIAMONDS, 0, 0);
  bid66.set_floor(66);
  bid66.set_defenders_conceded(true);
  v1::PhysicalReport resigned =
      GameReport(v1::DIRECTION_FOREHAND, v1::SKAT_HANDLING_PICKUP, v1::GAME_TYPE_DIAMONDS, 71, 5);
  resigned.set_conceded(true);
  resigned.set_conceded_after_tricks(7);
  resigned.set_defender_points(25);
  resigned.set_defender_tricks(2);

  const Event isko = MakeEvent("isko");
  const OpenedTable table = Open(isko, MakeSet(isko, 3, {diamonds, diamonds}), {1, 2});
  const v1::ResultEntry awarded = Submitted(table.seats[0], table.name, 1, bid66);
  EXPECT_EQ(Pad(awarded), (std::vector<int>{72, 0, 0}));
  EXPECT_TRUE(Contains(awarded.result().summary(), "defenders gave up"))
      << awarded.result().summary();
  EXPECT_TRUE(awarded.report().defenders_conceded());
  const v1::ResultEntry won = Submitted(table.seats[0], table.name, 2, resigned);
  EXPECT_EQ(Pad(won), (std::vector<int>{63, 0, 0}));
  EXPECT_EQ(won.report().defender_points(), 25);

  const Event iss = MakeEvent("isko+iss");
  const OpenedTable iss_table = Open(iss, MakeSet(iss, 3, {diamonds, diamonds}), {1, 2});
  EXPECT_EQ(Pad(Submitted(iss_table.seats[0], iss_table.name, 1, bid66)),
            (std::vector<int>{-144, 0, 0}));
  ExpectRejected(iss, Open(iss, MakeSet(iss, 3, {diamonds}), {1}), 1, resigned,
                 "describe a game given up under a profile that settles it by the ISkO");
}

TEST_F(PhysicalResultsTest, OnlySeatsOfTheTableAndTheDirectorEnterResults) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const OpenedTable other = ThreeChairTable(event);
  const Outcome anonymous = Submit("", table.name, 1, HeartsSolo(70, 6));
  EXPECT_EQ(anonymous.code(), StatusCode::UNAUTHENTICATED) << anonymous.message();
  EXPECT_EQ(anonymous.reason, "unauthenticated");
  const Outcome foreign = Submit(other.seats[0], table.name, 1, HeartsSolo(70, 6));
  EXPECT_EQ(foreign.code(), StatusCode::PERMISSION_DENIED) << foreign.message();
  EXPECT_EQ(foreign.reason, "permission-denied");
  EXPECT_TRUE(Results(event, table.name, true).empty());

  Submitted(table.seats[0], table.name, 1, HeartsSolo(70, 6));
  EXPECT_EQ(Confirm(other.seats[1], table.name, 1).code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Confirm("", table.name, 1).code(), StatusCode::UNAUTHENTICATED);
  v1::ListResultsResponse listed;
  EXPECT_EQ(List(other.seats[0], table.name, false, &listed).code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(List("", table.name, false, &listed).code(), StatusCode::UNAUTHENTICATED);
  ASSERT_TRUE(List(table.seats[2], table.name, false, &listed).status.ok());
  EXPECT_EQ(listed.results_size(), 1);

  // Corrections are the director's.
  const Outcome by_seat = Correct(table.seats[1], table.name, 1, HeartsSolo(80, 7), "typo");
  EXPECT_EQ(by_seat.code(), StatusCode::PERMISSION_DENIED) << by_seat.message();
  EXPECT_EQ(Correct("", table.name, 1, HeartsSolo(80, 7), "typo").code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Results(event, table.name, true).size(), 1u);

  // The director confirms a seat's entry.
  v1::ResultEntry confirmed;
  ASSERT_TRUE(Confirm(event.token, table.name, 1, &confirmed).status.ok());
  EXPECT_EQ(confirmed.confirmed_by(), "director");
  EXPECT_TRUE(confirmed.counts());
}

// A correction replaces the current result and keeps the old row with who, when and why.
TEST_F(PhysicalResultsTest, CorrectionKeepsTheOldRowWithWhoWhenAndWhy) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const Outcome nothing = Correct(event.token, table.name, 1, HeartsSolo(70, 6), "late entry");
  EXPECT_EQ(nothing.code(), StatusCode::NOT_FOUND) << nothing.message();

  const v1::ResultEntry first = Submitted(table.seats[0], table.name, 1, HeartsSolo(70, 6));
  ASSERT_TRUE(Confirm(table.seats[1], table.name, 1).status.ok());

  EXPECT_EQ(Correct(event.token, table.name, 1, MiddlehandRevokes(), "").code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Correct(event.token, table.name, 1, MiddlehandRevokes(), "  ").code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Correct(event.token, table.name, 1, MiddlehandRevokes(), std::string(501, 'x')).code(),
            StatusCode::INVALID_ARGUMENT);
  // A contradictory correction changes nothing.
  const Outcome contradictory =
      Correct(event.token, table.name, 1, HeartsSolo(15, 0), "points were wrong");
  EXPECT_EQ(contradictory.code(), StatusCode::INVALID_ARGUMENT) << contradictory.message();
  EXPECT_EQ(Results(event, table.name, true).size(), 1u);

  const std::string reason = "middlehand's revoke in trick 4 was not entered";
  v1::ResultEntry corrected;
  const Outcome done = Correct(event.token, table.name, 1, MiddlehandRevokes(), reason, &corrected);
  ASSERT_TRUE(done.status.ok()) << done.message();
  EXPECT_EQ(Pad(corrected), (std::vector<int>{40, -40, 0}));
  EXPECT_EQ(corrected.entered_by(), "director");
  EXPECT_EQ(corrected.confirmed_by(), "director");
  EXPECT_TRUE(corrected.counts());
  EXPECT_NE(corrected.id(), first.id());

  std::vector<v1::ResultEntry> current = Results(event, table.name);
  ASSERT_EQ(current.size(), 1u);
  EXPECT_EQ(current[0].id(), corrected.id());
  EXPECT_TRUE(current[0].counts());

  // With the history: the current row first, then the replaced one with who, when and why.
  const std::vector<v1::ResultEntry> history = Results(event, table.name, true);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].id(), corrected.id());
  const v1::ResultEntry& old = history[1];
  EXPECT_EQ(old.id(), first.id());
  EXPECT_EQ(old.replaced_by(), corrected.id());
  EXPECT_EQ(old.correction_reason(), reason);
  EXPECT_EQ(old.corrected_by(), "director");
  EXPECT_GT(old.correct_time().seconds(), 0);
  EXPECT_FALSE(old.counts());
  EXPECT_EQ(old.entered_by(), "chair 1");
  EXPECT_EQ(old.confirmed_by(), "chair 2");
  EXPECT_EQ(Pad(old), (std::vector<int>{30, 0, 0}));
  EXPECT_EQ(old.report().declarer_points(), 70);

  // The corrected result is confirmed; a seat cannot confirm it again.
  EXPECT_EQ(Confirm(table.seats[2], table.name, 1).code(), StatusCode::FAILED_PRECONDITION);
}

// AIP-158 pages in the documented order (current results by board, then the replaced ones by
// board and id); a token works only for the list it came from.
TEST_F(PhysicalResultsTest, ListResultsSendsPages) {
  const Event event = MakeEvent();
  const OpenedTable table = Open(event, MakeSet(event, 3, {TestBoard(), TestBoard()}), {1, 2});
  const int64_t b1 = Submitted(event.token, table.name, 1, HeartsSolo(70, 6)).id();
  const int64_t b2 = Submitted(event.token, table.name, 2, HeartsSolo(70, 6)).id();
  std::vector<int64_t> corrections;
  for (const auto& [board, report] : std::vector<std::pair<int, v1::PhysicalReport>>{
           {1, MiddlehandRevokes()}, {1, HeartsSolo(70, 6)}, {2, MiddlehandRevokes()}}) {
    v1::ResultEntry corrected;
    ASSERT_TRUE(
        Correct(event.token, table.name, board, report, "a revoke", &corrected).status.ok());
    corrections.push_back(corrected.id());
  }
  std::vector<int64_t> whole;
  for (const v1::ResultEntry& r : Results(event, table.name, true)) whole.push_back(r.id());
  const std::vector<int64_t> expected = {corrections[1], corrections[2], b1, corrections[0], b2};
  EXPECT_EQ(whole, expected);

  std::vector<int> sizes;
  std::string history_token;
  EXPECT_EQ(PagedIds(event, table.name, true, 2, &sizes, &history_token), expected);
  EXPECT_EQ(sizes, (std::vector<int>{2, 2, 1}));
  sizes.clear();
  std::string current_token;
  EXPECT_EQ(PagedIds(event, table.name, false, 1, &sizes, &current_token),
            (std::vector<int64_t>{corrections[1], corrections[2]}));
  EXPECT_EQ(sizes, (std::vector<int>{1, 1}));

  // The history's token is not one of the current results' list, nor of another table's.
  v1::ListResultsRequest request;
  request.set_table(table.name);
  request.set_page_token(history_token);
  v1::ListResultsResponse ignored;
  EXPECT_EQ(stub_->ListResults(Context(event.token).get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  const OpenedTable other = ThreeChairTable(event);
  request.set_table(other.name);
  request.set_page_token(current_token);
  EXPECT_EQ(stub_->ListResults(Context(event.token).get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  request.set_page_token("");
  request.set_page_size(-1);
  EXPECT_EQ(stub_->ListResults(Context(event.token).get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(PhysicalResultsTest, OnlineTablesTakeNoResults) {
  const Event event = MakeEvent();
  const OpenedTable table =
      Open(event, MakeSet(event, 3, {TestBoard()}), {1}, v1::TABLE_MODE_ONLINE);
  const Outcome outcome = Submit(table.seats[0], table.name, 1, HeartsSolo(70, 6));
  EXPECT_EQ(outcome.code(), StatusCode::FAILED_PRECONDITION) << outcome.message();
  EXPECT_EQ(outcome.reason, "not-allowed");
  EXPECT_TRUE(Contains(outcome.message(), table.name)) << outcome.message();
  EXPECT_EQ(Submit(event.token, table.name, 1, HeartsSolo(70, 6)).code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Confirm(table.seats[1], table.name, 1).code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Correct(event.token, table.name, 1, HeartsSolo(70, 6), "x").code(),
            StatusCode::FAILED_PRECONDITION);
  EXPECT_TRUE(Results(event, table.name, true).empty());
}

// RULES C3, S2: at a 4-chair table the pad has the resting dealer's entry too (engine tests
// DefenderRevokesAtAFourPlayerTable, DealerLooksAtTheSkatFineTen).
TEST_F(PhysicalResultsTest, FourChairTableHasTheRestingDealersEntry) {
  const Event event = MakeEvent();
  const OpenedTable table = Open(event, MakeSet(event, 4, {TestBoard(), TestBoard()}), {1, 2});
  ASSERT_EQ(table.seats.size(), 4u);
  const v1::ResultEntry revoke = Submitted(table.seats[3], table.name, 1, MiddlehandRevokes());
  EXPECT_EQ(Pad(revoke), (std::vector<int>{40, -40, 0, 0}));
  EXPECT_EQ(revoke.entered_by(), "chair 4");
  // The resting dealer looks at the skat: fine 10 (XI.3), kept apart; the game scores as played.
  v1::PhysicalReport looks = HeartsSolo(70, 6);
  AddFine(looks, "dealer-looks", 4);
  const v1::ResultEntry fined = Submitted(table.seats[0], table.name, 2, looks);
  EXPECT_EQ(Pad(fined), (std::vector<int>{30, 0, 0, 0}));
  EXPECT_TRUE(Contains(fined.result().summary(), "resting dealer -10 (dealer-looks)"))
      << fined.result().summary();
  EXPECT_EQ(Confirm(table.seats[3], table.name, 1).code(), StatusCode::FAILED_PRECONDITION);
  ASSERT_TRUE(Confirm(table.seats[1], table.name, 1).status.ok());
  const std::vector<v1::ResultEntry> listed = Results(event, table.name);
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(Pad(listed[0]), (std::vector<int>{40, -40, 0, 0}));
  EXPECT_TRUE(listed[0].counts());
  EXPECT_FALSE(listed[1].counts());
}

// Every card's name, the board's skat card 1 (H-8, what a Tournée turns) last.
std::vector<std::string> TurnedCardGuesses() {
  const Card right = TestBoard().skat[0];
  std::vector<std::string> out;
  for (int i = 0; i < kCardCount; ++i) {
    if (Card::FromIndex(i) != right) out.push_back(ToString(Card::FromIndex(i)));
  }
  out.push_back(ToString(right));
  return out;
}

// validate_only (AIP-163): the entry a report would make, and nothing stored. A seat's check is
// read from the report alone (docs/tables.md "What a check tells a seat"): a suit game's value is
// withheld, for it needs the matadors; a Null's is given; a turned card is checked against the
// game the report names, not against the board; a refused check is neither kept nor counted. The
// director's check is scored on the board, and its refusal kept like any of the director's.
TEST_F(PhysicalResultsTest, ValidateOnlyOfASeatReadsTheReportAlone) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const std::string& seat = table.seats[1];
  v1::ResultEntry preview;
  ASSERT_TRUE(Submit(seat, table.name, 1, HeartsTournee(70, 6), &preview, /*validate_only=*/true)
                  .status.ok());
  EXPECT_EQ(preview.entered_by(), "chair 2");
  EXPECT_EQ(preview.id(), 0);
  EXPECT_FALSE(preview.counts());
  EXPECT_TRUE(preview.value_withheld());
  EXPECT_EQ(preview.pad_size(), 0);
  EXPECT_EQ(preview.result().pad_size(), 0);
  EXPECT_EQ(preview.result().value(), 0);
  EXPECT_FALSE(preview.result().won());
  EXPECT_EQ(preview.result().summary(),
            "forehand hearts tournee: the value is computed when the result is entered (70 card "
            "points, 6 tricks)");
  EXPECT_EQ(preview.report().declarer_points(), 70);

  v1::PhysicalReport null =
      GameReport(v1::DIRECTION_MIDDLEHAND, v1::SKAT_HANDLING_HAND, v1::GAME_TYPE_NULL, 0, 0);
  ASSERT_TRUE(Submit(seat, table.name, 1, null, &preview, true).status.ok());
  EXPECT_FALSE(preview.value_withheld());
  EXPECT_TRUE(preview.result().won());
  ASSERT_EQ(preview.pad_size(), 3);
  EXPECT_EQ(preview.pad(1), preview.result().value());
  EXPECT_GT(preview.pad(1), 0);

  // H-7 is a heart but not skat card 1 (H-8): the check accepts it, the entry refuses it.
  v1::PhysicalReport seven = HeartsTournee(70, 6);
  seven.set_turned_card("H-7");
  EXPECT_TRUE(Submit(seat, table.name, 1, seven, nullptr, true).status.ok());
  for (const std::string card : {"C-7", "S-7", "D-7", "C-8", "S-8"}) {
    v1::PhysicalReport wrong = HeartsTournee(70, 6);
    wrong.set_turned_card(card);
    const Outcome refused = Submit(seat, table.name, 1, wrong, nullptr, true);
    EXPECT_EQ(refused.code(), StatusCode::INVALID_ARGUMENT) << card;
    EXPECT_TRUE(Contains(refused.message(), "turned card " + card + " does not allow"))
        << refused.message();
  }
  EXPECT_TRUE(Submit(seat, table.name, 1, HeartsTournee(70, 6), nullptr, true).status.ok());
  v1::ListRefusedReportsResponse page;
  ASSERT_TRUE(ListRefused(event.token, table.name, 10, "", &page).status.ok());
  EXPECT_EQ(page.refused_reports_size(), 0);

  const Outcome entered = Submit(seat, table.name, 1, seven);
  EXPECT_EQ(entered.code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(Contains(entered.message(), "not skat card 1")) << entered.message();
  const Outcome director = Submit(event.token, table.name, 1, seven, nullptr, true);
  EXPECT_TRUE(Contains(director.message(), "not skat card 1")) << director.message();
  ASSERT_TRUE(ListRefused(event.token, table.name, 10, "", &page).status.ok());
  EXPECT_EQ(page.refused_reports_size(), 2);
  ASSERT_TRUE(Submit(event.token, table.name, 1, HeartsTournee(70, 6), &preview, true).status.ok());
  EXPECT_FALSE(preview.value_withheld());
  EXPECT_EQ(preview.pad_size(), 3);
  EXPECT_TRUE(Contains(preview.result().summary(), "with 2")) << preview.result().summary();
  EXPECT_TRUE(Results(event, table.name, /*include_history=*/true).empty());
}

v1::GameType SuitGameOf(Suit suit) {
  switch (suit) {
    case Suit::kClubs: return v1::GAME_TYPE_CLUBS;
    case Suit::kSpades: return v1::GAME_TYPE_SPADES;
    case Suit::kHearts: return v1::GAME_TYPE_HEARTS;
    case Suit::kDiamonds: return v1::GAME_TYPE_DIAMONDS;
  }
  return v1::GAME_TYPE_UNSPECIFIED;
}

// The checks of the outside probe (docs/reliability.md "Hostile input"): at a table whose board
// nobody has played yet, a seat checks a hand game of grand and of every suit for each declarer,
// with card points that a hand game's skat may or may not hold, and, as declarer, a Tournée of
// every game with the card unnamed and one naming each card outside its own hand.
std::vector<v1::PhysicalReport> ProbeReports(Direction seat, CardSet own) {
  const v1::GameType games[] = {v1::GAME_TYPE_GRAND, v1::GAME_TYPE_CLUBS, v1::GAME_TYPE_SPADES,
                                v1::GAME_TYPE_HEARTS, v1::GAME_TYPE_DIAMONDS};
  std::vector<v1::PhysicalReport> out;
  for (Direction declarer : kDirections) {
    for (v1::GameType game : games) {
      for (const auto& [points, tricks] : {std::pair{70, 6}, std::pair{15, 0}, std::pair{40, 3}}) {
        out.push_back(GameReport(ToProto(declarer), v1::SKAT_HANDLING_HAND, game, points, tricks));
      }
    }
  }
  for (v1::GameType game : games) {
    out.push_back(GameReport(ToProto(seat), v1::SKAT_HANDLING_TOURNEE, game, 70, 6));
  }
  for (Card card : ~own) {
    v1::PhysicalReport r =
        GameReport(ToProto(seat), v1::SKAT_HANDLING_TOURNEE, SuitGameOf(card.suit()), 70, 6);
    r.set_turned_card(ToString(card));
    out.push_back(r);
  }
  return out;
}

// docs/tables.md "What a check tells a seat": every answer to a seat's validate_only check of the
// board its table plays now is the same on two boards that agree on that seat's hand (code,
// reason, message and the whole entry; only the table's name differs, and is replaced). The
// answers do not tell the matadors, the skat or another hand, and a refused check is not counted.
TEST_F(PhysicalResultsTest, SeatChecksAnswerAlikeOnBoardsThatAgreeOnItsHand) {
  const Event event = MakeEvent();
  Rng rng(41);
  auto answer = [&](const std::string& token, const std::string& table,
                    const v1::PhysicalReport& report) {
    v1::ResultEntry entry;
    const Outcome o = Submit(token, table, 1, report, &entry, /*validate_only=*/true);
    std::string text = std::to_string(o.code()) + " " + o.reason + " " + o.message() + " | " +
                       entry.ShortDebugString();
    for (size_t at; (at = text.find(table)) != std::string::npos;)
      text.replace(at, table.size(), "T");
    return text;
  };
  int answers = 0;
  int differing = 0;
  std::string first;
  for (int pair = 0; pair < 2; ++pair) {
    for (int chair = 1; chair <= 3; ++chair) {
      const Direction seat = static_cast<Direction>(chair - 1);  // board 1: chair 1 is forehand
      const Board a = testing_boards::RandomBoard(rng);
      const Board b = testing_boards::Redealt(a, seat, rng);
      const OpenedTable ta = Open(event, MakeSet(event, 3, {a}), {1});
      const OpenedTable tb = Open(event, MakeSet(event, 3, {b}), {1});
      for (const v1::PhysicalReport& report : ProbeReports(seat, a.hand(seat))) {
        const std::string on_a = answer(ta.seats[chair - 1], ta.name, report);
        const std::string on_b = answer(tb.seats[chair - 1], tb.name, report);
        ++answers;
        // Every probe is a suit game or grand the report alone allows: answered, its value
        // withheld.
        EXPECT_TRUE(Contains(on_a, "value_withheld: true")) << on_a;
        if (on_a == on_b) continue;
        if (differing++ == 0) {
          first = "chair " + std::to_string(chair) + ", " + report.ShortDebugString() + "\n  on " +
                  ToString(a) + ": " + on_a + "\n  on " + ToString(b) + ": " + on_b;
        }
      }
      for (const OpenedTable* t : {&ta, &tb}) {  // nothing kept, nothing counted
        v1::ListRefusedReportsResponse refused;
        ASSERT_TRUE(ListRefused(event.token, t->name, 10, "", &refused).status.ok());
        EXPECT_EQ(refused.refused_reports_size(), 0);
        EXPECT_TRUE(Results(event, t->name, /*include_history=*/true).empty());
      }
    }
  }
  EXPECT_EQ(differing, 0) << differing << " of " << answers << " answers differ; the first:\n"
                          << first;
}

// A seat's kept refusal without its ending "; N tries left" (KeepRefused), as the director's list
// keeps it; `left` is set to N (-1: no such ending).
std::string WithoutTriesLeft(const std::string& message, int* left) {
  *left = -1;
  const size_t at = message.rfind("; ");
  if (at == std::string::npos) return message;
  const std::string end = message.substr(at + 2);
  for (const char* word : {" tries left", " try left"}) {
    const size_t w = end.find(word);
    if (w != std::string::npos && w + std::string(word).size() == end.size() && w > 0) {
      *left = std::stoi(end.substr(0, w));
      return message.substr(0, at);
    }
  }
  return message;
}

// docs/tables.md "Refused reports": a seat that tries every card as the turned card of a board
// its table has not reached learns nothing (every card is answered alike, but for the tries left,
// which count the refusals and not the cards); of the board it plays it learns at most three
// guesses' worth: three refusals that name only the guessed card, then the same refusal for every
// card, the right one included. Every refused report is kept and listed to the director page by
// page, and the director still enters the board.
TEST_F(PhysicalResultsTest, SeatsLearnNoCardFromRefusals) {
  const Event event = MakeEvent();
  const OpenedTable table = ThreeChairTable(event);
  const std::vector<std::string> guesses = TurnedCardGuesses();
  ASSERT_EQ(guesses.size(), 32u);
  auto guess = [&](const std::string& token, int board) {
    std::vector<Outcome> out;
    for (const std::string& card : guesses) {
      v1::PhysicalReport report = HeartsTournee(70, 6);
      report.set_turned_card(card);
      out.push_back(Submit(token, table.name, board, report));
    }
    return out;
  };

  const std::vector<Outcome> future = guess(table.seats[1], 2);
  int left = 0;
  int first_left = 0;
  const std::string first = WithoutTriesLeft(future[0].message(), &first_left);
  for (size_t i = 0; i < future.size(); ++i) {
    EXPECT_EQ(future[i].code(),
              i < 3 ? StatusCode::FAILED_PRECONDITION : StatusCode::PERMISSION_DENIED)
        << guesses[i] << ": " << future[i].message();
    const std::string bare = WithoutTriesLeft(future[i].message(), &left);
    EXPECT_EQ(bare, i < 3 ? first : future[3].message()) << guesses[i];
    EXPECT_EQ(left, i < 3 ? 2 - static_cast<int>(i) : -1) << future[i].message();
  }
  EXPECT_EQ(future[0].reason, "not-allowed");
  EXPECT_TRUE(Contains(future[0].message(), "board 1, before it")) << future[0].message();

  const std::vector<Outcome> current = guess(table.seats[2], 1);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(current[i].code(), StatusCode::INVALID_ARGUMENT) << current[i].message();
    EXPECT_TRUE(Contains(current[i].message(), guesses[i])) << current[i].message();
    EXPECT_FALSE(Contains(current[i].message(), "H-8")) << current[i].message();
  }
  for (size_t i = 3; i < current.size(); ++i) {
    EXPECT_EQ(current[i].code(), StatusCode::PERMISSION_DENIED) << guesses[i];
    EXPECT_EQ(current[i].message(), current[3].message()) << guesses[i];
  }
  // The count is the table's, not the chair's.
  EXPECT_EQ(Submit(table.seats[0], table.name, 1, HeartsTournee(70, 6)).code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(Results(event, table.name, /*include_history=*/true).empty());

  v1::ListRefusedReportsResponse page;
  ASSERT_TRUE(ListRefused(event.token, table.name, 4, "", &page).status.ok());
  ASSERT_EQ(page.refused_reports_size(), 4);
  EXPECT_FALSE(page.next_page_token().empty());
  const v1::RefusedReport& oldest = page.refused_reports(0);
  EXPECT_EQ(oldest.table(), table.name);
  EXPECT_EQ(oldest.board_number(), 2);
  EXPECT_EQ(oldest.entered_by(), "chair 2");
  EXPECT_EQ(oldest.reason(), "not-allowed");
  EXPECT_EQ(oldest.message(), first);
  EXPECT_EQ(oldest.report().turned_card(), guesses[0]);
  EXPECT_GT(oldest.enter_time().seconds(), 0);
  EXPECT_EQ(page.refused_reports(3).board_number(), 1);
  EXPECT_EQ(page.refused_reports(3).entered_by(), "chair 3");
  EXPECT_EQ(page.refused_reports(3).reason(), "invalid-argument");
  EXPECT_EQ(page.refused_reports(3).message(), WithoutTriesLeft(current[0].message(), &left));
  EXPECT_EQ(left, 2);
  v1::ListRefusedReportsResponse rest;
  ASSERT_TRUE(ListRefused(event.token, table.name, 4, page.next_page_token(), &rest).status.ok());
  EXPECT_EQ(rest.refused_reports_size(), 2);
  EXPECT_TRUE(rest.next_page_token().empty());
  EXPECT_EQ(ListRefused(table.seats[0], table.name, 0, "", &rest).code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(ListRefused("", table.name, 0, "", &rest).code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(ListRefused(event.token, table.name, -1, "", &rest).code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(ListRefused(event.token, table.name, 0, "next", &rest).code(),
            StatusCode::INVALID_ARGUMENT);
  // A page token names no row by itself: a made-up id is refused, as is another table's token.
  EXPECT_EQ(ListRefused(event.token, table.name, 0, "1", &rest).code(),
            StatusCode::INVALID_ARGUMENT);
  const OpenedTable other = ThreeChairTable(event);
  EXPECT_EQ(ListRefused(event.token, other.name, 4, page.next_page_token(), &rest).code(),
            StatusCode::INVALID_ARGUMENT);
  // The largest page (1000) is allowed: the store reads one row more to see whether another
  // page follows.
  ASSERT_TRUE(ListRefused(event.token, table.name, 1000, "", &rest).status.ok());
  EXPECT_EQ(rest.refused_reports_size(), 6);
  EXPECT_TRUE(rest.next_page_token().empty());

  // The director's reports are not limited; the board's result is the director's to enter.
  ExpectRejected(event, table, 1, HeartsSolo(15, 0), "without a trick");
  const v1::ResultEntry entered = Submitted(event.token, table.name, 1, HeartsTournee(70, 6));
  EXPECT_TRUE(entered.counts());
}

// A seat of a session's table reports a board once its table has reached it: the earlier boards
// of the table and every board of the previous round have a result entered.
TEST_F(PhysicalResultsTest, RoundsAreReportedInTheMovementsOrder) {
  const Event event = MakeEvent();
  const std::string set_id = MakeSet(event, 3, {TestBoard(), SwappedSkatBoard()});
  std::vector<std::string> first_tokens, second_tokens;
  auto table = [&](int round, int board, std::vector<std::string>& tokens) {
    return SessionTable(event, set_id, "Round " + std::to_string(round), {board}, round, 1, tokens);
  };
  store::SessionRecord session;
  session.event_id = event.id;
  session.id = NewId("se-");
  session.set_id = set_id;
  session.movement = "individual";
  session.tables = {table(1, 1, first_tokens), table(2, 2, second_tokens)};
  Result<store::SessionRecord> stored = store_->CreateSession(session);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  const std::string first = TableResourceName(event.id, session.tables[0].id);
  const std::string second = TableResourceName(event.id, session.tables[1].id);

  v1::PhysicalReport diamonds = HeartsTournee(70, 6);  // board 2 turns D-10
  diamonds.mutable_declaration()->set_game(v1::GAME_TYPE_DIAMONDS);
  const Outcome early = Submit(second_tokens[0], second, 2, diamonds);
  EXPECT_EQ(early.code(), StatusCode::FAILED_PRECONDITION) << early.message();
  EXPECT_TRUE(Contains(early.message(), "round 1 is not finished")) << early.message();
  EXPECT_TRUE(Contains(early.message(), first)) << early.message();

  Submitted(first_tokens[0], first, 1, HeartsSolo(70, 6));
  const v1::ResultEntry entry = Submitted(second_tokens[1], second, 2, diamonds);
  EXPECT_EQ(entry.board_number(), 2);
}

// A gap in the previous round (the director entered round 1's boards out of order): a seat of
// round 2 learns the first board without a result, by table number and playing order, then its
// own table's earlier boards; each refusal is kept (the board's tries left count down).
TEST_F(PhysicalResultsTest, AGapInThePreviousRoundIsNamedInTheRefusal) {
  const Event event = MakeEvent();
  const std::string set_id = MakeSet(event, 3, {TestBoard(), SwappedSkatBoard()});
  std::vector<std::vector<std::string>> tokens(3);
  auto table = [&](int round, int number, std::vector<std::string>& seats) {
    return SessionTable(event, set_id,
                        "Round " + std::to_string(round) + " table " + std::to_string(number),
                        {1, 2}, round, number, seats);
  };
  store::SessionRecord session;
  session.event_id = event.id;
  session.id = NewId("se-");
  session.set_id = set_id;
  session.movement = "individual";
  // Stored in the order round 2, then round 1's table 2 before its table 1.
  session.tables = {table(2, 1, tokens[2]), table(1, 2, tokens[1]), table(1, 1, tokens[0])};
  Result<store::SessionRecord> stored = store_->CreateSession(session);
  ASSERT_TRUE(stored.ok()) << stored.status().ToString();
  const std::string one = TableResourceName(event.id, session.tables[2].id);
  const std::string two = TableResourceName(event.id, session.tables[1].id);
  const std::string late = TableResourceName(event.id, session.tables[0].id);
  v1::PhysicalReport diamonds = HeartsTournee(70, 6);  // board 2 turns D-10
  diamonds.mutable_declaration()->set_game(v1::GAME_TYPE_DIAMONDS);
  const v1::PhysicalReport hearts = HeartsSolo(70, 6);

  Submitted(event.token, one, 2, diamonds);
  Submitted(event.token, two, 2, diamonds);
  const std::string waits = "board 1 of " + late + " is not reached yet: round 1 is not finished";
  const std::string director = "; the director enters any board";
  Outcome early = Submit(tokens[2][0], late, 1, hearts);
  EXPECT_EQ(early.code(), StatusCode::FAILED_PRECONDITION) << early.message();
  EXPECT_EQ(early.message(),
            waits + " (board 1 of " + one + " has no result)" + director + "; 2 tries left");
  Submitted(event.token, one, 1, hearts);
  early = Submit(tokens[2][0], late, 1, hearts);
  EXPECT_EQ(early.message(),
            waits + " (board 1 of " + two + " has no result)" + director + "; 1 try left");
  Submitted(event.token, two, 1, hearts);
  // Round 1 complete: now the table's own order.
  const Outcome own = Submit(tokens[2][0], late, 2, diamonds);
  EXPECT_EQ(own.code(), StatusCode::FAILED_PRECONDITION) << own.message();
  EXPECT_EQ(own.message(), "board 2 of " + late +
                               " is not reached yet: board 1, before it at this table, has no "
                               "result" +
                               director + "; 2 tries left");
  EXPECT_EQ(Submitted(tokens[2][0], late, 1, hearts).board_number(), 1);
  EXPECT_EQ(Submitted(tokens[2][1], late, 2, diamonds).board_number(), 2);
}

}  // namespace
}  // namespace skat::service
