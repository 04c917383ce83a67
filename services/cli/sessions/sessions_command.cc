// skat sessions: start a session (the movement's tables of every round, with seat tokens), show
// one, issue a session's seat tokens again, and print its sheets, through skatd's EventService.
// Each verb is in a file of its own (sessions_verbs.h).
#include <memory>
#include <string>

#include "services/cli/commands.h"
#include "services/cli/events/event_players.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/sessions/sessions_verbs.h"

namespace skat::cli {

Runner AddSessionsCommand(CLI::App& app) {
  auto o = std::make_shared<SessionsOptions>();
  CLI::App* sub = app.add_subcommand("sessions", Tr("Start and show sessions (through skatd)."));
  sub->require_subcommand(1);
  CLI::App* start = AddSessionsStart(*sub, *o);
  AddSessionsShow(*sub, *o);
  CLI::App* issue = AddSessionsIssueTokens(*sub, *o);
  CLI::App* print = AddSessionsPrint(*sub, *o);
  return [o, start, issue, print]() {
    SessionsEvent e;
    e.stub = v1::EventService::NewStub(Connect(o->server));
    const std::string event =
        start->parsed() ? o->event : o->session.substr(0, o->session.find("/sessions/"));
    if (int failed = ListEventPlayers(o->server, "sessions", event, &e.known); failed != 0) {
      return failed;
    }
    e.names = DisplayNames(e.known);
    if (issue->parsed()) return RunSessionsIssueTokens(*o, e);
    if (print->parsed()) return RunSessionsPrint(*o, e);
    if (!start->parsed()) return RunSessionsShow(*o, e);
    return RunSessionsStart(*o, e);
  };
}

}  // namespace skat::cli
