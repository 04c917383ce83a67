// EventService's lists and its limit, over real gRPC on loopback against PostgreSQL (label db):
// ListEvents and ListPlayers a page at a time (AIP-158, services/common/page.h), CreateEvent's
// per-client token bucket (services/common/rate_limit.h) and the retry-after it announces, and
// `skat events list` (the real process) following every page.
#include "services/event/event_service.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <pqxx/pqxx>  // only to count rows; no Store method does
#include <set>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/page.h"
#include "services/common/rate_limit.h"
#include "services/store/store.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "tests/services/run_skat.h"
#include "tests/services/table_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

using grpc::StatusCode;

using testing_table::Context;

int64_t EventRows() {
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  return tx.exec1("SELECT count(*) FROM events")[0].as<int64_t>();
}

class EventServiceTest : public ::testing::Test {
 protected:
  void SetUp() override { Start(EventServiceOptions{}); }
  void TearDown() override { Stop(); }

  void Start(const EventServiceOptions& options) {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    events_ = std::make_unique<EventServiceImpl>(*store_, options);
    grpc::ServerBuilder builder;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port_);
    builder.RegisterService(events_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port_, 0);
    stub_ = v1::EventService::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port_),
                                                          grpc::InsecureChannelCredentials()));
  }
  void Stop() {
    if (server_) server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    server_.reset();
  }

  // `count` events stored directly (the RPC would meet its own limit), oldest first.
  std::vector<std::string> StoreEvents(int count, const std::string& prefix) {
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
      store::EventRecord e{.id = NewId("ev-"),
                           .name = prefix + " " + std::to_string(i),
                           .profile = "nasl-1909",
                           .director_token_sha256 = Sha256Hex(NewToken())};
      Result<store::EventRecord> made = store_->CreateEvent(e);
      EXPECT_TRUE(made.ok()) << made.status().ToString();
      names.push_back("events/" + e.id);
    }
    return names;
  }

  grpc::Status ListEvents(int page_size, const std::string& page_token,
                          v1::ListEventsResponse* out) {
    v1::ListEventsRequest request;
    request.set_page_size(page_size);
    request.set_page_token(page_token);
    return stub_->ListEvents(Context("").get(), request, out);
  }

  // Every page of ListEvents with `page_size`; the size of each page in *sizes.
  std::vector<std::string> AllEvents(int page_size, std::vector<int>* sizes) {
    std::vector<std::string> names;
    std::string token;
    do {
      v1::ListEventsResponse page;
      const grpc::Status s = ListEvents(page_size, token, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      sizes->push_back(page.events_size());
      for (const v1::Event& e : page.events()) names.push_back(e.name());
      token = page.next_page_token();
    } while (!token.empty());
    return names;
  }

  grpc::Status CreateEvent(const std::string& name, v1::CreateEventResponse* out) {
    v1::CreateEventRequest request;
    request.set_display_name(name);
    return stub_->CreateEvent(Context("").get(), request, out);
  }

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<EventServiceImpl> events_;
  std::unique_ptr<grpc::Server> server_;
  int port_ = 0;
  std::unique_ptr<v1::EventService::Stub> stub_;
};

TEST_F(EventServiceTest, ListEventsSendsEveryEventOncePageByPage) {
  const std::vector<std::string> made = StoreEvents(250, "Spam cup");
  for (const int page_size : {0, 7, 2000}) {
    SCOPED_TRACE("page_size " + std::to_string(page_size));
    std::vector<int> sizes;
    const std::vector<std::string> listed = AllEvents(page_size, &sizes);
    // This program's other tests add events of their own: every one is listed exactly once.
    std::map<std::string, int> seen;
    for (const std::string& name : listed) ++seen[name];
    for (const auto& [name, times] : seen) EXPECT_EQ(times, 1) << name;
    for (const std::string& name : made) EXPECT_EQ(seen.count(name), 1u) << name;
    EXPECT_EQ(static_cast<int64_t>(listed.size()), EventRows());
    // Full pages of the documented size (0: 100; above 1000: 1000), then a shorter last one.
    const int expected = page_size == 0 ? kDefaultPageSize : std::min(page_size, kMaxPageSize);
    ASSERT_FALSE(sizes.empty());
    for (size_t i = 0; i + 1 < sizes.size(); ++i) EXPECT_EQ(sizes[i], expected) << "page " << i;
    EXPECT_GE(sizes.back(), 1);
    EXPECT_LE(sizes.back(), expected);
    EXPECT_EQ(static_cast<int>(sizes.size()),
              (static_cast<int>(listed.size()) + expected - 1) / expected);
  }
  // The order is the order of creation, across page boundaries.
  std::vector<int> sizes;
  const std::vector<std::string> listed = AllEvents(7, &sizes);
  std::vector<std::string> ours;
  for (const std::string& name : listed) {
    if (std::find(made.begin(), made.end(), name) != made.end()) ours.push_back(name);
  }
  EXPECT_EQ(ours, made);
}

