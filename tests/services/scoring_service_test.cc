// EventService sessions and the ScoringService over real gRPC on loopback against a real
// PostgreSQL (label db): an inter-club match (docs/comparative.md "Inter-club match": two clubs of
// six, four tables, 12 boards) opened by StartSession and played by bots through the table
// service, then every scoring answer checked against numbers recomputed here from the stored
// results: settled board scores (RULES S2 with k = 3), matchpoints (2 per result beaten, 1 per
// tie), the team score, scorecards, the traveller's visibility rule, WatchStandings fed by
// LISTEN/NOTIFY; and a congress of seven at a 4-chair and a 3-chair table. Adjustments and the
// director's authority are scoring_director_test.cc's.
#include "services/scoring/scoring_service.h"

#include <atomic>
#include <map>
#include <pqxx/pqxx>
#include <set>
#include <thread>

#include "services/common/names.h"
#include "services/scoring/event_scores_cache.h"
#include "services/scoring/scoring_proto.h"
#include "services/store/store.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/scoring_test_util.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_scoring::Number;
using testing_scoring::ScoringServiceTest;
using testing_table::Context;
using testing_table::Reason;

// The standings of every session combined, without the time they were computed.
std::string StandingsText(const EventScores& scores) {
  v1::Standings standings;
  EXPECT_TRUE(StandingsProto(scores, 0, &standings).ok());
  standings.clear_compute_time();
  return standings.SerializeAsString();
}

