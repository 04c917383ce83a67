// skat sessions: start a session (the movement's tables of every round, with seat tokens), show
// one, and issue a session's seat tokens again, through skatd's EventService.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/events/event_players.h"
#include "services/cli/events/player_names.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/sessions/seating_csv.h"
#include "services/cli/sessions/session_progress.h"
#include "services/cli/sessions/session_tokens.h"
#include "services/cli/sheets/pdf.h"
#include "services/cli/sheets/session_sheets.h"
#include "services/cli/token_files.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// "R1 T1  boards 1-4  Anna, Bert, Carl (forehand in chair 1)".
template <typename Tables>
void PrintSeating(const Tables& tables, const std::map<std::string, std::string>& names,
                  std::ostream& out) {
  for (const v1::SessionTable& t : tables) {
    out << "round " << t.round() << " table " << t.table_number() << "  boards";
    for (int b : t.boards()) out << " " << b;
    out << "  chairs:";
    for (int i = 0; i < t.players_size(); ++i) {
      auto it = names.find(t.players(i));
      out << " " << (i + 1) << "=" << (it == names.end() ? "(empty)" : it->second);
    }
    if (t.forehand_chair() != 0) out << "  (forehand always in chair " << t.forehand_chair() << ")";
    out << "\n";
    if (!t.table().empty()) out << "  " << t.table() << "\n";
  }
}

// skat sessions print: the sheets as HTML (and PDF), the copies to prepare on stdout.
int PrintSheets(v1::EventService::Stub& stub, const ServerOptions& server, const std::string& name,
                const std::map<std::string, std::string>& names, const std::string& out, bool pdf) {
  v1::GetSessionRequest request;
  request.set_name(name);
  v1::Session session;
  auto context = NewContext(server);
  grpc::Status s = stub.GetSession(context.get(), request, &session);
  if (!s.ok()) return ReportFailure("sessions print", s, *context, server);
  v1::GetEventRequest event_request;
  event_request.set_name(name.substr(0, name.find("/sessions/")));
  v1::Event event;
  auto event_context = NewContext(server);
  s = stub.GetEvent(event_context.get(), event_request, &event);
  if (!s.ok()) return ReportFailure("sessions print", s, *event_context, server);
  const std::filesystem::path dir = out.empty() ? "." : out;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Fail("sessions print", "cannot create " + dir.string() + ": " + ec.message());
  const std::filesystem::path html =
      dir / ("session-" + std::to_string(session.number()) + "-sheets.html");
  std::ofstream file(html, std::ios::binary);
  file << SessionSheetsHtml(session, names, event.display_name());
  if (!file.flush()) return Fail("sessions print", "cannot write " + html.string());
  file.close();
  std::cout << CopiesLine(CopiesNeeded(session)) << "\n"
            << "wrote " << html.string() << "\n";
  if (pdf) {
    std::filesystem::path printed = html;
    printed.replace_extension(".pdf");
    if (Status p = HtmlToPdf(html, printed); !p.ok()) return Fail("sessions print", p.message());
    std::cout << "wrote " << printed.string() << "\n";
  }
  return 0;
}

}  // namespace

