// skat tables rotate-token and skat events rotate-token: the director replaces one chair's seat
// token, or the event's director token (docs/events-and-scoring.md "Seat tokens"). The old token
// is refused from then on; the new one is shown once: printed, or with --out written to a file
// (atomically, mode 0600, token_files.h) that --seat-token-file / --token-file read.
#include <iostream>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/tables/table_option.h"
#include "services/cli/token_files.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

// Prints the new token, or writes it to `out`; the exit code.
int ShowToken(const std::string& what, const std::string& token, const std::string& out,
              const std::string& described) {
  if (out.empty()) {
    std::cout << described << ": " << token
              << "\n(shown once; the old token is refused from now on)\n";
    return 0;
  }
  if (std::string error; !WriteTokenFile(out, token + "\n", error)) {
    std::cerr << "skat " << what << ": the token was replaced, but writing --out " << out
              << " failed: " << error << " (rotate it again)\n";
    return 1;
  }
  std::cout << described << " written to " << out
            << " (mode 0600; the old token is refused from now on)\n";
  return 0;
}

}  // namespace

Subcommand AddRotateSeatTokenCommand(CLI::App& tables) {
  struct Options {
    ServerOptions server;
    std::string table;
    std::string session;
    int chair = 0;
    std::string out;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = tables.add_subcommand(
      "rotate-token",
      Tr("Replace one chair's seat token (director): the old token is refused from now on, also by "
         "a seat that is watching the table; the new one is shown once."));
  sub->add_option("table", o->table,
                  Tr("events/{event}/tables/{table}, or with --session \"round 2 table 3\""))
      ->required();
  sub->add_option("--session", o->session,
                  Tr("events/{event}/sessions/{session}: the table names a table of it"));
  sub->add_option("--chair", o->chair,
                  Tr("the chair whose token is replaced (1..the table's chairs)"))
      ->required();
  sub->add_option(
      "--out", o->out,
      Tr("write the new seat token to this file (mode 0600; --seat-token-file reads it) "
         "instead of printing it"));
  sub->footer(
      Tr("Example:\n"
         "  skat tables rotate-token events/ev-.../tables/tb-... --chair 2 --out chair2-token\n"
         "  skat play --table events/ev-.../tables/tb-... --seat-token-file chair2-token"));
  AddServerOptions(*sub, o->server);
  return {sub, [o]() {
            if (int failed =
                    ResolveTableOption(o->server, "tables rotate-token", o->session, &o->table);
                failed != 0) {
              return failed;
            }
            v1::RotateSeatTokenRequest request;
            request.set_table(o->table);
            request.set_chair(o->chair);
            v1::RotateSeatTokenResponse response;
            auto stub = v1::TableService::NewStub(Connect(o->server));
            auto context = NewContext(o->server);
            const grpc::Status s = stub->RotateSeatToken(context.get(), request, &response);
            if (!s.ok()) return ReportFailure("tables rotate-token", s, *context, o->server);
            const int shown =
                ShowToken("tables rotate-token", response.seat_token(), o->out,
                          "new seat token of chair " + std::to_string(response.chair()) + " of " +
                              response.table());
            // A table played with real cards: its code went with the token (docs/tables.md
            // "Table codes").
            if (shown == 0 && !response.table_code().empty()) {
              std::cout << Tr("new table code of {0}: {1} (the old one is void: print the table "
                              "card again)",
                              response.table(), response.table_code())
                        << "\n";
            }
            return shown;
          }};
}

Subcommand AddRotateDirectorTokenCommand(CLI::App& events) {
  struct Options {
    ServerOptions server;
    std::string event;
    std::string out;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = events.add_subcommand(
      "rotate-token",
      Tr("Replace the event's director token (director): the old token is refused from now on; the "
         "new one is shown once."));
  sub->add_option("event", o->event, Tr("events/{event}"))->required();
  sub->add_option("--out", o->out,
                  Tr("write the new director token to this file (mode 0600; --token-file reads it) "
                     "instead of printing it; it may be the --token-file itself"));
  sub->footer(Tr(
      "Example:\n"
      "  skat events rotate-token events/ev-... --token-file director-token --out director-token"));
  AddServerOptions(*sub, o->server);
  return {sub, [o]() {
            v1::RotateDirectorTokenRequest request;
            request.set_name(o->event);
            v1::RotateDirectorTokenResponse response;
            auto stub = v1::EventService::NewStub(Connect(o->server));
            auto context = NewContext(o->server);
            const grpc::Status s = stub->RotateDirectorToken(context.get(), request, &response);
            if (!s.ok()) return ReportFailure("events rotate-token", s, *context, o->server);
            return ShowToken("events rotate-token", response.director_token(), o->out,
                             "new director token of " + response.event().name());
          }};
}

}  // namespace skat::cli
