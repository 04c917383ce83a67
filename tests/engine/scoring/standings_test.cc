// Standings over several boards: penalties, ranking tie chains, the session-total comparison, the
// team score and combining sessions (docs/comparative.md "Scoring, in two layers").
#include "engine/scoring/standings.h"

#include <gtest/gtest.h>

#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace standings_test {

using testing::At;
using testing::Game;
using testing::Player;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;

// Two tables, same players' chairs each board (a board-copy session): table A wins board b's
// forehand game for a[b], table B for b_[b].
std::vector<TableResult> TwoTables(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<TableResult> out;
  for (size_t i = 0; i < a.size(); ++i) {
    out.push_back(At(static_cast<int>(i) + 1, "A", Game(kF, a[i], true)));
    out.push_back(At(static_cast<int>(i) + 1, "B", Game(kF, b[i], true)));
  }
  return out;
}

// docs/comparative.md "Procedural penalties": penalties are deducted after the comparison.
TEST(ScoringPenaltyTest, MatchpointPenaltyAfterComparison) {
  Adjustment p;
  p.kind = Adjustment::Kind::kPenalty;
  p.player = "FA";
  p.penalty = Fraction(1, 2);
  const Result<Scoresheet> sheet = Score(TwoTables({40, 50}, {20, 60}), {p}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Standing& fa = *Player(sheet->overall, "FA");
  EXPECT_EQ(fa.matchpoints, Fraction(3, 2));  // 2 + 0 - 1/2
  EXPECT_EQ(fa.top, Fraction(4));
  EXPECT_DOUBLE_EQ(fa.percentage, 37.5);
  EXPECT_EQ(fa.penalty, Fraction(1, 2));
  // The travellers are untouched.
  EXPECT_EQ(testing::Row(*testing::Find(*sheet, 1, kF), "A")->matchpoints, Fraction(2));
}

TEST(ScoringPenaltyTest, PointPenaltyOnASeatUnderTotal) {
  Adjustment p;
  p.kind = Adjustment::Kind::kPenalty;
  p.board = 1;
  p.table = "B";
  p.direction = kF;
  p.penalty = Fraction(10);
  Options options;
  options.comparison = ComparisonKind::kTotal;
  const Result<Scoresheet> sheet = Score(TwoTables({40, 50}, {20, 60}), {p}, options);
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Player(sheet->overall, "FB")->total, 2 * 20 + 2 * 60 - 10);
  EXPECT_EQ(Player(sheet->overall, "FA")->total, 2 * 40 + 2 * 50);
  EXPECT_EQ(sheet->overall[0].player, "FA");
  p.table = "nowhere";
  EXPECT_EQ(Score(TwoTables({40}, {20}), {p}, options).status().code(),
            ErrorCode::kInvalidArgument);
}

// docs/comparative.md "Ranking": percentage, then diff, then shared place.
TEST(ScoringRankTest, DiffThenShared) {
  // Board 1: FA 80 beats FB 40; board 2: FB 100 beats FA 60. 50 % each; diff FA +20 - 20 = 0.
  const Result<Scoresheet> sheet = Score(TwoTables({40, 30}, {20, 50}), {}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Standing& fa = *Player(sheet->overall, "FA");
  const Standing& fb = *Player(sheet->overall, "FB");
  EXPECT_DOUBLE_EQ(fa.percentage, 50);
  EXPECT_DOUBLE_EQ(fb.percentage, 50);
  EXPECT_EQ(fa.diff_exact, Fraction(0));
  EXPECT_TRUE(fa.tied && fb.tied);
  EXPECT_EQ(fa.rank, fb.rank);
  // Unequal diffs: board 2 FB wins by more.
  const Result<Scoresheet> by_diff = Score(TwoTables({40, 30}, {20, 90}), {}, Options{});
  ASSERT_TRUE(by_diff.ok());
  EXPECT_EQ(Player(by_diff->overall, "FB")->diff_exact, Fraction(60 - 20));
  EXPECT_LT(Player(by_diff->overall, "FB")->rank, Player(by_diff->overall, "FA")->rank);
  EXPECT_FALSE(Player(by_diff->overall, "FB")->tied);
}

TEST(ScoringRankTest, DiffThenLot) {
  Options options;
  options.tie_breaks = {TieBreak::kDiff, TieBreak::kLot};
  options.lot = {"FB", "FA"};
  const Result<Scoresheet> sheet = Score(TwoTables({40, 30}, {20, 50}), {}, options);
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Player(sheet->overall, "FB")->rank, 1);
  EXPECT_EQ(Player(sheet->overall, "FA")->rank, 2);
  EXPECT_FALSE(Player(sheet->overall, "FA")->tied);
}

