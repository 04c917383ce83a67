// Results (store.h "Results"; pg_store.h describes the transactions). A row is never deleted: a
// correction marks the current row replaced (by whom, why, by which row) and inserts the new one.
// The partial unique index results_one_current keeps one current row per game.
//
// Stored per row: the kind ('declarer', 'ramsch', 'passed-in'); for declarer games the declarer
// and the declaration (handling, game_type, ouvert, announced) by name (stored_enums.h),
// won and value from the valuation; for Ramsch and passed-in boards those are NULL and won/value
// false/0 (what counts there is the pad). Every kind: the pad entries (3, or 4 with a resting
// dealer), card points and tricks per seat, and the engine's one-line summary.
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "services/store/pg_store.h"
#include "services/store/stored_enums.h"

namespace skat::store {
namespace {

const char* KindText(ResultKind kind) {
  switch (kind) {
    case ResultKind::kDeclarerGame: return "declarer";
    case ResultKind::kRamsch: return "ramsch";
    case ResultKind::kPassedIn: return "passed-in";
  }
  return "passed-in";
}

ResultKind KindFromText(const std::string& text) {
  if (text == "declarer") return ResultKind::kDeclarerGame;
  if (text == "ramsch") return ResultKind::kRamsch;
  if (text == "passed-in") return ResultKind::kPassedIn;
  throw std::runtime_error("stored result kind '" + text + "' is unknown");
}

std::string BoardName(const std::string& event_id, const std::string& table_id, int board_index) {
  return "board index " + std::to_string(board_index) + " of " + TableName(event_id, table_id);
}

std::vector<int> Ints(const std::array<int, 3>& values) {
  return std::vector<int>(values.begin(), values.end());
}

// The columns ResultFromRow reads, in its order.
#define SKAT_RESULT_COLUMNS                                                               \
  "id, event_id, table_id, board_index, board_number, source, kind, declarer, handling, " \
  "game_type, ouvert, announced, won, value, pad, card_points, tricks, summary, "         \
  "COALESCE(report_json, ''), entered_by, EXTRACT(EPOCH FROM entered_at)::bigint, "       \
  "COALESCE(confirmed_by, ''), COALESCE(EXTRACT(EPOCH FROM confirmed_at)::bigint, 0), "   \
  "COALESCE(replaced_by, 0), COALESCE(EXTRACT(EPOCH FROM replaced_at)::bigint, 0), "      \
  "COALESCE(corrected_by, ''), COALESCE(correction_reason, ''), COALESCE(matadors, 0), "  \
  "COALESCE(level, 0)"

// The game's current row (the one no correction replaced): $1 event_id, $2 table_id, $3
// board_index.
#define SKAT_CURRENT_RESULT \
  "WHERE event_id = $1 AND table_id = $2 AND board_index = $3 AND replaced_by IS NULL"

std::array<int, 3> ThreeInts(const pqxx::field& field) {
  const std::vector<int> values = IntsFromArray(field);
  if (values.size() != 3) throw std::runtime_error("a stored per-seat array is not of 3 seats");
  return {values[0], values[1], values[2]};
}

ResultRecord ResultFromRow(const pqxx::row& row) {
  ResultRecord r;
  r.id = row[0].as<int64_t>();
  r.event_id = row[1].as<std::string>();
  r.table_id = row[2].as<std::string>();
  r.board_index = row[3].as<int>();
  r.board_number = row[4].as<int>();
  r.source = row[5].as<std::string>();
  r.game.kind = KindFromText(row[6].as<std::string>());
  if (r.game.kind == ResultKind::kDeclarerGame) {
    r.game.declarer = StoredDirection(row[7].as<std::string>());
    r.game.declaration.handling = StoredHandling(row[8].as<std::string>());
    r.game.declaration.type = StoredGameType(row[9].as<std::string>());
    r.game.declaration.ouvert = row[10].as<bool>();
    r.game.declaration.announced = StoredAnnouncement(row[11].as<std::string>());
  }
  r.game.valuation.won = row[12].as<bool>();
  r.game.valuation.value = row[13].as<int>();
  r.pad = IntsFromArray(row[14]);
  for (size_t i = 0; i < r.game.pad.size() && i < r.pad.size(); ++i) r.game.pad[i] = r.pad[i];
  r.game.card_points = ThreeInts(row[15]);
  r.game.tricks = ThreeInts(row[16]);
  r.summary = row[17].as<std::string>();
  r.report_json = row[18].as<std::string>();
  r.entered_by = row[19].as<std::string>();
  r.entered_unix = row[20].as<int64_t>();
  r.confirmed_by = row[21].as<std::string>();
  r.confirmed_unix = row[22].as<int64_t>();
  r.replaced_by = row[23].as<int64_t>();
  r.replaced_unix = row[24].as<int64_t>();
  r.corrected_by = row[25].as<std::string>();
  r.correction_reason = row[26].as<std::string>();
  // Rows from before migration 0003 have no matadors: read as "with 1", the struct's default.
  if (const int matadors = row[27].as<int>(); matadors != 0) {
    r.game.matadors = Matadors{.count = matadors > 0 ? matadors : -matadors, .with = matadors > 0};
  }
  r.game.valuation.level = row[28].as<int>();
  return r;
}

// The current row's confirmed_by (NULL until confirmed) and entered_by; no row when the game has
// no current result.
pqxx::result CurrentResult(WriteTransaction& tx, PooledConnection& conn,
                           const std::string& event_id, const std::string& table_id,
                           int board_index) {
  static constexpr Statement kCurrent = {
      "current_result_state", "SELECT confirmed_by, entered_by FROM results " SKAT_CURRENT_RESULT};
  return tx.exec_prepared(conn.Prepare(kCurrent), event_id, table_id, board_index);
}

}  // namespace

Result<ResultRecord> InsertResult(WriteTransaction& tx, PooledConnection& conn,
                                  const ResultRecord& result, int64_t id) {
  // The declaration columns only for declarer games; won/value false/0 for the other kinds.
  static constexpr Statement kInsertResult = {
      "insert_result",
      "INSERT INTO results (id, event_id, table_id, board_index, board_number, source, kind, "
      "declarer, handling, game_type, ouvert, announced, won, value, pad, card_points, tricks, "
      "summary, report_json, entered_by, confirmed_by, confirmed_at, matadors, level) "
      "SELECT CASE WHEN $4::bigint > 0 THEN $4::bigint ELSE nextval('results_id_seq') END, "
      "g.event_id, g.table_id, g.board_index, g.board_number, COALESCE(NULLIF($5::text, ''), "
      "g.source), $6::text, "
      "CASE WHEN $6::text = 'declarer' THEN $7::text END, "
      "CASE WHEN $6::text = 'declarer' THEN $8::text END, "
      "CASE WHEN $6::text = 'declarer' THEN $9::text END, "
      "CASE WHEN $6::text = 'declarer' THEN $10::boolean END, "
      "CASE WHEN $6::text = 'declarer' THEN $11::text END, "
      "$6::text = 'declarer' AND $12::boolean, "
      "CASE WHEN $6::text = 'declarer' THEN $13::integer ELSE 0 END, "
      "$14::integer[], $15::integer[], $16::integer[], $17, NULLIF($18::text, ''), $19, "
      "NULLIF($20::text, ''), CASE WHEN $20::text <> '' THEN now() END, "
      "CASE WHEN $6::text = 'declarer' THEN NULLIF($21::integer, 0) END, "
      "CASE WHEN $6::text = 'declarer' THEN $22::integer END "
      "FROM games g WHERE g.event_id = $1 AND g.table_id = $2 AND g.board_index = $3 "
      "RETURNING " SKAT_RESULT_COLUMNS};
  const GameResult& game = result.game;
  const pqxx::result rows = tx.exec_prepared(
      conn.Prepare(kInsertResult), result.event_id, result.table_id, result.board_index, id,
      result.source, KindText(game.kind), std::string(DirectionName(game.declarer)),
      std::string(HandlingName(game.declaration.handling)),
      std::string(GameTypeName(game.declaration.type)), game.declaration.ouvert,
      std::string(AnnouncementName(game.declaration.announced)), game.valuation.won,
      game.valuation.value, ArrayLiteral(result.pad), ArrayLiteral(Ints(game.card_points)),
      ArrayLiteral(Ints(game.tricks)), result.summary, result.report_json, result.entered_by,
      result.confirmed_by, game.matadors.with ? game.matadors.count : -game.matadors.count,
      game.valuation.level);
  if (rows.empty()) {
    return Status::NotFound(BoardName(result.event_id, result.table_id, result.board_index) +
                            ": no such game (unknown table or board index)");
  }
  return ResultFromRow(rows[0]);
}

Result<std::vector<ResultRecord>> ReadResults(pqxx::transaction_base& tx, PooledConnection& conn,
                                              const std::string& event_id,
                                              const std::string& table_id, bool include_history) {
  const Status exists = table_id.empty() ? CheckEventExists(tx, conn, event_id)
                                         : CheckTableExists(tx, conn, event_id, table_id);
  if (!exists.ok()) return exists;
  // Two statements, not one with "$2 = '' OR table_id = $2": a generic plan of that one reads
  // every result of the event to list one table's (its cost grew with the event).
  static constexpr Statement kListEventResults = {
      "list_event_results",
      "SELECT " SKAT_RESULT_COLUMNS
      " FROM results WHERE event_id = $1 AND ($2::boolean OR replaced_by IS NULL) "
      "ORDER BY table_id, board_index, id"};
  static constexpr Statement kListTableResults = {
      "list_table_results", "SELECT " SKAT_RESULT_COLUMNS
                            " FROM results WHERE event_id = $1 AND table_id = $3 "
                            "AND ($2::boolean OR replaced_by IS NULL) ORDER BY board_index, id"};
  const pqxx::result rows =
      table_id.empty()
          ? tx.exec_prepared(conn.Prepare(kListEventResults), event_id, include_history)
          : tx.exec_prepared(conn.Prepare(kListTableResults), event_id, include_history, table_id);
  std::vector<ResultRecord> results;
  for (const pqxx::row& row : rows) results.push_back(ResultFromRow(row));
  return results;
}

std::vector<ResultRecord> ReadChangedResults(pqxx::transaction_base& tx, PooledConnection& conn,
                                             const std::string& event_id,
                                             const std::string& since) {
  static constexpr Statement kListChanged = {
      "list_changed_results", "SELECT " SKAT_RESULT_COLUMNS
                              " FROM results WHERE event_id = $1 AND changed_xid >= $2::xid8 "
                              "ORDER BY id"};
  std::vector<ResultRecord> results;
  for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListChanged), event_id, since)) {
    results.push_back(ResultFromRow(row));
  }
  return results;
}

