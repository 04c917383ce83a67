// `skat results` (services/cli/results/results_command.cc) through the real processes (label e2e):
// skatd on the throwaway database of test_database.h and `skat` as a person runs it, on a table
// played with real cards. A result is previewed (--dry-run sends nothing), entered at the table
// with one chair's token, refused with nothing stored when it cannot be, confirmed by another
// chair, corrected by the director with a reason, and listed with its history.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

class ResultsCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-results", "Club evening");
    if (HasFatalFailure()) return;
    director_file_ = TokenFile("director", director_);
    const Output set = Skat("boards create --event " + event_ + " --boards 3 --token-file " +
                            director_file_.string());
    ASSERT_EQ(set.exit_code, 0) << set.out;
    const fs::path seats = root_ / "seats";
    const Output opened =
        Skat("tables open --board-set " + FirstWord(set.out) + " --boards 1-3 --mode physical " +
             "--tokens-dir " + seats.string() + " --token-file " + director_file_.string());
    ASSERT_EQ(opened.exit_code, 0) << opened.out;
    table_ = FirstWord(opened.out);
    // One file per chair, mode 0600, in a directory of mode 0700.
    chair1_ = seats / "chair-1";
    chair2_ = seats / "chair-2";
    EXPECT_EQ(skat::testing_text::Mode(chair1_), 0600u);
    EXPECT_EQ(skat::testing_text::Mode(seats), 0700u);
    EXPECT_EQ(skat::testing_program::ReadFile(chair2_).size(), 65u);  // 64 hex digits and \n
  }

  // A token file of mode 0600 under the test's directory.
  fs::path TokenFile(const std::string& name, const std::string& token) {
    const fs::path path = root_ / name;
    std::ofstream(path) << token << "\n";
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  Output Results(const std::string& args, const fs::path& token_file, bool seat = true) {
    return Skat("results " + args + " --table " + table_ +
                (seat ? " --seat-token-file " : " --token-file ") + token_file.string());
  }

  fs::path director_file_, chair1_, chair2_;
  std::string table_;
};

TEST_F(ResultsCliTest, EnterConfirmCorrectAndList) {
  const std::string grand = " --declarer forehand --game grand-solo --points 70 --floor 18";
  // A seat's check reads the report alone: a grand's value needs the matadors, which only the
  // board holds (docs/tables.md "What a check tells a seat").
  const Output preview = Results("enter --board 1 --dry-run" + grand, chair1_);
  ASSERT_EQ(preview.exit_code, 0) << preview.out;
  EXPECT_TRUE(Contains(preview.out,
                       "value and pad: computed from the board when the result is "
                       "entered"))
      << preview.out;
  EXPECT_FALSE(Contains(preview.out, "pad: forehand")) << preview.out;
  EXPECT_TRUE(Contains(preview.out, "nothing was sent")) << preview.out;
  // The director's check is scored on the board.
  const Output scored = Results("enter --board 1 --dry-run" + grand, director_file_, false);
  ASSERT_EQ(scored.exit_code, 0) << scored.out;
  EXPECT_TRUE(Contains(scored.out, "value: ")) << scored.out;
  EXPECT_TRUE(Contains(scored.out, "pad: forehand +")) << scored.out;
  EXPECT_TRUE(Contains(Results("list", chair1_).out, "no results")) << preview.out;

  const Output entered = Results("enter --board 1" + grand, chair1_);
  ASSERT_EQ(entered.exit_code, 0) << entered.out;
  EXPECT_TRUE(Contains(entered.out, "pad: forehand +")) << entered.out;  // the entry's
  EXPECT_TRUE(Contains(entered.out, "entered by chair 1; another chair confirms it"))
      << entered.out;

  // A report that cannot be: refused with the reason, nothing stored.
  const Output refused =
      Results("enter --board 2 --declarer middlehand --game grand-solo --points 130", chair2_);
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "130")) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "nothing was stored")) << refused.out;
  const Output spelling = Results("enter --board 2 --declarer north --game grand-solo", chair2_);
  EXPECT_EQ(spelling.exit_code, 1) << spelling.out;
  EXPECT_TRUE(Contains(spelling.out, "--declarer 'north'")) << spelling.out;

  const Output own = Results("confirm --board 1", chair1_);
  EXPECT_EQ(own.exit_code, 1) << own.out;  // the chair that entered it cannot confirm it
  const Output confirmed = Results("confirm --board 1", chair2_);
  ASSERT_EQ(confirmed.exit_code, 0) << confirmed.out;
  EXPECT_TRUE(Contains(confirmed.out, "confirmed by chair 2; counts")) << confirmed.out;

  // Only the director corrects; the old entry stays in the history with the reason.
  EXPECT_NE(Results("correct --board 1 --reason typo" + grand, chair1_).exit_code, 0);
  const Output corrected =
      Results("correct --board 1 --reason 'points miscounted'" +
                  std::string(" --declarer forehand --game grand-solo --points 50 --floor 18"),
              director_file_, /*seat=*/false);
  ASSERT_EQ(corrected.exit_code, 0) << corrected.out;
  EXPECT_TRUE(Contains(corrected.out, "corrected by director; it counts")) << corrected.out;
  const Output history = Results("list --history", director_file_, /*seat=*/false);
  ASSERT_EQ(history.exit_code, 0) << history.out;
  EXPECT_TRUE(Contains(history.out, "replaced by the director: points miscounted")) << history.out;
  EXPECT_TRUE(Contains(history.out, "entered by director, confirmed by director; counts"))
      << history.out;
  EXPECT_FALSE(Contains(Results("list", chair2_).out, "replaced")) << "history without --history";
}

