// A manual movement as a club writes it down (docs/cli.md "Manual seating"): a CSV file, one line
// per table and round, under a header naming the columns `round`, `table`, `boards`, `chair 1`,
// `chair 2`, `chair 3`, optionally `chair 4` (empty at a table of three) and `forehand chair`
// (empty or 0: forehand rotates with the board number; 1..4: always in that chair). Boards are
// as board_list.h reads them ("1-3 7"), in the order played; players are typed as
// player_names.h accepts them (name, number or resource name).
#ifndef SKAT_SERVICES_CLI_SESSIONS_SEATING_CSV_H_
#define SKAT_SERVICES_CLI_SESSIONS_SEATING_CSV_H_

#include <string_view>
#include <vector>

#include "engine/status.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

// The tables of the CSV `text`, players resolved among `known`. kInvalidArgument (or kNotFound
// for an unknown player) naming the line and column of the first fault.
Result<std::vector<v1::SessionTable>> ReadSeating(std::string_view text,
                                                  const v1::ListPlayersResponse& known);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SESSIONS_SEATING_CSV_H_
