// Seat and director tokens through the real `skat` and skatd processes (label e2e; skatd on the
// throwaway database of test_database.h): `skat sessions start` at the congress size of 1,020
// players writes a token for every chair of every table (6,800 tables; the tokens come in pages,
// docs/events-and-scoring.md "Seat tokens"), `skat sessions issue-tokens` replaces them all, and
// `skat tables rotate-token` / `skat events rotate-token` replace one, the old one refused.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace {

using skat::testing_text::Contains;
using skat::testing_text::Mode;

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_program::ReadFile;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;

// A seat of a tokens file: "table chair token round player".
struct SeatLine {
  std::string table;
  int chair = 0;
  std::string token;
  int round = 0;
  std::string player;
};

std::vector<SeatLine> ReadSeats(const fs::path& path) {
  std::vector<SeatLine> seats;
  std::istringstream in(ReadFile(path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    SeatLine s;
    words >> s.table >> s.chair >> s.token >> s.round >> s.player;
    EXPECT_FALSE(words.fail()) << line;
    seats.push_back(s);
  }
  return seats;
}

bool IsHex64(const std::string& token) {
  return token.size() == 64 && token.find_first_not_of("0123456789abcdef") == std::string::npos;
}

class SessionTokensE2eTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override { StartWithEvent("skat-session-tokens", "Congress"); }

  // `skat ARGS` against the test's skatd with the director token in the environment (none with
  // director false), `env` in front.
  Output Skat(const std::string& args, const std::string& env = "", bool director = true) {
    std::string all = director && !director_.empty() ? "SKAT_DIRECTOR_TOKEN=" + director_ : "";
    if (!env.empty()) all += (all.empty() ? "" : " ") + env;
    return SkatdEventTest::Skat(args, all);
  }

  // Adds `count` players named P0001.. in batches.
  void AddPlayers(int count) {
    for (int first = 1; first <= count; first += 200) {
      std::string names;
      for (int i = first; i < first + 200 && i <= count; ++i) {
        std::string n = std::to_string(i);
        names += " P" + std::string(4 - n.size(), '0') + n;
      }
      const Output added = Skat("players add --event " + event_ + names);
      ASSERT_EQ(added.exit_code, 0) << added.out.substr(0, 2000);
    }
  }

  std::string CreateSet(int boards) {
    const Output set =
        Skat("boards create --event " + event_ + " --boards " + std::to_string(boards));
    EXPECT_EQ(set.exit_code, 0) << set.out;
    return FirstWord(set.out);
  }

  // `skat tables show TABLE` with only a seat token: whether it opens the table.
  bool Opens(const std::string& table, const std::string& token) {
    const Output shown = Skat("tables show " + table, "SKAT_SEAT_TOKEN=" + token, false);
    EXPECT_TRUE(shown.exit_code == 0 || Contains(shown.out, "permission-denied")) << shown.out;
    return shown.exit_code == 0 && Contains(shown.out, table);
  }
};

TEST_F(SessionTokensE2eTest, CongressOf1020PlayersWritesATokenForEveryChair) {
  AddPlayers(1020);
  const std::string set = CreateSet(60);  // 20 rounds, 3 comparative boards each
  const fs::path tokens = root_ / "congress-tokens";
  const auto start = std::chrono::steady_clock::now();
  const Output started =
      Skat("sessions start --event " + event_ + " --board-set " + set +
           " --movement congress --comparative --tokens-file " + tokens.string());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "skat sessions start, 1,020 players: " << seconds << " s\n";
  ASSERT_EQ(started.exit_code, 0) << started.out.substr(0, 3000);
  EXPECT_TRUE(Contains(started.out, "6800 tables")) << started.out.substr(0, 3000);
  EXPECT_TRUE(Contains(started.out, "20400 seat tokens written to " + tokens.string()))
      << started.out.substr(started.out.size() - std::min<size_t>(started.out.size(), 2000));
  EXPECT_EQ(Mode(tokens), 0600u);

  // A token for every chair of every table, each chair once, every token different.
  const std::vector<SeatLine> seats = ReadSeats(tokens);
  ASSERT_EQ(seats.size(), 20400u);
  std::map<std::string, std::set<int>> chairs;
  std::set<std::string> distinct;
  std::map<std::string, int> rounds_of_player;
  for (const SeatLine& s : seats) {
    EXPECT_TRUE(chairs[s.table].insert(s.chair).second) << s.table << " chair " << s.chair;
    EXPECT_TRUE(IsHex64(s.token)) << s.token;
    distinct.insert(s.token);
    EXPECT_GE(s.round, 1);
    EXPECT_LE(s.round, 20);
    ++rounds_of_player[s.player];
  }
  EXPECT_EQ(chairs.size(), 6800u);
  for (const auto& [table, seated] : chairs) {
    EXPECT_EQ(seated, (std::set<int>{1, 2, 3})) << table;
  }
  EXPECT_EQ(distinct.size(), 20400u);
  EXPECT_EQ(rounds_of_player.size(), 1020u);
  for (const auto& [player, rounds] : rounds_of_player) EXPECT_EQ(rounds, 20) << player;

  // A sample opens its own table (first, last and some between), and not another one.
  for (size_t i : {size_t{0}, size_t{1}, size_t{7777}, size_t{13001}, seats.size() - 1}) {
    SCOPED_TRACE(seats[i].table);
    EXPECT_TRUE(Opens(seats[i].table, seats[i].token));
  }
  EXPECT_FALSE(Opens(seats.back().table, seats.front().token));
}

