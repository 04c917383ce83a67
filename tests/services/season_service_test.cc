// Seasons (season_service.proto; docs/seasons.md) over real gRPC on loopback against PostgreSQL
// (label db): the registry token alone manages a season (not another registry's, not an event's
// director token), rule values are checked naming the value, a registry's seasons are listed
// newest first a page at a time, an event joins only a season of its registry and once, and the
// season table ranks persons over paper evenings whose percentages and diffs are computed by
// hand below (merged persons count for the person kept, hidden ones and unlinked players are
// left out, events of other comparisons are not in the table).
#include "services/season/season_service.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "services/common/auth.h"
#include "services/common/names.h"
#include "services/registry/registry_service.h"
#include "services/skatd/season_scores.h"
#include "skat/v1/season_service.grpc.pb.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

class SeasonServiceTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    if (HasFatalFailure()) return;
    registry_service_ =
        std::make_unique<RegistryServiceImpl>(*store_, RateLimit{.burst = 5, .per_minute = 1});
    scores_ = std::make_shared<SeasonScoresCache>(*store_);
    season_service_ = std::make_unique<SeasonServiceImpl>(*store_, SeasonScoresFrom(scores_));
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(registry_service_.get());
    builder.RegisterService(season_service_.get());
    season_server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                       grpc::InsecureChannelCredentials());
    registry_stub_ = v1::RegistryService::NewStub(channel);
    stub_ = v1::SeasonService::NewStub(channel);
    ASSERT_NO_FATAL_FAILURE(Registry("Herz Dame", registry_, token_));
  }
  void TearDown() override {
    if (season_server_) season_server_->Shutdown();
    TableServiceFixture::TearDown();
  }

  void Registry(const std::string& name, std::string& registry, std::string& token) {
    v1::CreateRegistryRequest request;
    request.set_display_name(name);
    v1::CreateRegistryResponse created;
    ASSERT_TRUE(registry_stub_->CreateRegistry(Context("").get(), request, &created).ok());
    registry = created.registry().name();
    token = created.registry_token();
  }

  std::string Person(const std::string& name, const std::string& club = "") {
    v1::CreatePersonRequest request;
    request.set_parent(registry_);
    request.mutable_person()->set_display_name(name);
    request.mutable_person()->set_club(club);
    v1::CreatePersonResponse out;
    const grpc::Status s = registry_stub_->CreatePerson(Context(token_).get(), request, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return out.person().name();
  }

  grpc::Status Create(const std::string& token, const v1::Season& season, v1::Season* out) {
    v1::CreateSeasonRequest request;
    request.set_parent(registry_);
    *request.mutable_season() = season;
    return stub_->CreateSeason(Context(token).get(), request, out);
  }
  v1::Season Created(const std::string& name) {
    v1::Season season, out;
    season.set_display_name(name);
    const grpc::Status s = Create(token_, season, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return out;
  }

  grpc::Status AddEvent(const std::string& token, const std::string& season,
                        const std::string& event, v1::Season* out) {
    v1::AddSeasonEventRequest request;
    request.set_season(season);
    request.set_event(event);
    return stub_->AddSeasonEvent(Context(token).get(), request, out);
  }

  // An event of `registry` (comparison `comparison`); leaves event_ and director_ set to it.
  void Event(const std::string& name, const std::string& registry, v1::Comparison comparison) {
    v1::CreateEventRequest create;
    create.set_display_name(name);
    create.set_registry(registry);
    create.set_comparison(comparison);
    v1::CreateEventResponse event;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), create, &event).ok());
    event_ = event.event().name();
    director_ = event.director_token();
  }

  // A paper evening of the registry compared by session totals: two tables of three on the same
  // six boards, seated by hand (table 1's chairs 1..3, then table 2's), each chair's total as
  // given. A seat is (player name, person: "" for none). Returns the event's name.
  std::string Evening(const std::string& name,
                      const std::array<std::pair<std::string, std::string>, 6>& seats,
                      const std::array<int, 6>& totals) {
    Event(name, registry_, v1::COMPARISON_SESSION_TOTAL);
    std::vector<std::string> players;
    for (const auto& [player_name, person] : seats) {
      v1::AddPlayerRequest add;
      add.set_parent(event_);
      add.set_display_name(player_name);
      add.set_person(person);
      v1::Player player;
      const grpc::Status s = event_stub_->AddPlayer(Context(director_).get(), add, &player);
      EXPECT_TRUE(s.ok()) << s.error_message();
      players.push_back(player.name());
    }
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(6);
    v1::BoardSet board_set;
    EXPECT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &board_set).ok());
    v1::StartSessionRequest start;
    start.set_parent(event_);
    start.set_board_set(board_set.name());
    start.set_movement(v1::MOVEMENT_KIND_MANUAL);
    start.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (int t = 0; t < 2; ++t) {
      v1::SessionTable* table = start.add_seating();
      table->set_round(1);
      table->set_table_number(t + 1);
      for (int b = 1; b <= 6; ++b) table->add_boards(b);
      for (int c = 0; c < 3; ++c) table->add_players(players[t * 3 + c]);
      table->set_forehand_chair(1);
    }
    v1::StartSessionResponse session;
    const grpc::Status started =
        event_stub_->StartSession(Context(director_).get(), start, &session);
    EXPECT_TRUE(started.ok()) << started.error_message();
    for (int t = 0; t < session.session().tables_size() && t < 2; ++t) {
      for (int chair = 1; chair <= 3; ++chair) {
        v1::SubmitChairTotalRequest request;
        request.set_table(session.session().tables(t).table());
        request.set_chair(chair);
        request.set_total(totals[t * 3 + chair - 1]);
        v1::ChairTotal out;
        const grpc::Status s =
            table_stub_->SubmitChairTotal(Context(director_).get(), request, &out);
        EXPECT_TRUE(s.ok()) << s.error_message();
      }
    }
    return event_;
  }

  v1::SeasonStandings Standings(const std::string& season) {
    v1::GetSeasonStandingsRequest request;
    request.set_name(season + "/standings");
    v1::SeasonStandings out;
    const grpc::Status s = stub_->GetSeasonStandings(Context("").get(), request, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return out;
  }

  void Update(const std::string& season, const v1::Season& values,
              const std::vector<std::string>& mask) {
    v1::UpdateSeasonRequest request;
    *request.mutable_season() = values;
    request.mutable_season()->set_name(season);
    for (const std::string& path : mask) request.add_update_mask(path);
    v1::Season out;
    const grpc::Status s = stub_->UpdateSeason(Context(token_).get(), request, &out);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }

  std::unique_ptr<RegistryServiceImpl> registry_service_;
  std::shared_ptr<SeasonScoresCache> scores_;
  std::unique_ptr<SeasonServiceImpl> season_service_;
  std::unique_ptr<grpc::Server> season_server_;
  std::unique_ptr<v1::RegistryService::Stub> registry_stub_;
  std::unique_ptr<v1::SeasonService::Stub> stub_;
  std::string registry_, token_;
};

