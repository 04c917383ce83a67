// The store's results (store.h): every result of an event, physical results entered,
// confirmed and corrected (a correction keeps the replaced row), and refused reports.
#ifndef SKAT_SERVICES_STORE_RESULT_STORE_H_
#define SKAT_SERVICES_STORE_RESULT_STORE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"
#include "services/store/result_transaction.h"

namespace skat::store {

class ResultStore {
 public:
  virtual ~ResultStore() = default;

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
  // Runs `work` in one write transaction (docs/tables.md "Physical play"): what it reads and
  // writes through the ResultTransaction is one transaction, committed when `work` returns OK
  // and every statement succeeded, rolled back otherwise; returns what `work` returned, or the
  // first failed statement's or the commit's status. `what` names the operation in errors. A
  // connection lost before the commit is retried once on a fresh one, so `work` may run twice
  // and must start from nothing each time.
  virtual Status InResultTransaction(const std::string& what,
                                     const std::function<Status(ResultTransaction&)>& work) = 0;
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

  // Chair totals (records.h ChairTotalRecord). Enters the chair's total: when the chair's current
  // total is equal, returns it and writes nothing (a retry); when it differs, kAlreadyExists
  // unless `replace`, which marks the current row replaced and inserts the new one in one
  // transaction. kNotFound for no such table.
  virtual Result<ChairTotalRecord> PutChairTotal(const ChairTotalRecord& total, bool replace) = 0;
  // The current chair totals of the event (table_id empty) or of one table, by table and chair.
  virtual Result<std::vector<ChairTotalRecord>> ListChairTotals(const std::string& event_id,
                                                                const std::string& table_id) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_RESULT_STORE_H_
