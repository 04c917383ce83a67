// The PostgreSQL store (ARCHITECTURE.md "Store"; STYLE: cgimap). The only code that includes
// libpqxx. SQL lives here only, with named prepared statements beside their one caller and
// parameters always bound; one transaction per request; read-only transactions for reads.
// Thread-safe: a small pool of connections serves concurrent RPCs.
//
// Errors: kNotFound, kAlreadyExists, kFailedPrecondition-like codes as engine ErrorCodes,
// kUnavailable when the database cannot be reached (clients retry), kInternal otherwise. Every
// message is a sentence of the domain ("a player named 'Anna' is already in event ev-..."), never
// PostgreSQL's text, which goes to the server's stderr (pg_error.h, constraints.h).
#ifndef SKAT_SERVICES_STORE_STORE_H_
#define SKAT_SERVICES_STORE_STORE_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board_set.h"
#include "engine/game_result.h"
#include "engine/status.h"

namespace skat::store {

// The tables an event's scores are read from, each by its event_id column (the event itself by
// id): what the scoring service's loader reads (services/scoring/event_scores.cc LoadEventScores,
// through GetEvent, ListClubs, ListPlayers, ListSessions with their tables and seatings,
// ListResults and ListAdjustments) and what EventStamp stamps, built from this one list. A table
// that holds an event's rows and is not listed here must not change its scores
// (tests/services/scoring_service_test.cc checks every such table of the schema).
inline constexpr std::array<std::string_view, 8> kScoreInputTables = {
    "events", "clubs", "players", "sessions", "play_tables", "seatings", "results", "adjustments"};

struct EventRecord {
  std::string id;       // "ev-" + 10 lower-case base32 characters; resource name events/{id}
  std::string name;     // the director's name for it, 1..200 characters
  std::string profile;  // rule profile id, e.g. "nasl-1909"
  std::string director_token_sha256;  // hex; the token itself is never stored
  // Scoring options (COMPARATIVE.md "Scoring, in two layers"): engine/scoring names.
  std::string board_score = "settled";     // "pad", "settled", "seeger-fabian"
  std::string comparison = "matchpoints";  // "matchpoints", "datum", "total", "session-total"
  std::string tie_breaks = "diff,shared";  // comma-separated "diff", "lot", "shared"
  int64_t created_unix = 0;
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
  int position = 0;  // 0-based order of adding (the recorded lot); assigned by the store
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
  int64_t version = 0;  // optimistic concurrency (STYLE: cgimap)
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
  // 0: forehand by board number (engine ForehandChair); 1..chairs: forehand always here.
  int forehand_chair = 0;
  // Tables of a session (empty / 0 otherwise): the session, round and table number, and the
  // player id by chair (chairs entries, "" for none).
  std::string session_id;
  int round = 0;
  int table_number = 0;
  std::vector<std::string> player_ids;
  int64_t created_unix = 0;
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

// A director adjustment (COMPARATIVE.md "Director adjustments"); never changed once stored.
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

// The right to accept acts for one table (ARCHITECTURE.md "Scale beyond one machine"). Every
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
  int64_t sequence = 1;  // the client's sequence number for this chair
  std::string act;       // the act line, e.g. "M bid 18" (engine ActLine)
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

// The most rows one keyset page reads: the page (at most 1000 rows, services/common/page.h) and
// one more that tells whether another page follows.
inline constexpr int kMaxPageRows = 1001;

struct ImportBatch;  // import_records.h
struct ImportOutcome;

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

class Store {
 public:
  virtual ~Store() = default;

  // Connects with a libpq URL ("postgresql:///skat?host=/tmp/x&port=5432"). kUnavailable when
  // the server cannot be reached.
  static Result<std::unique_ptr<Store>> Connect(const std::string& url, int pool_size = 4);

  // Applies every migration in migrations/ not yet recorded in schema_migrations, in order.
  virtual Status Migrate() = 0;

  // One statement on a pooled connection (SELECT 1): OK when the database answers, kUnavailable
  // when it cannot be reached. skatd's health check; a call after the database came back also
  // clears the pool of connections to the old server.
  virtual Status Ping() = 0;

  virtual Result<EventRecord> CreateEvent(const EventRecord& event) = 0;
  virtual Result<EventRecord> GetEvent(const std::string& id) = 0;
  // Keyset pages (services/common/page.h): each list method that takes a limit reads at most
  // `limit` rows (1..kMaxPageRows, else kInvalidArgument) after the given key, in its order.

