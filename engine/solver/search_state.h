// SearchState: the solver's own play/undo state of the remaining card play, the part of a
// Position the search needs (the hands, the seat to move, the trick in progress and the cards'
// count) without the Position's bookkeeping of taken cards and its consistency checks. Built
// from a Position; Play and Undo are exact mirrors of Position::Play/Undo for these fields
// (RULES T1-T3). Allocates nothing.
#ifndef SKAT_ENGINE_SOLVER_SEARCH_STATE_H_
#define SKAT_ENGINE_SOLVER_SEARCH_STATE_H_

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"

namespace skat {

class SearchState {
 public:
  // Prepares the trump structure of `rules` (card keys for trick winners).
  void Init(const TrickRules& rules) {
    trumps_ = rules.trumps();
    for (int i = 0; i < kCardCount; ++i) {
      const Card c = Card::FromIndex(i);
      follow_[i] = rules.FollowSet(c);
      power_[i] = static_cast<uint8_t>(rules.Power(c));
    }
  }
  // Copies the hands, the seat to move and the trick in progress of `p`. REQUIRES: Init with
  // p.rules().
  void Set(const Position& p) {
    for (int s = 0; s < 3; ++s) hands_[s] = p.hand(static_cast<Direction>(s));
    ply_ = p.cards_played();
    to_move_ = p.to_move();
    live_ = hands_[0] | hands_[1] | hands_[2];
    for (int i = ply_ - p.trick_size(); i < ply_; ++i) {
      played_[i] = p.played(i);
      player_[i] = p.player(i);
      live_.add(played_[i]);
    }
  }

  Direction to_move() const { return to_move_; }
  int cards_played() const { return ply_; }
  int tricks_played() const { return ply_ / 3; }
  int trick_size() const { return ply_ % 3; }
  bool finished() const { return ply_ == 30; }
  CardSet hand(Direction d) const { return hands_[Index(d)]; }
  // The live cards: in the hands or in the trick in progress.
  CardSet live() const { return live_; }
  // The i-th card played and its player. REQUIRES: i in the trick in progress or the last
  // completed trick (cards_played() - 3 - trick_size() <= i < cards_played()), played since Set
  // or in the trick in progress at Set.
  Card played(int i) const { return played_[i]; }
  Direction player(int i) const { return player_[i]; }
  // The follow class of a card and its power within it (TrickRules).
  CardSet FollowSet(Card c) const { return follow_[c.index()]; }
  CardSet trumps() const { return trumps_; }

  // RULES T2. REQUIRES: !finished().
  CardSet LegalCards() const {
    const CardSet hand = hands_[Index(to_move_)];
    if (ply_ % 3 == 0) return hand;
    const CardSet follow = hand & follow_[played_[ply_ - ply_ % 3].index()];
    return follow.empty() ? hand : follow;
  }

  // Index in [0, 3) of the winning card of `a b c` (a led), RULES T3.
  int Winner(Card a, Card b, Card c) const {
    const CardSet led = follow_[a.index()];
    auto key = [&](Card x) {
      if (trumps_.contains(x)) return 64 + power_[x.index()];
      if (led.contains(x)) return 32 + power_[x.index()];
      return 0;
    };
    const int ka = key(a);
    const int kb = key(b);
    const int kc = key(c);
    if (kb > ka) return kc > kb ? 2 : 1;
    return kc > ka ? 2 : 0;
  }

  // REQUIRES: LegalCards().contains(card).
  void Play(Card card) {
    assert(LegalCards().contains(card));
    hands_[Index(to_move_)].remove(card);
    played_[ply_] = card;
    player_[ply_] = to_move_;
    ++ply_;
    if (ply_ % 3 != 0) {
      to_move_ = Next(to_move_);
    } else {
      to_move_ =
          player_[ply_ - 3 + Winner(played_[ply_ - 3], played_[ply_ - 2], played_[ply_ - 1])];
      live_ = live_ - (CardSet(played_[ply_ - 3]) | played_[ply_ - 2] | played_[ply_ - 1]);
    }
  }
  // Takes back the last card. REQUIRES: a card played since Set.
  void Undo() {
    if (ply_ % 3 == 0) {
      live_ = live_ | played_[ply_ - 3] | played_[ply_ - 2] | played_[ply_ - 1];
    }
    --ply_;
    to_move_ = player_[ply_];
    hands_[Index(to_move_)].add(played_[ply_]);
  }
  // Who won the trick just completed. REQUIRES: trick_size() == 0, a trick completed since Set.
  Direction last_winner() const { return to_move_; }

 private:
  std::array<CardSet, 3> hands_;
  std::array<Card, 30> played_{};
  std::array<Direction, 30> player_{};
  Direction to_move_ = Direction::kForehand;
  int ply_ = 0;
  CardSet live_;
  CardSet trumps_;
  std::array<CardSet, kCardCount> follow_{};
  std::array<uint8_t, kCardCount> power_{};
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_SEARCH_STATE_H_
