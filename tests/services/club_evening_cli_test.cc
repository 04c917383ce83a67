// A club evening with real cards run from the command line alone (label e2e): skatd on the
// throwaway database and `skat` as a director types it. A manual seating is read from a CSV with
// players by name, checked (its warnings stop the start until accepted) and started; and a BSA
// Duplikat Skat day on paper (one total per chair and session, docs/events-and-scoring.md 4.12)
// is entered with `skat totals import` and scored: the published list of the BSA's 53rd Lancaster
// Hall Hotel tournament comes out line by line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;
using skat::testing_text::Contains;

class ClubEveningCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-club-evening", "Club evening");
    if (HasFatalFailure()) return;
    director_file_ = root_ / "director";
    std::ofstream(director_file_) << director_ << "\n";
    fs::permissions(director_file_, fs::perms::owner_read | fs::perms::owner_write);
  }

  std::string Director() const { return " --token-file " + director_file_.string(); }

  fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    return path;
  }

  // Adds the players by name to `event`; a board set of `boards` boards; returns the set's name.
  std::string Prepare(const std::string& event, const std::vector<std::string>& players, int boards,
                      const std::string& token) {
    std::string names;
    for (const std::string& p : players) names += " '" + p + "'";
    const Output added = Skat("players add --event " + event + names + token);
    EXPECT_EQ(added.exit_code, 0) << added.out;
    const Output set =
        Skat("boards create --event " + event + " --boards " + std::to_string(boards) + token);
    EXPECT_EQ(set.exit_code, 0) << set.out;
    return FirstWord(set.out);
  }

  fs::path director_file_;
};

// The session's resource name in `sessions start`'s output (after the request id on stderr).
std::string SessionIn(const std::string& out) {
  const size_t at = out.find("\nevents/");
  return at == std::string::npos ? "" : FirstWord(out.substr(at + 1));
}

// Three tables of three, nine boards: the boards of round r at every table, players by name.
const char kClubSeating[] =
    "round,table,boards,chair 1,chair 2,chair 3\n"
    "1,1,1-3,Anna,Bert,Carl\n"
    "1,2,1-3,Dora,Emil,Frida\n"
    "1,3,1-3,Gustav,Hanna,Ida\n"
    "2,1,4-6,Anna,Frida,Hanna\n"
    "2,2,4-6,Emil,Gustav,Carl\n"
    "2,3,4-6,Ida,Bert,Dora\n"
    "3,1,7-9,anna,emil,ida\n"  // letter case does not matter
    "3,2,7-9,Bert,Frida,Gustav\n"
    "3,3,7-9,Carl,4,Hanna\n";  // player 4 is Dora

