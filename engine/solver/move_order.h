// MoveOrder: the solver's move list at one node: the legal cards reduced to one card per run of
// equivalent cards (see engine/solver/solver.h for the proof sketch), best-first: the table's
// move, then trick heuristics (win cheaply or smear points onto a partner's trick - second in a
// trick judged by what the third seat can still beat with - else play low; leads: sure winners
// first, a top card an opponent can ruff late, a defender's low lead to his partner's top card
// early and a defender's low lead into the declarer's ruff last; in Null the declarer ducks
// under with his highest card). A lead's score also pays for the number of ways the other two
// seats can answer it (fastest cut first: the smaller subtree is searched first), and a
// defender's lead gains with its history count. Allocates nothing.
#ifndef SKAT_ENGINE_SOLVER_MOVE_ORDER_H_
#define SKAT_ENGINE_SOLVER_MOVE_ORDER_H_

#include <array>
#include <cstdint>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"
#include "engine/solver/count.h"
#include "engine/solver/search_state.h"

namespace skat {

class MoveOrder {
 public:
  // At most ten cards in a hand.
  using List = std::array<Card, 10>;

  // Prepares the follow classes of `rules`. `count_points`: runs must have equal card points;
  // `declarer_wants_tricks`: false for Null (the declarer ducks).
  void Init(const TrickRules& rules, bool count_points, bool declarer_wants_tricks);

  // The cards legal in `position` with one representative per run of equivalent cards.
  // REQUIRES: !position.finished().
  CardSet Representatives(const Position& position) const;

  // The shape of the hands (TranspositionTable): each seat's cards among the live cards of each
  // follow class in power order, whatever their card points. Equal shapes (and leaders) mean
  // the same play card for card: the k-th live card of a class in one position corresponds to
  // the k-th in the other. An identifier only: [0] and [1] the first two seats' places among
  // the live cards (classes one after another), [2] the live cards per class.
  std::array<CardSet, 3> Shape(const std::array<CardSet, 3>& hands) const;
  // The same from the first two seats' cards and the live cards as places (PowerPlaces).
  std::array<CardSet, 3> Shape(uint32_t first, uint32_t second, uint32_t live) const;

  // A card's place among the live cards `live` (as places, PowerPlaces), the same in every
  // position of one shape; and the card at that place. REQUIRES: live contains the card;
  // place < the live cards' number.
  int PlaceOf(Card card, uint32_t live) const {
    return Count(CardSet(live & ((1u << position_[card.index()]) - 1)));
  }
  Card CardAt(int place, uint32_t live) const;

  // Quasi-symmetry. The card points the correspondence of two positions of one shape adds going
  // from `from` (the live cards of one) to `to` (of the other), in the cards whose points rise
  // (`up`) and in those whose points fall (`down`). The same lines of play win the same tricks
  // in both, so their values (card points) differ by at most up one way and down the other.
  // A pair whose card in `to` is in `declarer_sure` (won by the declarer in every line of play)
  // moves the value by exactly its difference, one in `defenders_sure` not at all: the shift
  // is then a range [-down, up] that need not contain 0.
  // REQUIRES: from and to of one shape; the sure sets within `to`.
  struct Shift {
    int up;
    int down;
  };
  Shift PointShift(CardSet from, CardSet to, CardSet declarer_sure = CardSet(),
                   CardSet defenders_sure = CardSet()) const;
  // The same with every set as places (PowerPlaces).
  Shift PointShift(uint32_t from, uint32_t to, uint32_t declarer_sure,
                   uint32_t defenders_sure) const;
  // A set as places.
  uint32_t Places(CardSet cards) const { return Ordered(cards); }

  // Writes the representatives, best first, into `out` and returns their number. `hint` is the
  // table's best card (searched first when present), or any card not legal.
  // `history` scores cards that caused cut-offs for the seat to move (the history heuristic).
  int Generate(const SearchState& position, Direction declarer, int hint,
               const std::array<uint32_t, kCardCount>& history, List& out) const;

