// ResultTransaction: what a physical result's submission reads and writes, in one transaction
// (ResultStore::InResultTransaction; docs/tables.md "Physical play"). Each method answers as the
// store's method of the same name (EventStore, TableStore, SessionStore, ResultStore), inside the
// transaction: the context of the request is read in the transaction that writes its outcome.
//
// A failed statement aborts the transaction: every later call answers the first failure, and the
// transaction is rolled back whatever the work returns.
#ifndef SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_
#define SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_

#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

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
  virtual Result<int> CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                          int board_index) = 0;
  virtual Result<ResultRecord> SubmitResult(const ResultRecord& result, int refused_limit) = 0;
  virtual Result<bool> AddRefusedReport(const RefusedReportRecord& report, int limit) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_RESULT_TRANSACTION_H_
