// skat arena: a duplicate match between two or three Skat programs (docs/arena.md). Every board
// is played under the 6 seatings of engine/players/duplicate.h, so that every player holds every
// direction of every board equally often; per pair of players the difference per board with its
// 99 % interval, Bradley-Terry ratings, a page and a CSV come out
// (services/cli/arena/arena_summary.h, arena_page.h). Engine players only: played in this process
// (arena_local.h); with an outside program: through skatd (arena_server.h).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board_set_format.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "services/cli/arena/arena_local.h"
#include "services/cli/arena/arena_match.h"
#include "services/cli/arena/arena_page.h"
#include "services/cli/arena/arena_players.h"
#include "services/cli/arena/arena_server.h"
#include "services/cli/arena/arena_summary.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

struct ArenaOptions {
  std::vector<std::string> players;
  int boards = 100;
  uint64_t seed = 1;
  std::string rules = "nasl-1909";
  std::string board_score;  // "": the profile's (see ArenaBoardScore)
  std::string board_set;
  int jobs = 1;
  std::string out = "arena-output";
  std::string server;
  bool quiet = false;
};

// The most boards skatd deals into one set (CreateBoardSet).
constexpr int kServerBoards = 1000;

int ArenaUsage(const std::string& message) {
  std::cerr << "skat arena: " << message << " (" << Tr("see skat arena --help") << ")\n";
  return 2;
}

std::string ProfileList() {
  std::string out;
  for (std::string_view id : ProfileIds()) out += (out.empty() ? "" : ", ") + std::string(id);
  return out;
}

// --board-score, else Seeger-Fabian where the profile has a tournament bonus (isko), else the
// pad entry.
scoring::BoardScoreKind ArenaBoardScore(const ArenaOptions& o, const Profile& profile) {
  if (!o.board_score.empty()) return scoring::ParseBoardScoreKind(o.board_score).value();
  return profile.tournament_bonus > 0 ? scoring::BoardScoreKind::kSeegerFabian
                                      : scoring::BoardScoreKind::kPad;
}

bool WriteArenaFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  return static_cast<bool>(file << text) && static_cast<bool>(file.flush());
}

// The boards to play in-process: the file's (its first --boards when given), else --boards
// boards from Rng(seed). Returns "" or the error.
std::string InProcessBoards(const ArenaOptions& o, bool boards_given, std::vector<Board>& boards,
                            std::string& from) {
  if (o.board_set.empty()) {
    Rng rng(o.seed);
    for (int b = 0; b < o.boards; ++b) boards.push_back(RandomBoard(rng));
    from = "seed " + std::to_string(o.seed);
    return "";
  }
  std::ifstream in(o.board_set, std::ios::binary);
  std::stringstream text;
  if (!in || !(text << in.rdbuf())) return Tr("cannot read --board-set {0}", o.board_set);
  const Result<BoardSet> set = ReadBoardSet(text.str());
  if (!set.ok()) return "--board-set " + o.board_set + ": " + set.status().message();
  const size_t count = set->boards.size();
  if (boards_given && static_cast<size_t>(o.boards) > count) {
    return "--boards " + std::to_string(o.boards) + ": " +
           Tr("--board-set {0} holds {1}", o.board_set,
              TrN("{n} board", "{n} boards", static_cast<long long>(count)));
  }
  const size_t n = boards_given ? static_cast<size_t>(o.boards) : count;
  for (size_t b = 0; b < n; ++b) boards.push_back(set->boards[b].board);
  from = "board set file " + o.board_set;
  return "";
}

