// Tables, seats, leases and the act log (store.h "Tables"; pg_store.h describes the transactions).
//
// Leases use the database's clock (now()) only, never the table servers' clocks. Every
// acquisition bumps lease_version; AppendAct stores an act only in the same statement that finds
// (owner, lease_version) unchanged, so a server that lost the table cannot write to it.
#include <limits>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

std::string LeaseName(const TableLease& lease) {
  return TableName(lease.event_id, lease.table_id) + " (lease of table server '" + lease.owner +
         "', version " + std::to_string(lease.version) + ")";
}

Status LeaseLost(const TableLease& lease) {
  return Status::Aborted(TableName(lease.event_id, lease.table_id) + ": table server '" +
                         lease.owner + "' no longer holds its lease version " +
                         std::to_string(lease.version) +
                         " (taken over, released, or no such table)");
}

Status CheckLeaseMs(int lease_ms) {
  if (lease_ms > 0) return Status::Ok();
  return Status::InvalidArgument("lease duration " + std::to_string(lease_ms) +
                                 " ms is not positive");
}

// kInvalidArgument unless the table's chairs, seats, names and boards fit together (the board
// set's own limits are checked against the database).
Status CheckTableShape(const TableRecord& table) {
  const std::string name = TableName(table.event_id, table.id);
  const size_t chairs = table.chairs;
  if (table.chairs != 3 && table.chairs != 4) {
    return Status::InvalidArgument(name + ": " + std::to_string(table.chairs) +
                                   " chairs; a table has 3 or 4");
  }
  if (table.seat_token_sha256.size() != chairs) {
    return Status::InvalidArgument(name + ": " + std::to_string(table.seat_token_sha256.size()) +
                                   " seat tokens for " + std::to_string(chairs) + " chairs");
  }
  if (!table.player_names.empty() && table.player_names.size() != chairs) {
    return Status::InvalidArgument(name + ": " + std::to_string(table.player_names.size()) +
                                   " player names for " + std::to_string(chairs) +
                                   " chairs (give none or one per chair)");
  }
  if (table.boards.empty()) {
    return Status::InvalidArgument(name + ": no boards to play");
  }
  return Status::Ok();
}

// The statement AppendAct runs: inserts the act only while (owner, lease_version) still holds
// the table, whose row it locks until the commit (so no server takes the table over in between);
// one row affected when the act was stored. The lease is the renewer's to extend
// (docs/reliability.md "Leases and acts").
constexpr Statement kAppendAct = {
    "append_act",
    "WITH lease AS (SELECT event_id, id FROM play_tables "
    "WHERE event_id = $1 AND id = $2 AND owner = $3 AND lease_version = $4 "
    "FOR NO KEY UPDATE) "
    "INSERT INTO game_acts (event_id, table_id, board_index, act_index, chair, sequence, act, "
    "made_by) SELECT event_id, id, $5, $6, $7, $8, $9, $10 FROM lease"};

template <typename Tx>
bool InsertAct(Tx& tx, PooledConnection& conn, const TableLease& lease,
               const LoggedActRecord& act) {
  const pqxx::result inserted = tx.exec_prepared(
      conn.Prepare(kAppendAct), lease.event_id, lease.table_id, lease.owner, lease.version,
      act.board_index, act.act_index, act.chair, act.sequence, act.act, act.made_by);
  return inserted.affected_rows() == 1;
}

// True when exactly this act (chair, sequence, act line) is stored at its place: a first attempt
// whose connection broke after the server had committed it.
bool ActStored(AutocommitTransaction& tx, PooledConnection& conn, const TableLease& lease,
               const LoggedActRecord& act) {
  static constexpr Statement kStoredAct = {
      "stored_act",
      "SELECT chair, sequence, act, made_by FROM game_acts "
      "WHERE event_id = $1 AND table_id = $2 AND board_index = $3 AND act_index = $4"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kStoredAct), lease.event_id,
                                             lease.table_id, act.board_index, act.act_index);
  return !rows.empty() && rows[0][0].as<int>() == act.chair &&
         rows[0][1].as<int64_t>() == act.sequence && rows[0][2].as<std::string>() == act.act &&
         rows[0][3].as<std::string>() == act.made_by;
}

