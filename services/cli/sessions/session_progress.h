// What a director sees at a glance during an evening: for each table of a session its results
// (TableService.ListResults, the director's token): the boards whose result counts, those whose
// entry waits for a second chair's confirmation, and those without a result yet (missing at a
// physical table, in play at an online one). `skat sessions show` prints it under the seating.
#ifndef SKAT_SERVICES_CLI_SESSIONS_SESSION_PROGRESS_H_
#define SKAT_SERVICES_CLI_SESSIONS_SESSION_PROGRESS_H_

#include <ostream>
#include <vector>

#include "services/cli/client.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

struct TableProgress {
  const v1::SessionTable* table = nullptr;
  std::vector<int> counted;      // board numbers whose current result counts
  std::vector<int> unconfirmed;  // entered, waiting for another chair
  std::vector<int> missing;      // no result yet
};

// Reads every table's results; returns 0, or the exit code after the first failure's message.
int ReadProgress(const ServerOptions& server, const v1::Session& session,
                 std::vector<TableProgress>* progress);

// One line per table with something outstanding, then "progress: C of N boards counted, U
// waiting for a confirmation, M missing".
void PrintProgress(const std::vector<TableProgress>& progress, std::ostream& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SESSIONS_SESSION_PROGRESS_H_
