// Outcome classes: what the open-hand solver can tell about a contract's result, and what it is
// worth (docs/par.md).
//
// A suit or Grand game's value depends on the card play only through which of six nested
// outcomes the declarer reached (RULES N4, N5): no trick < schneidered (<= 30 card points, the
// skat or discards included) < lost (31..60) < won (61 up to schneider) < schneider (>= the
// profile's schneider points) < schwarz (all ten tricks). Each class is implied by the next
// (31 points need a trick since the skat holds at most 22, two aces; 120 points are schneider), so
// "the declarer secures class >= c against best defence" is monotone in c and is one threshold
// question for the solver. For every declaration of every profile the pad entry is
// non-decreasing in the class (pinned by a test), so the open-hand value of a contract is the
// value of the highest class the declarer secures.
//
// Null (and any game won by taking no trick) has two outcomes, written kNoTrick (he takes no
// trick: won) and kSchneidered (he takes one: lost); there the declarer ducks, so its question is
// a different search (SecuredNullClass).
#ifndef SKAT_ENGINE_ANALYSIS_OUTCOME_H_
#define SKAT_ENGINE_ANALYSIS_OUTCOME_H_

#include <cstdint>
#include <string_view>

#include "engine/position.h"
#include "engine/profile.h"
#include "engine/solver/solver.h"
#include "engine/value.h"

namespace skat {

enum class OutcomeClass : uint8_t {
  kNoTrick = 0,  // the declarer takes no trick (in Null: he wins)
  kSchneidered,  // >= 1 trick, <= schneidered_points card points
  kLost,         // up to win_points - 1
  kWon,          // win_points up to schneider_points - 1
  kSchneider,    // >= schneider_points, not every trick
  kSchwarz,      // all ten tricks
};
inline constexpr int kOutcomeClassCount = 6;

// "no trick", "schneidered", "lost", "won", "schneider", "schwarz".
std::string_view OutcomeClassName(OutcomeClass c);

// The class of a played-out result. For Null it is kNoTrick or kSchneidered (took a trick).
OutcomeClass ClassOf(const Profile& profile, int declarer_points, int declarer_tricks);

// A played-out outcome of class c (the smallest card points of the class), for valuation.
PlayOutcome RepresentativeOutcome(const Profile& profile, OutcomeClass c);

// The declarer's pad entry for a contract ending in class c, bids aside (floor 0): + the value
// won, - the charge. For fixed-value games (Null) only kNoTrick vs any other class matters.
// REQUIRES: CheckDeclaration(profile, d).ok(); matadors as counted over his 12 cards.
int ClassPad(const Profile& profile, const Declaration& d, Matadors matadors, OutcomeClass c);

// Whether the declarer, moving into the card play from `position` (any point of it), secures a
// class >= c against best defence. `credited` is the card points already his outside the
// tricks (the skat in hand games, his discards otherwise: RULES N4).
// Each search's nodes are added to *nodes when given.
bool SecuresClass(Solver& solver, const Profile& profile, const Position& position,
                  Direction declarer, int credited, OutcomeClass c, uint64_t* nodes = nullptr);

// The highest class the declarer secures (<= 3 threshold searches).
OutcomeClass SecuredClass(Solver& solver, const Profile& profile, const Position& position,
                          Direction declarer, int credited, uint64_t* nodes = nullptr);

// Null (a game won by taking no trick): kNoTrick when the declarer can avoid every trick
// against best defence, else kSchneidered (the defenders can force a trick on him).
OutcomeClass SecuredNullClass(Solver& solver, const Position& position, Direction declarer,
                              uint64_t* nodes = nullptr);

}  // namespace skat

#endif  // SKAT_ENGINE_ANALYSIS_OUTCOME_H_
