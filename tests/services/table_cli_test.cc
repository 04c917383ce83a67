// End to end with real processes (label e2e): skatd with its embedded PostgreSQL in a temporary
// data directory, a director opening tables with `skat tables open`, `skat bot` playing every seat
// to the end, and `skat tables games` whose act logs replay in the engine to exactly the results
// the bot printed. Also: a 4-chair table, skatd killed between committing an act and answering
// it (the bot retries, never skipping or repeating an act), and bad input.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/game_result.h"
#include "engine/profile.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"

namespace {

namespace fs = std::filesystem;

using skat::testing_cli::Output;
using namespace skat::testing_skatd;  // NOLINT

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Signed(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

// One game as `skat tables games` prints it.
struct LoggedGame {
  int board = 0;
  uint64_t deal = 0;
  bool finished = false;
  std::vector<std::pair<int, int64_t>> chair_sequence;
  std::vector<std::string> acts;
  std::string result;  // "<summary>  pad F .. M .. R .."
};

std::vector<LoggedGame> ParseGames(const std::string& text) {
  std::vector<LoggedGame> games;
  const std::regex header(R"(^board (\d+) \(deal number (\d+), online\): (finished|in play), .*)");
  const std::regex act(R"(^  chair (\d+) #(\d+): (.*)$)");
  for (const std::string& line : Lines(text)) {
    std::smatch m;
    if (std::regex_match(line, m, header)) {
      LoggedGame& g = games.emplace_back();
      g.board = std::stoi(m[1]);
      g.deal = std::stoull(m[2]);
      g.finished = m[3] == "finished";
    } else if (!games.empty() && std::regex_match(line, m, act)) {
      games.back().chair_sequence.emplace_back(std::stoi(m[1]), std::stoll(m[2]));
      games.back().acts.push_back(m[3]);
    } else if (!games.empty() && line.rfind("  result: ", 0) == 0) {
      games.back().result = line.substr(10);
    }
  }
  return games;
}

// Board number -> "<summary>  pad ..." from `skat bot`'s lines "table tb-x board N: ...".
std::map<int, std::string> BotResults(const std::string& text, const std::string& table) {
  std::map<int, std::string> out;
  const std::string prefix = "table " + table.substr(table.rfind('/') + 1) + " board ";
  for (const std::string& line : Lines(text)) {
    if (line.rfind(prefix, 0) != 0) continue;
    const size_t colon = line.find(": ", prefix.size());
    const int board = std::stoi(line.substr(prefix.size(), colon - prefix.size()));
    EXPECT_EQ(out.count(board), 0u) << "board " << board << " printed twice:\n" << text;
    out[board] = line.substr(colon + 2);
  }
  return out;
}

// Replays each game's act log in the engine; its result line must be `expected[board]`.
void ExpectLogsReplayTo(const std::vector<LoggedGame>& games,
                        const std::map<int, std::string>& expected) {
  for (const LoggedGame& g : games) {
    SCOPED_TRACE("board " + std::to_string(g.board));
    ASSERT_TRUE(g.finished);
    skat::Game game(skat::Nasl1909(), skat::UnrankBoard(g.deal));
    for (const std::string& text : g.acts) {
      skat::Result<skat::Act> act = skat::ParseActLine(text);
      ASSERT_TRUE(act.ok()) << text << ": " << act.status().message();
      ASSERT_TRUE(game.Apply(*act).ok()) << text;
    }
    ASSERT_TRUE(game.finished());
    const skat::GameResult& r = game.result();
    const std::string replayed = skat::Describe(r) + "  pad F " + Signed(r.pad[0]) + " M " +
                                 Signed(r.pad[1]) + " R " + Signed(r.pad[2]);
    EXPECT_EQ(g.result, replayed);
    ASSERT_EQ(expected.count(g.board), 1u);
    EXPECT_EQ(expected.at(g.board), replayed);
  }
}

// No chair sent a sequence number twice, and each chair's numbers rise.
void ExpectSequencesRise(const std::vector<LoggedGame>& games) {
  std::map<int, int64_t> last;
  for (const LoggedGame& g : games) {
    for (const auto& [chair, sequence] : g.chair_sequence) {
      EXPECT_GT(sequence, last[chair]) << "chair " << chair;
      last[chair] = sequence;
    }
  }
}

class TableCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = MakeRoot("skat-tables");
    ASSERT_FALSE(root_.empty());
    // A fixed server id: a restarted skatd takes its tables' leases back at once.
    skatd_ = std::make_unique<Skatd>(root_, "table-cli-test");
    skatd_->Start();
    Output event = Skat("events create --name 'Table test'");
    ASSERT_EQ(event.exit_code, 0) << event.out;
    event_ = FirstWord(event.out);
    token_ = ValueAfter(event.out, "director token: ");
    ASSERT_EQ(token_.size(), 64u) << event.out;
  }
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    skatd_.reset();
    fs::remove_all(root_);
  }

  Output Skat(const std::string& args, bool director = false) {
    return skat::testing_cli::Skat(args, "SKAT_SERVER=" + skatd_->server() +
                                             (director ? " SKAT_DIRECTOR_TOKEN=" + token_ : ""));
  }

  std::string CreateSet(int boards, int table_size) {
    Output set = Skat("boards create --event " + event_ + " --boards " + std::to_string(boards) +
                          " --table-size " + std::to_string(table_size),
                      true);
    EXPECT_EQ(set.exit_code, 0) << set.out;
    return FirstWord(set.out);
  }

  // Opens a table; returns its name and writes the tokens to `tokens`.
  std::string Open(const std::string& set, const std::string& boards, const fs::path& tokens,
                   int chairs) {
    Output open = Skat("tables open --board-set " + set + " --boards " + boards +
                           " --label 'round 1' --tokens-file " + tokens.string(),
                       true);
    EXPECT_EQ(open.exit_code, 0) << open.out;
    const std::string table = FirstWord(open.out);
    EXPECT_NE(table.find("/tables/"), std::string::npos) << open.out;
    for (int c = 1; c <= chairs; ++c) {
      EXPECT_EQ(ValueAfter(open.out, "chair " + std::to_string(c) + "  ").size(), 64u) << open.out;
    }
    return table;
  }

  // `skat tables games` of the table: `boards` finished games whose act logs replay in the engine
  // to `results` (ExpectLogsReplayTo), each chair's sequence numbers rising.
  void ExpectGamesReplayTo(const std::string& table, size_t boards,
                           const std::map<int, std::string>& results) {
    Output games = Skat("tables games " + table, true);
    ASSERT_EQ(games.exit_code, 0) << games.out;
    const std::vector<LoggedGame> logged = ParseGames(games.out);
    ASSERT_EQ(logged.size(), boards) << games.out;
    ExpectLogsReplayTo(logged, results);
    ExpectSequencesRise(logged);
  }

  fs::path root_;
  std::unique_ptr<Skatd> skatd_;
  std::string event_;
  std::string token_;
};

