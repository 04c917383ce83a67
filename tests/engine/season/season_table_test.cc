// The season table (docs/seasons.md "Season table") on numbers computed by hand in each test:
// rounding to hundredths, sum and average over partial attendance, best n of m, minimum
// attendance, the diff tie-break and shared places, the average compared exactly.
#include "engine/season/season_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace skat::season {
namespace season_table_test {

using scoring::Fraction;

// The rows' persons in table order.
std::vector<std::string> Order(const std::vector<SeasonRow>& rows) {
  std::vector<std::string> out;
  for (const SeasonRow& r : rows) out.push_back(r.person);
  return out;
}

std::vector<int> Ranks(const std::vector<SeasonRow>& rows) {
  std::vector<int> out;
  for (const SeasonRow& r : rows) out.push_back(r.rank);
  return out;
}

// Three events; A played events 0 and 1, B all three, C only event 2.
std::vector<PersonResults> PartialAttendance() {
  return {{"A", {{0, 6000, 120}, {1, 5000, -40}}},
          {"B", {{0, 4000, -300}, {1, 5000, 10}, {2, 3000, -75}}},
          {"C", {{2, 7000, 410}}}};
}

TEST(SeasonTableTest, RoundsToHundredthsHalfAwayFromZero) {
  EXPECT_EQ(Hundredths(Fraction(1, 3)), 33);        // 0.333.. -> 0.33
  EXPECT_EQ(Hundredths(Fraction(2, 3)), 67);        // 0.666.. -> 0.67
  EXPECT_EQ(Hundredths(Fraction(1, 8)), 13);        // 0.125 -> 0.13
  EXPECT_EQ(Hundredths(Fraction(-1, 8)), -13);      // -0.125 -> -0.13
  EXPECT_EQ(Hundredths(Fraction(1300, 24)), 5417);  // 54.1666.. % -> 54.17
  EXPECT_EQ(Hundredths(Fraction(-7, 2)), -350);     // -3.5
  EXPECT_EQ(Hundredths(Fraction(0)), 0);
  EXPECT_EQ(DivideRounded(13333, 2), 6667);  // 6666.5 -> 6667
  EXPECT_EQ(DivideRounded(-13333, 2), -6667);
  EXPECT_EQ(DivideRounded(20000, 3), 6667);  // 6666.67 -> 6667
  EXPECT_EQ(DivideRounded(12000, 3), 4000);
  EXPECT_EQ(HundredthsText(5417), "54.17");
  EXPECT_EQ(HundredthsText(-350), "-3.50");
  EXPECT_EQ(HundredthsText(5), "0.05");
  EXPECT_EQ(HundredthsText(-5), "-0.05");
  EXPECT_EQ(HundredthsText(0), "0.00");
}

TEST(SeasonTableTest, TheSumCountsEveryEventPlayed) {
  // A 60 + 50 = 110.00, B 40 + 50 + 30 = 120.00, C 70.00.
  const std::vector<SeasonRow> rows = RankSeason(PartialAttendance(), {});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"B", "A", "C"}));
  EXPECT_EQ(Ranks(rows), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(rows[0].value, 12000);
  EXPECT_EQ(rows[0].diff, -300 + 10 - 75);
  EXPECT_EQ(rows[0].events_played, 3);
  EXPECT_EQ(rows[1].value, 11000);
  EXPECT_EQ(rows[1].diff, 80);
  EXPECT_EQ(rows[2].value, 7000);
  EXPECT_FALSE(rows[0].tied);
}

TEST(SeasonTableTest, TheAverageDividesByTheEventsPlayed) {
  // A 110 / 2 = 55.00, B 120 / 3 = 40.00, C 70 / 1 = 70.00.
  const std::vector<SeasonRow> rows =
      RankSeason(PartialAttendance(), {.aggregate = Aggregate::kAverage});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"C", "A", "B"}));
  EXPECT_EQ(rows[0].value, 7000);
  EXPECT_EQ(rows[1].value, 5500);
  EXPECT_EQ(rows[2].value, 4000);
  EXPECT_EQ(rows[2].counted_sum, 12000);
  EXPECT_EQ(rows[2].counted_events, 3);
}

