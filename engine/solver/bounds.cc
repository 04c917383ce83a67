#include "engine/solver/bounds.h"

#include <algorithm>
#include <cstdint>

#include "engine/solver/count.h"
#include "engine/solver/top_card.h"

namespace skat {
namespace {

// Per byte of a card mask (one suit, bit r = rank r: 7 8 9 10 J Q K A): the ranks spread to
// nibbles (bit r to nibble r), and the card points.
constexpr std::array<uint32_t, 256> kSpread = [] {
  std::array<uint32_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    for (int r = 0; r < kRankCount; ++r) {
      if (b >> r & 1) t[b] |= uint32_t{1} << (4 * r);
    }
  }
  return t;
}();
constexpr std::array<uint8_t, 256> kBytePoints = [] {
  constexpr std::array<int, kRankCount> kRankPoints = {0, 0, 0, 10, 2, 3, 4, 11};
  std::array<uint8_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int points = 0;
    for (int r = 0; r < kRankCount; ++r) points += (b >> r & 1) * kRankPoints[r];
    t[b] = static_cast<uint8_t>(points);
  }
  return t;
}();

// The number of cards of each rank r of a set, in nibble r.
uint32_t RankCounts(CardSet cards) {
  const uint32_t b = cards.bits();
  return kSpread[b & 0xFF] + kSpread[b >> 8 & 0xFF] + kSpread[b >> 16 & 0xFF] + kSpread[b >> 24];
}
int Nibble(uint32_t counts, Rank r) { return counts >> (4 * static_cast<int>(r)) & 0xF; }

// Card points of a set.
int Points(CardSet cards) {
  const uint32_t b = cards.bits();
  return kBytePoints[b & 0xFF] + kBytePoints[b >> 8 & 0xFF] + kBytePoints[b >> 16 & 0xFF] +
         kBytePoints[b >> 24];
}

// Takes up to `n` cards worth `points` each from `count` cards of one rank class.
inline void Take(int count, int points, int& n, int& total) {
  const int k = std::min(n, count);
  total += k * points;
  n -= k;
}

// The least card points `n` cards of `hand` can hold. REQUIRES: n <= hand.size().
int Cheapest(CardSet hand, int n) {
  const uint32_t c = RankCounts(hand);
  n -= Nibble(c, Rank::kSeven) + Nibble(c, Rank::kEight) + Nibble(c, Rank::kNine);
  int points = 0;
  if (n <= 0) return 0;
  Take(Nibble(c, Rank::kJack), 2, n, points);
  Take(Nibble(c, Rank::kQueen), 3, n, points);
  Take(Nibble(c, Rank::kKing), 4, n, points);
  Take(Nibble(c, Rank::kTen), 10, n, points);
  Take(Nibble(c, Rank::kAce), 11, n, points);
  return points;
}

// The most card points `n` cards of `cards` can hold. REQUIRES: n <= cards.size().
int Dearest(CardSet cards, int n) {
  const uint32_t c = RankCounts(cards);
  int points = 0;
  Take(Nibble(c, Rank::kAce), 11, n, points);
  Take(Nibble(c, Rank::kTen), 10, n, points);
  Take(Nibble(c, Rank::kKing), 4, n, points);
  Take(Nibble(c, Rank::kQueen), 3, n, points);
  Take(Nibble(c, Rank::kJack), 2, n, points);
  return points;
}

// `cards` without its `n` cheapest cards (by card points). REQUIRES: n <= cards.size().
CardSet WithoutCheapest(CardSet cards, int n) {
  constexpr std::array<Rank, kRankCount> kByPoints = {Rank::kSeven, Rank::kEight, Rank::kNine,
                                                      Rank::kJack,  Rank::kQueen, Rank::kKing,
                                                      Rank::kTen,   Rank::kAce};
  uint32_t bits = cards.bits();
  for (const Rank r : kByPoints) {
    uint32_t of_rank = bits & CardSet::OfRank(r).bits();
    while (n > 0 && of_rank != 0) {
      const uint32_t low = of_rank & (0u - of_rank);
      of_rank ^= low;
      bits ^= low;
      --n;
    }
    if (n == 0) break;
  }
  return CardSet(bits);
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
  trump_count_ = 0;
  for (const Card c : trumps_) trump_order_[trump_count_++] = c;
  std::sort(trump_order_.begin(), trump_order_.begin() + trump_count_,
            [&](Card a, Card b) { return rules.Power(a) > rules.Power(b); });
}

CardSet Bounds::Above(CardSet mine, CardSet theirs, CardSet cls) const {
  const CardSet t = theirs & cls;
  if (t.empty()) return mine & cls;
  const Card top = TopCard(t, trumps_);
  return (mine & cls) - not_above_[top.index()];
}

int Bounds::Weight(CardSet winners, int tricks, CardSet other1, CardSet other2) const {
  if (!count_points_) return tricks;
  return Points(winners) + Cheapest(other1, tricks) + Cheapest(other2, tricks);
}

