// The synchron comparison (docs/comparative.md "Synchron-Skat"): each table's list of a board made
// zero-sum, then each direction's zero-sum scores compared with their mean; checked against the
// worked example of docs/comparative.md and a second board that one table missed, by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/scoring/scoring.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace synchron_test {

using testing::At;
using testing::Find;
using testing::Game;
using testing::Player;
using testing::Row;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

Options Synchron(RankingKey ranking = RankingKey::kPercentage) {
  Options options;
  options.board_score = BoardScoreKind::kSeegerFabian;
  options.comparison = ComparisonKind::kSynchron;
  options.ranking = ranking;
  return options;
}

// docs/comparative.md "Synchron-Skat", board 1. Seeger-Fabian board scores:
//   a: forehand wins +40             a1 90, a2 0, a3 0        mean 30   zero-sum 60, -30, -30
//   b: middlehand loses, pad -36     b1 40, b2 -86, b3 40     mean -2   zero-sum 42, -84, 42
//   c: forehand loses, pad -54       c1 -104, c2 40, c3 40    mean -8   zero-sum -96, 48, 48
// Direction means of the zero-sum scores: forehand 2, middlehand -22, rearhand 20; deviations
// forehand 58, 40, -98; middlehand -8, -62, 70; rearhand -50, 22, 28.
std::vector<TableResult> BoardOne() {
  return {At(1, "a", Game(kF, 40, true), {"a1", "a2", "a3"}),
          At(1, "b", Game(kM, 36, false), {"b1", "b2", "b3"}),
          At(1, "c", Game(kF, 54, false), {"c1", "c2", "c3"})};
}

TEST(SynchronTest, WorkedExample) {
  const Result<Scoresheet> sheet = Score(BoardOne(), {}, Synchron());
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  struct Expect {
    Direction d;
    Fraction datum;
    std::vector<std::pair<std::string, Fraction>> zero_sums;
  };
  const Expect fields[] = {{kF, 2, {{"a", 60}, {"b", 42}, {"c", -96}}},
                           {kM, -22, {{"a", -30}, {"b", -84}, {"c", 48}}},
                           {kR, 20, {{"a", -30}, {"b", 42}, {"c", 48}}}};
  const std::vector<std::vector<int>> deviations = {{58, 40, -98}, {-8, -62, 70}, {-50, 22, 28}};
  for (int i = 0; i < 3; ++i) {
    const Traveller& t = *Find(*sheet, 1, fields[i].d);
    EXPECT_EQ(t.datum_exact, fields[i].datum) << i;
    for (int k = 0; k < 3; ++k) {
      const auto& [table, zero_sum] = fields[i].zero_sums[k];
      const TravellerRow& r = *Row(t, table);
      EXPECT_EQ(r.zero_sum, zero_sum) << i << table;
      EXPECT_EQ(r.diff_exact, Fraction(deviations[i][k])) << i << table;
    }
  }
  EXPECT_EQ(Row(*Find(*sheet, 1, kM), "b")->board_score, -86);  // the board score is kept
  // Ranked by the deviation: c2 70, a1 58, b1 40, c3 28, b3 22, a2 -8, a3 -50, b2 -62, c1 -98.
  std::string order;
  for (const Standing& s : sheet->overall) order += s.player + " ";
  EXPECT_EQ(order, "c2 a1 b1 c3 b3 a2 a3 b2 c1 ");
}

// Board 2 in round 2 at tables a and b only: table c's players missed the round.
//   a: rearhand wins +40             a1 0, a2 0, a3 90        mean 30   zero-sum -30, -30, 60
//   b: forehand loses, pad -48       b1 -98, b2 40, b3 40     mean -6   zero-sum -92, 46, 46
// Means over the two tables: forehand -61, middlehand 8, rearhand 53; deviations forehand 31,
// -31; middlehand -38, 38; rearhand 7, -7. Sums over both boards:
//   a1 58 + 31 = 89    a2 -8 - 38 = -46    a3 -50 + 7 = -43
//   b1 40 - 31 = 9     b2 -62 + 38 = -24   b3 22 - 7 = 15
//   c1 -98             c2 70               c3 28 (board 1 only)
// Totals: a1 90, a2 0, a3 90, b1 -58, b2 -46, b3 80, c1 -104, c2 40, c3 40.
std::vector<TableResult> TwoRounds() {
  std::vector<TableResult> results = BoardOne();
  results.push_back(At(2, "a", Game(kR, 40, true), {"a1", "a2", "a3"}));
  results.push_back(At(2, "b", Game(kF, 48, false), {"b1", "b2", "b3"}));
  results[3].round = results[4].round = 2;
  return results;
}

