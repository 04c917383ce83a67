// Board scores and matchpoints of single fields: docs/comparative.md "Worked example",
// Neuberg's edge
// cases, ties, director adjustments, fouled boards and 4-player tables.
#include "engine/scoring/comparison.h"

#include <gtest/gtest.h>

#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace comparison_test {

using testing::At;
using testing::Find;
using testing::Game;
using testing::Row;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

// A nasl-1909 solo valued by the engine (RULES N1-N5).
GameResult Solo(Direction declarer, GameType type, int matadors, int points) {
  const Declaration d{SkatHandling::kHand, type};
  const Result<Valuation> v =
      ValueGame(Nasl1909(), d, {matadors, true}, 0, {points, points > 60 ? 6 : 3});
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  GameResult g = Game(declarer, v->value, v->won, d, {matadors, true});
  g.valuation = *v;
  return g;
}

// docs/comparative.md "Worked example": three tables, board 1, direction middlehand.
std::vector<TableResult> WorkedExample() {
  return {
      At(1, "1", Solo(kM, GameType::kHearts, 2, 61)),    // wins 30
      At(1, "2", Solo(kF, GameType::kDiamonds, 3, 40)),  // forehand loses 36
      At(1, "3", Solo(kM, GameType::kHearts, 5, 50)),    // loses 60
  };
}

TEST(ScoringWorkedExampleTest, SettledMatchpointsAndDatum) {
  const std::vector<TableResult> results = WorkedExample();
  ASSERT_EQ(results[0].game.pad[1], 30);
  ASSERT_EQ(results[1].game.pad[0], -36);
  ASSERT_EQ(results[2].game.pad[1], -60);
  const Result<Scoresheet> sheet = Score(results, {}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kM);
  EXPECT_EQ(t.planned, 3);
  EXPECT_EQ(t.datum_exact, Fraction(-8));
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[0].table, "1");
  EXPECT_EQ(t.rows[0].board_score, 60);
  EXPECT_EQ(t.rows[1].board_score, 36);
  EXPECT_EQ(t.rows[2].board_score, -120);
  EXPECT_EQ(t.rows[0].matchpoints, Fraction(4));
  EXPECT_EQ(t.rows[1].matchpoints, Fraction(2));
  EXPECT_EQ(t.rows[2].matchpoints, Fraction(0));
  EXPECT_EQ(t.rows[0].top, Fraction(4));
  EXPECT_EQ(t.rows[0].diff, 68);
  EXPECT_EQ(t.rows[1].diff, 44);
  EXPECT_EQ(t.rows[2].diff, -112);
}

TEST(ScoringWorkedExampleTest, PadScores) {
  Options options;
  options.board_score = BoardScoreKind::kPad;
  const Result<Scoresheet> sheet = Score(WorkedExample(), {}, options);
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kM);
  EXPECT_EQ(Row(t, "1")->board_score, 30);
  EXPECT_EQ(Row(t, "2")->board_score, 0);
  EXPECT_EQ(Row(t, "3")->board_score, -60);
  EXPECT_EQ(t.datum_exact, Fraction(-10));
}

TEST(ScoringWorkedExampleTest, MissingTableThreeIsNeubergedToThree) {
  std::vector<TableResult> results = WorkedExample();
  results.pop_back();
  Options options;
  options.planned[1] = 3;
  const Result<Scoresheet> sheet = Score(results, {}, options);
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kM);
  EXPECT_EQ(t.planned, 3);
  EXPECT_EQ(t.results, 2);
  EXPECT_EQ(Row(t, "1")->matchpoints, Fraction(7, 2));  // (2 + 1) * 3/2 - 1
  EXPECT_EQ(Row(t, "2")->matchpoints, Fraction(1, 2));
  EXPECT_EQ(Row(t, "1")->matchpoints.ToString(), "3.5");
  EXPECT_DOUBLE_EQ(testing::Player(sheet->by_direction[1], "M1")->percentage, 87.5);
  EXPECT_DOUBLE_EQ(testing::Player(sheet->by_direction[1], "M2")->percentage, 12.5);
}