// Stores the finished game's result (confirmed by "engine") and its finish time, for the
// lease's table and the act's board index (AppendAct).
Status FinishGame(WriteTransaction& tx, PooledConnection& conn, const TableLease& lease,
                  int board_index, const ResultRecord& finished_game) {
  ResultRecord result = finished_game;
  result.event_id = lease.event_id;
  result.table_id = lease.table_id;
  result.board_index = board_index;
  if (result.entered_by.empty()) result.entered_by = "engine";
  result.confirmed_by = "engine";
  if (Result<ResultRecord> stored = InsertResult(tx, conn, result); !stored.ok()) {
    return stored.status();
  }
  static constexpr Statement kFinishGame = {
      "finish_game",
      "UPDATE games SET finished_at = now() "
      "WHERE event_id = $1 AND table_id = $2 AND board_index = $3"};
  tx.exec_prepared0(conn.Prepare(kFinishGame), lease.event_id, lease.table_id, board_index);
  return Status::Ok();
}

}  // namespace

Result<TableRecord> InsertTable(WriteTransaction& tx, PooledConnection& conn,
                                const TableRecord& table) {
  const std::string name = TableName(table.event_id, table.id);
  if (Status status = CheckTableShape(table); !status.ok()) return status;
  static constexpr Statement kSetShape = {
      "table_set_shape",
      "SELECT table_size, board_count FROM board_sets WHERE event_id = $1 AND id = $2"};
  const pqxx::result set = tx.exec_prepared(conn.Prepare(kSetShape), table.event_id, table.set_id);
  if (set.empty()) {
    return Status::NotFound(name + ": " + SetName(table.event_id, table.set_id) + " not found");
  }
  const int table_size = set[0][0].as<int>();
  const int board_count = set[0][1].as<int>();
  // A session may mix 3- and 4-chair tables on one set (docs/comparative.md "Player counts not
  // divisible by 3": k = 3 compares them); a table on its own has the set's size.
  if (table.chairs != table_size && table.session_id.empty()) {
    return Status::InvalidArgument(name + " has " + std::to_string(table.chairs) + " chairs but " +
                                   SetName(table.event_id, table.set_id) +
                                   " is dealt for tables of " + std::to_string(table_size));
  }
  std::vector<bool> seen(board_count + 1, false);
  for (const int number : table.boards) {
    if (number < 1 || number > board_count || seen[number]) {
      return Status::InvalidArgument(name + ": board " + std::to_string(number) + " is not in " +
                                     SetName(table.event_id, table.set_id) + " (boards 1.." +
                                     std::to_string(board_count) + ") or repeated");
    }
    seen[number] = true;
  }

  static constexpr Statement kInsertTable = {
      "insert_table",
      "INSERT INTO play_tables (event_id, id, label, set_id, boards, chairs, mode, "
      "forehand_chair, session_id, round, table_number, move_seconds, code_sha256) "
      "VALUES ($1, $2, $3, $4, $5::integer[], $6, $7, $8, NULLIF($9, ''), NULLIF($10, 0), "
      "NULLIF($11, 0), $12, NULLIF($13, '')) RETURNING EXTRACT(EPOCH FROM created_at)::bigint"};
  const char* mode = table.physical ? "physical" : "online";
  const pqxx::row row = tx.exec_prepared1(
      conn.Prepare(kInsertTable), table.event_id, table.id, table.label, table.set_id,
      ArrayLiteral(table.boards), table.chairs, mode, table.forehand_chair, table.session_id,
      table.round, table.table_number, table.move_seconds, table.code_sha256);

  TableRecord stored = table;
  stored.created_unix = row[0].as<int64_t>();
  stored.player_names.resize(table.chairs);
  stored.player_ids.resize(table.chairs);
  std::vector<int> chairs;
  for (int chair = 1; chair <= table.chairs; ++chair) chairs.push_back(chair);
  static constexpr Statement kInsertSeatings = {
      "insert_seatings",
      "INSERT INTO seatings (event_id, table_id, chair, player_name, token_sha256, player_id) "
      "SELECT $1, $2, s.chair, s.name, s.token, NULLIF(s.player, '') "
      "FROM unnest($3::integer[], $4::text[], $5::text[], $6::text[]) "
      "AS s(chair, name, token, player)"};
  tx.exec_prepared0(conn.Prepare(kInsertSeatings), table.event_id, table.id, ArrayLiteral(chairs),
                    ArrayLiteral(stored.player_names), ArrayLiteral(table.seat_token_sha256),
                    ArrayLiteral(stored.player_ids));

  static constexpr Statement kInsertGames = {
      "insert_games",
      "INSERT INTO games (event_id, table_id, board_index, board_number, source) "
      "SELECT $1, $2, b.place - 1, b.number, $4 "
      "FROM unnest($3::integer[]) WITH ORDINALITY AS b(number, place)"};
  tx.exec_prepared0(conn.Prepare(kInsertGames), table.event_id, table.id,
                    ArrayLiteral(table.boards), mode);
  return stored;
}

