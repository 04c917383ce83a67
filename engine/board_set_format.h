// The archive text form and the JSON export of a board set (docs/board-sets.md "Archive format",
// "JSON export"; docs/comparative.md "Board and board set").
// Strings in, strings out: the callers do
// the file I/O.
//
// The archive is one header line per field and one record per board:
//
//   # Comparative Skat board set (docs/board-sets.md)
//   format: comparative-skat-board-set 1
//   label: Milwaukee 1909 / session 1
//   generator: 1
//   commitment: <64 hex digits>
//   beacon-source: <text, may be empty>
//   beacon-value: <text, may be empty>
//   seed: <64 hex digits>                      (only after the reveal)
//   table-size: 3
//   boards: 2
//   board 1 chair 1 deal 123456789 F: C-J ...; M: ...; R: ...; S: H-7 D-8
//   board 2 chair 2 deal ...
//
// The writer prints exactly this form; the reader is lenient in spelling (CRLF, blank lines,
// '#' comment lines, extra spaces, header keys in any order and case, any card form ParseCard
// accepts) and strict in content: every board must be valid, its deal number must match its
// hands, its chair must be ForehandChair(number, table-size), and the boards must run 1..N.
#ifndef SKAT_ENGINE_BOARD_SET_FORMAT_H_
#define SKAT_ENGINE_BOARD_SET_FORMAT_H_

#include <string>
#include <string_view>

#include "engine/board_set.h"
#include "engine/status.h"

namespace skat {

inline constexpr std::string_view kBoardSetFormatName = "comparative-skat-board-set";
inline constexpr int kBoardSetFormatVersion = 1;

// OK when the set can be written and read back unchanged: label, beacon source and beacon value
// are valid UTF-8 without control characters (U+0000-U+001F, U+007F-U+009F) and without leading
// or trailing spaces; generator_version >= 1; the commitment (and the seed, if any) is 64
// lower-case hex digits; table_size is 3 or 4; the boards are numbered 1, 2, ... in order and
// each passes CheckBoard. kInvalidArgument otherwise, naming the field or the board.
Status CheckBoardSet(const BoardSet& set);

// The archive text (ends with a new line). Fails with CheckBoardSet's status.
Result<std::string> WriteBoardSet(const BoardSet& set);

// Where the reader stopped: 1-based line and column (the column counts characters, i.e. UTF-8
// code points, of the line). An error at the end of the text points just past its last line.
struct FormatError {
  int line = 0;
  int column = 0;
};

// Reads an archive. On error: kInvalidArgument with the message "line L, column C: ...", and
// *where (when given) set to the same position. A result always passes CheckBoardSet; hex digits
// are returned in lower case.
Result<BoardSet> ReadBoardSet(std::string_view text, FormatError* where = nullptr);

// The JSON export (one line, ends with a new line):
//   {"format":"comparative-skat-board-set","version":1,"label":"...","generator":1,
//    "commitment":"...","beaconSource":"","beaconValue":"","seed":null,"tableSize":3,
//    "boards":[{"number":1,"forehandChair":1,"dealNumber":123,"forehand":["C-J",...],
//    "middlehand":[...],"rearhand":[...],"skat":["H-7","D-8"]}]}
// Strings are escaped as RFC 8259 requires (and bytes that are not UTF-8 become U+FFFD), so the
// output is valid JSON for any set. "seed" is null before the reveal; "dealNumber" is null for a
// board that fails CheckBoard (never for a set that passes CheckBoardSet).
std::string BoardSetToJson(const BoardSet& set);

}  // namespace skat

#endif  // SKAT_ENGINE_BOARD_SET_FORMAT_H_
