// Imported games (store.h ImportGames, import_records.h; migration 0004): one batch of records in
// one transaction, so a batch is imported completely or not at all (a crash leaves the batches
// committed before it, and importing the file again skips them as duplicates).
//
// Imports into one event run one after another: the transaction first locks the event's row (FOR
// NO KEY UPDATE, which does not block rows that merely reference the event), then finds which
// game keys the event has already, then writes every new game with a few set-wise statements
// (unnest over arrays: one round trip per kind of row, not per game) and one result row per game
// through InsertResult (the same row the table service writes for an online game).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "services/store/import_records.h"
#include "services/store/pg_store.h"
#include "services/store/stored_enums.h"

namespace skat::store {
namespace {

constexpr char kNoSeed[] = "0000000000000000000000000000000000000000000000000000000000000000";

// kInvalidArgument unless every game has three players and acts of its one board.
Status CheckBatch(const ImportBatch& batch) {
  for (const ImportedGame& g : batch.games) {
    if (g.table_id.empty() || g.game_key.empty() || g.record.empty()) {
      return Status::InvalidArgument("imported game of line " + std::to_string(g.line) +
                                     ": table id, game key and record are required");
    }
    for (const LoggedActRecord& act : g.acts) {
      if (act.board_index != 0 || act.chair < 1 || act.chair > 3) {
        return Status::InvalidArgument(
            "imported game of line " + std::to_string(g.line) + ": an act of board index " +
            std::to_string(act.board_index) + " or chair " + std::to_string(act.chair));
      }
    }
  }
  return Status::Ok();
}

// The set to append to, locked: kNotFound, or kNotAllowed unless it was imported. Sets
// outcome.set_id, session_id and board_count.
Status LockImportedSet(WriteTransaction& tx, PooledConnection& conn, const std::string& event_id,
                       const std::string& set_id, ImportOutcome& outcome) {
  static constexpr Statement kLockSet = {
      "import_lock_set",
      "SELECT b.source, b.board_count, COALESCE(s.id, '') FROM board_sets b "
      "LEFT JOIN sessions s ON s.event_id = b.event_id AND s.set_id = b.id "
      "AND s.movement = 'imported' WHERE b.event_id = $1 AND b.id = $2 FOR UPDATE OF b"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kLockSet), event_id, set_id);
  if (rows.empty()) return Status::NotFound(SetName(event_id, set_id) + " not found");
  if (rows[0][0].as<std::string>() != "imported" || rows[0][2].as<std::string>().empty()) {
    return Status::NotAllowed(
        SetName(event_id, set_id) +
        " was generated, not imported: records are imported into a new set or "
        "into a set made by an import");
  }
  outcome.set_id = set_id;
  outcome.board_count = rows[0][1].as<int>();
  outcome.session_id = rows[0][2].as<std::string>();
  return Status::Ok();
}

// Per game of the batch: true when the event has its key already, or an earlier game of the
// batch has it.
std::vector<bool> Duplicates(WriteTransaction& tx, PooledConnection& conn,
                             const ImportBatch& batch) {
  std::vector<std::string> keys;
  for (const ImportedGame& g : batch.games) keys.push_back(g.game_key);
  static constexpr Statement kKnownKeys = {
      "import_known_keys",
      "SELECT game_key FROM imported_games WHERE event_id = $1 AND game_key = ANY($2::text[])"};
  std::set<std::string> seen;
  for (const pqxx::row& row :
       tx.exec_prepared(conn.Prepare(kKnownKeys), batch.event_id, ArrayLiteral(keys))) {
    seen.insert(row[0].as<std::string>());
  }
  std::vector<bool> duplicate;
  for (const std::string& key : keys) duplicate.push_back(!seen.insert(key).second);
  return duplicate;
}

// The player id of every name of `games`, adding the names the event lacks (in order of first
// appearance, taking ids from new_player_ids) after its last player.
Result<std::map<std::string, std::string>> PlayerIds(
    WriteTransaction& tx, PooledConnection& conn, const ImportBatch& batch,
    const std::vector<const ImportedGame*>& games) {
  std::vector<std::string> names;
  std::set<std::string> distinct;
  for (const ImportedGame* g : games) {
    for (const std::string& name : g->players) {
      if (distinct.insert(name).second) names.push_back(name);
    }
  }
  static constexpr Statement kKnownPlayers = {
      "import_known_players",
      "SELECT name, id FROM players WHERE event_id = $1 AND name = ANY($2::text[])"};
  std::map<std::string, std::string> ids;
  for (const pqxx::row& row :
       tx.exec_prepared(conn.Prepare(kKnownPlayers), batch.event_id, ArrayLiteral(names))) {
    ids[row[0].as<std::string>()] = row[1].as<std::string>();
  }
  std::vector<std::string> new_names, new_ids;
  for (const std::string& name : names) {
    if (ids.count(name) != 0) continue;
    if (new_ids.size() >= batch.new_player_ids.size()) {
      return Status::InvalidArgument("import into event " + batch.event_id + ": " +
                                     std::to_string(batch.new_player_ids.size()) +
                                     " new player ids given for more new names");
    }
    new_ids.push_back(batch.new_player_ids[new_ids.size()]);
    new_names.push_back(name);
    ids[name] = new_ids.back();
  }
  if (!new_names.empty()) {
    static constexpr Statement kInsertPlayers = {
        "import_insert_players",
        "INSERT INTO players (event_id, id, name, position) "
        "SELECT $1, p.id, p.name, (SELECT count(*) FROM players WHERE event_id = $1) + p.place - 1 "
        "FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS p(id, name, place)"};
    tx.exec_prepared0(conn.Prepare(kInsertPlayers), batch.event_id, ArrayLiteral(new_ids),
                      ArrayLiteral(new_names));
  }
  return ids;
}

// The new set and its session, with board_count boards to come.
void InsertSet(WriteTransaction& tx, PooledConnection& conn, const ImportBatch& batch,
               int board_count) {
  static constexpr Statement kInsertSet = {
      "import_insert_set",
      "INSERT INTO board_sets (event_id, id, label, generator_version, commitment, beacon_source, "
      "secret_seed, revealed, revealed_at, table_size, board_count, source, source_file, "
      "source_sha256) VALUES ($1, $2, $3, 0, $5, '', $6, true, now(), 3, $4, 'imported', $7, $5)"};
  tx.exec_prepared0(conn.Prepare(kInsertSet), batch.event_id, batch.new_set_id, batch.label,
                    board_count, batch.file_sha256, kNoSeed, batch.file_name);
  static constexpr Statement kInsertSession = {
      "import_insert_session",
      "INSERT INTO sessions (event_id, id, number, set_id, movement) "
      "SELECT $1, $2, COALESCE(max(number), 0) + 1, $3, 'imported' FROM sessions "
      "WHERE event_id = $1"};
  tx.exec_prepared0(conn.Prepare(kInsertSession), batch.event_id, batch.new_session_id,
                    batch.new_set_id);
}

// The imported games as columns (one array parameter each) of the statements that insert them.
struct ImportColumns {
  // Per game: its board and table, and its imported_games row.
  std::vector<std::string> numbers, deals, forehand, middlehand, rearhand, skat, tables, labels;
  std::vector<std::string> lines, keys, records, record_sha256, played_at;
  // Per seat.
  std::vector<std::string> seat_tables, seat_chairs, seat_names, seat_tokens, seat_players;
  // Per act.
  std::vector<std::string> act_tables, act_indexes, act_chairs, act_sequences, act_lines;
};

// `games` as columns, their boards numbered from first_board.
ImportColumns ColumnsOf(const std::vector<const ImportedGame*>& games, int first_board,
                        const std::map<std::string, std::string>& player_ids) {
  ImportColumns c;
  int number = first_board;
  for (const ImportedGame* g : games) {
    c.numbers.push_back(std::to_string(number++));
    c.deals.push_back(std::to_string(DealNumber(g->board)));
    c.forehand.push_back(ToString(g->board.hand(Direction::kForehand)));
    c.middlehand.push_back(ToString(g->board.hand(Direction::kMiddlehand)));
    c.rearhand.push_back(ToString(g->board.hand(Direction::kRearhand)));
    c.skat.push_back(SkatText(g->board));
    c.tables.push_back(g->table_id);
    c.labels.push_back(g->label);
    for (int chair = 1; chair <= 3; ++chair) {
      c.seat_tables.push_back(g->table_id);
      c.seat_chairs.push_back(std::to_string(chair));
      c.seat_names.push_back(g->players[chair - 1]);
      c.seat_tokens.push_back(g->seat_token_sha256[chair - 1]);
      c.seat_players.push_back(player_ids.at(g->players[chair - 1]));
    }
    for (const LoggedActRecord& act : g->acts) {
      c.act_tables.push_back(g->table_id);
      c.act_indexes.push_back(std::to_string(act.act_index));
      c.act_chairs.push_back(std::to_string(act.chair));
      c.act_sequences.push_back(std::to_string(act.sequence));
      c.act_lines.push_back(act.act);
    }
    c.lines.push_back(std::to_string(g->line));
    c.keys.push_back(g->game_key);
    c.records.push_back(g->record);
    c.record_sha256.push_back(g->record_sha256);
    c.played_at.push_back(g->played_at);
  }
  return c;
}

// The boards of the set and one table per board, with its three seats.
void InsertBoardsAndTables(WriteTransaction& tx, PooledConnection& conn, const ImportBatch& batch,
                           const ImportOutcome& outcome, const ImportColumns& c) {
  static constexpr Statement kInsertBoards = {
      "import_insert_boards",
      "INSERT INTO boards (event_id, set_id, number, deal_number, forehand, middlehand, "
      "rearhand, skat) SELECT $1, $2, b.* FROM unnest($3::int[], $4::bigint[], $5::text[], "
      "$6::text[], $7::text[], $8::text[]) AS b"};
  tx.exec_prepared0(conn.Prepare(kInsertBoards), batch.event_id, outcome.set_id,
                    ArrayLiteral(c.numbers), ArrayLiteral(c.deals), ArrayLiteral(c.forehand),
                    ArrayLiteral(c.middlehand), ArrayLiteral(c.rearhand), ArrayLiteral(c.skat));
  // Round 1, table number = board number; forehand always in chair 1 (P0).
  static constexpr Statement kInsertTables = {
      "import_insert_tables",
      "INSERT INTO play_tables (event_id, id, label, set_id, boards, chairs, mode, forehand_chair, "
      "session_id, round, table_number) "
      "SELECT $1, t.id, t.label, $2, ARRAY[t.number], 3, 'imported', 1, $3, 1, t.number "
      "FROM unnest($4::text[], $5::text[], $6::int[]) AS t(id, label, number)"};
  tx.exec_prepared0(conn.Prepare(kInsertTables), batch.event_id, outcome.set_id, outcome.session_id,
                    ArrayLiteral(c.tables), ArrayLiteral(c.labels), ArrayLiteral(c.numbers));
  static constexpr Statement kInsertSeatings = {
      "import_insert_seatings",
      "INSERT INTO seatings (event_id, table_id, chair, player_name, token_sha256, player_id) "
      "SELECT $1, s.* FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[]) "
      "AS s"};
  tx.exec_prepared0(conn.Prepare(kInsertSeatings), batch.event_id, ArrayLiteral(c.seat_tables),
                    ArrayLiteral(c.seat_chairs), ArrayLiteral(c.seat_names),
                    ArrayLiteral(c.seat_tokens), ArrayLiteral(c.seat_players));
}

// Each table's game with its act log, and its imported_games row.
void InsertGameRows(WriteTransaction& tx, PooledConnection& conn, const ImportBatch& batch,
                    const ImportOutcome& outcome, const ImportColumns& c) {
  static constexpr Statement kInsertGames = {
      "import_insert_games",
      "INSERT INTO games (event_id, table_id, board_index, board_number, source, finished_at) "
      "SELECT $1, g.id, 0, g.number, 'imported', now() "
      "FROM unnest($2::text[], $3::int[]) AS g(id, number)"};
  tx.exec_prepared0(conn.Prepare(kInsertGames), batch.event_id, ArrayLiteral(c.tables),
                    ArrayLiteral(c.numbers));
  static constexpr Statement kInsertActs = {
      "import_insert_acts",
      "INSERT INTO game_acts (event_id, table_id, board_index, act_index, chair, sequence, act) "
      "SELECT $1, a.id, 0, a.place, a.chair, a.sequence, a.act "
      "FROM unnest($2::text[], $3::int[], $4::int[], $5::bigint[], $6::text[]) "
      "AS a(id, place, chair, sequence, act)"};
  tx.exec_prepared0(conn.Prepare(kInsertActs), batch.event_id, ArrayLiteral(c.act_tables),
                    ArrayLiteral(c.act_indexes), ArrayLiteral(c.act_chairs),
                    ArrayLiteral(c.act_sequences), ArrayLiteral(c.act_lines));
  static constexpr Statement kInsertImported = {
      "import_insert_imported_games",
      "INSERT INTO imported_games (event_id, table_id, set_id, board_number, line, game_key, "
      "record, record_sha256, played_at) SELECT $1, i.id, $2, i.number, i.line, i.game_key, "
      "i.record, i.sha, i.played_at FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], "
      "$7::text[], $8::text[], $9::text[]) AS i(id, number, line, game_key, record, sha, "
      "played_at)"};
  tx.exec_prepared0(conn.Prepare(kInsertImported), batch.event_id, outcome.set_id,
                    ArrayLiteral(c.tables), ArrayLiteral(c.numbers), ArrayLiteral(c.lines),
                    ArrayLiteral(c.keys), ArrayLiteral(c.records), ArrayLiteral(c.record_sha256),
                    ArrayLiteral(c.played_at));
}

// Boards, tables, seatings, games, act logs and imported_games rows of `games`, numbered from
// first_board, in one statement each.
void InsertGames(WriteTransaction& tx, PooledConnection& conn, const ImportBatch& batch,
                 const ImportOutcome& outcome, const std::vector<const ImportedGame*>& games,
                 const std::map<std::string, std::string>& player_ids) {
  const ImportColumns columns = ColumnsOf(games, outcome.first_board, player_ids);
  InsertBoardsAndTables(tx, conn, batch, outcome, columns);
  InsertGameRows(tx, conn, batch, outcome, columns);
}

}  // namespace