Result<TableRecord> PgStore::CreateTable(const TableRecord& table) {
  const std::string name = TableName(table.event_id, table.id);
  const std::vector<Refusal> refusals = {
      {"play_tables_pkey", ErrorCode::kAlreadyExists, name + " exists already"},
      {"seatings_token_sha256_key", ErrorCode::kAlreadyExists,
       name + ": a seat token is taken by another seat"}};
  return Run<WriteTransaction>(
      "create " + name, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) { return InsertTable(tx, conn, table); });
}

Result<TableRecord> ReadTable(pqxx::transaction_base& tx, PooledConnection& conn,
                              const std::string& event_id, const std::string& id) {
  const std::string name = TableName(event_id, id);
  // The table's columns repeated on each of its seatings, in chair order.
  static constexpr Statement kGetTable = {
      "get_table",
      "SELECT t.label, t.set_id, t.boards, t.chairs, t.mode = 'physical', "
      "EXTRACT(EPOCH FROM t.created_at)::bigint, s.chair, s.player_name, "
      "t.forehand_chair, COALESCE(t.session_id, ''), COALESCE(t.round, 0), "
      "COALESCE(t.table_number, 0), COALESCE(s.player_id, ''), t.mode = 'imported', "
      "t.move_seconds, COALESCE(s.bot, false) "
      "FROM play_tables t LEFT JOIN seatings s ON s.event_id = t.event_id "
      "AND s.table_id = t.id WHERE t.event_id = $1 AND t.id = $2 ORDER BY s.chair"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGetTable), event_id, id);
  if (rows.empty()) return Status::NotFound(name + " not found");
  TableRecord table;
  table.event_id = event_id;
  table.id = id;
  table.label = rows[0][0].as<std::string>();
  table.set_id = rows[0][1].as<std::string>();
  table.boards = IntsFromArray(rows[0][2]);
  table.chairs = rows[0][3].as<int>();
  table.physical = rows[0][4].as<bool>();
  table.imported = rows[0][13].as<bool>();
  table.created_unix = rows[0][5].as<int64_t>();
  table.forehand_chair = rows[0][8].as<int>();
  table.session_id = rows[0][9].as<std::string>();
  table.round = rows[0][10].as<int>();
  table.table_number = rows[0][11].as<int>();
  table.move_seconds = rows[0][14].as<int>();
  table.player_names.resize(table.chairs);
  table.player_ids.resize(table.chairs);
  for (const pqxx::row& row : rows) {
    if (row[6].is_null()) continue;
    const int chair = row[6].as<int>();
    if (chair >= 1 && chair <= table.chairs) {
      table.player_names[chair - 1] = row[7].as<std::string>();
      table.player_ids[chair - 1] = row[12].as<std::string>();
      if (row[15].as<bool>()) table.bot_chairs.push_back(chair);
    }
  }
  return table;
}

