// skat bot: one process plays any number of seats, at one table or several, with the engine's
// bots (engine/players/bot.h) over gRPC, one thread per seat, or per player when the tokens file
// names the seats' players and rounds (services/cli/seat/bot_driver.h). Each board's result is
// printed once per table as its final view arrives; the process exits 0 when every table it plays
// is finished.
// --stats writes what it measured (services/cli/seat/bot_stats.h) for bench/congress
// (docs/performance.md).
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/players/sampling_bot.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/seat/bot_driver.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/token_files.h"

namespace skat::cli {
namespace {

// Reads "chair token" lines (for `paired_table`), "table chair token" lines or "table chair token
// round player" lines; blank lines and lines starting with '#' are skipped.
bool ReadTokensFile(const std::string& path, const std::string& paired_table,
                    std::vector<BotSeat>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = Tr("cannot read --tokens-file {0}", path);
    return false;
  }
  std::string line;
  int number = 0;
  size_t found = 0;
  while (std::getline(in, line)) {
    ++number;
    std::stringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty() || w[0][0] == '#') continue;
    const std::string where = path + " " + Tr("line {0}", number);
    BotSeat seat;
    if (w.size() == 2) {
      if (paired_table.empty()) {
        error = where + ": " +
                Tr("\"chair token\" needs its table: give --table with this file (or write "
                   "\"table chair token\" lines)");
        return false;
      }
      seat.table = paired_table;
    } else if (w.size() == 3 || w.size() == 5) {
      if (w.size() == 5) {
        if (w[3].empty() || w[3].find_first_not_of("0123456789") != std::string::npos) {
          error = where + ": " + Tr("'{0}' is not a round number", w[3]);
          return false;
        }
        seat.round = std::stoi(w[3]);
        seat.player = w[4];
        w.resize(3);
      }
      seat.table = w[0];
      if (!paired_table.empty() && seat.table != paired_table) {
        error = where + ": " + Tr("table {0} is not --table {1}", seat.table, paired_table);
        return false;
      }
      w.erase(w.begin());
    } else {
      error = where + ": " +
              Tr("expected \"chair token\", \"table chair token\" or \"table chair token round "
                 "player\"");
      return false;
    }
    if (w[0].find_first_not_of("0123456789") != std::string::npos) {
      error = where + ": " + Tr("'{0}' is not a chair number", w[0]);
      return false;
    }
    seat.token = w[1];
    out.push_back(seat);
    ++found;
  }
  if (found == 0) {
    error = Tr("{0} holds no seat tokens", path);
    return false;
  }
  return true;
}

// Prints what the seats see: each board's result once per table, each table's totals, and the
// retry notes on stderr.
class Printer : public BotObserver {
 public:
  Printer(bool quiet, std::string policy, uint64_t seed, std::string threads)
      : quiet_(quiet), policy_(std::move(policy)), seed_(seed), threads_(std::move(threads)) {}

  void Started(int seats, int tables) override {
    Note(Tr("playing {0} at {1} (policy {2}, seed {3}, {4})", TrN("{n} seat", "{n} seats", seats),
            TrN("{n} table", "{n} tables", tables), policy_, seed_, threads_));
  }
  void BoardFinished(const std::string& table, int board_number,
                     const v1::GameResult& result) override {
    Line(Tr("table {0} board {1}", ShortTableName(table), board_number) + ": " + GameText(result) +
         "  " + Tr("pad {0}", PadLine(result)));
  }
  void BoardMissed(const std::string& table, int board_number) override {
    Line(Tr("table {0} board {1}", ShortTableName(table), board_number) + ": " +
         Tr("finished (its final view was missed; skat tables games {0} shows it)", table));
  }
  void TableFinished(const std::string& table, int boards,
                     const std::vector<long long>& pad_by_chair) override {
    std::string line = Tr("table {0} finished: {1}; pad by chair:", ShortTableName(table),
                          TrN("{n} board", "{n} boards", boards));
    for (size_t c = 0; c < pad_by_chair.size(); ++c) {
      line += "  " + std::to_string(c + 1) + ": " + Signed(static_cast<int>(pad_by_chair[c]));
    }
    Line(line);
  }
  void Note(const std::string& line) override {
    if (!quiet_) std::cerr << "skat bot: " << line << std::endl;
  }

 private:
  void Line(const std::string& line) {
    if (!quiet_) std::cout << line << std::endl;
  }

  const bool quiet_;
  const std::string policy_;
  const uint64_t seed_;
  const std::string threads_;
};