TEST_F(TableCliTest, BotsPlayAThreeChairTableAndTheLogsReplayToTheirResults) {
  const std::string set = CreateSet(6, 3);
  const fs::path tokens = root_ / "tokens";
  const std::string table = Open(set, "1-3", tokens, 3);
  // The tokens file: "chair token" lines, readable by the owner only.
  struct stat st {};
  ASSERT_EQ(stat(tokens.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  std::ifstream in(tokens);
  int lines = 0;
  for (std::string chair, token; in >> chair >> token; ++lines) {
    EXPECT_EQ(chair, std::to_string(lines + 1));
    EXPECT_EQ(token.size(), 64u);
  }
  EXPECT_EQ(lines, 3);

  Output shown = Skat("tables show " + table, true);
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_NE(shown.out.find("0 of 3 boards finished; board 1 is in play"), std::string::npos)
      << shown.out;

  Output bot = Skat("bot --table " + table + " --tokens-file " + tokens.string() + " --seed 7");
  ASSERT_EQ(bot.exit_code, 0) << bot.out;
  const std::map<int, std::string> results = BotResults(bot.out, table);
  EXPECT_EQ(results.size(), 3u) << bot.out;
  EXPECT_NE(bot.out.find(" finished: 3 boards"), std::string::npos) << bot.out;

  ASSERT_NO_FATAL_FAILURE(ExpectGamesReplayTo(table, 3, results));

  shown = Skat("tables show " + table, true);
  EXPECT_NE(shown.out.find("finished (3 of 3 boards)"), std::string::npos) << shown.out;
  // A seat token shows the table too.
  std::ifstream again(tokens);
  std::string chair, seat_token;
  again >> chair >> seat_token;
  shown = Skat("tables show " + table + " --seat-token " + seat_token);
  EXPECT_EQ(shown.exit_code, 0) << shown.out;

  // The same seed, table and views give the same choices: a second bot run on a finished table
  // has nothing to do and exits at once.
  bot = Skat("bot --table " + table + " --tokens-file " + tokens.string() + " --quiet");
  EXPECT_EQ(bot.exit_code, 0) << bot.out;
  EXPECT_EQ(bot.out, "");
}

TEST_F(TableCliTest, BotsPlayAFourChairTableAndSeveralTablesAtOnce) {
  const std::string set4 = CreateSet(4, 4);
  const std::string four = Open(set4, "1-4", root_ / "four", 4);
  const std::string set3 = CreateSet(3, 3);
  const std::string three = Open(set3, "3,1", root_ / "three", 3);
  // Two tables, one process; the 4-chair table's resting dealer only watches.
  Output bot =
      Skat("bot --policy random --table " + four + " --tokens-file " + (root_ / "four").string() +
           " --table " + three + " --tokens-file " + (root_ / "three").string());
  ASSERT_EQ(bot.exit_code, 0) << bot.out;
  EXPECT_EQ(BotResults(bot.out, four).size(), 4u) << bot.out;
  const std::map<int, std::string> results3 = BotResults(bot.out, three);
  EXPECT_EQ(results3.size(), 2u) << bot.out;
  EXPECT_EQ(results3.count(2), 0u);

  ASSERT_NO_FATAL_FAILURE(ExpectGamesReplayTo(four, 4, BotResults(bot.out, four)));
  EXPECT_NE(Skat("tables show " + four, true).out.find("finished (4 of 4 boards)"),
            std::string::npos);
}

TEST_F(TableCliTest, BotResendsAnActInDoubtAfterSkatdDiesAndNeverRepeatsIt) {
  const std::string set = CreateSet(3, 3);
  const fs::path tokens = root_ / "tokens";
  const std::string table = Open(set, "1-3", tokens, 3);
  // skatd dies right after committing the 20th act, before answering it.
  const int port = skatd_->port();
  skatd_->Stop(SIGTERM);
  skatd_->Start(port, "table-act-after-commit:20");
  auto bot = std::async(std::launch::async, [&] {
    return Skat("bot --table " + table + " --tokens-file " + tokens.string());
  });
  const int status = skatd_->Wait();
  ASSERT_TRUE(WIFEXITED(status)) << status;
  skatd_->Start(port);
  ASSERT_EQ(bot.wait_for(std::chrono::seconds(120)), std::future_status::ready);
  const Output played = bot.get();
  ASSERT_EQ(played.exit_code, 0) << played.out;
  EXPECT_NE(played.out.find("retrying"), std::string::npos) << played.out;
  const std::map<int, std::string> results = BotResults(played.out, table);
  EXPECT_EQ(results.size(), 3u) << played.out;

  ASSERT_NO_FATAL_FAILURE(ExpectGamesReplayTo(table, 3, results));
}

TEST_F(TableCliTest, BadInputIsRefusedWithAMessage) {
  const std::string set = CreateSet(6, 3);
  const fs::path tokens = root_ / "tokens";
  const std::string table = Open(set, "1,2", tokens, 3);
  struct Case {
    std::string args;
    bool director;
    int exit_code;
    std::string message;
  };
  const std::vector<Case> cases = {
      // Usage errors: exit 2.
      {"tables open --board-set " + set, true, 2, "--boards is required"},
      {"tables open --board-set " + set + " --boards 1 --mode cards", true, 2, "--mode"},
      {"tables", false, 2, "subcommand"},
      {"bot --table " + table, false, 2, "no seats"},
      {"bot --seat-token abc", false, 2, "exactly one --table"},
      {"bot --table " + table + " --table " + table + " --tokens-file " + tokens.string(), false, 2,
       "one --table per --tokens-file"},
      {"bot --table " + table + " --seat-token a --policy clever", false, 2, "--policy"},
      {"play --table " + table, false, 2, "no seat token"},
      // Bad values and refusals: exit 1.
      {"tables open --board-set " + set + " --boards 1-x", true, 1, "'x' is not a board number"},
      {"tables open --board-set " + set + " --boards 3-1", true, 1, "runs backwards"},
      {"tables open --board-set " + set + " --boards 7", true, 1, "board 7 is not in"},
      {"tables open --board-set " + set + " --boards 1,1", true, 1, "listed twice"},
      {"tables open --board-set " + set + " --boards 1 --players A,B", true, 1, "2 names"},
      {"tables open --board-set " + set + " --boards 1", false, 1, "unauthenticated"},
      {"tables open --board-set nonsense --boards 1", true, 1, "not a board set name"},
      {"tables games " + table, false, 1, "director token"},
      {"tables show " + table + "x", true, 1, ""},
      {"bot --table " + table + " --seat-token not-a-token", false, 1, "permission-denied"},
      {"bot --table " + table + " --tokens-file " + (root_ / "missing").string(), false, 1,
       "cannot read"},
      {"play --table " + table + " --seat-token not-a-token", false, 1, "permission-denied"},
  };
  for (const Case& c : cases) {
    Output out = Skat(c.args, c.director);
    EXPECT_EQ(out.exit_code, c.exit_code) << c.args << "\n" << out.out;
    EXPECT_NE(out.out.find(c.message), std::string::npos) << c.args << "\n" << out.out;
    EXPECT_NE(out.out, "") << c.args;
  }
  // A seat token used twice in one bot.
  std::ifstream in(tokens);
  std::string chair, token;
  in >> chair >> token;
  Output twice = Skat("bot --table " + table + " --seat-token " + token + " " + token);
  EXPECT_EQ(twice.exit_code, 1) << twice.out;
  EXPECT_NE(twice.out.find("twice"), std::string::npos) << twice.out;
  // --help on every command.
  for (const char* help : {"tables --help", "tables open --help", "tables show --help",
                           "tables games --help", "bot --help", "play --help"}) {
    Output out = Skat(help);
    EXPECT_EQ(out.exit_code, 0) << help;
    EXPECT_NE(out.out.find("Usage"), std::string::npos) << help << "\n" << out.out;
  }
}

}  // namespace