Result<TableRecord> PgStore::GetTable(const std::string& event_id, const std::string& id) {
  return Run<ReadTransaction>("get " + TableName(event_id, id),
                              [&](ReadTransaction& tx, PooledConnection& conn) {
                                return ReadTable(tx, conn, event_id, id);
                              });
}

Result<SeatRecord> ReadSeat(pqxx::transaction_base& tx, PooledConnection& conn,
                            const std::string& token_sha256) {
  static constexpr Statement kFindSeat = {
      "find_seat", "SELECT event_id, table_id, chair FROM seatings WHERE token_sha256 = $1"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kFindSeat), token_sha256);
  if (rows.empty()) return Status::NotFound("no seat has this token");
  return SeatRecord{.event_id = rows[0][0].as<std::string>(),
                    .table_id = rows[0][1].as<std::string>(),
                    .chair = rows[0][2].as<int>()};
}

Result<SeatRecord> PgStore::FindSeat(const std::string& token_sha256) {
  return Run<ReadTransaction>("find seat", [&](ReadTransaction& tx, PooledConnection& conn) {
    return ReadSeat(tx, conn, token_sha256);
  });
}

Result<TableLease> PgStore::AcquireTable(const std::string& event_id, const std::string& id,
                                         const std::string& owner, int lease_ms) {
  const std::string name = TableName(event_id, id);
  if (owner.empty()) {
    return Status::InvalidArgument(name + ": the table server's id is empty");
  }
  if (Status status = CheckLeaseMs(lease_ms); !status.ok()) return status;
  return Run<WriteTransaction>(
      "acquire " + name + " for table server '" + owner + "'",
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<TableLease> {
        static constexpr Statement kAcquire = {
            "acquire_table",
            "UPDATE play_tables SET owner = $3, lease_version = lease_version + 1, "
            "lease_expires_at = now() + $4::integer * interval '1 millisecond' "
            "WHERE event_id = $1 AND id = $2 "
            "AND (owner IS NULL OR owner = $3 OR lease_expires_at <= now()) "
            "RETURNING lease_version"};
        const pqxx::result acquired =
            tx.exec_prepared(conn.Prepare(kAcquire), event_id, id, owner, lease_ms);
        if (!acquired.empty()) {
          return TableLease{.event_id = event_id,
                            .table_id = id,
                            .owner = owner,
                            .version = acquired[0][0].as<int64_t>()};
        }
        static constexpr Statement kHolder = {
            "table_holder",
            "SELECT COALESCE(owner, ''), "
            "GREATEST(1, ceil(EXTRACT(EPOCH FROM lease_expires_at - now())))::bigint "
            "FROM play_tables WHERE event_id = $1 AND id = $2"};
        const pqxx::result holder = tx.exec_prepared(conn.Prepare(kHolder), event_id, id);
        if (holder.empty()) return Status::NotFound(name + " not found");
        if (holder[0][0].as<std::string>().empty()) {  // released since the update looked
          return Status(ErrorCode::kTableOwnedElsewhere,
                        name + " was held by another table server until just now; retry");
        }
        return Status(ErrorCode::kTableOwnedElsewhere,
                      name + " is held by table server '" + holder[0][0].as<std::string>() +
                          "' for another " + holder[0][1].as<std::string>() + " s");
      });
}

Status PgStore::RenewLease(const TableLease& lease, int lease_ms) {
  Result<std::vector<Status>> renewed = RenewLeases({&lease, 1}, lease_ms);
  if (!renewed.ok()) return renewed.status();
  return renewed->front();
}