TEST_F(ScoringServiceTest, InterClubMatchIsScoredFromTheStoredResults) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  grpc::Status started = StartInterClub(&session, director_);
  ASSERT_TRUE(started.ok()) << started.error_message();
  // docs/comparative.md "Inter-club match": 3 rounds of 4 tables, forehand in chair 1, 36 seats.
  ASSERT_EQ(session.session().tables_size(), 12);
  EXPECT_EQ(session.seat_tokens_size(), 36);
  for (const v1::SessionTable& t : session.session().tables()) {
    EXPECT_EQ(t.forehand_chair(), 1);
    EXPECT_EQ(t.boards_size(), 4);
  }
  // R1 T1 b1-4: A1 B1 A2 (the checked schedule).
  EXPECT_EQ(session.session().tables(0).players(0), players_[0]);
  EXPECT_EQ(session.session().tables(0).players(1), players_[6]);
  EXPECT_EQ(session.session().tables(0).players(2), players_[1]);
  EXPECT_FALSE(session.session().warnings().empty());  // clubmates at (A,B,A) tables
  EXPECT_NE(session.session().validation().find("F/M/R"), std::string::npos)
      << session.session().validation();

  // Before play the traveller of board 1 is closed.
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_name(TravellerName(event_, 0, 1));
  v1::Traveller traveller;
  auto closed = Context("");
  grpc::Status early = scoring_stub_->GetTraveller(closed.get(), traveller_request, &traveller);
  EXPECT_EQ(early.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Reason(*closed), "board-in-play");

  // A watcher sees the standings before play and again as results arrive (LISTEN/NOTIFY).
  std::atomic<int> updates{0};
  grpc::ClientContext watch_context;
  v1::WatchStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  std::unique_ptr<grpc::ClientReader<v1::Standings>> watch =
      scoring_stub_->WatchStandings(&watch_context, standings_request);
  std::thread watcher([&] {
    v1::Standings s;
    while (watch->Read(&s)) ++updates;
  });

  PlayAll(session);

  v1::GetStandingsRequest get_request;
  get_request.set_name(standings_request.name());
  v1::Standings standings;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), get_request, &standings).ok());
  EXPECT_EQ(standings.results(), 48);
  EXPECT_EQ(standings.results_expected(), 48);
  ASSERT_EQ(standings.overall_size(), 12);
  double percent_sum = 0, mp_sum = 0, top_sum = 0;
  for (const v1::Standing& s : standings.overall()) {
    EXPECT_EQ(s.boards(), 12) << s.ShortDebugString();
    percent_sum += s.percentage();
    mp_sum += Number(s.matchpoints());
    top_sum += Number(s.top());
    EXPECT_EQ(s.club(), club_of_[s.player()]);
    // Everyone holds F/M/R 4/4/4 (the checked schedule).
    ASSERT_EQ(s.direction_boards_size(), 3);
    EXPECT_EQ(s.direction_boards(0), 4);
    EXPECT_EQ(s.direction_boards(1), 4);
    EXPECT_EQ(s.direction_boards(2), 4);
  }
  // Every field is complete (n = N = 4): its matchpoints sum to n(n-1) = half its tops.
  EXPECT_DOUBLE_EQ(mp_sum * 2, top_sum);
  EXPECT_NEAR(percent_sum, 600, 1e-9);
  for (int i = 1; i < standings.overall_size(); ++i) {
    EXPECT_GE(standings.overall(i - 1).percentage(), standings.overall(i).percentage());
  }
  ASSERT_EQ(standings.by_direction_size(), 3);

  // Travellers: every board has 4 results per direction; settled = 3 pad - sum pad (k = 3).
  std::map<std::string, long long> club_total;
  for (int board = 1; board <= 12; ++board) {
    traveller_request.set_name(TravellerName(event_, 1, board));
    ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller).ok());
    EXPECT_EQ(traveller.hands_size(), 3);
    ASSERT_EQ(traveller.directions_size(), 3);
    for (const v1::DirectionTraveller& dir : traveller.directions()) {
      EXPECT_EQ(dir.planned(), 4);
      ASSERT_EQ(dir.rows_size(), 4);
      std::vector<long long> scores;
      for (const v1::TravellerRow& row : dir.rows()) {
        const auto& pad = row.result().pad();
        ASSERT_EQ(pad.size(), 3);
        const long long sum = pad[0] + pad[1] + pad[2];
        const int d = static_cast<int>(dir.direction()) - 1;
        EXPECT_EQ(row.board_score(), 3LL * pad[d] - sum) << row.ShortDebugString();
        scores.push_back(row.board_score());
        club_total[club_of_[row.player()]] += row.board_score();
      }
      for (int i = 0; i < 4; ++i) {
        int mp = 0;
        for (int j = 0; j < 4; ++j) {
          if (j != i) mp += scores[i] > scores[j] ? 2 : scores[i] == scores[j] ? 1 : 0;
        }
        EXPECT_DOUBLE_EQ(Number(dir.rows(i).matchpoints()), mp);
      }
    }
  }

  v1::GetTeamMatchRequest team_request;
  team_request.set_name(SessionScopedName(event_, 0, "teamMatch"));
  v1::TeamMatch team;
  ASSERT_TRUE(scoring_stub_->GetTeamMatch(Context("").get(), team_request, &team).ok());
  EXPECT_EQ(team.club_a(), "Milwaukee");
  EXPECT_EQ(team.club_b(), "Chicago");
  EXPECT_EQ(team.lines_size(), 36);
  EXPECT_EQ(team.total_a(), club_total["Milwaukee"]);
  EXPECT_EQ(team.total_b(), club_total["Chicago"]);
  EXPECT_EQ(team.net(), team.total_a() - team.total_b());

  v1::GetScorecardRequest card_request;
  card_request.set_name(players_[0] + "/scorecard");
  v1::Scorecard card;
  ASSERT_TRUE(scoring_stub_->GetScorecard(Context("").get(), card_request, &card).ok());
  EXPECT_EQ(card.rows_size(), 12);
  EXPECT_EQ(card.standing().player(), players_[0]);
  double card_mp = 0;
  for (const v1::ScorecardRow& row : card.rows()) card_mp += Number(row.matchpoints());
  EXPECT_DOUBLE_EQ(card_mp, Number(card.standing().matchpoints()));

  v1::GetPrizeListRequest prize_request;
  prize_request.set_name(std::string(event_) + "/prizeList");
  v1::PrizeList prizes;
  ASSERT_TRUE(scoring_stub_->GetPrizeList(Context("").get(), prize_request, &prizes).ok());
  std::set<std::string> winners;
  for (const v1::Prize& p : prizes.prizes()) {
    if (!p.player().empty()) {
      EXPECT_TRUE(winners.insert(p.player()).second) << "one prize each";
    }
    // The detail in structured form too (docs/i18n.md "What the engine writes").
    EXPECT_EQ(p.detail_code().code() == "prize-none", p.player().empty()) << p.detail();
    EXPECT_FALSE(p.detail_code().code().empty()) << p.detail();
  }
  EXPECT_GE(winners.size(), 2u);

  // Let the watcher see the last commit, then stop it.
  for (int i = 0; i < 50 && updates.load() < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  watch_context.TryCancel();
  watcher.join();
  EXPECT_GE(updates.load(), 2);
}