Result<std::vector<ResultRecord>> PgStore::ListResults(const std::string& event_id,
                                                       const std::string& table_id,
                                                       bool include_history) {
  const std::string scope = table_id.empty() ? "event " + event_id : TableName(event_id, table_id);
  return Run<ReadTransaction>("list results of " + scope,
                              [&](ReadTransaction& tx, PooledConnection& conn) {
                                return ReadResults(tx, conn, event_id, table_id, include_history);
                              });
}

Result<std::vector<ResultRecord>> PgStore::ListResults(const std::string& event_id,
                                                       const std::string& table_id,
                                                       bool include_history,
                                                       const ResultPageKey& after, int limit) {
  if (Status s = CheckPageLimit(limit, "results"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list results of " + TableName(event_id, table_id),
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<ResultRecord>> {
        if (Status s = CheckTableExists(tx, conn, event_id, table_id); !s.ok()) return s;
        static constexpr Statement kListResultsAfter = {
            "list_results_after",
            "SELECT " SKAT_RESULT_COLUMNS
            " FROM results WHERE event_id = $1 AND table_id = $2 "
            "AND ($3::boolean OR replaced_by IS NULL) "
            "AND (replaced_by IS NOT NULL, board_index, id) > ($4::boolean, $5::integer, "
            "$6::bigint) ORDER BY replaced_by IS NOT NULL, board_index, id LIMIT $7"};
        std::vector<ResultRecord> results;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kListResultsAfter), event_id, table_id, include_history,
                              after.replaced, after.board_index, after.id, limit)) {
          results.push_back(ResultFromRow(row));
        }
        return results;
      });
}