TEST_F(SeasonServiceTest, OnlyTheRegistryTokenManagesASeason) {
  v1::Season season, out;
  season.set_display_name("Clubabende 2026");
  EXPECT_EQ(Create("", season, &out).error_code(), StatusCode::UNAUTHENTICATED);
  std::string other_registry, other_token;
  ASSERT_NO_FATAL_FAILURE(Registry("Kreuz Bube", other_registry, other_token));
  EXPECT_EQ(Create(other_token, season, &out).error_code(), StatusCode::PERMISSION_DENIED);
  ASSERT_NO_FATAL_FAILURE(Event("Abend", registry_, v1::COMPARISON_SESSION_TOTAL));
  EXPECT_EQ(Create(director_, season, &out).error_code(), StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(Create(token_, season, &out).ok());
  EXPECT_EQ(out.registry(), registry_);
  // The defaults of docs/seasons.md.
  EXPECT_EQ(out.aggregate(), v1::SEASON_AGGREGATE_SUM);
  EXPECT_EQ(out.win_points(), 2);
  EXPECT_EQ(out.draw_points(), 1);
  EXPECT_EQ(out.loss_points(), 0);
  EXPECT_EQ(std::vector<int>(out.placing_points().begin(), out.placing_points().end()),
            (std::vector<int>{3, 2, 1, 0}));
  // An event's director token opens nothing of the season, nor does another registry's token.
  v1::Season added;
  EXPECT_EQ(AddEvent(director_, out.name(), event_, &added).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(AddEvent(other_token, out.name(), event_, &added).error_code(),
            StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(AddEvent(token_, out.name(), event_, &added).ok());
  EXPECT_EQ(std::vector<std::string>(added.events().begin(), added.events().end()),
            std::vector<std::string>{event_});
  // Reads need no token.
  v1::GetSeasonRequest get;
  get.set_name(out.name());
  v1::Season read;
  ASSERT_TRUE(stub_->GetSeason(Context("").get(), get, &read).ok());
  EXPECT_EQ(read.events_size(), 1);
  EXPECT_EQ(read.display_name(), "Clubabende 2026");
}

TEST_F(SeasonServiceTest, RuleValuesAreCheckedNamingTheValue) {
  const auto refused = [&](const v1::Season& season, const std::string& named) {
    v1::Season out;
    const grpc::Status s = Create(token_, season, &out);
    EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT) << named;
    EXPECT_NE(s.error_message().find(named), std::string::npos) << s.error_message();
  };
  v1::Season season;
  season.set_display_name("Liga");
  v1::Season split = season;
  for (int share : {500, 300, 201}) split.add_prize_split_permille(share);
  refused(split, "prize_split_permille sums to 1001 per mille");
  v1::Season negative = season;
  negative.add_pot_split_permille(-1);
  refused(negative, "pot_split_permille[0] is -1");
  v1::Season placing = season;
  for (int points : {3, 2, 4}) placing.add_placing_points(points);
  refused(placing, "placing_points[2] is 4");
  v1::Season points = season;
  points.set_win_points(1);
  points.set_draw_points(2);
  refused(points, "win_points 1, draw_points 2");
  v1::Season best = season;
  best.set_best_of(101);
  refused(best, "best_of is 101");
  v1::Season fee = season;
  fee.set_entry_fee_cents(-500);
  refused(fee, "entry_fee_cents is -500");
  v1::Season aggregate = season;
  aggregate.set_aggregate(static_cast<v1::SeasonAggregate>(7));
  refused(aggregate, "aggregate");
  refused(v1::Season(), "display_name");
  // An update is checked whole; an unknown path is named.
  const v1::Season created = Created("Liga");
  v1::UpdateSeasonRequest update;
  update.mutable_season()->set_name(created.name());
  update.mutable_season()->set_pot_permille(1001);
  update.add_update_mask("pot_permille");
  v1::Season out;
  grpc::Status s = stub_->UpdateSeason(Context(token_).get(), update, &out);
  EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("pot_permille is 1001"), std::string::npos);
  update.set_update_mask(0, "events");
  s = stub_->UpdateSeason(Context(token_).get(), update, &out);
  EXPECT_NE(s.error_message().find("'events'"), std::string::npos) << s.error_message();
  update.clear_update_mask();
  EXPECT_EQ(stub_->UpdateSeason(Context(token_).get(), update, &out).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

// Two updates of different fields at once never undo each other (the store merges the mask
// under the season's row lock).
TEST_F(SeasonServiceTest, ConcurrentUpdatesOfDifferentFieldsBothLast) {
  const std::string name = Created("Clubabende").name();
  for (int i = 0; i < 15; ++i) {
    v1::Season fee, title;
    fee.set_entry_fee_cents(100 + i);
    title.set_display_name("Clubabende " + std::to_string(i));
    std::thread other([&] { Update(name, fee, {"entry_fee_cents"}); });
    Update(name, title, {"display_name"});
    other.join();
    v1::GetSeasonRequest get;
    get.set_name(name);
    v1::Season read;
    ASSERT_TRUE(stub_->GetSeason(Context("").get(), get, &read).ok());
    EXPECT_EQ(read.entry_fee_cents(), 100 + i);
    EXPECT_EQ(read.display_name(), "Clubabende " + std::to_string(i));
  }
}

TEST_F(SeasonServiceTest, SeasonsAreListedNewestFirstAPageAtATime) {
  const std::vector<std::string> names = {Created("2024").name(), Created("2025").name(),
                                          Created("2026").name()};
  // Only the named fields change.
  v1::Season values;
  values.set_display_name("2026/27");
  values.set_best_of(8);
  values.set_min_attendance(5);
  ASSERT_NO_FATAL_FAILURE(Update(names[2], values, {"display_name", "best_of"}));
  std::vector<std::string> listed;
  std::string page_token;
  int pages = 0;
  do {
    v1::ListSeasonsRequest request;
    request.set_parent(registry_);
    request.set_page_size(2);
    request.set_page_token(page_token);
    v1::ListSeasonsResponse page;
    ASSERT_TRUE(stub_->ListSeasons(Context("").get(), request, &page).ok());
    for (const v1::Season& s : page.seasons()) {
      listed.push_back(s.name());
      if (s.name() == names[2]) {
        EXPECT_EQ(s.display_name(), "2026/27");
        EXPECT_EQ(s.best_of(), 8);
        EXPECT_EQ(s.min_attendance(), 0);
      }
    }
    page_token = page.next_page_token();
    ++pages;
  } while (!page_token.empty());
  EXPECT_EQ(listed, (std::vector<std::string>{names[2], names[1], names[0]}));
  EXPECT_EQ(pages, 2);
  v1::ListSeasonsRequest foreign;
  foreign.set_parent(registry_);
  foreign.set_page_token("bm90IGEgdG9rZW4");
  v1::ListSeasonsResponse page;
  EXPECT_EQ(stub_->ListSeasons(Context("").get(), foreign, &page).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(SeasonServiceTest, AnEventJoinsOnlyASeasonOfItsRegistryAndOnce) {
  const v1::Season season = Created("Clubabende");
  std::string other_registry, other_token;
  ASSERT_NO_FATAL_FAILURE(Registry("Kreuz Bube", other_registry, other_token));
  ASSERT_NO_FATAL_FAILURE(Event("fremd", other_registry, v1::COMPARISON_MATCHPOINTS));
  const std::string foreign = event_;
  ASSERT_NO_FATAL_FAILURE(Event("ohne Register", "", v1::COMPARISON_MATCHPOINTS));
  const std::string unregistered = event_;
  ASSERT_NO_FATAL_FAILURE(Event("Abend 1", registry_, v1::COMPARISON_MATCHPOINTS));
  v1::Season out;
  EXPECT_EQ(AddEvent(token_, season.name(), foreign, &out).error_code(), StatusCode::NOT_FOUND);
  EXPECT_EQ(AddEvent(token_, season.name(), unregistered, &out).error_code(),
            StatusCode::NOT_FOUND);
  ASSERT_TRUE(AddEvent(token_, season.name(), event_, &out).ok());
  EXPECT_EQ(AddEvent(token_, season.name(), event_, &out).error_code(), StatusCode::ALREADY_EXISTS);
  v1::RemoveSeasonEventRequest remove;
  remove.set_season(season.name());
  remove.set_event(event_);
  ASSERT_TRUE(stub_->RemoveSeasonEvent(Context(token_).get(), remove, &out).ok());
  EXPECT_EQ(out.events_size(), 0);
  EXPECT_EQ(stub_->RemoveSeasonEvent(Context(token_).get(), remove, &out).error_code(),
            StatusCode::NOT_FOUND);
  EXPECT_EQ(AddEvent(token_, "seasons/se-0000000000", event_, &out).error_code(),
            StatusCode::NOT_FOUND);
  EXPECT_EQ(AddEvent(token_, "seasons/nope", event_, &out).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

// docs/reliability.md "Hostile input": every malformed name, over-long or unstorable text,
// over-long list and out-of-range page is refused naming it; a season holds at most 100 events.
TEST_F(SeasonServiceTest, HostileInputIsRefusedAndTheBoundsHold) {
  const auto refused = [&](const v1::Season& season, StatusCode code, const std::string& named) {
    v1::Season out;
    const grpc::Status s = Create(token_, season, &out);
    EXPECT_EQ(s.error_code(), code) << named << ": " << s.error_message();
    EXPECT_NE(s.error_message().find(named), std::string::npos) << s.error_message();
  };
  v1::Season season;
  season.set_display_name(std::string("Liga\0", 5));
  refused(season, StatusCode::INVALID_ARGUMENT, "display_name");
  season.set_display_name(std::string(201, 'x'));
  refused(season, StatusCode::INVALID_ARGUMENT, "display_name must have 1 to 200 bytes, has 201");
  season.set_display_name("Liga");
  v1::Season placing = season;
  for (int i = 0; i < 21; ++i) placing.add_placing_points(0);
  refused(placing, StatusCode::INVALID_ARGUMENT, "placing_points has 21 values");
  v1::Season shares = season;
  for (int i = 0; i < 101; ++i) shares.add_prize_split_permille(1);
  refused(shares, StatusCode::INVALID_ARGUMENT, "prize_split_permille has 101 shares");
  v1::Season games = season;
  games.set_loss_fee_games(1001);
  refused(games, StatusCode::INVALID_ARGUMENT, "loss_fee_games is 1001");
  v1::CreateSeasonRequest elsewhere;
  elsewhere.set_parent("registries/rg-0000000000");
  *elsewhere.mutable_season() = season;
  v1::Season out;
  EXPECT_EQ(stub_->CreateSeason(Context(token_).get(), elsewhere, &out).error_code(),
            StatusCode::NOT_FOUND);

  v1::GetSeasonRequest get;
  for (const char* name :
       {"seasons/SE-ABC", "seasons/se-abc/standings", "seasons/", "se-abc", "registries/rg-abc"}) {
    get.set_name(name);
    EXPECT_EQ(stub_->GetSeason(Context("").get(), get, &out).error_code(),
              StatusCode::INVALID_ARGUMENT)
        << name;
  }
  const v1::Season made = Created("Liga");
  v1::GetSeasonStandingsRequest standings;
  standings.set_name(made.name());
  v1::SeasonStandings table;
  EXPECT_EQ(stub_->GetSeasonStandings(Context("").get(), standings, &table).error_code(),
            StatusCode::INVALID_ARGUMENT);
  standings.set_name("seasons/se-0000000000/standings");
  EXPECT_EQ(stub_->GetSeasonStandings(Context("").get(), standings, &table).error_code(),
            StatusCode::NOT_FOUND);
  v1::ListSeasonsRequest list;
  list.set_parent(registry_);
  list.set_page_size(-1);
  v1::ListSeasonsResponse page;
  EXPECT_EQ(stub_->ListSeasons(Context("").get(), list, &page).error_code(),
            StatusCode::INVALID_ARGUMENT);
  list.set_page_size(0);
  list.set_parent("registries/rg-0000000000");
  EXPECT_EQ(stub_->ListSeasons(Context("").get(), list, &page).error_code(), StatusCode::NOT_FOUND);

  // 100 events of the registry fill the season; the 101st is refused. (Stored directly: the
  // event service's creation is rate-limited per client.)
  const std::string registry_id = registry_.substr(registry_.find('/') + 1);
  std::string last;
  for (int i = 0; i <= 100; ++i) {
    store::EventRecord record;
    record.id = NewId("ev-");
    record.name = "Abend " + std::to_string(i + 1);
    record.profile = "nasl-1909";
    record.director_token_sha256 = Sha256Hex("unused");
    record.registry_id = registry_id;
    ASSERT_TRUE(store_->CreateEvent(record).ok());
    last = EventName(record.id);
    const grpc::Status s = AddEvent(token_, made.name(), last, &out);
    if (i < 100) {
      ASSERT_TRUE(s.ok()) << i << ": " << s.error_message();
    }
    if (i == 100) {
      EXPECT_EQ(s.error_code(), StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
    }
  }
  get.set_name(made.name());
  ASSERT_TRUE(stub_->GetSeason(Context("").get(), get, &out).ok());
  EXPECT_EQ(out.events_size(), 100);
  EXPECT_EQ(std::find(out.events().begin(), out.events().end(), last), out.events().end());
}

// The season table over two paper evenings (session totals: within a chair 2 matchpoints per
// total beaten, 1 per tie, top 2; diff = total - the chair's mean) and an event of another
// comparison, all computed by hand:
//   evening 1: Anna 120 vs Dora 80 (100 % +20, 0 % -20); Ben 100 vs Emil 100 (50 % 0 each);
//              Clara 50 vs Fritz 90 (0 % -20, 100 % +20).
//   evening 2: Max (merged into Anna) 70 vs a guest 30 (Anna 100 % +20); Ben 40 vs Clara 60
//              (0 % -10, 100 % +10); Hanna (hidden) 10 vs Dora 10 (Dora 50 % 0).
TEST_F(SeasonServiceTest, TheSeasonTableRanksPersonsOverTheEvenings) {
  const std::string anna = Person("Anna", "Herz Dame"), ben = Person("Ben"),
                    clara = Person("Clara"), dora = Person("Dora"), emil = Person("Emil"),
                    fritz = Person("Fritz"), hanna = Person("Hanna"), max = Person("Max");
  const v1::Season season = Created("Clubabende 2026");
  const std::string first = Evening("Abend 1",
                                    {{{"Anna", anna},
                                      {"Ben", ben},
                                      {"Clara", clara},
                                      {"Dora", dora},
                                      {"Emil", emil},
                                      {"Fritz", fritz}}},
                                    {120, 100, 50, 80, 100, 90});
  const std::string second = Evening("Abend 2",
                                     {{{"Max", max},
                                       {"Ben", ben},
                                       {"Hanna", hanna},
                                       {"Gast", ""},
                                       {"Clara", clara},
                                       {"Dora", dora}}},
                                     {70, 40, 10, 30, 60, 10});
  // Max played before he was merged into Anna: his evening counts for her.
  v1::MergePersonsRequest merge;
  merge.set_name(max);
  merge.set_into(anna);
  v1::Person kept;
  ASSERT_TRUE(registry_stub_->MergePersons(Context(token_).get(), merge, &kept).ok());
  ASSERT_NO_FATAL_FAILURE(Event("Mannschaftsabend", registry_, v1::COMPARISON_TOTAL));
  const std::string other = event_;
  v1::UpdatePersonRequest hide;
  hide.mutable_person()->set_name(hanna);
  hide.mutable_person()->set_hidden(true);
  hide.add_update_mask("hidden");
  v1::Person hidden;
  ASSERT_TRUE(registry_stub_->UpdatePerson(Context(token_).get(), hide, &hidden).ok());
  v1::Season out;
  for (const std::string& e : {first, other, second}) {
    ASSERT_TRUE(AddEvent(token_, season.name(), e, &out).ok());
  }

  v1::SeasonStandings table = Standings(season.name());
  EXPECT_EQ(std::vector<std::string>(table.events().begin(), table.events().end()),
            (std::vector<std::string>{first, second}));
  EXPECT_EQ(table.event_display_names(1), "Abend 2");
  // Sums: Anna 200 (+40); Fritz 100 (+20); Clara 100 (-10); Emil 50 (0); Ben 50 (-10);
  // Dora 50 (-20).
  struct Row {
    std::string person;
    int rank;
    std::string value, diff;
    int events;
  };
  const auto rows = [](const v1::SeasonStandings& t) {
    std::vector<Row> listed;
    for (const v1::SeasonStanding& s : t.standings()) {
      listed.push_back({s.person(), s.rank(), s.value(), s.diff(), s.events_played()});
    }
    return listed;
  };
  const auto expect = [&](const std::vector<Row>& got, const std::vector<Row>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      SCOPED_TRACE("row " + std::to_string(i + 1));
      EXPECT_EQ(got[i].person, want[i].person);
      EXPECT_EQ(got[i].rank, want[i].rank);
      EXPECT_EQ(got[i].value, want[i].value);
      EXPECT_EQ(got[i].diff, want[i].diff);
      EXPECT_EQ(got[i].events, want[i].events);
    }
  };
  expect(rows(table), {{anna, 1, "200.00", "40.00", 2},
                       {fritz, 2, "100.00", "20.00", 1},
                       {clara, 3, "100.00", "-10.00", 2},
                       {emil, 4, "50.00", "0.00", 1},
                       {ben, 5, "50.00", "-10.00", 2},
                       {dora, 6, "50.00", "-20.00", 2}});
  EXPECT_EQ(table.standings(0).display_name(), "Anna");
  EXPECT_EQ(table.standings(0).club(), "Herz Dame");
  ASSERT_EQ(table.standings(2).events_size(), 2);
  EXPECT_EQ(table.standings(2).events(0).percentage(), "0.00");
  EXPECT_EQ(table.standings(2).events(0).rank(), 5);  // Clara: last but one on evening 1
  EXPECT_EQ(table.standings(2).events(1).percentage(), "100.00");

  // Each event was scored once (the other comparison's too); a change of the rules scores none
  // again (skatd/season_scores.h).
  EXPECT_EQ(scores_->loads(), 3u);

  // At least two events: Fritz and Emil are listed unranked after the others.
  v1::Season rules;
  rules.set_min_attendance(2);
  ASSERT_NO_FATAL_FAILURE(Update(season.name(), rules, {"min_attendance"}));
  const v1::SeasonStandings unranked = Standings(season.name());
  EXPECT_EQ(scores_->loads(), 3u);
  expect(rows(unranked), {{anna, 1, "200.00", "40.00", 2},
                          {clara, 2, "100.00", "-10.00", 2},
                          {ben, 3, "50.00", "-10.00", 2},
                          {dora, 4, "50.00", "-20.00", 2},
                          {fritz, 0, "100.00", "20.00", 1},
                          {emil, 0, "50.00", "0.00", 1}});

  // The best event of each, averaged (the average of one is itself): Anna's evening 1 counts
  // (the earlier of two 100s); she shares the first place with Fritz (100, +20 each); Ben,
  // Emil and Dora share the fourth (50, 0 each: Ben's evening 1, Dora's evening 2).
  rules.set_min_attendance(0);
  rules.set_best_of(1);
  rules.set_aggregate(v1::SEASON_AGGREGATE_AVERAGE);
  ASSERT_NO_FATAL_FAILURE(Update(season.name(), rules, {"min_attendance", "best_of", "aggregate"}));
  table = Standings(season.name());
  expect(rows(table), {{anna, 1, "100.00", "20.00", 2},
                       {fritz, 1, "100.00", "20.00", 1},
                       {clara, 3, "100.00", "10.00", 2},
                       {ben, 4, "50.00", "0.00", 2},
                       {dora, 4, "50.00", "0.00", 2},
                       {emil, 4, "50.00", "0.00", 1}});
  EXPECT_TRUE(table.standings(0).tied());
  EXPECT_FALSE(table.standings(2).tied());
  EXPECT_TRUE(table.standings(0).events(0).counted());
  EXPECT_FALSE(table.standings(0).events(1).counted());
  EXPECT_FALSE(table.standings(2).events(0).counted());
  EXPECT_TRUE(table.standings(2).events(1).counted());
  EXPECT_EQ(table.aggregate(), v1::SEASON_AGGREGATE_AVERAGE);
  EXPECT_EQ(table.best_of(), 1);
}

}  // namespace
}  // namespace skat::service
