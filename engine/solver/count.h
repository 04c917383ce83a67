// Count: the number of cards in a set without a library call. CardSet::size() uses std::popcount,
// which compiles to a libgcc call unless the build assumes the POPCNT instruction (it does not:
// any x86-64); the solver's hot paths count with this bit-parallel sum instead.
#ifndef SKAT_ENGINE_SOLVER_COUNT_H_
#define SKAT_ENGINE_SOLVER_COUNT_H_

#include <cstdint>

#include "engine/card_set.h"

namespace skat {

inline int Count(CardSet cards) {
  uint32_t x = cards.bits();
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_COUNT_H_
