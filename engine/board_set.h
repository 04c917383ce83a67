// Board sets: the numbered boards of one event or session
// (docs/comparative.md "Board and board set"),
// with what is needed to prove them afterwards (generator version, label, commitment, beacon,
// and after the reveal the seed). Pure data; the generator lives in engine/deal/, the text and
// JSON forms in board_set_format.h.
#ifndef SKAT_ENGINE_BOARD_SET_H_
#define SKAT_ENGINE_BOARD_SET_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"

namespace skat {

// Where board b's forehand sits at a table of `table_size` chairs numbered 1..k clockwise
// (docs/comparative.md "Directions and chairs"):
// 3 chairs: ((b - 1) mod 3) + 1; 4 chairs: the dealer
// sits in ((b - 1) mod 4) + 1 and forehand in the next chair clockwise. REQUIRES: b >= 1,
// table_size 3 or 4.
int ForehandChair(int board_number, int table_size);
// The same with a movement's override (the inter-club schedule): `fixed_chair` 1..table_size puts
// forehand always in that chair; 0 means ForehandChair(board_number, table_size).
int ForehandChair(int board_number, int table_size, int fixed_chair);

struct SetBoard {
  int number = 1;  // 1-based board number within the set
  Board board;
  friend bool operator==(const SetBoard&, const SetBoard&) = default;
};

struct BoardSet {
  std::string label;                // public label (event, session), part of the commitment
  int generator_version = 1;        // engine/deal generator version
  std::string commitment;           // SHA-256, lower-case hex (64 characters)
  std::string beacon_source;        // named before play, empty when no beacon is used
  std::string beacon_value;         // entered by the director; empty until then / without a beacon
  std::optional<std::string> seed;  // 32 bytes, lower-case hex; only after the reveal
  int table_size = 3;               // chairs per table, for the forehand chair
  std::vector<SetBoard> boards;
  friend bool operator==(const BoardSet&, const BoardSet&) = default;
};

}  // namespace skat

#endif  // SKAT_ENGINE_BOARD_SET_H_
