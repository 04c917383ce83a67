// Seat tokens after a table is opened (store.h "Seat and director tokens"; pg_store.h describes
// the transactions): the hashes a table server checks seats against, and their replacement.
//
// Replacing a chair's hash also increments its table's lease_version. A table server that holds
// the table keeps the hashes it read after taking its lease; with the version changed its next act
// or renewal finds the lease lost (kAborted), so it reloads the table, hashes included, before it
// commits anything more (docs/tables.md "Seats and tokens").
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {

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
                                  const std::vector<SeatTokenChange>& changes) {
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
  const std::vector<Refusal> refusals = {
      {"seatings_token_sha256_key", ErrorCode::kAlreadyExists,
       "a new seat token of event " + event_id + " is taken by another seat"}};
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
        static constexpr Statement kFence = {
            "fence_seat_token_tables",
            "UPDATE play_tables SET lease_version = lease_version + 1 "
            "WHERE event_id = $1 AND id = ANY($2::text[])"};
        tx.exec_prepared0(
            conn.Prepare(kFence), event_id,
            ArrayLiteral(std::vector<std::string>(distinct_tables.begin(), distinct_tables.end())));
        return Status::Ok();
      });
}

}  // namespace skat::store
