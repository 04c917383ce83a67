// skat tables: the director's side of tables through skatd's TableService: open a table for
// boards of a board set (printing one seat token per chair), show a table's public state, list
// every game of a table with its act log and result, list a physical table's refused reports.
#include <google/protobuf/util/json_util.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "services/cli/boards/board_list.h"
#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/events/event_players.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/sessions/session_progress.h"
#include "services/cli/sheets/game_export.h"
#include "services/cli/tables/table_option.h"
#include "services/cli/token_files.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

// The text without its leading and trailing spaces.
std::string Trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(' '));
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

// "A,B,C" -> names, trimmed.
std::vector<std::string> SplitNames(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) names.push_back(Trimmed(name));
  if (!text.empty() && text.back() == ',') names.push_back("");
  return names;
}

// "1 2 3 4 5 6" or "1-6".
std::string BoardsText(const google::protobuf::RepeatedField<int32_t>& boards) {
  bool consecutive = boards.size() > 2;
  for (int i = 1; i < boards.size(); ++i) consecutive &= boards[i] == boards[i - 1] + 1;
  if (consecutive)
    return std::to_string(boards[0]) + "-" + std::to_string(boards.Get(boards.size() - 1));
  std::string out;
  for (int b : boards) out += (out.empty() ? "" : " ") + std::to_string(b);
  return out;
}

std::string ModeName(v1::TableMode mode) {
  return mode == v1::TABLE_MODE_PHYSICAL   ? "physical cards"
         : mode == v1::TABLE_MODE_IMPORTED ? "imported game records"
                                           : "online";
}

void PrintTable(const v1::Table& t) {
  std::cout << t.name() << "\n";
  if (!t.label().empty()) std::cout << "  label:      " << t.label() << "\n";
  std::cout << "  board set:  " << t.board_set() << "\n"
            << "  boards:     " << BoardsText(t.boards()) << "  (" << t.boards_size()
            << (t.boards_size() == 1 ? " board)" : " boards)") << "\n"
            << "  chairs:     " << t.chairs() << ", " << ModeName(t.mode()) << "\n";
  if (t.move_seconds() > 0) {
    std::cout << "  clock:      " << t.move_seconds() << " s a decision\n";
  }
  if (!t.bot_chairs().empty()) {
    std::cout << "  bots play:  chair";
    for (int chair : t.bot_chairs()) std::cout << " " << chair;
    std::cout << "\n";
  }
  if (!t.player_names().empty()) {
    std::cout << "  players:   ";
    for (int i = 0; i < t.player_names_size(); ++i) {
      std::cout << " chair " << i + 1 << " " << t.player_names(i)
                << (i + 1 < t.player_names_size() ? "," : "");
    }
    std::cout << "\n";
  }
  std::cout << "  progress:   ";
  if (t.finished()) {
    std::cout << "finished (" << t.boards_size() << " of " << t.boards_size() << " boards)\n";
  } else {
    std::cout << t.current_board_index() << " of " << t.boards_size() << " boards finished; board "
              << t.boards(t.current_board_index()) << " is in play\n";
  }
  if (t.has_create_time()) {
    const std::time_t when = static_cast<std::time_t>(t.create_time().seconds());
    char text[64] = {};
    std::tm tm{};
    gmtime_r(&when, &tm);
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
    std::cout << "  opened:     " << text << "\n";
  }
}

// skat tables refused: every page of ListRefusedReports, oldest first.
int PrintRefusedReports(v1::TableService::Stub& stub, const ServerOptions& server,
                        const std::string& table) {
  v1::ListRefusedReportsRequest request;
  request.set_table(table);
  request.set_page_size(kListPageSize);
  int count = 0;
  do {
    v1::ListRefusedReportsResponse response;
    auto context = NewContext(server);
    grpc::Status s = stub.ListRefusedReports(context.get(), request, &response);
    if (!s.ok()) return ReportFailure("tables refused", s, *context, server);
    for (const v1::RefusedReport& r : response.refused_reports()) {
      const std::time_t when = r.enter_time().seconds();
      char stamp[32] = "";
      std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&when));
      std::string report;
      google::protobuf::util::JsonPrintOptions options;
      options.preserve_proto_field_names = true;
      if (!google::protobuf::util::MessageToJsonString(r.report(), &report, options).ok()) {
        report = "(unprintable)";
      }
      std::cout << "board " << r.board_number() << "  " << r.entered_by() << "  " << stamp << "\n"
                << "  report  " << report << "\n"
                << "  refused " << r.reason() << ": " << r.message() << "\n";
      ++count;
    }
    request.set_page_token(response.next_page_token());
  } while (!request.page_token().empty());
  std::cout << table << ": " << count << (count == 1 ? " refused report" : " refused reports")
            << "\n";
  return 0;
}

