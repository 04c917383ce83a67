// Pinned counts of legal act sequences through the validated Game API for every profile and
// option (a whole-game "perft": skat handling, declarations, discards, raises, concessions,
// claims and cards, not only card play). From a fixed board after a fixed bidding (middlehand
// and rearhand pass, forehand bids the smallest value), every act LegalActs lists is applied to
// a copy and must be accepted; the counts pin the legal-act generator of each profile. (The card
// play inside them is held to the slow reference by perft_test.cc; these counts were taken from
// the engine when every profile's worked examples and property tests passed, and guard it from
// silent changes.)
#include <gtest/gtest.h>

#include <string>

#include "engine/board.h"
#include "engine/game.h"
#include "tests/test_scale.h"

namespace skat {
namespace act_perft_test {

uint64_t ActPerft(const Game& game, int depth) {
  if (depth == 0 || game.finished()) return 1;
  uint64_t n = 0;
  for (const Act& act : game.LegalActs()) {
    Game next = game;
    const Status s = next.Apply(act);
    EXPECT_TRUE(s.ok()) << ToString(act) << ": " << s.ToString();
    n += ActPerft(next, depth - 1);
  }
  return n;
}

struct Case {
  const char* profile;
  uint64_t depth5;  // act sequences of 5 acts after the bidding
  uint64_t depth6;
};

uint64_t Count(const std::string& id, int depth) {
  const Profile* profile = FindProfile(id);
  EXPECT_NE(profile, nullptr) << id;
  if (profile == nullptr) return 0;
  Game game(*profile, UnrankBoard(1234567890123ull));
  EXPECT_TRUE(game.Apply(Act::Simple(ActType::kPass, Direction::kMiddlehand)).ok());
  EXPECT_TRUE(game.Apply(Act::Simple(ActType::kPass, Direction::kRearhand)).ok());
  EXPECT_TRUE(game.Apply(Act::Bid(Direction::kForehand, profile->smallest_bid())).ok());
  return ActPerft(game, depth);
}

constexpr Case kCases[] = {
    {"nasl-1909", 85339, 383135},
    {"eichhorn-1898", 81181, 364985},
    {"laws-1900", 110984, 504430},
    {"gucki-variation", 74294, 314380},
    {"eichhorn-1898+frage+contra", 220891, 1135559},
    {"eichhorn-1898+revolution", 82189, 369043},
    {"laws-1900+revolution+uno-duo", 114922, 519604},
    // isko gives up as the ISkO settles it (D73): one defender's concession or resign ends the
    // game, no answer follows; isko+iss keeps the ISS's rules and the counts isko had before.
    {"isko", 73830, 259520},
    {"isko+iss", 125540, 613498},
};

// Depth 6 costs four to five times depth 5: the sanitizer build counts depth 5 only
// (tests/test_scale.h); the optimised build counts both.
TEST(ActPerftTest, PinnedCountsForEveryProfile) {
  for (const Case& c : kCases) {
    EXPECT_EQ(Count(c.profile, 5), c.depth5) << c.profile;
    if (!testing_scale::kSanitized) {
      EXPECT_EQ(Count(c.profile, 6), c.depth6) << c.profile;
    }
  }
}

}  // namespace act_perft_test
}  // namespace skat