TEST_F(ClubEveningCliTest, ManualSeatingIsCheckedThenStarted) {
  const std::string set =
      Prepare(event_, {"Anna", "Bert", "Carl", "Dora", "Emil", "Frida", "Gustav", "Hanna", "Ida"},
              9, Director());
  const std::string start = "sessions start --event " + event_ + " --board-set " + set +
                            " --movement manual --physical" + Director();
  // Typos: Anna at two tables of round 2 (Carl sits out); board 9 left out at tables 2 and 3.
  std::string typo = kClubSeating;
  typo.replace(typo.find("Emil,Gustav,Carl"), 16, "Emil,Gustav,Anna");
  typo.replace(typo.find("3,2,7-9"), 7, "3,2,7-8");
  typo.replace(typo.find("3,3,7-9"), 7, "3,3,7-8");
  const fs::path bad = Write("typo.csv", typo);
  const Output refused =
      Skat(start + " --seating " + bad.string() + " --tokens-file " + (root_ / "t").string());
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "warning: player 1 Anna is seated twice in round 2"))
      << refused.out;
  EXPECT_TRUE(Contains(refused.out, "nothing was started")) << refused.out;
  EXPECT_FALSE(fs::exists(root_ / "t"));
  // A structural fault is an error naming the line.
  const fs::path broken = Write("broken.csv", std::string(kClubSeating) + "4,1,10,Anna,Bert,Zoe\n");
  const Output unknown = Skat(start + " --seating " + broken.string() + " --validate-only");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.out;
  EXPECT_TRUE(Contains(unknown.out, "line 11, chair 3: no player \"Zoe\"")) << unknown.out;

  const fs::path good = Write("seating.csv", kClubSeating);
  const Output checked = Skat(start + " --seating " + good.string() + " --validate-only");
  ASSERT_EQ(checked.exit_code, 0) << checked.out;
  EXPECT_FALSE(Contains(checked.out, "warning:")) << checked.out;
  EXPECT_TRUE(Contains(checked.out, "round 3 table 3  boards 7 8 9  chairs: 1=Carl 2=Dora 3=Hanna"))
      << checked.out;
  EXPECT_TRUE(Contains(checked.out, "nothing was started")) << checked.out;

  const fs::path tokens = root_ / "tokens";
  const Output started =
      Skat(start + " --seating " + good.string() + " --tokens-file " + tokens.string());
  ASSERT_EQ(started.exit_code, 0) << started.out;
  EXPECT_TRUE(Contains(started.out, "9 tables")) << started.out;
  EXPECT_TRUE(Contains(started.out, "27 seat tokens written")) << started.out;
  const Output shown = Skat("sessions show " + SessionIn(started.out) + Director());
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_TRUE(Contains(shown.out, "round 2 table 2  boards 4 5 6  chairs: 1=Emil 2=Gustav 3=Carl"))
      << shown.out;
  EXPECT_TRUE(Contains(shown.out, "progress: 0 of 27 boards counted")) << shown.out;

  // A table by its round and number.
  const Output shown_table =
      Skat("tables show 'round 2 table 2' --session " + SessionIn(started.out) + Director());
  ASSERT_EQ(shown_table.exit_code, 0) << shown_table.out;
  EXPECT_TRUE(Contains(shown_table.out, "Gustav")) << shown_table.out;
  EXPECT_TRUE(Contains(
      Skat("tables show 'round 4 table 1' --session " + SessionIn(started.out) + Director()).out,
      "no table 1 in round 4"));

  const Output rotated =
      Skat("tables rotate-token 'r1t1' --chair 2 --out " + (root_ / "new-chair-2").string() +
           " --session " + SessionIn(started.out) + Director());
  EXPECT_EQ(rotated.exit_code, 0) << rotated.out;
  EXPECT_EQ(skat::testing_program::ReadFile(root_ / "new-chair-2").size(), 65u);

  // The printed sheets: copies to prepare, table cards, score slips, seating; as PDF, read back.
  const Output copies = Skat("boards print " + set + " --out " + (root_ / "boards").string() +
                             " --session " + SessionIn(started.out) + Director());
  ASSERT_EQ(copies.exit_code, 0) << copies.out;
  EXPECT_TRUE(Contains(copies.out, "copies: boards 1-9 x3")) << copies.out;
  const fs::path sheets = root_ / "sheets";
  const Output printed =
      Skat("sessions print " + SessionIn(started.out) + " --pdf --out " + sheets.string());
  ASSERT_EQ(printed.exit_code, 0) << printed.out;
  const std::string html = skat::testing_program::ReadFile(sheets / "session-1-sheets.html");
  EXPECT_TRUE(Contains(html, "score slip, board 9, round 3, table 3")) << html.substr(0, 500);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  const std::string pdftotext = skat::testing_program::FindProgram("pdftotext");
  ASSERT_FALSE(pdftotext.empty()) << "poppler-utils is not installed (deploy/install-deps)";
  const fs::path text = root_ / "sheets.txt";
  const skat::testing_program::RunResult read = skat::testing_program::RunProgram(
      {pdftotext, "-layout", (sheets / "session-1-sheets.pdf").string(), text.string()},
      (root_ / "pdftotext.out").string(), (root_ / "pdftotext.err").string());
  ASSERT_EQ(read.exit_code, 0);
  const std::string pdf_text = skat::testing_program::ReadFile(text);
  EXPECT_TRUE(Contains(pdf_text, "table 3")) << pdf_text.substr(0, 500);
  EXPECT_TRUE(Contains(pdf_text, "score slip, board 9, round 3, table 3"));
  EXPECT_TRUE(Contains(pdf_text, "seating"));
  // Every table card and every score slip.
  for (int round = 1; round <= 3; ++round) {
    for (int table = 1; table <= 3; ++table) {
      for (int board = 3 * round - 2; board <= 3 * round; ++board) {
        EXPECT_TRUE(Contains(pdf_text, "score slip, board " + std::to_string(board) + ", round " +
                                           std::to_string(round) + ", table " +
                                           std::to_string(table)));
      }
    }
  }
  EXPECT_TRUE(Contains(pdf_text, "session 1: table 3\n"));

  // This event compares matchpoints: it takes board results, not chair totals.
  const Output totals = Skat("totals enter --session " + SessionIn(started.out) +
                             " --table 'round 1 table 1' --chair 1 --total 100" + Director());
  EXPECT_EQ(totals.exit_code, 1) << totals.out;
  EXPECT_TRUE(Contains(totals.out, "compares matchpoints, not session totals")) << totals.out;

  // The same typo, accepted: the club really sat so.
  const Output accepted = Skat(start + " --seating " + bad.string() + " --accept-warnings" +
                               " --tokens-file " + (root_ / "t2").string());
  ASSERT_EQ(accepted.exit_code, 0) << accepted.out;
  EXPECT_TRUE(Contains(accepted.out, "warning: board 9 is played at one table only"))
      << accepted.out;
}

