// skat boards export and print: a set's files, each one ExportBoardSet call written to a file:
// the archive or JSON, and the punch cards, curtain cards and dealing sheet (HTML, text, and
// with --pdf a PDF through headless Chromium).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "services/cli/boards/boards_verbs.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/sheets/pdf.h"
#include "services/cli/sheets/session_sheets.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

bool WriteFile(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
  return static_cast<bool>(out);
}

// The set in `format`; 0, or the exit code after the refusal is printed as `what`'s.
int FetchExport(const BoardsOptions& o, v1::DealService::Stub& stub, const std::string& what,
                v1::ExportFormat format, v1::ExportBoardSetResponse* response) {
  v1::ExportBoardSetRequest request;
  request.set_name(o.set);
  request.set_format(format);
  auto call = NewContext(o.server);
  grpc::Status s = stub.ExportBoardSet(call.get(), request, response);
  return s.ok() ? 0 : ReportFailure(what, s, *call, o.server);
}

}  // namespace

CLI::App* AddBoardsExport(CLI::App& boards, BoardsOptions& o) {
  CLI::App* exp = boards.add_subcommand("export", Tr("Write the set as an archive file or JSON."));
  exp->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"))->required();
  exp->add_option("--format", o.format, Tr("archive or json"))
      ->check(CLI::IsMember({"archive", "json"}))
      ->capture_default_str();
  exp->add_option("--out", o.out, Tr("file to write (default: a name from the label)"));
  return exp;
}

int RunBoardsExport(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::ExportBoardSetResponse response;
  const auto format = o.format == "json" ? v1::EXPORT_FORMAT_JSON : v1::EXPORT_FORMAT_ARCHIVE;
  if (int rc = FetchExport(o, stub, "boards export", format, &response); rc != 0) return rc;
  const std::string path = o.out.empty() ? response.file_name() : o.out;
  if (!WriteFile(path, response.content())) return Fail("boards export", "cannot write " + path);
  std::cout << Tr("wrote {0}", path) << "\n";
  return 0;
}

CLI::App* AddBoardsPrint(CLI::App& boards, BoardsOptions& o) {
  CLI::App* print = boards.add_subcommand(
      "print", Tr("Write punch cards, curtain cards and the dealing sheet (HTML and text)."));
  print->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"))->required();
  print->add_option("--out", o.out, Tr("directory to write into (default: here)"));
  print->add_flag("--pdf", o.pdf, Tr("also print the HTML to a PDF with headless Chromium"));
  print->add_option("--session", o.session,
                    Tr("events/{event}/sessions/{session}: say how many copies of each board it "
                       "needs (tables playing it in one round)"));
  return print;
}

int RunBoardsPrint(const BoardsOptions& o, v1::DealService::Stub& stub) {
  if (!o.session.empty()) {
    auto events = v1::EventService::NewStub(Connect(o.server));
    v1::GetSessionRequest request;
    request.set_name(o.session);
    v1::Session session;
    auto call = NewContext(o.server);
    const grpc::Status s = events->GetSession(call.get(), request, &session);
    if (!s.ok()) return ReportFailure("boards print", s, *call, o.server);
    std::cout << o.session << " " << CopiesLine(CopiesNeeded(session)) << "\n";
  }
  const std::filesystem::path dir = o.out.empty() ? "." : o.out;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Fail("boards print", "cannot create " + dir.string() + ": " + ec.message());
  for (auto format : {v1::EXPORT_FORMAT_PRINTOUT_HTML, v1::EXPORT_FORMAT_PRINTOUT_TEXT}) {
    v1::ExportBoardSetResponse response;
    if (int rc = FetchExport(o, stub, "boards print", format, &response); rc != 0) return rc;
    const std::filesystem::path path = dir / response.file_name();
    if (!WriteFile(path, response.content())) {
      return Fail("boards print", "cannot write " + path.string());
    }
    std::cout << Tr("wrote {0}", path.string()) << "\n";
    if (o.pdf && format == v1::EXPORT_FORMAT_PRINTOUT_HTML) {
      std::filesystem::path pdf = path;
      pdf.replace_extension(".pdf");
      if (Status s = HtmlToPdf(path, pdf); !s.ok()) return Fail("boards print", s.message());
      std::cout << Tr("wrote {0}", pdf.string()) << "\n";
    }
  }
  return 0;
}

}  // namespace skat::cli
