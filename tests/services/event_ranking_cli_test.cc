// An event ranked by the matchpoint sum from the command line (label e2e; docs/comparative.md
// "Ranking"): `skat events create --comparison session-total --ranking matchpoint-sum`, two
// sessions on paper in which one player missed the second, and `skat scores standings` through
// skatd: the heading names the ranking (in English and German) and the order is the one worked
// out below. Rankings that do not fit the comparison, or that change after the first session,
// are refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;
using skat::testing_text::Contains;

class EventRankingCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override { StartWithEvent("skat-event-ranking", "Unused"); }

  fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    return path;
  }
};

// The session's resource name in `sessions start`'s output.
std::string StartedSessionOf(const std::string& out) {
  const size_t at = out.find("\nevents/");
  return at == std::string::npos ? "" : FirstWord(out.substr(at + 1));
}

// The standings' rows as "rank name", best first.
std::vector<std::string> RanksOf(const std::string& standings) {
  std::vector<std::string> out;
  std::istringstream in(standings);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string rank, name;
    if (words >> rank >> name && name.size() == 1 && rank != "rank")
      out.push_back(rank + " " + name);
  }
  return out;
}

// Two tables of three, one total per chair and session (2 MP per total beaten in the chair, top
// 2; diff = total - the chair's mean):
//   session 1 (boards 1-3): chair 1 A 500, D 300; chair 2 B 100, E 200; chair 3 C 0, F 0
//   session 2 (boards 4-6), A missed it and G sat in: chair 1 G 100, D 200; chair 2 B 300,
//   E 100; chair 3 C 50, F -50
// Matchpoints and diffs: A 2 (+100), B 0 + 2 (-50 + 100), C 1 + 2 (0 + 50), D 0 + 2 (-100 + 50),
// E 2 + 0 (+50 - 100), F 1 + 0 (0 - 50), G 0 (-50). By percentage A (100 %) is first; by the sum
// C (3) is, then A, B and D, E on 2 by their diffs (+100, +50, -50, -50), then F and G.
TEST_F(EventRankingCliTest, MatchpointSumFromTheCommandLine) {
  const Output refused =
      Skat("events create --name 'Wrong' --comparison datum --ranking matchpoint-sum");
  EXPECT_NE(refused.exit_code, 0) << refused.out;
  EXPECT_TRUE(Contains(
      refused.out, "invalid-argument: ranking \"matchpoint-sum\" needs a matchpoint comparison"))
      << refused.out;
  EXPECT_TRUE(Contains(refused.out, "docs/comparative.md \"Ranking\"")) << refused.out;

  const Output event = Skat(
      "events create --name 'Synchron night' --comparison session-total --ranking matchpoint-sum");
  ASSERT_EQ(event.exit_code, 0) << event.out;
  EXPECT_TRUE(Contains(event.out, "ranked by: matchpoint-sum")) << event.out;
  const std::string name = FirstWord(event.out);
  const fs::path director = Write("director", ValueAfter(event.out, "director token: ") + "\n");
  fs::permissions(director, fs::perms::owner_read | fs::perms::owner_write);
  const std::string token = " --token-file " + director.string();
  ASSERT_EQ(Skat("players add --event " + name + " A B C D E F G" + token).exit_code, 0);
  const Output set = Skat("boards create --event " + name + " --boards 6" + token);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  // A ranking the comparison has no unit for.
  const Output total = Skat("events update " + name + " --ranking total" + token);
  EXPECT_NE(total.exit_code, 0) << total.out;
  EXPECT_TRUE(Contains(total.out, "\"session-total\"")) << total.out;

  const std::vector<std::vector<std::string>> seats = {{"A", "B", "C", "D", "E", "F"},
                                                       {"G", "B", "C", "D", "E", "F"}};
  const std::vector<std::vector<int>> totals = {{500, 100, 0, 300, 200, 0},
                                                {100, 300, 50, 200, 100, -50}};
  for (int s = 0; s < 2; ++s) {
    const std::string boards = s == 0 ? "1-3" : "4-6";
    std::string seating = "round,table,boards,chair 1,chair 2,chair 3\n";
    std::string sheet = "table,chair,player,total\n";
    for (int i = 0; i < 6; ++i) {
      seating += (i % 3 == 0 ? "1," + std::to_string(i / 3 + 1) + "," + boards : "") + "," +
                 seats[s][i] + (i % 3 == 2 ? "\n" : "");
      sheet += std::to_string(i / 3 + 1) + "," + std::to_string(i % 3 + 1) + "," + seats[s][i] +
               "," + std::to_string(totals[s][i]) + "\n";
    }
    const Output started =
        Skat("sessions start --event " + name + " --board-set " + FirstWord(set.out) +
             " --movement manual --physical --accept-warnings --seating " +
             Write("seating" + std::to_string(s), seating).string() + " --tokens-file " +
             (root_ / ("tokens" + std::to_string(s))).string() + token);
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const Output entered =
        Skat("totals import --session " + StartedSessionOf(started.out) + " --file " +
             Write("totals" + std::to_string(s), sheet).string() + token);
    ASSERT_EQ(entered.exit_code, 0) << entered.out;
  }

  const Output standings = Skat("scores standings --event " + name);
  ASSERT_EQ(standings.exit_code, 0) << standings.out;
  EXPECT_TRUE(Contains(standings.out,
                       "compared by session totals per chair, ranked by the "
                       "matchpoint sum;"))
      << standings.out;
  const std::vector<std::string> ranks = RanksOf(standings.out);
  const std::vector<std::string> want_head = {"1 C", "2 A", "3 B"};
  ASSERT_EQ(ranks.size(), 7u) << standings.out;
  EXPECT_EQ(std::vector<std::string>(ranks.begin(), ranks.begin() + 3), want_head) << standings.out;
  EXPECT_TRUE((ranks[3] == "4= D" && ranks[4] == "4= E") ||
              (ranks[3] == "4= E" && ranks[4] == "4= D"))
      << standings.out;
  EXPECT_EQ(ranks[5], "6 F") << standings.out;
  EXPECT_EQ(ranks[6], "7 G") << standings.out;
  const Output german = Skat("--lang de scores standings --event " + name);
  EXPECT_TRUE(Contains(german.out, "Rangfolge nach der Matchpunktsumme")) << german.out;

  // After the first session the ranking stays.
  const Output late = Skat("events update " + name + " --ranking percentage" + token);
  EXPECT_NE(late.exit_code, 0) << late.out;
  EXPECT_TRUE(Contains(late.out, "not-allowed: event " + name.substr(7) + " has a session"))
      << late.out;
  EXPECT_TRUE(Contains(Skat("events show " + name).out, "ranked by: matchpoint-sum"));
}

}  // namespace