// The scoring resources by name (docs/events-and-scoring.md section 5): ListTravellers pages
// through the open travellers in board order and lists the boards in play apart; a session is
// named by its id or its number, and every name returned carries the id.
TEST_F(ScoringServiceTest, TravellersAreListedInPagesByName) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  const std::string by_id = session.session().name();
  const std::string by_number = event_ + "/sessions/1";
  auto list_all = [&](const std::string& parent, int page_size, int* pages) {
    std::vector<v1::Traveller> all;
    v1::ListTravellersRequest request;
    request.set_parent(parent);
    request.set_page_size(page_size);
    v1::ListTravellersResponse page;
    *pages = 0;
    do {
      EXPECT_TRUE(scoring_stub_->ListTravellers(Context("").get(), request, &page).ok());
      ++*pages;
      EXPECT_EQ(page.boards_in_play_size(), all.empty() && page.travellers().empty() ? 12 : 0);
      for (const v1::Traveller& t : page.travellers()) all.push_back(t);
      request.set_page_token(page.next_page_token());
    } while (!page.next_page_token().empty() && *pages < 20);
    return all;
  };
  int pages = 0;
  EXPECT_TRUE(list_all(by_id, 5, &pages).empty());  // nothing played: every board in play
  EXPECT_EQ(pages, 1);

  PlayAll(session);
  const std::vector<v1::Traveller> travellers = list_all(by_number, 5, &pages);
  EXPECT_EQ(pages, 3);  // 5 + 5 + 2
  ASSERT_EQ(travellers.size(), 12u);
  for (int board = 1; board <= 12; ++board) {
    const v1::Traveller& t = travellers[board - 1];
    EXPECT_EQ(t.board(), board);
    EXPECT_EQ(t.name(), by_id + "/travellers/" + std::to_string(board));
    v1::GetTravellerRequest request;
    request.set_name(t.name());
    v1::Traveller got;
    ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), request, &got).ok());
    EXPECT_EQ(got.SerializeAsString(), t.SerializeAsString());
  }
  EXPECT_EQ(list_all(by_id, 0, &pages).size(), 12u);  // the default page holds 10
  EXPECT_EQ(pages, 2);

  for (const std::string& session_name : {by_id, by_number}) {
    v1::GetStandingsRequest request;
    request.set_name(session_name + "/standings");
    v1::Standings standings;
    ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), request, &standings).ok());
    EXPECT_EQ(standings.name(), by_id + "/standings");
  }
  v1::GetScorecardRequest card;
  card.set_name(players_[0] + "/scorecard");
  v1::Scorecard scorecard;
  ASSERT_TRUE(scoring_stub_->GetScorecard(Context("").get(), card, &scorecard).ok());
  EXPECT_EQ(scorecard.name(), players_[0] + "/scorecard");
  EXPECT_EQ(scorecard.rows_size(), 12);
}

