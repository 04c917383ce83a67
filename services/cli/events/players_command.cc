// skat clubs / skat players: an event's clubs and players through skatd's EventService.
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/events/event_players.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// The options of every verb; only the parsed verb's are read.
struct PlayersOptions {
  ServerOptions server;
  std::string event;
  std::vector<std::string> names;
  std::string club;
  bool bot = false;
  std::string person, member_number;  // one player linked to a person (docs/persons.md)
};

// skat players add-club: each club added, its resource name printed.
int RunAddClubs(const PlayersOptions& o, v1::EventService::Stub& stub) {
  for (const std::string& name : o.names) {
    v1::AddClubRequest request;
    request.set_parent(o.event);
    request.set_display_name(name);
    v1::Club made;
    auto context = NewContext(o.server);
    grpc::Status s = stub.AddClub(context.get(), request, &made);
    if (!s.ok()) return ReportFailure("players add-club", s, *context, o.server);
    std::cout << made.name() << "  " << made.display_name() << "\n";
  }
  return 0;
}

// skat players add: each player added (to --club, by resource name or display name).
int RunAddPlayers(const PlayersOptions& o, v1::EventService::Stub& stub,
                  const v1::ListPlayersResponse& known) {
  std::string club_name = o.club;
  for (const v1::Club& c : known.clubs()) {
    if (c.display_name() == o.club) club_name = c.name();
  }
  for (const std::string& name : o.names) {
    v1::AddPlayerRequest request;
    request.set_parent(o.event);
    request.set_display_name(name);
    request.set_club(club_name);
    request.set_bot(o.bot);
    request.set_person(o.person);
    request.set_member_number(o.member_number);
    v1::Player made;
    auto context = NewContext(o.server);
    grpc::Status s = stub.AddPlayer(context.get(), request, &made);
    if (!s.ok()) return ReportFailure("players add", s, *context, o.server);
    std::cout << made.name() << "  " << made.display_name()
              << (made.person().empty() ? "" : "  = " + made.person()) << "\n";
  }
  return 0;
}

// skat players list: the clubs, then the players numbered in the order added.
int RunListPlayers(const v1::ListPlayersResponse& known) {
  std::map<std::string, std::string> club_names;
  for (const v1::Club& c : known.clubs()) {
    club_names[c.name()] = c.display_name();
    std::cout << c.name() << "  club " << c.display_name() << "\n";
  }
  int number = 0;
  for (const v1::Player& p : known.players()) {
    std::cout << p.name() << "  " << ++number << "  " << p.display_name();
    if (!p.club().empty()) std::cout << "  (" << club_names[p.club()] << ")";
    if (p.bot()) std::cout << "  [bot]";
    if (!p.person().empty()) std::cout << "  = " << p.person();
    std::cout << "\n";
  }
  if (known.players().empty()) std::cout << "no players yet (skat players add)\n";
  return 0;
}

}  // namespace

Runner AddPlayersCommand(CLI::App& app) {
  auto o = std::make_shared<PlayersOptions>();
  CLI::App* sub = app.add_subcommand(
      "players", Tr("Add and list an event's clubs and players (through skatd; adding needs the "
                    "director token)."));
  sub->require_subcommand(1);
  CLI::App* club = sub->add_subcommand("add-club", Tr("Add clubs (inter-club matches)."));
  club->add_option("--event", o->event, Tr("events/{event}"))->required();
  club->add_option("names", o->names, Tr("club names, 1..200 bytes each"))->required();
  AddServerOptions(*club, o->server);
  CLI::App* add =
      sub->add_subcommand("add", Tr("Add players; prints each player's resource name."));
  add->add_option("--event", o->event, Tr("events/{event}"))->required();
  add->add_option("names", o->names, Tr("player names, 1..200 bytes each"))->required();
  add->add_option("--club", o->club, Tr("events/{event}/clubs/{club}, or the club's name"));
  add->add_flag("--bot", o->bot, Tr("played by the engine's bot (skat bot)"));
  add->add_option("--person", o->person,
                  Tr("the person of the event's registry this player is: "
                     "registries/{registry}/persons/{person} (one name only)"));
  add->add_option("--member-number", o->member_number,
                  Tr("the same by the person's member number in the event's registry"))
      ->excludes("--person");
  AddServerOptions(*add, o->server);
  CLI::App* list =
      sub->add_subcommand("list", Tr("List the clubs and players in the order added."));
  list->add_option("--event", o->event, Tr("events/{event}"))->required();
  AddServerOptions(*list, o->server);

  return [o, club, add]() {
    auto stub = v1::EventService::NewStub(Connect(o->server));
    v1::ListPlayersResponse known;
    if (int failed = ListEventPlayers(o->server, "players", o->event, &known); failed != 0) {
      return failed;
    }
    if (club->parsed()) return RunAddClubs(*o, *stub);
    if (add->parsed()) {
      if ((!o->person.empty() || !o->member_number.empty()) && o->names.size() != 1) {
        return Fail("players add", "--person and --member-number link one player: give one name");
      }
      return RunAddPlayers(*o, *stub, known);
    }
    return RunListPlayers(known);
  };
}

}  // namespace skat::cli
