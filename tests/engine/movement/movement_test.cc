// The generators of engine/movement/movement.h: every movement they make passes the validator,
// and the two checked schedules of docs/comparative.md "Movements" keep their stated properties.
#include "engine/movement/movement.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/movement/validator.h"

namespace skat::movement {
namespace movement_test {

// For each (board, direction): the players who held it.
std::map<std::pair<int, int>, std::vector<int>> Holders(const Movement& m) {
  std::map<std::pair<int, int>, std::vector<int>> holders;
  for (const Round& round : m.rounds) {
    for (const TableRound& tr : round.tables) {
      for (int b : tr.boards) {
        const BoardSeating s = SeatingOf(tr, b);
        for (int d = 0; d < 3; ++d) holders[{b, d}].push_back(s.direction_player[d]);
      }
    }
  }
  return holders;
}

int MaxMet(const Validation& v) {
  int most = 0;
  for (const auto& row : v.met) {
    for (int x : row) most = std::max(most, x);
  }
  return most;
}

int ClubmateWarnings(const Validation& v) {
  int n = 0;
  for (const std::string& w : v.warnings) n += w.find("clubmates") != std::string::npos;
  return n;
}

// ---- SeatingOf: docs/comparative.md "Directions and chairs" ----

TEST(MovementSeatingTest, ThreeChairsFollowTheBoardNumber) {
  const TableRound tr{1, {10, 11, 12}, {1, 2, 3}, 0};
  EXPECT_EQ(SeatingOf(tr, 1).direction_player, (std::array<int, 3>{10, 11, 12}));
  EXPECT_EQ(SeatingOf(tr, 2).direction_player, (std::array<int, 3>{11, 12, 10}));
  EXPECT_EQ(SeatingOf(tr, 6).direction_player, (std::array<int, 3>{12, 10, 11}));
  EXPECT_EQ(SeatingOf(tr, 1).resting_dealer, -1);
}

TEST(MovementSeatingTest, FourChairsRestTheDealer) {
  const TableRound tr{1, {0, 1, 2, 3}, {1, 2, 3, 4}, 0};
  // Board 1: dealer chair 1, forehand chair 2 (RULES C3).
  EXPECT_EQ(SeatingOf(tr, 1).direction_player, (std::array<int, 3>{1, 2, 3}));
  EXPECT_EQ(SeatingOf(tr, 1).resting_dealer, 0);
  EXPECT_EQ(SeatingOf(tr, 4).direction_player, (std::array<int, 3>{0, 1, 2}));
  EXPECT_EQ(SeatingOf(tr, 4).resting_dealer, 3);
}

TEST(MovementSeatingTest, FixedForehandChairOverridesTheRotation) {
  const TableRound tr{1, {5, 6, 7}, {1, 2}, 1};
  EXPECT_EQ(SeatingOf(tr, 2).direction_player, (std::array<int, 3>{5, 6, 7}));
  const TableRound four{1, {5, 6, 7, 8}, {1, 2}, 3};
  EXPECT_EQ(SeatingOf(four, 2).direction_player, (std::array<int, 3>{7, 8, 5}));
  EXPECT_EQ(SeatingOf(four, 2).resting_dealer, 6);
}

// ---- Individual comparative ----

TEST(MovementIndividualTest, EveryTableCountPassesTheValidator) {
  for (int t = 2; t <= 40; ++t) {
    const Result<Movement> m = Individual(t, 3, t);
    ASSERT_TRUE(m.ok()) << t << ": " << m.status().ToString();
    const Validation v = Validate(*m);
    EXPECT_TRUE(v.ok()) << t;
    EXPECT_TRUE(v.warnings.empty()) << t << ": " << v.warnings.front();
    EXPECT_EQ(m->players, 3 * t);
    for (const std::array<int, 3>& c : v.direction_counts) {
      EXPECT_EQ(c, (std::array<int, 3>{t, t, t})) << t;  // 3 boards a round: one of each
    }
  }
}

TEST(MovementIndividualTest, MethodByTableCount) {
  const std::set<int> moving = {4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 35, 37};
  for (int t = 2; t <= 40; ++t) {
    const Result<Movement> m = Individual(t, 6, t);
    ASSERT_TRUE(m.ok()) << t << ": " << m.status().ToString();
    EXPECT_EQ(m->kind, moving.count(t) ? "individual" : "copies") << t;
    // Moving schedules take any number of boards per round; copies a multiple of 3.
    EXPECT_EQ(Individual(t, 2, t).ok(), moving.count(t) == 1) << t;
  }
  EXPECT_EQ(Individual(4, 3, 4)->kind, "stored");
}

TEST(MovementIndividualTest, MovingSchedulesNeverRepeatABoardOrAMeeting) {
  for (int t : {5, 7, 8, 9, 11, 16, 25, 27, 32, 35}) {
    const Result<Movement> m = Individual(t, 3, t);
    ASSERT_TRUE(m.ok()) << t;
    const Validation v = Validate(*m);
    EXPECT_EQ(MaxMet(v), 1) << t;
    for (const auto& [field, players] : Holders(*m)) {
      EXPECT_EQ(static_cast<int>(players.size()), t) << t;
    }
  }
}

TEST(MovementIndividualTest, OddCopiesNeverRepeatAMeeting) {
  for (int t : {3, 15, 21}) {
    const Validation v = Validate(*Individual(t, 3, t));
    EXPECT_EQ(MaxMet(v), 1) << t;
  }
}

TEST(MovementIndividualTest, FewerRoundsAndOtherBoardCounts) {
  for (int t : {4, 6, 7, 9, 10}) {
    for (int bpr : {1, 2, 3, 4, 6}) {
      if ((t == 6 || t == 10) && bpr % 3 != 0) continue;  // copies
      const Result<Movement> m = Individual(t, bpr, t);
      ASSERT_TRUE(m.ok()) << t << " " << bpr << ": " << m.status().ToString();
      EXPECT_TRUE(Validate(*m).warnings.empty()) << t << " " << bpr;
    }
    const Result<Movement> short_event = Individual(t, 3, 3);
    ASSERT_TRUE(short_event.ok()) << t << ": " << short_event.status().ToString();
    EXPECT_EQ(short_event->rounds.size(), 3u);
  }
}

TEST(MovementIndividualTest, RefusesImpossibleInputs) {
  EXPECT_EQ(Individual(1, 3, 1).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Individual(41, 3, 3).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Individual(5, 0, 5).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Individual(5, 3, 6).status().code(), ErrorCode::kInvalidArgument);  // boards repeat
  EXPECT_EQ(Individual(6, 3, 1).status().code(), ErrorCode::kInvalidArgument);
}

// docs/comparative.md "Individual comparative": the checked schedule for T = 4.
TEST(MovementIndividualTest, CheckedScheduleForFourTables) {
  const Movement m = CheckedIndividual4();
  EXPECT_EQ(*Individual(4, 3, 4), m);
  const Validation v = Validate(m);
  EXPECT_TRUE(v.ok());  // nobody sees a board twice
  EXPECT_TRUE(v.warnings.empty());
  EXPECT_EQ(v.comparison_groups, 1);
  const auto holders = Holders(m);
  EXPECT_EQ(holders.size(), 36u);
  for (const auto& [field, players] : holders) EXPECT_EQ(players.size(), 4u);
  for (const std::array<int, 3>& c : v.direction_counts) {
    EXPECT_EQ(c, (std::array<int, 3>{4, 4, 4}));
  }
  int once = 0;
  for (int i = 0; i < 12; ++i) {
    for (int j = i + 1; j < 12; ++j) {
      EXPECT_LE(v.met[i][j], 1);
      once += v.met[i][j] == 1;
    }
  }
  EXPECT_EQ(once, 48);
  // R2 T1 b10-12: 4 7 1; board 11 has forehand in chair 2.
  EXPECT_EQ(m.rounds[1].tables[0].boards, (std::vector<int>{10, 11, 12}));
  EXPECT_EQ(SeatingOf(m.rounds[1].tables[0], 11).direction_player, (std::array<int, 3>{6, 0, 3}));
}

// ---- Inter-club match ----

// docs/comparative.md "Inter-club match": the checked schedule, two clubs of six on four tables.
TEST(MovementInterClubTest, CheckedScheduleForTwelve) {
  const Movement m = CheckedInterClub12();
  EXPECT_EQ(*InterClub(4, 4, false), m);
  EXPECT_EQ(m.club, (std::vector<int>{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(m.rounds[1].tables[2].players, (std::vector<int>{5, 7, 3}));  // R2 T3 A6 B2 A4
  const Validation v = Validate(m);
  EXPECT_TRUE(v.ok());  // nobody plays a board twice
  for (const auto& [field, players] : Holders(m)) {
    int a = 0;
    for (int p : players) a += m.club[p] == kClubA;
    EXPECT_EQ(a, 2);
    EXPECT_EQ(players.size(), 4u);
  }
  for (const std::array<int, 3>& c : v.direction_counts) {
    EXPECT_EQ(c, (std::array<int, 3>{4, 4, 4}));
  }
  EXPECT_EQ(MaxMet(v), 1);
  EXPECT_EQ(ClubmateWarnings(v), 12);  // every table of every round seats two clubmates
  EXPECT_EQ(v.warnings.size(), 12u);
}

TEST(MovementInterClubTest, EveryEvenTableCountPassesTheValidator) {
  for (int t = 2; t <= 20; t += 2) {
    for (bool neutral : {false, true}) {
      const Result<Movement> m = InterClub(t, 4, neutral);
      ASSERT_TRUE(m.ok()) << t << ": " << m.status().ToString();
      const Validation v = Validate(*m);
      EXPECT_TRUE(v.ok()) << t;
      for (const std::array<int, 3>& c : v.direction_counts) {
        EXPECT_EQ(c, (std::array<int, 3>{4, 4, 4})) << t;
      }
      for (const auto& [field, players] : Holders(*m)) {
        int a = 0, b = 0;
        for (int p : players) {
          a += m->club[p] == kClubA;
          b += m->club[p] == kClubB;
        }
        EXPECT_EQ(a, b) << t;
      }
      // Clubmates only without the neutral chair: one warning per table and round.
      EXPECT_EQ(ClubmateWarnings(v), neutral ? 0 : 3 * t) << t;
      // Nobody meets twice where the size allows.
      if (t >= (neutral ? 6 : 4)) {
        EXPECT_EQ(MaxMet(v), 1) << t;
      }
      // The neutral players form their own field; A at (A,B,N) with B at (B,A,N), and B at
      // (A,B,N) with A at (B,A,N) (movement.h).
      EXPECT_EQ(v.comparison_groups, neutral ? 3 : 1) << t;
    }
  }
}

TEST(MovementInterClubTest, RefusesAnOddOrTooSmallTableCount) {
  for (int t : {0, 1, 3, 7}) {
    EXPECT_EQ(InterClub(t, 4, false).status().code(), ErrorCode::kInvalidArgument) << t;
  }
  EXPECT_EQ(InterClub(4, 0, true).status().code(), ErrorCode::kInvalidArgument);
}

// ---- Congress ----

TEST(MovementCongressTest, EveryPlayerCountPassesTheValidator) {
  std::vector<int> counts;
  for (int n = 3; n <= 30; ++n) counts.push_back(n);
  counts.push_back(1020);
  for (int n : counts) {
    for (bool comparative : {false, true}) {
      const Result<Movement> m = Congress(n, kCongressRounds, comparative, 1909);
      ASSERT_TRUE(m.ok()) << n << ": " << m.status().ToString();
      const Validation v = Validate(*m);
      EXPECT_TRUE(v.ok()) << n;
      EXPECT_TRUE(v.warnings.empty()) << n << ": " << v.warnings.front();
      // Every player deals once per round he plays: F, M, R once each, and rests at a 4-table.
      const int sat_out = n == 5 ? 4 : 0;
      for (int p = 0; p < n; ++p) {
        const std::array<int, 3>& c = v.direction_counts[p];
        EXPECT_EQ(c[0], c[1]);
        EXPECT_EQ(c[1], c[2]);
        EXPECT_EQ(c[0], kCongressRounds - sat_out) << n << " " << p;
      }
    }
  }
}

TEST(MovementCongressTest, TableSizesFollowTheRemainder) {
  auto sizes = [](int n) {
    std::multiset<size_t> s;
    const Result<Movement> m = Congress(n, 5, true, 7);  // 5 sit out in turn
    EXPECT_TRUE(m.ok()) << n;
    for (const TableRound& tr : m->rounds[0].tables) {
      s.insert(tr.players.size());
    }
    return s;
  };
  EXPECT_EQ(sizes(9), (std::multiset<size_t>{3, 3, 3}));
  EXPECT_EQ(sizes(10), (std::multiset<size_t>{3, 3, 4}));
  EXPECT_EQ(sizes(11), (std::multiset<size_t>{3, 4, 4}));
  EXPECT_EQ(sizes(5), (std::multiset<size_t>{4}));
  EXPECT_EQ(sizes(4), (std::multiset<size_t>{4}));
}

TEST(MovementCongressTest, SixtyOrEightyDealsAndPlannedTables) {
  const Movement three = *Congress(3, kCongressRounds, false, 1);
  EXPECT_EQ(three.boards, 60);
  const Movement four = *Congress(4, kCongressRounds, false, 1);
  EXPECT_EQ(four.boards, 80);
  const Movement mixed = *Congress(10, kCongressRounds, true, 1);
  EXPECT_EQ(mixed.boards, 80);  // groups of 4: three tables play boards 1-3, one plays board 4
  EXPECT_EQ(mixed.planned_tables[0], 3);
  EXPECT_EQ(mixed.planned_tables[3], 1);
  const Movement separate = *Congress(10, kCongressRounds, false, 1);
  EXPECT_EQ(separate.boards, 20 * 10);
  EXPECT_EQ(separate.planned_tables, std::vector<int>(200, 1));
}

TEST(MovementCongressTest, TheSeedDecidesTheDraw) {
  EXPECT_EQ(*Congress(12, 5, true, 42), *Congress(12, 5, true, 42));
  EXPECT_NE(*Congress(12, 5, true, 42), *Congress(12, 5, true, 43));
}

TEST(MovementCongressTest, RefusesTooFewPlayers) {
  EXPECT_EQ(Congress(2, 20, true, 1).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Congress(9, 0, true, 1).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Congress(5, 4, true, 1).status().code(),
            ErrorCode::kInvalidArgument);  // one never plays
}

}  // namespace movement_test
}  // namespace skat::movement
