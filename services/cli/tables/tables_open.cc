// skat tables open: a table for boards of a board set (director), printing one seat token per
// chair (shown once), also written to --tokens-file and --tokens-dir (token_files.h).
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "services/cli/boards/board_list.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/tables/tables_verbs.h"
#include "services/cli/token_files.h"

namespace skat::cli {
namespace {

// The text without its leading and trailing spaces.
std::string TrimmedSpaces(std::string text) {
  text.erase(0, text.find_first_not_of(' '));
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

// "A,B,C" -> names, trimmed.
std::vector<std::string> SplitNames(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) names.push_back(TrimmedSpaces(name));
  if (!text.empty() && text.back() == ',') names.push_back("");
  return names;
}

}  // namespace

CLI::App* AddTablesOpen(CLI::App& tables, TablesOptions& o) {
  CLI::App* open = tables.add_subcommand(
      "open", Tr("Open a table (director): prints its name and one seat token per chair."));
  open->add_option("--event", o.event,
                   Tr("events/{event} (default: the event of --board-set; must match it)"));
  open->add_option("--board-set", o.set, Tr("events/{event}/boardSets/{set}: the boards' set"))
      ->required();
  open->add_option("--boards", o.boards,
                   Tr("the boards to play, in order: ranges and lists, e.g. 1-6 or 1,2,5 or 1-3,7"))
      ->required();
  open->add_option("--label", o.label, Tr("a public label for the table (up to 200 bytes)"));
  open->add_option("--mode", o.mode,
                   Tr("online (played through skatd, act by act) or physical (real cards; the "
                      "chairs enter results)"))
      ->check(CLI::IsMember({"online", "physical"}))
      ->capture_default_str();
  open->add_option("--players", o.players,
                   Tr("player names by chair, comma-separated: \"A,B,C\" (one per chair)"));
  open->add_option("--move-seconds", o.move_seconds,
                   Tr("online: the move clock, seconds a decision (1..3600); 0: the profile's "
                      "(isko: 60, others none). When it runs out the table acts for the seat "
                      "(docs/rules-decisions.md D72)"))
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  open->add_option("--tokens-dir", o.tokens_dir,
                   Tr("also write each chair's token to its own file DIR/chair-N (mode 0600; DIR "
                      "made with mode 0700), ready for --seat-token-file"));
  open->add_option("--tokens-file", o.tokens_file,
                   Tr("also write the seat tokens to this file, one \"chair token\" line per chair "
                      "(mode 0600), for skat bot --tokens-file"));
  AddServerOptions(*open, o.server);
  return open;
}

int RunTablesOpen(const TablesOptions& o, v1::TableService::Stub& stub) {
  Result<std::vector<int>> parsed = ParseBoardList(o.boards);
  if (!parsed.ok()) {
    return Fail("tables open", "--boards '" + o.boards + "': " + parsed.status().message() +
                                   " (write ranges and lists: 1-6, 1,2,5, 1-3,7)");
  }
  const std::vector<int>& boards = *parsed;
  std::string event = o.event;
  const size_t sets = o.set.find("/boardSets/");
  if (sets == std::string::npos || sets == 0) {
    return Fail("tables open", "--board-set '" + o.set +
                                   "' is not a board set name (events/{event}/boardSets/{set})");
  }
  if (event.empty()) event = o.set.substr(0, sets);
  v1::OpenTableRequest request;
  request.set_parent(event);
  request.set_board_set(o.set);
  for (int b : boards) request.add_boards(b);
  request.set_label(o.label);
  request.set_mode(o.mode == "physical" ? v1::TABLE_MODE_PHYSICAL : v1::TABLE_MODE_ONLINE);
  request.set_move_seconds(o.move_seconds);
  if (!o.players.empty()) {
    for (const std::string& name : SplitNames(o.players)) {
      if (name.empty()) return Fail("tables open", "--players: an empty name");
      request.add_player_names(name);
    }
  }
  v1::OpenTableResponse response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.OpenTable(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("tables open", s, *context, o.server);
  const v1::Table& t = response.table();
  std::cout << t.name() << "  boards " << TableBoardsText(t.boards()) << " (" << t.boards_size()
            << (t.boards_size() == 1 ? " board" : " boards") << ", " << t.chairs() << " chairs, "
            << TableModeName(t.mode()) << ")" << (t.label().empty() ? "" : "  " + t.label())
            << "\n";
  for (int i = 0; i < response.seat_tokens_size(); ++i) {
    std::cout << "chair " << i + 1 << "  " << response.seat_tokens(i) << "\n";
  }
  // Real cards: the code that opens every chair at <skatd's web address>/t/CODE (docs/tables.md
  // "Table codes").
  if (!response.table_code().empty()) {
    std::cout << "table code  " << response.table_code() << "\n";
  }
  std::cout << "(seat tokens are shown once: give each player his chair's token for skat "
               "play --table "
            << t.name() << " --seat-token-file FILE, or env SKAT_SEAT_TOKEN)\n";
  if (!o.tokens_file.empty()) {
    std::string lines, error;
    for (int i = 0; i < response.seat_tokens_size(); ++i) {
      lines += std::to_string(i + 1) + " " + response.seat_tokens(i) + "\n";
    }
    if (!WriteTokenFile(o.tokens_file, lines, error)) {
      return Fail("tables open", "the table is open, but writing --tokens-file " + o.tokens_file +
                                     " failed: " + error + " (the tokens are printed above)");
    }
    std::cout << "seat tokens written to " << o.tokens_file << "\n";
  }
  if (!o.tokens_dir.empty()) {
    std::vector<std::pair<std::string, std::string>> chairs;
    for (int i = 0; i < response.seat_tokens_size(); ++i) {
      chairs.push_back({"chair-" + std::to_string(i + 1), response.seat_tokens(i)});
    }
    if (std::string failed = WriteTokenDirectory(o.tokens_dir, chairs); !failed.empty()) {
      return Fail("tables open", "the table is open, but writing --tokens-dir failed: " + failed +
                                     " (the tokens are printed above)");
    }
    std::cout << "seat tokens written to " << o.tokens_dir << "/chair-1 .. chair-"
              << response.seat_tokens_size() << "\n";
  }
  return 0;
}

}  // namespace skat::cli
