#include "engine/position.h"

namespace skat {

TrickRules::TrickRules(GameType type) {
  // Plain-suit order (RULES C2): A 10 K Q 9 8 7; Null: A K Q J 10 9 8 7.
  constexpr uint8_t kPlainPower[kRankCount] = {1, 2, 3, 6, 0, 4, 5, 7};  // 7 8 9 10 J Q K A
  constexpr uint8_t kNullPower[kRankCount] = {1, 2, 3, 4, 5, 6, 7, 8};
  const bool null = type == GameType::kNull;
  if (!null) {
    trumps_ = CardSet::Jacks();
    if (IsSuitGame(type)) trumps_.add(CardSet::OfSuit(TrumpSuit(type)) - CardSet::Jacks());
  }
  for (int i = 0; i < kCardCount; ++i) {
    const Card c = Card::FromIndex(i);
    const int rank = static_cast<int>(c.rank());
    if (trumps_.contains(c)) {
      follow_[i] = trumps_;
      // Jacks above the trump suit's cards; J♣ highest (RULES C2).
      power_[i] = c.is_jack() ? static_cast<uint8_t>(20 + static_cast<int>(c.suit()))
                              : static_cast<uint8_t>(10 + kPlainPower[rank]);
    } else {
      follow_[i] = CardSet::OfSuit(c.suit()) - trumps_;
      power_[i] = null ? kNullPower[rank] : kPlainPower[rank];
    }
  }
}

int TrickRules::Winner(const std::array<Card, 3>& cards) const {
  // RULES T3: the highest trump wins; without trumps the highest card of the suit led.
  const CardSet led_suit = FollowSet(cards[0]);
  auto key = [&](Card c) {
    if (trumps_.contains(c)) return 64 + power_[c.index()];
    if (led_suit.contains(c)) return 32 + power_[c.index()];
    return 0;
  };
  int best = 0;
  for (int i = 1; i < 3; ++i) {
    if (key(cards[i]) > key(cards[best])) best = i;
  }
  return best;
}

Position::Position(const std::array<CardSet, 3>& hands, GameType trick_type)
    : rules_(trick_type), hands_(hands), all_(hands[0] | hands[1] | hands[2]) {
  assert(IsConsistent());
}

void Position::Play(Card card) {
  assert(LegalCards().contains(card));
  hands_[Index(to_move_)].remove(card);
  played_[ply_] = card;
  player_[ply_] = to_move_;
  ++ply_;
  if (trick_size() != 0) {
    to_move_ = Next(to_move_);
  } else {
    const std::array<Card, 3> trick = {played_[ply_ - 3], played_[ply_ - 2], played_[ply_ - 1]};
    const Direction winner = player_[ply_ - 3 + rules_.Winner(trick)];
    taken_[Index(winner)].add(CardSet(trick[0]) | trick[1] | trick[2]);
    ++tricks_[Index(winner)];
    winner_[ply_ / 3 - 1] = winner;
    to_move_ = winner;  // RULES T1: the winner leads the next trick
  }
  assert(IsConsistent());
}

void Position::Undo() {
  assert(ply_ > 0);
  const bool completed_trick = trick_size() == 0;
  --ply_;
  if (completed_trick) {
    const Direction winner = winner_[ply_ / 3];
    taken_[Index(winner)].remove(CardSet(played_[ply_ - 2]) | played_[ply_ - 1] | played_[ply_]);
    --tricks_[Index(winner)];
  }
  to_move_ = player_[ply_];
  hands_[Index(to_move_)].add(played_[ply_]);
  assert(IsConsistent());
}

bool Position::IsConsistent() const {
  CardSet seen;
  int cards = 0;
  for (int i = 0; i < 3; ++i) {
    if (seen.intersects(hands_[i]) || seen.intersects(taken_[i])) return false;
    seen.add(hands_[i]);
    seen.add(taken_[i]);
    cards += hands_[i].size() + taken_[i].size();
    if (taken_[i].size() != 3 * tricks_[i]) return false;
  }
  for (int i = ply_ - trick_size(); i < ply_; ++i) {
    if (seen.contains(played_[i])) return false;
    seen.add(played_[i]);
    ++cards;
  }
  if (seen != all_ || cards != all_.size()) return false;
  const int hand_total = hands_[0].size() + hands_[1].size() + hands_[2].size();
  return hand_total == all_.size() - ply_;
}

}  // namespace skat
