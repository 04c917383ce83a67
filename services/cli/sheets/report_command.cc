// skat report: fetch an event's report from skatd and write it as HTML and CSV files.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>
#include <vector>

#include "services/cli/calls_in_flight.h"
#include "services/cli/client.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/sheets/report.h"
#include "services/report/report.h"
#include "services/report/report_fetch.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

// GetBoardAnalysis calls in flight (each a solver search on skatd).
constexpr int kAnalysisCalls = 2;

std::unique_ptr<grpc::ClientContext> ReadContext() {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return context;
}

// Writes `content` to `path` through a temporary file in the same directory, then renames it.
bool WriteAtomically(const std::filesystem::path& path, const std::string& content,
                     std::string& error) {
  const std::filesystem::path temp =
      path.parent_path() / ("." + path.filename().string() + ".tmp-" + std::to_string(getpid()));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      error = "cannot write " + temp.string();
      std::filesystem::remove(temp);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    error = "cannot rename " + temp.string() + " to " + path.string() + ": " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

// The open boards' analyses (par tables are cached by skatd, games studied on each request),
// kAnalysisCalls requests in flight so that skatd can use more than one core; progress on
// stderr. Returns -1 when all arrived (in `data.analyses`, in the travellers' order), else the
// exit code after the first failure's message.
int FetchAnalyses(v1::ScoringService::Stub& stub, report::ReportData& data,
                  const ServerOptions& where) {
  std::vector<v1::BoardAnalysis> analyses(data.travellers.size());
  const int failure = CallsInFlight(analyses.size(), kAnalysisCalls, "analysing boards",
                                    " (open-hand par and play)", "report", where,
                                    [&](size_t i, grpc::ClientContext& context) {
                                      v1::GetBoardAnalysisRequest request;
                                      request.set_name(data.travellers[i].name() + "/analysis");
                                      return stub.GetBoardAnalysis(&context, request, &analyses[i]);
                                    });
  if (failure >= 0) return failure;
  data.analyses = std::move(analyses);
  return -1;
}

}  // namespace

int WriteReport(const std::shared_ptr<grpc::Channel>& channel, const std::string& event,
                const std::string& out_dir, std::ostream& log, const std::string& server,
                bool analyse) {
  ServerOptions where;
  where.server = server;
  auto stub = v1::ScoringService::NewStub(channel);
  report::FetchedReport fetched;
  std::unique_ptr<grpc::ClientContext> failed;
  if (grpc::Status s = report::FetchReport(*stub, event, ReadContext, fetched, &failed); !s.ok()) {
    return ReportFailure("report", s, failed ? *failed : *ReadContext(), where);
  }
  report::ReportData& data = fetched.data;
  const int in_play = fetched.boards_in_play;

  if (analyse) {
    const int analysis_failed = FetchAnalyses(*stub, data, where);
    if (analysis_failed >= 0) return analysis_failed;
  }

  std::error_code ec;
  const std::filesystem::path dir(out_dir);
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << "skat report: " << Tr("cannot create {0}: {1}", out_dir, ec.message()) << "\n";
    return 1;
  }
  // The pages in the language of the other commands (--lang, LANG: docs/i18n.md).
  const std::vector<report::File> files =
      report::Render(data, report::RenderOptions{.language = CurrentLanguage()});
  for (const report::File& file : files) {
    std::string error;
    if (!WriteAtomically(dir / file.path, file.content, error)) {
      std::cerr << "skat report: " << error << "\n";
      return 1;
    }
  }
  log << Tr("report of {0}: {1} players, {2} open travellers", event, data.standings.overall_size(),
            data.travellers.size());
  if (in_play > 0) {
    log << ", "
        << TrN("{n} board skipped (still in play)", "{n} boards skipped (still in play)", in_play);
  }
  log << "; " << Tr("{0} files written to {1}", files.size(), out_dir) << "\n";
  const std::filesystem::path index = std::filesystem::absolute(dir / "index.html", ec);
  log << Tr("open") << " file://" << (ec ? (dir / "index.html").string() : index.string()) << "\n";
  return 0;
}

Runner AddReportCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string event;
    std::string out;
    bool no_analysis = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "report",
      Tr("Write an event's report as static HTML pages and CSV files (through skatd): standings, "
         "the travellers of finished boards with the hands, every player's scorecard, the team "
         "match, the prize list and, under seeger-fabian, every table's series list; with each "
         "board its par table and the points each table lost against open-hand play. Boards still "
         "in play are skipped; run it again later."));
  sub->add_option("--event", o->event, Tr("events/{event}"))->required();
  sub->add_option("--out", o->out, Tr("output directory (created; files in it are replaced)"))
      ->required();
  sub->add_flag("--no-analysis", o->no_analysis,
                Tr("leave out the open-hand analysis (par tables, points lost against open-hand "
                   "play; docs/par.md)"));
  AddServerOptions(*sub, o->server);
  return [o]() {
    return WriteReport(Connect(o->server), o->event, o->out, std::cout, o->server.server,
                       !o->no_analysis);
  };
}

}  // namespace skat::cli
