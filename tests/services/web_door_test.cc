// The web side's door checks and bounds, without a server (docs/web.md "Security", "Bounds per
// client and in total"; docs/deployment.md "Limits"): the Authorization header gRPC may carry,
// the Host names served, the connection table's eviction order, a stream's byte-bounded queue,
// and the division of skatd's open files.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "services/skatd/descriptors.h"
#include "services/web/caller_metadata.h"
#include "services/web/connection_table.h"
#include "services/web/event_queue.h"
#include "services/web/host_names.h"

namespace skat::web {
namespace {

TEST(CallerMetadataTest, BearerInAnyCaseAndNothingGrpcCannotCarry) {
  EXPECT_EQ(AuthorizationMetadata("").value(), "");
  EXPECT_EQ(AuthorizationMetadata("  ").value(), "");
  EXPECT_EQ(AuthorizationMetadata("Bearer abc").value(), "Bearer abc");
  EXPECT_EQ(AuthorizationMetadata("bearer abc").value(), "Bearer abc");
  EXPECT_EQ(AuthorizationMetadata("BEARER \t a-b.c_d~e+f/g== ").value(), "Bearer a-b.c_d~e+f/g==");
  for (const std::string& bad :
       std::vector<std::string>{"Basic dXNlcg==", "Bearer", "Bearer ", "Bearer caf\xc3\xa9",
                                "Bearer a\xff", "Bearer a\tb", "Bearer a b", "Bearer a=b",
                                std::string("Bearer a\0b", 10), "\xff", "Bearerx abc"}) {
    Result<std::string> value = AuthorizationMetadata(bad);
    ASSERT_FALSE(value.ok()) << bad;
    EXPECT_EQ(value.status().code(), ErrorCode::kUnauthenticated);
    EXPECT_TRUE(IsMetadataValue(value.status().message())) << value.status().message();
  }
  EXPECT_NE(AuthorizationMetadata("Bearer caf\xc3\xa9").status().message().find("0xC3 at byte 10"),
            std::string::npos);
}

// Property: over random bytes, every value accepted is printable ASCII starting "Bearer ".
TEST(CallerMetadataTest, RandomHeadersNeverYieldAValueGrpcRefuses) {
  std::mt19937 random(41);
  const std::string alphabet = "Bb earrERAR\t\x01\x7f\x80\xc3\xa9\xff=+/-._~aZ09:;\"\\";
  for (int i = 0; i < 20000; ++i) {
    std::string header = i % 2 ? "Bearer " : "";
    const int length = static_cast<int>(random() % 24);
    for (int j = 0; j < length; ++j) {
      header += i % 3 ? alphabet[random() % alphabet.size()] : static_cast<char>(random());
    }
    Result<std::string> value = AuthorizationMetadata(header);
    if (!value.ok() || value->empty()) continue;
    EXPECT_TRUE(IsMetadataValue(*value)) << header;
    EXPECT_TRUE(value->starts_with("Bearer ")) << header;
  }
}

TEST(HostNamesTest, AddressesLocalhostAndTheNamesGiven) {
  const std::vector<std::string> names = {"skat.Club.example"};
  for (const char* ok :
       {"", "127.0.0.1", "127.0.0.1:8080", "192.168.1.20:80", "localhost", "LOCALHOST:1",
        "a.localhost", "[::1]", "[::1]:8080", "skat.club.example", "SKAT.CLUB.EXAMPLE:443"}) {
    EXPECT_TRUE(IsServedHost(ok, names)) << ok;
  }
  for (const char* bad :
       {"attacker.example", "attacker.example:80", "127.0.0.1.attacker.example", "256.0.0.1",
        "1.2.3", "localhost.attacker", "[::1", "[::1]x", "127.0.0.1:x", "[evil]"}) {
    EXPECT_FALSE(IsServedHost(bad, names)) << bad;
  }
}

TEST(ConnectionTableTest, TheLongestIdleMakesRoomAndBusyOnesStay) {
  ConnectionTable table(/*per_client=*/2, /*total=*/3);
  std::vector<int> closed;
  auto closer = [&closed](int n) { return [&closed, n] { closed.push_back(n); }; };
  const uint64_t a = table.Admit("a", closer(1));
  const uint64_t b = table.Admit("b", closer(2));
  const uint64_t c = table.Admit("c", closer(3));
  ASSERT_NE(a * b * c, 0u);
  EXPECT_NE(table.Admit("a", closer(9)), 0u);  // full: a (idle longest) is closed
  EXPECT_EQ(closed, std::vector<int>{1});
  table.SetIdle(b, false);  // b works on a request; c is idle
  const uint64_t e = table.Admit("e", closer(5));
  EXPECT_NE(e, 0u);
  EXPECT_EQ(closed, (std::vector<int>{1, 3}));
  table.SetIdle(e, false);
  EXPECT_NE(table.Admit("f", closer(6)), 0u);  // the only idle one, a's second, goes
  EXPECT_EQ(closed, (std::vector<int>{1, 3, 9}));
  // Now b, e and f: b and e busy, f idle.
  table.SetIdle(table.Admit("g", closer(7)), false);  // closes f
  EXPECT_EQ(table.Admit("h", closer(8)), 0u);         // nobody idle: refused
  EXPECT_EQ(table.open(), 3);
  table.Remove(b);
  table.Remove(b);  // twice: ignored
  EXPECT_EQ(table.open(), 2);
}

TEST(ConnectionTableTest, PerClientBound) {
  ConnectionTable table(2, 100);
  EXPECT_NE(table.Admit("a", [] {}), 0u);
  const uint64_t second = table.Admit("a", [] {});
  EXPECT_NE(second, 0u);
  EXPECT_EQ(table.Admit("a", [] {}), 0u);
  EXPECT_NE(table.Admit("b", [] {}), 0u);
  table.Remove(second);
  EXPECT_NE(table.Admit("a", [] {}), 0u);
}

TEST(EventQueueTest, NewestOnlyKeepsTheLatestMessageAndTheControlBlocks) {
  auto budget = std::make_shared<QueuedBytes>(1 << 20);
  {
    EventQueue queue(budget, 1000, /*newest_only=*/true);
    for (int i = 0; i < 10000; ++i) ASSERT_TRUE(queue.PushMessage(std::string(600, 'a' + i % 26)));
    queue.PushControl(": keep-alive\n\n");
    ASSERT_TRUE(queue.PushMessage(std::string(900, 'z')));
    EXPECT_EQ(queue.bytes(), 900u);
    EXPECT_EQ(budget->used(), 900u);
    EXPECT_EQ(queue.Pop(), ": keep-alive\n\n");
    EXPECT_EQ(queue.Pop(), std::string(900, 'z'));
    EXPECT_TRUE(queue.empty());
    EXPECT_FALSE(queue.PushMessage(std::string(1001, 'x')));  // alone over the bound
  }
  EXPECT_EQ(budget->used(), 0u);
}

TEST(EventQueueTest, EveryMessageCountsUntilTheStreamOrTheServerBoundIsReached) {
  auto budget = std::make_shared<QueuedBytes>(2500);
  EventQueue first(budget, 2000, /*newest_only=*/false);
  EventQueue second(budget, 2000, false);
  EXPECT_TRUE(first.PushMessage(std::string(1000, 'a')));
  EXPECT_TRUE(first.PushMessage(std::string(1000, 'b')));
  EXPECT_FALSE(first.PushMessage("c"));                     // the stream's bound
  EXPECT_FALSE(second.PushMessage(std::string(600, 'd')));  // the server's bound
  EXPECT_EQ(first.Pop(), std::string(1000, 'a'));
  EXPECT_TRUE(second.PushMessage(std::string(600, 'd')));
  EXPECT_EQ(budget->used(), 1600u);
}

TEST(DescriptorsTest, TheReserveAndTwoHalves) {
  service::DescriptorBudget b = service::DivideDescriptors(1024, 16, /*web=*/true);
  EXPECT_EQ(b.reserve, 96);
  EXPECT_EQ(b.web, 464);
  EXPECT_EQ(b.grpc, 464);
  EXPECT_LE(b.reserve + b.web + b.grpc, 1024);
  b = service::DivideDescriptors(1024, 16, /*web=*/false);
  EXPECT_EQ(b.web, 0);
  EXPECT_EQ(b.grpc, 928);
  b = service::DivideDescriptors(50, 16, true);  // less than the reserve: the least shares
  EXPECT_EQ(b.web, 8);
  EXPECT_EQ(b.grpc, 8);
  EXPECT_NE(b.Describe().find("open files: limit 50"), std::string::npos);
}

}  // namespace
}  // namespace skat::web