// The published list of the BSA's 53rd Lancaster Hall Hotel tournament: session, table, seat,
// player, score, then the published MP and diff.
struct Lhh53Line {
  int session, table, seat;
  const char* player;
  int score;
  const char* mp;
  const char* diff;
};
const std::vector<Lhh53Line> kLhh53 = {
    {1, 1, 1, "Konstantin Mack", 457, "0", "-61.5"}, {1, 1, 2, "Saskia Ottignon", 384, "2", "146"},
    {1, 1, 3, "Kai Kessler", 419, "0", "-10"},       {1, 2, 1, "Miriam Wagner", 580, "2", "61.5"},
    {1, 2, 2, "Mike Tobias", 92, "0", "-146"},       {1, 2, 3, "Torsten Sauer", 439, "2", "10"},
    {2, 1, 1, "Mike Hawkins", 648, "2", "314"},      {2, 1, 2, "Kai Kessler", 246, "0", "-159.5"},
    {2, 1, 3, "Torsten Sauer", 320, "0", "-207.5"},  {2, 2, 1, "Saskia Ottignon", 20, "0", "-314"},
    {2, 2, 2, "Miriam Wagner", 565, "2", "159.5"},   {2, 2, 3, "Mike Tobias", 735, "2", "207.5"},
    {3, 1, 1, "Mike Hawkins", 668, "2", "4"},        {3, 1, 2, "Torsten Sauer", 105, "0", "-56"},
    {3, 1, 3, "Mike Tobias", 851, "2", "179"},       {3, 2, 1, "Kai Kessler", 660, "0", "-4"},
    {3, 2, 2, "Saskia Ottignon", 217, "2", "56"},    {3, 2, 3, "Miriam Wagner", 493, "0", "-179"},
    {4, 1, 1, "Mike Hawkins", 704, "2", "95.5"},     {4, 1, 2, "Mike Tobias", 835, "2", "101"},
    {4, 1, 3, "Miriam Wagner", 214, "0", "-29"},     {4, 2, 1, "Torsten Sauer", 513, "0", "-95.5"},
    {4, 2, 2, "Kai Kessler", 633, "0", "-101"},      {4, 2, 3, "Saskia Ottignon", 272, "2", "29"},
};

// The line of `player` in a standings printout.
std::string StandingLineOf(const std::string& text, const std::string& player) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find(player) != std::string::npos) return line;
  }
  return "";
}

