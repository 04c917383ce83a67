// Refused reports of physical play (store.h "Results"; migration 0007): appended, counted per
// board under the table's row lock, and listed to the director page by page.
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {

Result<int> LockRefusedCount(WriteTransaction& tx, PooledConnection& conn,
                             const std::string& event_id, const std::string& table_id,
                             int board_index) {
  static constexpr Statement kLock = {
      "lock_table_for_reports",
      "SELECT 1 FROM play_tables WHERE event_id = $1 AND id = $2 FOR UPDATE"};
  if (tx.exec_prepared(conn.Prepare(kLock), event_id, table_id).empty()) {
    return Status::NotFound(TableName(event_id, table_id) + " not found");
  }
  static constexpr Statement kCount = {
      "count_refused_reports_locked",
      "SELECT count(*) FROM refused_reports "
      "WHERE event_id = $1 AND table_id = $2 AND board_index = $3"};
  return tx.exec_prepared(conn.Prepare(kCount), event_id, table_id, board_index)[0][0].as<int>();
}

Result<bool> WriteRefusedReport(WriteTransaction& tx, PooledConnection& conn,
                                const RefusedReportRecord& report, int limit) {
  Result<int> stored =
      LockRefusedCount(tx, conn, report.event_id, report.table_id, report.board_index);
  if (!stored.ok()) return stored.status();
  if (limit > 0 && *stored >= limit) return false;
  static constexpr Statement kInsert = {
      "insert_refused_report",
      "INSERT INTO refused_reports (event_id, table_id, board_index, board_number, "
      "report_json, entered_by, reason, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"};
  tx.exec_prepared(conn.Prepare(kInsert), report.event_id, report.table_id, report.board_index,
                   report.board_number, report.report_json, report.entered_by, report.reason,
                   report.message);
  return true;
}

Result<bool> PgStore::AddRefusedReport(const RefusedReportRecord& report, int limit) {
  return Run<WriteTransaction>(
      "keep a refused report of " + TableName(report.event_id, report.table_id),
      [&](WriteTransaction& tx, PooledConnection& conn) {
        return WriteRefusedReport(tx, conn, report, limit);
      });
}

Result<int> PgStore::CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                         int board_index) {
  return Run<ReadTransaction>(
      "count refused reports of " + TableName(event_id, table_id),
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<int> {
        static constexpr Statement kCount = {
            "count_refused_reports",
            "SELECT count(*) FROM refused_reports "
            "WHERE event_id = $1 AND table_id = $2 AND board_index = $3"};
        return tx.exec_prepared(conn.Prepare(kCount), event_id, table_id, board_index)[0][0]
            .as<int>();
      });
}

Result<std::vector<RefusedReportRecord>> PgStore::ListRefusedReports(const std::string& event_id,
                                                                     const std::string& table_id,
                                                                     int64_t after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "refused reports"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list refused reports of " + TableName(event_id, table_id),
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<RefusedReportRecord>> {
        if (Status s = CheckTableExists(tx, conn, event_id, table_id); !s.ok()) return s;
        static constexpr Statement kList = {
            "list_refused_reports",
            "SELECT id, board_index, board_number, report_json, entered_by, "
            "EXTRACT(EPOCH FROM entered_at)::bigint, reason, message FROM refused_reports "
            "WHERE event_id = $1 AND table_id = $2 AND id > $3 ORDER BY id LIMIT $4"};
        std::vector<RefusedReportRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kList), event_id, table_id, after_id, limit)) {
          out.push_back(RefusedReportRecord{.id = row[0].as<int64_t>(),
                                            .event_id = event_id,
                                            .table_id = table_id,
                                            .board_index = row[1].as<int>(),
                                            .board_number = row[2].as<int>(),
                                            .report_json = row[3].as<std::string>(),
                                            .entered_by = row[4].as<std::string>(),
                                            .entered_unix = row[5].as<int64_t>(),
                                            .reason = row[6].as<std::string>(),
                                            .message = row[7].as<std::string>()});
        }
        return out;
      });
}

}  // namespace skat::store
