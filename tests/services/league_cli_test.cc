// `skat seasons league`, `team-sheet` and `team-sheets` (docs/cli.md "Leagues") as a league's
// secretary types them (label e2e): skatd on the throwaway database; a registry, three inter-club
// match days (one a draw) with results entered from score slips, a season of them; the league
// table's numbers against those computed here from `skat scores team`, in English and German; a
// team sheet with a substitute by player names, listed, and one refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
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

std::vector<std::string> LeagueWords(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::vector<std::string> LeagueLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

class LeagueCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-league", "Unused");
    if (HasFatalFailure()) return;
    const Output registry = Skat("registries create --name 'Bezirk Nord'");
    ASSERT_EQ(registry.exit_code, 0) << registry.out;
    registry_ = FirstWord(registry.out);
    registry_token_ = Write("registry", ValueAfter(registry.out, "registry token: ") + "\n");
  }

  std::string Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path.string();
  }

  // A match day of clubs a and b (three players each, "A 1" ...), two physical tables for three
  // rounds of two boards: at table 1 forehand makes `first` card points in a hearts solo, at table
  // 2 `second`. Returns the event's resource name.
  std::string MatchDay(const std::string& name, const std::string& a, const std::string& b,
                       int first, int second) {
    const Output event = Skat("events create --name '" + name + "' --registry " + registry_);
    EXPECT_EQ(event.exit_code, 0) << event.out;
    const std::string e = FirstWord(event.out);
    const std::string file = e.substr(e.find('/') + 1);  // the event id
    const std::string director =
        " --token-file " + Write(file + ".token", ValueAfter(event.out, "director token: ") + "\n");
    EXPECT_EQ(
        Skat("players add-club --event " + e + " '" + a + "' '" + b + "'" + director).exit_code, 0);
    for (const std::string& club : {a, b}) {
      const Output added = Skat("players add --event " + e + " --club '" + club + "' '" + club +
                                " 1' '" + club + " 2' '" + club + " 3'" + director);
      EXPECT_EQ(added.exit_code, 0) << added.out;
    }
    const Output set = Skat("boards create --event " + e + " --boards 6" + director);
    const Output started =
        Skat("sessions start --event " + e + " --board-set " + FirstWord(set.out) +
             " --physical --tables 2 --boards-per-round 2 --tokens-file " +
             (root_ / (file + ".seats")).string() + director);
    EXPECT_EQ(started.exit_code, 0) << started.out;
    std::string session_name;
    for (const std::string& w : LeagueWords(started.out)) {
      if (w.find("/sessions/") != std::string::npos) session_name = w;
    }
    const Output shown = Skat("sessions show " + session_name + director);
    std::string slips = "table,board,declarer,game,points,floor\n";
    int lines = 0;
    for (const std::string& line : LeagueLines(shown.out)) {
      const std::vector<std::string> w = LeagueWords(line);
      // "round 1 table 2  boards 1 2  chairs: ..."
      if (w.size() < 6 || w[0] != "round" || w[2] != "table" || w[4] != "boards") continue;
      for (size_t i = 5; i < w.size() && w[i] != "chairs:"; ++i) {
        slips += "round " + w[1] + " table " + w[3] + "," + w[i] + ",forehand,solo-hearts," +
                 std::to_string(w[3] == "1" ? first : second) + ",18\n";
        ++lines;
      }
    }
    EXPECT_EQ(lines, 12) << shown.out;
    const Output entered = Skat("results import --session " + session_name + " --file " +
                                Write(file + ".csv", slips) + director);
    EXPECT_EQ(entered.exit_code, 0) << entered.out;
    return e;
  }

  // Club name -> its total in `skat scores team`.
  std::map<std::string, long> Totals(const std::string& event) {
    std::map<std::string, long> totals;
    const Output team = Skat("scores team --event " + event);
    for (const std::string& line : LeagueLines(team.out)) {
      const std::vector<std::string> w = LeagueWords(line);
      if (w.size() == 3 && w[1] == "total") totals[w[0]] = std::stol(w[2]);
    }
    EXPECT_EQ(totals.size(), 2u) << team.out;
    return totals;
  }

  std::string registry_, registry_token_;
};