Result<std::vector<Status>> PgStore::RenewLeases(std::span<const TableLease> leases, int lease_ms) {
  if (Status status = CheckLeaseMs(lease_ms); !status.ok()) return status;
  if (leases.size() > kMaxBatchedActs) {
    return Status::InvalidArgument(std::to_string(leases.size()) +
                                   " leases in one renewal, at most " +
                                   std::to_string(kMaxBatchedActs));
  }
  std::vector<std::string> event_ids, table_ids, owners;
  std::vector<int64_t> versions;
  for (const TableLease& l : leases) {
    event_ids.push_back(l.event_id);
    table_ids.push_back(l.table_id);
    owners.push_back(l.owner);
    versions.push_back(l.version);
  }
  // Locks the rows in (event, table) order first, as AppendActs does (no cycle of waits).
  static constexpr Statement kRenew = {
      "renew_leases",
      "WITH l AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) "
      "AS l(event_id, table_id, owner, version)), "
      "held AS (SELECT p.event_id, p.id FROM play_tables p JOIN l ON p.event_id = l.event_id "
      "AND p.id = l.table_id AND p.owner = l.owner AND p.lease_version = l.version "
      "ORDER BY p.event_id, p.id FOR NO KEY UPDATE OF p) "
      "UPDATE play_tables p "
      "SET lease_expires_at = now() + $5::integer * interval '1 millisecond' FROM held "
      "WHERE p.event_id = held.event_id AND p.id = held.id "
      "RETURNING p.event_id, p.id, p.owner, p.lease_version"};
  return Run<AutocommitTransaction>(
      "renew " + std::to_string(leases.size()) + " leases",
      [&](AutocommitTransaction& tx, PooledConnection& conn) -> Result<std::vector<Status>> {
        std::set<std::tuple<std::string, std::string, std::string, int64_t>> renewed;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kRenew), ArrayLiteral(event_ids),
                                                     ArrayLiteral(table_ids), ArrayLiteral(owners),
                                                     ArrayLiteral(versions), lease_ms)) {
          renewed.emplace(row[0].as<std::string>(), row[1].as<std::string>(),
                          row[2].as<std::string>(), row[3].as<int64_t>());
        }
        std::vector<Status> statuses;
        for (const TableLease& l : leases) {
          const bool held = renewed.contains({l.event_id, l.table_id, l.owner, l.version});
          statuses.push_back(held ? Status::Ok() : LeaseLost(l));
        }
        return statuses;
      });
}

Status PgStore::SetSeatBot(const TableLease& lease, int chair, bool bot, int lease_ms) {
  if (Status status = CheckLeaseMs(lease_ms); !status.ok()) return status;
  return Run<AutocommitTransaction>(
      "set the bot of chair " + std::to_string(chair) + " of " + LeaseName(lease),
      [&](AutocommitTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kSetBot = {
            "set_seat_bot",
            "WITH lease AS (UPDATE play_tables "
            "SET lease_expires_at = now() + $5::integer * interval '1 millisecond' "
            "WHERE event_id = $1 AND id = $2 AND owner = $3 AND lease_version = $4 "
            "RETURNING event_id, id) "
            "UPDATE seatings s SET bot = $7 FROM lease "
            "WHERE s.event_id = lease.event_id AND s.table_id = lease.id AND s.chair = $6"};
        const pqxx::result set =
            tx.exec_prepared(conn.Prepare(kSetBot), lease.event_id, lease.table_id, lease.owner,
                             lease.version, lease_ms, chair, bot);
        return set.affected_rows() == 1 ? Status::Ok() : LeaseLost(lease);
      });
}

Status PgStore::ReleaseTable(const TableLease& lease) {
  return Run<AutocommitTransaction>(
      "release " + LeaseName(lease),
      [&](AutocommitTransaction& tx, PooledConnection& conn) -> Status {
        // Without an owner the lease is free at once, and (owner, version) no longer holds it.
        static constexpr Statement kRelease = {
            "release_table",
            "UPDATE play_tables SET owner = NULL, lease_expires_at = NULL "
            "WHERE event_id = $1 AND id = $2 AND owner = $3 AND lease_version = $4"};
        tx.exec_prepared0(conn.Prepare(kRelease), lease.event_id, lease.table_id, lease.owner,
                          lease.version);
        return Status::Ok();
      });
}