// The scorer after the evening: a CSV of score slips entered with the director's token; a slip
// that contradicts the rules is reported with its line and writes nothing, the others count.
TEST_F(ResultsCliTest, ScorerImportsSlipsAndARefusedLineWritesNothing) {
  const fs::path slips = root_ / "slips.csv";
  std::ofstream(slips) << "table,board,declarer,game,points,floor,ramsch,card-points,"
                          "ramsch-tricks,last-trick\n"
                       << table_ << ",1,forehand,grand-solo,70,18,,,,\n"
                       << table_ << ",2,middlehand,grand-solo,130,18,,,,\n"
                       << table_ << ",3,,,,,yes,\"40,50,30\",\"3,4,3\",rearhand\n";
  const Output checked = Skat("results import --dry-run --file " + slips.string() +
                              " --token-file " + director_file_.string());
  EXPECT_EQ(checked.exit_code, 1) << checked.out;
  EXPECT_TRUE(Contains(checked.out, "2 slips checked, 1 refused (lines 3)")) << checked.out;
  EXPECT_TRUE(Contains(Results("list", director_file_, false).out, "no results"));

  const Output imported =
      Skat("results import --file " + slips.string() + " --token-file " + director_file_.string());
  EXPECT_EQ(imported.exit_code, 1) << imported.out;
  EXPECT_TRUE(Contains(imported.out, slips.string() + ":3: refused: ")) << imported.out;
  EXPECT_TRUE(Contains(imported.out, "2 slips entered, 1 refused (lines 3)")) << imported.out;
  const Output listed = Results("list", director_file_, /*seat=*/false);
  EXPECT_TRUE(Contains(listed.out, "board 1: ")) << listed.out;
  EXPECT_FALSE(Contains(listed.out, "board 2: ")) << listed.out;
  EXPECT_TRUE(Contains(listed.out, "board 3: ")) << listed.out;
  EXPECT_TRUE(Contains(listed.out, "entered by director, confirmed by director; counts"))
      << listed.out;

  std::ofstream(slips) << "table,board,colour\n" << table_ << ",1,red\n";
  const Output unknown =
      Skat("results import --file " + slips.string() + " --token-file " + director_file_.string());
  EXPECT_EQ(unknown.exit_code, 1) << unknown.out;
  EXPECT_TRUE(Contains(unknown.out, "column 'colour' is not table, board or an option"))
      << unknown.out;
}

