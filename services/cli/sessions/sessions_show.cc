// skat sessions show: a session's seating, its validation and each table's progress.
#include <iostream>
#include <vector>

#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/sessions/session_progress.h"
#include "services/cli/sessions/sessions_verbs.h"

namespace skat::cli {

CLI::App* AddSessionsShow(CLI::App& sessions, SessionsOptions& o) {
  CLI::App* show = sessions.add_subcommand("show", Tr("Show a session's seating and validation."));
  show->add_option("session", o.session, Tr("events/{event}/sessions/{session}"))->required();
  AddServerOptions(*show, o.server);
  return show;
}

int RunSessionsShow(const SessionsOptions& o, SessionsEvent& e) {
  v1::GetSessionRequest request;
  request.set_name(o.session);
  v1::Session session;
  auto context = NewContext(o.server);
  grpc::Status s = e.stub->GetSession(context.get(), request, &session);
  if (!s.ok()) return ReportFailure("sessions show", s, *context, o.server);
  std::cout << session.name() << "  " << Tr("session {0}", session.number()) << "\n";
  PrintSeating(session.tables(), e.names, std::cout);
  std::cout << TranslatedLines(session.validation(), "validation");
  std::vector<TableProgress> progress;
  if (int code = ReadProgress(o.server, session, &progress); code != 0) return code;
  PrintProgress(progress, std::cout);
  return 0;
}

}  // namespace skat::cli
