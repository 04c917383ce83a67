// Games lost as declarer (engine/season/lost_games.h; docs/seasons.md "Money"): counted per
// declarer over every table and session; passed-in boards, Ramsch and defenders lose none.
#include "engine/season/lost_games.h"

#include <gtest/gtest.h>

#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::season {
namespace lost_games_test {

using scoring::TableResult;
using scoring::testing::At;
using scoring::testing::Game;
using scoring::testing::PassedIn;
using scoring::testing::Ramsch;

TEST(LostGamesTest, CountsDeclarerLossesAcrossTablesAndSessions) {
  const std::array<std::string, 3> abc{"A", "B", "C"};
  const std::array<std::string, 3> dab{"D", "A", "B"};
  std::vector<TableResult> results{
      At(1, "t1", Game(Direction::kForehand, 18, false), abc),    // A lost
      At(2, "t1", Game(Direction::kForehand, 24, true), abc),     // A won
      At(3, "t1", Game(Direction::kMiddlehand, 36, false), abc),  // B lost
      At(4, "t1", PassedIn(), abc),                               // nobody
      At(5, "t1", Ramsch({-30, 0, 0}), abc),                      // no declarer: nobody
      At(1, "t2", Game(Direction::kMiddlehand, 20, false), dab),  // A lost (another table)
      At(2, "t2", Game(Direction::kForehand, 20, false), dab),    // D lost
  };
  results[5].session = 2;  // a later session counts too
  results[6].session = 2;
  const std::map<std::string, int> lost = LostGamesAsDeclarer(results);
  EXPECT_EQ(lost, (std::map<std::string, int>{{"A", 2}, {"B", 1}, {"D", 1}}));
}

}  // namespace lost_games_test
}  // namespace skat::season