// The match the options describe: its players (2 or 3, names distinct), the rule profile, the
// board score and the seed; `outside` when an outside program plays (through skatd). Returns 0,
// or the exit code after the problem is printed (2: a usage error).
int ArenaMatchOf(const ArenaOptions& o, ArenaMatch* match, bool* outside) {
  // The players.
  if (o.players.size() < 2 || o.players.size() > 3) {
    return ArenaUsage(Tr("give --player NAME=SPEC 2 or 3 times ({0} given)", o.players.size()));
  }
  std::set<std::string> names;
  for (const std::string& text : o.players) {
    Result<ArenaPlayer> p = ParseArenaPlayer(text);
    if (!p.ok()) return ArenaUsage("--player '" + text + "': " + p.status().message());
    if (!names.insert(p->name).second) {
      return ArenaUsage(Tr("--player: the name '{0}' is given twice", p->name));
    }
    *outside = *outside || p->outside();
    match->players.push_back(std::move(p.value()));
  }
  if (*outside && o.server.empty()) {
    return ArenaUsage(
        Tr("an outside program (exec:) plays through skatd: give --server HOST:PORT"));
  }
  if (*outside && !o.board_set.empty()) {
    return ArenaUsage(
        Tr("--board-set is played in-process only (skatd deals its own boards); the "
           "boards.txt of a match through skatd replays its boards in-process"));
  }
  if (*outside && o.boards > kServerBoards) {
    return ArenaUsage("--boards " + std::to_string(o.boards) + ": " +
                      Tr("skatd deals at most {0} boards a set", kServerBoards));
  }
  match->profile = FindProfile(o.rules);
  if (match->profile == nullptr) {
    return ArenaUsage(Tr("--rules {0} is not a rule profile; known: {1}", o.rules, ProfileList()));
  }
  match->board_score = ArenaBoardScore(o, *match->profile);
  match->seed = o.seed;
  return 0;
}

int RunArena(const ArenaOptions& o, bool boards_given) {
  ArenaMatch match;
  bool outside = false;
  if (int code = ArenaMatchOf(o, &match, &outside); code != 0) return code;

  std::error_code ec;
  std::filesystem::create_directories(o.out, ec);
  if (ec || !std::filesystem::is_directory(o.out)) {
    std::cerr << "skat arena: " << Tr("cannot make the output directory {0}", o.out) << ": "
              << ec.message() << "\n";
    return 1;
  }
  if (!outside && !o.server.empty() && !o.quiet) {
    std::cerr << "skat arena: "
              << Tr("every player is an engine player: played in-process, --server unused") << "\n";
  }

  std::vector<std::string> written;
  if (outside) {
    const ArenaServerOptions server{
        .server = o.server, .out_dir = o.out, .boards = o.boards, .quiet = o.quiet};
    if (int code = PlayThroughServer(server, match); code != 0) return code;
    written.push_back((std::filesystem::path(o.out) / "boards.txt").string());
  } else {
    std::vector<Board> boards;
    if (std::string error = InProcessBoards(o, boards_given, boards, match.boards_from);
        !error.empty()) {
      std::cerr << "skat arena: " << error << "\n";
      return 1;
    }
    if (std::string error = PlayInProcess(boards, o.jobs, o.quiet, match); !error.empty()) {
      std::cerr << "skat arena: " << error << "\n";
      return 1;
    }
  }

  const ArenaSummary summary = Summarize(match);
  const std::filesystem::path html = std::filesystem::path(o.out) / "arena.html";
  const std::filesystem::path csv = std::filesystem::path(o.out) / "arena.csv";
  if (!WriteArenaFile(html, ArenaPage(match, summary)) ||
      !WriteArenaFile(csv, ArenaCsv(match, summary))) {
    std::cerr << "skat arena: " << Tr("cannot write {0} or {1}", html.string(), csv.string())
              << "\n";
    return 1;
  }
  written.insert(written.begin(), {html.string(), csv.string()});
  std::ostringstream text;
  PrintArenaSummary(match, summary, text);
  // The summary's last line is the timing; the files go before it.
  std::string out = text.str();
  const size_t timing = out.rfind('\n', out.size() - 2);
  std::string files = Tr("written:");
  for (const std::string& f : written) files += " " + f;
  out.insert(timing + 1, files + "\n");
  std::cout << out;
  return 0;
}

}  // namespace

