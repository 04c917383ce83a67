// The league table and team sheets of a season (docs/seasons.md "League table") over real gRPC and
// PostgreSQL: three inter-club match days of a registry with results entered from real cards
// (two won by a side, one with the same result at both tables), the table compared with numbers the
// test computes from each day's GetTeamMatch totals; and team sheets recorded, listed and refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/season/season_service.h"
#include "services/skatd/season_scores.h"
#include "skat/v1/season_service.grpc.pb.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::ScoringServiceTest;
using testing_table::Context;

// One match day: an event of the registry with two clubs of three players and one physical
// inter-club session of two tables and six boards.
struct Day {
  std::string event, director;
  std::vector<std::string> clubs;        // resource names, club A first
  std::vector<std::string> players;      // club A's three, then club B's
  std::vector<v1::SessionTable> tables;  // every round's
};

v1::PhysicalReport Solo(v1::Direction declarer, int points, int tricks) {
  v1::PhysicalReport r;
  r.set_kind(v1::GameResult::KIND_DECLARER_GAME);
  r.set_declarer(declarer);
  r.mutable_declaration()->set_handling(v1::SKAT_HANDLING_HAND);
  r.mutable_declaration()->set_game(v1::GAME_TYPE_HEARTS);
  r.set_floor(18);
  r.set_declarer_points(points);
  r.set_declarer_tricks(tricks);
  return r;
}

class LeagueTest : public ScoringServiceTest {
 protected:
  void SetUp() override {
    ScoringServiceTest::SetUp();
    if (HasFatalFailure()) return;
    registry_ = NewId("rg-");
    token_ = NewToken();
    ASSERT_TRUE(
        store_->CreateRegistry({.id = registry_, .name = "Liga", .token_sha256 = Sha256Hex(token_)})
            .ok());
    season_service_ = std::make_unique<SeasonServiceImpl>(*store_, SeasonScoresFromStore(*store_));
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(season_service_.get());
    season_server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    seasons_ = v1::SeasonService::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                                              grpc::InsecureChannelCredentials()));
    v1::CreateSeasonRequest create;
    create.set_parent("registries/" + registry_);
    create.mutable_season()->set_display_name("Bezirksliga");
    v1::Season made;
    const grpc::Status s = seasons_->CreateSeason(Context(token_).get(), create, &made);
    ASSERT_TRUE(s.ok()) << s.error_message();
    season_ = made.name();
  }
  void TearDown() override {
    if (season_server_) season_server_->Shutdown();
    ScoringServiceTest::TearDown();
  }

  Day MakeDay(const std::string& name, const std::vector<std::string>& clubs) {
    Day day;
    v1::CreateEventRequest event;
    event.set_display_name(name);
    event.set_registry("registries/" + registry_);
    v1::CreateEventResponse created;
    EXPECT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    day.event = created.event().name();
    day.director = created.director_token();
    v1::CreateBoardSetRequest set;
    set.set_parent(day.event);
    set.set_board_count(6);
    set.set_table_size(3);
    v1::BoardSet board_set;
    EXPECT_TRUE(deal_stub_->CreateBoardSet(Context(day.director).get(), set, &board_set).ok());
    for (const std::string& club_name : clubs) {
      v1::AddClubRequest club;
      club.set_parent(day.event);
      club.set_display_name(club_name);
      v1::Club c;
      EXPECT_TRUE(event_stub_->AddClub(Context(day.director).get(), club, &c).ok());
      day.clubs.push_back(c.name());
      for (int i = 1; i <= 3; ++i) {
        v1::AddPlayerRequest player;
        player.set_parent(day.event);
        player.set_display_name(club_name + " " + std::to_string(i));
        player.set_club(c.name());
        v1::Player p;
        EXPECT_TRUE(event_stub_->AddPlayer(Context(day.director).get(), player, &p).ok());
        day.players.push_back(p.name());
      }
    }
    v1::StartSessionRequest start;
    start.set_parent(day.event);
    start.set_board_set(board_set.name());
    start.set_movement(v1::MOVEMENT_KIND_INTER_CLUB);
    start.set_tables(2);
    start.set_boards_per_round(2);
    start.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (const std::string& p : day.players) start.add_players(p);
    v1::StartSessionResponse session;
    const grpc::Status s = event_stub_->StartSession(Context(day.director).get(), start, &session);
    EXPECT_TRUE(s.ok()) << s.error_message();
    day.tables.assign(session.session().tables().begin(), session.session().tables().end());
    EXPECT_FALSE(day.tables.empty());
    v1::AddSeasonEventRequest add;
    add.set_season(season_);
    add.set_event(day.event);
    v1::Season after;
    const grpc::Status added = seasons_->AddSeasonEvent(Context(token_).get(), add, &after);
    EXPECT_TRUE(added.ok()) << added.error_message();
    return day;
  }

  // Enters `first` at every table numbered 1 and `second` at every table numbered 2, for each of
  // their boards.
  void EnterAll(const Day& day, const v1::PhysicalReport& first, const v1::PhysicalReport& second) {
    for (const v1::SessionTable& t : day.tables) {
      for (int board : t.boards())
        Enter(day, t.table(), board, t.table_number() == 1 ? first : second);
    }
  }

  void Enter(const Day& day, const std::string& table, int board,
             const v1::PhysicalReport& report) {
    v1::SubmitResultRequest request;
    request.set_table(table);
    request.set_board_number(board);
    *request.mutable_report() = report;
    v1::ResultEntry entry;
    const grpc::Status s = table_stub_->SubmitResult(Context(day.director).get(), request, &entry);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }

  v1::TeamMatch Team(const Day& day) {
    v1::GetTeamMatchRequest request;
    request.set_name(day.event + "/teamMatch");
    v1::TeamMatch match;
    const grpc::Status s = scoring_stub_->GetTeamMatch(Context("").get(), request, &match);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return match;
  }

  grpc::Status League(v1::LeagueTable* out, grpc::ClientContext* context = nullptr) {
    v1::GetLeagueTableRequest request;
    request.set_name(season_ + "/leagueTable");
    auto own = Context("");
    return seasons_->GetLeagueTable(context != nullptr ? context : own.get(), request, out);
  }

  grpc::Status SetSheet(const std::string& token, const v1::TeamSheet& sheet, v1::TeamSheet* out) {
    v1::SetTeamSheetRequest request;
    request.set_season(season_);
    *request.mutable_team_sheet() = sheet;
    return seasons_->SetTeamSheet(Context(token).get(), request, out);
  }

  std::vector<v1::TeamSheet> Sheets(const std::string& event, int page_size) {
    std::vector<v1::TeamSheet> out;
    v1::ListTeamSheetsRequest request;
    request.set_parent(season_);
    request.set_event(event);
    request.set_page_size(page_size);
    do {
      v1::ListTeamSheetsResponse page;
      const grpc::Status s = seasons_->ListTeamSheets(Context("").get(), request, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      out.insert(out.end(), page.team_sheets().begin(), page.team_sheets().end());
      request.set_page_token(page.next_page_token());
    } while (!request.page_token().empty());
    return out;
  }

  std::string registry_, token_, season_;
  std::unique_ptr<SeasonServiceImpl> season_service_;
  std::unique_ptr<grpc::Server> season_server_;
  std::unique_ptr<v1::SeasonService::Stub> seasons_;
};

