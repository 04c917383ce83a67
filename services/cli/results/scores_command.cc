// skat scores: standings (once or live), a board's traveller, the team match, the prize list, the
// Seeger-Fabian series lists and director adjustments, through skatd's ScoringService.
#include <iostream>
#include <memory>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/events/event_players.h"
#include "services/cli/events/player_names.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/sheets/standings_print.h"
#include "services/cli/tables/table_names.h"
#include "services/common/names.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

v1::Direction DirectionOf(const std::string& name) {
  if (name == "forehand" || name == "F") return v1::DIRECTION_FOREHAND;
  if (name == "middlehand" || name == "M") return v1::DIRECTION_MIDDLEHAND;
  if (name == "rearhand" || name == "R") return v1::DIRECTION_REARHAND;
  return v1::DIRECTION_UNSPECIFIED;
}

}  // namespace

Runner AddScoresCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string event;
    int session = 0;
    int board = 1;
    bool watch = false;
    bool lines = false;
    std::string kind;
    std::string table;
    std::string direction;
    std::string player;
    long long score = 0;
    int percent = 50;
    std::string penalty;
    int version = 0;
    std::string reason;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "scores",
      "Standings, travellers, the team match, prizes, series lists and adjustments (through "
      "skatd).");
  sub->require_subcommand(1);
  CLI::App* standings = sub->add_subcommand("standings", "The standings now (or live: --watch).");
  standings->add_option("--event", o->event, "events/{event}")->required();
  standings->add_option("--session", o->session, "0: every session combined")
      ->capture_default_str();
  standings->add_flag("--watch", o->watch,
                      "print the standings again whenever a result or adjustment arrives "
                      "(Ctrl-C ends)");
  AddServerOptions(*standings, o->server);
  CLI::App* traveller = sub->add_subcommand(
      "traveller", "Every table's result of one board (once every table has finished it).");
  traveller->add_option("--event", o->event, "events/{event}")->required();
  traveller->add_option("--board", o->board, "board number")->required();
  traveller->add_option("--session", o->session, "0: session 1")->capture_default_str();
  AddServerOptions(*traveller, o->server);
  CLI::App* team = sub->add_subcommand("team", "Club against club (an event with two clubs).");
  team->add_option("--event", o->event, "events/{event}")->required();
  team->add_flag("--lines", o->lines, "per board and direction too");
  AddServerOptions(*team, o->server);
  CLI::App* prizes = sub->add_subcommand("prizes", "The 1909 congress prizes, per session.");
  prizes->add_option("--event", o->event, "events/{event}")->required();
  AddServerOptions(*prizes, o->server);
  CLI::App* series = sub->add_subcommand(
      "series",
      "Every table's Seeger-Fabian series list (ISkO): game points as declarer + 50 x (won - "
      "lost) + 40 per game lost by another declarer at a 3-player table, 30 at a 4-player table "
      "(to all three others); ranked by total, more games won, fewer lost, then a lot drawn from "
      "the event id.");
  series->add_option("--event", o->event, "events/{event}")->required();
  series->add_option("--session", o->session, "0: every session")->capture_default_str();
  AddServerOptions(*series, o->server);
  CLI::App* adjust = sub->add_subcommand(
      "adjust", "Record a director adjustment with its reason (director token needed).");
  adjust->add_option("--event", o->event, "events/{event}")->required();
  adjust->add_option("--kind", o->kind, "assigned, artificial, penalty or fouled")
      ->check(CLI::IsMember({"assigned", "artificial", "penalty", "fouled"}))
      ->required();
  adjust->add_option("--board", o->board, "assigned, artificial, fouled: the board");
  adjust->add_option("--table", o->table,
                     "assigned, artificial, fouled: the table, \"round 2 table 3\" of --session or "
                     "events/{event}/tables/{table}");
  adjust->add_option("--version", o->version,
                     "fouled: the version of the board this table played (1, 2, ...)");
  adjust->add_option("--direction", o->direction,
                     "assigned, artificial: forehand, middlehand, "
                     "rearhand");
  adjust->add_option("--score", o->score, "assigned: the substitute board score");
  adjust->add_option("--percent", o->percent, "artificial: 60, 50 or 40")->capture_default_str();
  adjust->add_option("--player", o->player,
                     "penalty: the player's name, number (skat players list) or resource name");
  adjust->add_option("--penalty", o->penalty, "penalty: matchpoints (or points) deducted, e.g. 2");
  adjust->add_option("--session", o->session, "0: session 1");
  adjust->add_option("--reason", o->reason, "why (kept with who and when)")->required();
  AddServerOptions(*adjust, o->server);

  return [o, standings, traveller, team, prizes, series]() -> int {
    auto stub = v1::ScoringService::NewStub(Connect(o->server));
    if (standings->parsed()) {
      const std::string name = service::SessionScopedName(o->event, o->session, "standings");
      if (!o->watch) {
        v1::GetStandingsRequest request;
        request.set_name(name);
        v1::Standings s;
        auto context = NewContext(o->server);
        grpc::Status status = stub->GetStandings(context.get(), request, &s);
        if (!status.ok()) return ReportFailure("scores standings", status, *context, o->server);
        PrintStandings(s, std::cout);
        return 0;
      }
      v1::WatchStandingsRequest request;
      request.set_name(name);
      grpc::ClientContext context;  // no deadline: it runs until interrupted
      auto reader = stub->WatchStandings(&context, request);
      v1::Standings s;
      while (reader->Read(&s)) {
        std::cout << "\n";
        PrintStandings(s, std::cout);
        std::cout.flush();
      }
      grpc::Status status = reader->Finish();
      if (!status.ok())
        return ReportFailure("scores standings --watch", status, context, o->server);
      return 0;
    }
    if (traveller->parsed()) {
      v1::GetTravellerRequest request;
      request.set_name(service::TravellerName(o->event, o->session, o->board));
      v1::Traveller t;
      auto context = NewContext(o->server);
      grpc::Status status = stub->GetTraveller(context.get(), request, &t);
      if (!status.ok()) return ReportFailure("scores traveller", status, *context, o->server);
      PrintTraveller(t, std::cout);
      return 0;
    }
    if (team->parsed()) {
      v1::GetTeamMatchRequest request;
      request.set_name(service::SessionScopedName(o->event, 0, "teamMatch"));
      v1::TeamMatch t;
      auto context = NewContext(o->server);
      grpc::Status status = stub->GetTeamMatch(context.get(), request, &t);
      if (!status.ok()) return ReportFailure("scores team", status, *context, o->server);
      PrintTeamMatch(t, o->lines, std::cout);
      return 0;
    }
    if (prizes->parsed()) {
      v1::GetPrizeListRequest request;
      request.set_name(o->event + "/prizeList");
      v1::PrizeList list;
      auto context = NewContext(o->server);
      grpc::Status status = stub->GetPrizeList(context.get(), request, &list);
      if (!status.ok()) return ReportFailure("scores prizes", status, *context, o->server);
      for (const v1::Prize& p : list.prizes()) {
        std::cout << "sitting " << p.sitting() << ", prize " << p.place() << " (" << p.category()
                  << "): " << (p.display_name().empty() ? "not awarded" : p.display_name())
                  << (p.detail().empty() ? "" : " - " + p.detail()) << "\n";
      }
      return 0;
    }
    if (series->parsed()) {
      v1::GetSeriesListsRequest request;
      request.set_name(service::SessionScopedName(o->event, o->session, "seriesLists"));
      v1::SeriesLists lists;
      auto context = NewContext(o->server);
      grpc::Status status = stub->GetSeriesLists(context.get(), request, &lists);
      if (!status.ok()) return ReportFailure("scores series", status, *context, o->server);
      PrintSeriesLists(lists, std::cout);
      return 0;
    }
    v1::AddAdjustmentRequest request;
    request.set_parent(o->event);
    v1::Adjustment* a = request.mutable_adjustment();
    a->set_kind(o->kind == "assigned"     ? v1::Adjustment::KIND_ASSIGNED
                : o->kind == "artificial" ? v1::Adjustment::KIND_ARTIFICIAL
                : o->kind == "fouled"     ? v1::Adjustment::KIND_FOULED
                                          : v1::Adjustment::KIND_PENALTY);
    a->set_session(o->session);
    a->set_board(o->board);
    std::string table = o->table;
    if (!table.empty() && table.rfind("events/", 0) != 0) {
      // "round 2 table 3" of the session numbered --session (table_names.h).
      auto events = v1::EventService::NewStub(Connect(o->server));
      v1::ListSessionsRequest list;
      list.set_parent(o->event);
      v1::ListSessionsResponse sessions;
      if (int failed = ListAllPages(
              o->server, "scores adjust", list,
              [&](grpc::ClientContext* c, const v1::ListSessionsRequest& r,
                  v1::ListSessionsResponse* page) { return events->ListSessions(c, r, page); },
              &sessions);
          failed != 0) {
        return failed;
      }
      const int number = o->session == 0 ? 1 : o->session;
      v1::GetSessionRequest get;
      for (const v1::Session& listed : sessions.sessions()) {
        if (listed.number() == number) get.set_name(listed.name());
      }
      if (get.name().empty()) {
        return Fail("scores adjust", o->event + " has no session " + std::to_string(number));
      }
      v1::Session session;
      auto context = NewContext(o->server);
      const grpc::Status s = events->GetSession(context.get(), get, &session);
      if (!s.ok()) return ReportFailure("scores adjust", s, *context, o->server);
      Result<v1::SessionTable> found = ResolveTable(session, table, 0);
      if (!found.ok()) return Fail("scores adjust", "--table: " + found.status().message());
      table = found->table();
    }
    a->set_table(table);
    a->set_direction(DirectionOf(o->direction));
    a->set_assigned_score(o->score);
    a->set_artificial_percent(o->percent);
    if (!o->player.empty()) {
      // A player typed by name or number (player_names.h).
      v1::ListPlayersResponse known;
      if (int failed = ListEventPlayers(o->server, "scores adjust", o->event, &known);
          failed != 0) {
        return failed;
      }
      Result<std::string> player = ResolvePlayer(known, o->player);
      if (!player.ok()) return Fail("scores adjust", "--player: " + player.status().message());
      a->set_player(*player);
    }
    a->set_penalty(o->penalty);
    a->set_version(o->version);
    a->set_reason(o->reason);
    v1::Adjustment stored;
    auto context = NewContext(o->server);
    grpc::Status status = stub->AddAdjustment(context.get(), request, &stored);
    if (!status.ok()) return ReportFailure("scores adjust", status, *context, o->server);
    std::cout << "adjustment " << stored.id() << " recorded: " << o->kind << ", " << stored.reason()
              << "\n";
    return 0;
  };
}

}  // namespace skat::cli
