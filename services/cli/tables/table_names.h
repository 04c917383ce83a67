// What a person types for a table of a session (docs/cli.md "Names"): the resource name
// ("events/E/tables/tb-..."), "round 2 table 3" (also "r2t3", "2/3"), or the table's number when
// the round is known (a session of one round, or --round).
#ifndef SKAT_SERVICES_CLI_TABLES_TABLE_NAMES_H_
#define SKAT_SERVICES_CLI_TABLES_TABLE_NAMES_H_

#include <string_view>

#include "engine/status.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

// The table of `session` that `typed` names; `round` 0 when not given. kNotFound naming what was
// typed, kInvalidArgument for a number without a round in a session of several rounds.
Result<v1::SessionTable> ResolveTable(const v1::Session& session, std::string_view typed,
                                      int round);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_TABLES_TABLE_NAMES_H_
