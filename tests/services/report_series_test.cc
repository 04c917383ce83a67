// The report's Seeger-Fabian series lists (docs/events-and-scoring.md 4.9;
// services/report/html_series.cc, csv.cc): series.html and series.csv only when the data has lists,
// the navigation and footer linking them, every name escaped, and the CSV's rows and numbers as
// given. Pure rendering, no network.
#include <gtest/gtest.h>

#include <string>

#include "services/report/report.h"
#include "tests/services/report_test_util.h"
#include "tests/services/test_text.h"

namespace skat::report {
namespace {

using skat::testing_text::Count;

using testing_report::ByPath;
using testing_report::kNames;
using testing_report::MakeData;
using testing_report::Player;

// Two tables: three players at 3 chairs (a lot between the last two), four at 4 chairs.
v1::SeriesLists Lists() {
  v1::SeriesLists lists;
  lists.set_event("events/ev-1");
  lists.set_board_score(v1::BOARD_SCORE_SEEGER_FABIAN);
  const struct {
    int player;
    long long points;
    int won, lost, opp;
    bool lot;
  } rows[] = {{0, 48, 1, 0, 1, false}, {1, 0, 0, 0, 1, true},  {2, 0, 0, 0, 1, true},
              {3, 24, 1, 0, 1, false}, {4, 0, 0, 0, 1, false}, {5, 0, 0, 0, 1, false},
              {6, -36, 0, 1, 0, false}};
  for (int t = 0; t < 2; ++t) {
    v1::SeriesList* list = lists.add_lists();
    list->set_session(1);
    list->set_round(1);
    list->set_table("events/ev-1/tables/t" + std::to_string(t + 1));
    list->set_table_label("round 1, table " + std::to_string(t + 1));
    list->set_four_players(t == 1);
    list->set_results(t == 0 ? 3 : 4);
    const int first = t == 0 ? 0 : 3, last = t == 0 ? 3 : 7;
    for (int i = first; i < last; ++i) {
      v1::SeriesRow* r = list->add_rows();
      r->set_rank(i - first + 1);
      r->set_player(Player(rows[i].player));
      r->set_display_name(kNames[rows[i].player]);
      r->set_game_points(rows[i].points);
      r->set_won(rows[i].won);
      r->set_lost(rows[i].lost);
      r->set_opponents_lost(rows[i].opp);
      const long long per = t == 1 ? 30 : 40;
      r->set_opponents_points(per * rows[i].opp);
      r->set_total(rows[i].points + 50LL * (rows[i].won - rows[i].lost) + per * rows[i].opp);
      r->set_lot(rows[i].lot);
    }
  }
  return lists;
}

TEST(ReportSeriesTest, NoListsNoPage) {
  const auto files = ByPath(Render(MakeData()));
  EXPECT_EQ(files.count("series.html"), 0u);
  EXPECT_EQ(files.count("series.csv"), 0u);
  EXPECT_EQ(files.at("index.html").find("series.html"), std::string::npos);
}

TEST(ReportSeriesTest, SeriesPageAndCsv) {
  ReportData data = MakeData();
  data.series = Lists();
  const auto files = ByPath(Render(data));
  ASSERT_EQ(files.count("series.html"), 1u);
  ASSERT_EQ(files.count("series.csv"), 1u);
  const std::string& index = files.at("index.html");
  EXPECT_NE(index.find("<a href=\"series.html\">Series lists</a>"), std::string::npos);
  EXPECT_NE(index.find("<a href=\"series.csv\" translate=\"no\">series.csv</a>"),
            std::string::npos);

  const std::string& html = files.at("series.html");
  EXPECT_EQ(Count(html, "<h3>Session 1, round 1, table "), 2);
  EXPECT_NE(html.find("3 players, 40 per opponents' lost game"), std::string::npos);
  EXPECT_NE(html.find("4 players, 30 per opponents' lost game"), std::string::npos);
  EXPECT_EQ(Count(html, " (lot)"), 2);
  EXPECT_EQ(Count(html, "<tr data-player="), 7);
  EXPECT_EQ(html.find("<script>x</script>"), std::string::npos);  // escaped
  EXPECT_NE(html.find("&lt;script&gt;x&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("+138"), std::string::npos);  // 48 + 50 + 40
  EXPECT_NE(html.find("-86"), std::string::npos);   // -36 - 50

  const std::string& csv = files.at("series.csv");
  EXPECT_EQ(Count(csv, "\r\n"), 1 + 7);
  EXPECT_EQ(csv.rfind("session,round,table,table_label,four_players,rank,player,display_name,"
                      "game_points,won,lost,opponents_lost,opponents_points,total,lot\r\n",
                      0),
            0u);
  // The 3-chair winner: 48 + 50 + 40 = 138; the 4-chair loser: -36 - 50 = -86.
  EXPECT_NE(csv.find(",48,1,0,1,40,138,false\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",-36,0,1,0,0,-86,false\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"round 1, table 2\",true,"), std::string::npos) << csv;
}

}  // namespace
}  // namespace skat::report
