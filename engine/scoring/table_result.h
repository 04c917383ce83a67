// The scoring library's input: one table's result of one board, and the director's adjustments
// (docs/comparative.md "Director adjustments").
#ifndef SKAT_ENGINE_SCORING_TABLE_RESULT_H_
#define SKAT_ENGINE_SCORING_TABLE_RESULT_H_

#include <array>
#include <cstdint>
#include <string>

#include "engine/board.h"
#include "engine/game_result.h"
#include "engine/scoring/fraction.h"

namespace skat::scoring {

struct TableResult {
  int board = 1;      // board number
  std::string table;  // table id, unique within the event
  int session = 1;
  int round = 1;
  int version = 0;                     // fouled-board version: each version is its own field
  std::array<std::string, 3> players;  // player ids holding forehand, middlehand, rearhand
  std::string resting_dealer;          // player id at a 4-player table, "" at 3 chairs
  GameResult game;
};

struct Adjustment {
  enum class Kind { kAssigned, kArtificial, kPenalty };
  Kind kind = Kind::kAssigned;
  int board = 1;
  std::string table;  // the table whose seat is adjusted ("" for a penalty on a player's total)
  Direction direction = Direction::kForehand;
  // The player. Needed for a penalty without a table, and for an assigned or artificial score at
  // a table that has no result of the board; otherwise the seat's player is used.
  std::string player;
  // The session and round of `table`, as TableResult's. Read only for a seat at a table that has
  // no result of the board: its row takes them from here, since no result carries them
  // (docs/events-and-scoring.md 4.3). Otherwise the seat's result gives them.
  int session = 1;
  int round = 1;
  int assigned_score = 0;       // kAssigned: substitute board score; enters the field like a result
  int artificial_percent = 50;  // kArtificial: 60 / 50 / 40, given to the seat directly
  Fraction penalty;  // kPenalty: matchpoints (matchpoint comparisons) or points, after comparison
  std::string by, reason;
  int64_t unix_time = 0;
};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_TABLE_RESULT_H_
