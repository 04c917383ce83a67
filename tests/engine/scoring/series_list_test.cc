// The classic Seeger-Fabian series list (engine/scoring/series_list.h;
// docs/events-and-scoring.md 4.9). Per game the numbers are jskat's
// SkatConstants.getTournamentGameValue (its test: declarer 18 -> 68, -36 -> -86, -40 -> -90; an
// opponent of a lost game 40 at 3, 30 at 4 players).
#include "engine/scoring/series_list.h"

#include <gtest/gtest.h>

#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace series_list_test {

using testing::At;
using testing::Game;
using testing::PassedIn;
using testing::Ramsch;

const SeriesRow& RowOf(const SeriesList& list, const std::string& player) {
  for (const SeriesRow& r : list.rows) {
    if (r.player == player) return r;
  }
  ADD_FAILURE() << "no row for " << player;
  static const SeriesRow kNone;
  return kNone;
}

TEST(SeriesListTest, ThreePlayerTableWorkedNumbers) {
  const std::array<std::string, 3> abc{"A", "B", "C"};
  std::vector<TableResult> results{
      At(1, "t1", Game(Direction::kForehand, 18, true), abc),     // A +68
      At(2, "t1", Game(Direction::kMiddlehand, 36, false), abc),  // B -86 (-18 doubled), A, C +40
      At(3, "t1", PassedIn(), abc),                               // nothing
      At(4, "t1", Game(Direction::kRearhand, 48, true), abc),     // C +98
      At(5, "t1", Game(Direction::kForehand, 40, false), abc),    // A -90, B, C +40
      At(6, "t1", Ramsch({-20, 0, 0}), abc),                      // nothing
  };
  // A defender's own P2 charge is no game point.
  results[0].game.pad[Index(Direction::kRearhand)] = -18;
  const SeriesList list = Serie(results, {}, "ev");
  EXPECT_EQ(list.table, "t1");
  EXPECT_FALSE(list.four_players);
  ASSERT_EQ(list.rows.size(), 3u);
  const SeriesRow& a = RowOf(list, "A");
  EXPECT_EQ(a.game_points, -22);
  EXPECT_EQ(a.won, 1);
  EXPECT_EQ(a.lost, 1);
  EXPECT_EQ(a.opponents_lost, 1);
  EXPECT_EQ(a.opponents_points, 40);
  EXPECT_EQ(a.total, 68 + 40 - 90);  // 18
  const SeriesRow& b = RowOf(list, "B");
  EXPECT_EQ(b.game_points, -36);
  EXPECT_EQ(b.lost, 1);
  EXPECT_EQ(b.opponents_lost, 1);
  EXPECT_EQ(b.total, -86 + 40);  // -46
  const SeriesRow& c = RowOf(list, "C");
  EXPECT_EQ(c.game_points, 48);
  EXPECT_EQ(c.won, 1);
  EXPECT_EQ(c.opponents_lost, 2);
  EXPECT_EQ(c.opponents_points, 80);
  EXPECT_EQ(c.total, 40 + 98 + 40);  // 178
  EXPECT_EQ(list.rows[0].player, "C");
  EXPECT_EQ(list.rows[1].player, "A");
  EXPECT_EQ(list.rows[2].player, "B");
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(list.rows[i].rank, i + 1);
    EXPECT_FALSE(list.rows[i].lot);
  }
}

// At a 4-player table the resting dealer gets the 30 too; B and C end equal on every key, so the
// lot decides, and the seed decides the lot.
TEST(SeriesListTest, FourPlayerTableThirtyToAllThreeOthersAndTheLot) {
  TableResult r1 = At(1, "t2", Game(Direction::kForehand, 36, false), {"A", "B", "C"});
  r1.resting_dealer = "D";  // A -86; B, C, D +30
  TableResult r2 = At(2, "t2", Game(Direction::kRearhand, 24, true), {"B", "C", "D"});
  r2.resting_dealer = "A";  // D +74
  for (const char* seed : {"ev", "e1"}) {
    const SeriesList list = Serie({r1, r2}, {}, seed);
    EXPECT_TRUE(list.four_players);
    ASSERT_EQ(list.rows.size(), 4u);
    EXPECT_EQ(list.rows[0].player, "D");
    EXPECT_EQ(list.rows[0].total, 24 + 50 + 30);  // 104
    EXPECT_EQ(list.rows[0].opponents_lost, 1);
    EXPECT_EQ(list.rows[0].opponents_points, 30);
    EXPECT_FALSE(list.rows[0].lot);
    EXPECT_EQ(list.rows[1].total, 30);
    EXPECT_EQ(list.rows[2].total, 30);
    EXPECT_TRUE(list.rows[1].lot);
    EXPECT_TRUE(list.rows[2].lot);
    EXPECT_EQ(list.rows[2].rank, 3);
    EXPECT_EQ(list.rows[3].player, "A");
    EXPECT_EQ(list.rows[3].total, -36 - 50);  // -86
    EXPECT_FALSE(list.rows[3].lot);
    // FNV-1a 64 of "ev\nB" < of "ev\nC"; with seed "e1" the other way round.
    const bool b_first = SeriesLot(seed, "B") < SeriesLot(seed, "C");
    EXPECT_EQ(b_first, std::string(seed) == "ev");
    EXPECT_EQ(list.rows[1].player, b_first ? "B" : "C");
    // The same seed gives the same list.
    EXPECT_EQ(Serie({r1, r2}, {}, seed).rows[1].player, list.rows[1].player);
  }
}

