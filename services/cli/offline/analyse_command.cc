// skat analyse: open-hand analysis from the command line (docs/par.md). Works
// offline on the engine alone:
//   - one board (deal number or hands): its par table and par contract;
//   - a board-set archive (docs/board-sets.md): every board's par contract, on a worker pool with
//     progress on stderr;
//   - game records (docs/game-records.md) or ISS records (docs/iss-game-records.md): each
//     declarer game card by card, the "could I have won?" view.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/analysis/par.h"
#include "engine/analysis/par_pool.h"
#include "engine/analysis/study.h"
#include "engine/board_set_format.h"
#include "engine/game_record.h"
#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

struct AnalyseOptions {
  std::string number;
  std::string hands;
  std::string board_set;
  std::string games;
  std::string iss;
  std::string profile = "nasl-1909";
  int threads = 2;
  bool full = false;
};

bool ReadFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "skat analyse: " << Tr("cannot open '{0}'", path) << "\n";
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

// "12.3 s" or "840 ms".
std::string Elapsed(std::chrono::steady_clock::time_point since) {
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
  char text[32];
  if (ms < 1000) {
    std::snprintf(text, sizeof text, "%.0f ms", ms);
  } else {
    std::snprintf(text, sizeof text, "%.1f s", ms / 1000);
  }
  return text;
}

int AnalyseBoard(const Board& board, const Profile& profile) {
  const auto start = std::chrono::steady_clock::now();
  Solver solver;
  const ParTable table = ComputePar(profile, board, solver);
  std::cout << Tr("board {0}", DealNumber(board)) << " (" << profile.id << ")\n";
  for (const Direction d : kDirections) {
    std::cout << "  " << DirectionText(service::ToProto(d)) << ": " << ToString(board.hand(d))
              << "\n";
  }
  std::cout << "  "
            << Tr("skat: {0} {1}  (card 1 first)", ToString(board.skat[0]), ToString(board.skat[1]))
            << "\n\n";
  std::cout << Tr("par table (open hands, bids aside; * the par contract):") << "\n"
            << ToString(table);
  std::cout << "(" << Tr("{0} solver nodes, {1}", table.nodes, Elapsed(start)) << ")\n";
  return 0;
}

int AnalyseBoardSet(const AnalyseOptions& o, const Profile& profile) {
  std::string text;
  if (!ReadFile(o.board_set, text)) return 1;
  FormatError where;
  const Result<BoardSet> set = ReadBoardSet(text, &where);
  if (!set.ok()) {
    std::cerr << o.board_set << ":" << where.line << ":" << where.column << ": "
              << set.status().message() << "\n";
    return 1;
  }
  std::vector<Board> boards;
  for (const SetBoard& b : set->boards) boards.push_back(b.board);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ParTable> tables =
      ComputeParTables(profile, boards, o.threads, [&](int done, int total) {
        std::cerr << "\r" << Tr("analysed {0}/{1} boards ({2})", done, total, Elapsed(start))
                  << (done == total ? "\n" : "") << std::flush;
      });
  std::cout << Tr("board set '{0}': {1} under {2}", set->label,
                  TrN("{n} board", "{n} boards", static_cast<long long>(boards.size())), profile.id)
            << "\n";
  int all_pass = 0;
  for (size_t i = 0; i < tables.size(); ++i) {
    const ParTable& t = tables[i];
    all_pass += t.all_pass();
    std::cout << Tr("board {0}", set->boards[i].number) << "  "
              << Tr("deal {0}", DealNumber(boards[i])) << "  "
              << Tr("par: {0}", t.all_pass() ? Tr("all pass") : ToString(t.entries[t.par])) << "\n";
    if (o.full) {
      std::istringstream rows(ToString(t));
      for (std::string line; std::getline(rows, line);) std::cout << "    " << line << "\n";
    }
  }
  std::cout << TrN("{n} board with a par game", "{n} boards with a par game",
                   static_cast<long long>(tables.size() - all_pass))
            << ", " << Tr("{0} all pass", all_pass) << "; "
            << TrN("{0} on {n} thread(s)", "{0} on {n} thread(s)", o.threads, Elapsed(start))
            << "\n";
  return 0;
}

int StudyGames(const std::vector<Game>& games, const std::vector<std::string>& labels) {
  Solver solver;
  int studied = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    std::cout << labels[i] << ": ";
    const Result<GameStudy> study = StudyGame(games[i], solver);
    if (!study.ok()) {
      std::cout << Tr("not studied: {0}", study.status().message()) << "\n\n";
      continue;
    }
    ++studied;
    std::cout << ToString(*study) << "\n";
  }
  std::cout << TrN("{0} of {n} game studied", "{0} of {n} games studied",
                   static_cast<long long>(games.size()), studied)
            << "\n";
  return 0;
}

int AnalyseGameRecords(const std::string& path) {
  std::string text;
  if (!ReadFile(path, text)) return 1;
  FormatError where;
  const Result<std::vector<GameRecord>> records = ReadGameRecords(text, &where);
  if (!records.ok()) {
    std::cerr << path << ":" << where.line << ":" << where.column << ": "
              << records.status().message() << "\n";
    return 1;
  }
  std::vector<Game> games;
  std::vector<std::string> labels;
  for (size_t i = 0; i < records->size(); ++i) {
    games.push_back((*records)[i].game);
    labels.push_back(Tr("game {0}", i + 1));
  }
  return StudyGames(games, labels);
}