std::vector<std::string> WordsOf(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

TEST_F(ClubEveningCliTest, BsaSessionTotalsReproduceThePublishedList) {
  const Output event = Skat("events create --name 'LHH 53' --comparison session-total");
  ASSERT_EQ(event.exit_code, 0) << event.out;
  const std::string lhh = FirstWord(event.out);
  const fs::path director = Write("lhh-director", ValueAfter(event.out, "director token: ") + "\n");
  fs::permissions(director, fs::perms::owner_read | fs::perms::owner_write);
  const std::string token = " --token-file " + director.string();
  const std::string set =
      Prepare(lhh,
              {"Mike Hawkins", "Mike Tobias", "Saskia Ottignon", "Miriam Wagner", "Torsten Sauer",
               "Kai Kessler", "Konstantin Mack"},
              72, token);
  std::vector<std::string> sessions;
  for (int session = 1; session <= 4; ++session) {
    // One round of 18 boards at two tables of three: the seating and the totals as handed in.
    const std::string boards =
        std::to_string(18 * session - 17) + "-" + std::to_string(18 * session);
    std::string seating = "round,table,boards,chair 1,chair 2,chair 3\n";
    std::string totals = "table,chair,player,total\n";
    for (int table = 1; table <= 2; ++table) {
      seating += "1," + std::to_string(table) + "," + boards;
      for (const Lhh53Line& p : kLhh53) {
        if (p.session != session || p.table != table) continue;
        seating += std::string(",") + p.player;
        totals += std::to_string(p.table) + "," + std::to_string(p.seat) + "," + p.player + "," +
                  std::to_string(p.score) + "\n";
      }
      seating += "\n";
    }
    const Output started =
        Skat("sessions start --event " + lhh + " --board-set " + set +
             " --movement manual --physical --accept-warnings --seating " +
             Write("seating" + std::to_string(session), seating).string() + " --tokens-file " +
             (root_ / ("tokens" + std::to_string(session))).string() + token);
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const std::string name = SessionIn(started.out);
    sessions.push_back(name);
    if (session == 1) {
      // Hidden until complete: with one chair missing, nobody but the director sees a total.
      const size_t last = totals.rfind('\n', totals.size() - 2);
      const std::string missing = totals.substr(last + 1);
      totals.erase(last + 1);
      const Output five = Skat("totals import --session " + name + " --file " +
                               Write("totals-first", totals).string() + token);
      EXPECT_TRUE(Contains(five.out, "5 totals entered, 0 refused")) << five.out;
      const Output hidden = Skat("scores standings --event " + lhh + " --session 1");
      EXPECT_FALSE(Contains(hidden.out, "Saskia")) << hidden.out;
      EXPECT_TRUE(
          Contains(Skat("scores standings --event " + lhh + " --session 1" + token).out, "Saskia"));
      const Output partial = Skat("totals list --session " + name + token);
      EXPECT_TRUE(Contains(partial.out, "5 totals entered, 1 missing")) << partial.out;
      totals = "table,chair,player,total\n" + missing;
    }
    const Output imported =
        Skat("totals import --session " + name + " --file " +
             Write("totals" + std::to_string(session), totals).string() + token);
    ASSERT_EQ(imported.exit_code, 0) << imported.out;
    EXPECT_TRUE(Contains(
        imported.out, session == 1 ? "1 total entered, 0 refused" : "6 totals entered, 0 refused"))
        << imported.out;
    const Output listed = Skat("totals list --session " + name + token);
    EXPECT_TRUE(Contains(listed.out, "6 totals entered, 0 missing")) << listed.out;

    const Output standings =
        Skat("scores standings --event " + lhh + " --session " + std::to_string(session));
    ASSERT_EQ(standings.exit_code, 0) << standings.out;
    for (const Lhh53Line& p : kLhh53) {
      if (p.session != session) continue;
      // "rank player club percent MP top diff total": the last four columns.
      const std::vector<std::string> columns = WordsOf(StandingLineOf(standings.out, p.player));
      ASSERT_GE(columns.size(), 4u) << p.player << "\n" << standings.out;
      const size_t n = columns.size();
      EXPECT_EQ(columns[n - 4], p.mp) << p.player << "\n" << standings.out;
      EXPECT_EQ(columns[n - 3], "2") << p.player << "\n" << standings.out;
      EXPECT_EQ(std::stod(columns[n - 2]), std::stod(p.diff)) << p.player << "\n" << standings.out;
      EXPECT_EQ(columns[n - 1], (p.score > 0 ? "+" : "") + std::to_string(p.score)) << p.player;
    }
  }
  // The day: the published totals (Kai Kessler's published 1 MP is not the sum of his own
  // session columns, 0 + 0 + 0 + 0).
  const Output day = Skat("scores standings --event " + lhh);
  ASSERT_EQ(day.exit_code, 0) << day.out;
  for (const auto& [player, mp, diff] :
       std::vector<std::tuple<std::string, std::string, double>>{{"Mike Hawkins", "6", 413.5},
                                                                 {"Mike Tobias", "6", 341.5},
                                                                 {"Saskia Ottignon", "6", -83},
                                                                 {"Miriam Wagner", "4", 13},
                                                                 {"Torsten Sauer", "2", -349},
                                                                 {"Kai Kessler", "0", -274.5},
                                                                 {"Konstantin Mack", "0", -61.5}}) {
    const std::vector<std::string> columns = WordsOf(StandingLineOf(day.out, player));
    ASSERT_GE(columns.size(), 4u) << player << "\n" << day.out;
    EXPECT_EQ(columns[columns.size() - 4], mp) << player << "\n" << day.out;
    EXPECT_EQ(std::stod(columns[columns.size() - 2]), diff) << player << "\n" << day.out;
  }
  EXPECT_LT(day.out.find("Mike Hawkins"), day.out.find("Mike Tobias"));
  EXPECT_LT(day.out.find("Mike Tobias"), day.out.find("Saskia Ottignon"));
  EXPECT_LT(day.out.find("Saskia Ottignon"), day.out.find("Miriam Wagner"));

  // The same chair again: the same total changes nothing; another is refused without --replace.
  const std::string chair = "totals enter --session " + sessions[0] + " --table 1 --player " +
                            "'Konstantin Mack' --total ";
  EXPECT_EQ(Skat(chair + "457" + token).exit_code, 0);
  const Output other = Skat(chair + "475" + token);
  EXPECT_EQ(other.exit_code, 1) << other.out;
  EXPECT_TRUE(Contains(other.out, "has the total 457 already")) << other.out;
  const Output wrong_chair = Skat(chair + "457 --chair 2" + token);
  EXPECT_TRUE(Contains(wrong_chair.out, "Konstantin Mack sat in chair 1, not chair 2"))
      << wrong_chair.out;
}

// docs/persons.md and docs/ratings.md from the command line alone: a registry, 30 members imported
// from CSV (and a twin of one of them), three rated evenings on paper with the players linked by
// member number, the twin merged into the member afterwards; the ratings list and one member's
// steps are the BSA formula applied to each evening's published percentages.
TEST_F(ClubEveningCliTest, ThreeRatedEveningsGiveTheBsaRatings) {
  const Output made = Skat("registries create --name 'Herz Dame'");
  ASSERT_EQ(made.exit_code, 0) << made.out;
  const std::string registry = FirstWord(made.out);
  const fs::path key = Write("registry", ValueAfter(made.out, "registry token: ") + "\n");
  const std::string reg = " --registry-token-file " + key.string();
  std::string members = "name,club,member_number\n";
  for (int m = 1; m <= 30; ++m) {
    members += "Member " + std::to_string(m) + ",Herz Dame," + std::to_string(100 + m) + "\n";
  }
  members += "member 1,Herz Dame,999\n";  // the same person, entered twice
  const Output imported = Skat("persons import " + registry + " --file " +
                               Write("members.csv", members).string() + reg);
  ASSERT_EQ(imported.exit_code, 0) << imported.out;
  EXPECT_TRUE(Contains(imported.out, "added 31 persons; 0 lines refused; 1 possible duplicates"))
      << imported.out;

  // Each evening: two tables of three, 18 boards, one total per chair; the member numbers.
  const std::vector<std::vector<int>> evenings = {{101, 102, 103, 104, 105, 106},
                                                  {101, 102, 103, 107, 108, 109},
                                                  {999, 104, 107, 110, 111, 112}};
  const std::vector<int> totals = {900, 400, -150,
                                   300, 500, 250};  // table 1 chairs, table 2 chairs
  std::map<int, double> expected;                   // member number -> the rating by the formula
  const double w = 1 - std::exp(-std::sqrt(6.0 * 18) / 100);
  for (size_t e = 0; e < evenings.size(); ++e) {
    const Output event = Skat("events create --name 'Evening " + std::to_string(e + 1) +
                              "' --comparison session-total --registry " + registry);
    ASSERT_EQ(event.exit_code, 0) << event.out;
    const std::string name = FirstWord(event.out);
    const fs::path director =
        Write("director" + std::to_string(e), ValueAfter(event.out, "director token: ") + "\n");
    const std::string token = " --token-file " + director.string();
    ASSERT_EQ(Skat("registries rate " + name + " --registry " + registry + reg).exit_code, 0);
    std::string seating = "round,table,boards,chair 1,chair 2,chair 3\n1,1,1-18";
    std::string sheet = "table,chair,player,total\n";
    for (int i = 0; i < 6; ++i) {
      const std::string player = "P" + std::to_string(evenings[e][i]);
      const Output added = Skat("players add --event " + name + " " + player + " --member-number " +
                                std::to_string(evenings[e][i]) + token);
      ASSERT_EQ(added.exit_code, 0) << added.out;
      seating += (i == 3 ? "\n1,2,1-18," : ",") + player;
      sheet += std::to_string(i / 3 + 1) + "," + std::to_string(i % 3 + 1) + "," + player + "," +
               std::to_string(totals[i]) + "\n";
    }
    const Output set = Skat("boards create --event " + name + " --boards 18" + token);
    ASSERT_EQ(set.exit_code, 0) << set.out;
    const Output started =
        Skat("sessions start --event " + name + " --board-set " + FirstWord(set.out) +
             " --movement manual --physical --accept-warnings --seating " +
             Write("seating" + std::to_string(e), seating + "\n").string() + " --tokens-file " +
             (root_ / ("tokens" + std::to_string(e))).string() + token);
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const Output entered = Skat("totals import --session " + SessionIn(started.out) + " --file " +
                                Write("totals" + std::to_string(e), sheet).string() + token);
    ASSERT_EQ(entered.exit_code, 0) << entered.out;
    const Output standings = Skat("scores standings --event " + name);
    for (int number : evenings[e]) {
      const std::vector<std::string> columns =
          WordsOf(StandingLineOf(standings.out, "P" + std::to_string(number)));
      ASSERT_GE(columns.size(), 4u) << standings.out;
      const double score =
          std::stod(columns[columns.size() - 4]) / std::stod(columns[columns.size() - 3]);
      const int member = number == 999 ? 101 : number;  // merged below
      const double before = expected.count(member) ? expected[member] : 20.0;
      expected[member] = (1 - w) * before + 100 * w * score;
    }
  }
  const Output persons = Skat("persons list " + registry);
  const std::string twin = FirstWord(StandingLineOf(persons.out, "#999"));
  const std::string first = FirstWord(StandingLineOf(persons.out, "#101"));
  ASSERT_EQ(Skat("persons merge " + twin + " --into " + first + reg).exit_code, 0);

  const Output ratings = Skat("ratings list " + registry);
  ASSERT_EQ(ratings.exit_code, 0) << ratings.out;
  EXPECT_EQ(std::count(ratings.out.begin(), ratings.out.end(), '\n'), 12) << ratings.out;
  for (const auto& [member, rating] : expected) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", rating);
    const std::string line =
        StandingLineOf(ratings.out, "Member " + std::to_string(member - 100) + "  (");
    EXPECT_TRUE(Contains(line, std::string("  ") + text + "  ")) << member << "\n" << ratings.out;
  }
  // Member 1 played all three evenings, the third as the twin merged into them afterwards.
  const Output steps = Skat("ratings list " + registry + " --person " + first);
  EXPECT_TRUE(Contains(steps.out, "(3 events)")) << steps.out;
  EXPECT_EQ(std::count(steps.out.begin(), steps.out.end(), '\n'), 4) << steps.out;
  // Their history: the three evenings, newest first (the third as the twin), totals by year.
  const fs::path csv = root_ / "history.csv";
  const Output history = Skat("persons history " + first + " --csv " + csv.string());
  ASSERT_EQ(history.exit_code, 0) << history.out;
  EXPECT_LT(history.out.find("Evening 3"), history.out.find("Evening 2")) << history.out;
  EXPECT_LT(history.out.find("Evening 2"), history.out.find("Evening 1")) << history.out;
  EXPECT_TRUE(Contains(history.out, ": 3 events, ")) << history.out;
  std::ifstream written(csv);
  std::string header;
  std::getline(written, header);
  EXPECT_TRUE(Contains(header, "event,event_name,date,session,round,board,direction")) << header;
}

}  // namespace
