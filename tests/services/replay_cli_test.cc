// `skat replay` as a user runs it: a real process on record files written by the engine's writer
// (engine/game_record.h), its output and its exit code.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "engine/game_record.h"
#include "engine/players/random_play.h"
#include "engine/random.h"
#include "tests/engine/isko_give_up_examples.h"
#include "tests/services/run_skat.h"

namespace {

using skat::testing_cli::Output;
using skat::testing_cli::Skat;

std::string TempFile(const std::string& name, const std::string& text) {
  const std::string path =
      ::testing::TempDir() + "/replay_cli_test_" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// Two seeded random declarer games under nasl-1909, as one session.
std::vector<skat::GameRecord> TwoGames() {
  skat::Rng rng(1909);
  std::vector<skat::GameRecord> records;
  while (records.size() < 2) {
    skat::Game game(skat::Nasl1909(), skat::RandomBoard(rng));
    skat::PlayOutRandomly(game, rng);
    if (game.result().kind != skat::ResultKind::kDeclarerGame) continue;
    skat::GameRecord record(game);
    record.table = "3";
    records.push_back(record);
  }
  return records;
}

TEST(ReplayCliTest, HelpHasAnExample) {
  const Output r = Skat("replay --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Usage:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skat replay "), std::string::npos) << r.out;
}

TEST(ReplayCliTest, ReplaysASessionAndSettles) {
  const std::vector<skat::GameRecord> records = TwoGames();
  const skat::Result<std::string> text = skat::WriteGameRecords(records);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  const Output r = Skat("replay " + TempFile("session.txt", *text));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::array<long long, 3> totals{};
  for (size_t i = 0; i < records.size(); ++i) {
    const skat::GameResult& result = records[i].game.result();
    EXPECT_NE(r.out.find("game " + std::to_string(i + 1) +
                         " (nasl-1909, table 3): " + skat::Describe(result) + "\n"),
              std::string::npos)
        << r.out;
    for (skat::Direction d : skat::kDirections) totals[Index(d)] += result.pad[Index(d)];
  }
  EXPECT_NE(r.out.find("2 games replayed\n"), std::string::npos) << r.out;
  const long long sum = totals[0] + totals[1] + totals[2];
  const auto sign = [](long long v) { return (v > 0 ? "+" : "") + std::to_string(v); };
  const std::string settlement = "settlement (RULES S2, k = 3): F " + sign(3 * totals[0] - sum) +
                                 " M " + sign(3 * totals[1] - sum) + " R " +
                                 sign(3 * totals[2] - sum) + "\n";
  EXPECT_NE(r.out.find(settlement), std::string::npos) << settlement << r.out;
}

TEST(ReplayCliTest, RejectsATamperedRecordWithItsLine) {
  const std::vector<skat::GameRecord> records = TwoGames();
  std::string text = *skat::WriteGameRecords(records);
  // Game 2's stated pad entry for forehand is changed.
  const size_t game2 = text.find("game 2\n");
  const size_t pad = text.find("pad: F ", game2);
  ASSERT_NE(pad, std::string::npos);
  const size_t entry = pad + 7;
  const size_t end = text.find(' ', entry);
  text = text.substr(0, entry) + "+999" + text.substr(end);
  int line = 1;
  for (size_t i = 0; i < pad; ++i) line += text[i] == '\n' ? 1 : 0;
  const std::string path = TempFile("tampered.txt", text);
  const Output r = Skat("replay " + path);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find(path + ":" + std::to_string(line) + ":8: "), std::string::npos)
      << line << "\n"
      << r.out;
}

TEST(ReplayCliTest, MissingFileExitsOne) {
  EXPECT_EQ(Skat("replay /nonexistent/records.txt").exit_code, 1);
  EXPECT_EQ(Skat("replay").exit_code, 2);
}

// The four cases of giving up under isko (docs/rules-decisions.md D73, D74), written by the
// engine's writer and replayed by `skat replay`: each prints the ISkO's value. The same acts
// under isko+iss (the ISS's rules, D75) do not give these results, so the records are refused.
TEST(ReplayCliTest, IskoGivingUpIsSettledByTheIsko) {
  std::vector<skat::GameRecord> records;
  std::vector<std::string> values;
  for (skat::isko_examples::Example& e : skat::isko_examples::Examples(skat::Isko())) {
    skat::game_test::Must(e.before, e.give_up);
    ASSERT_TRUE(e.before.finished()) << e.name;
    skat::GameRecord record(e.before);
    record.table = "1";
    records.push_back(record);
    values.push_back(e.value);
  }
  const skat::Result<std::string> text = skat::WriteGameRecords(records);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  const Output r = Skat("replay " + TempFile("isko_give_up.txt", *text));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  for (size_t i = 0; i < records.size(); ++i) {
    const std::string line = "game " + std::to_string(i + 1) +
                             " (isko, table 1): " + skat::Describe(records[i].game.result());
    EXPECT_NE(r.out.find(line + "\n"), std::string::npos) << line << "\n" << r.out;
    EXPECT_NE(line.find(": " + values[i] + " ("), std::string::npos) << line;
  }
  EXPECT_NE(r.out.find("4 games replayed\n"), std::string::npos) << r.out;
  std::string iss = *text;
  for (size_t at = iss.find("profile: isko\n"); at != std::string::npos;
       at = iss.find("profile: isko\n", at + 1)) {
    iss.replace(at, 14, "profile: isko+iss\n");
  }
  const Output refused = Skat("replay " + TempFile("iss_give_up.txt", iss));
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
}

}  // namespace
