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
#include "tests/services/report_test_util.h"

namespace skat::report {
namespace {

using testing_report::ByPath;
using testing_report::kClubB;
using testing_report::kNames;
using testing_report::kPlayers;
using testing_report::MakeData;

// ---------------------------------------------------------------------------------------------
// CSV

// RFC 4180, strictly: records end in CRLF, a quote only opens a field or doubles inside one.
bool ParseCsv(const std::string& text, std::vector<std::vector<std::string>>& records,
              std::string& error) {
  std::vector<std::string> record;
  std::string field;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      ++i;
      while (true) {
        if (i >= text.size()) return error = "unterminated quoted field", false;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n') {
        if (text[i] == '"') return error = "quote inside an unquoted field", false;
        field += text[i++];
      }
    }
    if (i >= text.size()) return error = "last record without CRLF", false;
    if (text[i] == ',') {
      record.push_back(std::move(field));
      field.clear();
      ++i;
      continue;
    }
    if (text[i] != '\r' || i + 1 >= text.size() || text[i + 1] != '\n') {
      return error = "line end other than CRLF at byte " + std::to_string(i), false;
    }
    record.push_back(std::move(field));
    field.clear();
    records.push_back(std::move(record));
    record.clear();
    i += 2;
  }
  return true;
}

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
