// Every subcommand's --help in German (docs/i18n.md "The command line"): `skat --lang de X
// --help` against `skat --lang en X --help` for every command and subcommand skat has, found by
// walking the "Subcommands" lists. A description (the text beside an option, a subcommand or an
// argument, a command's own description and its footer) that reads the same in both languages
// is still English, unless all of its words are words German says alike (kSameInBoth). No
// skatd: help is printed before any call.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/services/run_skat.h"

namespace {

using skat::testing_cli::Output;
using skat::testing_cli::Skat;

// Words a German description may share with the English one (docs/glossar.md: "Board" stays
// "Board"; games, programs, formats and names).
const std::set<std::string> kSameInBoth = {
    "Board", "Boards",  "Grand",   "Null",    "Ramsch",    "Solo",    "Gucki", "Skat",   "skat",
    "skatd", "ouvert",  "Hand",    "Contra",  "Bock",      "ISS",     "ISkO",  "BSA",    "DSkV",
    "CSV",   "JSON",    "PDF",     "HTML",    "TLS",       "gRPC",    "ANSI",  "Seeger", "Fabian",
    "text",  "json",    "csv",     "record",  "iss",       "pad",     "bot",   "bots",   "Bot",
    "Bots",  "Tournée", "Tournee", "Guckser", "Milwaukee", "Chicago", "Club",  "Verein"};

// The description part of a help line: beside a name ("  --out TEXT    write ..."), on a line
// of its own (indented deeper, or at the margin); "" for a name alone.
std::string Description(const std::string& line) {
  if (line.rfind("  ", 0) != 0 || line.rfind("   ", 0) == 0) {
    const size_t first = line.find_first_not_of(' ');
    return first == std::string::npos ? "" : line.substr(first);
  }
  const size_t gap = line.find("  ", 2);
  if (gap == std::string::npos) return "";
  const size_t text = line.find_first_not_of(' ', gap);
  return text == std::string::npos ? "" : line.substr(text);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

// True when `description` has a word of three letters or more German does not share. A command
// line of an example ("--points 75 --floor 30", "skat board --number 0") is code, not prose; so
// is a line of an example record in a file format ("P2[foo]MV[w HA.SK...]R[d:2 loss ...]").
bool HasEnglishWord(const std::string& description) {
  if (description.rfind('-', 0) == 0 || description.rfind("skat ", 0) == 0) return false;
  if (description.find("MV[") != std::string::npos) return false;
  size_t i = 0;
  while (i < description.size()) {
    const size_t end = std::min(description.find(' ', i), description.size());
    std::string word = description.substr(i, end - i);
    i = end + 1;
    while (!word.empty() && std::string("(\"'`").find(word.front()) != std::string::npos) {
      word.erase(0, 1);
    }
    while (!word.empty() && std::string(".,;:)!?\"'`").find(word.back()) != std::string::npos) {
      word.pop_back();
    }
    bool letters = word.size() >= 3;
    for (char c : word) letters = letters && std::isalpha(static_cast<unsigned char>(c));
    if (letters && kSameInBoth.count(word) == 0) return true;
  }
  return false;
}

// The subcommands a help lists: the names under "Subcommands:" (English help).
std::vector<std::string> Subcommands(const std::string& help) {
  std::vector<std::string> out;
  bool in_list = false;
  for (const std::string& line : Lines(help)) {
    if (line == "Subcommands:") {
      in_list = true;
    } else if (in_list && line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ') {
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (in_list && line.rfind("  ", 0) != 0) {
      in_list = false;
    }
  }
  return out;
}

// `skat ARGS` for every ARGS at once, 16 processes at a time (a help is far below a pipe's
// buffer, so none waits for its reader): their outputs, as Skat() gives them, in order.
std::vector<Output> SkatAll(const std::vector<std::string>& args) {
  std::vector<Output> out;
  for (size_t first = 0; first < args.size(); first += 16) {
    std::vector<FILE*> pipes;
    for (size_t i = first; i < args.size() && i < first + 16; ++i) {
      const std::string command = "export LANGUAGE= LC_ALL= LC_MESSAGES= LANG=C.UTF-8 && " +
                                  std::string(SKAT_BINARY) + " " + args[i] + " 2>&1";
      pipes.push_back(popen(command.c_str(), "r"));
    }
    for (FILE* pipe : pipes) {
      Output run{-1, ""};
      std::array<char, 4096> buffer;
      for (size_t n; pipe != nullptr && (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) {
        run.out.append(buffer.data(), n);
      }
      const int status = pipe == nullptr ? -1 : pclose(pipe);
      run.exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      out.push_back(std::move(run));
    }
  }
  return out;
}

// The descriptions of `german` that read as in `english` and have a word German does not share;
// `skip` holds descriptions left out (those of the commands not translated yet).
void CheckHelp(const std::string& command, const std::string& english, const std::string& german) {
  std::set<std::string> english_descriptions;
  for (const std::string& line : Lines(english)) english_descriptions.insert(Description(line));
  for (const std::string& line : Lines(german)) {
    const std::string description = Description(line);
    if (description.empty() || english_descriptions.count(description) == 0) continue;
    EXPECT_FALSE(HasEnglishWord(description))
        << "skat " << command << " --help in German: " << description;
  }
}

TEST(CliHelpGermanTest, EveryDescriptionOfEverySubcommandIsTranslated) {
  // Level by level: the commands, then their subcommands, ...
  std::vector<std::string> level = {""};
  int commands = 0;
  while (!level.empty()) {
    std::vector<std::string> args;
    for (const std::string& command : level) {
      args.push_back("--lang en " + command + " --help");
      args.push_back("--lang de " + command + " --help");
    }
    const std::vector<Output> helps = SkatAll(args);
    std::vector<std::string> next;
    for (size_t i = 0; i < level.size(); ++i) {
      const Output& english = helps[2 * i];
      const Output& german = helps[2 * i + 1];
      ASSERT_EQ(english.exit_code, 0) << level[i] << "\n" << english.out;
      ASSERT_EQ(german.exit_code, 0) << level[i] << "\n" << german.out;
      ++commands;
      for (const std::string& sub : Subcommands(english.out)) {
        next.push_back(level[i].empty() ? sub : level[i] + " " + sub);
      }
      CheckHelp(level[i], english.out, german.out);
    }
    level = std::move(next);
  }
  // skat has 23 commands and more than 50 subcommands below them.
  EXPECT_GT(commands, 70);
}

TEST(CliHelpGermanTest, DescriptionsAndEnglishWordsAsTheTestReadsThem) {
  EXPECT_EQ(Description("  --out TEXT                  write the records"), "write the records");
  EXPECT_EQ(Description("  --format TEXT:{text,iss}=text"), "");
  EXPECT_EQ(Description("                              Adresse von skatd"), "Adresse von skatd");
  EXPECT_EQ(Description("Every game of a table."), "Every game of a table.");
  EXPECT_TRUE(HasEnglishWord("Show a person."));
  EXPECT_FALSE(HasEnglishWord("Grand (Board 3)."));
  EXPECT_FALSE(HasEnglishWord("events/{event}/sessions/{session}"));
  EXPECT_FALSE(HasEnglishWord("--declarer middlehand --game solo-hearts --points 75"));
  EXPECT_EQ(Subcommands("x\nSubcommands:\n  open   Open.\n  list   List.\n\nfooter\n"),
            (std::vector<std::string>{"open", "list"}));
}

}  // namespace