std::string SubmitResultContext(const ResultRecord& result) {
  return "submit result of " + BoardName(result.event_id, result.table_id, result.board_index);
}

std::vector<Refusal> SubmitResultRefusals(const ResultRecord& result) {
  return {{"results_one_current", ErrorCode::kAlreadyExists,
           BoardName(result.event_id, result.table_id, result.board_index) +
               " has a result already; a correction replaces it"}};
}

Result<ResultRecord> WriteResult(WriteTransaction& tx, PooledConnection& conn,
                                 const ResultRecord& result, int refused_limit) {
  if (refused_limit > 0) {
    Result<int> refused =
        LockRefusedCount(tx, conn, result.event_id, result.table_id, result.board_index);
    if (!refused.ok()) return refused.status();
    if (*refused >= refused_limit) {
      return Status::PermissionDenied(
          BoardName(result.event_id, result.table_id, result.board_index) + ": " +
          std::to_string(*refused) + " reports were refused");
    }
  }
  return InsertResult(tx, conn, result);
}

Result<ResultRecord> PgStore::SubmitResult(const ResultRecord& result, int refused_limit) {
  return Run<WriteTransaction>(SubmitResultContext(result), SubmitResultRefusals(result),
                               [&](WriteTransaction& tx, PooledConnection& conn) {
                                 return WriteResult(tx, conn, result, refused_limit);
                               });
}

