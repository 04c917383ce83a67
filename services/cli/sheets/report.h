// `skat report`: an event's standings, open travellers, scorecards, team match and prize list from
// skatd's ScoringService, written as static HTML pages and CSV files (services/report/report.h).
#ifndef SKAT_SERVICES_CLI_SHEETS_REPORT_H_
#define SKAT_SERVICES_CLI_SHEETS_REPORT_H_

#include <grpcpp/grpcpp.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "services/cli/commands.h"

namespace skat::cli {

// Fetches the event's report from skatd's ScoringService and writes it to out_dir (created when
// missing; each file written under a temporary name, then renamed); progress and the path of
// index.html go to `log`. Boards still in play are skipped and counted. Returns 0, or the CLI exit
// code 1 with a message on stderr ("skat report: <reason>: <message>"). `server` only names skatd
// in messages. With `analyse`, every open board's open-hand analysis (par table, points lost per
// table; docs/par.md) is fetched too, with progress on stderr.
int WriteReport(const std::shared_ptr<grpc::Channel>& channel, const std::string& event,
                const std::string& out_dir, std::ostream& log, const std::string& server = "skatd",
                bool analyse = true);

Runner AddReportCommand(CLI::App& app);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_REPORT_H_