// EventScoresCache (what GetTraveller, GetStandings and the rest read through): reads of an
// unchanged event load it once; a change to any row its scores come from (a player, a session
// with its tables and seatings, results) makes the next read load again, so no answer is stale.
// docs/web.md "The live screen": anyone may read which boards each table has finished, and
// nothing else: one table plays its round alone, and only its boards are finished, while no
// traveller of them is open yet.
TEST_F(ScoringServiceTest, SessionProgressShowsEachTablesFinishedBoardsToAnyone) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  std::map<std::string, std::vector<std::string>> tokens;
  for (const v1::SeatToken& t : session.seat_tokens()) tokens[t.table()].push_back(t.token());
  const v1::SessionTable* first = nullptr;
  for (const v1::SessionTable& t : session.session().tables()) {
    if (first == nullptr ||
        std::pair(t.round(), t.table_number()) < std::pair(first->round(), first->table_number())) {
      first = &t;
    }
  }
  ASSERT_NE(first, nullptr);
  testing_table::DriveTable(*table_stub_, first->table(), tokens.at(first->table()),
                            [](int chair) { return testing_scoring::Bot(chair + 11); });
  v1::GetSessionProgressRequest request;
  request.set_name(session.session().name() + "/progress");
  v1::SessionProgress progress;
  const grpc::Status s = scoring_stub_->GetSessionProgress(Context("").get(), request, &progress);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(progress.name(), session.session().name() + "/progress");
  ASSERT_EQ(progress.tables_size(), session.session().tables_size());
  for (const v1::TableProgress& t : progress.tables()) {
    const bool played = t.table() == first->table();
    EXPECT_EQ(t.finished_boards_size(), played ? t.boards_size() : 0) << t.table();
    EXPECT_GT(t.boards_size(), 0);
  }
  EXPECT_EQ(progress.tables(0).table(), first->table());  // round, then table number
  // The boards the first table finished are still in play elsewhere: no traveller is open.
  v1::GetTravellerRequest traveller;
  traveller.set_name(session.session().name() + "/travellers/" +
                     std::to_string(progress.tables(0).finished_boards(0)));
  v1::Traveller closed;
  EXPECT_EQ(scoring_stub_->GetTraveller(Context("").get(), traveller, &closed).error_code(),
            StatusCode::FAILED_PRECONDITION);
}

