// Shared helpers for the game and view tests: hand-made boards (exact outcomes) and act helpers
// that report the engine's message on an unexpected refusal.
#ifndef SKAT_TESTS_ENGINE_GAME_TEST_UTIL_H_
#define SKAT_TESTS_ENGINE_GAME_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <array>
#include <ostream>

#include "engine/game.h"
#include "engine/view.h"

namespace skat {

inline void PrintTo(ErrorCode c, std::ostream* os) { *os << ErrorCodeName(c); }
inline void PrintTo(Phase p, std::ostream* os) { *os << PhaseName(p); }
inline void PrintTo(CardSet s, std::ostream* os) { *os << '{' << ToString(s) << '}'; }

namespace game_test {

inline constexpr Direction kF = Direction::kForehand;
inline constexpr Direction kM = Direction::kMiddlehand;
inline constexpr Direction kR = Direction::kRearhand;

// F: four jacks and six hearts (takes every trick in hearts or grand); skat card 1 H-7, card 2 D-7.
inline constexpr const char* kSolo =
    "F: C-J S-J H-J D-J H-A H-10 H-K H-Q H-9 H-8; M: C-A C-10 C-K C-Q C-9 C-8 C-7 S-A S-10 S-K;"
    " R: S-Q S-9 S-8 S-7 D-A D-10 D-K D-Q D-9 D-8; S: H-7 D-7";
// As kSolo, but skat card 1 is the jack of diamonds.
inline constexpr const char* kJackUp =
    "F: C-J S-J H-J H-7 H-A H-10 H-K H-Q H-9 H-8; M: C-A C-10 C-K C-Q C-9 C-8 C-7 S-A S-10 S-K;"
    " R: S-Q S-9 S-8 S-7 D-A D-10 D-K D-Q D-9 D-8; S: D-J D-7";
// M: hearts with 1 (C-J, H-J); R holds S-J but no other spade.
inline constexpr const char* kTricks =
    "F: S-A S-10 S-K S-Q S-9 C-A C-10 D-A D-10 H-7; M: C-J H-J H-A H-10 H-K H-Q H-9 H-8 D-K D-Q;"
    " R: S-J D-J C-K C-Q C-9 C-8 C-7 D-9 D-8 D-7; S: S-8 S-7";
// As kTricks with S-J and H-J swapped: M's hearts are "with 2".
inline constexpr const char* kWith2 =
    "F: S-A S-10 S-K S-Q S-9 C-A C-10 D-A D-10 H-7; M: C-J S-J H-A H-10 H-K H-Q H-9 H-8 D-K D-Q;"
    " R: H-J D-J C-K C-Q C-9 C-8 C-7 D-9 D-8 D-7; S: S-8 S-7";

inline Card C(const char* s) { return ParseCard(s).value(); }
inline CardSet Set(const char* s) { return ParseCardSet(s).value(); }
inline Declaration Hand(GameType t, bool ouvert = false, Announcement a = Announcement::kNone) {
  return {SkatHandling::kHand, t, ouvert, a};
}

inline void Must(Game& g, const Act& a) {
  const Status s = g.Apply(a);
  EXPECT_TRUE(s.ok()) << ToString(a) << ": " << s.ToString();
}
inline void Must(Game&& g, const Act& a) { Must(g, a); }  // on a copy
inline void Play(Game& g, Direction d, const char* card) { Must(g, Act::Play(d, C(card))); }

// RULES P1: a refused act returns its code and leaves the game as it was.
inline void Refused(Game& g, const Act& a, ErrorCode code) {
  const size_t acts = g.acts().size();
  const Phase phase = g.phase();
  const std::array<CardSet, 3> hands = {g.hand(kF), g.hand(kM), g.hand(kR)};
  EXPECT_EQ(g.Apply(a).code(), code) << ToString(a);
  EXPECT_EQ(g.acts().size(), acts);
  EXPECT_EQ(g.phase(), phase);
  for (Direction d : kDirections) EXPECT_EQ(g.hand(d), hands[Index(d)]);
}

// A game under `profile` whose bidding made `decl` the declarer at `floor` (RULES B1, B4).
inline Game Bid(const Profile& profile, const char* board, Direction decl, int floor = 18) {
  EXPECT_TRUE(profile.IsLegalBid(floor));
  Game g(profile, ParseBoard(board).value());
  if (decl == kF) {
    Must(g, Act::Bid(kM, floor));
    Must(g, Act::Simple(ActType::kHold, kF));
    Must(g, Act::Simple(ActType::kPass, kM));
    Must(g, Act::Simple(ActType::kPass, kR));
  } else if (decl == kM) {
    Must(g, Act::Bid(kM, floor));
    Must(g, Act::Simple(ActType::kPass, kF));
    Must(g, Act::Simple(ActType::kPass, kR));
  } else {
    Must(g, Act::Simple(ActType::kPass, kM));
    Must(g, Act::Bid(kR, floor));
    Must(g, Act::Simple(ActType::kPass, kF));
  }
  return g;
}
// The same under nasl-1909.
inline Game Bid(const char* board, Direction decl, int floor = 18) {
  return Bid(Nasl1909(), board, decl, floor);
}
inline Game Declared(const char* board, Direction decl, const Declaration& d, int floor = 18) {
  Game g = Bid(board, decl, floor);
  Must(g, Act::Declare(decl, d));
  return g;
}

// Plays the first legal card until the game ends.
inline void PlayOut(Game& g) {
  while (!g.finished()) Must(g, g.LegalActs().front());
}

// RULES P1: every act LegalActs lists is accepted.
inline void ExpectLegalActsApply(const Game& g) {
  for (const Act& a : g.LegalActs()) {
    Game copy = g;
    const Status s = copy.Apply(a);
    EXPECT_TRUE(s.ok()) << ToString(a) << " in " << PhaseName(g.phase()) << ": " << s.ToString();
  }
}
}  // namespace game_test
}  // namespace skat

#endif  // SKAT_TESTS_ENGINE_GAME_TEST_UTIL_H_