Result<ImportOutcome> PgStore::ImportGames(const ImportBatch& batch) {
  if (Status s = CheckBatch(batch); !s.ok()) return s;
  return Run<WriteTransaction>(
      "import games into event " + batch.event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<ImportOutcome> {
        if (batch.new_event) {
          static constexpr Statement kInsertEvent = {
              "import_insert_event",
              "INSERT INTO events (id, name, profile, director_token_sha256, board_score, "
              "comparison, tie_breaks) VALUES ($1, $2, $3, $4, $5, $6, $7)"};
          const EventRecord& e = *batch.new_event;
          tx.exec_prepared0(conn.Prepare(kInsertEvent), e.id, e.name, e.profile,
                            e.director_token_sha256, e.board_score, e.comparison, e.tie_breaks);
        }
        static constexpr Statement kLockEvent = {
            "import_lock_event", "SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE"};
        if (tx.exec_prepared(conn.Prepare(kLockEvent), batch.event_id).empty()) {
          return Status::NotFound("event " + batch.event_id + " not found");
        }
        ImportOutcome outcome;
        if (!batch.set_id.empty()) {
          if (Status s = LockImportedSet(tx, conn, batch.event_id, batch.set_id, outcome);
              !s.ok()) {
            return s;
          }
        }
        const std::vector<bool> duplicate = Duplicates(tx, conn, batch);
        std::vector<const ImportedGame*> games;
        for (size_t i = 0; i < batch.games.size(); ++i) {
          if (!duplicate[i]) games.push_back(&batch.games[i]);
        }
        const int count = static_cast<int>(games.size());
        outcome.imported = count;
        if (count == 0) {
          outcome.board_numbers.assign(batch.games.size(), 0);
          return outcome;
        }
        if (batch.set_id.empty()) {
          InsertSet(tx, conn, batch, count);
          outcome.set_id = batch.new_set_id;
          outcome.session_id = batch.new_session_id;
        } else {
          static constexpr Statement kGrowSet = {
              "import_grow_set",
              "UPDATE board_sets SET board_count = board_count + $3, version = version + 1 "
              "WHERE event_id = $1 AND id = $2"};
          tx.exec_prepared0(conn.Prepare(kGrowSet), batch.event_id, batch.set_id, count);
        }
        outcome.first_board = outcome.board_count + 1;
        outcome.board_count += count;
        Result<std::map<std::string, std::string>> players = PlayerIds(tx, conn, batch, games);
        if (!players.ok()) return players.status();
        InsertGames(tx, conn, batch, outcome, games, *players);
        for (const ImportedGame* g : games) {
          ResultRecord result = g->result;
          result.event_id = batch.event_id;
          result.table_id = g->table_id;
          result.board_index = 0;
          result.source = "imported";
          Result<ResultRecord> stored = InsertResult(tx, conn, result);
          if (!stored.ok()) return stored.status();
        }
        int number = outcome.first_board;
        for (size_t i = 0; i < batch.games.size(); ++i) {
          outcome.board_numbers.push_back(duplicate[i] ? 0 : number++);
        }
        return outcome;
      });
}

}  // namespace skat::store
