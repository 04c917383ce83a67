// The ranking keys (docs/comparative.md "Ranking"): percentage (the comparison's own key),
// matchpoint-sum and total, on an event where players missed a round, against numbers worked
// out by hand below; and which key fits which comparison.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/scoring/scoring.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace ranking_key_test {

using testing::At;
using testing::Game;
using testing::Player;

constexpr Direction kF = Direction::kForehand;

// `pad` board scores, forehand declares everywhere (middle- and rearhand score 0 and tie).
// Round 1, board 1 at tables A, B, C: a1 wins 40, b1 loses 40, c1 wins 60.
// Round 2, board 2 at the same tables, but c1 missed the round and s1 sat in for him:
// a1 wins 30, b1 wins 30, s1 loses 30. Everybody else plays both rounds.
std::vector<TableResult> PartialAttendance() {
  auto at = [](int board, int round, const std::string& t, GameResult game,
               const std::string& forehand) {
    TableResult r = At(board, t, game, {forehand, t + "2", t + "3"});
    r.round = round;
    return r;
  };
  return {at(1, 1, "a", Game(kF, 40, true), "a1"), at(1, 1, "b", Game(kF, 40, false), "b1"),
          at(1, 1, "c", Game(kF, 60, true), "c1"), at(2, 2, "a", Game(kF, 30, true), "a1"),
          at(2, 2, "b", Game(kF, 30, true), "b1"), at(2, 2, "c", Game(kF, 30, false), "s1")};
}

Options With(ComparisonKind comparison, RankingKey ranking) {
  Options options;
  options.board_score = BoardScoreKind::kPad;
  options.comparison = comparison;
  options.ranking = ranking;
  return options;
}

// "player:rank" best first, "=" after a shared rank.
std::string Order(const std::vector<Standing>& standings) {
  std::string out;
  for (const Standing& s : standings) {
    out += (out.empty() ? "" : " ") + s.player + ":" + std::to_string(s.rank) + (s.tied ? "=" : "");
  }
  return out;
}

// By hand. Board 1 forehand: 40, -40, 60 give 2, 0, 4 matchpoints (top 4), datum 20, diffs
// +20, -60, +40. Board 2 forehand: 30, 30, -30 give 3, 3, 0, datum 10, diffs +20, +20, -40.
// Every middle- and rearhand seat ties at 0: 2 of 4, diff 0.
//   a1: 5 MP of 8 = 62.5 %, diff +40, total 70    c1: 4 of 4 = 100 %, diff +40, total 60
//   b1: 3 of 8 = 37.5 %, diff -40, total -10       s1: 0 of 4 = 0 %, diff -40, total -30
//   a2 a3 b2 b3 c2 c3: 4 of 8 = 50 %, diff 0, total 0
TEST(RankingKeyTest, PercentageRanksWhoMissedARoundByHisShare) {
  const Result<Scoresheet> sheet =
      Score(PartialAttendance(), {}, With(ComparisonKind::kMatchpoints, RankingKey::kPercentage));
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  const Standing& c1 = *Player(sheet->overall, "c1");
  EXPECT_EQ(c1.matchpoints, Fraction(4));
  EXPECT_EQ(c1.top, Fraction(4));
  EXPECT_EQ(Player(sheet->overall, "a1")->matchpoints, Fraction(5));
  EXPECT_EQ(Player(sheet->overall, "a1")->diff_exact, Fraction(40));
  EXPECT_EQ(Order(sheet->overall), "c1:1 a1:2 a2:3= a3:3= b2:3= b3:3= c2:3= c3:3= b1:9 s1:10");
}

TEST(RankingKeyTest, MatchpointSumRanksWhoMissedARoundBelow) {
  const Result<Scoresheet> sheet = Score(
      PartialAttendance(), {}, With(ComparisonKind::kMatchpoints, RankingKey::kMatchpointSum));
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  // a1's 5 beat c1's 4; c1 ties the six full attendees at 4 and goes ahead on his diff (+40).
  EXPECT_EQ(Order(sheet->overall), "a1:1 c1:2 a2:3= a3:3= b2:3= b3:3= c2:3= c3:3= b1:9 s1:10");
  // The percentage is still shown as it is.
  EXPECT_DOUBLE_EQ(Player(sheet->overall, "c1")->percentage, 100);
}