// The expected row of one club, computed here from the team match totals (2, 1, 0 points).
struct Expected {
  int played = 0, won = 0, drawn = 0, lost = 0, points = 0;
  long long difference = 0;
};

TEST_F(LeagueTest, LeagueTableFromTheTeamMatches) {
  // No match day yet: not a league.
  v1::LeagueTable none;
  grpc::ClientContext refused;
  EXPECT_EQ(League(&none, &refused).error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(ReasonOf(refused), "season-not-a-league");

  // Day 1: forehand wins at table 1 and loses at table 2 on every board; day 2 the other way
  // round; day 3 the same result at both tables. Day 2 spells the clubs in capitals.
  const Day d1 = MakeDay("Spieltag 1", {"Berlin", "Hamburg"});
  const Day d2 = MakeDay("Spieltag 2", {"HAMBURG", "BERLIN"});
  const Day d3 = MakeDay("Spieltag 3", {"Berlin", "Hamburg"});
  // Match days without results: a league whose clubs have played nothing yet.
  v1::LeagueTable empty;
  const grpc::Status unplayed = League(&empty);
  ASSERT_TRUE(unplayed.ok()) << unplayed.error_message();
  ASSERT_EQ(empty.rows_size(), 2);
  for (const v1::LeagueRow& row : empty.rows()) {
    EXPECT_EQ(row.rank(), 1);
    EXPECT_TRUE(row.tied());
    EXPECT_EQ(row.played(), 0);
    EXPECT_EQ(row.match_points(), 0);
  }
  EnterAll(d1, Solo(v1::DIRECTION_FOREHAND, 90, 8), Solo(v1::DIRECTION_FOREHAND, 40, 3));
  EnterAll(d2, Solo(v1::DIRECTION_FOREHAND, 40, 3), Solo(v1::DIRECTION_FOREHAND, 90, 8));
  EnterAll(d3, Solo(v1::DIRECTION_FOREHAND, 90, 8), Solo(v1::DIRECTION_FOREHAND, 90, 8));
  if (HasFatalFailure()) return;

  std::map<std::string, Expected> expected;  // by upper-case club name
  auto upper = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  };
  int outcomes[3] = {0, 0, 0};  // wins, draws (counted per day), losses
  for (const Day* day : {&d1, &d2, &d3}) {
    const v1::TeamMatch t = Team(*day);
    ASSERT_FALSE(t.club_a().empty());
    const long long a = t.total_a(), b = t.total_b();
    Expected& ea = expected[upper(t.club_a())];
    Expected& eb = expected[upper(t.club_b())];
    for (auto [e, own, other] : {std::tuple{&ea, a, b}, std::tuple{&eb, b, a}}) {
      ++e->played;
      e->difference += own - other;
      if (own > other) ++e->won, e->points += 2, ++outcomes[0];
      if (own == other) ++e->drawn, e->points += 1, ++outcomes[1];
      if (own < other) ++e->lost, ++outcomes[2];
    }
  }
  // The days were built to give a win, a draw and a loss.
  EXPECT_EQ(outcomes[0], 2);
  EXPECT_EQ(outcomes[1], 2);
  EXPECT_EQ(outcomes[2], 2);

  v1::LeagueTable table;
  const grpc::Status s = League(&table);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(table.name(), season_ + "/leagueTable");
  EXPECT_EQ(table.display_name(), "Bezirksliga");
  ASSERT_EQ(table.rows_size(), 2);
  const Expected& berlin = expected.at("BERLIN");
  const Expected& hamburg = expected.at("HAMBURG");
  // Ranked by points, then difference; equal clubs share the place, listed by name.
  const bool tied = berlin.points == hamburg.points && berlin.difference == hamburg.difference;
  const bool berlin_first =
      tied || berlin.points > hamburg.points ||
      (berlin.points == hamburg.points && berlin.difference > hamburg.difference);
  EXPECT_EQ(table.rows(0).club(), berlin_first ? "Berlin" : "Hamburg");  // as first met
  EXPECT_EQ(table.rows(1).club(), berlin_first ? "Hamburg" : "Berlin");
  EXPECT_EQ(table.rows(0).rank(), 1);
  EXPECT_EQ(table.rows(1).rank(), tied ? 1 : 2);
  EXPECT_EQ(table.rows(0).tied(), tied);
  for (const v1::LeagueRow& row : table.rows()) {
    const Expected& e = expected.at(upper(row.club()));
    SCOPED_TRACE(row.club());
    EXPECT_EQ(row.played(), 3);
    EXPECT_EQ(row.won(), e.won);
    EXPECT_EQ(row.drawn(), e.drawn);
    EXPECT_EQ(row.lost(), e.lost);
    EXPECT_EQ(row.match_points(), e.points);
    EXPECT_EQ(row.score_difference(), e.difference);
    ASSERT_EQ(row.matches_size(), 3);
    EXPECT_EQ(row.matches(0).event(), d1.event);
    EXPECT_EQ(row.matches(0).display_name(), "Spieltag 1");
    EXPECT_EQ(row.matches(2).outcome(), "draw");
    EXPECT_EQ(row.matches(2).match_points(), 1);
  }
  EXPECT_EQ(berlin.difference, -hamburg.difference);
}