TEST_F(EventServiceTest, ListEventsRefusesTokensItDidNotMake) {
  StoreEvents(3, "Token cup");
  v1::ListEventsResponse first;
  ASSERT_TRUE(ListEvents(1, "", &first).ok());
  const std::string token = first.next_page_token();
  ASSERT_FALSE(token.empty());
  v1::ListEventsResponse page;
  EXPECT_TRUE(ListEvents(1, token, &page).ok());
  std::string altered = token;
  altered[altered.size() / 2] = altered[altered.size() / 2] == 'A' ? 'B' : 'A';
  for (const std::string& forged :
       {std::string("42"), std::string("not a token"), altered, token + "A", token.substr(1),
        PageToken("ListPlayers events/ev-aaaaaaaaaa", PageKey{.numbers = {}, .text = "ev-x"})}) {
    SCOPED_TRACE(forged);
    const grpc::Status s = ListEvents(1, forged, &page);
    EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(s.error_message().find("page_token"), std::string::npos) << s.error_message();
  }
  const grpc::Status negative = ListEvents(-1, "", &page);
  EXPECT_EQ(negative.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(negative.error_message().find("page_size -1"), std::string::npos);
}

TEST_F(EventServiceTest, ListPlayersPagesClubsThenPlayers) {
  v1::CreateEventResponse event;
  ASSERT_TRUE(CreateEvent("Club match", &event).ok());
  const std::string& director = event.director_token();
  std::vector<std::string> expected;
  for (const char* club : {"Milwaukee", "Chicago", "Detroit"}) {
    v1::AddClubRequest r;
    r.set_parent(event.event().name());
    r.set_display_name(club);
    v1::Club made;
    ASSERT_TRUE(stub_->AddClub(Context(director).get(), r, &made).ok());
    expected.push_back(made.name());
  }
  for (int i = 0; i < 5; ++i) {
    v1::AddPlayerRequest r;
    r.set_parent(event.event().name());
    r.set_display_name("Player " + std::to_string(i));
    v1::Player made;
    ASSERT_TRUE(stub_->AddPlayer(Context(director).get(), r, &made).ok());
    expected.push_back(made.name());
  }
  // Pages of 3 over 3 clubs and 5 players: [c c c] [p p p] [p p].
  v1::ListPlayersRequest request;
  request.set_parent(event.event().name());
  request.set_page_size(3);
  std::vector<std::string> listed;
  std::vector<std::pair<int, int>> pages;  // clubs, players
  do {
    v1::ListPlayersResponse page;
    const grpc::Status s = stub_->ListPlayers(Context("").get(), request, &page);
    ASSERT_TRUE(s.ok()) << s.error_message();
    pages.emplace_back(page.clubs_size(), page.players_size());
    for (const v1::Club& c : page.clubs()) listed.push_back(c.name());
    for (const v1::Player& p : page.players()) listed.push_back(p.name());
    request.set_page_token(page.next_page_token());
  } while (!request.page_token().empty());
  EXPECT_EQ(listed, expected);
  EXPECT_EQ(pages, (std::vector<std::pair<int, int>>{{3, 0}, {0, 3}, {0, 2}}));

  // A token is bound to its event.
  v1::CreateEventResponse other;
  ASSERT_TRUE(CreateEvent("Other match", &other).ok());
  request.clear_page_token();
  v1::ListPlayersResponse first;
  ASSERT_TRUE(stub_->ListPlayers(Context("").get(), request, &first).ok());
  ASSERT_FALSE(first.next_page_token().empty());
  request.set_parent(other.event().name());
  request.set_page_token(first.next_page_token());
  v1::ListPlayersResponse ignored;
  EXPECT_EQ(stub_->ListPlayers(Context("").get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  request.set_page_token("");
  request.set_page_size(-1);
  EXPECT_EQ(stub_->ListPlayers(Context("").get(), request, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(EventServiceTest, CreateEventIsLimitedPerClientAddress) {
  const RateLimit limit;  // the defaults skatd starts with
  for (int i = 0; i < limit.burst; ++i) {
    v1::CreateEventResponse created;
    const grpc::Status s = CreateEvent("Burst " + std::to_string(i), &created);
    ASSERT_TRUE(s.ok()) << i << ": " << s.error_message();
  }
  const int64_t rows = EventRows();
  v1::CreateEventResponse refused;
  const grpc::Status s = CreateEvent("One too many", &refused);
  EXPECT_EQ(s.error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(s.error_message().find("ipv4:127.0.0.1"), std::string::npos) << s.error_message();
  EXPECT_NE(s.error_message().find("at most 20 at once, then 10 a minute; retry in "),
            std::string::npos)
      << s.error_message();
  EXPECT_EQ(EventRows(), rows);  // nothing written
  EXPECT_TRUE(refused.director_token().empty());
}

TEST_F(EventServiceTest, ServersMayAllowMore) {
  Stop();
  Start(EventServiceOptions{.create_event = {.burst = 30, .per_minute = 1}});
  for (int i = 0; i < 30; ++i) {
    v1::CreateEventResponse created;
    ASSERT_TRUE(CreateEvent("Allowed " + std::to_string(i), &created).ok()) << i;
  }
  v1::CreateEventResponse refused;
  const grpc::Status s = CreateEvent("Over", &refused);
  EXPECT_EQ(s.error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(s.error_message().find("retry in 60 s"), std::string::npos) << s.error_message();
}

// The wait the message names also comes as a number a client can read: trailing metadata
// "retry-after", whole seconds (services/common/grpc_status.h).
TEST_F(EventServiceTest, RefusalCarriesTheWaitAsRetryAfter) {
  Stop();
  Start(EventServiceOptions{.create_event = {.burst = 1, .per_minute = 2}});
  v1::CreateEventResponse created;
  ASSERT_TRUE(CreateEvent("The one allowed", &created).ok());
  v1::CreateEventRequest request;
  request.set_display_name("Over");
  auto context = Context("");
  const grpc::Status s = stub_->CreateEvent(context.get(), request, &created);
  EXPECT_EQ(s.error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(s.error_message().find("retry in 30 s"), std::string::npos) << s.error_message();
  const auto& trailers = context->GetServerTrailingMetadata();
  const auto it = trailers.find("retry-after");
  ASSERT_NE(it, trailers.end()) << "no retry-after";
  EXPECT_EQ(std::string(it->second.data(), it->second.size()), "30");
  EXPECT_EQ(ReasonOf(*context), "resource-exhausted");
}

// `skat events list` asks for every page: more events than one page, each printed once.
TEST_F(EventServiceTest, SkatEventsListPrintsEveryPage) {
  const std::vector<std::string> made = StoreEvents(kMaxPageSize + 50, "Listed cup");
  const testing_cli::Output r =
      testing_cli::Skat("events list --server 127.0.0.1:" + std::to_string(port_));
  ASSERT_EQ(r.exit_code, 0) << r.out.substr(0, 2000);
  std::map<std::string, int> printed;
  size_t start = 0;
  for (size_t end = r.out.find('\n'); end != std::string::npos;
       start = end + 1, end = r.out.find('\n', start)) {
    const std::string line = r.out.substr(start, end - start);
    ++printed[line.substr(0, line.find("  "))];
  }
  for (const std::string& name : made) EXPECT_EQ(printed[name], 1) << name;
  EXPECT_EQ(static_cast<int64_t>(printed.size()), EventRows());
}

TEST(PeerRateLimiterTest, RefillsAtTheRateUpToTheBurst) {
  PeerRateLimiter limiter(RateLimit{.burst = 2, .per_minute = 10}, "calls");
  const auto t0 = PeerRateLimiter::Clock::now();
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.1", t0).ok());
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.1", t0).ok());
  const RateDecision refused = limiter.Take("ipv4:10.0.0.1", t0);
  EXPECT_EQ(refused.status.code(), ErrorCode::kResourceExhausted);
  EXPECT_EQ(refused.retry_after, std::chrono::seconds(6));
  EXPECT_EQ(refused.status.message(),
            "too many calls from ipv4:10.0.0.1: at most 2 at once, then 10 a minute; retry in 6 s");
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.2", t0).ok());  // another address: its own bucket
  EXPECT_EQ(limiter.Take("ipv4:10.0.0.1", t0 + std::chrono::seconds(5)).status.code(),
            ErrorCode::kResourceExhausted);
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.1", t0 + std::chrono::seconds(7)).ok());
  // An hour later the bucket holds the burst again, never more.
  const auto later = t0 + std::chrono::hours(1);
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.1", later).ok());
  EXPECT_TRUE(limiter.Take("ipv4:10.0.0.1", later).ok());
  EXPECT_FALSE(limiter.Take("ipv4:10.0.0.1", later).ok());
}

TEST(PeerRateLimiterTest, TheAddressIsThePeerWithoutItsPort) {
  EXPECT_EQ(PeerAddress("ipv4:127.0.0.1:51234"), "ipv4:127.0.0.1");
  EXPECT_EQ(PeerAddress("ipv6:[::1]:51234"), "ipv6:[::1]");
  EXPECT_EQ(PeerAddress("ipv6:%5B2001:db8::1%5D:443"), "ipv6:%5B2001:db8::1%5D");
  EXPECT_EQ(PeerAddress("ipv4:127.0.0.1"), "ipv4:127.0.0.1");
  EXPECT_EQ(PeerAddress("ipv6:2001:db8::1"), "ipv6:2001:db8::1");
  EXPECT_EQ(PeerAddress("unix:/run/skatd.sock"), "unix:/run/skatd.sock");
  EXPECT_EQ(PeerAddress(""), "");
}

}  // namespace
}  // namespace skat::service
