// skat seasons: create, show, list, update, add-event, remove-event and standings through skatd's
// SeasonService (docs/seasons.md; docs/cli.md "Seasons").
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/seasons/amount.h"
#include "services/cli/seasons/league_commands.h"
#include "services/cli/seasons/seasons_print.h"
#include "services/cli/seasons/seasons_standings.h"
#include "skat/v1/season_service.grpc.pb.h"

namespace skat::cli {
namespace seasons {
namespace {

struct SeasonsOptions {
  ServerOptions server;
  std::string registry, season, event, name, aggregate, format = "text";
  int best_of = 0, min_attendance = 0, win_points = 0, draw_points = 0, loss_points = 0;
  std::vector<int> placing_points, prize_split, pot_split;
  std::string entry_fee, loss_fee, loss_fee_after;  // amounts (amount.h)
  int pot_permille = 0, loss_fee_games = 0;
};

// The rule options given on `verb`, into `season`; their field paths into `mask`.
void ReadRules(const SeasonsOptions& o, const CLI::App& verb, v1::Season* s,
               std::vector<std::string>& mask) {
  auto given = [&](const char* option, const char* path) {
    if (verb.count(option) == 0) return false;
    mask.push_back(path);
    return true;
  };
  if (given("--name", "display_name")) s->set_display_name(o.name);
  if (given("--aggregate", "aggregate")) {
    s->set_aggregate(o.aggregate == "average" ? v1::SEASON_AGGREGATE_AVERAGE
                                              : v1::SEASON_AGGREGATE_SUM);
  }
  if (given("--best-of", "best_of")) s->set_best_of(o.best_of);
  if (given("--min-attendance", "min_attendance")) s->set_min_attendance(o.min_attendance);
  if (given("--win-points", "win_points")) s->set_win_points(o.win_points);
  if (given("--draw-points", "draw_points")) s->set_draw_points(o.draw_points);
  if (given("--loss-points", "loss_points")) s->set_loss_points(o.loss_points);
  if (given("--placing-points", "placing_points")) {
    for (int p : o.placing_points) s->add_placing_points(p);
  }
  if (given("--entry-fee", "entry_fee_cents")) s->set_entry_fee_cents(*ParseAmount(o.entry_fee));
  if (given("--prize-split", "prize_split_permille")) {
    for (int p : o.prize_split) s->add_prize_split_permille(p);
  }
  if (given("--pot-permille", "pot_permille")) s->set_pot_permille(o.pot_permille);
  if (given("--pot-split", "pot_split_permille")) {
    for (int p : o.pot_split) s->add_pot_split_permille(p);
  }
  if (given("--loss-fee", "loss_fee_cents")) s->set_loss_fee_cents(*ParseAmount(o.loss_fee));
  if (given("--loss-fee-games", "loss_fee_games")) s->set_loss_fee_games(o.loss_fee_games);
  if (given("--loss-fee-after", "loss_fee_after_cents")) {
    s->set_loss_fee_after_cents(*ParseAmount(o.loss_fee_after));
  }
}

int Create(const SeasonsOptions& o, const CLI::App& verb, v1::SeasonService::Stub& stub) {
  v1::CreateSeasonRequest request;
  request.set_parent(o.registry);
  std::vector<std::string> mask;
  ReadRules(o, verb, request.mutable_season(), mask);
  v1::Season response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.CreateSeason(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons create", s, *context, o.server);
  PrintSeason(response, std::cout);
  return 0;
}

int Show(const SeasonsOptions& o, v1::SeasonService::Stub& stub) {
  v1::GetSeasonRequest request;
  request.set_name(o.season);
  v1::Season response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.GetSeason(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons show", s, *context, o.server);
  PrintSeason(response, std::cout);
  return 0;
}

int List(const SeasonsOptions& o, v1::SeasonService::Stub& stub) {
  v1::ListSeasonsRequest request;
  request.set_parent(o.registry);
  v1::ListSeasonsResponse all;
  if (int failed = ListAllPages(
          o.server, "seasons list", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub.ListSeasons(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  for (const v1::Season& s : all.seasons()) PrintSeasonLine(s, std::cout);
  if (all.seasons().empty()) std::cout << Tr("no seasons yet (skat seasons create)") << "\n";
  return 0;
}

// Only the options given are changed (the update mask names them).
int Update(const SeasonsOptions& o, const CLI::App& verb, v1::SeasonService::Stub& stub) {
  v1::UpdateSeasonRequest request;
  request.mutable_season()->set_name(o.season);
  std::vector<std::string> mask;
  ReadRules(o, verb, request.mutable_season(), mask);
  for (const std::string& path : mask) request.add_update_mask(path);
  v1::Season response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.UpdateSeason(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons update", s, *context, o.server);
  PrintSeason(response, std::cout);
  return 0;
}

int AddOrRemoveEvent(const SeasonsOptions& o, bool add, v1::SeasonService::Stub& stub) {
  v1::Season response;
  auto context = NewContext(o.server);
  grpc::Status s;
  if (add) {
    v1::AddSeasonEventRequest request;
    request.set_season(o.season);
    request.set_event(o.event);
    s = stub.AddSeasonEvent(context.get(), request, &response);
  } else {
    v1::RemoveSeasonEventRequest request;
    request.set_season(o.season);
    request.set_event(o.event);
    s = stub.RemoveSeasonEvent(context.get(), request, &response);
  }
  if (!s.ok()) {
    return ReportFailure(add ? "seasons add-event" : "seasons remove-event", s, *context, o.server);
  }
  PrintSeason(response, std::cout);
  return 0;
}

// The rule options of create and update (docs/seasons.md).
void AddRuleOptions(CLI::App& verb, SeasonsOptions& o) {
  verb.add_option("--aggregate", o.aggregate,
                  Tr("season table: sum or average of the event percentages"))
      ->check(CLI::IsMember({"sum", "average"}));
  verb.add_option("--best-of", o.best_of, Tr("only a person's best n events count (0: all)"));
  verb.add_option("--min-attendance", o.min_attendance,
                  Tr("fewer events played: listed unranked (0: everyone ranked)"));
  verb.add_option("--win-points", o.win_points, Tr("league: match points for a win (2)"));
  verb.add_option("--draw-points", o.draw_points, Tr("league: match points for a draw (1)"));
  verb.add_option("--loss-points", o.loss_points, Tr("league: match points for a loss (0)"));
  verb.add_option("--placing-points", o.placing_points,
                  Tr("league of more than two clubs: points per series by place, e.g. 3,2,1,0"))
      ->delimiter(',');
  verb.add_option("--entry-fee", o.entry_fee, Tr("money: entry fee per evening, e.g. 5.00"))
      ->check(CheckAmount);
  verb.add_option("--prize-split", o.prize_split,
                  Tr("money: prizes per rank in per mille, e.g. 500,300,200 (none: top half)"))
      ->delimiter(',');
  verb.add_option("--pot-permille", o.pot_permille,
                  Tr("money: share of each evening for the season pot, per mille"));
  verb.add_option("--pot-split", o.pot_split,
                  Tr("money: the season pot per rank of the season table, per mille"))
      ->delimiter(',');
  verb.add_option("--loss-fee", o.loss_fee, Tr("money: fee per lost game as declarer, e.g. 0.50"))
      ->check(CheckAmount);
  verb.add_option("--loss-fee-games", o.loss_fee_games,
                  Tr("money: the first n lost games cost --loss-fee"));
  verb.add_option("--loss-fee-after", o.loss_fee_after,
                  Tr("money: fee per lost game after those, e.g. 1.00"))
      ->check(CheckAmount);
}

struct Verbs {
  CLI::App *create, *show, *list, *update, *add_event, *remove_event, *standings;
};

Verbs AddVerbs(CLI::App& sub, SeasonsOptions& o) {
  Verbs v{};
  v.create = sub.add_subcommand("create", Tr("Create a season of a registry (registry token)."));
  v.create->add_option("registry", o.registry, "registries/{registry}")->required();
  v.create->add_option("--name", o.name, Tr("display name, 1 to 200 bytes"))->required();
  v.list = sub.add_subcommand("list", Tr("List a registry's seasons, newest first."));
  v.list->add_option("registry", o.registry, "registries/{registry}")->required();
  v.show = sub.add_subcommand("show", Tr("Show a season: its rules and events."));
  v.update = sub.add_subcommand("update", Tr("Change a season's rules (registry token): only "
                                             "those given."));
  v.update->add_option("--name", o.name, Tr("display name, 1 to 200 bytes"));
  v.add_event = sub.add_subcommand(
      "add-event", Tr("Add an event of the season's registry to the season (registry token)."));
  v.remove_event =
      sub.add_subcommand("remove-event", Tr("Take an event out of the season (registry token)."));
  v.standings = sub.add_subcommand("standings", Tr("The season table: persons ranked over the "
                                                   "season's events."));
  v.standings->add_option("--format", o.format, Tr("text or csv"))
      ->check(CLI::IsMember({"text", "csv"}))
      ->capture_default_str();
  for (CLI::App* verb : {v.show, v.update, v.add_event, v.remove_event, v.standings}) {
    verb->add_option("season", o.season, "seasons/{season}")->required();
  }
  for (CLI::App* verb : {v.add_event, v.remove_event}) {
    verb->add_option("event", o.event, "events/{event}")->required();
  }
  for (CLI::App* verb : {v.create, v.update}) AddRuleOptions(*verb, o);
  for (CLI::App* verb :
       {v.create, v.show, v.list, v.update, v.add_event, v.remove_event, v.standings}) {
    AddServerOptions(*verb, o.server, kRegistryToken);
  }
  return v;
}

}  // namespace
}  // namespace seasons

Runner AddSeasonsCommand(CLI::App& app) {
  auto o = std::make_shared<seasons::SeasonsOptions>();
  CLI::App* sub = app.add_subcommand(
      "seasons", Tr("Seasons of a registry: a series of events with a season table "
                    "(docs/seasons.md; through skatd)."));
  sub->require_subcommand(1);
  const seasons::Verbs v = seasons::AddVerbs(*sub, *o);
  std::vector<Subcommand> verbs = AddLeagueCommands(*sub);
  verbs.push_back(AddSeasonStatementsCommand(*sub));
  verbs.push_back(AddSeasonExportCommand(*sub));
  return [o, v, verbs]() {
    for (const Subcommand& verb : verbs) {
      if (verb.app->parsed()) return verb.run();
    }
    auto stub = v1::SeasonService::NewStub(Connect(o->server));
    if (v.create->parsed()) return seasons::Create(*o, *v.create, *stub);
    if (v.show->parsed()) return seasons::Show(*o, *stub);
    if (v.list->parsed()) return seasons::List(*o, *stub);
    if (v.update->parsed()) return seasons::Update(*o, *v.update, *stub);
    if (v.add_event->parsed()) return seasons::AddOrRemoveEvent(*o, true, *stub);
    if (v.remove_event->parsed()) return seasons::AddOrRemoveEvent(*o, false, *stub);
    return SeasonStandings(o->server, o->season, o->format, *stub);
  };
}

}  // namespace skat::cli
