// skat sessions print: the printed sheets of a session played with real cards (docs/cli.md
// "Printed sheets") as HTML (and PDF) in the event's language, the copies to prepare on stdout.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/sessions/sessions_verbs.h"
#include "services/cli/sheets/pdf.h"
#include "services/cli/sheets/session_sheets.h"

namespace skat::cli {

CLI::App* AddSessionsPrint(CLI::App& sessions, SessionsOptions& o) {
  CLI::App* print = sessions.add_subcommand(
      "print",
      Tr("Write the session's printed sheets for real cards: the copies of each board to prepare, "
         "a table card per table, a score slip per board and table, and the seating sheet."));
  print->add_option("session", o.session, Tr("events/{event}/sessions/{session}"))->required();
  print->add_option("--out", o.out, Tr("directory to write into (default: here)"));
  print->add_flag("--pdf", o.pdf, Tr("also print the HTML to a PDF with headless Chromium"));
  AddServerOptions(*print, o.server);
  return print;
}

int RunSessionsPrint(const SessionsOptions& o, SessionsEvent& e) {
  const std::string& name = o.session;
  v1::GetSessionRequest request;
  request.set_name(name);
  v1::Session session;
  auto context = NewContext(o.server);
  grpc::Status s = e.stub->GetSession(context.get(), request, &session);
  if (!s.ok()) return ReportFailure("sessions print", s, *context, o.server);
  v1::GetEventRequest event_request;
  event_request.set_name(name.substr(0, name.find("/sessions/")));
  v1::Event event;
  auto event_context = NewContext(o.server);
  s = e.stub->GetEvent(event_context.get(), event_request, &event);
  if (!s.ok()) return ReportFailure("sessions print", s, *event_context, o.server);
  const std::filesystem::path dir = o.out.empty() ? "." : o.out;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Fail("sessions print", "cannot create " + dir.string() + ": " + ec.message());
  const std::filesystem::path html =
      dir / ("session-" + std::to_string(session.number()) + "-sheets.html");
  std::ofstream file(html, std::ios::binary);
  // The sheets in the event's language and deck (docs/i18n.md "Printed sheets"); this output in
  // the reader's language.
  const Language sheets = event.language().empty() ? kEnglish : event.language();
  file << SessionSheetsHtml(session, e.names, event.display_name(), Translator(sheets),
                            event.deck());
  if (!file.flush()) return Fail("sessions print", "cannot write " + html.string());
  file.close();
  std::cout << CopiesLine(CopiesNeeded(session)) << "\n" << Tr("wrote {0}", html.string()) << "\n";
  if (o.pdf) {
    std::filesystem::path printed = html;
    printed.replace_extension(".pdf");
    if (Status p = HtmlToPdf(html, printed); !p.ok()) return Fail("sessions print", p.message());
    std::cout << Tr("wrote {0}", printed.string()) << "\n";
  }
  return 0;
}

}  // namespace skat::cli
