// skat scores: standings (once or live), a board's traveller, the team match, the prize list, the
// Seeger-Fabian series lists and director adjustments, through skatd's ScoringService. Each verb
// is in scores_verbs.h.
#include <memory>

#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/results/scores_verbs.h"

namespace skat::cli {

Runner AddScoresCommand(CLI::App& app) {
  auto o = std::make_shared<ScoresOptions>();
  CLI::App* sub = app.add_subcommand(
      "scores",
      Tr("Standings, travellers, the team match, prizes, series lists and adjustments (through "
         "skatd)."));
  sub->require_subcommand(1);
  CLI::App* standings =
      sub->add_subcommand("standings", Tr("The standings now (or live: --watch)."));
  standings->add_option("--event", o->event, Tr("events/{event}"))->required();
  standings->add_option("--session", o->session, Tr("0: every session combined"))
      ->capture_default_str();
  standings->add_flag("--watch", o->watch,
                      Tr("print the standings again whenever a result or adjustment arrives "
                         "(Ctrl-C ends)"));
  AddServerOptions(*standings, o->server);
  CLI::App* traveller = sub->add_subcommand(
      "traveller", Tr("Every table's result of one board (once every table has finished it)."));
  traveller->add_option("--event", o->event, Tr("events/{event}"))->required();
  traveller->add_option("--board", o->board, Tr("board number"))->required();
  traveller->add_option("--session", o->session, Tr("0: session 1"))->capture_default_str();
  AddServerOptions(*traveller, o->server);
  CLI::App* team = sub->add_subcommand("team", Tr("Club against club (an event with two clubs)."));
  team->add_option("--event", o->event, Tr("events/{event}"))->required();
  team->add_flag("--lines", o->lines, Tr("per board and direction too"));
  AddServerOptions(*team, o->server);
  CLI::App* prizes = sub->add_subcommand("prizes", Tr("The 1909 congress prizes, per session."));
  prizes->add_option("--event", o->event, Tr("events/{event}"))->required();
  AddServerOptions(*prizes, o->server);
  CLI::App* series = sub->add_subcommand(
      "series",
      Tr("Every table's Seeger-Fabian series list (ISkO): game points as declarer + 50 x (won - "
         "lost) + 40 per game lost by another declarer at a 3-player table, 30 at a 4-player table "
         "(to all three others); ranked by total, more games won, fewer lost, then a lot drawn "
         "from "
         "the event id."));
  series->add_option("--event", o->event, Tr("events/{event}"))->required();
  series->add_option("--session", o->session, Tr("0: every session"))->capture_default_str();
  AddServerOptions(*series, o->server);
  AddScoresAdjust(*sub, *o);

  return [o, standings, traveller, team, prizes, series]() -> int {
    auto stub = v1::ScoringService::NewStub(Connect(o->server));
    if (standings->parsed()) return RunScoresStandings(*o, *stub);
    if (traveller->parsed()) return RunScoresTraveller(*o, *stub);
    if (team->parsed()) return RunScoresTeam(*o, *stub);
    if (prizes->parsed()) return RunScoresPrizes(*o, *stub);
    if (series->parsed()) return RunScoresSeries(*o, *stub);
    return RunScoresAdjust(*o, *stub);
  };
}

}  // namespace skat::cli