// A session played with real cards, as a director follows it: `skat events show` lists the
// scoring and the session, `skat sessions show` each table's outstanding boards and the totals.
TEST_F(ResultsCliTest, SessionProgressAsResultsComeIn) {
  const std::string director = " --token-file " + director_file_.string();
  ASSERT_EQ(Skat("players add --event " + event_ + director +
                 " Anna Bert Carl Dora Emil Frieda Gustav Hanna Ida")
                .exit_code,
            0);
  const Output set = Skat("boards create --event " + event_ + " --boards 9" + director);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  const fs::path seats = root_ / "session-seats";
  const Output started =
      Skat("sessions start --event " + event_ + " --board-set " + FirstWord(set.out) +
           " --movement individual --physical " + "--tokens-file " + seats.string() + director);
  ASSERT_EQ(started.exit_code, 0) << started.out;

  const Output shown = Skat("events show " + event_);
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_TRUE(Contains(shown.out,
                       "scoring: settled board scores, compared by matchpoints; "
                       "ties: diff, shared"))
      << shown.out;
  const std::string session = ValueAfter(shown.out, "session 1  ");
  ASSERT_EQ(session.rfind(event_ + "/sessions/", 0), 0u) << shown.out;
  EXPECT_TRUE(Contains(shown.out, "9 tables on " + FirstWord(set.out))) << shown.out;

  // Round 1, table 1: chair 1 enters board 1, chair 2 confirms it.
  std::ifstream lines(seats);
  std::string table, tokens[2];
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string t, chair, token;
    if (line.empty() || line[0] == '#' || !(words >> t >> chair >> token)) continue;
    if (table.empty()) table = t;
    if (t == table && (chair == "1" || chair == "2")) tokens[chair == "1" ? 0 : 1] = token;
  }
  ASSERT_FALSE(tokens[0].empty() || tokens[1].empty()) << skat::testing_program::ReadFile(seats);
  const fs::path chair1 = TokenFile("s-chair1", tokens[0]);
  const fs::path chair2 = TokenFile("s-chair2", tokens[1]);
  const std::string at = "results enter --board 1 --table " + table;
  ASSERT_EQ(Skat(at + " --seat-token-file " + chair1.string() +
                 " --declarer forehand --game grand-solo --points 70 --floor 18")
                .exit_code,
            0);
  const Output waiting = Skat("sessions show " + session + director);
  ASSERT_EQ(waiting.exit_code, 0) << waiting.out;
  EXPECT_TRUE(Contains(waiting.out, "round 1 table 1: waiting for a confirmation 1; missing 2,3"))
      << waiting.out;
  EXPECT_TRUE(Contains(waiting.out,
                       "progress: 0 of 27 boards counted, 1 waiting for a "
                       "confirmation, 26 missing"))
      << waiting.out;
  ASSERT_EQ(
      Skat("results confirm --board 1 --table " + table + " --seat-token-file " + chair2.string())
          .exit_code,
      0);
  EXPECT_TRUE(Contains(Skat("sessions show " + session + director).out,
                       "progress: 1 of 27 boards counted, 0 waiting for a confirmation, 26 "
                       "missing"));
  const Output tables = Skat("tables list --session " + session + director);
  ASSERT_EQ(tables.exit_code, 0) << tables.out;
  EXPECT_TRUE(Contains(tables.out, "round 1 table 1  boards 1-3  chairs: 1=")) << tables.out;
  EXPECT_TRUE(Contains(tables.out, table + "  1 counted, 0 waiting for a confirmation, 2 missing"))
      << tables.out;
  EXPECT_TRUE(Contains(tables.out, "round 3 table 3  boards 7-9")) << tables.out;
}

// A club's own games out: an online table played by bots under isko, exported as game records
// that `skat replay` replays, and as ISS records that `skat import-iss` takes back in.
TEST_F(ResultsCliTest, GamesExportAsRecordsAndIssRecords) {
  const Output created = Skat("events create --name 'Export night' --profile isko");
  ASSERT_EQ(created.exit_code, 0) << created.out;
  const fs::path director = TokenFile("isko-director", ValueAfter(created.out, "director token: "));
  const std::string with_token = " --token-file " + director.string();
  const Output set =
      Skat("boards create --event " + FirstWord(created.out) + " --boards 3" + with_token);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  const fs::path seats = root_ / "online-seats";
  const Output opened =
      Skat("tables open --board-set " + FirstWord(set.out) + " --boards 1-3 " +
           "--players Anna,Bert,Carl --tokens-file " + seats.string() + with_token);
  ASSERT_EQ(opened.exit_code, 0) << opened.out;
  const std::string table = FirstWord(opened.out);
  const Output played = Skat("bot -q --table " + table + " --tokens-file " + seats.string());
  ASSERT_EQ(played.exit_code, 0) << played.out;

  const fs::path records = root_ / "games.rec";
  const Output exported =
      Skat("tables games " + table + " --format record --out " + records.string() + with_token);
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  const Output replayed = Skat("replay " + records.string());
  EXPECT_EQ(replayed.exit_code, 0) << replayed.out;
  EXPECT_TRUE(Contains(replayed.out, "3 games replayed")) << replayed.out;

  const fs::path iss = root_ / "games.iss";
  ASSERT_EQ(
      Skat("tables games " + table + " --format iss --out " + iss.string() + with_token).exit_code,
      0);
  const std::string lines = skat::testing_program::ReadFile(iss);
  EXPECT_TRUE(Contains(lines, "P0[")) << lines;
  EXPECT_TRUE(Contains(lines, "Anna")) << lines;
  const Output imported = Skat("import-iss " + iss.string());
  EXPECT_EQ(imported.exit_code, 0) << imported.out;
  EXPECT_TRUE(Contains(imported.out, "records: 3; imported: 3; duplicates: 0; refused: 0"))
      << imported.out;

  // The imported event's games, every session and table of it, exported again: the same records.
  const size_t at = imported.out.find("events/");
  ASSERT_NE(at, std::string::npos) << imported.out;
  const std::string event = FirstWord(imported.out.substr(at));
  const fs::path imported_director =
      TokenFile("imported-director", ValueAfter(imported.out, "director token: "));
  const fs::path again = root_ / "again.iss";
  const Output all = Skat("events games " + event + " --format iss --out " + again.string() +
                          " --token-file " + imported_director.string());
  ASSERT_EQ(all.exit_code, 0) << all.out;
  EXPECT_TRUE(Contains(all.out, "3 games of 3 tables")) << all.out;
  EXPECT_EQ(skat::testing_program::ReadFile(again), lines);
}

}  // namespace
