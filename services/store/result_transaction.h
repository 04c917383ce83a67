// ResultTransaction: what a physical result's submission reads and writes, in one transaction
// (ResultStore::InResultTransaction; docs/tables.md "Physical play"). Each method answers as the
// store's method of the same name (EventStore, TableStore, SessionStore, ResultStore), inside the
// transaction: the context of the request is read in the transaction that writes its outcome.
//
// A failed statement aborts the transaction: every later call answers the first failure, and the
// transaction is rolled back whatever the work returns.
#ifndef SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_
#define SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

// A board without a current result (confirmed or not) that a seat's report waits for.
struct MissingResult {
  std::string table_id;
  int round = 0;         // the table's round in its session; 0 outside a session
  int board_number = 0;  // of the board set
};

class ResultTransaction {
 public:
  virtual ~ResultTransaction() = default;

  virtual Result<SeatRecord> FindSeat(const std::string& token_sha256) = 0;
  virtual Result<TableCodeRecord> FindTableCode(const std::string& code_sha256) = 0;
  virtual Result<EventRecord> GetEvent(const std::string& id) = 0;
  virtual Result<TableRecord> GetTable(const std::string& event_id, const std::string& id) = 0;
  virtual Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                             BoardRange boards) = 0;
  virtual Result<SessionRecord> GetSession(const std::string& event_id, const std::string& id) = 0;
  virtual Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                        const std::string& table_id,
                                                        bool include_history) = 0;
  virtual Result<std::vector<ChairTotalRecord>> ListChairTotals(const std::string& event_id,
                                                                const std::string& table_id) = 0;
  // How many refused reports of the board are stored, counted under the table's row lock, held
  // until the transaction ends (so that the count stands until its reports and result are
  // written). kNotFound for no such table.
  // The first board before `table`'s board `before_index` without a current result: the
  // table's own boards 0..before_index-1 in playing order, then, for a table of a session's
  // round r > 1, the boards of round r-1's tables by table number and playing order. nullopt
  // when each has one. One query on the indexes (results_one_current, play_tables_session_round),
  // whatever the event's size (docs/performance.md "Results through the web side").
  virtual Result<std::optional<MissingResult>> FirstMissingResult(const TableRecord& table,
                                                                  int before_index) = 0;
  virtual Result<int> CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                          int board_index) = 0;
  virtual Result<ResultRecord> SubmitResult(const ResultRecord& result, int refused_limit) = 0;
  virtual Result<bool> AddRefusedReport(const RefusedReportRecord& report, int limit) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_
