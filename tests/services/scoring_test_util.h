// Shared by the ScoringService tests (scoring_service_test.cc, scoring_director_test.cc): the
// table service fixture with a ScoringService on loopback, two clubs of six bot players, the
// inter-club session and bots that play every table of it.
#ifndef SKAT_TESTS_SERVICES_SCORING_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_SCORING_TEST_UTIL_H_

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/players/bot.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/scoring/scoring_service.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/table_test_util.h"

namespace skat::service::testing_scoring {

using testing_table::Context;
using testing_table::WirePolicy;

inline WirePolicy Bot(uint64_t seed) {
  return [seed](const v1::SeatView& wire) {
    Result<SeatView> view = FromProto(wire);
    Result<std::vector<Act>> legal = LegalActsFromProto(wire);
    EXPECT_TRUE(view.ok() && legal.ok());
    const uint64_t s = seed * 1000003 + wire.board_number() * 131 + wire.act_count();
    const Act act = ChooseBotAct(*FindProfile("nasl-1909"), *view, *legal, s);
    v1::Act out;
    ToProto(act, &out);
    out.clear_text();
    return out;
  };
}

inline double Number(const std::string& exact) {
  const size_t slash = exact.find('/');
  if (slash == std::string::npos) return std::stod(exact);
  return std::stod(exact.substr(0, slash)) / std::stod(exact.substr(slash + 1));
}

class ScoringServiceTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    scoring_ = std::make_unique<ScoringServiceImpl>(
        *store_, testing_db::DatabaseUrl(),
        ScoringServiceOptions{.analysis_threads = analysis_threads_,
                              .stream_limits = stream_limits_});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(scoring_.get());
    scoring_server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    scoring_stub_ = v1::ScoringService::NewStub(grpc::CreateChannel(
        "127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    if (scoring_) scoring_->StopStreams();
    if (scoring_server_) {
      scoring_server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    }
    TableServiceFixture::TearDown();
  }

  // Two clubs of six players; players_ lists club A's, then club B's.
  void AddClubs() {
    for (const char* club_name : {"Milwaukee", "Chicago"}) {
      v1::AddClubRequest club;
      club.set_parent(event_);
      club.set_display_name(club_name);
      v1::Club made;
      ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &made).ok());
      clubs_.push_back(made.name());
      for (int i = 1; i <= 6; ++i) {
        v1::AddPlayerRequest player;
        player.set_parent(event_);
        player.set_display_name(std::string(club_name) + " " + std::to_string(i));
        player.set_club(made.name());
        player.set_bot(true);
        v1::Player p;
        ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
        players_.push_back(p.name());
        club_of_[p.name()] = club_name;
      }
    }
  }

  grpc::Status StartInterClub(v1::StartSessionResponse* out, const std::string& token) {
    v1::StartSessionRequest request;
    request.set_parent(event_);
    request.set_board_set(set_);
    request.set_movement(v1::MOVEMENT_KIND_INTER_CLUB);
    request.set_tables(4);
    request.set_boards_per_round(4);
    for (const std::string& p : players_) request.add_players(p);
    return event_stub_->StartSession(Context(token).get(), request, out);
  }

  // Plays every table of the session with bots, all tables at once.
  void PlayAll(const v1::StartSessionResponse& session) {
    std::map<std::string, std::vector<std::string>> tokens;
    for (const v1::SeatToken& t : session.seat_tokens()) tokens[t.table()].push_back(t.token());
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    uint64_t seed = 1;
    for (const auto& [table, chairs] : tokens) {
      threads.emplace_back([&, table = table, chairs = chairs, s = seed++] {
        for (const testing_table::SeatLog& log : testing_table::DriveTable(
                 *table_stub_, table, chairs, [&](int chair) { return Bot(s * 7 + chair); })) {
          if (!log.error.empty()) ++failures;
        }
      });
    }
    for (std::thread& t : threads) t.join();
    ASSERT_EQ(failures.load(), 0);
  }

  int analysis_threads_ = 0;  // the service's analysis solvers (0: one per hardware thread)
  std::unique_ptr<ScoringServiceImpl> scoring_;
  std::unique_ptr<grpc::Server> scoring_server_;
  std::unique_ptr<v1::ScoringService::Stub> scoring_stub_;
  std::vector<std::string> clubs_;
  std::vector<std::string> players_;
  std::map<std::string, std::string> club_of_;  // player name -> club display name
};

}  // namespace skat::service::testing_scoring

#endif  // SKAT_TESTS_SERVICES_SCORING_TEST_UTIL_H_