Result<std::vector<LoggedActRecord>> PgStore::ListActs(const std::string& event_id,
                                                       const std::string& table_id) {
  return ListActs(event_id, table_id, 0, std::numeric_limits<int>::max());
}

Result<std::vector<LoggedActRecord>> PgStore::ListActs(const std::string& event_id,
                                                       const std::string& table_id, int first_index,
                                                       int last_index) {
  const std::string name = TableName(event_id, table_id);
  return Run<ReadTransaction>(
      "list acts of " + name,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<LoggedActRecord>> {
        if (Status status = CheckTableExists(tx, conn, event_id, table_id); !status.ok()) {
          return status;
        }
        static constexpr Statement kListBoardActs = {
            "list_board_acts",
            "SELECT board_index, act_index, chair, sequence, act, made_by FROM game_acts "
            "WHERE event_id = $1 AND table_id = $2 AND board_index BETWEEN $3 AND $4 "
            "ORDER BY board_index, act_index"};
        std::vector<LoggedActRecord> acts;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListBoardActs), event_id,
                                                     table_id, first_index, last_index)) {
          acts.push_back(LoggedActRecord{.board_index = row[0].as<int>(),
                                         .act_index = row[1].as<int>(),
                                         .chair = row[2].as<int>(),
                                         .sequence = row[3].as<int64_t>(),
                                         .act = row[4].as<std::string>(),
                                         .made_by = row[5].as<std::string>()});
        }
        return acts;
      });
}

Status PgStore::AppendAct(const TableLease& lease, const LoggedActRecord& act,
                          const ResultRecord* finished_game) {
  const std::string context = "append act " + std::to_string(act.board_index) + "/" +
                              std::to_string(act.act_index) + " to " + LeaseName(lease);

  // The common case: one autocommit statement, one round trip. When the connection broke after
  // the server received it, Run tries once more; the first attempt may have committed, which the
  // second recognises by this very act stored at its place.
  int attempts = 0;
  const auto append = [&](AutocommitTransaction& tx, PooledConnection& conn) -> Status {
    if (++attempts == 1) {
      return InsertAct(tx, conn, lease, act) ? Status::Ok() : LeaseLost(lease);
    }
    try {
      if (InsertAct(tx, conn, lease, act)) return Status::Ok();
    } catch (const pqxx::unique_violation&) {
      if (ActStored(tx, conn, lease, act)) return Status::Ok();
      throw;
    }
    return ActStored(tx, conn, lease, act) ? Status::Ok() : LeaseLost(lease);
  };

  // The game's last act: the act, the game's result and its finish time in one transaction.
  const auto finish = [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
    if (!InsertAct(tx, conn, lease, act)) return LeaseLost(lease);
    return FinishGame(tx, conn, lease, act.board_index, *finished_game);
  };

  const std::string table = TableName(lease.event_id, lease.table_id);
  const std::vector<Refusal> refusals = {
      {"game_acts_pkey", ErrorCode::kAlreadyExists,
       table + ": act " + std::to_string(act.act_index) + " of board index " +
           std::to_string(act.board_index) + " is stored already"},
      {"game_acts_chair_sequence", ErrorCode::kAlreadyExists,
       table + ": chair " + std::to_string(act.chair) + " used sequence number " +
           std::to_string(act.sequence) + " already"},
      {"game_acts_event_id_table_id_board_index_fkey", ErrorCode::kNotFound,
       table + " has no board index " + std::to_string(act.board_index)},
      {"results_one_current", ErrorCode::kAlreadyExists,
       table + ": board index " + std::to_string(act.board_index) + " has a result already"}};
  if (finished_game == nullptr) return Run<AutocommitTransaction>(context, refusals, append);
  return Run<WriteTransaction>(context, refusals, finish);
}

