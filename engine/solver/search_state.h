// SearchState: the solver's own play/undo state of the remaining card play, the part of a
// Position the search needs (the hands, the seat to move, the trick in progress and the cards'
// count) without the Position's bookkeeping of taken cards and its consistency checks. Built
// from a Position; Play and Undo are exact mirrors of Position::Play/Undo for these fields
// (RULES T1-T3). The hands and the live cards are also kept as places in the power order
// (PowerPlaces), the coordinates of the solver's shapes and table. Allocates nothing.
#ifndef SKAT_ENGINE_SOLVER_SEARCH_STATE_H_
#define SKAT_ENGINE_SOLVER_SEARCH_STATE_H_

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"

namespace skat {

// Each card's place in the power order of `rules`: the follow classes one after another (by their
// lowest card index), each from its lowest card up (RULES C2). A set as places has bit i for
// the card at place i; the k-th live card of a class is then the k-th set place within it.
inline std::array<uint8_t, kCardCount> PowerPlaces(const TrickRules& rules) {
  std::array<Card, kCardCount> order{};
  for (int i = 0; i < kCardCount; ++i) order[i] = Card::FromIndex(i);
  // Classes are identified by their lowest card index; powers within a class are distinct.
  auto key = [&](Card c) { return rules.FollowSet(c).lowest().index() * 64 + rules.Power(c); };
  std::sort(order.begin(), order.end(), [&](Card a, Card b) { return key(a) < key(b); });
  std::array<uint8_t, kCardCount> place{};
  for (int i = 0; i < kCardCount; ++i) place[order[i].index()] = static_cast<uint8_t>(i);
  return place;
}

class SearchState {
 public:
  // Prepares the trump structure of `rules` (card keys for trick winners, places).
  void Init(const TrickRules& rules) {
    trumps_ = rules.trumps();
    const std::array<uint8_t, kCardCount> place = PowerPlaces(rules);
    for (int i = 0; i < kCardCount; ++i) {
      const Card c = Card::FromIndex(i);
      follow_[i] = rules.FollowSet(c);
      power_[i] = static_cast<uint8_t>(rules.Power(c));
      place_bit_[i] = 1u << place[i];
    }
    for (int i = 0; i < kCardCount; ++i) {
      class_places_[i] = 0;
      for (const Card x : follow_[i]) class_places_[i] |= place_bit_[x.index()];
    }
  }
  // Copies the hands, the seat to move and the trick in progress of `p`. REQUIRES: Init with
  // p.rules().
  void Set(const Position& p) {
    for (int s = 0; s < 3; ++s) {
      hands_[s] = p.hand(static_cast<Direction>(s));
      placed_hands_[s] = Placed(hands_[s]);
    }
    ply_ = p.cards_played();
    to_move_ = p.to_move();
    live_ = hands_[0] | hands_[1] | hands_[2];
    for (int i = ply_ - p.trick_size(); i < ply_; ++i) {
      played_[i] = p.played(i);
      player_[i] = p.player(i);
      live_.add(played_[i]);
    }
    placed_live_ = Placed(live_);
  }

  Direction to_move() const { return to_move_; }
  int cards_played() const { return ply_; }
  int tricks_played() const { return ply_ / 3; }
  int trick_size() const { return ply_ % 3; }
  bool finished() const { return ply_ == 30; }
  CardSet hand(Direction d) const { return hands_[Index(d)]; }
  // The live cards: in the hands or in the trick in progress.
  CardSet live() const { return live_; }
  // The same as places (PowerPlaces).
  uint32_t placed_hand(Direction d) const { return placed_hands_[Index(d)]; }
  uint32_t placed_live() const { return placed_live_; }
  // The legal cards as places. REQUIRES: !finished().
  uint32_t placed_legal() const {
    const uint32_t hand = placed_hands_[Index(to_move_)];
    if (ply_ % 3 == 0) return hand;
    const uint32_t follow = hand & class_places_[played_[ply_ - ply_ % 3].index()];
    return follow == 0 ? hand : follow;
  }
  // A set as places.
  uint32_t Placed(CardSet cards) const {
    uint32_t placed = 0;
    for (const Card c : cards) placed |= place_bit_[c.index()];
    return placed;
  }
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
    placed_hands_[Index(to_move_)] ^= place_bit_[card.index()];
    played_[ply_] = card;
    player_[ply_] = to_move_;
    ++ply_;
    if (ply_ % 3 != 0) {
      to_move_ = Next(to_move_);
    } else {
      to_move_ =
          player_[ply_ - 3 + Winner(played_[ply_ - 3], played_[ply_ - 2], played_[ply_ - 1])];
      live_ = live_ - (CardSet(played_[ply_ - 3]) | played_[ply_ - 2] | played_[ply_ - 1]);
      placed_live_ ^= place_bit_[played_[ply_ - 3].index()] |
                      place_bit_[played_[ply_ - 2].index()] | place_bit_[played_[ply_ - 1].index()];
    }
  }
  // Takes back the last card. REQUIRES: a card played since Set.
  void Undo() {
    if (ply_ % 3 == 0) {
      live_ = live_ | played_[ply_ - 3] | played_[ply_ - 2] | played_[ply_ - 1];
      placed_live_ |= place_bit_[played_[ply_ - 3].index()] |
                      place_bit_[played_[ply_ - 2].index()] | place_bit_[played_[ply_ - 1].index()];
    }
    --ply_;
    to_move_ = player_[ply_];
    hands_[Index(to_move_)].add(played_[ply_]);
    placed_hands_[Index(to_move_)] |= place_bit_[played_[ply_].index()];
  }
  // Who won the trick just completed. REQUIRES: trick_size() == 0, a trick completed since Set.
  Direction last_winner() const { return to_move_; }

 private:
  std::array<CardSet, 3> hands_;
  std::array<uint32_t, 3> placed_hands_{};
  uint32_t placed_live_ = 0;
  std::array<Card, 30> played_{};
  std::array<Direction, 30> player_{};
  Direction to_move_ = Direction::kForehand;
  int ply_ = 0;
  CardSet live_;
  CardSet trumps_;
  std::array<CardSet, kCardCount> follow_{};
  std::array<uint8_t, kCardCount> power_{};
  std::array<uint32_t, kCardCount> place_bit_{};     // per card: its place's bit
  std::array<uint32_t, kCardCount> class_places_{};  // per card: its follow class as places
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_SEARCH_STATE_H_
