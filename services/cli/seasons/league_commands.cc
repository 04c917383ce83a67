#include "services/cli/seasons/league_commands.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/events/event_players.h"
#include "services/cli/events/player_names.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "skat/v1/season_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct LeagueOptions {
  ServerOptions server;
  std::string season, event, club;
  std::vector<std::string> players, substitutes;
  bool matches = false;
};

// Display columns of UTF-8 text: continuation bytes take none.
size_t LeagueColumns(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string LeaguePad(const std::string& text, size_t width) {
  const size_t columns = LeagueColumns(text);
  return columns >= width ? text + " " : text + std::string(width - columns, ' ');
}

std::string LeaguePadLeft(const std::string& text, size_t width) {
  const size_t columns = LeagueColumns(text);
  return columns >= width ? text : std::string(width - columns, ' ') + text;
}

// "seasons/{season}" of "se-..." or of the name itself.
std::string SeasonNameOf(const std::string& season) {
  return season.rfind("seasons/", 0) == 0 ? season : "seasons/" + season;
}

std::string LeagueOutcomeText(const v1::LeagueMatch& m) {
  if (m.outcome() == "win") return Tr("win");
  if (m.outcome() == "draw") return Tr("draw");
  if (m.outcome() == "loss") return Tr("loss");
  return Tr("placing points");
}

void PrintLeague(const v1::LeagueTable& t, bool matches) {
  std::cout << Tr("League table: {0}", t.display_name()) << "\n";
  size_t width = LeagueColumns(Tr("club"));
  for (const v1::LeagueRow& r : t.rows()) width = std::max(width, LeagueColumns(r.club()));
  width += 2;
  const std::vector<std::string> heads = {Tr("played"), Tr("wins"),   Tr("draws"),
                                          Tr("losses"), Tr("points"), Tr("difference")};
  std::vector<size_t> column;
  std::cout << "  " << LeaguePad(Tr("rank"), 6) << LeaguePad(Tr("club"), width);
  for (const std::string& h : heads) {
    column.push_back(std::max<size_t>(LeagueColumns(h), 5) + 2);
    std::cout << LeaguePadLeft(h, column.back());
  }
  std::cout << "\n";
  for (const v1::LeagueRow& r : t.rows()) {
    const std::string rank = std::to_string(r.rank()) + (r.tied() ? "=" : "");
    const std::vector<std::string> cells = {
        std::to_string(r.played()),       std::to_string(r.won()),
        std::to_string(r.drawn()),        std::to_string(r.lost()),
        std::to_string(r.match_points()), Signed(static_cast<long long>(r.score_difference()))};
    std::cout << "  " << LeaguePad(rank, 6) << LeaguePad(r.club(), width);
    for (size_t i = 0; i < cells.size(); ++i) std::cout << LeaguePadLeft(cells[i], column[i]);
    std::cout << "\n";
    if (!matches) continue;
    for (const v1::LeagueMatch& m : r.matches()) {
      std::cout << "        " << m.display_name() << "  " << m.score() << " : "
                << m.opponent_score() << "  " << LeagueOutcomeText(m) << ", "
                << TrN("{n} point", "{n} points", m.match_points()) << "\n";
    }
  }
  std::cout << Tr("(wins, draws, losses: match days of two clubs; difference: own score minus "
                  "the opponents', docs/seasons.md)")
            << "\n";
}

int League(const LeagueOptions& o, v1::SeasonService::Stub& stub) {
  v1::GetLeagueTableRequest request;
  request.set_name(SeasonNameOf(o.season) + "/leagueTable");
  v1::LeagueTable table;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.GetLeagueTable(context.get(), request, &table);
  if (!s.ok()) return ReportFailure("seasons league", s, *context, o.server);
  PrintLeague(table, o.matches);
  return 0;
}

void PrintTeamSheet(const v1::TeamSheet& sheet) {
  std::cout << sheet.event() << "  " << sheet.club_display_name() << "  ("
            << (sheet.has_update_time() ? Tr("recorded {0}", UtcText(sheet.update_time().seconds()))
                                        : Tr("not recorded: the club's players of the event"))
            << ")\n";
  for (const v1::TeamSheet::Entry& e : sheet.entries()) {
    std::cout << "  " << e.display_name();
    if (!e.replaces().empty()) {
      std::string replaced = e.replaces();
      for (const v1::TeamSheet::Entry& other : sheet.entries()) {
        if (other.player() == e.replaces()) replaced = other.display_name();
      }
      std::cout << "  " << Tr("for {0} from round {1}", replaced, e.from_round());
    }
    std::cout << "\n";
  }
}

// The club `typed` names among the event's: its resource name, id or display name (letter case
// and surrounding spaces ignored); "" after a message when there is none.
std::string ResolveClub(const v1::ListPlayersResponse& known, const std::string& typed) {
  auto folded = [](std::string_view text) {
    const size_t first = text.find_first_not_of(" \t"), last = text.find_last_not_of(" \t");
    std::string out(first == std::string_view::npos ? "" : text.substr(first, last - first + 1));
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  for (const v1::Club& c : known.clubs()) {
    const std::string id = c.name().substr(c.name().rfind('/') + 1);
    if (c.name() == typed || id == typed || folded(c.display_name()) == folded(typed)) {
      return c.name();
    }
  }
  Fail("seasons team-sheet", Tr("no club \"{0}\" in the event", typed));
  return "";
}

// The player `typed` names (player_names.h: resource name, id, number or name), or "" after a
// message.
std::string Player(const v1::ListPlayersResponse& known, const std::string& typed) {
  Result<std::string> player = ResolvePlayer(known, typed);
  if (!player.ok()) {
    Fail("seasons team-sheet", player.status().message());
    return "";
  }
  return *player;
}

// "--substitute P2=P1@ROUND": the substitute P2 for P1 from round ROUND.
int AddSubstitute(const v1::ListPlayersResponse& known, const std::string& text,
                  v1::TeamSheet* sheet) {
  const size_t eq = text.find('='), at = text.rfind('@');
  if (eq == std::string::npos || at == std::string::npos || at < eq || eq == 0 || at == eq + 1 ||
      at + 1 == text.size() || text.find_first_not_of("0123456789", at + 1) != std::string::npos ||
      text.size() - at > 4) {
    return Fail("seasons team-sheet",
                Tr("--substitute {0}: not SUBSTITUTE=PLAYER@ROUND (e.g. 'Bert=Anna@3')", text));
  }
  const std::string player = Player(known, text.substr(0, eq));
  const std::string replaces = Player(known, text.substr(eq + 1, at - eq - 1));
  if (player.empty() || replaces.empty()) return 1;
  v1::TeamSheet::Entry* e = sheet->add_entries();
  e->set_player(player);
  e->set_replaces(replaces);
  e->set_from_round(std::stoi(text.substr(at + 1)));
  return 0;
}

int SetSheet(const LeagueOptions& o, v1::SeasonService::Stub& stub) {
  v1::ListPlayersResponse known;
  if (int failed = ListEventPlayers(o.server, "seasons team-sheet", o.event, &known); failed != 0) {
    return failed;
  }
  v1::SetTeamSheetRequest request;
  request.set_season(SeasonNameOf(o.season));
  v1::TeamSheet* sheet = request.mutable_team_sheet();
  sheet->set_event(o.event);
  sheet->set_club(ResolveClub(known, o.club));
  if (sheet->club().empty()) return 1;
  for (const std::string& p : o.players) {
    const std::string player = Player(known, p);
    if (player.empty()) return 1;
    sheet->add_entries()->set_player(player);
  }
  for (const std::string& s : o.substitutes) {
    if (int failed = AddSubstitute(known, s, sheet); failed != 0) return failed;
  }
  v1::TeamSheet response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.SetTeamSheet(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons team-sheet", s, *context, o.server);
  PrintTeamSheet(response);
  return 0;
}

int ListSheets(const LeagueOptions& o, v1::SeasonService::Stub& stub) {
  v1::ListTeamSheetsRequest request;
  request.set_parent(SeasonNameOf(o.season));
  request.set_event(o.event);
  v1::ListTeamSheetsResponse all;
  if (int failed = ListAllPages(
          o.server, "seasons team-sheets", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub.ListTeamSheets(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  for (const v1::TeamSheet& sheet : all.team_sheets()) PrintTeamSheet(sheet);
  if (all.team_sheets().empty()) std::cout << Tr("no match days yet") << "\n";
  return 0;
}

}  // namespace

std::vector<Subcommand> AddLeagueCommands(CLI::App& seasons) {
  auto o = std::make_shared<LeagueOptions>();
  CLI::App* league = seasons.add_subcommand(
      "league", Tr("The league table: clubs ranked by match points over the match days (no "
                   "token)."));
  league->add_flag("--matches", o->matches, Tr("also each club's match days"));
  CLI::App* set = seasons.add_subcommand(
      "team-sheet", Tr("Record a club's team sheet of a match day (registry); replaces the one "
                       "before."));
  set->add_option("--event", o->event, "events/{event}")->required();
  set->add_option("--club", o->club, Tr("the club: its name, id or resource name"))->required();
  set->add_option("--player", o->players,
                  Tr("a starting player: name, number, id or resource name (repeat)"));
  set->add_option("--substitute", o->substitutes,
                  Tr("SUBSTITUTE=PLAYER@ROUND: came in for a starting player from that round "
                     "(repeat)"));
  CLI::App* list = seasons.add_subcommand(
      "team-sheets", Tr("The team sheets of the match days, recorded or not (no token)."));
  list->add_option("--event", o->event, Tr("only this match day: events/{event}"));
  for (CLI::App* verb : {league, set, list}) {
    verb->add_option("season", o->season, "seasons/{season}")->required();
    AddServerOptions(*verb, o->server, kRegistryToken);
  }
  auto stub = [o] { return v1::SeasonService::NewStub(Connect(o->server)); };
  return {
      {league, [o, stub] { return League(*o, *stub()); }},
      {set, [o, stub] { return SetSheet(*o, *stub()); }},
      {list, [o, stub] { return ListSheets(*o, *stub()); }},
  };
}

}  // namespace skat::cli