TEST(SynchronTest, PlayersWhoMissedARound) {
  const Result<Scoresheet> sheet = Score(TwoRounds(), {}, Synchron());
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  EXPECT_EQ(Find(*sheet, 2, kF)->datum_exact, Fraction(-61));
  EXPECT_EQ(Row(*Find(*sheet, 2, kR), "a")->diff_exact, Fraction(7));
  EXPECT_EQ(Player(sheet->overall, "a1")->diff_exact, Fraction(89));
  EXPECT_EQ(Player(sheet->overall, "c1")->diff_exact, Fraction(-98));
  EXPECT_EQ(Player(sheet->overall, "c1")->boards, 1);
  EXPECT_EQ(Player(sheet->overall, "b3")->total, 80);
  std::string order;
  for (const Standing& s : sheet->overall) {
    order += s.player + ":" + s.diff_exact.ToString() + " ";
  }
  EXPECT_EQ(order, "a1:89 c2:70 c3:28 b3:15 b1:9 b2:-24 a3:-43 a2:-46 c1:-98 ");

  // Ranked by total instead: a1 and a3 tie on 90 and the deviation puts a1 first; so c2 before
  // c3 on 40.
  const Result<Scoresheet> total = Score(TwoRounds(), {}, Synchron(RankingKey::kTotal));
  ASSERT_TRUE(total.ok()) << total.status().ToString();
  order.clear();
  for (const Standing& s : total->overall) order += s.player + ":" + std::to_string(s.rank) + " ";
  EXPECT_EQ(order, "a1:1 a3:2 b3:3 c2:4 c3:5 a2:6 b2:7 b1:8 c1:9 ");
}

// An artificial seat leaves its table's list and the field: b's middlehand gets 60 %. Table b's
// mean is then (40 + 40) / 2 = 40, so b1 and b3 are 0 after it.
//   forehand zero-sum 60, 0, -96: mean -12, deviations 72, 12, -84
//   middlehand -30 and 48 (b artificial): mean 9, deviations -39, 39; b2 0
//   rearhand -30, 0, 48: mean 6, deviations -36, -6, 42
TEST(SynchronTest, ArtificialSeatLeavesItsTableAndTheField) {
  Adjustment artificial;
  artificial.kind = Adjustment::Kind::kArtificial;
  artificial.board = 1;
  artificial.table = "b";
  artificial.direction = kM;
  artificial.artificial_percent = 60;
  const Result<Scoresheet> sheet = Score(BoardOne(), {artificial}, Synchron());
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  EXPECT_EQ(Row(*Find(*sheet, 1, kF), "b")->zero_sum, Fraction(0));
  EXPECT_EQ(Row(*Find(*sheet, 1, kF), "a")->diff_exact, Fraction(72));
  EXPECT_EQ(Row(*Find(*sheet, 1, kF), "b")->diff_exact, Fraction(12));
  EXPECT_EQ(Find(*sheet, 1, kM)->datum_exact, Fraction(9));
  EXPECT_EQ(Row(*Find(*sheet, 1, kM), "c")->diff_exact, Fraction(39));
  EXPECT_EQ(Row(*Find(*sheet, 1, kM), "b")->diff_exact, Fraction(0));
  EXPECT_EQ(Row(*Find(*sheet, 1, kR), "b")->diff_exact, Fraction(-6));
  EXPECT_EQ(Row(*Find(*sheet, 1, kR), "c")->diff_exact, Fraction(42));
}

// A point penalty comes off the deviation sum and the total, as under datum.
TEST(SynchronTest, PointPenalty) {
  Adjustment penalty;
  penalty.kind = Adjustment::Kind::kPenalty;
  penalty.player = "c2";
  penalty.penalty = Fraction(15);
  const Result<Scoresheet> sheet = Score(BoardOne(), {penalty}, Synchron());
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  EXPECT_EQ(Player(sheet->overall, "c2")->diff_exact, Fraction(55));
  EXPECT_EQ(Player(sheet->overall, "c2")->total, 25);
  EXPECT_EQ(sheet->overall[0].player, "a1");  // 58 now beats c2's 55
}

}  // namespace synchron_test
}  // namespace skat::scoring
