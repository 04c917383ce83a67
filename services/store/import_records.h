// Imported games (docs/iss-game-records.md; migration 0004): what the store writes for one batch
// of imported records, and what it answers. The service reads and replays every record (engine
// ReadIssRecords, ReplayIss under isko) before it builds a batch; the store numbers the boards,
// skips games the event has already, and writes the rest in one transaction (Store::ImportGames).
#ifndef SKAT_SERVICES_STORE_IMPORT_RECORDS_H_
#define SKAT_SERVICES_STORE_IMPORT_RECORDS_H_

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "services/store/records.h"

namespace skat::store {

// One record to import: its board, its table of three chairs (chair 1 forehand), its act log and
// its result.
struct ImportedGame {
  int line = 0;               // the record's line in the file (1-based)
  std::string game_key;       // "iss:<ID>" or "sha256:<hex>": unique within the event
  std::string record;         // the line as imported
  std::string record_sha256;  // SHA-256 of `record`, lower-case hex
  std::string played_at;      // DT[...] as written; may be empty
  Board board;
  std::string table_id;                          // "tb-" + 10 characters, new
  std::string label;                             // the table's label, e.g. "ISS 541932"
  std::array<std::string, 3> players;            // P0, P1, P2 (forehand, middlehand, rearhand)
  std::array<std::string, 3> seat_token_sha256;  // by chair; the tokens are never issued
  // Board index 0; chairs 1..3; each chair's sequence numbers 1, 2, ...
  std::vector<LoggedActRecord> acts;
  // The finished game's row (event, table and board number are set by the store; source
  // "imported"; confirmed).
  ResultRecord result;
};

struct ImportBatch {
  // Made in the same transaction when set (its id is event_id).
  std::optional<EventRecord> new_event;
  std::string event_id;
  // An imported set of the event to append to; empty: a new set and session, made when at least
  // one game is new, with the ids, label and file below.
  std::string set_id;
  std::string new_set_id;      // "bs-..."
  std::string new_session_id;  // "se-..."
  std::string label;           // the new set's label
  std::string file_name;       // 1..200 characters
  std::string file_sha256;     // lower-case hex
  // Player ids for names the event does not have yet, one per distinct name in `games` order
  // ("pl-..."), taken as needed.
  std::vector<std::string> new_player_ids;
  std::vector<ImportedGame> games;
};

struct ImportOutcome {
  std::string set_id;      // empty when nothing was imported and no set was named
  std::string session_id;  // the set's session
  int imported = 0;
  int first_board = 0;  // the first new board's number (0 when none)
  int board_count = 0;  // the set's boards after the batch
  // Per game of the batch: its new board number, or 0 for a duplicate (the event has the game).
  std::vector<int> board_numbers;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_IMPORT_RECORDS_H_
