// The table service in-process over real gRPC on loopback, against the throwaway PostgreSQL of
// tests/services/test_database.h, with clients that drive seats the way `skat bot` does: one
// thread per seat reads the seat's WatchSeat stream, records every message, and acts with a
// policy whenever its view offers legal acts.
#ifndef SKAT_TESTS_SERVICES_TABLE_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_TABLE_TEST_UTIL_H_

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "services/deal/deal_service.h"
#include "services/event/event_service.h"
#include "services/store/store.h"
#include "services/table/table_service.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/test_database.h"

namespace skat::service::testing_table {

// A context carrying `token` (none when empty).
inline std::unique_ptr<grpc::ClientContext> Context(const std::string& token) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  return context;
}

// The reason a failed call carries in its trailers ("out-of-turn"), or "".
inline std::string Reason(const grpc::ClientContext& context) {
  const auto& trailers = context.GetServerTrailingMetadata();
  auto it = trailers.find("skat-reason");
  return it == trailers.end() ? "" : std::string(it->second.data(), it->second.size());
}

// An event with a board set and the servers to play it.
class TableServiceFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store =
        store::Store::Connect(testing_db::DatabaseUrl(), 16);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    events_ = std::make_unique<EventServiceImpl>(*store_);
    deals_ = std::make_unique<DealServiceImpl>(*store_);
    tables_ = std::make_unique<TableServiceImpl>(
        *store_, TableServiceOptions{.server_id = "test-server",
                                     .lease_ms = 5000,
                                     .stream_limits = stream_limits_,
                                     .code_guesses = code_guesses_});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(events_.get());
    builder.RegisterService(deals_.get());
    builder.RegisterService(tables_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                   grpc::InsecureChannelCredentials());
    event_stub_ = v1::EventService::NewStub(channel_);
    deal_stub_ = v1::DealService::NewStub(channel_);
    table_stub_ = v1::TableService::NewStub(channel_);
  }
  void TearDown() override {
    if (tables_) tables_->StopStreams();
    if (server_) server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  }

  // Creates the event (profile) and a board set of `count` boards for `table_size` chairs.
  void CreateEventAndSet(int count, int table_size = 3, const std::string& profile = "") {
    v1::CreateEventRequest event;
    event.set_display_name("Table service test");
    event.set_profile(profile);
    v1::CreateEventResponse created;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    event_ = created.event().name();
    director_ = created.director_token();
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(count);
    set.set_table_size(table_size);
    v1::BoardSet made;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &made).ok());
    set_ = made.name();
  }

  // Opens a table for `boards`; returns its name and fills `tokens` (chair 1 first).
  grpc::Status OpenTable(const std::vector<int>& boards, v1::OpenTableResponse* out,
                         v1::TableMode mode = v1::TABLE_MODE_ONLINE) {
    v1::OpenTableRequest request;
    request.set_parent(event_);
    request.set_board_set(set_);
    for (int b : boards) request.add_boards(b);
    request.set_mode(mode);
    return table_stub_->OpenTable(Context(director_).get(), request, out);
  }

  // The set's boards, straight from the store (index 0 is board 1).
  std::vector<skat::Board> SetBoards() {
    const std::string event = event_.substr(event_.find('/') + 1);
    const std::string set = set_.substr(set_.rfind('/') + 1);
    Result<store::BoardSetRecord> record = store_->GetBoardSet(event, set);
    EXPECT_TRUE(record.ok()) << record.status().ToString();
    std::vector<skat::Board> boards;
    if (record.ok()) {
      for (const SetBoard& b : record->set.boards) boards.push_back(b.board);
    }
    return boards;
  }

  // The server streams' limits, shared by the table service and any other service of the test
  // (a derived fixture's constructor may set smaller ones).
  std::shared_ptr<StreamLimits> stream_limits_ = StreamLimits::Make();
  // The table codes' guesses (null: the service's own, table_auth.h kTableCodeGuesses; a derived
  // fixture's constructor may set a smaller bound).
  std::shared_ptr<PeerRateLimiter> code_guesses_ = nullptr;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<EventServiceImpl> events_;
  std::unique_ptr<DealServiceImpl> deals_;
  std::unique_ptr<TableServiceImpl> tables_;
  std::unique_ptr<grpc::Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::EventService::Stub> event_stub_;
  std::unique_ptr<v1::DealService::Stub> deal_stub_;
  std::unique_ptr<v1::TableService::Stub> table_stub_;
  std::string event_;
  std::string director_;
  std::string set_;
};