// The statement AppendActs runs: kAppendAct for many acts at once, passed as arrays. The tables'
// rows are locked in (event, table) order, as RenewLeases locks them, so two such statements
// never wait on each other in a cycle; the acts stored are returned.
constexpr Statement kAppendActs = {
    "append_acts",
    "WITH b AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], "
    "$5::integer[], $6::integer[], $7::integer[], $8::bigint[], $9::text[], $10::text[]) "
    "AS b(event_id, table_id, owner, version, board_index, act_index, chair, sequence, act, "
    "made_by)), "
    "lease AS (SELECT p.event_id, p.id FROM play_tables p JOIN b ON p.event_id = b.event_id "
    "AND p.id = b.table_id AND p.owner = b.owner AND p.lease_version = b.version "
    "ORDER BY p.event_id, p.id FOR NO KEY UPDATE OF p) "
    "INSERT INTO game_acts (event_id, table_id, board_index, act_index, chair, sequence, act, "
    "made_by) SELECT b.event_id, b.table_id, b.board_index, b.act_index, b.chair, b.sequence, "
    "b.act, b.made_by FROM b JOIN lease ON lease.event_id = b.event_id AND lease.id = b.table_id "
    "RETURNING event_id, table_id"};

Result<std::vector<Status>> PgStore::AppendActs(std::span<const BatchedAct> acts,
                                                const std::function<void()>& before_commit) {
  if (acts.size() > kMaxBatchedActs) {
    return Status::InvalidArgument(std::to_string(acts.size()) + " acts in one batch, at most " +
                                   std::to_string(kMaxBatchedActs));
  }
  std::set<std::pair<std::string, std::string>> tables;
  std::vector<std::string> event_ids, table_ids, owners, texts, made_by;
  std::vector<int64_t> versions, sequences;
  std::vector<int> boards, indexes, chairs;
  for (const BatchedAct& a : acts) {
    if (!tables.emplace(a.lease.event_id, a.lease.table_id).second) {
      return Status::InvalidArgument(TableName(a.lease.event_id, a.lease.table_id) +
                                     ": two acts of one table in one batch");
    }
    event_ids.push_back(a.lease.event_id);
    table_ids.push_back(a.lease.table_id);
    owners.push_back(a.lease.owner);
    versions.push_back(a.lease.version);
    boards.push_back(a.act.board_index);
    indexes.push_back(a.act.act_index);
    chairs.push_back(a.act.chair);
    sequences.push_back(a.act.sequence);
    texts.push_back(a.act.act);
    made_by.push_back(a.act.made_by);
  }
  const std::string context = "append " + std::to_string(acts.size()) + " acts of as many tables";
  return Run<WriteTransaction>(
      context, [&](WriteTransaction& tx, PooledConnection& conn) -> Result<std::vector<Status>> {
        std::set<std::pair<std::string, std::string>> stored;
        for (const pqxx::row& row : tx.exec_prepared(
                 conn.Prepare(kAppendActs), ArrayLiteral(event_ids), ArrayLiteral(table_ids),
                 ArrayLiteral(owners), ArrayLiteral(versions), ArrayLiteral(boards),
                 ArrayLiteral(indexes), ArrayLiteral(chairs), ArrayLiteral(sequences),
                 ArrayLiteral(texts), ArrayLiteral(made_by))) {
          stored.emplace(row[0].as<std::string>(), row[1].as<std::string>());
        }
        std::vector<Status> statuses;
        for (const BatchedAct& a : acts) {
          if (!stored.contains({a.lease.event_id, a.lease.table_id})) {
            statuses.push_back(LeaseLost(a.lease));
            continue;
          }
          if (a.finished_game != nullptr) {
            Status s = FinishGame(tx, conn, a.lease, a.act.board_index, *a.finished_game);
            if (!s.ok()) return s;  // rolled back: each act is tried alone
          }
          statuses.push_back(Status::Ok());
        }
        if (before_commit) before_commit();
        return statuses;
      });
}

}  // namespace skat::store
