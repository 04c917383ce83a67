// Server streams on gRPC's callback API under the stream limits (services/common/stream_limits.h;
// label db): ScoringService.WatchStandings and TableService.WatchSeat share one limit per client
// address and one in all, a stream beyond either is refused RESOURCE_EXHAUSTED naming the limit's
// flag, a closed stream gives its place back, 200 open streams hold no thread each, and a stream
// still gets the standings again after a result is committed.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "services/common/names.h"
#include "services/common/stream_limits.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/scoring_test_util.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::ScoringServiceTest;
using testing_table::Reason;

// The threads of this process now: the entries of /proc/self/task.
int Threads() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry :
       std::filesystem::directory_iterator("/proc/self/task")) {
    ++n;
  }
  return n;
}

// An open stream and its context. Every context has a deadline: no test can hang on a read.
template <typename Message>
struct Open {
  std::unique_ptr<grpc::ClientContext> context;
  std::unique_ptr<grpc::ClientReader<Message>> reader;
  Message first;
  bool got_first = false;

  // Ends the stream from the client side.
  grpc::Status Close() {
    context->TryCancel();
    Message ignored;
    while (reader->Read(&ignored)) {
    }
    return reader->Finish();
  }
};

std::unique_ptr<grpc::ClientContext> StreamContext(const std::string& token) {
  std::unique_ptr<grpc::ClientContext> context = testing_table::Context(token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  return context;
}

// The boards counted in the standings, summed over the players.
int Boards(const v1::Standings& standings) {
  int boards = 0;
  for (const v1::Standing& s : standings.overall()) boards += s.boards();
  return boards;
}

// Waits (at most 10 s) until `limits` counts `n` open streams; returns the count then.
size_t AwaitOpen(const StreamLimits& limits, size_t n) {
  for (int i = 0; i < 1000 && limits.open() != n; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return limits.open();
}

TEST(PeerAddressTest, IsTheClientAddressWithoutItsPort) {
  EXPECT_EQ(PeerAddress("ipv4:10.0.0.7:53412"), "ipv4:10.0.0.7");
  EXPECT_EQ(PeerAddress("ipv6:[::1]:53412"), "ipv6:[::1]");
  EXPECT_EQ(PeerAddress("ipv6:%5B::1%5D:53412"), "ipv6:%5B::1%5D");
  EXPECT_EQ(PeerAddress("unix:/run/skatd.sock"), "unix:/run/skatd.sock");
  EXPECT_EQ(PeerAddress("ipv4:10.0.0.7"), "ipv4:10.0.0.7");
}

class StreamLimitsTest : public ScoringServiceTest {
 protected:
  // An inter-club session (12 tables, 36 seats); table_ is its first table, seats_ its tokens.
  void StartSession() {
    CreateEventAndSet(12);
    AddClubs();
    v1::StartSessionResponse session;
    ASSERT_TRUE(StartInterClub(&session, director_).ok());
    table_ = session.session().tables(0).table();
    for (const v1::SeatToken& t : session.seat_tokens()) {
      if (t.table() == table_) seats_.push_back(t.token());
    }
    ASSERT_EQ(seats_.size(), 3u);
  }

  Open<v1::Standings> WatchStandings(const std::string& token) {
    Open<v1::Standings> s;
    s.context = StreamContext(token);
    v1::WatchStandingsRequest request;
    request.set_name(SessionScopedName(event_, 0, "standings"));
    s.reader = scoring_stub_->WatchStandings(s.context.get(), request);
    s.got_first = s.reader->Read(&s.first);
    return s;
  }

  Open<v1::SeatUpdate> WatchSeat(const std::string& token) {
    Open<v1::SeatUpdate> s;
    s.context = StreamContext(token);
    v1::WatchSeatRequest request;
    request.set_table(table_);
    s.reader = table_stub_->WatchSeat(s.context.get(), request);
    s.got_first = s.reader->Read(&s.first);
    return s;
  }

  std::string table_;
  std::vector<std::string> seats_;
};

class PerPeerLimitTest : public StreamLimitsTest {
 protected:
  PerPeerLimitTest() { stream_limits_ = StreamLimits::Make({.per_peer = 3, .total = 100}); }
};

// A client address holds at most --max-streams-per-peer streams of both kinds together; the next
// of either kind is refused at once, and a stream the client closes gives its place back.
TEST_F(PerPeerLimitTest, TheStreamBeyondTheLimitIsRefusedUntilOneCloses) {
  StartSession();
  Open<v1::Standings> first = WatchStandings("");
  Open<v1::Standings> second = WatchStandings(director_);
  Open<v1::SeatUpdate> seat = WatchSeat(seats_[0]);
  ASSERT_TRUE(first.got_first && second.got_first && seat.got_first);
  EXPECT_EQ(stream_limits_->open(), 3u);

  Open<v1::Standings> refused = WatchStandings("");
  EXPECT_FALSE(refused.got_first);
  const grpc::Status status = refused.reader->Finish();
  EXPECT_EQ(status.error_code(), StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  EXPECT_EQ(Reason(*refused.context), "resource-exhausted");
  EXPECT_NE(status.error_message().find("ipv4:127.0.0.1 has 3 streams open"), std::string::npos)
      << status.error_message();
  EXPECT_NE(status.error_message().find("--max-streams-per-peer"), std::string::npos);
  EXPECT_NE(status.error_message().find("SKAT_MAX_STREAMS_PER_PEER"), std::string::npos);

  Open<v1::SeatUpdate> refused_seat = WatchSeat(seats_[1]);
  EXPECT_FALSE(refused_seat.got_first);
  const grpc::Status seat_status = refused_seat.reader->Finish();
  EXPECT_EQ(seat_status.error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(seat_status.error_message().find("--max-streams-per-peer"), std::string::npos);
  EXPECT_EQ(stream_limits_->open(), 3u);

  // Closing one stream frees its place (once the server is done with the call).
  first.Close();
  EXPECT_EQ(AwaitOpen(*stream_limits_, 2), 2u);
  Open<v1::Standings> again = WatchStandings("");
  EXPECT_TRUE(again.got_first);
  EXPECT_EQ(stream_limits_->open(), 3u);
  seat.Close();
  EXPECT_EQ(AwaitOpen(*stream_limits_, 2), 2u);
  Open<v1::SeatUpdate> seat_again = WatchSeat(seats_[1]);
  EXPECT_TRUE(seat_again.got_first);
}

class ManyStreamsTest : public StreamLimitsTest {
 protected:
  ManyStreamsTest() { stream_limits_ = StreamLimits::Make({.per_peer = 1000, .total = 1000}); }
};

// 200 open WatchStandings streams (each has had its first message) cost no thread each: the
// process (server and blocking client readers, which use no thread of their own) grows by far
// fewer than 200 threads. A thread per stream (the former synchronous handler) adds 200.
TEST_F(ManyStreamsTest, TwoHundredOpenStreamsHoldNoThreadEach) {
  StartSession();
  // Warm up: the first stream starts gRPC's and the service's threads.
  Open<v1::Standings> warm = WatchStandings("");
  ASSERT_TRUE(warm.got_first);
  const int before = Threads();
  std::vector<Open<v1::Standings>> streams;
  for (int i = 0; i < 200; ++i) {
    streams.push_back(WatchStandings(i % 2 == 0 ? "" : director_));
    ASSERT_TRUE(streams.back().got_first) << "stream " << i;
  }
  const int after = Threads();
  RecordProperty("threads_before", before);
  RecordProperty("threads_with_200_streams", after);
  EXPECT_EQ(stream_limits_->open(), 201u);
  EXPECT_LT(after - before, 20) << before << " threads before the 200 streams, " << after
                                << " with them";
  for (Open<v1::Standings>& s : streams) s.Close();
  EXPECT_EQ(AwaitOpen(*stream_limits_, 1), 1u);
}

class GlobalLimitTest : public StreamLimitsTest {
 protected:
  GlobalLimitTest() { stream_limits_ = StreamLimits::Make({.per_peer = 100, .total = 5}); }
};

// Streams at the server's limit (--max-streams) still get the standings again after a result is
// committed, each for its own audience: the director's stream counts the boards table 1 played,
// the public one not (no other table has played them). Beyond the limit a stream is refused.
TEST_F(GlobalLimitTest, StreamsAtTheLimitGetTheStandingsAfterAResult) {
  StartSession();
  Open<v1::Standings> anyone = WatchStandings("");
  Open<v1::Standings> director = WatchStandings(director_);
  ASSERT_TRUE(anyone.got_first && director.got_first);
  EXPECT_EQ(Boards(anyone.first), 0);
  EXPECT_EQ(Boards(director.first), 0);

  // Table 1 plays its four boards (its three seat streams fill the limit of 5).
  for (const testing_table::SeatLog& log : testing_table::DriveTable(
           *table_stub_, table_, seats_, [](int chair) { return testing_scoring::Bot(chair); })) {
    ASSERT_TRUE(log.error.empty()) << log.error;
  }
  v1::Standings update;
  int director_updates = 0;
  while (Boards(update) < 12 && director.reader->Read(&update)) ++director_updates;
  EXPECT_EQ(Boards(update), 3 * 4) << update.ShortDebugString();  // three players, four boards
  EXPECT_GE(director_updates, 1);
  ASSERT_TRUE(anyone.reader->Read(&update));
  EXPECT_EQ(Boards(update), 0);

  // Three more streams fill the limit again; the next is refused.
  EXPECT_EQ(AwaitOpen(*stream_limits_, 2), 2u);
  std::vector<Open<v1::Standings>> more;
  for (int i = 0; i < 3; ++i) {
    more.push_back(WatchStandings(""));
    EXPECT_TRUE(more.back().got_first);
  }
  Open<v1::Standings> refused = WatchStandings("");
  EXPECT_FALSE(refused.got_first);
  const grpc::Status status = refused.reader->Finish();
  EXPECT_EQ(status.error_code(), StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  EXPECT_NE(status.error_message().find("the server has 5 streams open"), std::string::npos)
      << status.error_message();
  EXPECT_NE(status.error_message().find("--max-streams,"), std::string::npos);
  EXPECT_NE(status.error_message().find("SKAT_MAX_STREAMS"), std::string::npos);
}

}  // namespace
}  // namespace skat::service
