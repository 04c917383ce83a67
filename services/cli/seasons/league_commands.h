// skat seasons league, team-sheet and team-sheets (docs/seasons.md "League table"; docs/cli.md):
// a season's league table, and the team sheets of its match days, through skatd's SeasonService.
#ifndef SKAT_SERVICES_CLI_SEASONS_LEAGUE_COMMANDS_H_
#define SKAT_SERVICES_CLI_SEASONS_LEAGUE_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <vector>

#include "services/cli/commands.h"

namespace skat::cli {

// Adds the three verbs to `seasons` (the `skat seasons` command); the seasons runner runs the one
// that was parsed.
std::vector<Subcommand> AddLeagueCommands(CLI::App& seasons);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEASONS_LEAGUE_COMMANDS_H_
