// `skat results import`: the scorer's way in, after an evening played on paper. A CSV file of
// score slips, one board's result per line, entered with the director's token (so each counts
// at once). The header names the columns: `table` (the table's resource name) and `board`, and
// any option of `skat results enter` without its dashes (declarer, game, points, floor,
// announce, turned, passed-in, ramsch, card-points, fine, ...); a flag's cell is yes or empty, a
// cell of several values (fine, wrong-count) separates them by spaces. Every line is checked and
// sent on its own: a refused line is reported with its line number and skatd's reason, and
// nothing of it is written; the other lines are entered.
#ifndef SKAT_SERVICES_CLI_RESULTS_RESULTS_IMPORT_H_
#define SKAT_SERVICES_CLI_RESULTS_RESULTS_IMPORT_H_

#include <iostream>
#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// Enters the slips of the CSV `text` (from `file`, for messages) through skatd at `server`
// (with the director's token); with `dry_run` each is only scored (validate_only). With
// `session` (a session's resource name) the table column may name a table of it as
// table_names.h reads it ("round 2 table 3"). Prints one line per slip and a summary to `out`,
// refusals to `err`. Returns 0 when every line was entered, 1 when a line was refused or the
// file or the session cannot be read (nothing sent then).
int ImportResults(const ServerOptions& server, const std::string& file, const std::string& text,
                  const std::string& session, bool dry_run, std::ostream& out, std::ostream& err);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_RESULTS_RESULTS_IMPORT_H_
