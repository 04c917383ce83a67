// The ScoringService's director acts over real gRPC on loopback against a real PostgreSQL
// (label db), on the inter-club match of scoring_test_util.h: adjustments (artificial scores, a
// fouled board's versions) and the director's authority over them, what only the director sees
// while a board is still in play, and StartSession refusing what the movement cannot seat.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "services/common/names.h"
#include "services/scoring/scoring_service.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/scoring_test_util.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::ScoringServiceTest;
using testing_table::Context;

TEST_F(ScoringServiceTest, AdjustmentsNeedTheDirectorAndChangeTheStandings) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings before;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &before).ok());

  v1::AddAdjustmentRequest request;
  request.set_parent(event_);
  v1::Adjustment* a = request.mutable_adjustment();
  a->set_kind(v1::Adjustment::KIND_ARTIFICIAL);
  a->set_board(1);
  a->set_table(session.session().tables(0).table());
  a->set_direction(v1::DIRECTION_FOREHAND);
  a->set_artificial_percent(55);
  a->set_reason("slow play");
  v1::Adjustment stored;
  EXPECT_EQ(scoring_stub_->AddAdjustment(Context("").get(), request, &stored).error_code(),
            StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(
      scoring_stub_->AddAdjustment(Context("not-the-token").get(), request, &stored).error_code(),
      StatusCode::PERMISSION_DENIED);
  grpc::Status bad = scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
  EXPECT_EQ(bad.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(bad.error_message().find("55"), std::string::npos) << bad.error_message();
  a->set_artificial_percent(60);
  a->set_board(5);  // round 1's tables play boards 1-4
  grpc::Status not_played =
      scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
  EXPECT_EQ(not_played.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(not_played.error_message().find("not played"), std::string::npos)
      << not_played.error_message();
  a->set_board(1);
  a->set_session(2);
  EXPECT_EQ(scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  a->set_session(0);
  a->set_reason("");
  EXPECT_EQ(scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  v1::ListAdjustmentsRequest list_request;
  list_request.set_parent(event_);
  v1::ListAdjustmentsResponse list;
  ASSERT_TRUE(scoring_stub_->ListAdjustments(Context("").get(), list_request, &list).ok());
  EXPECT_EQ(list.adjustments_size(), 0) << "refused adjustments write nothing";

  a->set_reason("the table's board 1 was misboarded; forehand not at fault");
  ASSERT_TRUE(scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored).ok());
  EXPECT_EQ(stored.created_by(), "director");
  EXPECT_GT(stored.create_time().seconds(), 0);
  ASSERT_TRUE(scoring_stub_->ListAdjustments(Context("").get(), list_request, &list).ok());
  EXPECT_EQ(list.adjustments_size(), 1);

  // The seat gets 60 % of board 1's forehand top directly; the others are Neuberg'd 3 -> 4.
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_name(TravellerName(event_, 0, 1));
  v1::Traveller traveller;
  ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller).ok());
  int artificial = 0;
  for (const v1::TravellerRow& row : traveller.directions(0).rows()) {
    if (row.artificial()) ++artificial;
  }
  EXPECT_EQ(artificial, 1);
  v1::Standings after;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &after).ok());
  EXPECT_NE(before.ShortDebugString(), after.ShortDebugString());

  // A fouled board: one table played version 2 of board 2. Each version is its own field
  // (docs/comparative.md "Director adjustments"): per direction 3 results of version 0, 1 of 2.
  a->Clear();
  a->set_kind(v1::Adjustment::KIND_FOULED);
  a->set_board(2);
  a->set_table(session.session().tables(0).table());
  a->set_reason("two cards exchanged between forehand and rearhand at table 1");
  grpc::Status unversioned =
      scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
  EXPECT_EQ(unversioned.error_code(), StatusCode::INVALID_ARGUMENT);
  a->set_version(2);
  ASSERT_TRUE(scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored).ok());
  EXPECT_EQ(stored.version(), 2);
  traveller_request.set_name(TravellerName(event_, 1, 2));
  ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller).ok());
  ASSERT_EQ(traveller.directions_size(), 6);
  std::map<int, int> rows_by_version;
  for (const v1::DirectionTraveller& dir : traveller.directions()) {
    rows_by_version[dir.version()] += dir.rows_size();
    EXPECT_EQ(dir.planned(), 4) << "each version is Neuberg'd to the planned N";
  }
  EXPECT_EQ(rows_by_version[0], 9);
  EXPECT_EQ(rows_by_version[2], 3);
}