TEST(SeriesListTest, LotIsFnv1a64OfSeedNewlinePlayer) {
  EXPECT_EQ(SeriesLot("ev", "B"), 15423407469748678190ULL);
  EXPECT_EQ(SeriesLot("ev", "C"), 15423408569260306401ULL);
  EXPECT_EQ(SeriesLot("events/x", "B"), 9044942496599553123ULL);
}

// Equal totals: more games won first, then fewer games lost, before any lot.
TEST(SeriesListTest, TieBreaksWonThenLost) {
  const std::array<std::string, 3> xyz{"X", "Y", "Z"};
  {
    // X: 50 + 50 - 40 + 50 * (2 - 1) = 110; Y: 20 + 50 + 40 = 110.
    const SeriesList list = Serie({At(1, "t", Game(Direction::kForehand, 50, true), xyz),
                                   At(2, "t", Game(Direction::kForehand, 50, true), xyz),
                                   At(3, "t", Game(Direction::kForehand, 40, false), xyz),
                                   At(4, "t", Game(Direction::kMiddlehand, 20, true), xyz)},
                                  {}, "ev");
    ASSERT_EQ(list.rows.size(), 3u);
    EXPECT_EQ(list.rows[0].player, "X");
    EXPECT_EQ(list.rows[0].total, 110);
    EXPECT_EQ(list.rows[1].player, "Y");
    EXPECT_EQ(list.rows[1].total, 110);
    EXPECT_FALSE(list.rows[0].lot);
  }
  {
    // X: 120 - 20 + 0 = 100 (won 1, lost 1); Y: 10 + 50 + 40 = 100 (won 1, lost 0).
    const SeriesList list = Serie({At(1, "t", Game(Direction::kForehand, 120, true), xyz),
                                   At(2, "t", Game(Direction::kForehand, 20, false), xyz),
                                   At(3, "t", Game(Direction::kMiddlehand, 10, true), xyz)},
                                  {}, "ev");
    EXPECT_EQ(list.rows[0].player, "Y");
    EXPECT_EQ(list.rows[0].total, 100);
    EXPECT_EQ(list.rows[1].player, "X");
    EXPECT_EQ(list.rows[1].total, 100);
    EXPECT_FALSE(list.rows[1].lot);
  }
}

TEST(SeriesListTest, SeatedPlayersWithoutGamesAndGroupingBySessionAndTable) {
  const SeriesList empty = Serie({}, {"P", "Q", "R"}, "ev");
  ASSERT_EQ(empty.rows.size(), 3u);
  for (const SeriesRow& r : empty.rows) {
    EXPECT_EQ(r.total, 0);
    EXPECT_TRUE(r.lot);
  }
  TableResult a = At(1, "t1", Game(Direction::kForehand, 18, true));
  TableResult b = At(1, "t2", Game(Direction::kForehand, 18, false));
  TableResult c = At(2, "t1", Game(Direction::kForehand, 20, true));
  c.session = 2;
  const std::vector<SeriesList> lists = SeriesLists({a, b, c}, "ev");
  ASSERT_EQ(lists.size(), 3u);
  EXPECT_EQ(lists[0].table, "t1");
  EXPECT_EQ(lists[0].rows[0].total, 68);
  EXPECT_EQ(lists[1].table, "t2");
  EXPECT_EQ(lists[1].rows.back().total, -68);  // -18 - 50
  EXPECT_EQ(lists[2].session, 2);
  EXPECT_EQ(lists[2].rows[0].total, 70);
}

}  // namespace series_list_test
}  // namespace skat::scoring
