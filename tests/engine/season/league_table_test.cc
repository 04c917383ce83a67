// The league table (docs/seasons.md "League table") against numbers computed by hand: a two-club
// league of three match days (a win, a draw, a loss), a four-club day of two series with tied
// places, a three-club day's opponents' score rounded half away from zero, and rules set by the
// season.
#include "engine/season/league_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace skat::season {
namespace league_table_test {

MatchDay Day(std::string event, std::vector<std::string> clubs,
             std::vector<std::vector<long long>> scores) {
  return MatchDay{event, "Day " + event, std::move(clubs), std::move(scores)};
}

// Berlin against Hamburg three times: 120:80, 100:100, 90:150 (Hamburg listed first that day).
// Each has a win, a draw and a loss, 2 + 1 + 0 = 3 match points; the score difference parts them:
// Berlin 40 + 0 - 60 = -20, Hamburg -40 + 0 + 60 = +20.
TEST(LeagueTableTest, TwoClubLeagueWinDrawLoss) {
  const std::vector<MatchDay> days = {
      Day("d1", {"Berlin", "Hamburg"}, {{120, 80}}),
      Day("d2", {" berlin ", "HAMBURG"}, {{100, 100}}),
      Day("d3", {"Hamburg", "Berlin"}, {{150, 90}}),
  };
  const auto table = LeagueTable(days, LeagueRules{});
  ASSERT_TRUE(table.ok()) << table.status().ToString();
  ASSERT_EQ(table->size(), 2u);
  const LeagueRow& hamburg = (*table)[0];
  const LeagueRow& berlin = (*table)[1];
  EXPECT_EQ(hamburg.club, "Hamburg");
  EXPECT_EQ(berlin.club, "Berlin");  // the spelling first met
  EXPECT_EQ(hamburg.rank, 1);
  EXPECT_EQ(berlin.rank, 2);
  EXPECT_FALSE(hamburg.tied);
  for (const LeagueRow* row : {&hamburg, &berlin}) {
    EXPECT_EQ(row->played, 3);
    EXPECT_EQ(row->won, 1);
    EXPECT_EQ(row->drawn, 1);
    EXPECT_EQ(row->lost, 1);
    EXPECT_EQ(row->match_points, 3);
  }
  EXPECT_EQ(hamburg.score_difference, 20);
  EXPECT_EQ(berlin.score_difference, -20);
  ASSERT_EQ(berlin.matches.size(), 3u);
  EXPECT_EQ(berlin.matches[0].event, "d1");
  EXPECT_EQ(berlin.matches[0].display_name, "Day d1");
  EXPECT_EQ(berlin.matches[0].score, 120);
  EXPECT_EQ(berlin.matches[0].opponent_score, 80);
  EXPECT_EQ(berlin.matches[0].match_points, 2);
  EXPECT_EQ(berlin.matches[0].outcome, MatchOutcome::kWin);
  EXPECT_EQ(berlin.matches[1].outcome, MatchOutcome::kDraw);
  EXPECT_EQ(berlin.matches[1].match_points, 1);
  EXPECT_EQ(berlin.matches[2].score, 90);
  EXPECT_EQ(berlin.matches[2].opponent_score, 150);
  EXPECT_EQ(berlin.matches[2].match_points, 0);
  EXPECT_EQ(berlin.matches[2].outcome, MatchOutcome::kLoss);
  EXPECT_EQ(MatchOutcomeName(berlin.matches[2].outcome), "loss");
}

// Equal match points and score difference: a shared place, listed by name.
TEST(LeagueTableTest, EqualClubsShareTheirPlace) {
  const auto table = LeagueTable(
      {Day("d1", {"Kiel", "Bonn"}, {{60, 50}}), Day("d2", {"Bonn", "Kiel"}, {{70, 60}})}, {});
  ASSERT_TRUE(table.ok()) << table.status().ToString();
  ASSERT_EQ(table->size(), 2u);
  EXPECT_EQ((*table)[0].club, "Bonn");
  EXPECT_EQ((*table)[1].club, "Kiel");
  for (const LeagueRow& row : *table) {
    EXPECT_EQ(row.rank, 1);
    EXPECT_TRUE(row.tied);
    EXPECT_EQ(row.match_points, 2);
    EXPECT_EQ(row.score_difference, 0);
  }
}

// Four clubs, two series, default placing points 3, 2, 1, 0:
//   series 1: W 50, X 30, Y 30, Z -10 -> places 1, 2, 2, 4 -> 3, 2, 2, 0
//   series 2: W 10, X 40, Y 20, Z 20  -> places 4, 1, 2, 2 -> 0, 3, 2, 2
// Match points W 3, X 5, Y 4, Z 2. Scores W 60, X 70, Y 50, Z 10 (all 190); opponents' score
// (190 - own) / 3: W 130/3 = 43.33 -> 43, X 120/3 = 40, Y 140/3 = 46.67 -> 47, Z 180/3 = 60.
TEST(LeagueTableTest, FourClubDayPlacingPointsWithATie) {
  const auto table =
      LeagueTable({Day("d1", {"W", "X", "Y", "Z"}, {{50, 30, 30, -10}, {10, 40, 20, 20}})}, {});
  ASSERT_TRUE(table.ok()) << table.status().ToString();
  ASSERT_EQ(table->size(), 4u);
  const std::vector<std::string> clubs = {"X", "Y", "W", "Z"};
  const std::vector<int> points = {5, 4, 3, 2};
  const std::vector<long long> score = {70, 50, 60, 10}, opponents = {40, 47, 43, 60};
  for (size_t i = 0; i < 4; ++i) {
    const LeagueRow& row = (*table)[i];
    SCOPED_TRACE(row.club);
    EXPECT_EQ(row.club, clubs[i]);
    EXPECT_EQ(row.rank, static_cast<int>(i) + 1);
    EXPECT_FALSE(row.tied);
    EXPECT_EQ(row.played, 1);
    EXPECT_EQ(row.won + row.drawn + row.lost, 0);
    EXPECT_EQ(row.match_points, points[i]);
    EXPECT_EQ(row.score_difference, score[i] - opponents[i]);
    ASSERT_EQ(row.matches.size(), 1u);
    EXPECT_EQ(row.matches[0].score, score[i]);
    EXPECT_EQ(row.matches[0].opponent_score, opponents[i]);
    EXPECT_EQ(row.matches[0].outcome, MatchOutcome::kPlace);
  }
}

// Win 3, draw 1, loss 0; placing points 5, 3 (third place and after: 0).
//   d1, three clubs, one series: P 11, Q 10, R 0 -> 5, 3, 0; opponents (10 + 0) / 2 = 5,
//       (11 + 0) / 2 = 5.5 -> 6, (11 + 10) / 2 = 10.5 -> 11.
//   d2, P 40 against Q 50: Q wins, 3 points.
// Q: 3 + 3 = 6, difference (10 - 6) + 10 = 14; P: 5 + 0 = 5, (11 - 5) - 10 = -4; R: 0, -11.
TEST(LeagueTableTest, RulesOfTheSeason) {
  LeagueRules rules;
  rules.win_points = 3;
  rules.placing_points = {5, 3};
  const auto table = LeagueTable(
      {Day("d1", {"P", "Q", "R"}, {{11, 10, 0}}), Day("d2", {"P", "Q"}, {{40, 50}})}, rules);
  ASSERT_TRUE(table.ok()) << table.status().ToString();
  ASSERT_EQ(table->size(), 3u);
  const LeagueRow &q = (*table)[0], &p = (*table)[1], &r = (*table)[2];
  EXPECT_EQ(q.club, "Q");
  EXPECT_EQ(q.match_points, 6);
  EXPECT_EQ(q.score_difference, 14);
  EXPECT_EQ(q.matches[0].opponent_score, 6);
  EXPECT_EQ(q.played, 2);
  EXPECT_EQ(q.won, 1);
  EXPECT_EQ(p.club, "P");
  EXPECT_EQ(p.match_points, 5);
  EXPECT_EQ(p.score_difference, -4);
  EXPECT_EQ(p.matches[0].opponent_score, 5);
  EXPECT_EQ(p.lost, 1);
  EXPECT_EQ(r.club, "R");
  EXPECT_EQ(r.rank, 3);
  EXPECT_EQ(r.match_points, 0);
  EXPECT_EQ(r.score_difference, -11);
  EXPECT_EQ(r.matches[0].opponent_score, 11);
}

// A day without results lists its clubs, played 0, and counts for none of them.
TEST(LeagueTableTest, DayWithoutResultsListsItsClubs) {
  const auto table =
      LeagueTable({Day("d1", {"A", "B"}, {{10, 20}}), Day("d2", {"A", "C", "D"}, {})}, {});
  ASSERT_TRUE(table.ok()) << table.status().ToString();
  ASSERT_EQ(table->size(), 4u);
  EXPECT_EQ((*table)[0].club, "B");
  EXPECT_EQ((*table)[0].match_points, 2);
  EXPECT_EQ((*table)[1].club, "C");
  EXPECT_EQ((*table)[1].rank, 2);
  EXPECT_TRUE((*table)[1].tied);
  EXPECT_EQ((*table)[1].played, 0);
  EXPECT_TRUE((*table)[1].matches.empty());
  EXPECT_EQ((*table)[2].club, "D");
  EXPECT_EQ((*table)[2].rank, 2);
  EXPECT_EQ((*table)[3].club, "A");
  EXPECT_EQ((*table)[3].rank, 4);
  EXPECT_EQ((*table)[3].played, 1);
  EXPECT_EQ((*table)[3].score_difference, -10);
}

TEST(LeagueTableTest, RoundsHalfAwayFromZero) {
  EXPECT_EQ(DivideRoundingHalfAway(7, 2), 4);
  EXPECT_EQ(DivideRoundingHalfAway(-7, 2), -4);
  EXPECT_EQ(DivideRoundingHalfAway(-3, 2), -2);
  EXPECT_EQ(DivideRoundingHalfAway(5, 3), 2);
  EXPECT_EQ(DivideRoundingHalfAway(-5, 3), -2);
  EXPECT_EQ(DivideRoundingHalfAway(4, 3), 1);
  EXPECT_EQ(DivideRoundingHalfAway(-4, 3), -1);
  EXPECT_EQ(DivideRoundingHalfAway(0, 3), 0);
}

TEST(LeagueTableTest, ClubKeyFoldsCaseAndBlanks) {
  EXPECT_EQ(ClubKey("  SC \xC3\x96hringen\t"), "sc \xC3\xB6hringen");  // Ö -> ö
  EXPECT_EQ(ClubKey("A\xC3\x97"
                    "B"),
            "a\xC3\x97"
            "b");  // × stays
  EXPECT_EQ(ClubKey("Stra\xC3\x9F"
                    "e"),
            "stra\xC3\x9F"
            "e");  // ß has no capital here
}

TEST(LeagueTableTest, RefusesMalformedDays) {
  const std::vector<MatchDay> bad = {
      Day("one", {"A"}, {{1}}),
      Day("twice", {"Berlin", " BERLIN"}, {{1, 2}}),
      Day("unnamed", {"A", " "}, {{1, 2}}),
      Day("short", {"A", "B", "C"}, {{1, 2}}),
      Day("two-rows", {"A", "B"}, {{1, 2}, {3, 4}}),
  };
  for (const MatchDay& day : bad) {
    const auto table = LeagueTable({day}, {});
    ASSERT_FALSE(table.ok()) << day.event;
    EXPECT_EQ(table.status().code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(table.status().message().find(day.event), std::string::npos)
        << table.status().message();
  }
  LeagueRules rules;
  rules.loss_points = -1;
  EXPECT_FALSE(LeagueTable({}, rules).ok());
  rules = {};
  rules.placing_points.clear();
  EXPECT_FALSE(LeagueTable({}, rules).ok());
  const auto empty = LeagueTable({}, {});
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

}  // namespace league_table_test
}  // namespace skat::season
