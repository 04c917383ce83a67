// Position: the card play of one game as an unchecked state with play/undo over a fixed stack
// (docs/development.md "Stockfish").
// It allocates nothing and checks nothing beyond debug asserts; the
// validated Game and the solver build on it. RULES T1-T3.
#ifndef SKAT_ENGINE_POSITION_H_
#define SKAT_ENGINE_POSITION_H_

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/declaration.h"

namespace skat {

// Trump and follow-suit structure of a game type. Ramsch plays by the Grand structure (RULES C2).
class TrickRules {
 public:
  explicit TrickRules(GameType type);
  CardSet trumps() const { return trumps_; }
  // The cards that follow when `led` is led (RULES T2: jacks belong to the trump suit).
  CardSet FollowSet(Card led) const { return follow_[led.index()]; }
  // The index in [0, 3) of the card that wins the trick (RULES T3). REQUIRES: cards[0] led.
  int Winner(const std::array<Card, 3>& cards) const;
  // Strength used for trick winning; higher wins among comparable cards.
  int Power(Card c) const { return power_[c.index()]; }

 private:
  CardSet trumps_;
  std::array<CardSet, kCardCount> follow_{};
  std::array<uint8_t, kCardCount> power_{};
};

class Position {
 public:
  // REQUIRES: three hands of equal size 10, pairwise disjoint.
  Position(const std::array<CardSet, 3>& hands, GameType trick_type);

  const TrickRules& rules() const { return rules_; }
  Direction to_move() const { return to_move_; }
  int cards_played() const { return ply_; }
  int tricks_played() const { return ply_ / 3; }
  bool finished() const { return ply_ == 30; }
  CardSet hand(Direction d) const { return hands_[Index(d)]; }
  // Cards in the tricks a seat has taken.
  CardSet taken(Direction d) const { return taken_[Index(d)]; }
  int tricks_won(Direction d) const { return tricks_[Index(d)]; }
  int trick_size() const { return ply_ % 3; }
  // The i-th card played (0-based) and who played it. REQUIRES: i < cards_played().
  Card played(int i) const { return played_[i]; }
  Direction player(int i) const { return player_[i]; }
  // Who won trick t. REQUIRES: t < tricks_played().
  Direction trick_winner(int t) const { return winner_[t]; }
  // Who leads the current trick.
  Direction leader() const { return trick_size() ? player_[ply_ - trick_size()] : to_move_; }

  // RULES T2: follow the suit led if possible; otherwise any card. REQUIRES: !finished().
  CardSet LegalCards() const {
    const CardSet hand = hands_[Index(to_move_)];
    if (trick_size() == 0) return hand;
    const CardSet follow = hand & rules_.FollowSet(played_[ply_ - trick_size()]);
    return follow.empty() ? hand : follow;
  }

  // REQUIRES: LegalCards().contains(card).
  void Play(Card card);
  // REQUIRES: cards_played() > 0.
  void Undo();

  // Internal invariants (card conservation, counts); asserted after every change in debug builds.
  bool IsConsistent() const;

 private:
  TrickRules rules_;
  std::array<CardSet, 3> hands_;
  std::array<CardSet, 3> taken_{};
  std::array<uint8_t, 3> tricks_{};
  std::array<Card, 30> played_{};
  std::array<Direction, 30> player_{};
  std::array<Direction, 10> winner_{};
  Direction to_move_ = Direction::kForehand;  // RULES T1: forehand leads trick 1
  int ply_ = 0;
  CardSet all_;  // every card of the three hands at the start
};

}  // namespace skat

#endif  // SKAT_ENGINE_POSITION_H_
