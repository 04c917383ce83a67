// The rows the store reads and writes (store.h), one struct per kind of row.
#ifndef SKAT_SERVICES_STORE_RECORDS_H_
#define SKAT_SERVICES_STORE_RECORDS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board_set.h"
#include "engine/game_result.h"
#include "engine/status.h"

namespace skat::store {

struct EventRecord {
  std::string id;       // "ev-" + 10 lower-case base32 characters; resource name events/{id}
  std::string name;     // the director's name for it, 1..200 characters
  std::string profile;  // rule profile id, e.g. "nasl-1909"
  std::string director_token_sha256;  // hex; the token itself is never stored
  // Scoring options (docs/comparative.md "Scoring, in two layers"): engine/scoring names.
  std::string board_score = "settled";  // "pad", "settled", "seeger-fabian"
  // "matchpoints", "datum", "total", "session-total", "synchron"
  std::string comparison = "matchpoints";
  std::string tie_breaks = "diff,shared";  // comma-separated "diff", "lot", "shared"
  int64_t created_unix = 0;
  std::string registry_id{};  // the registry whose persons its players may be (docs/persons.md)
  bool rated = false;         // the registry rates it (docs/ratings.md)
  // The language of its printed sheets and the deck they and the result pages draw
  // (event_settings.h; docs/i18n.md "Printed sheets", docs/cards.md "Decks").
  std::string language = "en";  // "en", "de"
  std::string deck = "french";  // "french", "four", "german"
  // The ranking key (docs/comparative.md "Ranking"; migration 0017): "percentage",
  // "matchpoint-sum", "total"; it fits the comparison (engine/scoring/options.h CheckRanking).
  std::string ranking = "percentage";
};

// A club of an inter-club match (docs/events-and-scoring.md).
struct ClubRecord {
  std::string event_id;
  std::string id;  // "cl-" + 10 lower-case base32 characters; events/{event}/clubs/{id}
  std::string name;
  int position = 0;  // 0-based order of adding; assigned by the store
};

struct PlayerRecord {
  std::string event_id;
  std::string id;  // "pl-" + 10 lower-case base32 characters; events/{event}/players/{id}
  std::string name;
  std::string club_id;  // empty for none
  bool bot = false;
  int position = 0;           // 0-based order of adding (the recorded lot); assigned by the store
  std::string person_id{};    // a person of the event's registry; empty for none
  std::string registry_id{};  // that person's registry (set by the store); empty for none
};

struct BoardSetRecord {
  std::string event_id;
  std::string id;  // "bs-" + 10 lower-case base32 characters; events/{event}/boardSets/{id}
  BoardSet set;    // boards empty while a beacon value is awaited; set.seed only once revealed
  std::string secret_seed;  // hex; stored from creation, returned to the service layer only
  bool revealed = false;
  // Once revealed (migration 0006): when (0 for sets revealed before it was recorded), and whether
  // the director forced the reveal, with the reason (1..500 bytes; empty unless forced).
  int64_t revealed_unix = 0;
  bool reveal_forced = false;
  std::string reveal_reason;
  int board_count = 0;  // planned number of boards
  int64_t created_unix = 0;
  int64_t version = 0;  // optimistic concurrency (docs/development.md "cgimap")
};

// Which boards a read brings along with a set.
struct BoardRange {
  int first = 1;
  int last = 1 << 30;
  static BoardRange All() { return {}; }
  static BoardRange None() { return {1, 0}; }
  static BoardRange One(int number) { return {number, number}; }
};

// A table: the boards of one round of one board set, played at `chairs` chairs (docs/tables.md).
struct TableRecord {
  std::string event_id;
  std::string id;  // "tb-" + 10 lower-case base32 characters; events/{event}/tables/{id}
  std::string label;
  std::string set_id;
  std::vector<int> boards;  // board numbers in playing order
  int chairs = 3;           // 3 or 4
  bool physical = false;    // results entered from real cards instead of online acts
  bool imported = false;  // read from game records (skat import-iss); read-only, never created here
  std::vector<std::string> player_names;       // by chair (chairs entries, may be empty text)
  std::vector<std::string> seat_token_sha256;  // by chair; written by CreateTable, never read
  // The SHA-256 of a physical table's table code (docs/tables.md "Table codes"), or empty for
  // none; written by CreateTable, never read.
  std::string code_sha256;
  // 0: forehand by board number (engine ForehandChair); 1..chairs: forehand always here.
  int forehand_chair = 0;
  // Tables of a session (empty / 0 otherwise): the session, round and table number, and the
  // player id by chair (chairs entries, "" for none).
  std::string session_id;
  int round = 0;
  int table_number = 0;
  std::vector<std::string> player_ids;
  int64_t created_unix = 0;
  // The table's own move clock in seconds per decision; 0: the profile's (D72).
  int move_seconds = 0;
  // The chairs a bot plays for (TableService.SetSeatBot), ascending.
  std::vector<int> bot_chairs;
};

// A session: the tables of every round of one movement over one board set
// (docs/events-and-scoring.md).
struct SessionRecord {
  std::string event_id;
  std::string id;  // "se-" + 10 lower-case base32 characters; events/{event}/sessions/{id}
  int number = 0;  // 1-based; assigned by the store
  std::string set_id;
  std::string movement;             // "individual", "inter-club", "congress"
  std::string warnings;             // the validator's warnings, one per line
  std::string validation;           // the validator's printout
  std::vector<TableRecord> tables;  // by round, then table number
  int64_t created_unix = 0;
  // StartSession's request id (AIP-155; 1..64 letters, digits, '-', '_') and the SHA-256 (hex) of
  // the request it came with; both empty for a session started without one.
  std::string request_id;
  std::string request_sha256;
};

// One page of a session's tables (GetSessionPage).
struct SessionPage {
  SessionRecord session;  // tables: the page only
  int table_count = 0;    // the session's tables in all pages
  int tables_before = 0;  // the session's tables before the page
};

// A chair's new seat token (ReplaceSeatTokens).
struct SeatTokenChange {
  std::string table_id;
  int chair = 1;
  std::string token_sha256;  // hex
};

// A table's new table code (ReplaceSeatTokens; docs/tables.md "Table codes").
struct TableCodeChange {
  std::string table_id;
  std::string code_sha256;  // hex
};

// The physical table whose table code hashes to a SHA-256 (FindTableCode).
struct TableCodeRecord {
  std::string event_id;
  std::string table_id;
  int chairs = 3;
};

// A director adjustment (docs/comparative.md "Director adjustments"); never changed once stored.
struct AdjustmentRecord {
  int64_t id = 0;  // assigned by the store
  std::string event_id;
  std::string kind;  // "assigned", "artificial", "penalty", "fouled"
  int session = 1;
  int board_number = 0;   // 0: none (a penalty)
  std::string table_id;   // empty: none (a penalty)
  int direction = -1;     // 0..2; -1: none
  std::string player_id;  // penalty: the player
  int64_t assigned_score = 0;
  int artificial_percent = 0;
  std::string penalty;  // exact decimal text
  int version = 0;      // fouled: the board's version this table played
  std::string reason;
  std::string created_by;
  int64_t created_unix = 0;
};

// The chair a seat token opens.
struct SeatRecord {
  std::string event_id;
  std::string table_id;
  int chair = 1;
};

// The right to accept acts for one table (docs/architecture.md "Scale beyond one machine"). Every
// acquisition bumps the version; an act is stored only while (owner, version) still holds it.
struct TableLease {
  std::string event_id;
  std::string table_id;
  std::string owner;  // the table server's id
  int64_t version = 0;
};

// One accepted act in a table's log.
struct LoggedActRecord {
  int board_index = 0;  // 0-based place of the board in the table's round
  int act_index = 0;    // 0-based place in the game's acts
  int chair = 1;
  int64_t sequence = 1;  // the client's sequence number for this chair; 0 unless made_by "seat"
  std::string act;       // the act line, e.g. "M bid 18" (engine ActLine)
  // "seat" (the chair's client), "clock" (the move clock ran out, D72) or "bot" (SetSeatBot).
  std::string made_by = "seat";
};

// A game's result: online (from the engine, confirmed at once) or physical (entered by a chair,
// confirmed by another). A correction replaces a row; the replaced row stays.
struct ResultRecord {
  int64_t id = 0;  // assigned by the store
  std::string event_id;
  std::string table_id;
  int board_index = 0;
  int board_number = 1;  // stored from the game's row; ignored when writing
  std::string source;    // "online", "physical", "imported"; empty: the game's source
  // The game as scored: kind, declarer, declaration, matadors, valuation.won/value/level, card
  // points, tricks
  // (the pad entries of the three directions are in `pad`; game.pad reads back as the first
  // three). Declarer and declaration are stored for declarer games only; won/value read back
  // false/0 for Ramsch and passed-in boards (the pad is what counts there). Other GameResult
  // fields are not stored.
  GameResult game;
  std::vector<int> pad;     // forehand, middlehand, rearhand[, resting dealer]
  std::string summary;      // engine Describe()
  std::string report_json;  // physical: the report as entered; empty otherwise
  std::string entered_by;   // "chair 2", "director", "engine"
  int64_t entered_unix = 0;
  std::string confirmed_by;  // empty until confirmed
  int64_t confirmed_unix = 0;
  int64_t replaced_by = 0;  // the correcting row's id, 0 while current
  int64_t replaced_unix = 0;
  std::string corrected_by;  // who replaced this row
  std::string correction_reason;
  bool counts() const { return replaced_by == 0 && !confirmed_by.empty(); }
};

// One chair's session total at a physical table (the BSA's Duplikat Skat on paper,
// docs/events-and-scoring.md 4.12). A changed total replaces the row; the replaced row stays.
struct ChairTotalRecord {
  int64_t id = 0;  // assigned by the store
  std::string event_id;
  std::string table_id;
  int chair = 1;
  int64_t total = 0;
  int64_t entered_unix = 0;
};

// A report of physical play that the table service refused (docs/tables.md "Results from
// physical play"), as the director lists it; never changed once stored.
struct RefusedReportRecord {
  int64_t id = 0;  // assigned by the store, increasing
  std::string event_id;
  std::string table_id;
  int board_index = 0;
  int board_number = 1;
  std::string report_json;  // the report as sent
  std::string entered_by;   // "chair 2", "director"
  int64_t entered_unix = 0;
  std::string reason;   // the refusal's ErrorCodeName: "invalid-argument", "not-allowed"
  std::string message;  // the refusal as answered
};

// An event's clubs and players, as one page of both lists (ListClubsAndPlayers).
struct ClubsAndPlayers {
  std::vector<ClubRecord> clubs;
  std::vector<PlayerRecord> players;
};

// Where a page of a table's results starts (ListResults with a limit): after the row of this key
// in the order current rows first, then replaced ones, each by board index, then id. The default
// key is before every row.
struct ResultPageKey {
  bool replaced = false;
  int board_index = -1;
  int64_t id = 0;
};

// Keyset pages (services/common/page.h): each store method that takes a limit reads at most
// `limit` rows (1..kMaxPageRows, else kInvalidArgument) after the given key, in its order: the
// page (at most 1000 rows) and one more that tells whether another page follows.
inline constexpr int kMaxPageRows = 1001;

// A par table cached by deal number, profile and par version (docs/par.md, migration 0005;
// docs/par.md; engine/analysis/par.h kParVersion).
struct ParTableRecord {
  uint64_t deal_number = 0;
  std::string profile;
  int version = 0;
  std::string par_game;      // the par contract's game type name, or "all-pass"
  std::string par_handling;  // its handling name ("tournee", "hand", ...); "" for all pass
  std::string par_summary;   // "F grand ouvert, with 4: schwarz, +216" or "all pass"
  std::string analysis;      // the scoring service's JSON of skat.v1.ParTable
};

// One board of the archive (every revealed board set, imported ones included), with what the
// search needs: the cached par contract (has_par false when none is cached under the event's
// profile and the asked par version) and how much the tables differed.
struct ArchiveBoardRecord {
  std::string event_id;
  std::string event_name;
  std::string profile;
  std::string set_id;
  std::string set_label;
  std::string source;  // "generated", "imported"
  int number = 1;
  uint64_t deal_number = 0;
  std::string forehand, middlehand, rearhand, skat;  // card text, skat card 1 first
  bool has_par = false;
  std::string par_game, par_handling, par_summary;
  // Over the current, confirmed results of the set's tables for this board: the largest
  // max - min of one direction's pad entry, and the number of such results.
  int64_t spread = 0;
  int tables = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_RECORDS_H_
