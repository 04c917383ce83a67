// A seat made only by a director's adjustment, at a table without a result of the board
// (docs/events-and-scoring.md 4.3), counts in its table's session and round: its traveller row,
// the player's percentage by round (the report's chart) and the other rounds are unchanged.
#include <gtest/gtest.h>

#include "engine/scoring/scoring.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace adjusted_seat_round_test {

using testing::At;
using testing::Find;
using testing::Game;
using testing::Player;
using testing::Row;

constexpr Direction kF = Direction::kForehand;

// Board 1 at tables A (round 1) and C (round 3) of session 2; table B of round 3 never finished
// it, and the director gives its forehand, "late", `kind`.
Result<Scoresheet> ScoreWithSeatAtB(Adjustment::Kind kind) {
  TableResult a = At(1, "A", Game(kF, 40, true));
  a.session = 2;
  a.round = 1;
  TableResult c = At(1, "C", Game(kF, 20, true));
  c.session = 2;
  c.round = 3;
  Adjustment seat;
  seat.kind = kind;
  seat.board = 1;
  seat.table = "B";
  seat.direction = kF;
  seat.player = "late";
  seat.artificial_percent = 60;
  seat.assigned_score = 90;
  seat.session = 2;
  seat.round = 3;
  return Score({a, c}, {seat}, Options{});
}

TEST(AdjustedSeatRoundTest, ArtificialSeatCountsInItsTablesRound) {
  const Result<Scoresheet> sheet = ScoreWithSeatAtB(Adjustment::Kind::kArtificial);
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  const TravellerRow& b = *Row(*Find(*sheet, 1, kF), "B");
  EXPECT_TRUE(b.artificial);
  EXPECT_EQ(b.session, 2);
  EXPECT_EQ(b.round, 3);
  const Standing& late = *Player(sheet->overall, "late");
  ASSERT_EQ(late.percentage_by_round.size(), 1u);
  EXPECT_EQ(late.percentage_by_round.count(1), 0u);
  EXPECT_DOUBLE_EQ(late.percentage_by_round.at(3), 60);
}

TEST(AdjustedSeatRoundTest, AssignedSeatCountsInItsTablesRound) {
  const Result<Scoresheet> sheet = ScoreWithSeatAtB(Adjustment::Kind::kAssigned);
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  const TravellerRow& b = *Row(*Find(*sheet, 1, kF), "B");
  EXPECT_TRUE(b.assigned);
  EXPECT_EQ(b.board_score, 90);
  EXPECT_EQ(b.session, 2);
  EXPECT_EQ(b.round, 3);
  const Standing& late = *Player(sheet->overall, "late");
  ASSERT_EQ(late.percentage_by_round.size(), 1u);
  EXPECT_DOUBLE_EQ(late.percentage_by_round.at(3), 100);  // 90 beats 80 and 40: 4 MP of top 4
  // Table A's forehand played round 1 only; C's round 3 only.
  EXPECT_EQ(Player(sheet->overall, "FA")->percentage_by_round.count(3), 0u);
  EXPECT_EQ(Player(sheet->overall, "FC")->percentage_by_round.count(1), 0u);
}

}  // namespace adjusted_seat_round_test
}  // namespace skat::scoring
