// EventService and DealService over real gRPC on loopback, against a real PostgreSQL (label db;
// tests/services/test_database.h). Covers the board-set life cycle, the director token on every
// guarded RPC, and that no response carries a hidden card before the reveal.
#include "services/deal/deal_service.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/board_set_format.h"
#include "engine/deal/generator.h"
#include "services/event/event_service.h"
#include "services/store/store.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

using grpc::StatusCode;

class DealServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    events_ = std::make_unique<EventServiceImpl>(*store_);
    deals_ = std::make_unique<DealServiceImpl>(*store_);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(events_.get());
    builder.RegisterService(deals_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                       grpc::InsecureChannelCredentials());
    event_stub_ = v1::EventService::NewStub(channel);
    deal_stub_ = v1::DealService::NewStub(channel);
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
  }

  // A context carrying `token` (none when empty).
  static std::unique_ptr<grpc::ClientContext> Context(const std::string& token) {
    auto context = std::make_unique<grpc::ClientContext>();
    if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
    return context;
  }

  v1::CreateEventResponse CreateEvent(const std::string& name = "Milwaukee vs Chicago") {
    v1::CreateEventRequest request;
    request.set_display_name(name);
    v1::CreateEventResponse response;
    auto context = Context("");
    EXPECT_TRUE(event_stub_->CreateEvent(context.get(), request, &response).ok());
    return response;
  }

  grpc::Status CreateSet(const std::string& parent, const std::string& token, int count,
                         v1::BoardSet* out, const std::string& beacon_source = "",
                         int table_size = 3) {
    v1::CreateBoardSetRequest request;
    request.set_parent(parent);
    request.set_board_count(count);
    request.set_table_size(table_size);
    request.set_beacon_source(beacon_source);
    auto context = Context(token);
    return deal_stub_->CreateBoardSet(context.get(), request, out);
  }

  grpc::Status GetBoard(const std::string& set, int number, const std::string& token,
                        v1::Board* out) {
    v1::GetBoardRequest request;
    request.set_board_set(set);
    request.set_number(number);
    auto context = Context(token);
    return deal_stub_->GetBoard(context.get(), request, out);
  }

  grpc::Status Reveal(const std::string& set, const std::string& token, v1::BoardSet* out) {
    v1::RevealBoardSetRequest request;
    request.set_name(set);
    auto context = Context(token);
    return deal_stub_->RevealBoardSet(context.get(), request, out);
  }

  grpc::Status Export(const std::string& set, v1::ExportFormat format, const std::string& token,
                      v1::ExportBoardSetResponse* out) {
    v1::ExportBoardSetRequest request;
    request.set_name(set);
    request.set_format(format);
    auto context = Context(token);
    return deal_stub_->ExportBoardSet(context.get(), request, out);
  }

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<EventServiceImpl> events_;
  std::unique_ptr<DealServiceImpl> deals_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<v1::EventService::Stub> event_stub_;
  std::unique_ptr<v1::DealService::Stub> deal_stub_;
};