// Rewrites the stats file every second while the seats play, and once more at the end.
class StatsWriter {
 public:
  StatsWriter(const BotStats& stats, std::string path) : stats_(stats), path_(std::move(path)) {
    if (path_.empty()) return;
    thread_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) {
        stats_.Write(path_, false);
      }
    });
  }
  // Stops the writer and writes the final file; false on an I/O error.
  bool Finish() {
    if (path_.empty()) return true;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
    return stats_.Write(path_, true);
  }

 private:
  const BotStats& stats_;
  const std::string path_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// The options of `skat bot`.
struct BotCommandOptions {
  std::string server;
  std::vector<std::string> tables;
  std::vector<std::string> tokens_files;
  std::vector<std::string> seat_tokens;
  std::string policy = "sampling";
  uint64_t seed = 0;
  int slip = 0;
  int worlds = SamplingOptions{}.worlds;
  bool quiet = false;
  int retry_for = 60;
  std::string stats;
  bool round_barrier = false;
  std::string driver = "threads";
};

// Every option of `skat bot` but the seat options (AddSeatOptions).
void AddBotOptions(CLI::App& sub, BotCommandOptions& o) {
  sub.add_option("--table", o.tables, Tr("events/{event}/tables/{table} (repeatable)"));
  sub.add_option("--tokens-file", o.tokens_files,
                 Tr("a file of seat tokens (repeatable; see below)"));
  sub.add_option("--seat-token", o.seat_tokens,
                 Tr("seat tokens of the one --table (several after one option, or repeated; "
                    "visible to other users in the process list: prefer --tokens-file)"));
  sub.add_option("--policy", o.policy,
                 Tr("sampling: the sampling player (docs/bots.md); heuristic (or bot): the "
                    "heuristic player; random: random legal acts; highest: the highest legal card"))
      ->check(CLI::IsMember({"sampling", "heuristic", "bot", "random", "highest"}))
      ->capture_default_str();
  sub.add_option("--seed", o.seed, Tr("seed of the players' choices"))->capture_default_str();
  sub.add_option("--slip", o.slip,
                 Tr("heuristic policy: percent of card plays made at random instead (a fallible "
                    "player)"))
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  sub.add_option(
         "--worlds", o.worlds,
         Tr("sampling policy: worlds drawn per card decision, its time budget (docs/bots.md)"))
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub.add_flag("-q,--quiet", o.quiet, Tr("print nothing but errors"));
  sub.add_option("--stats", o.stats,
                 Tr("write acts, act latency (p50/p90/p99/max and a histogram), seats done and "
                    "wall time to this file, rewritten every second while playing (see "
                    "services/cli/seat/bot_stats.h)"));
  sub.add_option("--driver", o.driver,
                 Tr("threads: blocking calls, each seat's messages on its thread; callback: gRPC's "
                    "callback API (less CPU per act with many seats), falling back to the "
                    "retrying blocking path for a seat after any failed call"))
      ->check(CLI::IsMember({"threads", "callback"}))
      ->capture_default_str();
  sub.add_flag(
      "--round-barrier", o.round_barrier,
      Tr("play the seats round by round: every seat of round r here finishes before any "
         "of round r+1 joins (default: each player goes on as soon as his table is done)"));
}

// "skat bot: MESSAGE (see skat bot --help)"; returns 2.
int BotUsage(const std::string& message) {
  std::cerr << "skat bot: " << message << " (" << Tr("see skat bot --help") << ")\n";
  return 2;
}

// The seats to play: of --seat-token with the one --table, else of the --tokens-file files.
// Returns 0, or the exit code after the problem is printed (2: a usage error).
int ReadBotSeats(const BotCommandOptions& o, std::vector<BotSeat>& seats) {
  if (!o.seat_tokens.empty()) {
    if (o.tables.size() != 1 || !o.tokens_files.empty()) {
      return BotUsage(Tr("--seat-token needs exactly one --table and no --tokens-file"));
    }
    WarnTokenArgument("skat bot", "--seat-token", Tr("--tokens-file PATH (\"chair token\" lines)"));
    for (const std::string& t : o.seat_tokens) seats.push_back({o.tables[0], t});
  } else if (!o.tokens_files.empty()) {
    if (!o.tables.empty() && o.tables.size() != o.tokens_files.size()) {
      return BotUsage(
          Tr("give one --table per --tokens-file (or none: \"table chair token\" lines)"));
    }
    for (size_t i = 0; i < o.tokens_files.size(); ++i) {
      std::string error;
      if (!ReadTokensFile(o.tokens_files[i], o.tables.empty() ? "" : o.tables[i], seats, error)) {
        std::cerr << "skat bot: " << error << "\n";
        return 1;
      }
    }
  } else {
    return BotUsage(Tr("no seats: give --seat-token or --tokens-file"));
  }
  return 0;
}

