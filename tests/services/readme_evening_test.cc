// The README's walk-through of a club evening with real cards, run as written (label e2e): every
// line after "$ " between the README's walk-through markers is a command, run through the shell
// in a fresh directory against the test's skatd, and every other line is output that the command
// must print ("…" stands for anything). `export NAME=…` takes the value from the previous
// command's output. A command whose comment says "refused" must fail; every other must succeed.
// So the README cannot drift from what `skat` does: the test fails if they diverge. A second run
// speaks German (LANG=de_DE.UTF-8, docs/i18n.md "The command line"): it pins German lines and
// finds none of the English texts they replace.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"

namespace {

namespace fs = std::filesystem;

struct ScriptStep {
  std::string command;               // after "$ ", continuation lines joined
  std::vector<std::string> printed;  // the output lines shown under it
};

// The steps between the README's walk-through markers.
std::vector<ScriptStep> WalkThrough(const std::string& readme) {
  const size_t begin = readme.find("<!-- walk-through: begin -->");
  const size_t end = readme.find("<!-- walk-through: end -->");
  std::vector<ScriptStep> steps;
  if (begin == std::string::npos || end == std::string::npos) return steps;
  std::istringstream in(readme.substr(begin, end - begin));
  bool continued = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0 || line.rfind("<!--", 0) == 0) continue;
    if (continued) {
      steps.back().command += " " + line.substr(line.find_first_not_of(' '));
    } else if (line.rfind("$ ", 0) == 0) {
      steps.push_back({line.substr(2), {}});
    } else if (!steps.empty() && !line.empty()) {
      steps.back().printed.push_back(line);
    }
    continued = !line.empty() && line.back() == '\\';
    if (continued) steps.back().command.pop_back();
  }
  return steps;
}

// `shown` with "…" as ".*" and everything else literal.
std::regex Pattern(const std::string& shown) {
  static const std::string kEllipsis = "\u2026";
  std::string out;
  for (size_t i = 0; i < shown.size();) {
    if (shown.compare(i, kEllipsis.size(), kEllipsis) == 0) {
      out += ".*";
      i += kEllipsis.size();
      continue;
    }
    if (std::string("\\^$.|?*+()[]{}").find(shown[i]) != std::string::npos) out += '\\';
    out += shown[i++];
  }
  return std::regex(out);
}

bool PrintsLine(const std::string& output, const std::string& shown) {
  const std::regex pattern = Pattern(shown);
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, pattern)) return true;
  }
  return false;
}

// The first word of `output` that the pattern `shown` matches whole.
std::string WordLike(const std::string& output, const std::string& shown) {
  const std::regex pattern = Pattern(shown);
  std::istringstream in(output);
  for (std::string word; in >> word;) {
    if (std::regex_match(word, pattern)) return word;
  }
  return "";
}

// The output of each command run, in the walk-through's order.
struct StepRun {
  const ScriptStep* step;
  skat::testing_cli::Output run;
};

class ReadmeEveningTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  // Runs the walk-through's commands (as `adapt` rewrites them; "" skips one) in `dir`, with
  // `lang` ("" or
  // "LANG=de_DE.UTF-8") exported for skat; `token_label` is the line that names the director
  // token in that language. With `check_printed`, every line the README shows must be printed.
  std::vector<StepRun> RunWalkThrough(const std::string& lang, const std::string& token_label,
                                      bool check_printed,
                                      std::string (*adapt)(const std::string& command)) {
    const fs::path source = SKAT_SOURCE_DIR;
    static const std::vector<ScriptStep> steps =
        WalkThrough(skat::testing_program::ReadFile(source / "README.md"));
    EXPECT_GE(steps.size(), 15u) << "the README has no walk-through between its markers";
    std::vector<StepRun> runs;
    fs::path dir = root_;
    std::string exports = lang.empty() ? "" : "export " + lang + " && ";
    std::string previous;
    for (const ScriptStep& step : steps) {
      SCOPED_TRACE(step.command);
      const size_t comment_at = step.command.find("  #");
      const std::string command = adapt(step.command.substr(0, comment_at));
      if (command.empty()) continue;
      const std::string comment =
          comment_at == std::string::npos ? "" : step.command.substr(comment_at);
      if (command.rfind("mkdir ", 0) == 0) {
        // "mkdir D && cp docs/examples/club-evening/*.csv D/ && cd D"
        EXPECT_EQ(command,
                  "mkdir evening && cp docs/examples/club-evening/*.csv evening/ && cd evening");
        dir = root_ / "evening";
        fs::create_directories(dir);
        for (const auto& file : fs::directory_iterator(source / "docs/examples/club-evening")) {
          fs::copy_file(file.path(), dir / file.path().filename());
        }
        continue;
      }
      if (command.rfind("export ", 0) == 0) {
        std::istringstream assignments(command.substr(7));
        for (std::string assignment; assignments >> assignment;) {
          const size_t eq = assignment.find('=');
          const std::string name = assignment.substr(0, eq);
          const std::string shown = assignment.substr(eq + 1);
          const std::string value = name == "SKAT_DIRECTOR_TOKEN"
                                        ? skat::testing_skatd::ValueAfter(previous, token_label)
                                        : WordLike(previous, shown);
          EXPECT_FALSE(value.empty()) << name << ": nothing like " << shown << " in\n" << previous;
          if (value.empty()) return runs;
          exports += "export " + name + "='" + value + "' && ";
        }
        continue;
      }
      EXPECT_EQ(command.rfind("skat ", 0), 0u) << "a command the test cannot follow";
      const skat::testing_cli::Output run = skat::testing_cli::Skat(
          command.substr(5),
          "cd '" + dir.string() + "' && export SKAT_SERVER=" + skatd_->server() + " && " + exports);
      if (comment.find("refused") != std::string::npos) {
        EXPECT_NE(run.exit_code, 0) << run.out;
      } else {
        EXPECT_EQ(run.exit_code, 0) << run.out;
      }
      for (const std::string& shown : step.printed) {
        if (!check_printed) break;
        EXPECT_TRUE(PrintsLine(run.out, shown)) << "not printed: " << shown << "\n" << run.out;
      }
      previous = run.out;
      runs.push_back({&step, run});
    }
    return runs;
  }
};

