// Duplicate play (engine/players/duplicate.h): the seatings give every player every direction
// equally often, and PlayDuplicateBoard plays a board under each of them, reproducibly from its
// seed.
#include "engine/players/duplicate.h"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

#include "engine/players/bot.h"
#include "engine/players/random_play.h"
#include "engine/random.h"

namespace skat {
namespace duplicate_test {

// count[player][direction] over the 6 seatings.
std::array<std::array<int, 3>, 3> DirectionCounts(int players) {
  std::array<std::array<int, 3>, 3> count{};
  for (const Seating& s : Seatings(players)) {
    for (int d = 0; d < 3; ++d) {
      EXPECT_GE(s[d], 0);
      EXPECT_LT(s[d], players);
      if (s[d] >= 0 && s[d] < players) ++count[s[d]][d];
    }
  }
  return count;
}

TEST(SeatingsTest, ThreePlayersHoldEveryDirectionTwice) {
  const std::vector<Seating> seatings = Seatings(3);
  ASSERT_EQ(seatings.size(), 6u);
  const auto count = DirectionCounts(3);
  for (int p = 0; p < 3; ++p) {
    for (int d = 0; d < 3; ++d) EXPECT_EQ(count[p][d], 2) << "player " << p << " direction " << d;
  }
  // The 6 orders, each once, each a permutation.
  std::set<Seating> distinct(seatings.begin(), seatings.end());
  EXPECT_EQ(distinct.size(), 6u);
  for (const Seating& s : seatings) {
    EXPECT_EQ(std::set<int>(s.begin(), s.end()).size(), 3u);
  }
}

TEST(SeatingsTest, TwoPlayersHoldEveryDirectionThreeTimesOnceAloneEach) {
  const std::vector<Seating> seatings = Seatings(2);
  ASSERT_EQ(seatings.size(), 6u);
  const auto count = DirectionCounts(2);
  for (int p = 0; p < 2; ++p) {
    for (int d = 0; d < 3; ++d) EXPECT_EQ(count[p][d], 3) << "player " << p << " direction " << d;
  }
  // Each player sits alone against two copies of the other once at each direction.
  std::array<std::array<int, 3>, 2> alone{};
  for (const Seating& s : seatings) {
    for (int d = 0; d < 3; ++d) {
      if (s[d] != s[(d + 1) % 3] && s[d] != s[(d + 2) % 3]) ++alone[s[d]][d];
    }
  }
  for (int p = 0; p < 2; ++p) {
    for (int d = 0; d < 3; ++d) EXPECT_EQ(alone[p][d], 1) << "player " << p << " direction " << d;
  }
}

const Profile& Nasl() { return *FindProfile("nasl-1909"); }

ArenaPolicy Heuristic() {
  return [](const SeatView& view, std::span<const Card>, std::span<const Act> legal,
            uint64_t seed) { return ChooseBotAct(Nasl(), view, legal, seed); };
}

ArenaPolicy Random() {
  return [](const SeatView&, std::span<const Card>, std::span<const Act> legal, uint64_t seed) {
    return ChooseRandomAct(legal, seed);
  };
}

void ExpectSameResults(const std::vector<SeatedGame>& a, const std::vector<SeatedGame>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].seating, b[i].seating);
    EXPECT_EQ(a[i].result.kind, b[i].result.kind) << i;
    EXPECT_EQ(a[i].result.declarer, b[i].result.declarer) << i;
    EXPECT_EQ(a[i].result.pad, b[i].result.pad) << i;
    EXPECT_EQ(a[i].result.card_points, b[i].result.card_points) << i;
  }
}

TEST(PlayDuplicateBoardTest, HeuristicAgainstRandomPlaysSixGamesReproducibly) {
  Rng rng(2024);
  for (int b = 0; b < 3; ++b) {
    const Board board = RandomBoard(rng);
    const std::array<ArenaPolicy, 2> players = {Heuristic(), Random()};
    const Result<std::vector<SeatedGame>> games = PlayDuplicateBoard(Nasl(), board, players, b);
    ASSERT_TRUE(games.ok()) << games.status().message();
    ASSERT_EQ(games->size(), 6u);
    const std::vector<Seating> seatings = Seatings(2);
    for (size_t s = 0; s < 6; ++s) {
      EXPECT_EQ((*games)[s].seating, seatings[s]);
      // A finished game: a result with its pad entries (a game may end before the last trick:
      // a claim, a concession, an early end).
      const GameResult& r = (*games)[s].result;
      switch (r.kind) {
        case ResultKind::kPassedIn: EXPECT_EQ(r.pad, (std::array<int, 3>{0, 0, 0})) << s; break;
        case ResultKind::kDeclarerGame:
          EXPECT_NE(r.pad[Index(r.declarer)], 0) << s;
          EXPECT_EQ(r.pad[Index(r.declarer)] > 0, r.valuation.won) << s;
          break;
        case ResultKind::kRamsch:
          EXPECT_TRUE(r.ramsch_loser[0] || r.ramsch_loser[1] || r.ramsch_loser[2]) << s;
          break;
      }
    }
    const Result<std::vector<SeatedGame>> again = PlayDuplicateBoard(Nasl(), board, players, b);
    ASSERT_TRUE(again.ok());
    ExpectSameResults(*games, *again);
  }
}

TEST(PlayDuplicateBoardTest, ThreePlayersUseTheThreePlayerSeatings) {
  Rng rng(7);
  const Board board = RandomBoard(rng);
  const std::array<ArenaPolicy, 3> players = {Heuristic(), Random(), Heuristic()};
  const Result<std::vector<SeatedGame>> games = PlayDuplicateBoard(Nasl(), board, players, 99);
  ASSERT_TRUE(games.ok()) << games.status().message();
  ASSERT_EQ(games->size(), 6u);
  for (size_t s = 0; s < 6; ++s) EXPECT_EQ((*games)[s].seating, Seatings(3)[s]);
}

TEST(PlayDuplicateBoardTest, AnIllegalActIsRefusedNamingThePlayer) {
  Rng rng(3);
  const Board board = RandomBoard(rng);
  const ArenaPolicy cheat = [](const SeatView&, std::span<const Card>, std::span<const Act> legal,
                               uint64_t) {
    Act a = legal.front();
    a.seat = Next(a.seat);  // somebody else's act
    return a;
  };
  const std::array<ArenaPolicy, 2> players = {Heuristic(), cheat};
  const Result<std::vector<SeatedGame>> games = PlayDuplicateBoard(Nasl(), board, players, 1);
  ASSERT_FALSE(games.ok());
  EXPECT_NE(games.status().message().find("player 2"), std::string::npos)
      << games.status().message();
}

}  // namespace duplicate_test
}  // namespace skat