TEST_F(ScoringServiceTest, EventScoresAreLoadedAgainOnlyWhenTheEventChanges) {
  CreateEventAndSet(12);
  Result<std::string> id = ParseEventName(event_);
  ASSERT_TRUE(id.ok());
  EventScoresCache cache(*store_);
  Result<std::shared_ptr<const EventScores>> first = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(first.ok()) << first.status().message();
  Result<std::shared_ptr<const EventScores>> again = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(first->get(), again->get());
  EXPECT_EQ(cache.loads(), 1u);
  EXPECT_TRUE((*first)->players.empty());

  AddClubs();
  Result<std::shared_ptr<const EventScores>> with_players = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(with_players.ok());
  EXPECT_EQ(cache.loads(), 2u);
  EXPECT_EQ((*with_players)->players.size(), 12u);
  EXPECT_TRUE((*first)->players.empty());  // an earlier answer is not changed under its reader

  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  Result<std::shared_ptr<const EventScores>> started = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(started.ok());
  EXPECT_EQ(cache.loads(), 3u);
  ASSERT_EQ((*started)->sessions.size(), 1u);
  EXPECT_EQ((*started)->results_counted, 0);
  EXPECT_EQ((*started)->results_expected, 48);

  PlayAll(session);
  Result<std::shared_ptr<const EventScores>> played = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(played.ok());
  EXPECT_EQ((*played)->results_counted, 48);
  const uint64_t loads = cache.loads();
  ASSERT_TRUE(cache.Get(*id, Audience::kDirector).ok());
  EXPECT_EQ(cache.loads(), loads);
  // A table server's lease (taken, renewed, released: each rewrites the table's row) and a seat's
  // bot flag are no score input: no load.
  Result<TableName> table = ParseTableName(session.seat_tokens(0).table());
  ASSERT_TRUE(table.ok());
  Result<store::TableLease> lease =
      store_->AcquireTable(table->event, table->table, "test-server", 60000);
  ASSERT_TRUE(lease.ok()) << lease.status().message();
  ASSERT_TRUE(store_->RenewLease(*lease, 60000).ok());
  ASSERT_TRUE(store_->SetSeatBot(*lease, 1, true, 60000).ok());
  ASSERT_TRUE(store_->ReleaseTable(*lease).ok());
  ASSERT_TRUE(cache.Get(*id, Audience::kDirector).ok());
  EXPECT_EQ(cache.loads(), loads);

  // The other inputs: an adjustment changes the standings; a club and the event's own row (its
  // director token rotated) make the next read load again too.
  v1::AddAdjustmentRequest penalty;
  penalty.set_parent(event_);
  penalty.mutable_adjustment()->set_kind(v1::Adjustment::KIND_PENALTY);
  penalty.mutable_adjustment()->set_player(players_[0]);
  penalty.mutable_adjustment()->set_penalty("5");
  penalty.mutable_adjustment()->set_reason("talking during play");
  v1::Adjustment stored;
  ASSERT_TRUE(scoring_stub_->AddAdjustment(Context(director_).get(), penalty, &stored).ok());
  Result<std::shared_ptr<const EventScores>> penalised = cache.Get(*id, Audience::kDirector);
  ASSERT_TRUE(penalised.ok());
  EXPECT_EQ(cache.loads(), loads + 1);
  EXPECT_NE(StandingsText(**penalised), StandingsText(**played));

  v1::AddClubRequest club;
  club.set_parent(event_);
  club.set_display_name("Late Club");
  v1::Club made;
  ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &made).ok());
  ASSERT_TRUE(cache.Get(*id, Audience::kDirector).ok());
  EXPECT_EQ(cache.loads(), loads + 2);

  v1::RotateDirectorTokenRequest rotate;
  rotate.set_name(event_);
  v1::RotateDirectorTokenResponse rotated;
  ASSERT_TRUE(event_stub_->RotateDirectorToken(Context(director_).get(), rotate, &rotated).ok());
  director_ = rotated.director_token();
  ASSERT_TRUE(cache.Get(*id, Audience::kDirector).ok());
  EXPECT_EQ(cache.loads(), loads + 3);

  EXPECT_EQ(cache.Get("ev-nosuchevent", Audience::kDirector).status().code(), ErrorCode::kNotFound);

  // The stamps of many events in one query are each event's own stamp.
  Result<std::map<std::string, std::string>> stamps = store_->EventStamps({*id, "ev-nosuchevent"});
  ASSERT_TRUE(stamps.ok()) << stamps.status().message();
  EXPECT_EQ(stamps->at(*id), *store_->EventStamp(*id));
  EXPECT_EQ(stamps->at("ev-nosuchevent"), *store_->EventStamp("ev-nosuchevent"));
  EXPECT_NE(stamps->at(*id), stamps->at("ev-nosuchevent"));
}

// The stamp and the loader read one list of tables (store::kScoreInputTables). Every other table
// of the schema that holds an event's rows is named here with why it cannot change the event's
// scores, so a table added later is either stamped or explained.
TEST(ScoreInputsTest, EveryTableWithAnEventIsStampedOrExplained) {
  const std::map<std::string, std::string> not_inputs = {
      {"board_sets", "the cards; scores come from the results"},
      {"boards", "the cards of a board set"},
      {"games", "the act logs; a finished game's result is a row of results"},
      {"game_acts", "the act logs"},
      {"imported_games", "the ISS records an import read; its results are rows of results"},
      {"refused_reports", "refused reports store nothing that counts"},
      {"person_boards", "a person's boards, derived from the scores (docs/persons.md)"},
      {"person_board_stamps", "the stamps person_boards were built from"},
      {"game_studies", "what a game's play lost against open hands, from its act log"},
      {"season_events", "which season an event is in (docs/seasons.md); seasons read the scores"},
      {"team_sheet_entries", "who played for a club on a match day; the league reads the scores"},
      {"score_frame_changes", "the change mark of the frame's tables, set by their triggers"},
  };
  ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
  Result<std::unique_ptr<store::Store>> migrated = store::Store::Connect(testing_db::DatabaseUrl());
  ASSERT_TRUE(migrated.ok() && (*migrated)->Migrate().ok());
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::work tx(conn);
  std::set<std::string> with_event;
  for (const pqxx::row& row :
       tx.exec("SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = "
               "current_schema() AND column_name = 'event_id'")) {
    with_event.insert(row[0].as<std::string>());
  }
  with_event.insert("events");
  std::set<std::string> explained;
  for (std::string_view table : store::kScoreInputTables) {
    EXPECT_EQ(with_event.count(std::string(table)), 1u) << table << " has no event_id column";
    explained.insert(std::string(table));
  }
  for (const auto& [table, why] : not_inputs) explained.insert(table);
  for (const std::string& table : with_event) {
    EXPECT_EQ(explained.count(table), 1u)
        << table
        << " holds an event's rows: add it to store::kScoreInputTables (and the loader), "
           "or say here why it cannot change the scores";
  }
}

