#include "engine/solver/bounds.h"

#include <algorithm>
#include <cstdint>

#include "engine/solver/count.h"

namespace skat {
namespace {

// Card points by rank: 7 8 9 10 J Q K A.
constexpr std::array<int, kRankCount> kRankPoints = {0, 0, 0, 10, 2, 3, 4, 11};

// Card points of a set.
int Points(CardSet cards) {
  int points = 0;
  for (int r = 0; r < kRankCount; ++r) {
    points += kRankPoints[r] * Count(cards & CardSet::OfRank(static_cast<Rank>(r)));
  }
  return points;
}

// The least card points `n` cards of `hand` can hold. REQUIRES: n <= hand.size().
int Cheapest(CardSet hand, int n) {
  constexpr std::array<Rank, kRankCount> kByPoints = {Rank::kSeven, Rank::kEight, Rank::kNine,
                                                      Rank::kJack,  Rank::kQueen, Rank::kKing,
                                                      Rank::kTen,   Rank::kAce};
  int points = 0;
  for (const Rank r : kByPoints) {
    if (n <= 0) break;
    const int k = std::min(n, Count(hand & CardSet::OfRank(r)));
    points += k * kRankPoints[static_cast<int>(r)];
    n -= k;
  }
  return points;
}

// The most card points `n` cards of `cards` can hold. REQUIRES: n <= cards.size().
int Dearest(CardSet cards, int n) {
  constexpr std::array<Rank, kRankCount> kByPoints = {Rank::kAce,   Rank::kTen,  Rank::kKing,
                                                      Rank::kQueen, Rank::kJack, Rank::kNine,
                                                      Rank::kEight, Rank::kSeven};
  int points = 0;
  for (const Rank r : kByPoints) {
    if (n <= 0) break;
    const int k = std::min(n, Count(cards & CardSet::OfRank(r)));
    points += k * kRankPoints[static_cast<int>(r)];
    n -= k;
  }
  return points;
}

}  // namespace

void Bounds::Init(const TrickRules& rules, bool count_points) {
  count_points_ = count_points;
  trumps_ = rules.trumps();
  for (int s = 0; s < kSuitCount; ++s) plain_[s] = CardSet::OfSuit(static_cast<Suit>(s)) - trumps_;
  for (int i = 0; i < kCardCount; ++i) {
    const Card c = Card::FromIndex(i);
    CardSet below;
    for (const Card x : rules.FollowSet(c)) {
      if (rules.Power(x) <= rules.Power(c)) below.add(x);
    }
    not_above_[i] = below;
  }
}

CardSet Bounds::Above(CardSet mine, CardSet theirs, CardSet cls) const {
  CardSet result = mine & cls;
  for (const Card x : theirs& cls) result = result - not_above_[x.index()];
  return result;
}

int Bounds::Weight(CardSet winners, int tricks, CardSet other1, CardSet other2) const {
  if (!count_points_) return tricks;
  return Points(winners) + Cheapest(other1, tricks) + Cheapest(other2, tricks);
}

Bounds::Range Bounds::Compute(const Position& p, Direction declarer, int remaining) const {
  const Direction d1 = Next(declarer);
  const Direction d2 = Next(d1);
  const CardSet hand = p.hand(declarer);
  const CardSet hand1 = p.hand(d1);
  const CardSet hand2 = p.hand(d2);
  // Master trumps.
  const CardSet declarer_masters = Above(hand, hand1 | hand2, trumps_);
  int lower = 0;
  if (!declarer_masters.empty()) {
    lower = Weight(declarer_masters, Count(declarer_masters), hand1, hand2);
  }
  const CardSet defender_masters = Above(hand1 | hand2, hand, trumps_);
  int defenders = 0;
  if (!defender_masters.empty()) {
    const int tricks = std::max(Count(defender_masters & hand1), Count(defender_masters & hand2));
    defenders = count_points_ ? Points(defender_masters) + Cheapest(hand, tricks) : tricks;
  }
  // Quick tricks of the leader.
  const Direction leader = p.to_move();
  const CardSet lead_hand = p.hand(leader);
  const CardSet other1 = p.hand(Next(leader));
  const CardSet other2 = p.hand(Next(Next(leader)));
  const CardSet top_trumps = Above(lead_hand, other1 | other2, trumps_);
  const int drawn = Count(top_trumps);
  // Seats that may still trump after the top trumps are drawn.
  const bool threat1 = Count(other1 & trumps_) > drawn;
  const bool threat2 = Count(other2 & trumps_) > drawn;
  int tricks = drawn;
  int points = count_points_ ? Points(top_trumps) : 0;
  for (const CardSet suit : plain_) {
    const CardSet top = Above(lead_hand, other1 | other2, suit);
    if (top.empty()) continue;
    int k = Count(top);
    if (threat1) k = std::min(k, Count(other1 & suit));
    if (threat2) k = std::min(k, Count(other2 & suit));
    if (k == 0) continue;
    tricks += k;
    if (count_points_) points += Dearest(top, k);
  }
  if (tricks > 0) {
    const int quick =
        count_points_ ? points + Cheapest(other1, tricks) + Cheapest(other2, tricks) : tricks;
    if (leader == declarer) {
      lower = std::max(lower, quick);
    } else {
      defenders = std::max(defenders, quick);
    }
  }
  return {lower, remaining - defenders};
}

}  // namespace skat