std::string EveryStep(const std::string& command) { return command; }

TEST_F(ReadmeEveningTest, TheWalkThroughRunsAsWritten) {
  StartWithEvent("skat-readme-evening", "unused");
  if (HasFatalFailure()) return;
  RunWalkThrough("", "director token: ", true, EveryStep);
  // What the walk-through promises to leave behind.
  const fs::path dir = root_ / "evening";
  for (const char* file : {"printouts", "sheets/session-1-sheets.pdf", "tokens",
                           "seats/round-3-table-3-chair-3", "pages/index.html"}) {
    EXPECT_TRUE(fs::exists(dir / file)) << file;
  }
}

// The German run leaves out the board set's printouts and the report, and prints the session's
// sheets as HTML only (no Chromium). Its club creates a German event: the sheets are printed in
// the event's language (docs/i18n.md "Printed sheets").
std::string WithoutPdfs(const std::string& command) {
  if (command.find("skat report") != std::string::npos ||
      command.find("boards print") != std::string::npos) {
    return "";
  }
  if (command.find("skat events create") != std::string::npos) return command + " --language de";
  const size_t pdf = command.find(" --pdf");
  return pdf == std::string::npos ? command : command.substr(0, pdf) + command.substr(pdf + 6);
}

TEST_F(ReadmeEveningTest, TheWalkThroughSpeaksGermanWithLangDe) {
  StartWithEvent("skat-readme-evening-de", "unused");
  if (HasFatalFailure()) return;
  const std::vector<StepRun> runs =
      RunWalkThrough("LANG=de_DE.UTF-8", "Leitungs-Token: ", false, WithoutPdfs);
  std::string all;
  for (const StepRun& r : runs) all += r.run.out;
  for (const char* shown : {
           "Leitungs-Token: \u2026",
           "events/ev-\u2026/sessions/se-\u2026  Durchgang 1, 9 Tische",
           "Runde 3 Tisch 3  Boards 7 8 9  St\u00fchle: 1=Carl 2=Dora 3=Hanna",
           "Board 1 an events/ev-\u2026/tables/tb-\u2026: Mittelhand Herz Solo: der Wert wird "
           "beim Eintragen berechnet (75 Augen, \u2026)",
           "  Eintrag: Mittelhand Herz Solo \u2026: gewonnen \u2026 (75 Augen, \u2026)",
           "  Spielliste: Vorhand 0, Mittelhand \u2026, Hinterhand 0",
           "eingetragen von Stuhl 2; ein anderer Stuhl best\u00e4tigt es: \u2026",
           "26 Zettel eingetragen, 0 abgelehnt",
           "skat results enter: ung\u00fcltige Angabe: Meldung f\u00fcr Board 9 von "
           "events/ev-\u2026: Augen des "
           "Alleinspielers 121 liegen nicht in 0..120 (RULES C1)",
           "skat results enter: nichts wurde gespeichert",
           "berichtigt von der Turnierleitung; es z\u00e4hlt",
           "Berichtigung \u2026 gespeichert: Strafe, slow play",  // ids count over the database
           "Stand: 27 von 27 Boards gez\u00e4hlt, 0 warten auf Best\u00e4tigung, 0 fehlen",
           "Kopien: Boards 1-9 x3",
           "Fehler: 0",
           "Paare: 27 einmal getroffen, 0 mehrmals, 9 nie",
       }) {
    EXPECT_TRUE(PrintsLine(all, shown)) << "not printed: " << shown << "\n" << all;
  }
  // The English the German lines replace, nowhere in the German run.
  for (const char* english : {"director token",
                              "session 1, 9 tables",
                              "round 3 table",
                              "chairs:",
                              "card points",
                              "the value is computed",
                              "entry:",
                              "pad:",
                              "entered by",
                              "another chair",
                              "slips entered",
                              "refused",
                              "invalid-argument",
                              "outside 0..120",
                              "nothing was stored",
                              "corrected by",
                              "it counts",
                              "adjustment",
                              "progress:",
                              "boards counted",
                              "Standings of",
                              "errors:",
                              "met once",
                              "directions (F/M/R)"}) {
    EXPECT_EQ(all.find(english), std::string::npos) << english << " in\n" << all;
  }
  // The session's sheets speak German too.
  const std::string sheets =
      skat::testing_program::ReadFile(root_ / "evening" / "sheets" / "session-1-sheets.html");
  EXPECT_NE(sheets.find("<html lang=\"de\">"), std::string::npos);
  EXPECT_NE(sheets.find(": Zettel, Board 1, Runde 1, Tisch 1</h2>"), std::string::npos) << sheets;
  EXPECT_NE(sheets.find("<th>Augen des Alleinspielers</th>"), std::string::npos);
  for (const char* english : {"score slip", "card points", "seating", "boards to prepare"}) {
    EXPECT_EQ(sheets.find(english), std::string::npos) << english;
  }
}

}  // namespace