 private:
  // Whether a defender's lead of plain card `c` goes to his partner's top card of its suit (the
  // partner holds the highest live card of the suit and the declarer must follow or cannot trump).
  bool ToPartner(const SearchState& position, Direction declarer, Card c, CardSet live) const;
  // The same for the search's state.
  CardSet Representatives(const SearchState& position) const;

  // What Generate's scores read off a node, once per node.
  struct Situation {
    CardSet live;
    Direction mover;
    bool mover_declares;
    int in_trick;  // cards in the trick in progress
    CardSet led_class;
    int best_key = -1;             // the card winning the trick in progress (TrickKey), or -1
    bool partner_winning = false;  // whether it is the mover's side's
    int third_key = -1;            // second in a trick: the best key the third seat can reach
    bool third_partner = false;    // and whether he is the mover's partner
    CardSet ruffable;              // leads: the plain cards an opponent of the mover can ruff
    CardSet next1;                 // the hands of the seats after the mover, in order
    CardSet next2;
  };
  // Generate's helpers, inlined into it (the solver's hot path: docs/performance.md).
  [[gnu::always_inline]] inline Situation ReadSituation(const SearchState& position,
                                                        Direction declarer) const;
  // A card's rank in the trick led from `led_class`: trumps over the suit led over the rest.
  [[gnu::always_inline]] int TrickKey(Card c, CardSet led_class) const {
    return trumps_.contains(c) ? 64 + power_[c.index()]
                               : (led_class.contains(c) ? 32 + power_[c.index()] : 0);
  }
  // The heuristic score of `c` (higher first): in Null, at a lead, and following.
  [[gnu::always_inline]] inline int NullScore(Card c, const Situation& t) const;
  [[gnu::always_inline]] inline int LeadScore(const SearchState& position, Direction declarer,
                                              Card c, const Situation& t) const;
  [[gnu::always_inline]] inline int FollowScore(Card c, const Situation& t) const;
  // What a lead's score loses to the answers it allows and gains from its history count.
  [[gnu::always_inline]] inline int LeadAdjustment(
      Card c, const Situation& t, const std::array<uint32_t, kCardCount>& history) const;

  // What one combination of answers to a lead costs in the lead's score, and what a defender's
  // lead gains per binary digit of its history count (measured: docs/par.md "Move order").
  static constexpr int kLeadAnswerCost = 10;
  static constexpr int kDefenderLeadHistory = 4;

  std::array<Card, kCardCount> order_{};  // cards by follow class, then power ascending
  // A set in order_'s places (bit i: order_[i]), from its four bytes.
  uint32_t Ordered(CardSet cards) const {
    const uint32_t b = cards.bits();
    return to_order_[0][b & 0xFF] | to_order_[1][b >> 8 & 0xFF] | to_order_[2][b >> 16 & 0xFF] |
           to_order_[3][b >> 24];
  }
  std::array<std::array<uint32_t, 256>, 4> to_order_{};
  // The cards at a set of order_'s places, from its four bytes.
  CardSet Unordered(uint32_t places) const {
    return CardSet(from_order_[0][places & 0xFF] | from_order_[1][places >> 8 & 0xFF] |
                   from_order_[2][places >> 16 & 0xFF] | from_order_[3][places >> 24]);
  }
  std::array<std::array<uint32_t, 256>, 4> from_order_{};
  std::array<uint8_t, kCardCount> order_points_{};  // card points of order_[i]
  std::array<uint32_t, 5> class_masks_{};           // each follow class's places in order_
  std::array<uint32_t, kCardCount> class_below_{};  // per place: its class's places below it
  uint32_t class_first_ = 0;                        // each class's lowest place
  int class_count_ = 0;
  std::array<int, kCardCount> position_{};    // index in order_ of each card index
  std::array<CardSet, kCardCount> follow_{};  // follow class of each card index
  std::array<int, kCardCount> power_{};
  std::array<CardSet, kCardCount> above_{};  // per card: its class's cards above it
  CardSet trumps_;
  std::array<CardSet, 4> plain_{};  // each suit's cards outside the trumps
  TrickRules rules_{GameType::kGrand};
  bool count_points_ = true;
  bool declarer_wants_tricks_ = true;
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_MOVE_ORDER_H_
