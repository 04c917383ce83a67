// skat tables: the director's side of tables through skatd's TableService: open a table for
// boards of a board set (printing one seat token per chair), show a table's public state, list
// every game of a table with its act log and result, list a physical table's refused reports.
// Each verb is in tables_verbs.h.
#include <memory>
#include <string>

#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/tables/table_option.h"
#include "services/cli/tables/tables_verbs.h"
#include "services/cli/token_files.h"

namespace skat::cli {

Runner AddTablesCommand(CLI::App& app) {
  auto o = std::make_shared<TablesOptions>();
  CLI::App* sub = app.add_subcommand(
      "tables", Tr("Tables: open one for boards of a board set, show it, list its games."));
  sub->require_subcommand(1);
  sub->footer(
      Tr("A table plays its boards in order, every board exactly as dealt. Opening it prints one\n"
         "seat token per chair (shown once); a player takes his chair with `skat play --table T\n"
         "--seat-token-file FILE` (or env SKAT_SEAT_TOKEN), and `skat bot` plays any chairs with\n"
         "the engine's bots."));

  CLI::App* open = AddTablesOpen(*sub, *o);

  // A subcommand about one table, named by its one argument.
  auto about_table = [&](const std::string& name, const std::string& description) {
    CLI::App* c = sub->add_subcommand(name, description);
    c->add_option("table", o->table,
                  Tr("events/{event}/tables/{table}, or with --session \"round 2 table 3\""))
        ->required();
    c->add_option("--session", o->session,
                  Tr("events/{event}/sessions/{session}: the table names a table of it"));
    return c;
  };
  CLI::App* show = about_table(
      "show", Tr("Show a table's public state (director token, or a seat token of the table)."));
  // A seat token of the table instead of the director token.
  AddTokenOption(*show, kSeatToken, o->seat_token);
  AddServerOptions(*show, o->server);

  CLI::App* games =
      about_table("games", Tr("Every game of a table so far: its act log and result (director)."));
  games
      ->add_option("--format", o->format,
                   Tr("text (the act logs), record (the game-record format that skat replay and "
                      "skat analyse read) or iss (ISS records, as skat import-iss reads them)"))
      ->check(CLI::IsMember({"text", "record", "iss"}))
      ->capture_default_str();
  games->add_option("--out", o->out, Tr("write the records to this file instead of stdout"));
  AddServerOptions(*games, o->server);

  CLI::App* refused = about_table(
      "refused",
      Tr("Every result report of a physical table that was refused: who sent it, when, the report "
         "and the refusal (director). Three refusals of a board at a table leave that board's "
         "result to the director."));
  AddServerOptions(*refused, o->server);
  CLI::App* list = sub->add_subcommand(
      "list",
      Tr("Every table of a session: round, table, boards, players and progress (director)."));
  list->add_option("--session", o->session, Tr("events/{event}/sessions/{session}"))->required();
  AddServerOptions(*list, o->server);
  const Subcommand rotate = AddRotateSeatTokenCommand(*sub);
  const Subcommand bot = AddSeatBotCommand(*sub);

  return [o, open, show, games, refused, list, rotate, bot]() -> int {
    if (rotate.app->parsed()) return rotate.run();
    if (bot.app->parsed()) return bot.run();
    if (list->parsed()) return RunTablesList(o->server, o->session);
    auto stub = v1::TableService::NewStub(Connect(o->server));
    if (!open->parsed()) {
      const std::string what = show->parsed()    ? "tables show"
                               : games->parsed() ? "tables games"
                                                 : "tables refused";
      if (int failed = ResolveTableOption(o->server, what, o->session, &o->table); failed != 0) {
        return failed;
      }
    }
    if (open->parsed()) return RunTablesOpen(*o, *stub);
    if (show->parsed()) return RunTablesShow(*o, *stub);
    if (refused->parsed()) return RunTablesRefused(*stub, o->server, o->table);
    (void)games;
    return RunTablesGames(*o, *stub);
  };
}

}  // namespace skat::cli
