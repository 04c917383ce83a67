// Game records: the text form of complete games (docs/game-records.md). Strings in, strings out:
// the callers do the file I/O.
//
// One record per game; a file holds a table's session, records separated by blank lines and/or
// `game N` headers:
//
//   game 1
//   profile: nasl-1909
//   table: 3
//   board: 7
//   round: 1
//   deal: 123456789 F: C-J ...; M: ...; R: ...; S: H-7 D-8
//   M bid 18
//   F hold
//   ...
//   F declare hand hearts ouvert=no announce=none
//   F play H-J
//   ...
//   # forehand hearts solo with 2: won 30 (61 card points, 6 tricks)
//   declarer: F
//   game: hand hearts ouvert=no announce=none
//   value: won 30
//   pad: F +30 M 0 R 0
//
// Act lines are `<seat> <act-name> [arguments]` with the names of ActTypeName, so act types added
// later are read and written without a change here. The writer prints exactly this form; the reader
// is lenient in spelling (CRLF, '#' comment lines, extra spaces, any case for keywords, seats as
// letters or names, any card form ParseCard accepts) and strict in content: it replays every game
// through Game::Apply and checks the stated result against the replayed one.
#ifndef SKAT_ENGINE_GAME_RECORD_H_
#define SKAT_ENGINE_GAME_RECORD_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board_set_format.h"  // FormatError
#include "engine/game.h"
#include "engine/status.h"

namespace skat {

// One replayed game and its labels. The game holds the board, the profile, the acts and, as it is
// finished, the result.
struct GameRecord {
  explicit GameRecord(Game g) : game(std::move(g)) {}

  // Optional free-text labels (empty: none): valid UTF-8 without control characters and without
  // leading or trailing spaces.
  std::string table;
  std::string board;
  std::string round;
  Game game;
};

// One record (ends with a new line, no `game N` header). kInvalidArgument when the game is not
// finished or a label cannot be written (see GameRecord).
Result<std::string> WriteGameRecord(const Game& game);
Result<std::string> WriteGameRecord(const GameRecord& record);
// A session: the records with `game 1`, `game 2`, ... headers, separated by blank lines.
Result<std::string> WriteGameRecords(std::span<const GameRecord> records);

// Reads every record of `text` and replays it. On error: a Status whose message is
// "line L, column C: ...", and *where (when given) set to the same position. The code is
// kInvalidArgument for malformed text, a stated result that differs from the replayed one, an
// unknown profile or an unfinished game; an act the game refuses keeps the engine's code
// (kIllegalCard, kOutOfTurn, kIllegalBid, ...) and message, which names the rule. An error at the
// end of the text points just past its last line.
Result<std::vector<GameRecord>> ReadGameRecords(std::string_view text,
                                                FormatError* where = nullptr);

}  // namespace skat

#endif  // SKAT_ENGINE_GAME_RECORD_H_
