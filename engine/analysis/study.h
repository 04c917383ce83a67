// The study of a played game, card by card: "could I have won?" (docs/par.md).
//
// Before and after every card of the card play the open-hand solver values the position: in a
// suit or Grand game the card points the declarer secures against best defence from there (his
// tricks, the skat or discards, and best play on), with the outcome class that secures (schwarz
// and "no trick" asked separately); in Null whether the declarer can still avoid every trick.
// A card's cost is what it gave away to the other side: for the declarer's card the points his
// secured total fell, for a defender's card the points it rose (never negative: best play keeps
// the value, RULES-independent minimax). A card is marked when it changed the result (the
// contract went from secured to lost, or from lost to secured: the card "lost the game" for its
// side) and when it moved the schneider or schwarz line. Bids are set aside (no overbid): the
// study is about the card play only.
#ifndef SKAT_ENGINE_ANALYSIS_STUDY_H_
#define SKAT_ENGINE_ANALYSIS_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/analysis/outcome.h"
#include "engine/game.h"
#include "engine/solver/solver.h"
#include "engine/status.h"

namespace skat {

struct CardStudy {
  int ply = 0;  // 0..29, the card's place in the card play
  Direction seat = Direction::kForehand;
  Card card;
  // Card points the declarer secures before and after the card (0 in Null).
  int before = 0;
  int after = 0;
  OutcomeClass class_before = OutcomeClass::kNoTrick;
  OutcomeClass class_after = OutcomeClass::kNoTrick;
  // Points the card gave the other side (in Null: 1 when it turned the result, else 0).
  int cost = 0;
  bool changed_result = false;     // won <-> lost under the declared game
  bool changed_schneider = false;  // made or lost schneider (either side) or schwarz
};

struct GameStudy {
  Direction declarer = Direction::kForehand;
  Declaration declaration;
  // The open-hand value at the first card, and the result actually reached.
  int open_points = 0;
  OutcomeClass open_class = OutcomeClass::kNoTrick;
  int actual_points = 0;
  OutcomeClass actual_class = OutcomeClass::kNoTrick;
  std::vector<CardStudy> cards;
  // Sums of the costs of each side's cards: the points lost against open-hand play.
  int declarer_cost = 0;
  int defenders_cost = 0;
  uint64_t nodes = 0;
};

// Studies the card play of `game` so far (finished or not; cards after a claim or concession
// were never played and are not studied). kInvalidArgument for a game with no card play of a
// declarer (passed in, Ramsch, still bidding) and for games won by an exact trick count (Uno,
// Duo), which have no open-hand question.
Result<GameStudy> StudyGame(const Game& game, Solver& solver);

// A readable account: a heading, then one line per card (its number, seat, card, the points
// secured before and after it, its cost and the flags "lost the game", "gave the game away",
// "schneider/schwarz changed"), then each side's total.
std::string ToString(const GameStudy& study);

}  // namespace skat

#endif  // SKAT_ENGINE_ANALYSIS_STUDY_H_
