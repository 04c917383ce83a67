// Bounds: guaranteed lower and upper bounds on the declarer's value of the remaining tricks at a
// trick boundary (card points or tricks), from cards that surely win. Three arguments, each a
// strategy one side can follow whatever the others do:
//   - Quick tricks of the leader. He leads his trumps that are above every other live trump,
//     from the top, then in each plain suit his cards above every other live card of the suit.
//     Each wins: a trump lead cannot be beaten; a plain lead only by a trump from an opponent of
//     his who is void in the suit, and it is counted only as often as every opponent who may
//     still hold a trump (more trumps than the leader's top trumps drew) holds cards of the suit
//     (his partner may always discard instead of trumping). The leader keeps the lead, as nobody
//     beats his card. Card points: the leader's cards; an opponent plays at least min(tricks led,
//     cards held) cards of each class led (he follows while he can) and his cheapest such
//     cards, the rest his cheapest others; a partner can follow with his dearest cards of each
//     class led (his discards, from cards no later lead needs, count nothing).
//   - Master trumps. A side's trumps above every trump of the other side win every trick they
//     fall in, whoever leads: the highest trump of a trick wins it. The declarer's masters fall
//     in distinct tricks; the defenders' in at least as many tricks as one of them holds.
//   - Trump length (TrumpLength). One seat's trumps fall in distinct tricks and each wins unless
//     a higher trump of the other side falls in the same trick, which beats one of them at most
//     (a defender's partner's trump wins for the same side): at least as many tricks as the
//     seat's trumps left over by matching the other side's trumps to lower ones of his.
// Card points of master-trump and trump-length tricks: the winners' own (cheapest) cards plus,
// from each other seat, at least its cheapest cards, one per trick. No trumps in Null: only the
// quick tricks (the solver asks for bounds in Null only on card points, a question without
// meaning there). Allocates nothing.
#ifndef SKAT_ENGINE_SOLVER_BOUNDS_H_
#define SKAT_ENGINE_SOLVER_BOUNDS_H_

#include <array>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"
#include "engine/solver/search_state.h"

namespace skat {

class Bounds {
 public:
  // Prepares the trump structure of `rules`. `count_points`: bounds on card points, else on
  // tricks.
  void Init(const TrickRules& rules, bool count_points);

  // lower <= the declarer's value of the remaining tricks <= upper, where `remaining` is the
  // most it can be (the points in the hands, or the tricks left), from each side's master
  // trumps. REQUIRES: a trick boundary, !position.finished(), Init with the position's rules.
  struct Range {
    int lower;
    int upper;
    // Masters only: the trumps each side surely wins (its master trumps, above every trump of
    // the other side; a trick holding one is won by its side whatever else falls).
    CardSet declarer_masters;
    CardSet defender_masters;
  };
  Range Masters(const SearchState& position, Direction declarer, int remaining) const;
  // The same from the leader's quick tricks, and from trump length. Dearer to compute than the
  // masters: the solver asks for them only when the table did not decide, in this order. Same
  // REQUIRES.
  Range QuickTricks(const SearchState& position, Direction declarer, int remaining) const;
  Range TrumpLength(const SearchState& position, Direction declarer, int remaining) const;

 private:
  // What `tricks` tricks won with `winners` bring: their points plus the cheapest cards of the
  // two other hands, `tricks` from each (or the trick count).
  int Weight(CardSet winners, int tricks, CardSet other1, CardSet other2) const;
  // The least card points `hand` adds to `tricks` quick tricks of which led[c] are led in class
  // c (0 trumps, 1 + s plain suit s): an opponent of the leader follows while he can and gives
  // his cheapest cards; the leader's partner can give his dearest cards of the classes led.
  int Followers(CardSet hand, bool partner, const std::array<int, 5>& led, int tricks) const;
  // The cards of `mine` in the class `cls` above every card of `theirs` in it.
  CardSet Above(CardSet mine, CardSet theirs, CardSet cls) const;

  // How many of `mine` (trumps) no card of `theirs` (trumps) can beat one for one: each of
  // theirs beats at most one of mine below it.
  int Unbeaten(CardSet mine, CardSet theirs) const;

  CardSet trumps_;
  std::array<Card, 11> trump_order_{};  // the trumps, highest first
  int trump_count_ = 0;
  std::array<CardSet, 4> plain_{};               // each suit's cards outside the trumps
  std::array<CardSet, kCardCount> not_above_{};  // per card: its class's cards not above it
  bool count_points_ = true;
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_BOUNDS_H_