Result<ResultRecord> PgStore::ConfirmResult(const std::string& event_id,
                                            const std::string& table_id, int board_index,
                                            const std::string& by) {
  const std::string name = BoardName(event_id, table_id, board_index);
  if (by.empty()) return Status::InvalidArgument(name + ": who confirms is empty");
  return Run<WriteTransaction>(
      "confirm result of " + name,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<ResultRecord> {
        static constexpr Statement kConfirm = {
            "confirm_result",
            "UPDATE results SET confirmed_by = $4, confirmed_at = now() " SKAT_CURRENT_RESULT
            " AND confirmed_by IS NULL AND entered_by <> $4 RETURNING " SKAT_RESULT_COLUMNS};
        const pqxx::result confirmed =
            tx.exec_prepared(conn.Prepare(kConfirm), event_id, table_id, board_index, by);
        if (!confirmed.empty()) return ResultFromRow(confirmed[0]);
        const pqxx::result current = CurrentResult(tx, conn, event_id, table_id, board_index);
        if (current.empty()) return Status::NotFound(name + " has no result");
        if (!current[0][0].is_null()) {
          return Status::NotAllowed(name + ": the result was confirmed already by " +
                                    current[0][0].as<std::string>());
        }
        return Status::NotAllowed(name + ": the result was entered by " +
                                  current[0][1].as<std::string>() + "; another chair confirms it");
      });
}

Result<ResultRecord> PgStore::CorrectResult(const ResultRecord& replacement, const std::string& by,
                                            const std::string& reason) {
  const std::string name =
      BoardName(replacement.event_id, replacement.table_id, replacement.board_index);
  if (by.empty()) return Status::InvalidArgument(name + ": who corrects is empty");
  if (reason.empty()) {
    return Status::InvalidArgument(name + ": a correction needs a reason");
  }
  const std::vector<Refusal> refusals = {{"results_one_current", ErrorCode::kAborted,
                                          name + ": the result was corrected concurrently"}};
  return Run<WriteTransaction>(
      "correct result of " + name, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<ResultRecord> {
        // Locks and retires the current row in one statement, naming the replacement's id in
        // advance (the foreign key on replaced_by is checked at commit, when the row exists).
        static constexpr Statement kRetire = {
            "retire_result",
            "UPDATE results SET replaced_by = nextval('results_id_seq'), replaced_at = now(), "
            "corrected_by = $4, correction_reason = $5 " SKAT_CURRENT_RESULT
            " RETURNING replaced_by"};
        const pqxx::result retired =
            tx.exec_prepared(conn.Prepare(kRetire), replacement.event_id, replacement.table_id,
                             replacement.board_index, by, reason);
        if (retired.empty()) {
          if (CurrentResult(tx, conn, replacement.event_id, replacement.table_id,
                            replacement.board_index)
                  .empty()) {
            return Status::NotFound(name + " has no result to correct");
          }
          return Status::Aborted(name + ": the result was corrected concurrently");
        }
        return InsertResult(tx, conn, replacement, retired[0][0].as<int64_t>());
      });
}

}  // namespace skat::store