// docs/comparative.md "Board score of a seat": settled with k = 3: declarer 2 * entry, the
// others -entry; sums to 0.
TEST(BoardScoreTest, SettledIsThreeTimesOwnLessTheSum) {
  const GameResult g = Game(kR, 48, true);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, g, kR), 96);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, g, kF), -48);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, g, kM), -48);
  // RULES S2: an erring defender (+V, -V, 0) -> (+3V, -3V, 0).
  GameResult erring = Game(kF, 20, true);
  erring.pad[1] = -20;
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, erring, kF), 60);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, erring, kM), -60);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, erring, kR), 0);
}

// docs/comparative.md "Board score of a seat": Seeger-Fabian, declarer +-(value + 50), the
// others +40 when he loses.
TEST(BoardScoreTest, SeegerFabian) {
  const GameResult won = Game(kM, 30, true);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, won, kM), 80);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, won, kF), 0);
  const GameResult lost = Game(kM, 72, false);  // the pad holds the (doubled) charge
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, lost, kM), -122);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, lost, kF), 40);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, lost, kR), 40);
  // Ramsch: the pad entry; passed in: 0 for everyone.
  const GameResult ramsch = testing::Ramsch({0, -20, 0});
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, ramsch, kM), -20);
  EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, ramsch, kF), 0);
  for (Direction d : kDirections) {
    EXPECT_EQ(BoardScore(BoardScoreKind::kSeegerFabian, testing::PassedIn(), d), 0);
    EXPECT_EQ(BoardScore(BoardScoreKind::kSettled, testing::PassedIn(), d), 0);
  }
}

TEST(BoardScoreTest, NamesRoundTrip) {
  for (BoardScoreKind k :
       {BoardScoreKind::kPad, BoardScoreKind::kSettled, BoardScoreKind::kSeegerFabian}) {
    EXPECT_EQ(*ParseBoardScoreKind(Name(k)), k);
  }
  for (ComparisonKind k :
       {ComparisonKind::kMatchpoints, ComparisonKind::kDatum, ComparisonKind::kTotal,
        ComparisonKind::kSessionTotal, ComparisonKind::kSynchron}) {
    EXPECT_EQ(*ParseComparisonKind(Name(k)), k);
  }
  for (TieBreak t : {TieBreak::kDiff, TieBreak::kLot, TieBreak::kShared}) {
    EXPECT_EQ(*ParseTieBreak(Name(t)), t);
  }
  EXPECT_STREQ(Name(ComparisonKind::kSessionTotal), "session-total");
  EXPECT_STREQ(Name(ComparisonKind::kSynchron), "synchron");
  EXPECT_EQ(ParseComparisonKind("bridge").status().code(), ErrorCode::kInvalidArgument);
}

TEST(NeubergTest, ScaleFreeFormula) {
  EXPECT_EQ(Neuberg(Fraction(2), 2, 3), Fraction(7, 2));   // docs/comparative.md "Worked example"
  EXPECT_EQ(Neuberg(Fraction(0), 1, 5), Fraction(4));      // n = 1: N - 1 = 50 %
  EXPECT_EQ(Neuberg(Fraction(6), 4, 4), Fraction(6));      // n = N: identity
  EXPECT_EQ(Neuberg(Fraction(3), 3, 4), Fraction(13, 3));  // (3 + 1) * 4/3 - 1
}

TEST(NeubergTest, SingleResultGetsHalfTheTop) {
  Options options;
  options.planned[1] = 5;
  const Result<Scoresheet> sheet = Score({At(1, "A", Game(kF, 40, true))}, {}, options);
  ASSERT_TRUE(sheet.ok());
  const TravellerRow& r = Find(*sheet, 1, kF)->rows[0];
  EXPECT_EQ(r.matchpoints, Fraction(4));
  EXPECT_EQ(r.top, Fraction(8));
  EXPECT_EQ(r.diff, 0);  // docs/comparative.md "Comparison across tables": a single result
                         // has diff 0
}