TEST(RankingKeyTest, TotalRanksByPointsWhereDatumShares) {
  const Result<Scoresheet> datum =
      Score(PartialAttendance(), {}, With(ComparisonKind::kDatum, RankingKey::kPercentage));
  ASSERT_TRUE(datum.ok()) << datum.status().ToString();
  // Under datum a1 and c1 share first place on +40, b1 and s1 ninth on -40.
  EXPECT_EQ(Order(datum->overall), "a1:1= c1:1= a2:3= a3:3= b2:3= b3:3= c2:3= c3:3= b1:9= s1:9=");
  const Result<Scoresheet> total =
      Score(PartialAttendance(), {}, With(ComparisonKind::kDatum, RankingKey::kTotal));
  ASSERT_TRUE(total.ok()) << total.status().ToString();
  EXPECT_EQ(Player(total->overall, "a1")->total, 70);
  EXPECT_EQ(Player(total->overall, "c1")->total, 60);
  EXPECT_EQ(Order(total->overall), "a1:1 c1:2 a2:3= a3:3= b2:3= b3:3= c2:3= c3:3= b1:9 s1:10");
}

TEST(RankingKeyTest, MatchpointSumAddsAcrossSessions) {
  // Session 1 is the event above; in session 2 only s1 and b1 meet, at forehand of board 3:
  // s1 wins 20 (2 MP of 2), b1 loses 20 (0 of 2).
  const Options options = With(ComparisonKind::kMatchpoints, RankingKey::kMatchpointSum);
  const Result<Scoresheet> one = Score(PartialAttendance(), {}, options);
  const Result<Scoresheet> two = Score({At(3, "x", Game(kF, 20, true), {"s1", "x2", "x3"}),
                                        At(3, "y", Game(kF, 20, false), {"b1", "y2", "y3"})},
                                       {}, options);
  ASSERT_TRUE(one.ok() && two.ok());
  const std::vector<Standing> combined = CombineSessions({one->overall, two->overall}, options);
  // b1: 3 + 0 = 3; s1: 0 + 2 = 2; x2 x3 y2 y3: 1 each (a tie of two). b1's diff -40 - 20 = -60,
  // s1's -40 + 20 = -20.
  EXPECT_EQ(Player(combined, "b1")->matchpoints, Fraction(3));
  EXPECT_EQ(Player(combined, "s1")->matchpoints, Fraction(2));
  EXPECT_EQ(Order(combined),
            "a1:1 c1:2 a2:3= a3:3= b2:3= b3:3= c2:3= c3:3= b1:9 s1:10 x2:11= x3:11= y2:11= "
            "y3:11=");
}

TEST(RankingKeyTest, KeysFitTheirComparisons) {
  for (ComparisonKind c :
       {ComparisonKind::kMatchpoints, ComparisonKind::kDatum, ComparisonKind::kTotal,
        ComparisonKind::kSessionTotal, ComparisonKind::kSynchron}) {
    EXPECT_TRUE(CheckRanking(c, RankingKey::kPercentage).ok()) << Name(c);
  }
  EXPECT_TRUE(CheckRanking(ComparisonKind::kMatchpoints, RankingKey::kMatchpointSum).ok());
  EXPECT_TRUE(CheckRanking(ComparisonKind::kSessionTotal, RankingKey::kMatchpointSum).ok());
  EXPECT_TRUE(CheckRanking(ComparisonKind::kSynchron, RankingKey::kTotal).ok());
  EXPECT_TRUE(CheckRanking(ComparisonKind::kDatum, RankingKey::kTotal).ok());

  const Status sum_on_datum = CheckRanking(ComparisonKind::kDatum, RankingKey::kMatchpointSum);
  EXPECT_EQ(sum_on_datum.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(sum_on_datum.message().find("\"matchpoint-sum\""), std::string::npos);
  EXPECT_NE(sum_on_datum.message().find("\"datum\""), std::string::npos);
  EXPECT_NE(sum_on_datum.message().find("docs/comparative.md \"Ranking\""), std::string::npos);
  const Status total_on_mp = CheckRanking(ComparisonKind::kMatchpoints, RankingKey::kTotal);
  EXPECT_EQ(total_on_mp.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(total_on_mp.message().find("\"matchpoints\""), std::string::npos);
  // Score refuses such options as well.
  EXPECT_EQ(
      Score(PartialAttendance(), {}, With(ComparisonKind::kSynchron, RankingKey::kMatchpointSum))
          .status()
          .code(),
      ErrorCode::kInvalidArgument);

  for (RankingKey r : {RankingKey::kPercentage, RankingKey::kMatchpointSum, RankingKey::kTotal}) {
    EXPECT_EQ(*ParseRankingKey(Name(r)), r);
  }
  EXPECT_STREQ(Name(RankingKey::kMatchpointSum), "matchpoint-sum");
  EXPECT_EQ(ParseRankingKey("average").status().code(), ErrorCode::kInvalidArgument);
}

}  // namespace ranking_key_test
}  // namespace skat::scoring