// An abandoned table: its board never finished, the director gives one seat 60 % and the
// others 40 % (docs/comparative.md "Artificial scores"); the seats' players come from the seating.
// AIP-158 pages: every adjustment once, oldest first; a token works only for its own event.
TEST_F(ScoringServiceTest, ListAdjustmentsSendsPages) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  ASSERT_GE(session.session().tables_size(), 5);
  for (int i = 0; i < 5; ++i) {
    // Artificial scores for boards not played yet, at five tables.
    const v1::SessionTable& table = session.session().tables(i);
    v1::AddAdjustmentRequest request;
    request.set_parent(event_);
    v1::Adjustment* a = request.mutable_adjustment();
    a->set_kind(v1::Adjustment::KIND_ARTIFICIAL);
    a->set_board(table.boards(0));
    a->set_table(table.table());
    a->set_direction(v1::DIRECTION_FOREHAND);
    a->set_artificial_percent(60);
    a->set_reason("late " + std::to_string(i));
    v1::Adjustment stored;
    const grpc::Status s = scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  v1::ListAdjustmentsRequest list;
  list.set_parent(event_);
  list.set_page_size(2);
  std::vector<std::string> reasons;
  std::vector<int> sizes;
  std::string first_token;
  do {
    v1::ListAdjustmentsResponse page;
    const grpc::Status s = scoring_stub_->ListAdjustments(Context("").get(), list, &page);
    ASSERT_TRUE(s.ok()) << s.error_message();
    sizes.push_back(page.adjustments_size());
    for (const v1::Adjustment& a : page.adjustments()) reasons.push_back(a.reason());
    if (first_token.empty()) first_token = page.next_page_token();
    list.set_page_token(page.next_page_token());
  } while (!list.page_token().empty());
  EXPECT_EQ(reasons, (std::vector<std::string>{"late 0", "late 1", "late 2", "late 3", "late 4"}));
  EXPECT_EQ(sizes, (std::vector<int>{2, 2, 1}));

  const std::string first_event = event_;
  CreateEventAndSet(3);
  v1::ListAdjustmentsResponse ignored;
  list.set_parent(event_);
  list.set_page_token(first_token);
  EXPECT_EQ(scoring_stub_->ListAdjustments(Context("").get(), list, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
  list.set_parent(first_event);
  list.set_page_token("");
  list.set_page_size(-1);
  EXPECT_EQ(scoring_stub_->ListAdjustments(Context("").get(), list, &ignored).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(ScoringServiceTest, ArtificialScoresForABoardNeverPlayed) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  const v1::SessionTable& table = session.session().tables(0);  // A1 B1 A2, forehand chair 1
  for (v1::Direction d :
       {v1::DIRECTION_FOREHAND, v1::DIRECTION_MIDDLEHAND, v1::DIRECTION_REARHAND}) {
    v1::AddAdjustmentRequest request;
    request.set_parent(event_);
    v1::Adjustment* a = request.mutable_adjustment();
    a->set_kind(v1::Adjustment::KIND_ARTIFICIAL);
    a->set_board(1);
    a->set_table(table.table());
    a->set_direction(d);
    a->set_artificial_percent(d == v1::DIRECTION_FOREHAND ? 60 : 40);
    a->set_reason("table 1 abandoned board 1: forehand not at fault");
    v1::Adjustment stored;
    grpc::Status s = scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings standings;
  // Board 1 is still to be played at the other tables: only the director sees its scores.
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
  for (const v1::Standing& s : standings.overall()) EXPECT_EQ(s.boards(), 0) << s.display_name();
  ASSERT_TRUE(
      scoring_stub_->GetStandings(Context(director_).get(), standings_request, &standings).ok());
  std::map<std::string, double> percent;
  for (const v1::Standing& s : standings.overall()) percent[s.player()] = s.percentage();
  EXPECT_DOUBLE_EQ(percent[players_[0]], 60);  // A1, forehand
  EXPECT_DOUBLE_EQ(percent[players_[6]], 40);  // B1, middlehand
  EXPECT_DOUBLE_EQ(percent[players_[1]], 40);  // A2, rearhand
}

// A seat made only by an artificial score, at a table of round 2 or later that never played the
// board, counts in its table's round (docs/events-and-scoring.md 4.3), not in round 1.
TEST_F(ScoringServiceTest, ArtificialScoreCountsInItsTablesRound) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  const v1::SessionTable* later = nullptr;
  for (const v1::SessionTable& t : session.session().tables()) {
    if (t.round() > 1) later = &t;
  }
  ASSERT_NE(later, nullptr);
  v1::AddAdjustmentRequest request;
  request.set_parent(event_);
  v1::Adjustment* a = request.mutable_adjustment();
  a->set_kind(v1::Adjustment::KIND_ARTIFICIAL);
  a->set_board(later->boards(0));
  a->set_table(later->table());
  a->set_direction(v1::DIRECTION_FOREHAND);
  a->set_artificial_percent(60);
  a->set_reason("the table abandoned the board: forehand not at fault");
  v1::Adjustment stored;
  grpc::Status s = scoring_stub_->AddAdjustment(Context(director_).get(), request, &stored);
  ASSERT_TRUE(s.ok()) << s.error_message();
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings standings;
  // The board is still to be played at the other tables: the director's view.
  ASSERT_TRUE(
      scoring_stub_->GetStandings(Context(director_).get(), standings_request, &standings).ok());
  ASSERT_EQ(standings.overall_size(), 1);  // the one seat with a score
  const v1::Standing& seat = standings.overall(0);
  ASSERT_EQ(seat.rounds_size(), 1);
  EXPECT_EQ(seat.rounds(0).round(), later->round());
  EXPECT_DOUBLE_EQ(seat.rounds(0).percentage(), 60);
}

TEST_F(ScoringServiceTest, StartSessionRefusesWhatTheMovementCannotSeat) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  EXPECT_EQ(StartInterClub(&session, "").error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(StartInterClub(&session, "wrong").error_code(), StatusCode::PERMISSION_DENIED);

  // Eleven players for twelve chairs.
  const std::string last = players_.back();
  players_.pop_back();
  grpc::Status short_field = StartInterClub(&session, director_);
  EXPECT_EQ(short_field.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(short_field.error_message().find("12 players"), std::string::npos)
      << short_field.error_message();
  // A player listed twice.
  players_.push_back(players_.front());
  EXPECT_EQ(StartInterClub(&session, director_).error_code(), StatusCode::INVALID_ARGUMENT);
  // Clubs interleaved: club B's first player among club A's.
  players_.back() = last;
  std::swap(players_[1], players_[7]);
  grpc::Status mixed = StartInterClub(&session, director_);
  EXPECT_EQ(mixed.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(mixed.error_message().find("club"), std::string::npos) << mixed.error_message();
  // Nothing was opened.
  Result<std::vector<store::SessionRecord>> sessions =
      store_->ListSessions(event_.substr(event_.find('/') + 1));
  ASSERT_TRUE(sessions.ok());
  EXPECT_TRUE(sessions->empty());
  // No standings to read for a session the event does not have.
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 2, "standings"));
  v1::Standings standings;
  EXPECT_EQ(
      scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).error_code(),
      StatusCode::NOT_FOUND);
}

// docs/comparative.md "Information during an event": a table's result of a board tells the next
// tables its cards, so until every table that plays the board has finished it no anonymous or
// seat-token view counts it: standings (read and watched), scorecards, the team match, series
// lists and prize lists read exactly as before the board was played anywhere. The director's
// token sees every counted result; once all tables have played, everyone reads the same.
TEST_F(ScoringServiceTest, BoardsStillInPlayCountOnlyForTheDirector) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  const std::string first = session.session().tables(0).table();
  std::vector<std::string> seats;
  for (const v1::SeatToken& t : session.seat_tokens()) {
    if (t.table() == first) seats.push_back(t.token());
  }
  ASSERT_EQ(seats.size(), 3u);

  // Every aggregate of the event as `token` reads it, without the progress counts.
  auto views = [&](const std::string& token) {
    std::string out;
    v1::GetStandingsRequest standings_request;
    standings_request.set_name(SessionScopedName(event_, 0, "standings"));
    v1::Standings standings;
    EXPECT_TRUE(
        scoring_stub_->GetStandings(Context(token).get(), standings_request, &standings).ok());
    standings.clear_compute_time();
    standings.clear_results();
    out += standings.ShortDebugString() + "\n";
    v1::GetTeamMatchRequest team_request;
    team_request.set_name(SessionScopedName(event_, 0, "teamMatch"));
    v1::TeamMatch team;
    // FAILED_PRECONDITION while no counted board seats both clubs.
    const grpc::Status team_status =
        scoring_stub_->GetTeamMatch(Context(token).get(), team_request, &team);
    out += std::to_string(team_status.error_code()) + " " + team.ShortDebugString() + "\n";
    v1::GetSeriesListsRequest series_request;
    series_request.set_name(SessionScopedName(event_, 0, "seriesLists"));
    v1::SeriesLists series;
    EXPECT_TRUE(scoring_stub_->GetSeriesLists(Context(token).get(), series_request, &series).ok());
    out += series.ShortDebugString() + "\n";
    v1::GetPrizeListRequest prize_request;
    prize_request.set_name(std::string(event_) + "/prizeList");
    v1::PrizeList prizes;
    EXPECT_TRUE(scoring_stub_->GetPrizeList(Context(token).get(), prize_request, &prizes).ok());
    out += prizes.ShortDebugString() + "\n";
    for (const std::string& player : players_) {
      v1::GetScorecardRequest card_request;
      card_request.set_name(player + "/scorecard");
      v1::Scorecard card;
      EXPECT_TRUE(scoring_stub_->GetScorecard(Context(token).get(), card_request, &card).ok());
      out += card.ShortDebugString() + "\n";
    }
    return out;
  };
  // The first message of a standings stream, as views() shows standings.
  auto watched = [&](const std::string& token) {
    v1::WatchStandingsRequest request;
    request.set_name(SessionScopedName(event_, 0, "standings"));
    auto context = Context(token);
    auto stream = scoring_stub_->WatchStandings(context.get(), request);
    v1::Standings standings;
    EXPECT_TRUE(stream->Read(&standings));
    context->TryCancel();
    standings.clear_compute_time();
    standings.clear_results();
    return standings.ShortDebugString();
  };
  auto first_line = [](const std::string& text) { return text.substr(0, text.find('\n')); };

  const std::string before = views("");
  // Table 1 plays its four boards of round 1; the other tables that play them have not.
  for (const testing_table::SeatLog& log : testing_table::DriveTable(
           *table_stub_, first, seats, [](int chair) { return testing_scoring::Bot(chair); })) {
    ASSERT_TRUE(log.error.empty()) << log.error;
  }
  EXPECT_EQ(views(""), before);
  EXPECT_EQ(views(seats[0]), before);
  EXPECT_EQ(views("not-a-token"), before);
  EXPECT_EQ(watched(""), first_line(before));
  const std::string director = views(director_);
  EXPECT_NE(director, before);
  EXPECT_EQ(watched(director_), first_line(director));
  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings standings;
  ASSERT_TRUE(
      scoring_stub_->GetStandings(Context(director_).get(), standings_request, &standings).ok());
  int boards = 0;
  for (const v1::Standing& s : standings.overall()) boards += s.boards();
  EXPECT_EQ(boards, 3 * 4);  // three players, four boards each

  PlayAll(session);
  EXPECT_EQ(views(""), views(director_));
  EXPECT_EQ(views(seats[0]), views(director_));
}

}  // namespace
}  // namespace skat::service
