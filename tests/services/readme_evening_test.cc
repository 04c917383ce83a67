// The README's walk-through of a club evening with real cards, run as written (label e2e): every
// line after "$ " between the README's walk-through markers is a command, run through the shell
// in a fresh directory against the test's skatd, and every other line is output that the command
// must print ("…" stands for anything). `export NAME=…` takes the value from the previous
// command's output. A command whose comment says "refused" must fail; every other must succeed.
// So the README cannot drift from what `skat` does: the test fails if they diverge.
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

class ReadmeEveningTest : public skat::testing_skatd::SkatdEventTest {};

TEST_F(ReadmeEveningTest, TheWalkThroughRunsAsWritten) {
  StartWithEvent("skat-readme-evening", "unused");
  if (HasFatalFailure()) return;
  const fs::path source = SKAT_SOURCE_DIR;
  const std::vector<ScriptStep> steps =
      WalkThrough(skat::testing_program::ReadFile(source / "README.md"));
  ASSERT_GE(steps.size(), 15u) << "the README has no walk-through between its markers";
  fs::path dir = root_;
  std::string exports;  // "export NAME='value' && ..."
  std::string previous;
  for (const ScriptStep& step : steps) {
    SCOPED_TRACE(step.command);
    const size_t comment_at = step.command.find("  #");
    const std::string command = step.command.substr(0, comment_at);
    const std::string comment =
        comment_at == std::string::npos ? "" : step.command.substr(comment_at);
    if (command.rfind("mkdir ", 0) == 0) {
      // "mkdir D && cp docs/examples/club-evening/*.csv D/ && cd D"
      ASSERT_EQ(command,
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
        const std::string value = name == "SKAT_DIRECTOR_TOKEN" ? skat::testing_skatd::ValueAfter(
                                                                      previous, "director token: ")
                                                                : WordLike(previous, shown);
        ASSERT_FALSE(value.empty()) << name << ": nothing like " << shown << " in\n" << previous;
        exports += "export " + name + "='" + value + "' && ";
      }
      continue;
    }
    ASSERT_EQ(command.rfind("skat ", 0), 0u) << "a command the test cannot follow";
    const skat::testing_cli::Output run = skat::testing_cli::Skat(
        command.substr(5),
        "cd '" + dir.string() + "' && export SKAT_SERVER=" + skatd_->server() + " && " + exports);
    if (comment.find("refused") != std::string::npos) {
      EXPECT_NE(run.exit_code, 0) << run.out;
    } else {
      EXPECT_EQ(run.exit_code, 0) << run.out;
    }
    for (const std::string& shown : step.printed) {
      EXPECT_TRUE(PrintsLine(run.out, shown)) << "not printed: " << shown << "\n" << run.out;
    }
    previous = run.out;
  }
  // What the walk-through promises to leave behind.
  for (const char* file : {"printouts", "sheets/session-1-sheets.pdf", "tokens",
                           "seats/round-3-table-3-chair-3", "pages/index.html"}) {
    EXPECT_TRUE(fs::exists(dir / file)) << file;
  }
}

}  // namespace