TEST_F(DealServiceTest, EventsAreCreatedListedAndValidated) {
  const v1::CreateEventResponse created = CreateEvent();
  EXPECT_EQ(created.director_token().size(), 64u);
  EXPECT_EQ(created.event().profile(), "nasl-1909");
  v1::GetEventRequest get;
  get.set_name(created.event().name());
  v1::Event event;
  auto context = Context("");
  ASSERT_TRUE(event_stub_->GetEvent(context.get(), get, &event).ok());
  EXPECT_EQ(event.display_name(), "Milwaukee vs Chicago");

  v1::CreateEventRequest bad;
  v1::CreateEventResponse ignored;
  context = Context("");
  EXPECT_EQ(event_stub_->CreateEvent(context.get(), bad, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);  // empty display name
  const auto reason = context->GetServerTrailingMetadata().find("skat-reason");
  ASSERT_NE(reason, context->GetServerTrailingMetadata().end());
  EXPECT_EQ(std::string(reason->second.data(), reason->second.size()), "invalid-argument");
  bad.set_display_name("x");
  bad.set_profile("whist-1850");
  context = Context("");
  EXPECT_EQ(event_stub_->CreateEvent(context.get(), bad, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  for (const char* name : {"events/", "event/ev-x", "events/EV_1"}) {
    get.set_name(name);
    context = Context("");
    EXPECT_EQ(event_stub_->GetEvent(context.get(), get, &event).error_code(),
              StatusCode::INVALID_ARGUMENT)
        << name;
  }
  get.set_name("events/ev-aaaaaaaaaa");
  context = Context("");
  EXPECT_EQ(event_stub_->GetEvent(context.get(), get, &event).error_code(), StatusCode::NOT_FOUND);
}

TEST_F(DealServiceTest, CreatingASetNeedsTheDirectorAndSaneSizes) {
  const v1::CreateEventResponse a = CreateEvent();
  const v1::CreateEventResponse b = CreateEvent("Another club");
  const std::string parent = a.event().name();
  v1::BoardSet set;
  EXPECT_EQ(CreateSet(parent, "", 4, &set).error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(CreateSet(parent, std::string(64, 'f'), 4, &set).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(CreateSet(parent, b.director_token(), 4, &set).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(CreateSet(parent, a.director_token(), 0, &set).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(CreateSet(parent, a.director_token(), 1001, &set).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(CreateSet(parent, a.director_token(), 4, &set, "", 5).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(CreateSet("events/ev-aaaaaaaaaa", a.director_token(), 4, &set).error_code(),
            StatusCode::NOT_FOUND);
  // Nothing was half-written by the refusals.
  v1::ListBoardSetsRequest list;
  list.set_parent(parent);
  v1::ListBoardSetsResponse listed;
  auto context = Context("");
  ASSERT_TRUE(deal_stub_->ListBoardSets(context.get(), list, &listed).ok());
  EXPECT_EQ(listed.board_sets_size(), 0);

  ASSERT_TRUE(CreateSet(parent, a.director_token(), 4, &set).ok());
  EXPECT_EQ(set.commitment().size(), 64u);
  EXPECT_TRUE(set.seed().empty());  // secret until the reveal
  EXPECT_TRUE(set.boards_ready());
  EXPECT_EQ(set.board_count(), 4);
  context = Context("");
  ASSERT_TRUE(deal_stub_->ListBoardSets(context.get(), list, &listed).ok());
  ASSERT_EQ(listed.board_sets_size(), 1);
  EXPECT_EQ(listed.board_sets(0).commitment(), set.commitment());
}

// AIP-158 pages: every set once, oldest first; a token works only for its own event.
TEST_F(DealServiceTest, ListBoardSetsSendsPages) {
  const v1::CreateEventResponse a = CreateEvent();
  const v1::CreateEventResponse b = CreateEvent("Another club");
  std::vector<std::string> made;
  for (int i = 0; i < 5; ++i) {
    v1::BoardSet set;
    ASSERT_TRUE(CreateSet(a.event().name(), a.director_token(), 1, &set).ok());
    made.push_back(set.name());
  }
  v1::ListBoardSetsRequest list;
  list.set_parent(a.event().name());
  list.set_page_size(2);
  std::vector<std::string> listed;
  std::vector<int> sizes;
  std::string first_token;
  do {
    v1::ListBoardSetsResponse page;
    const grpc::Status s = deal_stub_->ListBoardSets(Context("").get(), list, &page);
    ASSERT_TRUE(s.ok()) << s.error_message();
    sizes.push_back(page.board_sets_size());
    for (const v1::BoardSet& set : page.board_sets()) listed.push_back(set.name());
    if (first_token.empty()) first_token = page.next_page_token();
    list.set_page_token(page.next_page_token());
  } while (!list.page_token().empty());
  EXPECT_EQ(listed, made);
  EXPECT_EQ(sizes, (std::vector<int>{2, 2, 1}));

  v1::ListBoardSetsResponse ignored;
  list.set_parent(b.event().name());
  list.set_page_token(first_token);
  EXPECT_EQ(deal_stub_->ListBoardSets(Context("").get(), list, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  list.set_parent(a.event().name());
  list.set_page_token("");
  list.set_page_size(-1);
  EXPECT_EQ(deal_stub_->ListBoardSets(Context("").get(), list, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

// docs/architecture.md "Hidden information": before the reveal hidden cards reach only the
// director. Every RPC is tried
// with no token, a wrong token and another event's token.
TEST_F(DealServiceTest, BoardsReachOnlyTheDirectorBeforeTheReveal) {
  const v1::CreateEventResponse a = CreateEvent();
  const v1::CreateEventResponse b = CreateEvent("Another club");
  v1::BoardSet set;
  ASSERT_TRUE(CreateSet(a.event().name(), a.director_token(), 6, &set).ok());
  for (const std::string& token : {std::string(), std::string(64, '0'), b.director_token()}) {
    v1::Board board;
    const grpc::Status s = GetBoard(set.name(), 1, token, &board);
    EXPECT_TRUE(s.error_code() == StatusCode::UNAUTHENTICATED ||
                s.error_code() == StatusCode::PERMISSION_DENIED);
    EXPECT_EQ(board.forehand_size(), 0);
    for (auto format : {v1::EXPORT_FORMAT_ARCHIVE, v1::EXPORT_FORMAT_JSON,
                        v1::EXPORT_FORMAT_PRINTOUT_HTML, v1::EXPORT_FORMAT_PRINTOUT_TEXT}) {
      v1::ExportBoardSetResponse exported;
      EXPECT_FALSE(Export(set.name(), format, token, &exported).ok());
      EXPECT_TRUE(exported.content().empty());
    }
    v1::BoardSet revealed;
    EXPECT_FALSE(Reveal(set.name(), token, &revealed).ok());
    v1::VerifyBoardSetRequest verify;
    verify.set_name(set.name());
    v1::VerifyBoardSetResponse verified;
    auto context = Context(token);
    EXPECT_EQ(deal_stub_->VerifyBoardSet(context.get(), verify, &verified).error_code(),
              StatusCode::FAILED_PRECONDITION);  // the seed is still secret
  }
  // The public calls answer everyone, without the seed.
  v1::GetBoardSetRequest get;
  get.set_name(set.name());
  v1::BoardSet metadata;
  auto context = Context("");
  ASSERT_TRUE(deal_stub_->GetBoardSet(context.get(), get, &metadata).ok());
  EXPECT_TRUE(metadata.seed().empty());
  EXPECT_EQ(metadata.commitment(), set.commitment());
  v1::ListBoardSetsRequest list;
  list.set_parent(a.event().name());
  v1::ListBoardSetsResponse listed;
  context = Context("");
  ASSERT_TRUE(deal_stub_->ListBoardSets(context.get(), list, &listed).ok());
  for (const v1::BoardSet& s : listed.board_sets()) EXPECT_TRUE(s.seed().empty());
  // EnterBeacon is the director's too.
  v1::BoardSet beacon_set;
  ASSERT_TRUE(CreateSet(a.event().name(), a.director_token(), 2, &beacon_set, "drand").ok());
  for (const std::string& token : {std::string(), std::string(64, '0'), b.director_token()}) {
    v1::EnterBeaconRequest beacon;
    beacon.set_name(beacon_set.name());
    beacon.set_beacon_value("42");
    v1::BoardSet entered;
    context = Context(token);
    const grpc::Status s = deal_stub_->EnterBeacon(context.get(), beacon, &entered);
    EXPECT_TRUE(s.error_code() == StatusCode::UNAUTHENTICATED ||
                s.error_code() == StatusCode::PERMISSION_DENIED);
  }
  v1::Board board;
  ASSERT_TRUE(GetBoard(set.name(), 6, a.director_token(), &board).ok());
  EXPECT_EQ(board.forehand_size(), 10);
  EXPECT_EQ(board.middlehand_size(), 10);
  EXPECT_EQ(board.rearhand_size(), 10);
  EXPECT_EQ(board.skat_size(), 2);
  EXPECT_EQ(board.forehand_chair(), 3);  // ((6 - 1) mod 3) + 1
  EXPECT_LT(board.deal_number(), kDealCount);
  EXPECT_EQ(GetBoard(set.name(), 0, a.director_token(), &board).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(GetBoard(set.name(), 7, a.director_token(), &board).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

// The life cycle: commit, reveal once, then anyone verifies, online and from the archive file;
// a tampered archive fails naming its board.
TEST_F(DealServiceTest, RevealedSetsVerifyAndTamperingIsCaught) {
  const v1::CreateEventResponse a = CreateEvent();
  v1::BoardSet set;
  ASSERT_TRUE(CreateSet(a.event().name(), a.director_token(), 5, &set).ok());
  v1::BoardSet revealed;
  ASSERT_TRUE(Reveal(set.name(), a.director_token(), &revealed).ok());
  EXPECT_EQ(revealed.seed().size(), 64u);
  EXPECT_EQ(Reveal(set.name(), a.director_token(), &revealed).error_code(),
            StatusCode::ALREADY_EXISTS);
  // The commitment published before play matches the revealed seed.
  Result<deal::Seed> seed = deal::SeedFromHex(revealed.seed());
  ASSERT_TRUE(seed.ok());
  EXPECT_EQ(deal::Commitment(1, set.label(), *seed, ""), set.commitment());

  v1::Board board;
  ASSERT_TRUE(GetBoard(set.name(), 2, "", &board).ok());  // public after the reveal
  v1::VerifyBoardSetRequest verify;
  verify.set_name(set.name());
  v1::VerifyBoardSetResponse verified;
  auto context = Context("");
  ASSERT_TRUE(deal_stub_->VerifyBoardSet(context.get(), verify, &verified).ok());
  EXPECT_TRUE(verified.ok()) << verified.problem();
  EXPECT_EQ(verified.boards_checked(), 5);

  v1::ExportBoardSetResponse archive;
  ASSERT_TRUE(Export(set.name(), v1::EXPORT_FORMAT_ARCHIVE, "", &archive).ok());
  verify.set_archive(archive.content());
  context = Context("");
  ASSERT_TRUE(deal_stub_->VerifyBoardSet(context.get(), verify, &verified).ok());
  EXPECT_TRUE(verified.ok()) << verified.problem();

  // Swap two cards between forehand and middlehand of board 3 and fix up its deal number, so
  // the file reads cleanly and only the generator can tell.
  Result<BoardSet> parsed = ReadBoardSet(archive.content());
  ASSERT_TRUE(parsed.ok());
  Board& tampered = parsed.value().boards[2].board;
  const Card f = tampered.hands[0].lowest(), m = tampered.hands[1].lowest();
  tampered.hands[0].remove(f);
  tampered.hands[0].add(m);
  tampered.hands[1].remove(m);
  tampered.hands[1].add(f);
  Result<std::string> rewritten = WriteBoardSet(*parsed);
  ASSERT_TRUE(rewritten.ok());
  verify.set_archive(*rewritten);
  context = Context("");
  ASSERT_TRUE(deal_stub_->VerifyBoardSet(context.get(), verify, &verified).ok());
  EXPECT_FALSE(verified.ok());
  EXPECT_NE(verified.problem().find("board 3"), std::string::npos) << verified.problem();

  verify.set_archive("format: nonsense\n");
  context = Context("");
  EXPECT_EQ(deal_stub_->VerifyBoardSet(context.get(), verify, &verified).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

// docs/comparative.md "Board and board set": with a beacon the boards exist only once its value
// is entered, and they are
// the generator's boards for that value.
TEST_F(DealServiceTest, BeaconSetsGenerateBoardsWhenTheValueIsEntered) {
  const v1::CreateEventResponse a = CreateEvent();
  v1::BoardSet set;
  ASSERT_TRUE(CreateSet(a.event().name(), a.director_token(), 3, &set, "DJIA close").ok());
  EXPECT_FALSE(set.boards_ready());
  v1::Board board;
  EXPECT_EQ(GetBoard(set.name(), 1, a.director_token(), &board).error_code(),
            StatusCode::FAILED_PRECONDITION);
  v1::BoardSet revealed;
  EXPECT_EQ(Reveal(set.name(), a.director_token(), &revealed).error_code(),
            StatusCode::FAILED_PRECONDITION);
  v1::EnterBeaconRequest beacon;
  beacon.set_name(set.name());
  beacon.set_beacon_value("34512.07");
  v1::BoardSet entered;
  auto context = Context("");
  EXPECT_EQ(deal_stub_->EnterBeacon(context.get(), beacon, &entered).error_code(),
            StatusCode::UNAUTHENTICATED);
  context = Context(a.director_token());
  ASSERT_TRUE(deal_stub_->EnterBeacon(context.get(), beacon, &entered).ok());
  EXPECT_TRUE(entered.boards_ready());
  context = Context(a.director_token());
  EXPECT_EQ(deal_stub_->EnterBeacon(context.get(), beacon, &entered).error_code(),
            StatusCode::FAILED_PRECONDITION);  // entered once only

  ASSERT_TRUE(Reveal(set.name(), a.director_token(), &revealed).ok());
  Result<deal::Seed> seed = deal::SeedFromHex(revealed.seed());
  ASSERT_TRUE(seed.ok());
  Result<std::vector<Board>> expected = deal::GenerateBoards(1, set.label(), *seed, "34512.07", 3);
  ASSERT_TRUE(expected.ok());
  for (int n = 1; n <= 3; ++n) {
    ASSERT_TRUE(GetBoard(set.name(), n, "", &board).ok());
    EXPECT_EQ(board.deal_number(), DealNumber((*expected)[n - 1])) << "board " << n;
  }
}

}  // namespace
}  // namespace skat::service