TEST(ScoringRankTest, SharedPlacesSkipTheNextRank) {
  std::vector<Standing> s(3);
  s[0].player = "x";
  s[1].player = "y";
  s[2].player = "z";
  s[0].ratio = s[1].ratio = Fraction(1, 2);
  s[2].ratio = Fraction(1, 3);
  Rank(s, ComparisonKind::kMatchpoints, Options{});
  EXPECT_EQ(s[0].rank, 1);
  EXPECT_EQ(s[1].rank, 1);
  EXPECT_EQ(s[2].rank, 3);
  EXPECT_FALSE(s[2].tied);
}

// docs/comparative.md "Session totals": two tables give 2 or 0 MP, diff +- half the difference.
TEST(ScoringSessionTotalTest, TwoTables) {
  Options options;
  options.comparison = ComparisonKind::kSessionTotal;
  const Result<Scoresheet> sheet = Score(TwoTables({40, 30, 20}, {20, 50, 10}), {}, options);
  ASSERT_TRUE(sheet.ok());
  // Forehand chair totals (settled): A 180, B 160.
  const Standing& fa = *Player(sheet->overall, "FA");
  const Standing& fb = *Player(sheet->overall, "FB");
  EXPECT_EQ(fa.matchpoints, Fraction(2));
  EXPECT_EQ(fb.matchpoints, Fraction(0));
  EXPECT_EQ(fa.top, Fraction(2));
  EXPECT_EQ(fa.diff_exact, Fraction(10));
  EXPECT_EQ(fb.diff_exact, Fraction(-10));
  // Middlehand chair: A -90, B -80.
  EXPECT_EQ(Player(sheet->overall, "MB")->matchpoints, Fraction(2));
  EXPECT_EQ(Player(sheet->overall, "MB")->diff_exact, Fraction(5));
  EXPECT_EQ(sheet->overall[0].percentage, 100);
}

TEST(ScoringSessionTotalTest, TiesAndDifferentChairOrder) {
  Options options;
  options.comparison = ComparisonKind::kSessionTotal;
  std::vector<TableResult> results = TwoTables({40, 30}, {30, 40});
  results.push_back(At(1, "C", Game(kF, 10, false)));
  results.push_back(At(2, "C", Game(kF, 10, false)));
  const Result<Scoresheet> sheet = Score(results, {}, options);
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Player(sheet->overall, "FA")->matchpoints, Fraction(3));  // tie B, beat C
  EXPECT_EQ(Player(sheet->overall, "FB")->matchpoints, Fraction(3));
  EXPECT_EQ(Player(sheet->overall, "FC")->matchpoints, Fraction(0));
  EXPECT_TRUE(Player(sheet->overall, "FA")->tied);
  // A table whose chairs hold other directions is a chair of its own, noted.
  results.push_back(At(1, "D", Game(kF, 10, false), {"x", "y", "z"}));
  results.push_back(At(2, "D", Game(kF, 10, false), {"y", "z", "x"}));
  const Result<Scoresheet> odd = Score(results, {}, options);
  ASSERT_TRUE(odd.ok());
  EXPECT_FALSE(odd->notes.empty());
  EXPECT_EQ(Player(odd->overall, "x")->top, Fraction(0));
}