TEST_F(SessionTokensE2eTest, IssueTokensAndRotateTokensReplaceTheOldOnes) {
  AddPlayers(6);
  const std::string set = CreateSet(6);
  const fs::path first = root_ / "first-tokens";
  const Output started =
      Skat("sessions start --event " + event_ + " --board-set " + set +
           " --movement congress --comparative --rounds 2 --tokens-file " + first.string());
  ASSERT_EQ(started.exit_code, 0) << started.out;
  EXPECT_TRUE(Contains(started.out, "request id ")) << started.out;
  const std::string session =
      FirstWord(started.out.substr(started.out.find(event_ + "/sessions/")));
  const std::vector<SeatLine> before = ReadSeats(first);
  ASSERT_EQ(before.size(), 12u);

  // The same request id again: the same session, its tokens issued anew.
  const std::string request_id = ValueAfter(started.out, "request id ");
  const fs::path resumed = root_ / "resumed-tokens";
  const Output again = Skat("sessions start --event " + event_ + " --board-set " + set +
                            " --movement congress --comparative --rounds 2 --request-id " +
                            request_id + " --tokens-file " + resumed.string());
  ASSERT_EQ(again.exit_code, 0) << again.out;
  EXPECT_TRUE(Contains(again.out, session + " was started by an earlier request")) << again.out;
  EXPECT_TRUE(Contains(again.out, "12 seat tokens written")) << again.out;
  const std::vector<SeatLine> after_resume = ReadSeats(resumed);
  ASSERT_EQ(after_resume.size(), 12u);
  EXPECT_FALSE(Opens(before[0].table, before[0].token));
  EXPECT_TRUE(Opens(after_resume[0].table, after_resume[0].token));

  // issue-tokens: every chair anew, the file 0600.
  const fs::path issued = root_ / "issued-tokens";
  const Output issue =
      Skat("sessions issue-tokens " + session + " --tokens-file " + issued.string());
  ASSERT_EQ(issue.exit_code, 0) << issue.out;
  EXPECT_TRUE(Contains(issue.out, "12 new seat tokens for 4 tables")) << issue.out;
  EXPECT_EQ(Mode(issued), 0600u);
  const std::vector<SeatLine> seats = ReadSeats(issued);
  ASSERT_EQ(seats.size(), 12u);
  EXPECT_FALSE(Opens(after_resume[0].table, after_resume[0].token));
  EXPECT_TRUE(Opens(seats[0].table, seats[0].token));

  // tables rotate-token: chair 2 of the first table, to a 0600 file.
  const SeatLine& chair2 = seats[1];
  ASSERT_EQ(chair2.chair, 2);
  const fs::path seat_file = root_ / "chair2-token";
  const Output rotated =
      Skat("tables rotate-token " + chair2.table + " --chair 2 --out " + seat_file.string());
  ASSERT_EQ(rotated.exit_code, 0) << rotated.out;
  EXPECT_EQ(Mode(seat_file), 0600u);
  EXPECT_FALSE(Opens(chair2.table, chair2.token));
  const Output with_file =
      Skat("tables show " + chair2.table + " --seat-token-file " + seat_file.string(), "", false);
  EXPECT_EQ(with_file.exit_code, 0) << with_file.out;
  EXPECT_TRUE(Opens(seats[0].table, seats[0].token));  // the other chairs keep theirs
  // Printed when no file is asked for.
  const Output printed = Skat("tables rotate-token " + chair2.table + " --chair 2");
  ASSERT_EQ(printed.exit_code, 0) << printed.out;
  const std::string printed_token = ValueAfter(printed.out, " of " + chair2.table + ": ");
  EXPECT_TRUE(IsHex64(printed_token)) << printed.out;
  EXPECT_TRUE(Opens(chair2.table, printed_token));
  EXPECT_EQ(
      Skat("tables show " + chair2.table + " --seat-token-file " + seat_file.string(), "", false)
          .exit_code,
      1);
  const Output bad_chair = Skat("tables rotate-token " + chair2.table + " --chair 5");
  EXPECT_EQ(bad_chair.exit_code, 1) << bad_chair.out;
  EXPECT_TRUE(Contains(bad_chair.out, "chair 5 is not a chair of")) << bad_chair.out;

  // events rotate-token: the new director token replaces the token file it was read from.
  const fs::path director_file = root_ / "director-token";
  std::ofstream(director_file) << director_ << "\n";
  fs::permissions(director_file, fs::perms::owner_read | fs::perms::owner_write);
  const Output director = Skat("events rotate-token " + event_ + " --token-file " +
                                   director_file.string() + " --out " + director_file.string(),
                               "", false);
  ASSERT_EQ(director.exit_code, 0) << director.out;
  EXPECT_EQ(Mode(director_file), 0600u);
  EXPECT_NE(ReadFile(director_file), director_ + "\n");
  const Output refused = Skat("players add --event " + event_ + " Late");  // the old token
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "permission-denied")) << refused.out;
  const Output accepted = Skat(
      "players add --event " + event_ + " Late --token-file " + director_file.string(), "", false);
  EXPECT_EQ(accepted.exit_code, 0) << accepted.out;

  // Both commands explain themselves.
  for (const std::string help : {"tables rotate-token --help", "events rotate-token --help",
                                 "sessions issue-tokens --help", "sessions start --help"}) {
    const Output shown = Skat(help);
    EXPECT_EQ(shown.exit_code, 0) << shown.out;
    EXPECT_TRUE(Contains(shown.out, "revoked") || Contains(shown.out, "refused")) << shown.out;
  }
}

}  // namespace
