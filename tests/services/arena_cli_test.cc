// `skat arena` with engine players, in-process (docs/arena.md), as a user runs it: the summary
// it prints, the CSV (one line per board and pair) and the self-contained page; the same seed
// gives the same text and CSV whatever the threads (the timing line aside); names a spreadsheet
// would run as formulas get a ' in front in the CSV; a board-set file is played board by board;
// bad input is refused with exit 2 and a message.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/services/csv_test_util.h"
#include "tests/services/run_skat.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_cli::Skat;

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The output without what depends on the machine or the directory: the timing line (boards/s)
// and the files written.
std::string Stable(const std::string& out) {
  std::string kept;
  for (const std::string& line : Lines(out)) {
    if (line.find("boards/s") != std::string::npos || line.rfind("written:", 0) == 0) continue;
    kept += line + "\n";
  }
  return kept;
}

class ArenaCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::temp_directory_path() / "skat-arena-cli-XXXXXX").string();
    ASSERT_NE(mkdtemp(dir.data()), nullptr);
    root_ = dir;
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(root_);
  }
  Output Arena(const std::string& args, const std::string& out) {
    return Skat("arena " + args + " -q --out " + (root_ / out).string());
  }
  fs::path root_;
};

TEST_F(ArenaCliTest, PlaysBoardsInProcessAndWritesTheCsvAndThePage) {
  const Output run =
      Arena("--player 'h<b>&=heuristic' --player r=random --boards 4 --seed 3", "out");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("4 boards x 6 seatings, profile nasl-1909, board score pad, boards from "
                         "seed 3"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("h<b>& over r "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("  n 4  ("), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("ratings (Bradley-Terry"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("games declared (24 games"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("4 boards (24 games) in "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("boards/s, in-process on 1 thread\n"), std::string::npos) << run.out;

  const std::vector<std::string> csv = Lines(Read(root_ / "out" / "arena.csv"));
  ASSERT_EQ(csv.size(), 5u);  // the header and 4 boards x 1 pair
  EXPECT_EQ(csv[0], "board,deal,x,y,difference");
  EXPECT_EQ(csv[1].rfind("1,", 0), 0u) << csv[1];
  EXPECT_NE(csv[1].find(",h<b>&,r,"), std::string::npos) << csv[1];

  const std::string html = Read(root_ / "out" / "arena.html");
  ASSERT_FALSE(html.empty());
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("h<b>&"), std::string::npos) << "a name is not escaped";
  EXPECT_NE(html.find("h&lt;b&gt;&amp;"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("class=\"mean\""), std::string::npos);
}

// Player names a spreadsheet would run as formulas get a ' in front in arena.csv; the
// differences, negative ones too, stay numbers (services/common/csv.h).
TEST_F(ArenaCliTest, FormulaNamesGetAQuoteInTheCsv) {
  const Output run = Arena("--player '@h=heuristic' --player '+r=random' --boards 4 --seed 3", "f");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  std::vector<std::vector<std::string>> records;
  std::string error;
  ASSERT_TRUE(skat::testing_csv::ParseCsv(Read(root_ / "f" / "arena.csv"), records, error, "\n"))
      << error;
  ASSERT_EQ(records.size(), 5u);
  for (size_t r = 1; r < records.size(); ++r) {
    ASSERT_EQ(records[r].size(), 5u);
    EXPECT_EQ(records[r][2], "'@h");
    EXPECT_EQ(records[r][3], "'+r");
    for (const std::string& cell : records[r]) {
      EXPECT_FALSE(skat::testing_csv::StartsAFormula(cell)) << cell;
    }
  }
}

TEST_F(ArenaCliTest, TheSameSeedGivesTheSameOutputOnAnyNumberOfThreads) {
  const std::string args = "--player a=heuristic --player b=random --player c=highest --boards 6";
  const Output one = Arena(args + " --seed 11 --jobs 1", "one");
  const Output two = Arena(args + " --seed 11 --jobs 2", "two");
  const Output other = Arena(args + " --seed 12", "other");
  ASSERT_EQ(one.exit_code, 0) << one.out;
  ASSERT_EQ(two.exit_code, 0) << two.out;
  ASSERT_EQ(other.exit_code, 0) << other.out;
  EXPECT_EQ(Stable(one.out), Stable(two.out));
  const std::string csv = Read(root_ / "one" / "arena.csv");
  EXPECT_EQ(Lines(csv).size(), 1u + 6 * 3);  // 3 pairs
  EXPECT_EQ(csv, Read(root_ / "two" / "arena.csv"));
  EXPECT_NE(csv, Read(root_ / "other" / "arena.csv"));
  EXPECT_NE(two.out.find("in-process on 2 threads"), std::string::npos) << two.out;
}

// A board-set archive (docs/board-sets.md) with 3 boards.
constexpr const char* kBoardSet = R"(# Comparative Skat board set (docs/board-sets.md)
format: comparative-skat-board-set 1
label: Milwaukee 1909 / session 1
generator: 1
commitment: e587942ff985eb20e658957f84ab6e7cb8a51a952bfb530158cf6533849bf974
beacon-source: DAX closing value, 2024-05-03
beacon-value: 18001.60
table-size: 3
boards: 3
board 1 chair 1 deal 595655547310675 F: C-9 C-7 S-K S-9 H-A H-K H-J D-A D-Q D-7; M: C-A C-Q C-J C-10 S-Q S-7 H-9 H-7 D-9 D-8; R: C-K C-8 S-A S-J S-10 S-8 H-Q H-8 D-J D-10; S: H-10 D-K
board 2 chair 2 deal 2766459908536425 F: C-K C-8 S-K H-Q H-10 H-9 H-8 D-A D-J D-9; M: C-A C-Q C-J S-A S-10 S-9 S-7 D-K D-10 D-7; R: C-10 C-9 S-Q S-J S-8 H-A H-K H-J H-7 D-8; S: C-7 D-Q
board 3 chair 3 deal 3475879536126819 F: C-K C-Q S-A S-K H-10 H-8 H-7 D-10 D-9 D-8; M: C-A C-9 C-7 S-J S-10 S-8 S-7 H-9 D-K D-7; R: C-J C-10 C-8 S-9 H-K H-Q H-J D-A D-Q D-J; S: S-Q H-A
)";

TEST_F(ArenaCliTest, PlaysTheBoardsOfABoardSetFile) {
  const fs::path file = root_ / "set.txt";
  std::ofstream(file) << kBoardSet;
  const Output all =
      Arena("--player a=heuristic --player b=highest --board-set " + file.string(), "all");
  ASSERT_EQ(all.exit_code, 0) << all.out;
  EXPECT_NE(all.out.find("3 boards x 6 seatings"), std::string::npos) << all.out;
  const std::vector<std::string> csv = Lines(Read(root_ / "all" / "arena.csv"));
  ASSERT_EQ(csv.size(), 4u);
  EXPECT_EQ(csv[1].rfind("1,595655547310675,a,b,", 0), 0u) << csv[1];
  EXPECT_EQ(csv[3].rfind("3,3475879536126819,a,b,", 0), 0u) << csv[3];
  // --boards takes the first boards of the file; more than it holds is refused.
  const Output two = Arena(
      "--player a=heuristic --player b=highest --boards 2 --board-set " + file.string(), "two");
  ASSERT_EQ(two.exit_code, 0) << two.out;
  EXPECT_EQ(Lines(Read(root_ / "two" / "arena.csv")).size(), 3u);
  const Output four = Arena(
      "--player a=heuristic --player b=highest --boards 4 --board-set " + file.string(), "four");
  EXPECT_EQ(four.exit_code, 1) << four.out;
  EXPECT_NE(four.out.find("holds 3 boards"), std::string::npos) << four.out;
}

TEST_F(ArenaCliTest, BadInputIsRefusedWithExitTwoAndAMessage) {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--player a=heuristic", "give --player NAME=SPEC 2 or 3 times (1 given)"},
      {"--player a=heuristic --player b=random --player c=random --player d=random",
       "2 or 3 times (4 given)"},
      {"--player a=heuristic --player b=genius", "unknown spec 'genius'"},
      {"--player a=heuristic --player b", "'b': not NAME=SPEC"},
      {"--player a=heuristic --player a=random", "the name 'a' is given twice"},
      {"--player a=heuristic --player b=exec:./my-bot", "give --server HOST:PORT"},
      {"--player a=heuristic --player b=exec:", "exec: needs a command"},
      {"--player a=heuristic --player b=random --rules no-such", "is not a rule profile"},
  };
  for (const Case& c : cases) {
    const Output run = Arena(c.args, "bad");
    EXPECT_EQ(run.exit_code, 2) << c.args << "\n" << run.out;
    EXPECT_NE(run.out.find(c.message), std::string::npos) << c.args << "\n" << run.out;
  }
  EXPECT_FALSE(fs::exists(root_ / "bad" / "arena.csv"));
  const Output help = Skat("arena --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--player"), std::string::npos);
  EXPECT_NE(help.out.find("--token-file PATH"), std::string::npos);
}

}  // namespace