TEST(SeasonTableTest, BestOfCountsTheHighestPercentages) {
  // best 2: B's 50 and 40 count (event 2's 30 does not): 90.00, diff -300 + 10.
  const std::vector<SeasonRow> rows = RankSeason(PartialAttendance(), {.best_of = 2});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(rows[1].value, 9000);
  EXPECT_EQ(rows[1].diff, -290);
  EXPECT_EQ(rows[1].counted, (std::vector<bool>{true, true, false}));
  EXPECT_EQ(rows[1].events_played, 3);  // every event played, counted or not
  EXPECT_EQ(rows[0].counted, (std::vector<bool>{true, true}));
}

TEST(SeasonTableTest, OfEqualPercentagesTheEarlierEventCounts) {
  // Three times 50.00 with best 2: events 0 and 1 count whatever their diffs; the events are
  // given out of order.
  const std::vector<PersonResults> d = {{"D", {{2, 5000, 300}, {1, 5000, -200}, {0, 5000, 100}}}};
  const std::vector<SeasonRow> rows = RankSeason(d, {.best_of = 2});
  EXPECT_EQ(rows[0].counted, (std::vector<bool>{false, true, true}));
  EXPECT_EQ(rows[0].value, 10000);
  EXPECT_EQ(rows[0].diff, -100);
}

TEST(SeasonTableTest, BelowTheMinimumAttendanceIsUnrankedAndListedLast) {
  // Average with at least 2 events: C (70.00 from one event) would lead but is unranked.
  const std::vector<SeasonRow> rows =
      RankSeason(PartialAttendance(), {.aggregate = Aggregate::kAverage, .min_attendance = 2});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(Ranks(rows), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(rows[2].value, 7000);
  // 0 and 1 rank everyone.
  EXPECT_EQ(Ranks(RankSeason(PartialAttendance(), {.min_attendance = 1})),
            (std::vector<int>{1, 2, 3}));
}

TEST(SeasonTableTest, EqualValuesAreSplitByTheDiffThenShareThePlace) {
  // W 200.00; X and Y 150.00 with diff +0.10 each; V 150.00 with diff +0.50; Z 100.00.
  const std::vector<PersonResults> persons = {{"Z", {{0, 10000, 0}}},
                                              {"X", {{0, 15000, 10}}},
                                              {"W", {{0, 20000, -900}}},
                                              {"Y", {{0, 15000, 10}}},
                                              {"V", {{0, 15000, 50}}}};
  const std::vector<SeasonRow> rows = RankSeason(persons, {});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"W", "V", "X", "Y", "Z"}));
  EXPECT_EQ(Ranks(rows), (std::vector<int>{1, 2, 3, 3, 5}));
  EXPECT_EQ(
      std::vector<bool>({rows[0].tied, rows[1].tied, rows[2].tied, rows[3].tied, rows[4].tied}),
      (std::vector<bool>{false, false, true, true, false}));
}

TEST(SeasonTableTest, TheAverageIsComparedExactlyNotAsShown) {
  // E: 200.00 over 3 = 66.666.. (shown 66.67); F: 133.33 over 2 = 66.665 (shown 66.67 too).
  // E ranks first and neither shares the place; F has the better diff, which is never reached.
  const std::vector<PersonResults> persons = {{"F", {{0, 6666, 500}, {1, 6667, 500}}},
                                              {"E", {{0, 6600, 0}, {1, 6700, 0}, {2, 6700, 0}}}};
  const std::vector<SeasonRow> rows = RankSeason(persons, {.aggregate = Aggregate::kAverage});
  EXPECT_EQ(Order(rows), (std::vector<std::string>{"E", "F"}));
  EXPECT_EQ(rows[0].value, 6667);
  EXPECT_EQ(rows[1].value, 6667);
  EXPECT_EQ(Ranks(rows), (std::vector<int>{1, 2}));
  EXPECT_FALSE(rows[0].tied);
}

}  // namespace season_table_test
}  // namespace skat::season
