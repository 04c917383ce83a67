// The ratings beside the names (docs/ratings.md "Beside the names") over real gRPC on loopback
// against PostgreSQL (label db): the standings of a rated event carry each linked person's rating
// entering it, the very `before` of ListRatings' step, and 20 for a first event; an unrated
// event's standings, a hidden person's row and an unlinked player's row carry none; and the
// registry's replay (services/scoring/ratings_cache.h) is reused until a result or a person
// changes.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/registry/registry_service.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using testing_table::Context;

class StandingRatingsTest : public testing_scoring::ScoringServiceTest {
 protected:
  void SetUp() override {
    ScoringServiceTest::SetUp();
    if (HasFatalFailure()) return;
    registry_service_ =
        std::make_unique<RegistryServiceImpl>(*store_, RateLimit{.burst = 5, .per_minute = 1});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(registry_service_.get());
    registry_server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    registry_stub_ = v1::RegistryService::NewStub(grpc::CreateChannel(
        "127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()));
    v1::CreateRegistryRequest request;
    request.set_display_name("Herz Dame");
    v1::CreateRegistryResponse created;
    ASSERT_TRUE(registry_stub_->CreateRegistry(Context("").get(), request, &created).ok());
    registry_ = created.registry().name();
    registry_token_ = created.registry_token();
  }
  void TearDown() override {
    if (registry_server_) registry_server_->Shutdown();
    ScoringServiceTest::TearDown();
  }

  std::string Person(const std::string& name) {
    v1::CreatePersonRequest request;
    request.set_parent(registry_);
    request.mutable_person()->set_display_name(name);
    v1::CreatePersonResponse out;
    const grpc::Status s =
        registry_stub_->CreatePerson(Context(registry_token_).get(), request, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return out.person().name();
  }

  void Hide(const std::string& person) {
    v1::UpdatePersonRequest request;
    request.mutable_person()->set_name(person);
    request.mutable_person()->set_hidden(true);
    request.add_update_mask("hidden");
    v1::Person out;
    const grpc::Status s =
        registry_stub_->UpdatePerson(Context(registry_token_).get(), request, &out);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }

  // An evening on paper of the registry (session totals): six players, each linked to the
  // person of `persons` at its place ("" for none), one chair total each (`totals`, by player).
  // Leaves event_, director_ and chair_of_total_ set to the evening's.
  void Evening(const std::string& name, const std::vector<std::string>& persons,
               const std::vector<int>& totals, bool rated) {
    v1::CreateEventRequest create;
    create.set_display_name(name);
    create.set_registry(registry_);
    create.set_comparison(v1::COMPARISON_SESSION_TOTAL);
    v1::CreateEventResponse event;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), create, &event).ok());
    event_ = event.event().name();
    director_ = event.director_token();
    if (rated) {
      v1::SetEventRatedRequest rate;
      rate.set_registry(registry_);
      rate.set_event(event_);
      rate.set_rated(true);
      v1::SetEventRatedResponse done;
      ASSERT_TRUE(registry_stub_->SetEventRated(Context(registry_token_).get(), rate, &done).ok());
    }
    std::map<std::string, int> total_of;
    std::vector<std::string> players;
    for (size_t i = 0; i < persons.size(); ++i) {
      v1::AddPlayerRequest add;
      add.set_parent(event_);
      add.set_display_name(name + " player " + std::to_string(i));
      add.set_person(persons[i]);
      v1::Player player;
      const grpc::Status s = event_stub_->AddPlayer(Context(director_).get(), add, &player);
      ASSERT_TRUE(s.ok()) << s.error_message();
      players.push_back(player.name());
      total_of[player.name()] = totals[i];
      player_of_[player.name()] = persons[i];
    }
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(6);
    v1::BoardSet board_set;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &board_set).ok());
    // Two tables of three on the same six boards, drawn (congress, comparative).
    v1::StartSessionRequest start;
    start.set_parent(event_);
    start.set_board_set(board_set.name());
    start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    start.set_comparative(true);
    start.set_rounds(1);
    start.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (const std::string& p : players) start.add_players(p);
    v1::StartSessionResponse session;
    const grpc::Status started =
        event_stub_->StartSession(Context(director_).get(), start, &session);
    ASSERT_TRUE(started.ok()) << started.error_message();
    chair_of_total_.clear();
    for (const v1::SessionTable& t : session.session().tables()) {
      for (int chair = 1; chair <= t.players_size(); ++chair) {
        const int total = total_of.at(t.players(chair - 1));
        ASSERT_NO_FATAL_FAILURE(Total(t.table(), chair, total));
        chair_of_total_[total] = {t.table(), chair};
      }
    }
  }

  void Total(const std::string& table, int chair, int total, bool replace = false) {
    v1::SubmitChairTotalRequest request;
    request.set_table(table);
    request.set_chair(chair);
    request.set_total(total);
    request.set_replace(replace);
    v1::ChairTotal out;
    const grpc::Status s = table_stub_->SubmitChairTotal(Context(director_).get(), request, &out);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }

  v1::Standings Standings(const std::string& event) {
    v1::GetStandingsRequest request;
    request.set_name(event + "/standings");
    v1::Standings out;
    const grpc::Status s = scoring_stub_->GetStandings(Context("").get(), request, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    EXPECT_GT(out.overall_size(), 0);
    return out;
  }

  // Every person's steps by (person, event): ListRatings' `before`.
  std::map<std::pair<std::string, std::string>, double> Before() {
    v1::ListRatingsRequest request;
    request.set_parent(registry_);
    request.set_page_size(1000);
    v1::ListRatingsResponse out;
    const grpc::Status s = scoring_stub_->ListRatings(Context("").get(), request, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    std::map<std::pair<std::string, std::string>, double> before;
    for (const v1::Rating& r : out.ratings()) {
      for (const v1::RatingStep& step : r.steps()) {
        if (!step.event().empty()) before[{r.person(), step.event()}] = step.before();
      }
    }
    return before;
  }

  std::unique_ptr<RegistryServiceImpl> registry_service_;
  std::unique_ptr<grpc::Server> registry_server_;
  std::unique_ptr<v1::RegistryService::Stub> registry_stub_;
  std::string registry_, registry_token_;
  std::map<int, std::pair<std::string, int>> chair_of_total_;  // the last evening's: (table, chair)
  std::map<std::string, std::string> player_of_;  // player -> linked person ("" for none)
};

TEST_F(StandingRatingsTest, ARatedEventShowsTheRatingsEnteringIt) {
  std::vector<std::string> p;
  for (const char* name : {"Anna", "Bert", "Carl", "Dora", "Emil", "Frida", "Gustav", "Hanna"}) {
    p.push_back(Person(name));
  }
  ASSERT_NO_FATAL_FAILURE(Evening("Evening 1", {p[0], p[1], p[2], p[3], p[4], p[5]},
                                  {900, 400, -150, 300, 500, 250},
                                  /*rated=*/true));
  const std::string first = event_;
  const v1::Standings first_standings = Standings(first);
  for (const v1::Standing& s : first_standings.overall()) {
    ASSERT_TRUE(s.has_rating()) << s.display_name();
    EXPECT_EQ(s.rating(), 20) << s.display_name();  // everyone's first rated event
  }
  // Gustav's first event; Hanna hidden; one player linked to no person.
  ASSERT_NO_FATAL_FAILURE(Evening("Evening 2", {p[0], p[1], p[2], p[6], p[7], ""},
                                  {100, 700, 200, -50, 600, 350},
                                  /*rated=*/true));
  const std::string second = event_;
  Hide(p[7]);
  const std::map<std::pair<std::string, std::string>, double> before = Before();
  int rated = 0;
  const v1::Standings second_standings = Standings(second);
  for (const v1::Standing& s : second_standings.overall()) {
    const std::string& person = player_of_.at(s.player());
    if (person.empty() || person == p[7]) {
      EXPECT_FALSE(s.has_rating()) << s.display_name();
      continue;
    }
    ASSERT_TRUE(s.has_rating()) << s.display_name();
    ASSERT_EQ(before.count({person, second}), 1u) << s.display_name();
    EXPECT_EQ(s.rating(), before.at({person, second})) << s.display_name();
    if (person == p[6]) {
      EXPECT_EQ(s.rating(), 20);  // Gustav's first rated event
    }
    if (person == p[0]) {
      EXPECT_NE(s.rating(), 20);  // moved by the first evening
    }
    ++rated;
  }
  EXPECT_EQ(rated, 4);
  // An unrated evening of the same persons shows no rating.
  ASSERT_NO_FATAL_FAILURE(Evening("Evening 3", {p[0], p[1], p[2], p[3], p[4], p[5]},
                                  {0, 100, 200, 300, 400, 500},
                                  /*rated=*/false));
  const v1::Standings unrated = Standings(event_);
  for (const v1::Standing& s : unrated.overall()) {
    EXPECT_FALSE(s.has_rating()) << s.display_name();
  }
}

TEST_F(StandingRatingsTest, TheReplayIsReusedUntilAResultOrAPersonChanges) {
  std::vector<std::string> p;
  for (const char* name : {"Anna", "Bert", "Carl", "Dora", "Emil", "Frida"})
    p.push_back(Person(name));
  ASSERT_NO_FATAL_FAILURE(Evening("Evening 1", p, {900, 400, -150, 300, 500, 250}, true));
  const auto first_chairs = chair_of_total_;
  const std::string first_director = director_;
  ASSERT_NO_FATAL_FAILURE(Evening("Evening 2", p, {100, 700, 200, -50, 600, 350}, true));
  const uint64_t start = scoring_->ratings().loads();
  const auto before = Before();
  Standings(event_);
  Before();
  Standings(event_);
  EXPECT_EQ(scoring_->ratings().loads(), start + 1);  // one replay for all four
  // A corrected total in the first evening changes the second's entering ratings: its best
  // player becomes its worst.
  director_ = first_director;
  const auto& [table, chair] = first_chairs.at(900);
  ASSERT_NO_FATAL_FAILURE(Total(table, chair, -100000, /*replace=*/true));
  const auto after = Before();
  EXPECT_EQ(scoring_->ratings().loads(), start + 2);
  EXPECT_NE(after, before);
  Standings(event_);
  EXPECT_EQ(scoring_->ratings().loads(), start + 2);
  // A hidden person is a change too: their row loses the rating at once.
  Hide(p[0]);
  const v1::Standings hidden = Standings(event_);
  for (const v1::Standing& s : hidden.overall()) {
    EXPECT_EQ(s.has_rating(), player_of_.at(s.player()) != p[0]) << s.display_name();
  }
  EXPECT_EQ(scoring_->ratings().loads(), start + 3);
}

}  // namespace
}  // namespace skat::service