// skat tables list --session S: one block per table, "round 1 table 2  boards 1,2,3  chairs:
// 1=Anna 2=Bert 3=Carl", its name, and its progress (session_progress.h).
int ListSessionTables(const ServerOptions& server, const std::string& session_name) {
  auto events = v1::EventService::NewStub(Connect(server));
  v1::GetSessionRequest request;
  request.set_name(session_name);
  v1::Session session;
  auto context = NewContext(server);
  const grpc::Status s = events->GetSession(context.get(), request, &session);
  if (!s.ok()) return ReportFailure("tables list", s, *context, server);
  v1::ListPlayersResponse players;
  if (int failed = ListEventPlayers(
          server, "tables list", session_name.substr(0, session_name.find("/sessions/")), &players);
      failed != 0) {
    return failed;
  }
  const std::map<std::string, std::string> names = DisplayNames(players);
  std::vector<TableProgress> progress;
  if (int failed = ReadProgress(server, session, &progress); failed != 0) return failed;
  for (const TableProgress& p : progress) {
    const v1::SessionTable& t = *p.table;
    std::cout << "round " << t.round() << " table " << t.table_number() << "  boards "
              << BoardsText(t.boards()) << "  chairs:";
    for (int i = 0; i < t.players_size(); ++i) {
      auto it = names.find(t.players(i));
      std::cout << " " << i + 1 << "=" << (it == names.end() ? "(empty)" : it->second);
    }
    std::cout << "\n  " << t.table() << "  " << p.counted.size() << " counted, "
              << p.unconfirmed.size() << " waiting for a confirmation, " << p.missing.size()
              << " missing\n";
  }
  PrintProgress(progress, std::cout);
  return 0;
}

// skat tables games --format record|iss [--out FILE]: the table's games replayed under the
// event's profile and written (game_export.h); notes on games left out go to stderr.
int WriteGames(const ServerOptions& server, const std::string& table, const std::string& format,
               const std::string& out, const v1::ListGamesResponse& games) {
  auto events = v1::EventService::NewStub(Connect(server));
  v1::GetEventRequest request;
  request.set_name(table.substr(0, table.find("/tables/")));
  v1::Event event;
  auto context = NewContext(server);
  const grpc::Status s = events->GetEvent(context.get(), request, &event);
  if (!s.ok()) return ReportFailure("tables games", s, *context, server);
  const Profile* profile = FindProfile(event.profile());
  if (profile == nullptr) {
    return Fail("tables games",
                "the event's profile '" + event.profile() + "' is not one this skat knows");
  }
  v1::GetTableRequest table_request;
  table_request.set_name(table);
  v1::Table seated;
  auto table_context = NewContext(server);
  const grpc::Status got = v1::TableService::NewStub(Connect(server))
                               ->GetTable(table_context.get(), table_request, &seated);
  if (!got.ok()) return ReportFailure("tables games", got, *table_context, server);
  const std::vector<std::string> names(seated.player_names().begin(), seated.player_names().end());
  Result<std::string> text =
      ExportGames(*profile, table, names, games,
                  format == "iss" ? GameFormat::kIss : GameFormat::kRecord, std::cerr);
  if (!text.ok()) return Fail("tables games", text.status().message());
  if (out.empty()) {
    std::cout << *text;
    return 0;
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  if (!(file << *text) || !file.flush()) return Fail("tables games", "cannot write --out " + out);
  std::cout << games.games_size() << " games of " << table << " read; written to " << out << "\n";
  return 0;
}

}  // namespace

