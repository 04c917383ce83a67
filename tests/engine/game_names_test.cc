// Game names as the command line takes them (engine/declaration.h GameName, ParseGame): every
// game of every profile, each with all its options on, has a name that reads back as that game,
// so `skat value` reaches every game a table can play (docs/cli.md).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "engine/declaration.h"
#include "engine/profile.h"

namespace skat {
namespace game_names_test {

// The profile with every option it offers set ("laws-1900+revolution+uno-duo").
const Profile& WithAllOptions(std::string_view id) {
  const Profile* base = FindProfile(id);
  EXPECT_NE(base, nullptr) << id;
  std::string full(id);
  for (const ProfileOption& o : base->options) full += "+" + std::string(o.name);
  const Profile* p = FindProfile(full);
  EXPECT_NE(p, nullptr) << full;
  return *p;
}

TEST(GameNamesTest, EveryGameOfEveryProfileReadsBackFromItsName) {
  std::set<std::string> names;
  int games = 0;
  for (std::string_view id : ProfileIds()) {
    const Profile& p = WithAllOptions(id);
    for (int h = 0; h < kSkatHandlingCount; ++h) {
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (const bool ouvert : {false, true}) {
          const Declaration d{static_cast<SkatHandling>(h), static_cast<GameType>(t), ouvert};
          if (!p.Allows(d)) continue;
          ++games;
          const std::string name = GameName(d);
          SCOPED_TRACE(std::string(p.id) + ": " + name);
          EXPECT_EQ(ParseGame(name), d);
          names.insert(name);
        }
      }
    }
  }
  // Names are one per game across the profiles (the same game has the same name in each).
  for (const std::string& name : names) EXPECT_EQ(GameName(*ParseGame(name)), name);
  EXPECT_GT(games, 0);
}

// The names the profiles' own games have (docs/cli.md "skat value"): isko's suit ouvert and its
// games after taking the skat, the gucki variation's (the skat always taken), laws-1900's Gucki
// Null.
TEST(GameNamesTest, NamesOfTheGamesOnlySomeProfilesHave) {
  using H = SkatHandling;
  using T = GameType;
  EXPECT_EQ(ParseGame("clubs-ouvert"), (Declaration{H::kHand, T::kClubs, true}));
  EXPECT_EQ(ParseGame("pickup-spades"), (Declaration{H::kPickup, T::kSpades, false}));
  EXPECT_EQ(ParseGame("pickup-grand-ouvert"), (Declaration{H::kPickup, T::kGrand, true}));
  EXPECT_EQ(ParseGame("pickup-null-ouvert"), (Declaration{H::kPickup, T::kNull, true}));
  EXPECT_EQ(ParseGame("gucki-null"), (Declaration{H::kGuckser, T::kNull, false}));
  EXPECT_EQ(ParseGame("gucki-null-ouvert"), (Declaration{H::kGuckser, T::kNull, true}));
  EXPECT_TRUE(GuckiVariation().Allows(*ParseGame("pickup-grand-ouvert")));
  EXPECT_TRUE(Laws1900().Allows(*ParseGame("gucki-null-ouvert")));
  EXPECT_TRUE(Isko().Allows(*ParseGame("clubs-ouvert")));
  for (std::string_view bad : {"null-ouvert-ouvert", "pickup-", "pickup-clubs-solo", "ouvert",
                               "-ouvert", "gucki-grand-ouvert", "solo-null"}) {
    EXPECT_FALSE(ParseGame(bad).has_value()) << bad;
  }
}

}  // namespace game_names_test
}  // namespace skat
