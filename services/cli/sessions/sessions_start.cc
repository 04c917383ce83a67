// skat sessions start: generate and check the movement, open every round's tables and write every
// seat token (docs/events-and-scoring.md "Seat tokens"), with a request id that makes a retry
// resume the start instead of starting another session.
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "services/cli/events/player_names.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/sessions/seating_csv.h"
#include "services/cli/sessions/session_tokens.h"
#include "services/cli/sessions/sessions_verbs.h"
#include "services/cli/token_files.h"

namespace skat::cli {
namespace {

// The options that say which movement is played and how it is seated.
void AddMovementOptions(CLI::App& start, SessionsOptions& o) {
  start.add_option("--event", o.event, Tr("events/{event}"))->required();
  start.add_option("--board-set", o.board_set, Tr("events/{event}/boardSets/{set}"))->required();
  start
      .add_option("--movement", o.movement,
                  Tr("inter-club, individual, congress, or manual (the seating of --seating)"))
      ->check(CLI::IsMember({"inter-club", "individual", "congress", "manual"}))
      ->capture_default_str();
  start.add_option("--seating", o.seating,
                   Tr("manual: a CSV file with a line per table and round under the header "
                      "round,table,boards,chair 1,chair 2,chair 3[,chair 4][,forehand chair]; "
                      "players by name, number or resource name, boards as \"1-3 7\""));
  start.add_flag("--accept-warnings", o.accept_warnings,
                 Tr("manual: start the session although the validator warns (a player twice in a "
                    "round, a board twice for a player, a board at one table only, ...)"));
  start.add_flag("--validate-only", o.validate_only,
                 Tr("check the movement and print the seating, warnings and validation; start "
                    "nothing"));
  start.add_option("--tables", o.tables, Tr("tables (0: the movement's default)"));
  start.add_option("--boards-per-round", o.boards_per_round, Tr("boards per round (0: default)"));
  start.add_option("--rounds", o.rounds, Tr("rounds (0: as many as the movement has)"));
  start.add_flag("--neutral", o.neutral,
                 Tr("inter-club: a neutral player in the third chair instead of a clubmate"));
  start.add_flag("--comparative", o.comparative, Tr("congress: tables share comparable boards"));
  start.add_option("--seed", o.seed, Tr("congress: the seed of the seat draw"))
      ->capture_default_str();
  start.add_flag("--physical", o.physical, Tr("results entered from real cards"));
  start.add_option("--players", o.players,
                   Tr("player resource names in movement order (default: every player of the "
                      "event in the order added; inter-club: club A's, then club B's)"));
}

// The manual seating of --seating into `request`. Returns 0, or 1 after the problem is printed.
int ReadManualSeating(const SessionsOptions& o, const v1::ListPlayersResponse& known,
                      v1::StartSessionRequest& request) {
  std::ifstream in(o.seating, std::ios::binary);
  if (!in) return Fail("sessions start", "--seating " + o.seating + ": cannot be read");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  Result<std::vector<v1::SessionTable>> seating = ReadSeating(text, known);
  if (!seating.ok()) {
    std::cerr << "skat sessions start: " << o.seating << ": " << seating.status().message() << "\n";
    return 1;
  }
  for (v1::SessionTable& t : seating.value()) *request.add_seating() = std::move(t);
  return 0;
}

// The StartSession request the options ask for. Returns 0, or 1 after the problem is printed.
int BuildStartRequest(const SessionsOptions& o, const v1::ListPlayersResponse& known,
                      v1::StartSessionRequest& request) {
  const bool manual = o.movement == "manual";
  if (manual) {
    if (int code = ReadManualSeating(o, known, request); code != 0) return code;
  }
  request.set_parent(o.event);
  request.set_board_set(o.board_set);
  request.set_movement(o.movement == "inter-club"   ? v1::MOVEMENT_KIND_INTER_CLUB
                       : o.movement == "individual" ? v1::MOVEMENT_KIND_INDIVIDUAL
                       : manual                     ? v1::MOVEMENT_KIND_MANUAL
                                                    : v1::MOVEMENT_KIND_CONGRESS);
  request.set_tables(o.tables);
  request.set_boards_per_round(o.boards_per_round);
  request.set_rounds(o.rounds);
  request.set_neutral_third_chair(o.neutral);
  request.set_comparative(o.comparative);
  request.set_draw_seed(o.seed);
  request.set_mode(o.physical ? v1::TABLE_MODE_PHYSICAL : v1::TABLE_MODE_ONLINE);
  if (manual) {
    // The seating names the players.
  } else if (o.players.empty()) {
    for (const v1::Player& p : known.players()) request.add_players(p.name());
  } else {
    for (const std::string& typed : o.players) {
      Result<std::string> player = ResolvePlayer(known, typed);
      if (!player.ok()) {
        std::cerr << "skat sessions start: --players: " << player.status().message() << "\n";
        return 1;
      }
      request.add_players(*player);
    }
  }
  return 0;
}

// The movement checked without starting it (--validate-only, or a manual seating whose warnings
// stop the start unless accepted). Returns -1 to go on starting, else the exit code.
int CheckFirst(const SessionsOptions& o, SessionsEvent& e, const v1::StartSessionRequest& request) {
  v1::StartSessionRequest check = request;
  check.set_validate_only(true);
  v1::StartSessionResponse checked;
  auto context = NewContext(o.server);
  const grpc::Status s = e.stub->StartSession(context.get(), check, &checked);
  if (!s.ok()) return ReportFailure("sessions start", s, *context, o.server);
  for (const std::string& w : checked.session().warnings()) {
    std::cout << Tr("warning: {0}", TranslatedLines(w, "validation")) << "\n";
  }
  if (o.validate_only) {
    PrintSeating(checked.session().tables(), e.names, std::cout);
    std::cout << TranslatedLines(checked.session().validation(), "validation")
              << (checked.session().warnings().empty()
                      ? Tr("the movement is valid; nothing was started (--validate-only)")
                      : Tr("the movement is valid (with the warnings above); nothing was started "
                           "(--validate-only)"))
              << "\n";
    return 0;
  }
  if (!checked.session().warnings().empty()) {
    const int count = checked.session().warnings_size();
    std::cerr << "skat sessions start: "
              << TrN("the seating has {n} warning (above); nothing was started. Correct "
                     "--seating, or rerun with --accept-warnings if the club really sat so",
                     "the seating has {n} warnings (above); nothing was started. Correct "
                     "--seating, or rerun with --accept-warnings if the club really sat so",
                     count)
              << "\n";
    return 1;
  }
  return -1;
}

// The seat tokens of the started session into --tokens-file: from the reply, else issued page
// by page. `tables` gets the session's tables. Returns 0, or 1 after the problem is printed.
int WriteSeatTokens(const SessionsOptions& o, SessionsEvent& e,
                    const v1::StartSessionResponse& response, SessionTokensFile& file,
                    std::vector<v1::SessionTable>& tables) {
  const v1::Session& session = response.session();
  tables.assign(session.tables().begin(), session.tables().end());
  if (response.seat_tokens_size() > 0) {
    for (const v1::SeatToken& t : response.seat_tokens()) file.Add(t);
    for (const v1::TableCode& c : response.table_codes()) file.AddCode(c);
    if (std::string error; !file.Write(error)) {
      std::cerr << "skat sessions start: cannot write --tokens-file " << o.tokens_file << ": "
                << error << " (the session is open: skat sessions issue-tokens " << session.name()
                << " issues its seat tokens again)\n";
      return 1;
    }
    return 0;
  }
  tables.clear();
  return IssueAllSeatTokens(*e.stub, o.server, "sessions start", session.name(), file, tables);
}

// --tokens-dir: one file per chair, DIR/round-R-table-T-chair-C, and per table of a session
// played with real cards its table code, DIR/round-R-table-T-code. Returns 0, or 1 after the
// problem is printed.
int WriteChairFiles(const SessionsOptions& o, const std::vector<v1::SessionTable>& tables,
                    const SessionTokensFile& file) {
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
  for (const v1::TableCode& c : file.codes()) {
    chairs.push_back({"round-" + std::to_string(c.round()) + "-table-" +
                          std::to_string(c.table_number()) + "-code",
                      c.code()});
  }
  if (std::string error = WriteTokenDirectory(o.tokens_dir, chairs); !error.empty()) {
    return Fail("sessions start", "the session is open, but writing --tokens-dir failed: " + error +
                                      " (the tokens are in --tokens-file)");
  }
  return 0;
}

// The table codes of a session played with real cards: where they were written, and the short
// address they open (docs/tables.md "Table codes").
void PrintTableCodes(const SessionTokensFile& file, const std::string& path) {
  if (file.codes().empty()) return;
  std::cout << TrN("{n} table code written to {0}, one per table for its table card: typed at "
                   "<skatd's web address>/t/CODE it opens the table's page as any of its chairs",
                   "{n} table codes written to {0}, one per table for its table card: typed at "
                   "<skatd's web address>/t/CODE each opens its table's page as any of its chairs",
                   static_cast<long long>(file.codes().size()), path)
            << "\n";
}

// StartSession with the request id, retried while skatd is unavailable, slow or busy; then the
// seat tokens written and the seating printed.
int StartAndWrite(const SessionsOptions& o, SessionsEvent& e, v1::StartSessionRequest& request) {
  request.set_request_id(o.request_id.empty() ? NewRequestId() : o.request_id);
  std::cerr << "skat sessions start: "
            << Tr("request id {0} (if this command fails, rerun it with --request-id {0} to "
                  "resume this start instead of starting another session)",
                  request.request_id())
            << "\n";
  v1::StartSessionResponse response;
  std::unique_ptr<grpc::ClientContext> context;
  const grpc::Status s = CallWithRetries(
      o.server, "sessions start",
      [&](grpc::ClientContext* c) {
        response.Clear();
        return e.stub->StartSession(c, request, &response);
      },
      &context);
  if (!s.ok()) return ReportFailure("sessions start", s, *context, o.server);
  const v1::Session& session = response.session();
  if (!response.created()) {
    std::cout << Tr("{0} was started by an earlier request with this request id", session.name())
              << "\n";
  }
  SessionTokensFile file(o.tokens_file, session.name(), e.names);
  std::vector<v1::SessionTable> tables;
  if (int code = WriteSeatTokens(o, e, response, file, tables); code != 0) return code;
  if (!o.tokens_dir.empty()) {
    if (int code = WriteChairFiles(o, tables, file); code != 0) return code;
  }
  std::cout << session.name() << "  "
            << Tr("session {0}, {1}", session.number(),
                  TrN("{n} table", "{n} tables", static_cast<long long>(tables.size())))
            << "\n";
  PrintSeating(tables, e.names, std::cout);
  for (const std::string& w : session.warnings()) {
    std::cout << Tr("warning: {0}", TranslatedLines(w, "validation")) << "\n";
  }
  std::cout << Tr("{0} seat tokens written to {1} (hand each player theirs; skat bot "
                  "--tokens-file plays bots' seats)",
                  file.count(), o.tokens_file)
            << "\n";
  PrintTableCodes(file, o.tokens_file);
  return 0;
}

}  // namespace

CLI::App* AddSessionsStart(CLI::App& sessions, SessionsOptions& o) {
  CLI::App* start = sessions.add_subcommand(
      "start",
      Tr("Start a session: generate and check the movement, open every round's tables and write "
         "every seat token to --tokens-file (director token needed)."));
  AddMovementOptions(*start, o);
  start->add_option(
      "--tokens-file", o.tokens_file,
      Tr("where the seat tokens go (written with mode 0600), as \"table chair token round "
         "player\" lines (skat bot --tokens-file reads them)"));
  start->add_option("--tokens-dir", o.tokens_dir,
                    Tr("also one file per chair, DIR/round-R-table-T-chair-C (mode 0600, the "
                       "directory 0700), for --seat-token-file at the table"));
  start->add_option(
      "--request-id", o.request_id,
      Tr("the request id of an earlier start that did not finish: resumes it instead of "
         "starting another session (default: a new random one, printed first)"));
  start->footer(Tr(
      "The command sends a request id with StartSession and retries with the same id while skatd\n"
      "is unavailable, slow or busy, so a retry never starts a second session. When the reply\n"
      "holds no seat tokens (a session too large for one reply, e.g. a congress of 1,020\n"
      "players, or a resumed start) it issues them page by page (IssueSeatTokens) and rewrites\n"
      "--tokens-file after each page. If the command still fails, rerun it with the printed\n"
      "--request-id, or run `skat sessions issue-tokens`: either ends with a valid token for\n"
      "every chair in the file (tokens issued before are revoked)."));
  AddServerOptions(*start, o.server);
  return start;
}

int RunSessionsStart(const SessionsOptions& o, SessionsEvent& e) {
  const bool manual = o.movement == "manual";
  if (manual != !o.seating.empty()) {
    std::cerr << "skat sessions start: --seating goes with --movement manual, and only with it\n";
    return 2;
  }
  if (!o.validate_only && o.tokens_file.empty()) {
    std::cerr << "skat sessions start: --tokens-file is required (where the seat tokens go)\n";
    return 2;
  }
  v1::StartSessionRequest request;
  if (int code = BuildStartRequest(o, e.known, request); code != 0) return code;
  // A manual seating is checked first: its warnings stop the start unless accepted.
  if (o.validate_only || (manual && !o.accept_warnings)) {
    if (int code = CheckFirst(o, e, request); code >= 0) return code;
  }
  return StartAndWrite(o, e, request);
}

}  // namespace skat::cli