Runner AddSessionsCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string event;
    std::string board_set;
    std::string movement = "inter-club";
    int tables = 0;
    int boards_per_round = 0;
    int rounds = 0;
    bool neutral = false;
    bool comparative = false;
    uint64_t seed = 1909;
    bool physical = false;
    std::vector<std::string> players;
    std::string tokens_file;
    std::string session;
    std::string request_id;
    std::string seating;
    bool accept_warnings = false;
    bool validate_only = false;
    std::string out;
    bool pdf = false;
    std::string tokens_dir;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("sessions", "Start and show sessions (through skatd).");
  sub->require_subcommand(1);
  CLI::App* start = sub->add_subcommand(
      "start",
      "Start a session: generate and check the movement, open every round's tables and write "
      "every seat token to --tokens-file (director token needed).");
  start->add_option("--event", o->event, "events/{event}")->required();
  start->add_option("--board-set", o->board_set, "events/{event}/boardSets/{set}")->required();
  start
      ->add_option("--movement", o->movement,
                   "inter-club, individual, congress, or manual (the seating of --seating)")
      ->check(CLI::IsMember({"inter-club", "individual", "congress", "manual"}))
      ->capture_default_str();
  start->add_option("--seating", o->seating,
                    "manual: a CSV file with a line per table and round under the header "
                    "round,table,boards,chair 1,chair 2,chair 3[,chair 4][,forehand chair]; "
                    "players by name, number or resource name, boards as \"1-3 7\"");
  start->add_flag("--accept-warnings", o->accept_warnings,
                  "manual: start the session although the validator warns (a player twice in a "
                  "round, a board twice for a player, a board at one table only, ...)");
  start->add_flag("--validate-only", o->validate_only,
                  "check the movement and print the seating, warnings and validation; start "
                  "nothing");
  start->add_option("--tables", o->tables, "tables (0: the movement's default)");
  start->add_option("--boards-per-round", o->boards_per_round, "boards per round (0: default)");
  start->add_option("--rounds", o->rounds, "rounds (0: as many as the movement has)");
  start->add_flag("--neutral", o->neutral,
                  "inter-club: a neutral player in the third chair instead of a clubmate");
  start->add_flag("--comparative", o->comparative, "congress: tables share comparable boards");
  start->add_option("--seed", o->seed, "congress: the seed of the seat draw")
      ->capture_default_str();
  start->add_flag("--physical", o->physical, "results entered from real cards");
  start->add_option("--players", o->players,
                    "player resource names in movement order (default: every player of the "
                    "event in the order added; inter-club: club A's, then club B's)");
  start->add_option(
      "--tokens-file", o->tokens_file,
      "where the seat tokens go (written with mode 0600), as \"table chair token round "
      "player\" lines (skat bot --tokens-file reads them)");
  start->add_option("--tokens-dir", o->tokens_dir,
                    "also one file per chair, DIR/round-R-table-T-chair-C (mode 0600, the "
                    "directory 0700), for --seat-token-file at the table");
  start->add_option("--request-id", o->request_id,
                    "the request id of an earlier start that did not finish: resumes it instead of "
                    "starting another session (default: a new random one, printed first)");
  start->footer(
      "The command sends a request id with StartSession and retries with the same id while skatd\n"
      "is unavailable, slow or busy, so a retry never starts a second session. When the reply\n"
      "holds no seat tokens (a session too large for one reply, e.g. a congress of 1,020\n"
      "players, or a resumed start) it issues them page by page (IssueSeatTokens) and rewrites\n"
      "--tokens-file after each page. If the command still fails, rerun it with the printed\n"
      "--request-id, or run `skat sessions issue-tokens`: either ends with a valid token for\n"
      "every chair in the file (tokens issued before are revoked).");
  AddServerOptions(*start, o->server);
  CLI::App* show = sub->add_subcommand("show", "Show a session's seating and validation.");
  show->add_option("session", o->session, "events/{event}/sessions/{session}")->required();
  AddServerOptions(*show, o->server);
  CLI::App* issue = sub->add_subcommand(
      "issue-tokens",
      "Issue a new seat token for every chair of every table of a session and write them to "
      "--tokens-file (director token needed). The chairs' earlier tokens are revoked: use it when "
      "a tokens file was lost.");
  issue->add_option("session", o->session, "events/{event}/sessions/{session}")->required();
  issue
      ->add_option("--tokens-file", o->tokens_file,
                   "where the seat tokens go (mode 0600), as sessions start writes them")
      ->required();
  AddServerOptions(*issue, o->server);

  CLI::App* print = sub->add_subcommand(
      "print",
      "Write the session's printed sheets for real cards: the copies of each board to prepare, "
      "a table card per table, a score slip per board and table, and the seating sheet.");
  print->add_option("session", o->session, "events/{event}/sessions/{session}")->required();
  print->add_option("--out", o->out, "directory to write into (default: here)");
  print->add_flag("--pdf", o->pdf, "also print the HTML to a PDF with headless Chromium");
  AddServerOptions(*print, o->server);

  return [o, start, issue, print]() {
    auto stub = v1::EventService::NewStub(Connect(o->server));
    const std::string event =
        start->parsed() ? o->event : o->session.substr(0, o->session.find("/sessions/"));
    v1::ListPlayersResponse known;
    if (int failed = ListEventPlayers(o->server, "sessions", event, &known); failed != 0) {
      return failed;
    }
    const std::map<std::string, std::string> names = DisplayNames(known);
    if (issue->parsed()) {
      SessionTokensFile file(o->tokens_file, o->session, names);
      std::vector<v1::SessionTable> tables;
      if (int code = IssueAllSeatTokens(*stub, o->server, "sessions issue-tokens", o->session, file,
                                        tables);
          code != 0) {
        return code;
      }
      std::cout << o->session << ": " << file.count() << " new seat tokens for " << tables.size()
                << " tables written to " << o->tokens_file
                << " (the tokens issued before are revoked)\n";
      return 0;
    }
    if (print->parsed()) return PrintSheets(*stub, o->server, o->session, names, o->out, o->pdf);
    if (!start->parsed()) {
      v1::GetSessionRequest request;
      request.set_name(o->session);
      v1::Session session;
      auto context = NewContext(o->server);
      grpc::Status s = stub->GetSession(context.get(), request, &session);
      if (!s.ok()) return ReportFailure("sessions show", s, *context, o->server);
      std::cout << session.name() << "  session " << session.number() << "\n";
      PrintSeating(session.tables(), names, std::cout);
      std::cout << session.validation();
      std::vector<TableProgress> progress;
      if (int code = ReadProgress(o->server, session, &progress); code != 0) return code;
      PrintProgress(progress, std::cout);
      return 0;
    }
    const bool manual = o->movement == "manual";
    if (manual != !o->seating.empty()) {
      std::cerr << "skat sessions start: --seating goes with --movement manual, and only with it\n";
      return 2;
    }
    if (!o->validate_only && o->tokens_file.empty()) {
      std::cerr << "skat sessions start: --tokens-file is required (where the seat tokens go)\n";
      return 2;
    }
    v1::StartSessionRequest request;
    if (manual) {
      std::ifstream in(o->seating, std::ios::binary);
      if (!in) return Fail("sessions start", "--seating " + o->seating + ": cannot be read");
      const std::string text((std::istreambuf_iterator<char>(in)), {});
      Result<std::vector<v1::SessionTable>> seating = ReadSeating(text, known);
      if (!seating.ok()) {
        std::cerr << "skat sessions start: " << o->seating << ": " << seating.status().message()
                  << "\n";
        return 1;
      }
      for (v1::SessionTable& t : seating.value()) *request.add_seating() = std::move(t);
    }
    request.set_parent(o->event);
    request.set_board_set(o->board_set);
    request.set_movement(o->movement == "inter-club"   ? v1::MOVEMENT_KIND_INTER_CLUB
                         : o->movement == "individual" ? v1::MOVEMENT_KIND_INDIVIDUAL
                         : manual                      ? v1::MOVEMENT_KIND_MANUAL
                                                       : v1::MOVEMENT_KIND_CONGRESS);
    request.set_tables(o->tables);
    request.set_boards_per_round(o->boards_per_round);
    request.set_rounds(o->rounds);
    request.set_neutral_third_chair(o->neutral);
    request.set_comparative(o->comparative);
    request.set_draw_seed(o->seed);
    request.set_mode(o->physical ? v1::TABLE_MODE_PHYSICAL : v1::TABLE_MODE_ONLINE);
    if (manual) {
      // The seating names the players.
    } else if (o->players.empty()) {
      for (const v1::Player& p : known.players()) request.add_players(p.name());
    } else {
      for (const std::string& typed : o->players) {
        Result<std::string> player = ResolvePlayer(known, typed);
        if (!player.ok()) {
          std::cerr << "skat sessions start: --players: " << player.status().message() << "\n";
          return 1;
        }
        request.add_players(*player);
      }
    }
    // A manual seating is checked first: its warnings stop the start unless accepted.
    if (o->validate_only || (manual && !o->accept_warnings)) {
      v1::StartSessionRequest check = request;
      check.set_validate_only(true);
      v1::StartSessionResponse checked;
      auto context = NewContext(o->server);
      const grpc::Status s = stub->StartSession(context.get(), check, &checked);
      if (!s.ok()) return ReportFailure("sessions start", s, *context, o->server);
      for (const std::string& w : checked.session().warnings()) {
        std::cout << "warning: " << w << "\n";
      }
      if (o->validate_only) {
        PrintSeating(checked.session().tables(), names, std::cout);
        std::cout << checked.session().validation() << "the movement is valid"
                  << (checked.session().warnings().empty() ? "" : " (with the warnings above)")
                  << "; nothing was started (--validate-only)\n";
        return 0;
      }
      if (!checked.session().warnings().empty()) {
        const int count = checked.session().warnings_size();
        std::cerr << "skat sessions start: the seating has " << count
                  << (count == 1 ? " warning" : " warnings")
                  << " (above); nothing was started. Correct --seating, or rerun with "
                     "--accept-warnings if the club really sat so\n";
        return 1;
      }
    }
    request.set_request_id(o->request_id.empty() ? NewRequestId() : o->request_id);
    std::cerr << "skat sessions start: request id " << request.request_id()
              << " (if this command fails, rerun it with --request-id " << request.request_id()
              << " to resume this start instead of starting another session)\n";
    v1::StartSessionResponse response;
    std::unique_ptr<grpc::ClientContext> context;
    const grpc::Status s = CallWithRetries(
        o->server, "sessions start",
        [&](grpc::ClientContext* c) {
          response.Clear();
          return stub->StartSession(c, request, &response);
        },
        &context);
    if (!s.ok()) return ReportFailure("sessions start", s, *context, o->server);
    const v1::Session& session = response.session();
    if (!response.created()) {
      std::cout << session.name() << " was started by an earlier request with this request id\n";
    }
    SessionTokensFile file(o->tokens_file, session.name(), names);
    std::vector<v1::SessionTable> tables(session.tables().begin(), session.tables().end());
    if (response.seat_tokens_size() > 0) {
      for (const v1::SeatToken& t : response.seat_tokens()) file.Add(t);
      if (std::string error; !file.Write(error)) {
        std::cerr << "skat sessions start: cannot write --tokens-file " << o->tokens_file << ": "
                  << error << " (the session is open: skat sessions issue-tokens " << session.name()
                  << " issues its seat tokens again)\n";
        return 1;
      }
    } else {
      tables.clear();
      if (int code =
              IssueAllSeatTokens(*stub, o->server, "sessions start", session.name(), file, tables);
          code != 0) {
        return code;
      }
    }
    if (!o->tokens_dir.empty()) {
      std::map<std::string, const v1::SessionTable*> by_name;
      for (const v1::SessionTable& t : tables) by_name[t.table()] = &t;
      std::vector<std::pair<std::string, std::string>> chairs;
      for (const v1::SeatToken& t : file.tokens()) {
        auto it = by_name.find(t.table());
        if (it == by_name.end()) continue;
        chairs.push_back({"round-" + std::to_string(t.round()) + "-table-" +
                              std::to_string(it->second->table_number()) + "-chair-" +
                              std::to_string(t.chair()),
                          t.token()});
      }
      if (std::string error = WriteTokenDirectory(o->tokens_dir, chairs); !error.empty()) {
        return Fail("sessions start", "the session is open, but writing --tokens-dir failed: " +
                                          error + " (the tokens are in --tokens-file)");
      }
    }
    std::cout << session.name() << "  session " << session.number() << ", " << tables.size()
              << " tables\n";
    PrintSeating(tables, names, std::cout);
    for (const std::string& w : session.warnings()) std::cout << "warning: " << w << "\n";
    std::cout << file.count() << " seat tokens written to " << o->tokens_file
              << " (hand each player theirs; skat bot --tokens-file plays bots' seats)\n";
    return 0;
  };
}

}  // namespace skat::cli
