// Bounds: guaranteed lower and upper bounds on the declarer's value of the remaining tricks at a
// trick boundary (card points or tricks), from cards that surely win. Two arguments, each a
// strategy one side can follow whatever the others do:
//   - Quick tricks of the leader. He leads his trumps that are above every other live trump,
//     from the top, then in each plain suit his cards above every other live card of the suit.
//     Each wins: a trump lead cannot be beaten; a plain lead only by a trump from an opponent of
//     his side who is void in the suit, and it is counted only as often as every opponent who
//     may still hold a trump (more trumps than the leader's top trumps drew) holds cards of the
//     suit (the partner may always discard instead of trumping). The leader keeps the lead, as
//     nobody beats his card.
//   - Master trumps. A side's trumps above every trump of the other side win every trick they
//     fall in, whoever leads: the highest trump of a trick wins it. The declarer's masters fall
//     in distinct tricks; the defenders' in at least as many tricks as one of them holds.
// Card points of such tricks: the winners' own cards plus, from each other seat, at least its
// cheapest cards, one per trick. Not for Null (nobody wants tricks there). Allocates nothing.
#ifndef SKAT_ENGINE_SOLVER_BOUNDS_H_
#define SKAT_ENGINE_SOLVER_BOUNDS_H_

#include <array>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"

namespace skat {

class Bounds {
 public:
  // Prepares the trump structure of `rules`. `count_points`: bounds on card points, else on
  // tricks.
  void Init(const TrickRules& rules, bool count_points);

  // lower <= the declarer's value of the remaining tricks <= upper, where `remaining` is the
  // most it can be (the points in the hands, or the tricks left). REQUIRES: a trick boundary,
  // !position.finished(), a suit game or Grand.
  struct Range {
    int lower;
    int upper;
  };
  Range Compute(const Position& position, Direction declarer, int remaining) const;

 private:
  // What `tricks` tricks won with `winners` bring: their points plus the cheapest cards of the
  // two other hands, `tricks` from each (or the trick count).
  int Weight(CardSet winners, int tricks, CardSet other1, CardSet other2) const;
  // The cards of `mine` in the class `cls` above every card of `theirs` in it.
  CardSet Above(CardSet mine, CardSet theirs, CardSet cls) const;

  CardSet trumps_;
  std::array<CardSet, 4> plain_{};               // each suit's cards outside the trumps
  std::array<CardSet, kCardCount> not_above_{};  // per card: its class's cards not above it
  bool count_points_ = true;
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_BOUNDS_H_
