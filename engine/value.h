// Game values: matadors, win or loss, level, overbid charge (RULES N1-N9, N11). Pure arithmetic
// over a described outcome, so that online games, physical-play results and `skat value` share it.
#ifndef SKAT_ENGINE_VALUE_H_
#define SKAT_ENGINE_VALUE_H_

#include <cstdint>
#include <string>

#include "engine/card_set.h"
#include "engine/declaration.h"
#include "engine/profile.h"
#include "engine/status.h"

namespace skat {

// "With n" or "without n" matadors (RULES N1).
struct Matadors {
  int count = 1;
  bool with = true;
  friend bool operator==(const Matadors&, const Matadors&) = default;
};
std::string ToString(Matadors m);  // "with 2", "without 3"

// The trumps of a suit or grand game from highest to lowest (RULES C2). REQUIRES: type != kNull.
// Writes MaxMatadors(type) cards to out.
void TrumpOrder(GameType type, Card* out);

// RULES N1: matadors over the declarer's 12 cards (hand + skat, or hand + discards).
// REQUIRES: type is a suit game or Grand.
Matadors CountMatadors(CardSet declarer_cards, GameType type);

// How the card play ended.
enum class GameEnd : uint8_t {
  kPlayedOut = 0,      // all ten tricks (or an early end, RULES N6)
  kDeclarerConceded,   // RULES N11
  kDefendersConceded,  // RULES N11, both defenders
  // The declarer conceded after the profile's concession limit, charged the contingencies as
  // they stand: no trick = schwarz, <= 30 = schneidered (eichhorn-1898, 000 §10.1).
  kDeclarerConcededAsStands,
  // ISS resign and timeout (profiles with resign_and_timeout, D56): the declarer resigned or
  // timed out and loses, the cards not yet in tricks counted for the defenders (no trick =
  // schwarz, <= 30 = schneidered); both defenders resigned or one timed out and the declarer
  // wins, the cards not yet in tricks counted for him (in Null: for the defenders), at the level
  // reached or announced.
  kDeclarerResigned,
  kDeclarerTimedOut,
  kDefendersResigned,
  kDefenderTimedOut,
  // ISkO 4.3.3-4.3.6 (profiles with isko_give_up; docs/rules-decisions.md D73-D75): the declarer,
  // or one defender for both, gave the game up (concede or resign). The card points and tricks
  // are those taken until then (the defenders' in PlayOutcome::defender_points and
  // defender_tricks); the cards not yet in tricks count for nobody. Settled by ISkO 4.1.3-4.1.5:
  // a game already decided stays with the side that decided it, with the card points it has; an
  // undecided game is lost by the side that gave up, the declarer simple (plus his announced
  // levels), and the defenders award the declarer the level his announcement or his bid needs
  // while it can still be reached.
  kDeclarerGaveUp,
  kDefendersGaveUp,
};
// The defenders gave up.
constexpr bool DefendersGaveUp(GameEnd e) {
  return e == GameEnd::kDefendersConceded || e == GameEnd::kDefendersResigned ||
         e == GameEnd::kDefenderTimedOut || e == GameEnd::kDefendersGaveUp;
}
// A party gave up under ISkO 4.3.3-4.3.6 (GameEnd kDeclarerGaveUp, kDefendersGaveUp).
constexpr bool IskoGaveUp(GameEnd e) {
  return e == GameEnd::kDeclarerGaveUp || e == GameEnd::kDefendersGaveUp;
}

struct PlayOutcome {
  int declarer_points = 0;  // card points with the skat or the discards (RULES N4)
  int declarer_tricks = 0;  // 0..10
  GameEnd end = GameEnd::kPlayedOut;
  // Read only for a game given up under ISkO 4.3.3-4.3.6 (IskoGaveUp(end)): the card points in
  // the defenders' tricks and their tricks when it was given up. Elsewhere the defenders hold
  // the rest (120 - declarer_points, 10 - declarer_tricks).
  int defender_points = 0;
  int defender_tricks = 0;
};

// The rule ids a valuation applied, as bits; RuleNames() spells them ("N1 N2 N5").
enum RuleBit : uint32_t {
  kRuleN1 = 1u << 0,
  kRuleN2 = 1u << 1,
  kRuleN3 = 1u << 2,
  kRuleN4 = 1u << 3,
  kRuleN5 = 1u << 4,
  kRuleN6 = 1u << 5,
  kRuleN7 = 1u << 6,
  kRuleN8 = 1u << 7,
  kRuleN9 = 1u << 8,
  kRuleN10 = 1u << 9,
  kRuleN11 = 1u << 10,
  kRuleN12 = 1u << 11,
  kRuleG7 = 1u << 12,
};
std::string RuleNames(uint32_t rules);

struct Valuation {
  bool won = false;
  bool overbid = false;  // RULES N8
  int level = 0;         // the level counted (RULES N2, N5); 0 for Null
  int value = 0;         // the game's value (won) or the charge (lost), >= 0
  int pad = 0;           // the declarer's pad entry: +value or -value (RULES S1)
  Announcement achieved = Announcement::kNone;  // schneider / schwarz reached by the declarer
  uint32_t rules = 0;                           // RuleBit set
};

// OK when the profile has this game and allows its announcement (RULES G4-G6); else
// kIllegalDeclaration naming the game and the profile.
Status CheckDeclaration(const Profile& profile, const Declaration& declaration);

// RULES G7: a game whose value is certain when declared (Null, Null Ouvert, Revolution, Uno, Duo:
// Profile::FixedValue) cannot be declared under a floor above that value. OK otherwise; else
// kIllegalDeclaration "declare <game>: its value <v> is below the bid <floor> (RULES G7)", the
// refusal of play (Game) and of valuation (ValueGame) alike.
Status CheckFloor(const Profile& profile, const Declaration& declaration, int floor);

// Values one game. floor is the contract floor (RULES B4). Returns kIllegalDeclaration when the
// profile has no such game or refuses it at this floor (CheckFloor, RULES G7), kInvalidArgument
// for impossible numbers (points outside 0..120, tricks outside 0..10, matadors outside
// 1..MaxMatadors, 120 points with no trick, ...).
Result<Valuation> ValueGame(const Profile& profile, const Declaration& declaration,
                            Matadors matadors, int floor, const PlayOutcome& outcome);

// The same without checks, for the unchecked path. REQUIRES: the arguments ValueGame accepts.
Valuation ValueGameUnchecked(const Profile& profile, const Declaration& declaration,
                             Matadors matadors, int floor, const PlayOutcome& outcome);

}  // namespace skat

#endif  // SKAT_ENGINE_VALUE_H_
