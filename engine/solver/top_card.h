// TopCard: the highest card by trick power of a set within one follow class, by table lookup
// (RULES C2): the jacks above the trump suit in suit games and Grand, each suit's cards in the
// plain order A 10 K Q 9 8 7 (the trump suit's too), in Null (no trumps) 7 8 9 10 J Q K A, the
// order of the card indices.
#ifndef SKAT_ENGINE_SOLVER_TOP_CARD_H_
#define SKAT_ENGINE_SOLVER_TOP_CARD_H_

#include <array>
#include <cstdint>

#include "engine/card_set.h"

namespace skat {

// Per byte of one suit's cards: the rank of the highest by the plain order (a jack, never in a
// plain class, between the queen and the nine).
inline constexpr std::array<uint8_t, 256> kTopPlainRank = [] {
  constexpr std::array<Rank, 8> kHighFirst = {Rank::kAce,  Rank::kTen,  Rank::kKing,  Rank::kQueen,
                                              Rank::kJack, Rank::kNine, Rank::kEight, Rank::kSeven};
  std::array<uint8_t, 256> t{};
  for (int b = 1; b < 256; ++b) {
    for (const Rank r : kHighFirst) {
      if (b >> static_cast<int>(r) & 1) {
        t[b] = static_cast<uint8_t>(r);
        break;
      }
    }
  }
  return t;
}();

// The highest card of `cards` (not empty, within one follow class of a game with trumps
// `trumps`; no trumps: Null).
inline Card TopCard(CardSet cards, CardSet trumps) {
  if (trumps.empty()) return cards.highest();
  const CardSet jacks = cards & CardSet::Jacks() & trumps;
  if (!jacks.empty()) return jacks.highest();  // jacks rank by index, clubs highest
  const int suit = cards.lowest().index() / kRankCount;
  return Card::FromIndex(suit * kRankCount +
                         kTopPlainRank[cards.bits() >> (suit * kRankCount) & 0xFF]);
}

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_TOP_CARD_H_