int AnalyseIssRecords(const std::string& path) {
  std::string text;
  if (!ReadFile(path, text)) return 1;
  std::vector<Game> games;
  std::vector<std::string> labels;
  int skipped = 0;
  for (const IssRecordLine& line : ReadIssRecords(text)) {
    Result<IssReplay> replay = line.record.ok() ? ReplayIss(*line.record, IskoIss())
                                                : Result<IssReplay>(line.record.status());
    if (!replay.ok()) {
      // One unreadable record (a player left, a damaged line) does not hide the others.
      std::cerr << path << ":" << line.line << ": "
                << Tr("not studied: {0}", replay.status().message()) << "\n";
      ++skipped;
      continue;
    }
    if (!replay->mismatches.empty()) {
      // Studied all the same (the cards are the record's), but its result line is not the
      // replay's: the comparison and its wording are the import's (D62), a warning here.
      std::cerr << path << ":" << line.line << ": "
                << Tr("warning: R[...] disagrees with the replay under isko+iss: {0}",
                      IssMismatchText(replay->mismatches))
                << "\n";
    }
    games.push_back(replay->game);
    labels.push_back(Tr("line {0}", line.line) +
                     (line.record->id.empty() ? "" : " (ISS " + line.record->id + ")"));
  }
  const int done = StudyGames(games, labels);
  if (skipped == 0) return done;
  // The others are studied, but the file had bad input: exit 1, as import-iss does.
  std::cerr << TrN("{n} record(s) could not be replayed", "{n} record(s) could not be replayed",
                   skipped)
            << "\n";
  return 1;
}

}  // namespace

Runner AddAnalyseCommand(CLI::App& app) {
  auto o = std::make_shared<AnalyseOptions>();
  CLI::App* sub = app.add_subcommand(
      "analyse",
      Tr("Open-hand analysis: a board's par table and par contract, a board set's par contracts, "
         "or played games card by card (\"could I have won?\")."));
  sub->footer(
      Tr("Par (docs/par.md): for each seat as declarer and each game of the profile, the best\n"
         "value he secures with every hand open, bids aside (hand games with the best\n"
         "announcement, games taking the skat with the best of the 66 discards, Tournée's trump\n"
         "the board's skat card 1). The par contract is the highest (ties to the earlier seat),\n"
         "or all pass when no seat secures a win.\n"
         "A game's study values the position before and after every card (card points the\n"
         "declarer secures against best defence) and marks the cards that changed the result\n"
         "or schneider. An ISS record whose R[...] differs from its replay is studied with a\n"
         "warning on stderr naming each field as recorded and as replayed.\n"
         "Exit codes: 0 done, 1 bad input (FILE:line:column: reason), 2 usage errors.\n"
         "Examples:\n"
         "  skat analyse --number 5285920851214226\n"
         "  skat analyse --hands \"F: ...; M: ...; R: ...; S: H-7 D-8\" --profile isko\n"
         "  skat analyse --board-set set.skatboards --threads 2 --full\n"
         "  skat analyse --games table3.txt\n"
         "  skat analyse --iss games.iss"));
  auto* number = sub->add_option("-n,--number", o->number, Tr("a board by its deal number"));
  auto* hands =
      sub->add_option("--hands", o->hands, Tr("a board as \"F: ...; M: ...; R: ...; S: ...\""));
  auto* set = sub->add_option("--board-set", o->board_set,
                              Tr("a board-set archive (skat boards export): every board's par"));
  auto* games =
      sub->add_option("--games", o->games, Tr("a game-record file: each game card by card"));
  auto* iss = sub->add_option("--iss", o->iss,
                              Tr("ISS records (one per line), replayed under isko+iss (D75)"));
  sub->add_option("--profile", o->profile, Tr("rule profile for boards and board sets"))
      ->capture_default_str();
  sub->add_option("--threads", o->threads, Tr("workers for a board set"))
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_flag("--full", o->full, Tr("a board set: print every board's whole par table"));
  sub->require_option(1, 1 + 2);  // one source, plus --profile/--threads/--full
  for (auto* a : {number, hands, set, games, iss}) {
    for (auto* b : {number, hands, set, games, iss}) {
      if (a != b) a->excludes(b);
    }
  }
  return [o]() {
    const Profile* profile = FindProfile(o->profile);
    if (!profile) {
      std::cerr << "skat analyse: " << Tr("unknown profile '{0}'", o->profile) << "\n";
      return 1;
    }
    if (!o->number.empty()) {
      const Result<uint64_t> deal = ParseDealNumber(o->number);
      if (!deal.ok()) {
        std::cerr << "skat analyse: " << deal.status().message() << "\n";
        return 1;
      }
      return AnalyseBoard(UnrankBoard(*deal), *profile);
    }
    if (!o->hands.empty()) {
      const Result<Board> board = ParseBoard(o->hands);
      if (!board.ok()) {
        std::cerr << "skat analyse: " << board.status().message() << "\n";
        return 1;
      }
      return AnalyseBoard(*board, *profile);
    }
    if (!o->board_set.empty()) return AnalyseBoardSet(*o, *profile);
    if (!o->games.empty()) return AnalyseGameRecords(o->games);
    if (!o->iss.empty()) return AnalyseIssRecords(o->iss);
    std::cerr << "skat analyse: " << Tr("give --number, --hands, --board-set, --games or --iss")
              << "\n";
    return 2;
  };
}

}  // namespace skat::cli