Runner AddTablesCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string event;
    std::string set;
    std::string boards;
    std::string label;
    std::string mode = "online";
    std::string players;
    std::string tokens_file;
    std::string tokens_dir;
    int move_seconds = 0;
    std::string table;
    std::string seat_token;
    std::string session;
    std::string format = "text";
    std::string out;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "tables", "Tables: open one for boards of a board set, show it, list its games.");
  sub->require_subcommand(1);
  sub->footer(
      "A table plays its boards in order, every board exactly as dealt. Opening it prints one\n"
      "seat token per chair (shown once); a player takes his chair with `skat play --table T\n"
      "--seat-token-file FILE` (or env SKAT_SEAT_TOKEN), and `skat bot` plays any chairs with\n"
      "the engine's bots.");

  CLI::App* open = sub->add_subcommand(
      "open", "Open a table (director): prints its name and one seat token per chair.");
  open->add_option("--event", o->event,
                   "events/{event} (default: the event of --board-set; must match it)");
  open->add_option("--board-set", o->set, "events/{event}/boardSets/{set}: the boards' set")
      ->required();
  open->add_option("--boards", o->boards,
                   "the boards to play, in order: ranges and lists, e.g. 1-6 or 1,2,5 or 1-3,7")
      ->required();
  open->add_option("--label", o->label, "a public label for the table (up to 200 bytes)");
  open->add_option("--mode", o->mode,
                   "online (played through skatd, act by act) or physical (real cards; the "
                   "chairs enter results)")
      ->check(CLI::IsMember({"online", "physical"}))
      ->capture_default_str();
  open->add_option("--players", o->players,
                   "player names by chair, comma-separated: \"A,B,C\" (one per chair)");
  open->add_option("--move-seconds", o->move_seconds,
                   "online: the move clock, seconds a decision (1..3600); 0: the profile's "
                   "(isko: 60, others none). When it runs out the table acts for the seat "
                   "(docs/rules-decisions.md D72)")
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  open->add_option("--tokens-dir", o->tokens_dir,
                   "also write each chair's token to its own file DIR/chair-N (mode 0600; DIR "
                   "made with mode 0700), ready for --seat-token-file");
  open->add_option("--tokens-file", o->tokens_file,
                   "also write the seat tokens to this file, one \"chair token\" line per chair "
                   "(mode 0600), for skat bot --tokens-file");
  AddServerOptions(*open, o->server);

  // A subcommand about one table, named by its one argument.
  auto about_table = [&](const std::string& name, const std::string& description) {
    CLI::App* c = sub->add_subcommand(name, description);
    c->add_option("table", o->table,
                  "events/{event}/tables/{table}, or with --session \"round 2 table 3\"")
        ->required();
    c->add_option("--session", o->session,
                  "events/{event}/sessions/{session}: the table names a table of it");
    return c;
  };
  CLI::App* show = about_table(
      "show", "Show a table's public state (director token, or a seat token of the table).");
  // A seat token of the table instead of the director token.
  AddTokenOption(*show, kSeatToken, o->seat_token);
  AddServerOptions(*show, o->server);

  CLI::App* games =
      about_table("games", "Every game of a table so far: its act log and result (director).");
  games
      ->add_option("--format", o->format,
                   "text (the act logs), record (the game-record format that skat replay and "
                   "skat analyse read) or iss (ISS records, as skat import-iss reads them)")
      ->check(CLI::IsMember({"text", "record", "iss"}))
      ->capture_default_str();
  games->add_option("--out", o->out, "write the records to this file instead of stdout");
  AddServerOptions(*games, o->server);

  CLI::App* refused = about_table(
      "refused",
      "Every result report of a physical table that was refused: who sent it, when, the report "
      "and the refusal (director). Three refusals of a board at a table leave that board's "
      "result to the director.");
  AddServerOptions(*refused, o->server);
  CLI::App* list = sub->add_subcommand(
      "list", "Every table of a session: round, table, boards, players and progress (director).");
  list->add_option("--session", o->session, "events/{event}/sessions/{session}")->required();
  AddServerOptions(*list, o->server);
  const Subcommand rotate = AddRotateSeatTokenCommand(*sub);
  const Subcommand bot = AddSeatBotCommand(*sub);

  return [o, open, show, games, refused, list, rotate, bot]() -> int {
    if (rotate.app->parsed()) return rotate.run();
    if (bot.app->parsed()) return bot.run();
    if (list->parsed()) return ListSessionTables(o->server, o->session);
    auto stub = v1::TableService::NewStub(Connect(o->server));
    if (!open->parsed()) {
      const std::string what = show->parsed()    ? "tables show"
                               : games->parsed() ? "tables games"
                                                 : "tables refused";
      if (int failed = ResolveTableOption(o->server, what, o->session, &o->table); failed != 0) {
        return failed;
      }
    }
    if (open->parsed()) {
      Result<std::vector<int>> parsed = ParseBoardList(o->boards);
      if (!parsed.ok()) {
        return Fail("tables open", "--boards '" + o->boards + "': " + parsed.status().message() +
                                       " (write ranges and lists: 1-6, 1,2,5, 1-3,7)");
      }
      const std::vector<int>& boards = *parsed;
      std::string event = o->event;
      const size_t sets = o->set.find("/boardSets/");
      if (sets == std::string::npos || sets == 0) {
        return Fail("tables open",
                    "--board-set '" + o->set +
                        "' is not a board set name (events/{event}/boardSets/{set})");
      }
      if (event.empty()) event = o->set.substr(0, sets);
      v1::OpenTableRequest request;
      request.set_parent(event);
      request.set_board_set(o->set);
      for (int b : boards) request.add_boards(b);
      request.set_label(o->label);
      request.set_mode(o->mode == "physical" ? v1::TABLE_MODE_PHYSICAL : v1::TABLE_MODE_ONLINE);
      request.set_move_seconds(o->move_seconds);
      if (!o->players.empty()) {
        for (const std::string& name : SplitNames(o->players)) {
          if (name.empty()) return Fail("tables open", "--players: an empty name");
          request.add_player_names(name);
        }
      }
      v1::OpenTableResponse response;
      auto context = NewContext(o->server);
      grpc::Status s = stub->OpenTable(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("tables open", s, *context, o->server);
      const v1::Table& t = response.table();
      std::cout << t.name() << "  boards " << BoardsText(t.boards()) << " (" << t.boards_size()
                << (t.boards_size() == 1 ? " board" : " boards") << ", " << t.chairs()
                << " chairs, " << ModeName(t.mode()) << ")"
                << (t.label().empty() ? "" : "  " + t.label()) << "\n";
      for (int i = 0; i < response.seat_tokens_size(); ++i) {
        std::cout << "chair " << i + 1 << "  " << response.seat_tokens(i) << "\n";
      }
      std::cout << "(seat tokens are shown once: give each player his chair's token for skat "
                   "play --table "
                << t.name() << " --seat-token-file FILE, or env SKAT_SEAT_TOKEN)\n";
      if (!o->tokens_file.empty()) {
        std::string lines, error;
        for (int i = 0; i < response.seat_tokens_size(); ++i) {
          lines += std::to_string(i + 1) + " " + response.seat_tokens(i) + "\n";
        }
        if (!WriteTokenFile(o->tokens_file, lines, error)) {
          return Fail("tables open", "the table is open, but writing --tokens-file " +
                                         o->tokens_file + " failed: " + error +
                                         " (the tokens are printed above)");
        }
        std::cout << "seat tokens written to " << o->tokens_file << "\n";
      }
      if (!o->tokens_dir.empty()) {
        std::vector<std::pair<std::string, std::string>> chairs;
        for (int i = 0; i < response.seat_tokens_size(); ++i) {
          chairs.push_back({"chair-" + std::to_string(i + 1), response.seat_tokens(i)});
        }
        if (std::string failed = WriteTokenDirectory(o->tokens_dir, chairs); !failed.empty()) {
          return Fail("tables open", "the table is open, but writing --tokens-dir failed: " +
                                         failed + " (the tokens are printed above)");
        }
        std::cout << "seat tokens written to " << o->tokens_dir << "/chair-1 .. chair-"
                  << response.seat_tokens_size() << "\n";
      }
      return 0;
    }
    if (show->parsed()) {
      ServerOptions server = o->server;
      if (!o->seat_token.empty()) server.token = o->seat_token;
      v1::GetTableRequest request;
      request.set_name(o->table);
      v1::Table response;
      auto context = NewContext(server);
      grpc::Status s = stub->GetTable(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("tables show", s, *context, o->server);
      PrintTable(response);
      return 0;
    }
    if (refused->parsed()) return PrintRefusedReports(*stub, o->server, o->table);
    (void)games;
    v1::ListGamesRequest request;
    request.set_table(o->table);
    v1::ListGamesResponse response;
    const int failed = ListAllPages(
        o->server, "tables games", request,
        [&](grpc::ClientContext* c, const v1::ListGamesRequest& r, v1::ListGamesResponse* p) {
          return stub->ListGames(c, r, p);
        },
        &response);
    if (failed != 0) return failed;
    if (o->format != "text") return WriteGames(o->server, o->table, o->format, o->out, response);
    std::cout << o->table << ": " << response.games_size()
              << (response.games_size() == 1 ? " game" : " games") << "\n";
    for (const v1::GameLog& g : response.games()) {
      std::cout << "board " << g.board_number() << " (deal number " << g.deal_number() << ", "
                << g.source() << "): " << (g.finished() ? "finished" : "in play") << ", "
                << g.acts_size() << (g.acts_size() == 1 ? " act" : " acts") << "\n";
      for (const v1::LoggedAct& a : g.acts()) {
        std::cout << "  chair " << a.chair()
                  << (a.made_by() == "seat" || a.made_by().empty()
                          ? " #" + std::to_string(a.sequence())
                          : " (" + a.made_by() + ")")
                  << ": " << a.text() << "\n";
      }
      if (g.finished()) {
        std::cout << "  result: " << g.result().summary() << "  pad " << PadLine(g.result())
                  << "\n";
      }
    }
    if (response.games().empty()) std::cout << "no game started yet\n";
    return 0;
  };
}

}  // namespace skat::cli
