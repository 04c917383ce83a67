// EventService sessions and the ScoringService over real gRPC on loopback against a real
// PostgreSQL (label db): an inter-club match (COMPARATIVE.md's checked schedule: two clubs of
// six, four tables, 12 boards) opened by StartSession and played by bots through the table
// service, then every scoring answer checked against numbers recomputed here from the stored
// results: settled board scores (RULES S2 with k = 3), matchpoints (2 per result beaten, 1 per
// tie), the team score, scorecards, the traveller's visibility rule, WatchStandings fed by
// LISTEN/NOTIFY, adjustments and the director's authority.
#include "services/scoring/scoring_service.h"

#include <atomic>
#include <map>
#include <set>
#include <thread>

#include "engine/bot.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;
using testing_table::Reason;
using testing_table::WirePolicy;

WirePolicy Bot(uint64_t seed) {
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

double Number(const std::string& exact) {
  const size_t slash = exact.find('/');
  if (slash == std::string::npos) return std::stod(exact);
  return std::stod(exact.substr(0, slash)) / std::stod(exact.substr(slash + 1));
}

class ScoringServiceTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    scoring_ = std::make_unique<ScoringServiceImpl>(*store_, testing_db::DatabaseUrl());
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

  std::unique_ptr<ScoringServiceImpl> scoring_;
  std::unique_ptr<grpc::Server> scoring_server_;
  std::unique_ptr<v1::ScoringService::Stub> scoring_stub_;
  std::vector<std::string> clubs_;
  std::vector<std::string> players_;
  std::map<std::string, std::string> club_of_;  // player name -> club display name
};

TEST_F(ScoringServiceTest, InterClubMatchIsScoredFromTheStoredResults) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  grpc::Status started = StartInterClub(&session, director_);
  ASSERT_TRUE(started.ok()) << started.error_message();
  // COMPARATIVE.md "Inter-club match": 3 rounds of 4 tables, forehand in chair 1, 36 seats.
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
  traveller_request.set_event(event_);
  traveller_request.set_board(1);
  v1::Traveller traveller;
  auto closed = Context("");
  grpc::Status early = scoring_stub_->GetTraveller(closed.get(), traveller_request, &traveller);
  EXPECT_EQ(early.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(Reason(*closed), "board-in-play");

  // A watcher sees the standings before play and again as results arrive (LISTEN/NOTIFY).
  std::atomic<int> updates{0};
  grpc::ClientContext watch_context;
  v1::GetStandingsRequest standings_request;
  standings_request.set_event(event_);
  std::unique_ptr<grpc::ClientReader<v1::Standings>> watch =
      scoring_stub_->WatchStandings(&watch_context, standings_request);
  std::thread watcher([&] {
    v1::Standings s;
    while (watch->Read(&s)) ++updates;
  });

  PlayAll(session);

  v1::Standings standings;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
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
    traveller_request.set_board(board);
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
  team_request.set_event(event_);
  v1::TeamMatch team;
  ASSERT_TRUE(scoring_stub_->GetTeamMatch(Context("").get(), team_request, &team).ok());
  EXPECT_EQ(team.club_a(), "Milwaukee");
  EXPECT_EQ(team.club_b(), "Chicago");
  EXPECT_EQ(team.lines_size(), 36);
  EXPECT_EQ(team.total_a(), club_total["Milwaukee"]);
  EXPECT_EQ(team.total_b(), club_total["Chicago"]);
  EXPECT_EQ(team.net(), team.total_a() - team.total_b());

  v1::GetScorecardRequest card_request;
  card_request.set_event(event_);
  card_request.set_player(players_[0]);
  v1::Scorecard card;
  ASSERT_TRUE(scoring_stub_->GetScorecard(Context("").get(), card_request, &card).ok());
  EXPECT_EQ(card.rows_size(), 12);
  EXPECT_EQ(card.standing().player(), players_[0]);
  double card_mp = 0;
  for (const v1::ScorecardRow& row : card.rows()) card_mp += Number(row.matchpoints());
  EXPECT_DOUBLE_EQ(card_mp, Number(card.standing().matchpoints()));

  v1::GetPrizeListRequest prize_request;
  prize_request.set_event(event_);
  v1::PrizeList prizes;
  ASSERT_TRUE(scoring_stub_->GetPrizeList(Context("").get(), prize_request, &prizes).ok());
  std::set<std::string> winners;
  for (const v1::Prize& p : prizes.prizes()) {
    if (!p.player().empty()) {
      EXPECT_TRUE(winners.insert(p.player()).second) << "one prize each";
    }
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

TEST_F(ScoringServiceTest, AdjustmentsNeedTheDirectorAndChangeTheStandings) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  PlayAll(session);
  v1::GetStandingsRequest standings_request;
  standings_request.set_event(event_);
  v1::Standings before;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &before).ok());

  v1::AddAdjustmentRequest request;
  request.set_event(event_);
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
  list_request.set_event(event_);
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
  traveller_request.set_event(event_);
  traveller_request.set_board(1);
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
  // (COMPARATIVE.md "Director adjustments"): per direction 3 results of version 0, 1 of 2.
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
  traveller_request.set_board(2);
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
// others 40 % (COMPARATIVE.md "artificial scores"); the seats' players come from the seating.
TEST_F(ScoringServiceTest, ArtificialScoresForABoardNeverPlayed) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  ASSERT_TRUE(StartInterClub(&session, director_).ok());
  const v1::SessionTable& table = session.session().tables(0);  // A1 B1 A2, forehand chair 1
  for (v1::Direction d :
       {v1::DIRECTION_FOREHAND, v1::DIRECTION_MIDDLEHAND, v1::DIRECTION_REARHAND}) {
    v1::AddAdjustmentRequest request;
    request.set_event(event_);
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
  standings_request.set_event(event_);
  v1::Standings standings;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
  std::map<std::string, double> percent;
  for (const v1::Standing& s : standings.overall()) percent[s.player()] = s.percentage();
  EXPECT_DOUBLE_EQ(percent[players_[0]], 60);  // A1, forehand
  EXPECT_DOUBLE_EQ(percent[players_[6]], 40);  // B1, middlehand
  EXPECT_DOUBLE_EQ(percent[players_[1]], 40);  // A2, rearhand
}

// COMPARATIVE.md "Player counts not divisible by 3": seven players sit at one 4-chair and one
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
  standings_request.set_event(event_);
  v1::Standings standings;
  ASSERT_TRUE(scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).ok());
  EXPECT_EQ(standings.results(), 14);  // 2 rounds x (4 + 3) boards
  EXPECT_EQ(standings.overall_size(), 7);
  // Boards 1-3 of a round are played at both tables (N = 2); board 4 only at the 4-chair table,
  // so it carries no matchpoints. Each board of 1-3 has two results per direction.
  v1::GetTravellerRequest traveller_request;
  traveller_request.set_event(event_);
  traveller_request.set_board(1);
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
  standings_request.set_event(event_);
  standings_request.set_session(2);
  v1::Standings standings;
  EXPECT_EQ(
      scoring_stub_->GetStandings(Context("").get(), standings_request, &standings).error_code(),
      StatusCode::NOT_FOUND);
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new skat::testing_db::ThrowawayDatabase);
  return RUN_ALL_TESTS();
}
