// skat tables bot: the director lets a bot play a chair of an online table whose player left, or
// gives the chair back (TableService.SetSeatBot; docs/tables.md "Move clock and bots").
#include <iostream>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/tables/table_option.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {

Subcommand AddSeatBotCommand(CLI::App& tables) {
  struct Options {
    ServerOptions server;
    std::string table;
    std::string session;
    int chair = 0;
    bool off = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = tables.add_subcommand(
      "bot", Tr("Let a bot play a chair of an online table from now on, the board in play included "
                "(director); --off gives the chair back to its player."));
  sub->add_option("table", o->table,
                  Tr("events/{event}/tables/{table}, or with --session \"round 2 table 3\""))
      ->required();
  sub->add_option("--session", o->session,
                  Tr("events/{event}/sessions/{session}: the table names a table of it"));
  sub->add_option("--chair", o->chair, Tr("the chair (1..the table's chairs)"))->required();
  sub->add_flag("--off", o->off, Tr("the chair's player plays again"));
  sub->footer(
      Tr("The chair's seat token stays valid: the player watches meanwhile and plays again after\n"
         "--off. The bot's acts are logged as made by \"bot\" (skat tables games).\n"
         "Example:\n"
         "  skat tables bot events/ev-.../tables/tb-... --chair 2"));
  AddServerOptions(*sub, o->server);
  return {sub, [o]() {
            if (int failed = ResolveTableOption(o->server, "tables bot", o->session, &o->table);
                failed != 0) {
              return failed;
            }
            v1::SetSeatBotRequest request;
            request.set_table(o->table);
            request.set_chair(o->chair);
            request.set_bot(!o->off);
            v1::Table response;
            auto stub = v1::TableService::NewStub(Connect(o->server));
            auto context = NewContext(o->server);
            const grpc::Status s = stub->SetSeatBot(context.get(), request, &response);
            if (!s.ok()) return ReportFailure("tables bot", s, *context, o->server);
            std::cout << response.name() << ": "
                      << (o->off ? Tr("chair {0} is played by its player again", o->chair)
                                 : Tr("chair {0} is played by a bot", o->chair))
                      << "\n";
            return 0;
          }};
}

}  // namespace skat::cli
