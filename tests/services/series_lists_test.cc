// ScoringService.GetSeriesLists over real gRPC on loopback against a real PostgreSQL
// (docs/events-and-scoring.md 4.9 "Seeger-Fabian series lists"): a congress of seven (a 4-chair and
// a 3-chair table per round) under seeger-fabian, played by bots through the table service, and
// every table's list checked against the stored results and against the event's own Seeger-Fabian
// board scores.
#include <iostream>
#include <map>
#include <set>
#include <tuple>

#include "services/common/names.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using testing_scoring::ScoringServiceTest;
using testing_table::Context;

class SeriesListsTest : public ScoringServiceTest {
 protected:
  // Seven players in a 2-round congress of an event with seeger-fabian board scores.
  void PlayCongressOfSeven() {
    v1::CreateEventRequest event;
    event.set_display_name("Seeger-Fabian series");
    event.set_board_score(v1::BOARD_SCORE_SEEGER_FABIAN);
    v1::CreateEventResponse created;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    event_ = created.event().name();
    director_ = created.director_token();
    v1::CreateBoardSetRequest set;
    set.set_parent(event_);
    set.set_board_count(8);
    set.set_table_size(3);
    v1::BoardSet made;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &made).ok());
    set_ = made.name();
    for (int i = 1; i <= 7; ++i) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name("Player " + std::to_string(i));
      v1::Player p;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
      players_.push_back(p.name());
    }
    v1::StartSessionRequest request;
    request.set_parent(event_);
    request.set_board_set(set_);
    request.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    request.set_rounds(2);
    request.set_comparative(true);
    request.set_draw_seed(1909);
    for (const std::string& p : players_) request.add_players(p);
    grpc::Status started = event_stub_->StartSession(Context(director_).get(), request, &session_);
    ASSERT_TRUE(started.ok()) << started.error_message();
    PlayAll(session_);
  }

  v1::StartSessionResponse session_;
};

