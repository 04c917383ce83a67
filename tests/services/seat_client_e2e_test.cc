// The example outside program docs/examples/seat_client.py and the protocol it shows
// (docs/seat-protocol.md), through real processes (label e2e): skatd on the throwaway database of
// test_database.h, a director opening an online table of two boards with `skat tables open`, the
// Python client playing one chair and `skat bot --policy heuristic` the other two. The client
// must play the table to its end and exit 0, also when skatd dies after committing the client's
// act and before answering it (the act in doubt is found accepted, never made twice), and when
// its view stream breaks.
// Without Debian's python3-grpcio and python3-protobuf these tests fail, never skip: CI installs
// them with deploy/install-deps.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/board_set.h"
#include "tests/services/run_program.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_program::ReadFile;
using skat::testing_program::RunProgram;
using skat::testing_program::RunResult;
using skat::testing_skatd::FirstWord;
using skat::testing_text::Contains;

// Debian's python3-grpcio and python3-protobuf are installed for Debian's own interpreter, which
// need not be the first python3 on PATH.
const char kPython[] = "/usr/bin/python3";
const std::string kClient = std::string(SKAT_SOURCE_DIR) + "/docs/examples/seat_client.py";

// A finished run of a program: its exit code (-1 when killed) and what it wrote.
struct Ran {
  RunResult run;
  std::string out;
  std::string err;
};

// Chair -> its sequence numbers in the order of `skat tables games`' act lines "  chair N #S: ".
std::map<int, std::vector<int64_t>> SequencesByChair(const std::string& games) {
  std::map<int, std::vector<int64_t>> out;
  const std::regex act(R"(^  chair (\d+) #(\d+): )");
  std::stringstream in(games);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, act)) out[std::stoi(m[1])].push_back(std::stoll(m[2]));
  }
  return out;
}

class SeatClientTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-seat-client", "Seat client test");
    if (HasFatalFailure()) return;
    const RunResult check =
        RunProgram({kPython, "-c", "import grpc, google.protobuf"}, (root_ / "probe.out").string(),
                   (root_ / "probe.err").string());
    ASSERT_EQ(check.exit_code, 0)
        << kPython
        << " cannot import grpc and google.protobuf: install Debian's python3-grpcio and "
        << "python3-protobuf (deploy/install-deps) to run docs/examples/seat_client.py\n"
        << check.error << ReadFile(root_ / "probe.err");
    director_file_ = root_ / "director-token";
    std::ofstream(director_file_) << director_ << "\n";
    fs::permissions(director_file_, fs::perms::owner_read | fs::perms::owner_write);
  }

  Output Director(const std::string& args) {
    return Skat(args + " --token-file " + director_file_.string());
  }

  // Opens an online table of boards 1 and 2 of a new set of two: each chair's token in
  // root/seats/chair-N (for the client) and all of them in root/tokens (for skat bot).
  std::string OpenTable() {
    const Output set = Director("boards create --event " + event_ + " --boards 2");
    EXPECT_EQ(set.exit_code, 0) << set.out;
    const Output open =
        Director("tables open --board-set " + FirstWord(set.out) + " --boards 1-2 --tokens-file " +
                 (root_ / "tokens").string() + " --tokens-dir " + (root_ / "seats").string());
    EXPECT_EQ(open.exit_code, 0) << open.out;
    const std::string table = FirstWord(open.out);
    EXPECT_EQ(table.rfind(event_ + "/tables/", 0), 0u) << open.out;
    return table.rfind(event_ + "/tables/", 0) == 0 ? table : "";
  }

  // The client plays `chair`, skat bot the other two, all at once; `meanwhile` runs on this
  // thread while they play. Each program is killed after a minute (run_program.h).
  std::pair<Ran, Ran> Play(
      const std::string& table, int chair,
      const std::function<void(std::future<Ran>&)>& meanwhile = [](std::future<Ran>&) {}) {
    std::ifstream all(root_ / "tokens");
    std::ofstream others(root_ / "bot-tokens");
    for (std::string line; std::getline(all, line);) {
      if (line.rfind(std::to_string(chair) + " ", 0) != 0) others << line << "\n";
    }
    others.close();
    const std::string seat = (root_ / "seats" / ("chair-" + std::to_string(chair))).string();
    auto client = Start(
        {kPython, kClient, "--server", skatd_->server(), "--table", table, "--token-file", seat},
        "client");
    auto bot =
        Start({SKAT_BINARY, "bot", "--server", skatd_->server(), "--table", table, "--tokens-file",
               (root_ / "bot-tokens").string(), "--policy", "heuristic", "--retry-for", "30"},
              "bot");
    meanwhile(client);
    return {client.get(), bot.get()};
  }

  std::future<Ran> Start(std::vector<std::string> argv, const std::string& name) {
    return std::async(std::launch::async, [this, argv = std::move(argv), name] {
      const fs::path out = root_ / (name + ".out"), err = root_ / (name + ".err");
      Ran ran{RunProgram(argv, out.string(), err.string()), "", ""};
      ran.out = ReadFile(out);
      ran.err = ReadFile(err);
      return ran;
    });
  }

  // The table finished with both boards' results, and `chair` sent 1, 2, 3, ... (no act
  // skipped or made twice).
  void ExpectFinished(const std::string& table, const Ran& client, int chair) {
    EXPECT_TRUE(Contains(client.out, "board 1: ")) << client.out;
    EXPECT_TRUE(Contains(client.out, "board 2: ")) << client.out;
    EXPECT_FALSE(Contains(client.out, "NOT as the trick log shows")) << client.out;
    const Output shown = Director("tables show " + table);
    EXPECT_TRUE(Contains(shown.out, "finished (2 of 2 boards)")) << shown.out;
    const Output results = Director("results list --table " + table);
    ASSERT_EQ(results.exit_code, 0) << results.out;
    EXPECT_TRUE(Contains(results.out, "board 1")) << results.out;
    EXPECT_TRUE(Contains(results.out, "board 2")) << results.out;
    const Output games = Director("tables games " + table);
    ASSERT_EQ(games.exit_code, 0) << games.out;
    const std::vector<int64_t> sent = SequencesByChair(games.out)[chair];
    ASSERT_GE(sent.size(), 2u) << games.out;  // every seat speaks in each board's bidding
    for (size_t i = 0; i < sent.size(); ++i) EXPECT_EQ(sent[i], int64_t(i + 1)) << games.out;
  }

  fs::path director_file_;
};

