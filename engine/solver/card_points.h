// CardPoints: a card's points (RULES C1) from a table at namespace scope. Card::points() keeps
// its table local to the function, which the optimiser may rebuild on the stack per call; the
// solver's hot paths read this one.
#ifndef SKAT_ENGINE_SOLVER_CARD_POINTS_H_
#define SKAT_ENGINE_SOLVER_CARD_POINTS_H_

#include <array>
#include <cstdint>

#include "engine/card.h"

namespace skat {

inline constexpr std::array<uint8_t, kCardCount> kCardPoints = [] {
  std::array<uint8_t, kCardCount> t{};
  for (int i = 0; i < kCardCount; ++i) t[i] = static_cast<uint8_t>(Card::FromIndex(i).points());
  return t;
}();

inline int CardPoints(Card c) { return kCardPoints[c.index()]; }

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_CARD_POINTS_H_