TEST_F(LeagueCliTest, LeagueTableAndTeamSheets) {
  const std::string d1 = MatchDay("Spieltag 1", "Berlin", "Hamburg", 90, 40);
  const std::string d2 = MatchDay("Spieltag 2", "HAMBURG", "berlin", 90, 40);
  // The same results at both tables of the mirrored pair: every board cancels, a draw.
  const std::string d3 = MatchDay("Spieltag 3", "Berlin", "Hamburg", 75, 75);
  const std::string token = " --registry-token-file " + registry_token_;
  const Output season = Skat("seasons create " + registry_ + " --name 'Bezirksliga'" + token);
  ASSERT_EQ(season.exit_code, 0) << season.out;
  const std::string s = FirstWord(season.out);
  const Output not_yet = Skat("seasons league " + s);
  EXPECT_EQ(not_yet.exit_code, 1);
  EXPECT_TRUE(Contains(not_yet.out, "season-not-a-league")) << not_yet.out;
  for (const std::string& e : {d1, d2, d3}) {
    ASSERT_EQ(Skat("seasons add-event " + s + " " + e + token).exit_code, 0);
  }

  // By hand from the team totals: 2 points a win, 1 a draw; the difference own minus other.
  // upper-case club -> points, difference, wins, draws
  std::map<std::string, std::vector<long>> want;
  for (const std::string& e : {d1, d2, d3}) {
    std::map<std::string, long> t = Totals(e);
    if (e == d3) {
      EXPECT_EQ(t.begin()->second, t.rbegin()->second);
    }
    std::vector<std::pair<std::string, long>> clubs(t.begin(), t.end());
    ASSERT_EQ(clubs.size(), 2u);
    for (int c = 0; c < 2; ++c) {
      std::string key = clubs[c].first;
      for (char& ch : key) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      const long own = clubs[c].second, other = clubs[1 - c].second;
      std::vector<long>& w = want[key];
      w.resize(4);
      w[0] += own > other ? 2 : own == other ? 1 : 0;
      w[1] += own - other;
      w[2] += own > other ? 1 : 0;
      w[3] += own == other ? 1 : 0;
    }
  }
  const Output league = Skat("seasons league " + s);
  ASSERT_EQ(league.exit_code, 0) << league.out;
  EXPECT_TRUE(Contains(league.out, "League table: Bezirksliga")) << league.out;
  int rows = 0;
  for (const std::string& line : LeagueLines(league.out)) {
    const std::vector<std::string> w = LeagueWords(line);  // rank club played wins draws losses ...
    if (w.size() != 8 || (w[1] != "Berlin" && w[1] != "Hamburg")) continue;
    std::string key = w[1];
    for (char& ch : key) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    SCOPED_TRACE(line);
    EXPECT_EQ(w[2], "3");
    EXPECT_EQ(std::stol(w[3]), want[key][2]);
    EXPECT_EQ(std::stol(w[4]), want[key][3]);
    EXPECT_EQ(want[key][3], 1);
    EXPECT_EQ(std::stol(w[6]), want[key][0]);
    EXPECT_EQ(std::stol(w[7]), want[key][1]);
    ++rows;
  }
  EXPECT_EQ(rows, 2) << league.out;
  const Output german = Skat("--lang de seasons league " + s + " --matches");
  ASSERT_EQ(german.exit_code, 0) << german.out;
  EXPECT_TRUE(Contains(german.out, "Ligatabelle: Bezirksliga")) << german.out;
  EXPECT_TRUE(Contains(german.out, "Platz Verein")) << german.out;
  EXPECT_TRUE(Contains(german.out, "Spieltag 2")) << german.out;
  EXPECT_TRUE(Contains(german.out, "Sieg, 2 Punkte")) << german.out;

  // A sheet by names: Berlin 1 and 2 start, Berlin 3 for Berlin 1 from round 3.
  const Output sheet = Skat("seasons team-sheet " + s + " --event " + d1 +
                            " --club berlin --player 'Berlin 1' --player 'Berlin 2' "
                            "--substitute 'Berlin 3=Berlin 1@3'" +
                            token);
  ASSERT_EQ(sheet.exit_code, 0) << sheet.out;
  EXPECT_TRUE(Contains(sheet.out, "Berlin 3  for Berlin 1 from round 3")) << sheet.out;
  const Output listed = Skat("--lang de seasons team-sheets " + s + " --event " + d1);
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_TRUE(Contains(listed.out, "Berlin 3  für Berlin 1 ab Runde 3")) << listed.out;
  EXPECT_TRUE(Contains(listed.out, "Hamburg  (nicht erfasst")) << listed.out;
  const Output refused = Skat("seasons team-sheet " + s + " --event " + d1 +
                              " --club Berlin --player 'Hamburg 1'" + token);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_TRUE(Contains(refused.out, "invalid-argument")) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "(Hamburg 1) is not of club")) << refused.out;
  const Output no_token =
      Skat("seasons team-sheet " + s + " --event " + d1 + " --club Berlin --player 'Berlin 1'");
  EXPECT_EQ(no_token.exit_code, 1);
  EXPECT_TRUE(Contains(no_token.out, "unauthenticated")) << no_token.out;
}

}  // namespace
