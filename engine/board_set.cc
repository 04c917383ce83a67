#include "engine/board_set.h"

#include <cassert>

namespace skat {

int ForehandChair(int board_number, int table_size) {
  assert(board_number >= 1 && (table_size == 3 || table_size == 4));
  if (table_size == 3) return (board_number - 1) % 3 + 1;
  // Four chairs: the dealer sits in ((b - 1) mod 4) + 1 and forehand is the next chair clockwise.
  return board_number % 4 + 1;
}

int ForehandChair(int board_number, int table_size, int fixed_chair) {
  assert(fixed_chair >= 0 && fixed_chair <= table_size);
  return fixed_chair > 0 ? fixed_chair : ForehandChair(board_number, table_size);
}

}  // namespace skat
