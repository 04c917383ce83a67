// `skat events games E --format record|iss`: every game of an event in the formats other tools
// read (game_export.h), session by session, round by round, table by table; the games of one
// table are what `skat tables games T --format ...` writes.
#ifndef SKAT_SERVICES_CLI_SHEETS_EVENT_GAMES_H_
#define SKAT_SERVICES_CLI_SHEETS_EVENT_GAMES_H_

#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// Writes the games to `out` (stdout when empty) and a summary line to stdout (with `out`); notes
// on games left out to stderr. Returns 0, or 1 after printing why.
int ExportEventGames(const ServerOptions& server, const std::string& event,
                     const std::string& format, const std::string& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_EVENT_GAMES_H_