// docs/comparative.md "Team score": per (board, direction) club A less club B; the match total
// their sum.
TEST(ScoringTeamTest, ClubDifferencePerBoardAndDirection) {
  Options options;
  options.club_of = {{"FA", "Chicago"},   {"MA", "Milwaukee"}, {"RA", "Chicago"},
                     {"FB", "Milwaukee"}, {"MB", "Chicago"},   {"RB", "Milwaukee"}};
  const Result<Scoresheet> sheet = Score(TwoTables({40}, {20}), {}, options);
  ASSERT_TRUE(sheet.ok());
  const TeamMatch& m = sheet->team;
  EXPECT_EQ(m.club_a, "Chicago");
  EXPECT_EQ(m.club_b, "Milwaukee");
  ASSERT_EQ(m.lines.size(), 3u);
  EXPECT_EQ(m.lines[0].net, 80 - 40);      // forehand: FA (Chicago) 80, FB 40
  EXPECT_EQ(m.lines[1].net, -20 - (-40));  // middlehand: MB (Chicago) -20, MA -40
  EXPECT_EQ(m.lines[2].net, -40 - (-20));  // rearhand: RA (Chicago) -40, RB -20
  EXPECT_EQ(m.net, 40);
  EXPECT_EQ(m.total_a - m.total_b, m.net);
  EXPECT_EQ(Player(sheet->overall, "FA")->club, "Chicago");
  EXPECT_TRUE(Score(TwoTables({40}, {20}), {}, Options{})->team.club_a.empty());

  // The event's club order, not the ids' order, says which club is A.
  options.club_order = {"Milwaukee", "Chicago"};
  const Result<Scoresheet> ordered = Score(TwoTables({40}, {20}), {}, options);
  ASSERT_TRUE(ordered.ok());
  EXPECT_EQ(ordered->team.club_a, "Milwaukee");
  EXPECT_EQ(ordered->team.net, -40);
}

// docs/comparative.md "Combining sessions": sessions combine by board-weighted percentage.
TEST(ScoringCombineTest, BoardWeightedPercentage) {
  Standing a1, a2, b1, b2;
  a1.player = a2.player = "a";
  b1.player = b2.player = "b";
  a1.boards = 10;
  a1.ratio = Fraction(6, 10);
  a2.boards = 30;
  a2.ratio = Fraction(4, 10);
  a2.percentage_by_round = {{1, 40}};
  a1.percentage_by_round = {{1, 60}, {2, 60}};
  b1.boards = 20;
  b1.ratio = Fraction(1, 2);
  b2.boards = 20;
  b2.ratio = Fraction(46, 100);
  const std::vector<Standing> all = CombineSessions({{a1, b1}, {a2, b2}}, Options{});
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].player, "b");  // 48 % against a's 45 %
  EXPECT_EQ(all[1].ratio, Fraction(45, 100));
  EXPECT_DOUBLE_EQ(all[1].percentage, 45);
  EXPECT_EQ(all[1].boards, 40);
  EXPECT_EQ(all[1].percentage_by_round.size(), 3u);
  EXPECT_DOUBLE_EQ(all[1].percentage_by_round.at(3), 40);
}

TEST(ScoringStandingsTest, CountsBoardsDirectionsAndOwnPoints) {
  std::vector<TableResult> results = TwoTables({40, 30}, {20, 50});
  results.push_back(At(3, "A", testing::Ramsch({-20, 0, 0})));
  results.push_back(At(3, "B", testing::PassedIn()));
  const Result<Scoresheet> sheet = Score(results, {}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Standing& fa = *Player(sheet->overall, "FA");
  EXPECT_EQ(fa.boards, 3);
  EXPECT_EQ(fa.direction_boards[0], 3);
  EXPECT_EQ(fa.own_points, 40 + 30 - 20);
  EXPECT_EQ(fa.total, 80 + 60 - 40);
  EXPECT_EQ(fa.percentage_by_round.at(1), fa.percentage);
  EXPECT_EQ(sheet->by_direction[Index(kM)].size(), 2u);
}

}  // namespace standings_test
}  // namespace skat::scoring