TEST_F(SeatClientTest, PlaysItsChairBesideTwoBotsUntilTheTableIsFinished) {
  const std::string table = OpenTable();
  ASSERT_FALSE(table.empty());
  const auto [client, bot] = Play(table, 1);
  ASSERT_EQ(client.run.exit_code, 0) << client.run.error << client.out << client.err;
  ASSERT_EQ(bot.run.exit_code, 0) << bot.out << bot.err;
  EXPECT_TRUE(Contains(client.err, "chair 1 of " + table)) << client.err;
  ExpectFinished(table, client, 1);
}

TEST_F(SeatClientTest, ResendsItsActInDoubtAfterSkatdDiesAndNeverMakesItTwice) {
  const std::string table = OpenTable();
  ASSERT_FALSE(table.empty());
  // Middlehand speaks first (RULES B1): the client sits there on board 1, and skatd dies right
  // after committing that first act, before answering it. Restarted, it dies once more after
  // its fourth commit: the client's view stream breaks (or an act of its is in doubt again).
  const int middlehand = skat::ForehandChair(1, 3) % 3 + 1;
  const int port = skatd_->port();
  skatd_->Stop(SIGTERM);
  skatd_->Start(port, "table-act-after-commit:1");
  const auto [client, bot] = Play(table, middlehand, [&](std::future<Ran>& playing) {
    for (const char* failpoint : {"table-act-after-commit:4", ""}) {
      // Until skatd dies; should the client end first, it never will.
      int status = 0;
      while (!skatd_->Exited(&status)) {
        if (playing.wait_for(std::chrono::milliseconds(20)) == std::future_status::ready) {
          ADD_FAILURE() << "the client ended before skatd reached its failpoint";
          return;
        }
      }
      EXPECT_TRUE(WIFEXITED(status)) << status;
      skatd_->Start(port, failpoint);
    }
  });
  ASSERT_EQ(client.run.exit_code, 0) << client.run.error << client.out << client.err;
  ASSERT_EQ(bot.run.exit_code, 0) << bot.out << bot.err;
  EXPECT_TRUE(Contains(client.err, "retrying")) << client.err;
  EXPECT_TRUE(Contains(client.err, "act #1 was accepted before the failure")) << client.err;
  ExpectFinished(table, client, middlehand);
  const Output games = Director("tables games " + table);
  // The first act of board 1 is the client's, logged once with its sequence number 1.
  const size_t board1 = games.out.find("\nboard 1 (");
  ASSERT_NE(board1, std::string::npos) << games.out;
  const size_t first_act = games.out.find('\n', board1 + 1) + 1;
  EXPECT_EQ(games.out.substr(first_act, games.out.find(':', first_act) - first_act),
            "  chair " + std::to_string(middlehand) + " #1")
      << games.out;
}

}  // namespace
