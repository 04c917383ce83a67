// `skat arena` with outside programs, end to end (labels db and e2e): skatd as a real process on
// the throwaway database of tests/services/test_database.h, `skat arena` against it, its outside
// seats played by real processes (docs/arena.md "Through skatd"):
//   - the example client docs/examples/seat_client.py (Debian's /usr/bin/python3 with
//     python3-grpcio and python3-protobuf) against the engine's heuristic, 2 boards: the summary,
//     the CSV, one log per outside seat, and boards.txt, which `skat arena --board-set` replays
//     in-process on the same deals;
//   - docs/examples/bot-seat.sh, a shell script running `skat bot` for its seat, in a match of
//     three: two outside programs and an engine player;
//   - a program that fails at once: the match ends with exit 1, naming the program, its exit and
//     the tail of its log.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"

// A named namespace: this file is compiled in one unity batch with other tests.
namespace skat::testing_arena_e2e {

namespace fs = std::filesystem;
using testing_cli::Output;

const char kArenaPython[] = "/usr/bin/python3";
const std::string kArenaClient = std::string(SKAT_SOURCE_DIR) + "/docs/examples/seat_client.py";
const std::string kArenaScript = std::string(SKAT_SOURCE_DIR) + "/docs/examples/bot-seat.sh";

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> TextLines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The "board,deal" columns of an arena.csv.
std::vector<std::string> Deals(const fs::path& csv) {
  std::vector<std::string> deals;
  for (const std::string& line : TextLines(ReadText(csv))) {
    const size_t second = line.find(',', line.find(',') + 1);
    deals.push_back(line.substr(0, second));
  }
  return deals;
}

int LogFiles(const fs::path& dir, const std::string& prefix) {
  int n = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    n += name.rfind(prefix, 0) == 0 && name.size() > 4 && name.substr(name.size() - 4) == ".log";
  }
  return n;
}

class ArenaEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    root_ = testing_skatd::MakeRoot("skat-arena");
    ASSERT_FALSE(root_.empty());
    setenv("SKAT_DATABASE_URL", testing_db::DatabaseUrl().c_str(), 1);
    skatd_ = std::make_unique<testing_skatd::Skatd>(root_);
    skatd_->Start();
    ASSERT_FALSE(skatd_->server().empty());
  }
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }

  Output Arena(const std::string& args, const fs::path& out, const std::string& env = "") {
    return testing_cli::Skat(
        "arena -q --server " + skatd_->server() + " --out " + out.string() + " " + args, env);
  }

  fs::path root_;
  std::unique_ptr<testing_skatd::Skatd> skatd_;
};

TEST_F(ArenaEndToEndTest, TheExampleClientPlaysAgainstTheHeuristicAndTheBoardsReplay) {
  const fs::path out = root_ / "out";
  const Output run = Arena("--boards 2 --player 'py=exec:" + std::string(kArenaPython) + " " +
                               kArenaClient + "' --player h=heuristic",
                           out);
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("2 boards x 6 seatings, profile nasl-1909, board score pad, boards from "
                         "skatd's board set events/"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("py over h "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("games declared (12 games"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("boards/s, through skatd at " + skatd_->server()), std::string::npos)
      << run.out;
  EXPECT_EQ(TextLines(ReadText(out / "arena.csv")).size(), 3u);
  const std::string html = ReadText(out / "arena.html");
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  // Two players: py holds 9 of the 18 seats of the 6 tables (alone 3 times, a copy 6 times).
  EXPECT_EQ(LogFiles(out, "py-seating"), 9);
  EXPECT_EQ(LogFiles(out, "h-seating"), 0);

  // The board set skatd dealt, replayed in-process: the same deals in the same order.
  ASSERT_TRUE(fs::exists(out / "boards.txt"));
  const fs::path replay = root_ / "replay";
  const Output again = testing_cli::Skat(
      "arena -q --player a=heuristic --player b=heuristic "
      "--board-set " +
      (out / "boards.txt").string() + " --out " + replay.string());
  ASSERT_EQ(again.exit_code, 0) << again.out;
  EXPECT_EQ(Deals(replay / "arena.csv"), Deals(out / "arena.csv"));
}

TEST_F(ArenaEndToEndTest, ShellScriptsRunningSkatBotPlayBesideAnEnginePlayer) {
  // docs/examples/bot-seat.sh: the contract's command line in, `skat bot --tokens-file` out.
  const fs::path out = root_ / "three";
  const Output run =
      Arena("--boards 2 --player 'x=exec:" + kArenaScript +
                " --policy random' --player 'y=exec:" + kArenaScript + "' --player z=highest",
            out, std::string("SKAT=") + SKAT_BINARY);
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("x over y "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("y over z "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(outside: x, y)"), std::string::npos) << run.out;
  EXPECT_EQ(TextLines(ReadText(out / "arena.csv")).size(), 1u + 2 * 3);
  // Three players: each holds 6 of the 18 seats.
  EXPECT_EQ(LogFiles(out, "x-seating"), 6);
  EXPECT_EQ(LogFiles(out, "y-seating"), 6);
}

TEST_F(ArenaEndToEndTest, AFailingProgramEndsTheMatchAndShowsItsLog) {
  const Output run = Arena(
      "--boards 2 --player 'bad=exec:sh -c \"echo cannot play this seat >&2; exit 3\"' "
      "--player h=heuristic",
      root_ / "failed");
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("player bad (seating "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("exited with 3"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("  cannot play this seat"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("the match is abandoned"), std::string::npos) << run.out;
  EXPECT_FALSE(fs::exists(root_ / "failed" / "arena.csv"));
}

}  // namespace skat::testing_arena_e2e
