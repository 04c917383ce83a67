// Pairs of boards that one seat cannot tell apart: the same hand in that seat's direction, the
// other 22 cards (the two other hands and the skat) dealt anew. The property tests of what a seat
// is told before a board is finished (tests/engine/physical_preview_test.cc,
// tests/services/physical_results_test.cc) compare every answer on both boards of such a pair.
#ifndef SKAT_TESTS_ENGINE_REDEALT_BOARD_H_
#define SKAT_TESTS_ENGINE_REDEALT_BOARD_H_

#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/random.h"

namespace skat::testing_boards {

// `board` with `own`'s hand kept and the other hands and the skat shuffled anew by `rng`
// (Fisher-Yates). The result passes CheckBoard; it may equal `board` only by chance (1 in 22!).
inline Board Redealt(const Board& board, Direction own, Rng& rng) {
  std::vector<Card> rest;
  for (Direction d : kDirections) {
    if (d == own) continue;
    for (Card c : board.hand(d)) rest.push_back(c);
  }
  rest.push_back(board.skat[0]);
  rest.push_back(board.skat[1]);
  for (size_t i = rest.size() - 1; i > 0; --i) std::swap(rest[i], rest[rng.Below(i + 1)]);
  Board out;
  out.hands[Index(own)] = board.hand(own);
  size_t next = 0;
  for (Direction d : kDirections) {
    if (d == own) continue;
    for (int i = 0; i < 10; ++i) out.hands[Index(d)].add(rest[next++]);
  }
  out.skat = {rest[next], rest[next + 1]};
  return out;
}

// A board drawn uniformly from every deal by `rng`.
inline Board RandomBoard(Rng& rng) { return UnrankBoard(rng.Below(kDealCount)); }

}  // namespace skat::testing_boards

#endif  // SKAT_TESTS_ENGINE_REDEALT_BOARD_H_
