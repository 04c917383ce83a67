// Seat tokens after a table is opened (store.h "Seat and director tokens"; pg_store.h describes
// the transactions): the hashes a table server checks seats against, and their replacement; and
// the table codes of physical tables, replaced with them (docs/tables.md "Table codes").
//
// Replacing a chair's hash also increments its table's lease_version. A table server that holds
// the table keeps the hashes it read after taking its lease; with the version changed its next act
// or renewal finds the lease lost (kAborted), so it reloads the table, hashes included, before it
// commits anything more (docs/tables.md "Seats and tokens").
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {

Result<TableCodeRecord> ReadTableCode(pqxx::transaction_base& tx, PooledConnection& conn,
                                      const std::string& code_sha256) {
  static constexpr Statement kFindCode = {
      "find_table_code",
      "SELECT event_id, id, chairs FROM play_tables WHERE code_sha256 = $1 AND mode = 'physical'"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kFindCode), code_sha256);
  if (rows.empty()) return Status::NotFound("no table has this table code");
  return TableCodeRecord{.event_id = rows[0][0].as<std::string>(),
                         .table_id = rows[0][1].as<std::string>(),
                         .chairs = rows[0][2].as<int>()};
}

Result<TableCodeRecord> PgStore::FindTableCode(const std::string& code_sha256) {
  return Run<ReadTransaction>("find table code", [&](ReadTransaction& tx, PooledConnection& conn) {
    return ReadTableCode(tx, conn, code_sha256);
  });
}

Result<std::vector<std::string>> PgStore::SeatTokenHashes(const std::string& event_id,
                                                          const std::string& table_id) {
  return Run<ReadTransaction>(
      "read the seat tokens of " + TableName(event_id, table_id),
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<std::string>> {
        static constexpr Statement kSeatTokens = {
            "seat_token_hashes",
            "SELECT chair, token_sha256 FROM seatings WHERE event_id = $1 AND table_id = $2 "
            "ORDER BY chair"};
        std::vector<std::string> hashes;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kSeatTokens), event_id, table_id)) {
          const int chair = row[0].as<int>();
          if (chair < 1 || chair > 4) continue;
          if (hashes.size() < static_cast<size_t>(chair)) hashes.resize(chair);
          hashes[chair - 1] = row[1].as<std::string>();
        }
        if (hashes.empty()) {
          if (Status s = CheckTableExists(tx, conn, event_id, table_id); !s.ok()) return s;
        }
        return hashes;
      });
}

Status PgStore::ReplaceSeatTokens(const std::string& event_id,
                                  const std::vector<SeatTokenChange>& changes,
                                  const std::vector<TableCodeChange>& codes) {
  if (changes.empty()) {
    return Status::InvalidArgument("no seat token to replace in event " + event_id);
  }
  std::vector<std::string> tables;
  std::vector<int> chairs;
  std::vector<std::string> hashes;
  std::set<std::pair<std::string, int>> seen;
  std::set<std::string> distinct_tables;
  for (const SeatTokenChange& c : changes) {
    if (!seen.emplace(c.table_id, c.chair).second) {
      return Status::InvalidArgument(TableName(event_id, c.table_id) + ": chair " +
                                     std::to_string(c.chair) + " is listed twice");
    }
    tables.push_back(c.table_id);
    chairs.push_back(c.chair);
    hashes.push_back(c.token_sha256);
    distinct_tables.insert(c.table_id);
  }
  // By table: the new code's hash, "" for none.
  std::map<std::string, std::string> code_of;
  for (const std::string& t : distinct_tables) code_of[t] = "";
  for (const TableCodeChange& c : codes) {
    auto it = code_of.find(c.table_id);
    if (it == code_of.end() || !it->second.empty()) {
      return Status::InvalidArgument(TableName(event_id, c.table_id) +
                                     ": a new table code needs new seat tokens of its table, "
                                     "one code per table");
    }
    it->second = c.code_sha256;
  }
  std::vector<std::string> code_tables;
  std::vector<std::string> code_hashes;
  for (const auto& [table, hash] : code_of) {
    code_tables.push_back(table);
    code_hashes.push_back(hash);
  }
  const std::vector<Refusal> refusals = {
      {"seatings_token_sha256_key", ErrorCode::kAlreadyExists,
       "a new seat token of event " + event_id + " is taken by another seat"},
      {"play_tables_code_sha256_key", ErrorCode::kAlreadyExists,
       "a new table code of event " + event_id + " is taken by another table"},
      {"play_tables_code_physical", ErrorCode::kInvalidArgument,
       "a table code of event " + event_id + " is for a table that is not played with real cards"}};
  return Run<WriteTransaction>(
      "replace " + std::to_string(changes.size()) + " seat tokens of event " + event_id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kReplace = {
            "replace_seat_tokens",
            "WITH changed AS (UPDATE seatings s SET token_sha256 = c.token "
            "FROM unnest($2::text[], $3::integer[], $4::text[]) AS c(table_id, chair, token) "
            "WHERE s.event_id = $1 AND s.table_id = c.table_id AND s.chair = c.chair "
            "RETURNING 1) SELECT count(*) FROM changed"};
        const pqxx::row replaced =
            tx.exec_prepared1(conn.Prepare(kReplace), event_id, ArrayLiteral(tables),
                              ArrayLiteral(chairs), ArrayLiteral(hashes));
        const size_t count = replaced[0].as<size_t>();
        if (count != changes.size()) {
          return Status::NotFound(std::to_string(changes.size() - count) + " of " +
                                  std::to_string(changes.size()) +
                                  " chairs are not seated at a table of event " + event_id);
        }
        // The old codes go with the old tokens: set to the new one, or NULL.
        static constexpr Statement kFence = {
            "fence_seat_token_tables",
            "UPDATE play_tables p SET lease_version = lease_version + 1, "
            "code_sha256 = NULLIF(c.code, '') "
            "FROM unnest($2::text[], $3::text[]) AS c(table_id, code) "
            "WHERE p.event_id = $1 AND p.id = c.table_id"};
        tx.exec_prepared0(conn.Prepare(kFence), event_id, ArrayLiteral(code_tables),
                          ArrayLiteral(code_hashes));
        return Status::Ok();
      });
}

}  // namespace skat::store
