// The store's one-transaction submission of a physical result (result_transaction.h,
// ResultStore::InResultTransaction): the statements of the store's methods (pg_store.h Read*,
// Write*) run in one pqxx::work on one pooled connection.
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

// FirstMissingResult's query: the boards waited for (this table's before the index; the previous
// round's of the session, when $4 names one), each probed in results_one_current, the first
// missing one by (this table first, table number, playing order).
Result<std::optional<MissingResult>> ReadFirstMissingResult(WriteTransaction& tx,
                                                            PooledConnection& conn,
                                                            const TableRecord& table,
                                                            int before_index) {
  static constexpr Statement kFirstMissing = {
      "first_missing_result",
      "SELECT w.id, w.round, w.board_number FROM ("
      "SELECT 0 AS part, 0 AS table_number, t.id, COALESCE(t.round, 0) AS round, "
      "b.i::integer - 1 AS board_index, b.n AS board_number "
      "FROM play_tables t, unnest(t.boards) WITH ORDINALITY AS b(n, i) "
      "WHERE t.event_id = $1 AND t.id = $2 AND b.i <= $3 "
      "UNION ALL "
      "SELECT 1, t.table_number, t.id, t.round, b.i::integer - 1, b.n "
      "FROM play_tables t, unnest(t.boards) WITH ORDINALITY AS b(n, i) "
      "WHERE $4::text <> '' AND t.event_id = $1 AND t.session_id = $4::text AND t.round = $5"
      ") w WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.event_id = $1 "
      "AND r.table_id = w.id AND r.board_index = w.board_index AND r.replaced_by IS NULL) "
      "ORDER BY w.part, w.table_number, w.board_index LIMIT 1"};
  const bool after_a_round = !table.session_id.empty() && table.round > 1;
  const pqxx::result rows = tx.exec_prepared(
      conn.Prepare(kFirstMissing), table.event_id, table.id, before_index,
      after_a_round ? table.session_id : std::string(), after_a_round ? table.round - 1 : 0);
  if (rows.empty()) return std::optional<MissingResult>();
  return std::optional<MissingResult>(MissingResult{.table_id = rows[0][0].as<std::string>(),
                                                    .round = rows[0][1].as<int>(),
                                                    .board_number = rows[0][2].as<int>()});
}

class PgResultTransaction final : public ResultTransaction {
 public:
  PgResultTransaction(WriteTransaction& tx, PooledConnection& conn) : tx_(tx), conn_(conn) {}

  Result<SeatRecord> FindSeat(const std::string& token_sha256) override {
    return Guard("find seat", {}, [&] { return ReadSeat(tx_, conn_, token_sha256); });
  }
  Result<TableCodeRecord> FindTableCode(const std::string& code_sha256) override {
    return Guard("find table code", {}, [&] { return ReadTableCode(tx_, conn_, code_sha256); });
  }
  Result<EventRecord> GetEvent(const std::string& id) override {
    return Guard("get event " + id, {}, [&] { return ReadEvent(tx_, conn_, id); });
  }
  Result<TableRecord> GetTable(const std::string& event_id, const std::string& id) override {
    return Guard("get " + TableName(event_id, id), {},
                 [&] { return ReadTable(tx_, conn_, event_id, id); });
  }
  Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                     BoardRange boards) override {
    return Guard("get " + SetName(event_id, id), {},
                 [&] { return ReadBoardSet(tx_, conn_, event_id, id, boards); });
  }
  Result<SessionRecord> GetSession(const std::string& event_id, const std::string& id) override {
    return Guard("get session " + id + " of event " + event_id, {},
                 [&] { return ReadSession(tx_, conn_, event_id, id); });
  }
  Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                const std::string& table_id,
                                                bool include_history) override {
    return Guard("list results of " + Scope(event_id, table_id), {},
                 [&] { return ReadResults(tx_, conn_, event_id, table_id, include_history); });
  }
  Result<std::vector<ChairTotalRecord>> ListChairTotals(const std::string& event_id,
                                                        const std::string& table_id) override {
    return Guard("list chair totals of " + Scope(event_id, table_id), {},
                 [&] { return ReadChairTotals(tx_, conn_, event_id, table_id); });
  }
  Result<std::optional<MissingResult>> FirstMissingResult(const TableRecord& table,
                                                          int before_index) override {
    return Guard("find the first board without a result before board index " +
                     std::to_string(before_index) + " of " + TableName(table.event_id, table.id),
                 {}, [&] { return ReadFirstMissingResult(tx_, conn_, table, before_index); });
  }
  Result<int> CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                  int board_index) override {
    return Guard("count refused reports of " + TableName(event_id, table_id), {},
                 [&] { return LockRefusedCount(tx_, conn_, event_id, table_id, board_index); });
  }
  Result<ResultRecord> SubmitResult(const ResultRecord& result, int refused_limit) override {
    return Guard(SubmitResultContext(result), SubmitResultRefusals(result),
                 [&] { return WriteResult(tx_, conn_, result, refused_limit); });
  }
  Result<bool> AddRefusedReport(const RefusedReportRecord& report, int limit) override {
    return Guard("keep a refused report of " + TableName(report.event_id, report.table_id), {},
                 [&] { return WriteRefusedReport(tx_, conn_, report, limit); });
  }

  // A statement failed (the transaction is aborted).
  bool failed() const { return error_ != nullptr; }
  // The first failure as the store answers it; REQUIRES: failed().
  const Status& failure() const { return failure_; }
  // The first failure lost the connection (Run tries the transaction once more).
  bool lost() const { return lost_; }
  [[noreturn]] void Rethrow() const { std::rethrow_exception(error_); }

 private:
  static std::string Scope(const std::string& event_id, const std::string& table_id) {
    return table_id.empty() ? "event " + event_id : TableName(event_id, table_id);
  }

  // f() unless a statement failed before; an exception becomes the store's Status (pg_error.h),
  // remembered as the transaction's failure.
  template <typename F>
  auto Guard(const std::string& context, const std::vector<Refusal>& refusals, F&& f)
      -> decltype(f()) {
    if (failed()) return failure_;
    try {
      return f();
    } catch (const std::exception& e) {
      error_ = std::current_exception();
      lost_ = IsConnectionLost(e);
      failure_ = StatusFromException(e, context, refusals);
      return failure_;
    }
  }

  WriteTransaction& tx_;
  PooledConnection& conn_;
  std::exception_ptr error_;
  Status failure_;
  bool lost_ = false;
};

}  // namespace

Status PgStore::InResultTransaction(const std::string& what,
                                    const std::function<Status(ResultTransaction&)>& work) {
  return Run<WriteTransaction>(what, [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
    PgResultTransaction t(tx, conn);
    const Status s = work(t);
    if (!t.failed()) return s;
    if (t.lost()) t.Rethrow();  // Run drops the connection and tries once more
    return s.ok() ? t.failure() : s;
  });
}

}  // namespace skat::store