// docs/comparative.md "Player counts not divisible by 3": seven players sit at one 4-chair and one
// 3-chair table; the 1909 congress deals once per player per round, and with comparative boards
// the 3-chair table plays the 4-chair table's first three. The resting dealer is not compared.
TEST_F(ScoringServiceTest, CongressOfSevenComparesAFourAndAThreeChairTable) {
  CreateEventAndSet(8);
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
  v1::StartSessionResponse session;
  grpc::Status started = event_stub_->StartSession(Context(director_).get(), request, &session);
  ASSERT_TRUE(started.ok()) << started.error_message();
  ASSERT_EQ(session.session().tables_size(), 4);  // 2 rounds x (4 chairs + 3 chairs)
  int four = 0;
  for (const v1::SessionTable& t : session.session().tables()) {
    if (t.players_size() == 4) {
      ++four;
      EXPECT_EQ(t.boards_size(), 4);
    } else {
      EXPECT_EQ(t.players_size(), 3);
      EXPECT_EQ(t.boards_size(), 3);
    }
  }
  EXPECT_EQ(four, 2);
  PlayAll(session);

  v1::GetStandingsRequest standings_request;
  standings_request.set_name(SessionScopedName(event_, 0, "standings"));
  v1::Standings standings;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
  EXPECT_EQ(standings.results(), 14);  // 2 rounds x (4 + 3) boards
  EXPECT_EQ(standings.overall_size(), 7);
  // Each note comes in English and as its code (docs/i18n.md "What the engine writes"): the
  // boards played at one table alone carry no matchpoints.
  ASSERT_EQ(standings.note_codes_size(), standings.notes_size());
  int single = 0;
  for (int i = 0; i < standings.notes_size(); ++i) {
    const v1::Note& note = standings.note_codes(i);
    if (note.code() != "single-result") continue;
    ++single;
    ASSERT_EQ(note.args_size(), 3);
    EXPECT_EQ(standings.notes(i), "board " + note.args(0) + " " + note.args(1) +
                                      ": N = 1, the board carries no matchpoints");
  }
  EXPECT_GE(single, 3);
  // Boards 1-3 of a round are played at both tables (N = 2); board 4 only at the 4-chair table,
  // so it carries no matchpoints. Each board of 1-3 has two results per direction.
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_name(TravellerName(event_, 0, 1));
  v1::Traveller traveller;
  ASSERT_TRUE(scoring_stub_->GetTraveller(Context("").get(), traveller_request, &traveller).ok());
  for (const v1::DirectionTraveller& dir : traveller.directions()) {
    EXPECT_EQ(dir.planned(), 2);
    ASSERT_EQ(dir.rows_size(), 2);
    // settled with k = 3 at both tables: 3 pad - the three directions' pads.
    for (const v1::TravellerRow& row : dir.rows()) {
      const auto& pad = row.result().pad();
      const int d = static_cast<int>(dir.direction()) - 1;
      EXPECT_EQ(row.board_score(), 3LL * pad[d] - pad[0] - pad[1] - pad[2]);
    }
  }
}

}  // namespace
}  // namespace skat::service