int Bounds::Followers(CardSet hand, bool partner, const std::array<int, 5>& led, int tricks) const {
  int points = 0;
  if (partner) {
    // He follows with his dearest cards of each class led; his discards count nothing.
    for (int c = 0; c < 5; ++c) {
      if (led[c] == 0) continue;
      const CardSet in = hand & (c == 0 ? trumps_ : plain_[c - 1]);
      points += Dearest(in, std::min(led[c], Count(in)));
    }
    return points;
  }
  // An opponent plays at least min(led, held) cards of each class led (following while he
  // can), `tricks` cards in all: at least his cheapest such cards, the rest his cheapest others.
  CardSet pool = hand;
  int forced = 0;
  for (int c = 0; c < 5; ++c) {
    if (led[c] == 0) continue;
    const CardSet in = hand & (c == 0 ? trumps_ : plain_[c - 1]);
    const int m = std::min(led[c], Count(in));
    if (m == 0) continue;
    points += Cheapest(in, m);
    pool = (pool - in) | WithoutCheapest(in, m);
    forced += m;
  }
  return points + Cheapest(pool, tricks - forced);
}

int Bounds::Unbeaten(CardSet mine, CardSet theirs) const {
  int unbeaten = 0;
  int higher = 0;  // their trumps seen (higher), not yet matched to one of mine
  for (int i = 0; i < trump_count_; ++i) {
    const Card c = trump_order_[i];
    if (theirs.contains(c)) {
      ++higher;
    } else if (mine.contains(c)) {
      if (higher > 0) {
        --higher;
      } else {
        ++unbeaten;
      }
    }
  }
  return unbeaten;
}

Bounds::Range Bounds::TrumpLength(const SearchState& p, Direction declarer, int remaining) const {
  const Direction d1 = Next(declarer);
  const Direction d2 = Next(d1);
  const CardSet hand = p.hand(declarer);
  const CardSet hand1 = p.hand(d1);
  const CardSet hand2 = p.hand(d2);
  int lower = 0;
  int defenders = 0;
  // Trump length: each trump falls in its own trick and wins it unless a higher trump of the
  // other side falls there too, which beats one trump at most.
  const CardSet my_trumps = hand & trumps_;
  if (!my_trumps.empty()) {
    const int k = Unbeaten(my_trumps, (hand1 | hand2) & trumps_);
    if (k > 0) {
      lower = std::max(lower, count_points_
                                  ? Cheapest(my_trumps, k) + Cheapest(hand1, k) + Cheapest(hand2, k)
                                  : k);
    }
    for (const CardSet h : {hand1, hand2}) {
      const CardSet theirs = h & trumps_;
      const int kd = Unbeaten(theirs, my_trumps);
      if (kd > 0) {
        defenders =
            std::max(defenders, count_points_ ? Cheapest(theirs, kd) + Cheapest(hand, kd) : kd);
      }
    }
  }
  return {lower, remaining - defenders, CardSet(), CardSet()};
}

Bounds::Range Bounds::Masters(const SearchState& p, Direction declarer, int remaining) const {
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
  return {lower, remaining - defenders, declarer_masters, defender_masters};
}

Bounds::Range Bounds::QuickTricks(const SearchState& p, Direction declarer, int remaining) const {
  int lower = 0;
  int defenders = 0;
  // Quick tricks of the leader: his top trumps, then per plain suit his top cards, counted only
  // as often as every opponent who may still trump (more trumps than the top trumps draw)
  // follows (a partner may always discard instead).
  const Direction leader = p.to_move();
  const CardSet lead_hand = p.hand(leader);
  const Direction seat1 = Next(leader);
  const Direction seat2 = Next(seat1);
  const CardSet other1 = p.hand(seat1);
  const CardSet other2 = p.hand(seat2);
  // A defender's partner is the other defender.
  const bool partner1 = leader != declarer && seat1 != declarer;
  const bool partner2 = leader != declarer && seat2 != declarer;
  const CardSet top_trumps = Above(lead_hand, other1 | other2, trumps_);
  const int drawn = Count(top_trumps);
  const bool threat1 = !partner1 && Count(other1 & trumps_) > drawn;
  const bool threat2 = !partner2 && Count(other2 & trumps_) > drawn;
  std::array<int, 5> led{};  // tricks led per class: trumps, then the plain suits
  led[0] = drawn;
  int tricks = drawn;
  int points = count_points_ ? Points(top_trumps) : 0;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet suit = plain_[s];
    const CardSet top = Above(lead_hand, other1 | other2, suit);
    if (top.empty()) continue;
    int k = Count(top);
    if (threat1) k = std::min(k, Count(other1 & suit));
    if (threat2) k = std::min(k, Count(other2 & suit));
    if (k == 0) continue;
    led[s + 1] = k;
    tricks += k;
    if (count_points_) points += Dearest(top, k);
  }
  if (tricks > 0) {
    int quick = tricks;
    if (count_points_) {
      quick = points + Followers(other1, partner1, led, tricks) +
              Followers(other2, partner2, led, tricks);
    }
    if (leader == declarer) {
      lower = std::max(lower, quick);
    } else {
      defenders = std::max(defenders, quick);
    }
  }
  return {lower, remaining - defenders, CardSet(), CardSet()};
}

}  // namespace skat