// What a seat received: every stream message and every act response, in order.
struct SeatLog {
  int chair = 0;
  std::vector<v1::SeatUpdate> updates;
  std::vector<v1::ActResponse> responses;
  std::string error;       // the first failure, if any
  int stale_refusals = 0;  // acts refused because another seat's act came first
};

// Chooses an act from a received view (with legal acts).
using WirePolicy = std::function<v1::Act(const v1::SeatView& view)>;

// Drives one seat until its table is finished: reads WatchSeat, acts with `policy` whenever the
// latest view offers legal acts. Returns what the seat received. The stream ends with an error
// after `limit` (a seat that fails leaves the others waiting otherwise).
inline SeatLog DriveSeat(v1::TableService::Stub& stub, const std::string& table,
                         const std::string& token, const WirePolicy& policy,
                         std::chrono::seconds limit = std::chrono::seconds(240)) {
  SeatLog log;
  v1::JoinSeatRequest join;
  join.set_table(table);
  v1::Seat seat;
  grpc::Status joined = stub.JoinSeat(Context(token).get(), join, &seat);
  if (!joined.ok()) {
    log.error = "JoinSeat: " + joined.error_message();
    return log;
  }
  log.chair = seat.chair();
  int64_t sequence = seat.last_sequence();
  v1::WatchSeatRequest watch;
  watch.set_table(table);
  auto context = Context(token);
  context->set_deadline(std::chrono::system_clock::now() + limit);
  std::unique_ptr<grpc::ClientReader<v1::SeatUpdate>> reader = stub.WatchSeat(context.get(), watch);
  v1::SeatUpdate update;
  while (reader->Read(&update)) {
    log.updates.push_back(update);
    if (update.table_finished()) break;
    const v1::SeatView& view = update.view();
    if (view.legal_acts_size() == 0) continue;
    v1::ActRequest act;
    act.set_table(table);
    act.set_sequence(++sequence);
    *act.mutable_act() = policy(view);
    act.set_board_number(view.board_number());
    v1::ActResponse response;
    auto act_context = Context(token);
    grpc::Status status = stub.Act(act_context.get(), act, &response);
    if (status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
      // Two seats may be asked at once (both defenders answer a claim); once one answer settled
      // it, the other's act comes too late. That is no error when the table has moved on.
      v1::Seat now;
      if (stub.JoinSeat(Context(token).get(), join, &now).ok() &&
          (now.view().board_index() != view.board_index() ||
           now.view().act_count() != view.act_count())) {
        ++log.stale_refusals;
        continue;
      }
    }
    if (!status.ok()) {
      log.error = "Act " + act.act().ShortDebugString() + " on " + view.ShortDebugString() + ": " +
                  status.error_message();
      std::cerr << table << " chair " << log.chair << ": " << log.error << "\n";
      context->TryCancel();
      break;
    }
    log.responses.push_back(response);
  }
  grpc::Status finished = reader->Finish();
  if (log.error.empty() && !finished.ok() && finished.error_code() != grpc::StatusCode::CANCELLED) {
    log.error = "WatchSeat: " + finished.error_message();
  }
  return log;
}

// Drives every chair of a table, one thread per chair; returns the chairs' logs (chair 1 first).
inline std::vector<SeatLog> DriveTable(v1::TableService::Stub& stub, const std::string& table,
                                       const std::vector<std::string>& tokens,
                                       const std::function<WirePolicy(int chair)>& policy_of) {
  std::vector<SeatLog> logs(tokens.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < tokens.size(); ++i) {
    threads.emplace_back([&, i] {
      logs[i] = DriveSeat(stub, table, tokens[i], policy_of(static_cast<int>(i) + 1));
    });
  }
  for (std::thread& t : threads) t.join();
  return logs;
}

}  // namespace skat::service::testing_table

#endif  // SKAT_TESTS_SERVICES_TABLE_TEST_UTIL_H_
