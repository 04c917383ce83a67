// Chair totals (result_store.h; migration 0010). A row is never deleted: a changed total marks
// the current row replaced by the new row's id (the foreign key is checked at commit, when that
// row exists), and the partial unique index chair_totals_current keeps one current row per chair.
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

#define SKAT_CHAIR_TOTAL_COLUMNS \
  "id, event_id, table_id, chair, total, EXTRACT(EPOCH FROM entered_at)::bigint"

ChairTotalRecord ChairTotalFromRow(const pqxx::row& row) {
  return ChairTotalRecord{.id = row[0].as<int64_t>(),
                          .event_id = row[1].as<std::string>(),
                          .table_id = row[2].as<std::string>(),
                          .chair = row[3].as<int>(),
                          .total = row[4].as<int64_t>(),
                          .entered_unix = row[5].as<int64_t>()};
}

}  // namespace

Result<ChairTotalRecord> PgStore::PutChairTotal(const ChairTotalRecord& total, bool replace) {
  const std::string name =
      "chair " + std::to_string(total.chair) + " of " + TableName(total.event_id, total.table_id);
  const std::vector<Refusal> refusals = {{"chair_totals_current", ErrorCode::kAborted,
                                          name + ": another total was entered concurrently"}};
  return Run<WriteTransaction>(
      "enter the total of " + name, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<ChairTotalRecord> {
        if (Status s = CheckTableExists(tx, conn, total.event_id, total.table_id); !s.ok()) {
          return s;
        }
        static constexpr Statement kCurrent = {
            "current_chair_total",
            "SELECT " SKAT_CHAIR_TOTAL_COLUMNS
            " FROM chair_totals WHERE event_id = $1 AND table_id = $2 AND chair = $3 "
            "AND replaced_by IS NULL FOR UPDATE"};
        const pqxx::result current =
            tx.exec_prepared(conn.Prepare(kCurrent), total.event_id, total.table_id, total.chair);
        int64_t id = 0;
        if (!current.empty()) {
          const ChairTotalRecord was = ChairTotalFromRow(current[0]);
          if (was.total == total.total) return was;
          if (!replace) {
            return Status::AlreadyExists(name + " has the total " + std::to_string(was.total) +
                                         " already");
          }
          static constexpr Statement kRetire = {
              "retire_chair_total",
              "UPDATE chair_totals SET replaced_by = nextval('chair_totals_id_seq') "
              "WHERE id = $1 RETURNING replaced_by"};
          id = tx.exec_prepared1(conn.Prepare(kRetire), was.id)[0].as<int64_t>();
        }
        static constexpr Statement kInsert = {
            "insert_chair_total",
            "INSERT INTO chair_totals (id, event_id, table_id, chair, total) "
            "VALUES (CASE WHEN $1::bigint > 0 THEN $1::bigint "
            "ELSE nextval('chair_totals_id_seq') END, $2, $3, $4, $5) "
            "RETURNING " SKAT_CHAIR_TOTAL_COLUMNS};
        return ChairTotalFromRow(tx.exec_prepared1(conn.Prepare(kInsert), id, total.event_id,
                                                   total.table_id, total.chair, total.total));
      });
}

Result<std::vector<ChairTotalRecord>> ReadChairTotals(pqxx::transaction_base& tx,
                                                      PooledConnection& conn,
                                                      const std::string& event_id,
                                                      const std::string& table_id) {
  const Status exists = table_id.empty() ? CheckEventExists(tx, conn, event_id)
                                         : CheckTableExists(tx, conn, event_id, table_id);
  if (!exists.ok()) return exists;
  static constexpr Statement kList = {
      "list_chair_totals",
      "SELECT " SKAT_CHAIR_TOTAL_COLUMNS
      " FROM chair_totals WHERE event_id = $1 AND ($2::text = '' OR table_id = $2::text) "
      "AND replaced_by IS NULL ORDER BY table_id, chair"};
  std::vector<ChairTotalRecord> totals;
  for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kList), event_id, table_id)) {
    totals.push_back(ChairTotalFromRow(row));
  }
  return totals;
}

std::vector<ChairTotalRecord> ReadChangedChairTotals(pqxx::transaction_base& tx,
                                                     PooledConnection& conn,
                                                     const std::string& event_id,
                                                     const std::string& since) {
  static constexpr Statement kListChanged = {
      "list_changed_chair_totals",
      "SELECT " SKAT_CHAIR_TOTAL_COLUMNS
      " FROM chair_totals WHERE event_id = $1 "
      "AND changed_xid >= $2::xid8 AND replaced_by IS NULL ORDER BY id"};
  std::vector<ChairTotalRecord> totals;
  for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListChanged), event_id, since)) {
    totals.push_back(ChairTotalFromRow(row));
  }
  return totals;
}

Result<std::vector<ChairTotalRecord>> PgStore::ListChairTotals(const std::string& event_id,
                                                               const std::string& table_id) {
  const std::string scope = table_id.empty() ? "event " + event_id : TableName(event_id, table_id);
  return Run<ReadTransaction>("list chair totals of " + scope,
                              [&](ReadTransaction& tx, PooledConnection& conn) {
                                return ReadChairTotals(tx, conn, event_id, table_id);
                              });
}

}  // namespace skat::store
