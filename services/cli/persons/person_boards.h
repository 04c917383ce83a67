// skat persons boards (docs/persons.md "Boards"): a person's boards, newest first, narrowed by
// filters, printed and as CSV.
#ifndef SKAT_SERVICES_CLI_PERSONS_PERSON_BOARDS_H_
#define SKAT_SERVICES_CLI_PERSONS_PERSON_BOARDS_H_

#include <CLI/CLI.hpp>
#include <string>

#include "services/cli/client.h"

namespace skat::cli {

struct PersonBoardsOptions {
  std::string event, from, to, profile, role, game, csv;
  int limit = 50;
};

// The filter options of the verb (--event, --from, --to, --profile, --role, --game, --limit,
// --csv), stored in `o`.
void AddPersonBoardsOptions(CLI::App& verb, PersonBoardsOptions& o);

// Prints the first o.limit boards of `person` that the filters keep (one line each: date, event,
// session and board, direction, role, contract and result, board score, matchpoints of top, diff,
// par); with o.csv, writes every such board there. Returns 0, 1 for a bad date or a file that
// cannot be written, or a failed call's exit code.
int PersonBoards(const ServerOptions& server, const std::string& person,
                 const PersonBoardsOptions& o);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PERSONS_PERSON_BOARDS_H_