  // Events oldest first (creation time, then id), after the event after_id ("": from the first).
  // An after_id of no event reads as the end of the list.
  virtual Result<std::vector<EventRecord>> ListEvents(const std::string& after_id, int limit) = 0;

  // Stores a new set with its boards (if generated) and its secret seed, in one transaction.
  virtual Result<BoardSetRecord> CreateBoardSet(const BoardSetRecord& set) = 0;
  // With the boards in `boards` (all by default) and, once revealed, the seed in set.seed.
  virtual Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                             BoardRange boards = BoardRange::All()) = 0;
  // Metadata only: set.boards empty. Oldest first (creation time, then id), after the set
  // after_id ("": from the first; a set the event does not have: the end). kNotFound for no such
  // event.
  virtual Result<std::vector<BoardSetRecord>> ListBoardSets(const std::string& event_id,
                                                            const std::string& after_id,
                                                            int limit) = 0;
  // Enters the beacon value and the boards it produced. kFailedPrecondition-like
  // (kNotAllowed) if a value was entered before; kAborted on a version conflict.
  virtual Status SetBeacon(const std::string& event_id, const std::string& id,
                           const std::string& beacon_value, const std::vector<SetBoard>& boards,
                           int64_t expected_version) = 0;
  // Marks the set revealed (its seed becomes public) at the database's time and returns it
  // without boards. Refused with kBoardInPlay, naming a table and board and how many boards are
  // open, while a table of the set (of a session or not) has a board with no counting result
  // (none current and confirmed), unless `forced_reason` is not empty: then the set is revealed
  // anyway and keeps reveal_forced and the reason. The check and the reveal are one transaction
  // that locks the set's row, so no table of the set is opened between them. kAlreadyExists if
  // it was revealed before; kNotAllowed while it awaits its beacon value; kAborted on a version
  // conflict; kInvalidArgument for a reason over 500 bytes.
  virtual Result<BoardSetRecord> Reveal(const std::string& event_id, const std::string& id,
                                        int64_t expected_version,
                                        const std::string& forced_reason) = 0;

  // Tables (docs/tables.md). Stores the table, one seating per chair (token hash, player name) and
  // one games row per board (source "online" or "physical"), in one transaction. kNotFound when the
  // event or board set is missing; kInvalidArgument for a board number outside the set or
  // repeated, chairs other than the set's table size (allowed for a session's table), or not one
  // token (and none or one name) per chair; kAlreadyExists for a taken id or seat token. Returns
  // it with created_unix and one player name per chair.
  virtual Result<TableRecord> CreateTable(const TableRecord& table) = 0;
  // seat_token_sha256 is left empty.
  virtual Result<TableRecord> GetTable(const std::string& event_id, const std::string& id) = 0;
  // The chair whose token hashes to token_sha256; kNotFound for none.
  virtual Result<SeatRecord> FindSeat(const std::string& token_sha256) = 0;

  // Seat and director tokens (docs/tables.md "Seats and tokens"). The SHA-256 of each chair's seat
  // token now, chair 1 first; kNotFound for no such table.
  virtual Result<std::vector<std::string>> SeatTokenHashes(const std::string& event_id,
                                                           const std::string& table_id) = 0;
  // Replaces the seat token hashes of the given chairs of the event's tables and increments each
  // of those tables' lease version, in one transaction: the old tokens open nothing from then
  // on, and a table server that holds one of the tables with the old hashes loses its lease (its
  // next act or renewal is kAborted) and reloads the table. kNotFound (nothing changed) when a
  // chair is not seated at a table of the event; kInvalidArgument for no change, a hash that is
  // not 64 hex digits, or a chair listed twice; kAlreadyExists for a hash another seat has.
  virtual Status ReplaceSeatTokens(const std::string& event_id,
                                   const std::vector<SeatTokenChange>& changes) = 0;
  // Replaces the event's director token hash old_sha256 by new_sha256 and returns the event.
  // kNotFound for no such event; kAborted (nothing changed) when the event's hash is not
  // old_sha256 (another rotation came first); kInvalidArgument for a new hash that is not 64 hex
  // digits.
  virtual Result<EventRecord> RotateDirectorToken(const std::string& event_id,
                                                  const std::string& old_sha256,
                                                  const std::string& new_sha256) = 0;