Runner AddArenaCommand(CLI::App& app) {
  auto o = std::make_shared<ArenaOptions>();
  CLI::App* sub = app.add_subcommand(
      "arena", Tr("A duplicate match between two or three Skat programs (docs/arena.md)."));
  sub->footer(Tr(
      "Every board is played 6 times, once under each seating of the players (three players:\n"
      "the 6 orders; two: each player alone against two copies of the other at each\n"
      "direction), so that every player holds every direction of every board equally often and\n"
      "the luck of the cards cancels out. Per pair of players x, y it prints x's gain over y per\n"
      "board (the sum over the directions of x's mean board score minus y's) with its 99 %\n"
      "interval, the Bradley-Terry ratings (Elo scale, 95 % bootstrap interval), the games each\n"
      "declared by class and the boards per second, and writes --out/arena.html (the tables and\n"
      "a plot per pair) and --out/arena.csv (board,deal,x,y,difference).\n"
      "\n"
      "Engine players only: played in this process on --jobs threads; the output is a function\n"
      "of --seed (or --board-set) alone, apart from the timing line. With an outside program\n"
      "(exec:): through skatd at --server: an event, a board set of --boards boards dealt by the\n"
      "server, one online table per seating; the engine players' seats are played by this\n"
      "process, each outside seat by its own process started as\n"
      "  COMMAND ARGS... --server HOST:PORT --table events/E/tables/T --token-file PATH\n"
      "(docs/seat-protocol.md; its output in --out/NAME-seatingK-chairC.log); the board set is\n"
      "saved as --out/boards.txt, which --board-set replays in-process. Ctrl-C ends the\n"
      "programs.\n"
      "\n"
      "Example:\n"
      "  skat arena --player s=sampling --player h=heuristic --boards 200 --jobs 2\n"
      "  skat arena --player mine=exec:./my-bot --player h=heuristic --boards 20 \\\n"
      "      --server 127.0.0.1:50051\n"
      "\n"
      "Exits 0 when the match is played and written; 1 when a step fails (the message names\n"
      "it); 2 on a usage error."));
  sub->add_option("--player", o->players,
                  Tr("NAME=SPEC, 2 or 3 times; SPEC: sampling, heuristic, random or highest (the "
                     "engine's players) or exec:COMMAND ARGS... (an outside program, read by "
                     "/bin/sh)"))
      ->allow_extra_args(false);
  sub->add_option("--boards", o->boards,
                  Tr("boards to play (with --board-set: its first N; default all of it)"))
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--seed", o->seed,
                  Tr("seed of the boards (in-process) and of the players' choices"))
      ->capture_default_str();
  sub->add_option("--rules", o->rules, Tr("the rule profile: {0}", ProfileList()))
      ->capture_default_str();
  sub->add_option("--board-score", o->board_score,
                  Tr("pad, settled or seeger-fabian (default: seeger-fabian when the profile has a "
                     "tournament bonus, as isko has, else pad)"))
      ->check(CLI::IsMember({"pad", "settled", "seeger-fabian"}));
  sub->add_option("--board-set", o->board_set,
                  Tr("play the boards of this board-set archive (docs/board-sets.md; a match's "
                     "boards.txt) instead of boards from the seed; engine players only"));
  sub->add_option("--jobs", o->jobs, Tr("threads for in-process play"))
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->add_option("--out", o->out, Tr("where arena.html, arena.csv (and boards.txt) go"))
      ->capture_default_str();
  sub->add_option("--server", o->server,
                  Tr("skatd's HOST:PORT, needed when an outside program (exec:) plays"));
  sub->add_flag("-q,--quiet", o->quiet, Tr("no progress lines on stderr"));
  return [o, sub]() -> int { return RunArena(*o, sub->get_option("--boards")->count() > 0); };
}

}  // namespace skat::cli
