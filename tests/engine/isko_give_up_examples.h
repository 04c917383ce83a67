// The four cases of giving up under isko (docs/rules-decisions.md D73, D74), as games stopped
// just before the act that gives up: the engine's tests, `skat replay`, `skat value` and the
// live-table test play the same acts and expect the same values.
#ifndef SKAT_TESTS_ENGINE_ISKO_GIVE_UP_EXAMPLES_H_
#define SKAT_TESTS_ENGINE_ISKO_GIVE_UP_EXAMPLES_H_

#include <algorithm>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/random.h"
#include "tests/engine/game_test_util.h"

namespace skat::isko_examples {

using game_test::kF;
using game_test::kM;
using game_test::kR;

// F, the declarer, holds H-J D-J and small cards: clubs after the pickup "without 2" (RULES N1),
// 12 x (2 + 1) = 36; the defenders hold both old jacks, every ace and every ten.
inline constexpr const char* kWeakClubs =
    "F: H-J D-J C-7 C-8 C-9 S-7 S-8 S-9 H-7 H-8; M: C-J C-A C-10 S-A S-10 H-A H-10 D-A D-10 D-K;"
    " R: S-J C-K C-Q S-K S-Q H-K H-Q H-9 D-Q D-9; S: D-8 D-7";
// F, the declarer, holds four jacks, D-A D-10 (not D-K) and four side aces and tens: diamonds
// after the pickup "with 6", 9 x (6 + 1) = 63; schneider 9 x 8 = 72.
inline constexpr const char* kStrongDiamonds =
    "F: C-J S-J H-J D-J D-A D-10 C-A C-10 S-A H-A; M: D-K D-Q C-K C-Q C-9 S-10 S-K S-Q H-10 H-K;"
    " R: D-9 D-8 D-7 C-8 C-7 S-9 S-8 S-7 H-Q H-9; S: H-8 H-7";

inline int DeclarerPoints(const Game& g) {
  const Direction decl = *g.declarer();
  const CardSet laid = g.discards().empty() ? g.board().skat_set() : g.discards();
  return g.position().taken(decl).points() + laid.points();
}
inline int DefenderPoints(const Game& g) {
  int points = 0;
  for (Direction d : kDirections) {
    if (d != *g.declarer()) points += g.position().taken(d).points();
  }
  return points;
}

// The declarer takes the skat, lays it away again and declares `type` after the pickup.
inline void PickUp(Game& g, Direction decl, GameType type) {
  game_test::Must(g, Act::Simple(ActType::kTakeSkat, decl));
  const Board& b = g.board();
  game_test::Must(
      g, Act::Discard(decl, std::min(b.skat[0], b.skat[1]), std::max(b.skat[0], b.skat[1])));
  game_test::Must(g, Act::Declare(decl, Declaration{SkatHandling::kPickup, type}));
}

// Plays seeded random cards from `g` until a game reaches `done` between tricks without
// passing through `over`; `g` becomes that game. The same seed gives the same game, so the
// examples are fixed. Returns false, leaving `g` as it was, when 10,000 tries find none.
template <typename Done, typename Over>
bool PlayTo(Game& g, Done done, Over over) {
  Rng rng(0x15C0);
  for (int attempt = 0; attempt < 10'000; ++attempt) {
    Game next = g;
    while (!next.finished() && !over(next)) {
      if (next.position().trick_size() == 0 && done(next)) {
        g = next;
        return true;
      }
      std::vector<Act> cards;
      for (const Act& a : next.LegalActs()) {
        if (a.type == ActType::kPlay) cards.push_back(a);
      }
      if (!next.Apply(cards[rng.Below(cards.size())]).ok()) break;
    }
  }
  return false;
}

struct Example {
  std::string name;
  Game before;  // the game up to the act that gives it up
  Act give_up;
  int declarer_pad;   // under isko (ISkO 4.3.3-4.3.6, 4.1.3-4.1.5)
  std::string value;  // Describe's value under isko: "lost 72", "won 63"
};

// 1a: clubs after the pickup without 2, bid 18; the defenders hold 60 when middlehand concedes:
// lost -72. 1b: diamonds after the pickup with 6; the declarer holds 71 and resigns: won 63.
// 1c: hearts hand with 1, schneider announced; the defenders hold 50 when rearhand
// resigns: lost -100. 2: bid 66, diamonds after the pickup with 6; rearhand concedes before the
// first card: won schneider +72.
inline std::vector<Example> Examples(const Profile& profile) {
  std::vector<Example> out;
  {
    Game g = game_test::Bid(profile, kWeakClubs, kF, 18);
    PickUp(g, kF, GameType::kClubs);
    EXPECT_TRUE(PlayTo(
        g, [](const Game& x) { return DefenderPoints(x) == 60; },
        [](const Game& x) { return DefenderPoints(x) > 60; }));
    EXPECT_EQ(DefenderPoints(g), 60);
    out.push_back({"defenders-concede-won", g, Act::Simple(ActType::kConcede, kM), -72, "lost 72"});
  }
  {
    Game g = game_test::Bid(profile, kStrongDiamonds, kF, 18);
    PickUp(g, kF, GameType::kDiamonds);
    EXPECT_TRUE(PlayTo(
        g, [](const Game& x) { return DeclarerPoints(x) == 71; },
        [](const Game& x) { return DeclarerPoints(x) > 71; }));
    EXPECT_EQ(DeclarerPoints(g), 71);
    out.push_back({"declarer-resigns-won", g, Act::Simple(ActType::kResign, kF), 63, "won 63"});
  }
  {
    Game g = game_test::Bid(profile, game_test::kTricks, kM, 18);
    game_test::Must(
        g, Act::Declare(kM, game_test::Hand(GameType::kHearts, false, Announcement::kSchneider)));
    EXPECT_TRUE(PlayTo(
        g, [](const Game& x) { return DefenderPoints(x) == 50; },
        [](const Game& x) { return DefenderPoints(x) > 50; }));
    EXPECT_EQ(DefenderPoints(g), 50);
    out.push_back({"defender-resigns-schneider-announced", g, Act::Simple(ActType::kResign, kR),
                   -100, "lost 100"});
  }
  {
    Game g = game_test::Bid(profile, kStrongDiamonds, kF, 66);
    PickUp(g, kF, GameType::kDiamonds);
    out.push_back({"defenders-concede-bid-needs-schneider", g, Act::Simple(ActType::kConcede, kR),
                   72, "won 72"});
  }
  return out;
}

}  // namespace skat::isko_examples

#endif  // SKAT_TESTS_ENGINE_ISKO_GIVE_UP_EXAMPLES_H_
