// The `skat` command line: one CLI for the project (docs/architecture.md
// "Processes and data flow"). Each subcommand registers
// itself on the app and runs after parsing; a run returns the process exit code.
#ifndef SKAT_SERVICES_CLI_COMMANDS_H_
#define SKAT_SERVICES_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>

namespace skat::cli {

// Exit codes: 0 success (and --help), 1 bad input (a message on stderr naming the value and the
// rule), 2 usage errors (CLI11's message: unknown option, missing required option, ...).
using Runner = std::function<int()>;

Runner AddValueCommand(CLI::App& app);
Runner AddBoardCommand(CLI::App& app);
Runner AddDemoCommand(CLI::App& app);
Runner AddEventsCommand(CLI::App& app);
Runner AddBoardsCommand(CLI::App& app);
Runner AddReplayCommand(CLI::App& app);
// Tables through skatd's TableService: the director's `tables`, the bots' `bot` and a human's
// `play` (services/cli/seat/seat_client.h drives a seat).
Runner AddTablesCommand(CLI::App& app);
Runner AddBotCommand(CLI::App& app);
Runner AddPlayCommand(CLI::App& app);
// An inter-club match with bot players, start to end (services/cli/match/match_command.cc).
Runner AddMatchCommand(CLI::App& app);
// A duplicate match between two or three Skat programs (services/cli/arena/arena_command.cc).
Runner AddArenaCommand(CLI::App& app);
Runner AddReportCommand(CLI::App& app);
// A director's event (docs/events-and-scoring.md): players and clubs, sessions, scores.
Runner AddPlayersCommand(CLI::App& app);
Runner AddSessionsCommand(CLI::App& app);
Runner AddScoresCommand(CLI::App& app);
// Results of boards played with real cards (docs/tables.md "Physical play"): `skat results
// enter|confirm|correct|list`.
Runner AddResultsCommand(CLI::App& app);
Runner AddTotalsCommand(CLI::App& app);
// `skat tables rotate-token` and `skat events rotate-token`
// (services/cli/sessions/rotate_token_commands.cc): a new seat token for one chair, a new director
// token; the old one is revoked. Each adds its subcommand to `parent`; the parent's runner calls
// `run` when `app` was parsed.
struct Subcommand {
  CLI::App* app;
  Runner run;
};
Subcommand AddRotateSeatTokenCommand(CLI::App& tables);
Subcommand AddSeatBotCommand(CLI::App& tables);
Subcommand AddRotateDirectorTokenCommand(CLI::App& events);
// ISS game records into skatd (docs/events-and-scoring.md 4.9): `skat import-iss FILE`.
Runner AddImportCommand(CLI::App& app);
// Registries of persons above events (docs/persons.md): `skat registries`, `skat persons`.
Runner AddRegistriesCommand(CLI::App& app);
Runner AddPersonsCommand(CLI::App& app);
Runner AddRatingsCommand(CLI::App& app);
// Seasons of a registry (docs/seasons.md): `skat seasons`.
Runner AddSeasonsCommand(CLI::App& app);
// Open-hand analysis (docs/par.md): par tables, board sets, games card by card; offline.
Runner AddAnalyseCommand(CLI::App& app);
// The archive search through skatd (docs/par.md): boards by holding, par contract, spread.
Runner AddSearchCommand(CLI::App& app);
// A season's money and the results for a federation (docs/seasons.md "Money", "Export";
// services/cli/seasons/season_money.cc): `skat seasons statements`, `skat seasons export` (added
// to `seasons`) and `skat events export-results` (added to `events`).
Subcommand AddSeasonStatementsCommand(CLI::App& seasons);
Subcommand AddSeasonExportCommand(CLI::App& seasons);
Subcommand AddExportResultsCommand(CLI::App& events);
// An event as one archive file and back (docs/event-archive.md; services/cli/events/
// archive_commands.cc): `skat events export EVENT --out FILE`, `skat events import FILE`.
Subcommand AddEventsExportCommand(CLI::App& events);
Subcommand AddEventsImportCommand(CLI::App& events);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_COMMANDS_H_