v1::TeamSheet::Entry Entry(const std::string& player, const std::string& replaces = "",
                           int from_round = 0) {
  v1::TeamSheet::Entry e;
  e.set_player(player);
  e.set_replaces(replaces);
  e.set_from_round(from_round);
  return e;
}

TEST_F(LeagueTest, TeamSheetsAreCheckedRecordedAndListed) {
  const Day day = MakeDay("Spieltag 1", {"Berlin", "Hamburg"});
  const Day other = MakeDay("Spieltag 2", {"Berlin", "Hamburg"});
  // Without a recorded sheet, each club's players of the event start; a page of one sheet.
  const std::vector<v1::TeamSheet> before = Sheets(day.event, 1);
  ASSERT_EQ(before.size(), 2u);
  EXPECT_EQ(before[0].club(), day.clubs[0]);
  EXPECT_EQ(before[0].club_display_name(), "Berlin");
  ASSERT_EQ(before[0].entries_size(), 3);
  EXPECT_EQ(before[0].entries(2).player(), day.players[2]);
  EXPECT_EQ(before[0].entries(2).display_name(), "Berlin 3");
  EXPECT_TRUE(before[0].entries(2).replaces().empty());
  EXPECT_FALSE(before[0].has_update_time());
  EXPECT_EQ(before[1].club(), day.clubs[1]);
  EXPECT_EQ(Sheets("", 3).size(), 4u);  // both match days

  // Berlin 1 and 2 start; Berlin 3 comes in for Berlin 1 from the event's last round.
  int rounds = 0;
  for (const v1::SessionTable& t : day.tables) rounds = std::max(rounds, t.round());
  ASSERT_GT(rounds, 1);
  v1::TeamSheet sheet;
  sheet.set_event(day.event);
  sheet.set_club(day.clubs[0]);
  *sheet.add_entries() = Entry(day.players[0]);
  *sheet.add_entries() = Entry(day.players[1]);
  *sheet.add_entries() = Entry(day.players[2], day.players[0], rounds);
  v1::TeamSheet recorded;
  grpc::Status s = SetSheet(token_, sheet, &recorded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_TRUE(recorded.has_update_time());
  ASSERT_EQ(recorded.entries_size(), 3);
  EXPECT_EQ(recorded.entries(2).replaces(), day.players[0]);
  EXPECT_EQ(recorded.entries(2).from_round(), rounds);
  const std::vector<v1::TeamSheet> after = Sheets(day.event, 0);
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0].name(), recorded.name());
  EXPECT_EQ(after[0].entries(2).replaces(), day.players[0]);
  EXPECT_TRUE(after[0].has_update_time());
  EXPECT_FALSE(after[1].has_update_time());

  // Refused, and the recorded sheet stays.
  const std::string other_token = NewToken();
  const std::string other_registry = NewId("rg-");
  ASSERT_TRUE(
      store_
          ->CreateRegistry(
              {.id = other_registry, .name = "Other", .token_sha256 = Sha256Hex(other_token)})
          .ok());
  v1::TeamSheet out;
  EXPECT_EQ(SetSheet("", sheet, &out).error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(SetSheet(other_token, sheet, &out).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(SetSheet(day.director, sheet, &out).error_code(), StatusCode::PERMISSION_DENIED);
  auto refused = [&](const v1::TeamSheet& bad, StatusCode code, const std::string& names) {
    v1::TeamSheet ignored;
    const grpc::Status r = SetSheet(token_, bad, &ignored);
    EXPECT_EQ(r.error_code(), code) << names << ": " << r.error_message();
    EXPECT_NE(r.error_message().find(names), std::string::npos) << r.error_message();
  };
  v1::TeamSheet bad = sheet;
  *bad.add_entries() = Entry(day.players[3]);  // Hamburg 1 on Berlin's sheet
  refused(bad, StatusCode::INVALID_ARGUMENT, "is not of club");
  bad = sheet;
  *bad.add_entries() = Entry(day.event + "/players/pl-zzzzzzzzzz");
  refused(bad, StatusCode::INVALID_ARGUMENT, "pl-zzzzzzzzzz");
  bad = sheet;
  *bad.add_entries() = Entry(other.players[1]);  // Berlin 2 of the other match day
  refused(bad, StatusCode::INVALID_ARGUMENT, other.players[1]);
  bad = sheet;
  bad.mutable_entries(2)->set_from_round(rounds + 1);
  refused(bad, StatusCode::INVALID_ARGUMENT, "from_round " + std::to_string(rounds + 1));
  bad.mutable_entries(2)->set_from_round(0);
  refused(bad, StatusCode::INVALID_ARGUMENT, "from_round 0");
  bad = sheet;
  bad.mutable_entries(2)->set_replaces(day.players[2]);  // itself, not a starting player
  refused(bad, StatusCode::INVALID_ARGUMENT, "not a starting player");
  bad = sheet;
  *bad.add_entries() = Entry(day.players[1]);
  refused(bad, StatusCode::INVALID_ARGUMENT, "twice");
  bad = sheet;
  bad.set_club(other.clubs[0]);
  refused(bad, StatusCode::NOT_FOUND, other.clubs[0]);
  bad = sheet;
  for (int i = 0; i < 48; ++i) *bad.add_entries() = Entry(day.players[1]);
  refused(bad, StatusCode::INVALID_ARGUMENT, "at most 50");
  const Day outside = [&] {
    Day d;
    v1::CreateEventRequest event;
    event.set_display_name("Not in the season");
    event.set_registry("registries/" + registry_);
    v1::CreateEventResponse created;
    EXPECT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    d.event = created.event().name();
    return d;
  }();
  bad = sheet;
  bad.set_event(outside.event);
  refused(bad, StatusCode::NOT_FOUND, outside.event);
  const std::vector<v1::TeamSheet> kept = Sheets(day.event, 0);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].entries_size(), 3);
  EXPECT_EQ(kept[0].entries(2).replaces(), day.players[0]);

  // An empty sheet removes the recorded one: the club's players start again.
  v1::TeamSheet empty;
  empty.set_event(day.event);
  empty.set_club(day.clubs[0]);
  s = SetSheet(token_, empty, &out);
  ASSERT_TRUE(s.ok()) << s.error_message();
  const std::vector<v1::TeamSheet> reset = Sheets(day.event, 0);
  ASSERT_EQ(reset.size(), 2u);
  EXPECT_FALSE(reset[0].has_update_time());
  EXPECT_EQ(reset[0].entries_size(), 3);
}

}  // namespace
}  // namespace skat::service