  // Takes the table's lease for `owner` for lease_ms milliseconds and bumps its version: when
  // nobody holds it, the lease expired, or `owner` holds it already (a restarted server). Else
  // kTableOwnedElsewhere naming the holder and when its lease ends; kNotFound for no such table.
  // Times are the database server's clock.
  virtual Result<TableLease> AcquireTable(const std::string& event_id, const std::string& id,
                                          const std::string& owner, int lease_ms) = 0;
  // Extends the lease; kAborted when (owner, version) no longer holds the table.
  virtual Status RenewLease(const TableLease& lease, int lease_ms) = 0;
  // Gives the lease up: anyone may acquire the table at once, and (owner, version) no longer holds
  // it (AppendAct and RenewLease return kAborted). A no-op when it was lost.
  virtual Status ReleaseTable(const TableLease& lease) = 0;

  // Every act of the table in order (board_index, act_index). kNotFound for no such table.
  virtual Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                        const std::string& table_id) = 0;
  // The acts of the boards first_index..last_index (0-based places, inclusive) only, in order.
  virtual Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                        const std::string& table_id,
                                                        int first_index, int last_index) = 0;
  // Appends one accepted act and, when it finished its game, the game's result (confirmed by
  // "engine") and the game's finish time, in one transaction committed before returning, and
  // extends the lease by lease_ms. kAborted when (lease.owner, lease.version) no longer holds the
  // table (nothing is written); kAlreadyExists when the act index or the chair's sequence number
  // is taken; kNotFound for a board index the table does not have. The result is stored for the
  // lease's table and the act's board index (the record's ids are ignored), entered by its
  // entered_by or else "engine".
  virtual Status AppendAct(const TableLease& lease, const LoggedActRecord& act,
                           const ResultRecord* finished_game, int lease_ms) = 0;

  // Results of one table (table_id set) or of the whole event (table_id empty), ordered by
  // table, board index and id; only current rows unless include_history. kNotFound for no such
  // event or table.
  virtual Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                        const std::string& table_id,
                                                        bool include_history) = 0;
  // One table's results after `after` (ResultPageKey's order), at most `limit` (a keyset page).
  // kNotFound for no such table.
  virtual Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                        const std::string& table_id,
                                                        bool include_history,
                                                        const ResultPageKey& after, int limit) = 0;
  // Enters a physical result (unconfirmed unless confirmed_by is set). kAlreadyExists when the
  // board has a current result; kNotFound for no such game. With refused_limit > 0:
  // kPermissionDenied when that many refused reports of the board are stored, checked under the
  // table's row lock that AddRefusedReport takes too (so no report slips past the limit).
  virtual Result<ResultRecord> SubmitResult(const ResultRecord& result, int refused_limit) = 0;
  // Stores a refused report unless limit > 0 and `limit` refused reports of its board at its
  // table are stored already; returns whether it stored it. kNotFound for no such table.
  virtual Result<bool> AddRefusedReport(const RefusedReportRecord& report, int limit) = 0;
  // How many refused reports of the board (table, board index) are stored.
  virtual Result<int> CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                          int board_index) = 0;
  // A table's refused reports with ids above after_id, oldest first, at most `limit` (a keyset
  // page). kNotFound for no such table.
  virtual Result<std::vector<RefusedReportRecord>> ListRefusedReports(const std::string& event_id,
                                                                      const std::string& table_id,
                                                                      int64_t after_id,
                                                                      int limit) = 0;
  // Confirms the board's current result. kNotFound without one; kNotAllowed when it is
  // confirmed already or `by` entered it; kInvalidArgument for an empty `by`.
  virtual Result<ResultRecord> ConfirmResult(const std::string& event_id,
                                             const std::string& table_id, int board_index,
                                             const std::string& by) = 0;
  // Replaces the board's current result by `replacement` (stored as given, confirmed when its
  // confirmed_by is set) and marks the old row replaced by `by` with `reason`, in one
  // transaction. kNotFound when there is no current result; kInvalidArgument for an empty `by`
  // or `reason`; kAborted when another correction of the board committed first.
  virtual Result<ResultRecord> CorrectResult(const ResultRecord& replacement, const std::string& by,
                                             const std::string& reason) = 0;

  // Clubs, players and sessions (docs/events-and-scoring.md). kNotFound for no such event (or
  // club); kAlreadyExists for a name the event has already.
  virtual Result<ClubRecord> CreateClub(const ClubRecord& club) = 0;
  virtual Result<PlayerRecord> CreatePlayer(const PlayerRecord& player) = 0;
  // In the order of adding.
  virtual Result<std::vector<ClubRecord>> ListClubs(const std::string& event_id) = 0;
  virtual Result<std::vector<PlayerRecord>> ListPlayers(const std::string& event_id) = 0;
  // A keyset page of the event's clubs, then its players, each in the order of adding (position,
  // then id): the rows after the club or player after_id ("": from the first club; a club or
  // player the event does not have: the end), at most `limit` in all. kInvalidArgument for an
  // after_id that is neither a club's nor a player's id.
  virtual Result<ClubsAndPlayers> ListClubsAndPlayers(const std::string& event_id,
                                                      const std::string& after_id, int limit) = 0;
  // Stores the session and every table of it (as CreateTable, with session, round, table number
  // and player ids) in one transaction; the session's number is the next free one. Errors as
  // CreateTable's, and kAlreadyExists when the event has a session of the same request_id.
  virtual Result<SessionRecord> CreateSession(const SessionRecord& session) = 0;
  // Tables with their player ids, without token hashes.
  virtual Result<SessionRecord> GetSession(const std::string& event_id, const std::string& id) = 0;
  // The session of the event started with `request_id` (as GetSession), or nullopt. kNotFound for
  // no such event.
  virtual Result<std::optional<SessionRecord>> FindSessionByRequest(
      const std::string& event_id, const std::string& request_id) = 0;
  // The session (as GetSession) with one page of its tables: those after (after_round,
  // after_table) in (round, table number) order, at most `limit` (1..1000). kNotFound for no such
  // session; kInvalidArgument for a limit out of range.
  virtual Result<SessionPage> GetSessionPage(const std::string& event_id, const std::string& id,
                                             int after_round, int after_table, int limit) = 0;
  virtual Result<std::vector<SessionRecord>> ListSessions(const std::string& event_id) = 0;
  // kNotFound for no such event, table or player.
  virtual Result<AdjustmentRecord> AddAdjustment(const AdjustmentRecord& adjustment) = 0;
  virtual Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id) = 0;
  // A keyset page: the adjustments with ids above after_id, oldest first, at most `limit`.
  virtual Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id,
                                                                int64_t after_id, int limit) = 0;
  // A text that changes whenever a row the event's scores are read from changes (a row of
  // kScoreInputTables with the event's id): per table the rows' count and the sum of their
  // inserting transactions' ids, which only grow. Equal stamps read before two loads mean the
  // same stored scores. Cheap: one query, one short text back.
  virtual Result<std::string> EventStamp(const std::string& event_id) = 0;

  // Imported games (docs/iss-game-records.md; import_records.h). Writes the batch in one
  // transaction: the new event if any; the games the event does not have yet (by game key),
  // numbered on from the set's last board, each as a board, a table of its session, seatings,
  // players by name, its game, act log, result and imported_games row; a new set and session (with
  // the first new game) or the named set's grown board count. Nothing when every game is a
  // duplicate. kNotFound for no such event or set; kNotAllowed for a set that was not imported;
  // kInvalidArgument for a game without table id, game key or record, or with an act of another
  // board index or chair.
  virtual Result<ImportOutcome> ImportGames(const ImportBatch& batch) = 0;

  // Par tables (docs/par.md): the cached table of (deal number, profile, version), or nullopt.
  virtual Result<std::optional<ParTableRecord>> GetParTable(uint64_t deal_number,
                                                            const std::string& profile,
                                                            int version) = 0;
  // Caches a par table unless one is stored for its key already (then nothing changes: a par
  // table is a function of its key). kInvalidArgument for empty fields or a version < 1.
  virtual Status PutParTable(const ParTableRecord& record) = 0;
  // Every board of every revealed board set, in the order events, sets and boards were made,
  // with the par tables cached under `par_version`.
  virtual Result<std::vector<ArchiveBoardRecord>> ListArchiveBoards(int par_version) = 0;
};

// Notifications of changed scores: a dedicated connection that LISTENs on channel
// 'skat_scores' (migration 0003's trigger sends the event id of every changed result or
// adjustment at commit).
class ScoreListener {
 public:
  virtual ~ScoreListener() = default;
  // kUnavailable when the server cannot be reached.
  static Result<std::unique_ptr<ScoreListener>> Open(const std::string& url);
  // Waits up to `timeout_ms` and returns the event ids notified since the last call (possibly
  // none). kUnavailable when the connection broke (open a new listener).
  virtual Result<std::vector<std::string>> Await(int timeout_ms) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_STORE_H_