// skat bot: every seat played to the end of its table.
int RunBot(const BotCommandOptions& o) {
  if (o.slip > 0 && PolicyNamed(o.policy) != BotPolicy::kBot) {
    return BotUsage(Tr("--slip applies to the heuristic policy only"));
  }
  std::vector<BotSeat> seats;
  if (int code = ReadBotSeats(o, seats); code != 0) return code;
  std::set<std::string> tokens;
  for (const BotSeat& s : seats) {
    if (!tokens.insert(s.token).second) {
      std::cerr << "skat bot: "
                << Tr("a seat token is given twice (one process plays each seat once)") << "\n";
      return 1;
    }
  }
  BotStats stats;
  const BotOptions options{.server = o.server,
                           .policy = PolicyNamed(o.policy),
                           .seed = o.seed,
                           .slip_percent = o.slip,
                           .worlds = o.worlds,
                           .retry_for = std::chrono::seconds(o.retry_for),
                           .stats = &stats,
                           .callbacks = o.driver == "callback"};
  bool by_player = false;
  for (const BotSeat& s : seats) by_player = by_player || !s.player.empty();
  Printer printer(o.quiet, o.policy, o.seed,
                  !by_player        ? Tr("one thread per seat")
                  : o.round_barrier ? Tr("one thread per seat, round by round")
                                    : Tr("one thread per player"));
  stats.SetSeats(static_cast<long>(seats.size()));
  StatsWriter writer(stats, o.stats);
  auto channel = ConnectSeats(o.server);
  std::vector<std::string> errors;
  if (o.round_barrier) {
    std::map<int, std::vector<BotSeat>> rounds;
    for (BotSeat& s : seats) {
      s.player.clear();  // within a round a player has one seat
      rounds[s.round].push_back(s);
    }
    for (const auto& [round, round_seats] : rounds) {
      errors = PlaySeats(channel, round_seats, options, printer);
      if (!errors.empty()) break;
    }
  } else {
    errors = PlaySeats(channel, seats, options, printer);
  }
  if (!writer.Finish()) errors.push_back(Tr("cannot write --stats {0}", o.stats));
  for (const std::string& error : errors) std::cerr << "skat bot: " << error << "\n";
  return errors.empty() ? 0 : 1;
}

}  // namespace

Runner AddBotCommand(CLI::App& app) {
  auto o = std::make_shared<BotCommandOptions>();
  CLI::App* sub = app.add_subcommand(
      "bot", Tr("Play seats of one or more online tables with the engine's bots, to the end."));
  sub->footer(Tr(
      "Seats: --table T --seat-token TOKEN... (seats of one table), or --table T --tokens-file F\n"
      "pairs (repeat them for more tables; the i-th --table goes with the i-th --tokens-file), or\n"
      "only --tokens-file files of \"table chair token\" lines. A tokens file holds \"chair "
      "token\"\n"
      "lines as skat tables open --tokens-file writes them, or \"table chair token\" lines, or\n"
      "\"table chair token round player\" lines (a session's seats with the round and any name\n"
      "of the player holding them); blank lines and lines starting with # are skipped.\n"
      "\n"
      "One thread per seat joins it, watches its views and acts whenever it is to move (or a\n"
      "claim awaits its answer). Seats given with their player share one thread per player and\n"
      "are played in round order: his seat of round r+1 joins once his table of round r is\n"
      "finished (--round-barrier: once every table of round r this process plays is). Choices\n"
      "are a pure function of --seed, the table, the chair, the board and what the seat sees.\n"
      "skatd unavailable, a lost table or a broken stream: it waits (50 ms doubling to 1 s),\n"
      "joins again and resends an act in doubt with the same sequence number, so no act is\n"
      "skipped or made twice; after --retry-for seconds of failures it gives up. Prints each\n"
      "board's result once per table and exits 0 when every table is finished; 1 on an error.\n"
      "--driver callback plays the seats on gRPC's callback API instead of blocking threads."));
  AddBotOptions(*sub, *o);
  AddSeatOptions(*sub, o->server, o->retry_for);
  return [o]() -> int { return RunBot(*o); };
}

}  // namespace skat::cli