TEST(NeubergTest, BoardPlannedOnceCarriesNoMatchpoints) {
  Options options;
  options.planned[1] = 1;
  const Result<Scoresheet> sheet =
      Score({At(1, "A", Game(kF, 40, true)), At(2, "A", Game(kF, 40, true)),
             At(2, "B", Game(kF, 20, true))},
            {}, options);
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Find(*sheet, 1, kF)->rows[0].top, Fraction(0));
  EXPECT_FALSE(sheet->notes.empty());
  // FA: board 1 carries nothing, board 2 beats FB: 100 % from board 2 alone.
  EXPECT_DOUBLE_EQ(testing::Player(sheet->overall, "FA")->percentage, 100);
  EXPECT_EQ(testing::Player(sheet->overall, "FA")->boards, 2);
}

TEST(NeubergTest, TiesShareMatchpoints) {
  const Result<Scoresheet> sheet =
      Score({At(1, "A", Game(kF, 40, true)), At(1, "B", Game(kF, 40, true)),
             At(1, "C", Game(kF, 20, false))},
            {}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kF);
  EXPECT_EQ(Row(t, "A")->matchpoints, Fraction(3));
  EXPECT_EQ(Row(t, "B")->matchpoints, Fraction(3));
  EXPECT_EQ(Row(t, "C")->matchpoints, Fraction(0));
  // The defenders: A and B both -40 (tie), C +20.
  EXPECT_EQ(Row(*Find(*sheet, 1, kM), "C")->matchpoints, Fraction(4));
}

TEST(NeubergTest, NoRealResultIsNoted) {
  Adjustment a;
  a.kind = Adjustment::Kind::kArtificial;
  a.table = "A";
  a.direction = kF;
  a.artificial_percent = 60;
  Options options;
  options.planned[1] = 2;
  const Result<Scoresheet> sheet = Score({At(1, "A", Game(kM, 40, true))}, {a}, options);
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kF);
  EXPECT_EQ(t.results, 0);
  EXPECT_EQ(t.rows[0].matchpoints, Fraction(6, 5));  // 60 % of 2
}

// docs/comparative.md "Artificial scores": leave the field; the others are Neuberged n-1 -> N.
TEST(ScoringAdjustmentTest, ArtificialSixtyFiftyForty) {
  for (int percent : {60, 50, 40}) {
    Adjustment a;
    a.kind = Adjustment::Kind::kArtificial;
    a.table = "C";
    a.direction = kF;
    a.artificial_percent = percent;
    const Result<Scoresheet> sheet =
        Score({At(1, "A", Game(kF, 40, true)), At(1, "B", Game(kF, 20, true)),
               At(1, "C", Game(kF, 100, true))},
              {a}, Options{});
    ASSERT_TRUE(sheet.ok());
    const Traveller& t = *Find(*sheet, 1, kF);
    EXPECT_EQ(t.results, 2);
    EXPECT_EQ(t.planned, 3);
    EXPECT_EQ(t.datum_exact, Fraction(60));  // (80 + 40) / 2: C is not a result
    EXPECT_EQ(Row(t, "A")->matchpoints, Fraction(7, 2));
    EXPECT_EQ(Row(t, "B")->matchpoints, Fraction(1, 2));
    const TravellerRow& c = *Row(t, "C");
    EXPECT_TRUE(c.artificial);
    EXPECT_EQ(c.matchpoints, Fraction(4 * percent, 100));
    EXPECT_DOUBLE_EQ(testing::Player(sheet->overall, "FC")->percentage, percent);
  }
}

