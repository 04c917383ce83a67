// skat persons history (docs/persons.md "History"): a person's events and boards, newest first,
// with totals by year, and the boards as CSV.
#ifndef SKAT_SERVICES_CLI_PERSONS_PERSON_HISTORY_H_
#define SKAT_SERVICES_CLI_PERSONS_PERSON_HISTORY_H_

#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// Prints every event of `person` (registries/{r}/persons/{p}) with the person's percentage and
// boards, then totals by year (events, boards, mean percentage, and the games declared and won by
// class from GetPersonTotals); with `csv_file`, writes one line per board there (event, date,
// session, round, board, direction, contract and result, board score, matchpoints, top, diff).
// Returns 0, 1 when the file cannot be written, or a failed call's exit code.
int PersonHistory(const ServerOptions& server, const std::string& person,
                  const std::string& csv_file);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PERSONS_PERSON_HISTORY_H_
