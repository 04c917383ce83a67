// The movement validator (engine/movement/validator.h, docs/comparative.md "Movements"): one
// deliberately broken movement per rule, and the printed tables.
#include "engine/movement/validator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace skat::movement {
namespace validator_test {

using ::testing::Contains;
using ::testing::HasSubstr;

// 3-player tables playing `boards` in one round, default rotation.
Round Tables(const std::vector<std::vector<int>>& players, const std::vector<std::vector<int>>& b) {
  Round round;
  for (size_t t = 0; t < players.size(); ++t) {
    round.tables.push_back(TableRound{static_cast<int>(t) + 1, players[t], b[t], 0});
  }
  return round;
}

TEST(ValidatorTest, TheCheckedSchedulesPass) {
  EXPECT_TRUE(Validate(CheckedIndividual4()).ok());
  const Validation v = Validate(CheckedInterClub12());
  EXPECT_TRUE(v.ok());
  EXPECT_EQ(v.warnings.size(), 12u);  // clubmates at every table: warnings, not errors
  EXPECT_THAT(v.warnings, Contains("round 1 table 1: clubmates A1 and A2 at one table (one may "
                                   "defend against the other)"));
}

// "Nobody is present at a board twice."
TEST(ValidatorTest, BoardSeenTwice) {
  Movement m = CheckedIndividual4();
  m.rounds[1].tables[0].boards = {1, 2, 3};  // R2 T1 (4 7 1) plays b1-3 instead of b10-12
  const Validation v = Validate(m);
  EXPECT_FALSE(v.ok());
  EXPECT_THAT(v.errors, Contains("player 1 is present at board 1 twice, forehand in round 1 "
                                 "table 1 and rearhand in round 2 table 1 (nobody is present at "
                                 "a board twice)"));
  EXPECT_THAT(v.errors, Contains(HasSubstr("board 10 is played at 3 tables, 4 planned")));
}

// "Directions and chairs": the resting dealer is present at that board.
TEST(ValidatorTest, RestingDealerLaterHoldsTheBoard) {
  Movement m;
  m.kind = "stored";
  m.players = 6;
  m.boards = 1;
  m.planned_tables = {2};
  // Board 1 at a 4-player table: dealer in chair 1 (player 1) rests, forehand in chair 2.
  m.rounds.push_back(Round{{TableRound{1, {0, 1, 2, 3}, {1}, 0}}});
  m.rounds.push_back(Round{{TableRound{1, {0, 4, 5}, {1}, 0}}});
  const Validation v = Validate(m);
  EXPECT_EQ(v.resting[0], 1);
  EXPECT_EQ(v.errors, std::vector<std::string>{
                          "player 1 is present at board 1 twice, resting dealer in round 1 table 1 "
                          "and forehand in round 2 table 1 (a resting dealer is present at that "
                          "board)"});
}

TEST(ValidatorTest, UnbalancedDirections) {
  Movement m = CheckedIndividual4();
  for (Round& round : m.rounds) {
    for (TableRound& tr : round.tables) tr.forehand_chair = 1;  // forehand always in chair 1
  }
  const Validation v = Validate(m);
  EXPECT_EQ(v.direction_counts[0], (std::array<int, 3>{6, 3, 3}));  // chairs 1, 3, 2, 1
  EXPECT_THAT(v.errors, Contains("player 1 holds F/M/R 6/3/3 (unbalanced directions: the counts "
                                 "differ by more than 1)"));
}

TEST(ValidatorTest, DisconnectedFields) {
  Movement m;
  m.kind = "copies";
  m.players = 12;
  m.boards = 6;
  m.planned_tables.assign(6, 2);
  // Tables 1-2 compare boards 1-3, tables 3-4 boards 4-6, and nobody crosses.
  m.rounds.push_back(Tables({{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}},
                            {{1, 2, 3}, {1, 2, 3}, {4, 5, 6}, {4, 5, 6}}));
  const Validation v = Validate(m);
  EXPECT_EQ(v.errors, std::vector<std::string>{
                          "fields disconnected: the players fall into 2 parts that never meet "
                          "and are never compared (sizes 6, 6: 1 2 3 4 5 6 | 7 8 9 10 11 12)"});
  EXPECT_EQ(v.comparison_groups, 6);  // and within each part every chair is its own line
}

// Like a bridge Mitchell: everyone meets, but each chair's line is compared only with itself.
TEST(ValidatorTest, SeparateComparisonGroupsAreAWarning) {
  Movement m;
  m.kind = "copies";
  m.players = 6;
  m.boards = 6;
  m.planned_tables.assign(6, 2);
  m.rounds.push_back(Tables({{0, 1, 2}, {3, 4, 5}}, {{1, 2, 3}, {1, 2, 3}}));
  m.rounds.push_back(Tables({{0, 4, 5}, {3, 1, 2}}, {{4, 5, 6}, {4, 5, 6}}));
  const Validation v = Validate(m);
  EXPECT_TRUE(v.ok());
  EXPECT_EQ(v.comparison_groups, 3);
  EXPECT_EQ(v.warnings, std::vector<std::string>{
                            "players are compared in 3 separate groups, each ranked only against "
                            "itself (sizes 2, 2, 2: 1 4 | 2 5 | 3 6)"});
}

TEST(ValidatorTest, WrongNumberOfResultsPerBoard) {
  Movement m = CheckedIndividual4();
  m.planned_tables[4] = 3;
  EXPECT_EQ(Validate(m).errors,
            std::vector<std::string>{"board 5 is played at 4 tables, 3 planned (wrong number of "
                                     "results per board)"});
}

TEST(ValidatorTest, PlayerSeatedTwiceInARound) {
  Movement m = CheckedIndividual4();
  m.rounds[0].tables[1].players[0] = 0;  // R1 T2: 1 5 6 instead of 4 5 6
  const Validation v = Validate(m);
  EXPECT_THAT(v.errors, Contains("player 1 is seated twice in round 1: table 1 chair 1 and table "
                                 "2 chair 1 (a player sits once per round)"));
}

TEST(ValidatorTest, ChairsAndRanges) {
  Movement m = CheckedIndividual4();
  m.rounds[0].tables[0].players = {0, 1};
  m.rounds[0].tables[1].players[2] = 12;
  m.rounds[0].tables[2].boards[0] = 13;
  m.rounds[0].tables[3].forehand_chair = 4;
  const Validation v = Validate(m);
  EXPECT_THAT(v.errors, Contains("round 1 table 1: 2 chairs (a table has 3 or 4 chairs)"));
  EXPECT_THAT(v.errors, Contains("round 1 table 2 chair 3: player index 12 is out of range 0..11"));
  EXPECT_THAT(v.errors, Contains("round 1 table 3: board 13 is out of range 1..12"));
  EXPECT_THAT(v.errors, Contains("round 1 table 4: forehand chair 4 (0 for the default rotation "
                                 "or a chair 1..3)"));
}

TEST(ValidatorTest, EveryPlayerSits) {
  Movement m = CheckedIndividual4();
  m.players = 13;
  EXPECT_EQ(Validate(m).errors,
            std::vector<std::string>{"player 13 is never seated (every player sits)"});
}

TEST(ValidatorTest, EmptyChairsAreSkipped) {
  Movement m = CheckedIndividual4();
  m.rounds[0].tables[0].players[2] = -1;  // player 3 replaced by a bot in round 1
  const Validation v = Validate(m);
  EXPECT_EQ(v.direction_counts[2], (std::array<int, 3>{3, 3, 3}));
  EXPECT_TRUE(v.ok());
}

TEST(ValidatorPrintTest, DirectionCountsAndWhoMetWhom) {
  const Movement m = CheckedIndividual4();
  const std::string text = Validate(m).Print(m);
  EXPECT_THAT(text, HasSubstr("errors: 0\nwarnings: 0\ndirections (F/M/R):\n  1: 4/4/4\n"));
  EXPECT_THAT(text, HasSubstr("  12: 4/4/4\nmet (rounds at one table):\n"
                              "     1  2  3  4  5  6  7  8  9 10 11 12\n"));
  // Player 1 meets 2, 3 (R1), 4, 7 (R2), 11, 5 (R3), 8, 12 (R4).
  EXPECT_THAT(text, HasSubstr("\n  1  -  1  1  1  1  0  1  1  0  0  1  1\n"));
  EXPECT_THAT(text, HasSubstr("pairs: 48 met once, 0 more than once, 18 never\n"));
}

TEST(ValidatorPrintTest, ClubNamesAndRestingDealers) {
  const Movement club = CheckedInterClub12();
  const std::string text = Validate(club).Print(club);
  EXPECT_THAT(text, HasSubstr("warnings: 12\n"));
  EXPECT_THAT(text, HasSubstr("  A1: 4/4/4\n"));
  EXPECT_THAT(text, HasSubstr("  B6: 4/4/4\n"));
  EXPECT_THAT(text, HasSubstr("\n A1  -  1  1  0  0  0  1  1  0  1  1  0\n"));
  const Movement four = *Congress(4, kCongressRounds, false, 1);
  EXPECT_THAT(Validate(four).Print(four), HasSubstr("  1: 20/20/20, rested 20\n"));

  // The event's names follow the short ones in messages and counts; the matrix keeps the codes.
  Movement named = club;
  for (const char* n : {"Anna", "Bertha", "Clara", "Dora", "Emma", "Frida", "Gustav", "Hans", "Ida",
                        "Jakob", "Karl", "Ludwig"}) {
    named.names.push_back(n);
  }
  const Validation v = Validate(named);
  EXPECT_THAT(v.warnings, Contains(HasSubstr("clubmates A1 Anna and A2 Bertha at one table")));
  const std::string printed = v.Print(named);
  EXPECT_THAT(printed, HasSubstr("  B6 Ludwig: 4/4/4\n"));
  EXPECT_THAT(printed, HasSubstr("\n A1  -  1  1  0  0  0  1  1  0  1  1  0\n"));
}

// A manual movement (how a club sat): the offences a generated movement may not have are
// warnings, each board at one table is warned of, structural faults stay errors.
TEST(ValidatorTest, ManualMovementWarnsOfWhatWouldBeErrors) {
  // Round 1: tables (1 2 3) and (4 5 6) play boards 1-3. Round 2: player 1 typed at both tables
  // (seated twice), table 1 replays board 1 (1 and 2 present twice), table 2 plays board 4 alone.
  std::vector<Round> rounds = {Tables({{0, 1, 2}, {3, 4, 5}}, {{1, 2, 3}, {1, 2, 3}}),
                               Tables({{0, 4, 1}, {0, 5, 2}}, {{1}, {4}})};
  Result<Movement> m = Manual(6, rounds);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->kind, "manual");
  EXPECT_EQ(m->boards, 4);
  EXPECT_EQ(m->planned_tables, (std::vector<int>{3, 2, 2, 1}));
  const Validation v = Validate(*m);
  EXPECT_TRUE(v.ok()) << v.errors[0];
  EXPECT_THAT(v.warnings, Contains("player 1 is seated twice in round 2: table 1 chair 1 and "
                                   "table 2 chair 1 (a player sits once per round)"));
  EXPECT_THAT(v.warnings, Contains(HasSubstr("player 2 is present at board 1 twice")));
  EXPECT_THAT(v.warnings,
              Contains("board 4 is played at one table only (its results are compared with none)"));
  // The same seating as a stored (generated) movement: errors.
  Movement stored = *m;
  stored.kind = "stored";
  const Validation strict = Validate(stored);
  EXPECT_THAT(strict.errors, Contains(HasSubstr("is seated twice in round 2")));
  EXPECT_THAT(strict.warnings, ::testing::Not(Contains(HasSubstr("one table only"))));
  // Structure stays an error.
  rounds[1].tables[1].players = {3, 4};
  EXPECT_THAT(Validate(*Manual(6, rounds)).errors,
              Contains("round 2 table 2: 2 chairs (a table has 3 or 4 chairs)"));
  EXPECT_FALSE(Manual(6, {}).ok());
  rounds[1].tables[1].boards = {1001};
  EXPECT_EQ(Manual(6, rounds).status().message(), "round 2 table 2: board 1001 is not in 1..1000");
}

}  // namespace validator_test
}  // namespace skat::movement