TEST(ScoringAdjustmentTest, AssignedScoreEntersTheField) {
  Adjustment a;
  a.kind = Adjustment::Kind::kAssigned;
  a.table = "B";
  a.direction = kF;
  a.assigned_score = 90;
  const Result<Scoresheet> sheet =
      Score({At(1, "A", Game(kF, 40, true)), At(1, "B", Game(kF, 20, true))}, {a}, Options{});
  ASSERT_TRUE(sheet.ok());
  const Traveller& t = *Find(*sheet, 1, kF);
  EXPECT_TRUE(Row(t, "B")->assigned);
  EXPECT_EQ(Row(t, "B")->board_score, 90);
  EXPECT_EQ(Row(t, "B")->matchpoints, Fraction(2));
  EXPECT_EQ(Row(t, "A")->diff, 80 - 85);
}

TEST(ScoringAdjustmentTest, AdjustmentOnAMissingResultNeedsAPlayer) {
  Adjustment a;
  a.kind = Adjustment::Kind::kArtificial;
  a.table = "Z";
  const Result<Scoresheet> bad = Score({At(1, "A", Game(kF, 40, true))}, {a}, Options{});
  EXPECT_EQ(bad.status().code(), ErrorCode::kInvalidArgument);
  a.player = "late";
  const Result<Scoresheet> sheet = Score({At(1, "A", Game(kF, 40, true))}, {a}, Options{});
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Find(*sheet, 1, kF)->planned, 2);
  EXPECT_DOUBLE_EQ(testing::Player(sheet->overall, "late")->percentage, 50);
}

TEST(ScoringInputTest, TwoResultsOfOneBoardAtOneTableAreRefused) {
  const Result<Scoresheet> sheet =
      Score({At(1, "A", Game(kF, 40, true)), At(1, "A", Game(kF, 20, true))}, {}, Options{});
  EXPECT_EQ(sheet.status().code(), ErrorCode::kInvalidArgument);
}

// docs/comparative.md "Fouled boards": each version is its own field, Neuberged to N.
TEST(ScoringAdjustmentTest, FouledVersionsAreSeparateFields) {
  std::vector<TableResult> results = {
      At(1, "A", Game(kF, 40, true)), At(1, "B", Game(kF, 20, true)),
      At(1, "C", Game(kF, 60, true)), At(1, "D", Game(kF, 10, false))};
  results[2].version = results[3].version = 1;
  Options options;
  options.planned[1] = 4;
  const Result<Scoresheet> sheet = Score(results, {}, options);
  ASSERT_TRUE(sheet.ok());
  const Traveller& v0 = *Find(*sheet, 1, kF, 0);
  const Traveller& v1 = *Find(*sheet, 1, kF, 1);
  EXPECT_EQ(v0.planned, 4);
  EXPECT_EQ(Row(v0, "A")->matchpoints, Fraction(5));  // (2 + 1) * 4/2 - 1
  EXPECT_EQ(Row(v0, "B")->matchpoints, Fraction(1));
  EXPECT_EQ(Row(v1, "C")->matchpoints, Fraction(5));
  EXPECT_EQ(Row(v1, "C")->diff, 70);  // settled 120 less the datum of version 1: (120 - 20) / 2
}

// docs/comparative.md "Board score of a seat" and "Directions and chairs": the resting dealer is
// not compared, k = 3.
TEST(ScoringAdjustmentTest, FourPlayerTableComparesWithThreePlayerTables) {
  TableResult four = At(1, "A", Game(kF, 40, true));
  four.resting_dealer = "dealer";
  const Result<Scoresheet> sheet = Score({four, At(1, "B", Game(kF, 40, true))}, {}, Options{});
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(testing::Player(sheet->overall, "dealer"), nullptr);
  const Traveller& t = *Find(*sheet, 1, kF);
  EXPECT_EQ(Row(t, "A")->board_score, 80);  // 2 * 40, not 3 * 40 (k = 4)
  EXPECT_EQ(Row(t, "A")->matchpoints, Row(t, "B")->matchpoints);
}

}  // namespace comparison_test
}  // namespace skat::scoring
