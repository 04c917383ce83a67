// ReadScoreDelta (session_store.h): an event's scored rows by change, in one snapshot
// (docs/performance.md "Standings that grow with the change"; migrations 0020 and 0021).
#include <string>

#include "services/store/pg_store.h"

namespace skat::store {

Result<ScoreDelta> PgStore::ReadScoreDelta(const std::string& event_id, const std::string& since) {
  if (since.empty() || since.size() > 20 ||
      since.find_first_not_of("0123456789") != std::string::npos) {
    return Status::InvalidArgument(
        "change horizon '" + since.substr(0, 24) +
        "' is not a transaction id (docs/performance.md \"Standings that grow with the change\")");
  }
  return Run<ReadTransaction>(
      "read the changed scores of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<ScoreDelta> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        // The snapshot's oldest running transaction: every write this snapshot does not see is
        // at or above it.
        static const std::string kSql =
            "SELECT " + FrameStampSql("$1") + ", pg_snapshot_xmin(pg_current_snapshot())::text";
        static const Statement kFrame = {"score_delta_frame", kSql.c_str()};
        const pqxx::row row = tx.exec_prepared1(conn.Prepare(kFrame), event_id);
        ScoreDelta delta;
        delta.frame_stamp = row[0].as<std::string>();
        delta.horizon = row[1].as<std::string>();
        delta.results = ReadChangedResults(tx, conn, event_id, since);
        delta.adjustments = ReadChangedAdjustments(tx, conn, event_id, since);
        delta.chair_totals = ReadChangedChairTotals(tx, conn, event_id, since);
        return delta;
      });
}

}  // namespace skat::store