TEST_F(SeriesListsTest, EveryTableOfACongressHasItsSeriesList) {
  ASSERT_NO_FATAL_FAILURE(PlayCongressOfSeven());
  v1::GetSeriesListsRequest request;
  request.set_name(SessionScopedName(event_, 0, "seriesLists"));
  v1::SeriesLists lists;
  grpc::Status status = scoring_stub_->GetSeriesLists(Context("").get(), request, &lists);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(lists.event(), event_);
  EXPECT_EQ(lists.board_score(), v1::BOARD_SCORE_SEEGER_FABIAN);
  ASSERT_EQ(lists.lists_size(), 4);  // 2 rounds x (4 chairs + 3 chairs)

  // The stored results per table, read straight from the store.
  const std::string event_id = event_.substr(event_.find('/') + 1);
  Result<std::vector<store::ResultRecord>> stored = store_->ListResults(event_id, "", false);
  ASSERT_TRUE(stored.ok());
  std::map<std::string, int> games, lost_games, results;      // by table id
  std::map<std::pair<std::string, int>, GameResult> game_at;  // (table id, board)
  for (const store::ResultRecord& r : *stored) {
    if (!r.counts()) continue;
    ++results[r.table_id];
    game_at[{r.table_id, r.board_number}] = r.game;
    if (r.game.kind != ResultKind::kDeclarerGame) continue;
    ++games[r.table_id];
    if (!r.game.valuation.won) ++lost_games[r.table_id];
  }

  // The event's own Seeger-Fabian board scores per (player, table), from the scorecards: at a
  // 3-chair table the series total is their sum less what the series leaves out, the pad entry
  // of a seat that did not declare (a Ramsch charge, a P2 charge); a passed-in board is 0 in both
  // (D30 gives +40 at every table, the series 40 at 3 chairs too).
  std::map<std::pair<std::string, std::string>, long long> board_scores;
  for (const std::string& player : players_) {
    v1::GetScorecardRequest card_request;
    card_request.set_name(player + "/scorecard");
    v1::Scorecard card;
    ASSERT_TRUE(scoring_stub_->GetScorecard(Context("").get(), card_request, &card).ok());
    for (const v1::ScorecardRow& row : card.rows()) {
      board_scores[{player, row.table()}] += row.board_score();
      const std::string table_id = row.table().substr(row.table().rfind('/') + 1);
      auto game = game_at.find({table_id, row.board()});
      ASSERT_NE(game, game_at.end()) << row.table() << " board " << row.board();
      const int d = static_cast<int>(row.direction()) - 1;
      const GameResult& g = game->second;
      if (g.kind != ResultKind::kDeclarerGame || Index(g.declarer) != d) {
        board_scores[{player, row.table()}] -= g.pad[d];
      }
    }
  }

  int four = 0, all_rows = 0, checked_against_board_scores = 0;
  for (const v1::SeriesList& list : lists.lists()) {
    const std::string table_id = list.table().substr(list.table().rfind('/') + 1);
    EXPECT_EQ(list.session(), 1);
    EXPECT_EQ(list.results(), results[table_id]);
    const int seats = list.four_players() ? 4 : 3;
    four += list.four_players() ? 1 : 0;
    EXPECT_EQ(list.rows_size(), seats);
    EXPECT_EQ(list.results(), seats);  // a congress table plays one board per chair
    int won = 0, lost = 0, opponents_lost = 0;
    for (int i = 0; i < list.rows_size(); ++i) {
      const v1::SeriesRow& row = list.rows(i);
      ++all_rows;
      EXPECT_EQ(row.rank(), i + 1);
      EXPECT_FALSE(row.player().empty());
      EXPECT_FALSE(row.display_name().empty());
      EXPECT_EQ(row.total(),
                row.game_points() + 50LL * (row.won() - row.lost()) + row.opponents_points());
      EXPECT_EQ(row.opponents_points(), (list.four_players() ? 30LL : 40LL) * row.opponents_lost());
      won += row.won();
      lost += row.lost();
      opponents_lost += row.opponents_lost();
      if (i > 0) {
        const v1::SeriesRow& above = list.rows(i - 1);
        const auto key = [](const v1::SeriesRow& r) {
          return std::make_tuple(-r.total(), -r.won(), r.lost());
        };
        EXPECT_LE(key(above), key(row));
        if (key(above) == key(row)) {
          EXPECT_TRUE(above.lot() && row.lot());
        }
      }
      auto score = board_scores.find({row.player(), list.table()});
      if (!list.four_players()) {
        ASSERT_NE(score, board_scores.end()) << row.display_name();
        EXPECT_EQ(row.total(), score->second) << row.display_name() << " at " << list.table();
        ++checked_against_board_scores;
      }
    }
    EXPECT_EQ(won + lost, games[table_id]);
    EXPECT_EQ(lost, lost_games[table_id]);
    // Every lost game gives the other two (3 chairs) or all three others (4 chairs).
    EXPECT_EQ(opponents_lost, lost * (seats - 1));
  }
  EXPECT_EQ(four, 2);
  EXPECT_EQ(all_rows, 14);
  EXPECT_EQ(checked_against_board_scores, 6);
  std::cout << "series lists: " << all_rows << " rows, " << checked_against_board_scores
            << " checked against the board scores\n";

  // One session asked for: the same lists; a session the event does not have: NOT_FOUND.
  request.set_name(SessionScopedName(event_, 1, "seriesLists"));
  v1::SeriesLists one;
  ASSERT_TRUE(scoring_stub_->GetSeriesLists(Context("").get(), request, &one).ok());
  EXPECT_EQ(one.name(), session_.session().name() + "/seriesLists");
  one.set_name(lists.name());
  EXPECT_EQ(one.SerializeAsString(), lists.SerializeAsString());
  request.set_name(SessionScopedName(event_, 2, "seriesLists"));
  EXPECT_EQ(scoring_stub_->GetSeriesLists(Context("").get(), request, &one).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

// Before any result every seated player is listed with zeros, all equal, so the lot orders them;
// asking again gives the same order (the lot is drawn from the event id).
TEST_F(SeriesListsTest, BeforeAnyResultTheLotOrdersTheSeatedPlayers) {
  CreateEventAndSet(16);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  v1::GetSeriesListsRequest request;
  request.set_name(SessionScopedName(event_, 0, "seriesLists"));
  v1::SeriesLists first, again;
  ASSERT_TRUE(scoring_stub_->GetSeriesLists(Context("").get(), request, &first).ok());
  ASSERT_TRUE(scoring_stub_->GetSeriesLists(Context("").get(), request, &again).ok());
  EXPECT_EQ(first.SerializeAsString(), again.SerializeAsString());
  ASSERT_EQ(first.lists_size(), session.session().tables_size());
  std::set<std::string> seen;
  for (const v1::SeriesList& list : first.lists()) {
    EXPECT_EQ(list.results(), 0);
    ASSERT_EQ(list.rows_size(), 3);
    for (const v1::SeriesRow& row : list.rows()) {
      EXPECT_EQ(row.total(), 0);
      EXPECT_TRUE(row.lot());
      seen.insert(row.player());
    }
  }
  EXPECT_EQ(seen.size(), 12u);
}

}  // namespace
}  // namespace skat::service
