// `skat match --rules isko` end to end (labels db and e2e): skatd as a
// real process on the throwaway database of tests/services/test_database.h, `skat match` and
// `skat scores series` as real processes against it, and the test reading the results back over
// gRPC as any client would.
//
//   IskoMatchIsScoredWithSeegerFabianSeriesLists: exit 0; the event has profile isko and board
//     score seeger-fabian; 48 of 48 results (4 tables x 12 boards), no Ramsch (ISkO passes a
//     board in); 12 players in the standings; 12 series lists (4 tables x 3 rounds) of 3 rows
//     whose totals are game points + 50 x (won - lost) + 40 x opponents' lost games and whose
//     opponents' lost games are twice the lost games; the match printed them, `skat scores
//     series` prints the same tables, and series.html and series.csv (36 rows) are written.
//   UnknownRulesAreAUsageError: `--rules nope` exits 2 naming the known profiles.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "services/common/names.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace {

using skat::testing_text::Count;

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;

class MatchIskoEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(skat::testing_db::DatabaseUrl().empty()) << skat::testing_db::SetupError();
    root_ = MakeRoot("skat-match-isko");
    ASSERT_FALSE(root_.empty());
    setenv("SKAT_DATABASE_URL", skat::testing_db::DatabaseUrl().c_str(), 1);
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->Start();
    ASSERT_FALSE(skatd_->server().empty());
    channel_ = grpc::CreateChannel(skatd_->server(), grpc::InsecureChannelCredentials());
  }
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }

  Output Skat(const std::string& command, const std::string& args) {
    return skat::testing_cli::Skat(command + " --server " + skatd_->server() + " " + args);
  }

  fs::path root_;
  std::unique_ptr<Skatd> skatd_;
  std::shared_ptr<grpc::Channel> channel_;
};

TEST_F(MatchIskoEndToEndTest, IskoMatchIsScoredWithSeegerFabianSeriesLists) {
  const fs::path out_dir = root_ / "pages";
  const Output run =
      Skat("match", "--rules isko --bots heuristic --boards 12 --seed 7 --no-analysis --out " +
                        out_dir.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::string event = FirstWord(run.out);
  ASSERT_EQ(event.rfind("events/", 0), 0u) << run.out;
  EXPECT_NE(run.out.find("(isko, board score seeger-fabian)"), std::string::npos) << run.out;

  auto events = skat::v1::EventService::NewStub(channel_);
  skat::v1::GetEventRequest get;
  get.set_name(event);
  skat::v1::Event made;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(events->GetEvent(&context, get, &made).ok());
  }
  EXPECT_EQ(made.profile(), "isko");
  EXPECT_EQ(made.board_score(), skat::v1::BOARD_SCORE_SEEGER_FABIAN);

  auto scoring = skat::v1::ScoringService::NewStub(channel_);
  skat::v1::GetStandingsRequest standings_request;
  standings_request.set_name(skat::service::SessionScopedName(event, 0, "standings"));
  skat::v1::Standings standings;
  {
    grpc::ClientContext context;
    const grpc::Status s = scoring->GetStandings(&context, standings_request, &standings);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(standings.results(), 48);
  EXPECT_EQ(standings.results_expected(), 48);
  EXPECT_EQ(standings.overall_size(), 12);
  EXPECT_EQ(standings.board_score(), skat::v1::BOARD_SCORE_SEEGER_FABIAN);

  // Every board's traveller: no Ramsch under isko.
  int declarer_games = 0, passed_in = 0, lost = 0;
  long long declarer_pads = 0;
  for (int board = 1; board <= 12; ++board) {
    skat::v1::GetTravellerRequest request;
    request.set_name(skat::service::TravellerName(event, 0, board));
    skat::v1::Traveller traveller;
    grpc::ClientContext context;
    const grpc::Status s = scoring->GetTraveller(&context, request, &traveller);
    ASSERT_TRUE(s.ok()) << s.error_message();
    // Each table's result appears once per direction; count it at forehand only.
    for (const skat::v1::DirectionTraveller& dir : traveller.directions()) {
      if (dir.direction() != skat::v1::DIRECTION_FOREHAND) continue;
      for (const skat::v1::TravellerRow& row : dir.rows()) {
        const skat::v1::GameResult& g = row.result();
        EXPECT_NE(g.kind(), skat::v1::GameResult::KIND_RAMSCH) << g.summary();
        if (g.kind() == skat::v1::GameResult::KIND_PASSED_IN) ++passed_in;
        if (g.kind() != skat::v1::GameResult::KIND_DECLARER_GAME) continue;
        ++declarer_games;
        if (!g.won()) ++lost;
        declarer_pads += g.pad(static_cast<int>(g.declarer()) - 1);
      }
    }
  }
  EXPECT_EQ(declarer_games + passed_in, 48);

  skat::v1::GetSeriesListsRequest series_request;
  series_request.set_name(skat::service::SessionScopedName(event, 0, "seriesLists"));
  skat::v1::SeriesLists lists;
  {
    grpc::ClientContext context;
    const grpc::Status s = scoring->GetSeriesLists(&context, series_request, &lists);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  ASSERT_EQ(lists.lists_size(), 12);
  int results = 0, won_lost = 0, lost_in_lists = 0, opponents_lost = 0;
  long long game_points = 0;
  for (const skat::v1::SeriesList& list : lists.lists()) {
    EXPECT_FALSE(list.four_players());
    ASSERT_EQ(list.rows_size(), 3);
    results += list.results();
    for (const skat::v1::SeriesRow& row : list.rows()) {
      EXPECT_EQ(row.total(),
                row.game_points() + 50LL * (row.won() - row.lost()) + 40LL * row.opponents_lost());
      won_lost += row.won() + row.lost();
      lost_in_lists += row.lost();
      opponents_lost += row.opponents_lost();
      game_points += row.game_points();
    }
  }
  EXPECT_EQ(results, 48);
  EXPECT_EQ(won_lost, declarer_games);
  EXPECT_EQ(lost_in_lists, lost);
  EXPECT_EQ(opponents_lost, 2 * lost);
  EXPECT_EQ(game_points, declarer_pads);
  std::cout << "isko match: " << declarer_games << " declarer games (" << lost << " lost), "
            << passed_in << " passed in, game points " << game_points << "\n";

  // Printed by the match and by `skat scores series`; on the pages.
  EXPECT_EQ(Count(run.out, "3 players, 40 per opponents' lost game"), 12) << run.out;
  const Output series = Skat("scores series", "--event " + event);
  ASSERT_EQ(series.exit_code, 0) << series.out;
  EXPECT_EQ(Count(series.out, "3 players, 40 per opponents' lost game"), 12) << series.out;
  EXPECT_TRUE(fs::exists(out_dir / "series.html"));
  std::ifstream csv(out_dir / "series.csv");
  ASSERT_TRUE(csv);
  int rows = 0;
  for (std::string line; std::getline(csv, line);) ++rows;
  EXPECT_EQ(rows, 1 + 36);
}

TEST_F(MatchIskoEndToEndTest, UnknownRulesAreAUsageError) {
  const Output run = Skat("match", "--rules nope --out " + (root_ / "x").string());
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("--rules nope is not a rule profile; known: nasl-1909"), std::string::npos)
      << run.out;
}

}  // namespace
