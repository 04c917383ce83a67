#include "engine/solver/transposition_table.h"

#include <algorithm>
#include <cassert>

namespace skat {

TranspositionTable::TranspositionTable(int bits)
    : slots_(new Entry[size_t{1} << bits]()), mask_((uint64_t{1} << bits) - 1) {
  assert(bits >= 10 && bits <= 26);
}

void TranspositionTable::Store(const std::array<CardSet, 3>& hands, uint16_t tag, int lower,
                               int upper, int best) {
  Entry* bucket = &slots_[Bucket(hands, tag)];
  const int cards = hands[0].size() + hands[1].size() + hands[2].size();
  int pick;
  if (Matches(bucket[0], hands, tag)) {
    pick = 0;
  } else if (Matches(bucket[1], hands, tag)) {
    pick = 1;
  } else {
    // Prefer replacing an entry of an older search, then the cheaper one.
    auto keep = [&](const Entry& e) { return (e.age == age_ ? 256 : 0) + e.cards; };
    pick = keep(bucket[0]) <= keep(bucket[1]) ? 0 : 1;
  }
  Entry& e = bucket[pick];
  if (Matches(e, hands, tag)) {
    lower = std::max<int>(lower, e.lower);
    upper = std::min<int>(upper, e.upper);
    if (best == kNoCard) best = e.best;
  }
  e.hands = {hands[0].bits(), hands[1].bits(), hands[2].bits()};
  e.tag = static_cast<uint16_t>(tag | kUsed);
  e.lower = static_cast<uint8_t>(lower);
  e.upper = static_cast<uint8_t>(upper);
  e.best = static_cast<uint8_t>(best);
  e.cards = static_cast<uint8_t>(cards);
  e.age = age_;
}

}  // namespace skat
