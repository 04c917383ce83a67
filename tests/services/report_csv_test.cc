// The event report (services/report/report.h) rendered: the CSV files parsed back (RFC 4180) and
// compared with the data, and the HTML source checked to be self-contained and escaped. The event
// is tests/services/report_test_util.h's; report_render_test.cc loads the pages in Chromium.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "services/report/report.h"
#include "tests/services/csv_test_util.h"
#include "tests/services/report_test_util.h"

namespace skat::report {
namespace {

using testing_csv::ParseCsv;
using testing_csv::StartsAFormula;
using testing_report::ByPath;
using testing_report::kClubB;
using testing_report::kNames;
using testing_report::kPlayers;
using testing_report::MakeData;
using testing_report::Player;

// ---------------------------------------------------------------------------------------------
// CSV

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

CsvTable ReadCsv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::string error;
  EXPECT_TRUE(ParseCsv(text, records, error)) << error;
  CsvTable table;
  if (records.empty()) return table;
  table.header = records[0];
  for (size_t r = 1; r < records.size(); ++r) {
    EXPECT_EQ(records[r].size(), table.header.size()) << "record " << r;
    std::map<std::string, std::string> row;
    for (size_t c = 0; c < records[r].size() && c < table.header.size(); ++c) {
      row[table.header[c]] = records[r][c];
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

double Number(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  EXPECT_TRUE(!text.empty() && *end == '\0') << "not a number: \"" << text << "\"";
  return v;
}

TEST(ReportCsvTest, StandingsReadBackExactly) {
  const ReportData data = MakeData();
  const auto files = ByPath(Render(data));
  ASSERT_TRUE(files.count("standings.csv"));
  const CsvTable t = ReadCsv(files.at("standings.csv"));
  ASSERT_EQ(t.rows.size(), static_cast<size_t>(kPlayers + 3 * 5));
  EXPECT_EQ(t.header[0], "scope");
  for (int i = 0; i < kPlayers; ++i) {
    const auto& row = t.rows[i];
    const v1::Standing& s = data.standings.overall(i);
    EXPECT_EQ(row.at("scope"), "overall");
    EXPECT_EQ(row.at("display_name"), s.display_name());
    EXPECT_EQ(row.at("club"), s.club());
    EXPECT_EQ(row.at("player"), s.player());
    EXPECT_EQ(Number(row.at("rank")), s.rank());
    EXPECT_EQ(row.at("tied"), s.tied() ? "true" : "false");
    EXPECT_EQ(row.at("matchpoints"), s.matchpoints());
    EXPECT_EQ(row.at("top"), s.top());
    EXPECT_EQ(Number(row.at("percentage")), s.percentage());  // exact
    EXPECT_EQ(Number(row.at("diff")), s.diff());
    EXPECT_EQ(Number(row.at("total")), s.total());
    EXPECT_EQ(Number(row.at("own_points")), s.own_points());
    EXPECT_EQ(Number(row.at("middlehand_boards")), s.direction_boards(1));
    EXPECT_EQ(Number(row.at("round_1")), s.rounds(0).percentage());
    EXPECT_EQ(Number(row.at("round_2")), s.rounds(1).percentage());
  }
  EXPECT_EQ(t.rows[kPlayers].at("scope"), "forehand");
  EXPECT_EQ(t.rows.back().at("scope"), "rearhand");
  EXPECT_EQ(t.rows.back().at("display_name"), kNames[8]);
}

TEST(ReportCsvTest, TravellersScorecardsTeamAndPrizesReadBack) {
  const ReportData data = MakeData();
  const auto files = ByPath(Render(data));

  const CsvTable travellers = ReadCsv(files.at("travellers.csv"));
  ASSERT_EQ(travellers.rows.size(), 18u);
  size_t n = 0;
  for (const v1::Traveller& t : data.travellers) {
    for (const v1::DirectionTraveller& d : t.directions()) {
      for (const v1::TravellerRow& r : d.rows()) {
        const auto& row = travellers.rows[n++];
        EXPECT_EQ(Number(row.at("board")), t.board());
        EXPECT_EQ(row.at("deal_number"), std::to_string(t.deal_number()));
        EXPECT_EQ(Number(row.at("datum")), d.datum());
        EXPECT_EQ(row.at("display_name"), r.display_name());
        EXPECT_EQ(row.at("table_label"), r.table_label());
        EXPECT_EQ(Number(row.at("board_score")), r.board_score());
        EXPECT_EQ(row.at("matchpoints"), r.matchpoints());
        EXPECT_EQ(Number(row.at("diff")), r.diff());
        EXPECT_EQ(row.at("assigned"), r.assigned() ? "true" : "false");
        EXPECT_EQ(row.at("summary"), r.result().summary());
        EXPECT_EQ(row.at("hand"), t.hands(d.direction() - 1));
        EXPECT_EQ(row.at("skat"), t.skat());
      }
    }
  }

  const CsvTable cards = ReadCsv(files.at("scorecards.csv"));
  n = 0;
  for (const v1::Scorecard& card : data.scorecards) {
    for (const v1::ScorecardRow& r : card.rows()) {
      ASSERT_LT(n, cards.rows.size());
      const auto& row = cards.rows[n++];
      EXPECT_EQ(row.at("display_name"), card.standing().display_name());
      EXPECT_EQ(Number(row.at("board")), r.board());
      EXPECT_EQ(Number(row.at("board_score")), r.board_score());
      EXPECT_EQ(row.at("matchpoints"), r.matchpoints());
      EXPECT_EQ(Number(row.at("diff")), r.diff());
    }
  }
  EXPECT_EQ(n, cards.rows.size());

  const CsvTable team = ReadCsv(files.at("team.csv"));
  ASSERT_EQ(team.rows.size(), 7u);
  int64_t a = 0, b = 0;
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(team.rows[i].at("club_b"), kClubB);
    a += static_cast<int64_t>(Number(team.rows[i].at("club_a_score")));
    b += static_cast<int64_t>(Number(team.rows[i].at("club_b_score")));
    EXPECT_EQ(Number(team.rows[i].at("net")), data.team->lines(static_cast<int>(i)).net());
  }
  EXPECT_EQ(team.rows[6].at("board"), "total");
  EXPECT_EQ(Number(team.rows[6].at("club_a_score")), a);
  EXPECT_EQ(Number(team.rows[6].at("club_b_score")), b);
  EXPECT_EQ(Number(team.rows[6].at("net")), data.team->net());

  const CsvTable prizes = ReadCsv(files.at("prizes.csv"));
  ASSERT_EQ(prizes.rows.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(prizes.rows[i].at("display_name"), data.prizes->prizes(i).display_name());
    EXPECT_EQ(prizes.rows[i].at("detail"), data.prizes->prizes(i).detail());  // CRLF, quotes
    EXPECT_EQ(Number(prizes.rows[i].at("place")), i + 1);
  }
}

// with an analysis of the first board, its rows carry the par contract in the engine's
// text form and each row's side's points lost (the declarer's for his direction, the
// defenders' for the others, empty for a game not studied); without one both stay empty.
TEST(ReportCsvTest, TravellersCarryParAndPointsLost) {
  ReportData data = MakeData();
  const v1::Traveller& first = data.travellers[0];
  v1::BoardAnalysis& a = data.analyses.emplace_back();
  a.set_session(first.session());
  a.set_board(first.board());
  v1::ParRow* row = a.mutable_par()->add_rows();
  row->set_declarer(v1::DIRECTION_REARHAND);
  row->set_game("hearts tournee");
  row->set_matadors("without 4");
  row->set_discards("C-Q C-7");
  row->set_outcome("won");
  row->set_value(30);
  a.mutable_par()->set_par_row(0);
  const std::string studied = first.directions(0).rows(0).table();
  v1::GameAnalysis* g = a.add_games();
  g->set_table(studied);
  g->set_studied(true);
  g->set_declarer(v1::DIRECTION_MIDDLEHAND);
  g->set_declarer_lost(21);
  g->set_defenders_lost(4);

  const CsvTable travellers = ReadCsv(ByPath(Render(data)).at("travellers.csv"));
  int with_lost = 0;
  for (const auto& r : travellers.rows) {
    if (Number(r.at("board")) != first.board() || Number(r.at("session")) != first.session()) {
      EXPECT_EQ(r.at("par"), "");
      EXPECT_EQ(r.at("lost"), "");
      continue;
    }
    EXPECT_EQ(r.at("par"), "R hearts tournee, without 4, discards C-Q C-7: won, +30");
    if (r.at("table") != studied) {
      EXPECT_EQ(r.at("lost"), "") << r.at("table");
      continue;
    }
    ++with_lost;
    EXPECT_EQ(r.at("lost"), r.at("direction") == "middlehand" ? "21" : "4") << r.at("direction");
  }
  EXPECT_GE(with_lost, 1);
}

// Text a spreadsheet would run as a formula (a name, a club, a label, a summary, a prize's
// detail starting with = + - @, a tab or a CR) is written with a ' in front in every CSV file,
// while the numbers, negative ones too, stay numbers.
TEST(ReportCsvTest, FormulaTextGetsAQuoteNumbersStayNumbers) {
  const std::string hyperlink = "=HYPERLINK(\"http://x\",\"y\")";
  ReportData data = MakeData();
  v1::Standing& first = *data.standings.mutable_overall(0);
  first.set_display_name(hyperlink);
  first.set_club("+1+2");
  *data.scorecards[0].mutable_standing() = first;
  v1::TravellerRow& row = *data.travellers[0].mutable_directions(0)->mutable_rows(0);
  row.set_display_name("@SUM(A1)");
  row.set_table_label("-1+2");
  row.mutable_result()->set_summary("\tcmd|' /C calc'!A0");
  data.team->set_club_a("+1+2");
  data.team->set_club_b("\r=1+1");
  data.prizes->mutable_prizes(0)->set_display_name(hyperlink);
  data.prizes->mutable_prizes(0)->set_detail("-2+3");
  v1::SeriesList* list = data.series.emplace().add_lists();
  list->set_session(1);
  list->set_round(1);
  list->set_table("events/ev-1/tables/t1");
  list->set_table_label("@table");
  v1::SeriesRow* series_row = list->add_rows();
  series_row->set_rank(1);
  series_row->set_player(Player(0));
  series_row->set_display_name(hyperlink);
  series_row->set_total(-12);

  const auto files = ByPath(Render(data));
  int csv_files = 0;
  for (const auto& [path, content] : files) {
    if (!path.ends_with(".csv")) continue;
    ++csv_files;
    std::vector<std::vector<std::string>> records;
    std::string error;
    ASSERT_TRUE(ParseCsv(content, records, error)) << path << ": " << error;
    for (const std::vector<std::string>& record : records) {
      for (const std::string& cell : record) {
        EXPECT_FALSE(StartsAFormula(cell)) << path << ": " << cell;
      }
    }
  }
  EXPECT_EQ(csv_files, 6);  // standings, travellers, scorecards, team, prizes, series
  const CsvTable standings = ReadCsv(files.at("standings.csv"));
  EXPECT_EQ(standings.rows[0].at("display_name"), "'" + hyperlink);
  EXPECT_EQ(standings.rows[0].at("club"), "'+1+2");
  EXPECT_EQ(standings.rows[kPlayers - 1].at("diff"), "-69.5");  // a number, not text
  EXPECT_EQ(ReadCsv(files.at("scorecards.csv")).rows[0].at("display_name"), "'" + hyperlink);
  const CsvTable travellers = ReadCsv(files.at("travellers.csv"));
  EXPECT_EQ(travellers.rows[0].at("display_name"), "'@SUM(A1)");
  EXPECT_EQ(travellers.rows[0].at("table_label"), "'-1+2");
  EXPECT_EQ(travellers.rows[0].at("summary"), "'\tcmd|' /C calc'!A0");
  EXPECT_EQ(travellers.rows[2].at("board_score"), "-120");
  const CsvTable team = ReadCsv(files.at("team.csv"));
  EXPECT_EQ(team.rows[0].at("club_a"), "'+1+2");
  EXPECT_EQ(team.rows[0].at("club_b"), "'\r=1+1");
  EXPECT_EQ(team.rows[0].at("club_a_score"), "-23");
  const CsvTable prizes = ReadCsv(files.at("prizes.csv"));
  EXPECT_EQ(prizes.rows[0].at("display_name"), "'" + hyperlink);
  EXPECT_EQ(prizes.rows[0].at("detail"), "'-2+3");
  const CsvTable series = ReadCsv(files.at("series.csv"));
  EXPECT_EQ(series.rows[0].at("table_label"), "'@table");
  EXPECT_EQ(series.rows[0].at("display_name"), "'" + hyperlink);
  EXPECT_EQ(series.rows[0].at("total"), "-12");
}

TEST(ReportCsvTest, SectionsWithoutDataWriteNoTeamOrPrizeFile) {
  ReportData data = MakeData();
  data.team.reset();
  data.prizes.reset();
  const auto files = ByPath(Render(data));
  EXPECT_FALSE(files.count("team.csv") || files.count("team.html"));
  EXPECT_FALSE(files.count("prizes.csv") || files.count("prizes.html"));
  EXPECT_TRUE(files.count("index.html") && files.count("boards.html") &&
              files.count("players.html"));
  EXPECT_EQ(files.at("index.html").find("team.html"), std::string::npos);
}

TEST(ReportHtmlTest, SourceIsSelfContainedAndEscaped) {
  const auto files = ByPath(Render(MakeData()));
  for (const auto& [path, content] : files) {
    if (path.size() < 5 || path.substr(path.size() - 5) != ".html") continue;
    std::string lower = content;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(lower.find("<script"), std::string::npos) << path;
    EXPECT_EQ(lower.find("http://"), std::string::npos) << path;
    EXPECT_EQ(lower.find("https://"), std::string::npos) << path;
    EXPECT_EQ(lower.find("<link"), std::string::npos) << path;
    EXPECT_EQ(lower.find("<img"), std::string::npos) << path;
    EXPECT_NE(content.find("name=\"viewport\""), std::string::npos) << path;
    // Quotes and angle brackets of names are escaped, never raw.
    EXPECT_EQ(content.find(kNames[0]), std::string::npos) << path;
    EXPECT_EQ(content.find(kNames[1]), std::string::npos) << path;
  }
}

}  // namespace
}  // namespace skat::report
