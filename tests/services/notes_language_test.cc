// The standings' notes and the prizes' details in the reader's language (docs/i18n.md "What the
// engine writes"): small inputs make the engine write every code of engine/scoring/note.h, its
// English text stays as it was, the German text (services/cli/i18n/note_text.h) exists for every
// code and keeps no English word of the English text but names, numbers and the words German says
// alike; the result pages show them in German, and skatd's English for a code they do not know.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/scoring/note.h"
#include "engine/scoring/prizes.h"
#include "engine/scoring/standings.h"
#include "services/cli/i18n/note_text.h"
#include "services/report/report.h"
#include "tests/engine/scoring/scoring_test_util.h"
#include "tests/services/report_test_util.h"

namespace skat {
namespace {

using scoring::testing::At;
using scoring::testing::Game;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

// Words German says as English does (docs/glossar.md), and the names of the inputs below.
const std::set<std::string> kAlike = {"board", "solo", "grand", "kiel", "bonn", "ulm"};

// The standings' notes of three tables in one session, compared by session totals: board 1 at
// tables 1 and 2 with N = 1 planned, board 2 at table 3 with three artificial seats, board 3 in
// version 2 at table 1 alone; players of three clubs.
std::vector<scoring::Note> StandingsNotes() {
  std::vector<scoring::TableResult> results = {
      At(1, "1", Game(kF, 20, true)), At(1, "2", Game(kM, 30, false)),
      At(2, "3", Game(kR, 40, true)), At(3, "1", Game(kF, 50, true))};
  results[3].version = 2;
  std::vector<scoring::Adjustment> adjustments;
  for (Direction d : kDirections) {
    scoring::Adjustment a;
    a.kind = scoring::Adjustment::Kind::kArtificial;
    a.board = 2;
    a.table = "3";
    a.direction = d;
    adjustments.push_back(a);
  }
  scoring::Options options;
  options.comparison = scoring::ComparisonKind::kSessionTotal;
  options.planned = {{1, 1}};
  options.club_of = {{"F1", "Kiel"}, {"M1", "Bonn"}, {"R1", "Ulm"}};
  options.club_order = {"Kiel", "Bonn"};
  const Result<scoring::Scoresheet> sheet = scoring::Score(results, adjustments, options);
  EXPECT_TRUE(sheet.ok()) << sheet.status().ToString();
  return sheet.ok() ? sheet->notes : std::vector<scoring::Note>{};
}

// Seven prizes of one sitting, each category won (p1 ... p7), then a sitting without players.
std::vector<scoring::Prize> Prizes() {
  const Declaration hearts_solo{SkatHandling::kHand, GameType::kHearts};
  const Declaration grand_solo{SkatHandling::kHand, GameType::kGrand};
  const Declaration spades_tournee{SkatHandling::kTournee, GameType::kSpades};
  auto without = [](Direction d, Declaration decl, int matadors, int value, int level) {
    GameResult g = Game(d, value, true, decl, {matadors, false});
    g.valuation.level = level;
    return g;
  };
  std::vector<scoring::TableResult> sitting;
  auto play = [&](const std::string& table, const std::array<std::string, 3>& players,
                  const GameResult& game) {
    sitting.push_back(At(static_cast<int>(sitting.size()) + 1, table, game, players));
  };
  const std::array<std::string, 3> t1 = {"p1", "p2", "p3"}, t2 = {"p4", "p5", "p6"},
                                   t3 = {"p7", "x", "y"};
  for (int i = 0; i < 5; ++i) play("1", t1, Game(kF, 10, true));  // p1: net games 5
  play("1", t1, Game(kM, 1000, true));                            // p2: own points 1000
  play("1", t1, without(kR, hearts_solo, 2, 50, 3));              // p3: a solo without 2
  for (int i = 0; i < 3; ++i) play("2", t2, Game(kF, 10, true));  // p4: net games 3
  play("2", t2, Game(kM, 500, true));                             // p5: own points 498
  play("2", t2, Game(kM, 1, false));
  play("2", t2, Game(kM, 1, false));
  play("2", t2, Game(kR, 96, true, grand_solo));         // p6: the highest game left
  play("3", t3, without(kF, spades_tournee, 1, 30, 2));  // p7: a tournee without 1
  return scoring::PrizeList({sitting, {}}, 7);
}

// The words of a text, lower case; a byte above 127 counts as a letter ("Tournée" is one word).
std::set<std::string> Words(const std::string& text) {
  std::set<std::string> out;
  std::string word;
  for (char c : text + " ") {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalpha(u) || u > 127) {
      word += static_cast<char>(std::tolower(u));
    } else {
      if (word.size() > 1) out.insert(word);  // "N", "n" and the players' letters are symbols
      word.clear();
    }
  }
  return out;
}

// Fails for a German text that keeps a word of its English text.
void ExpectNoEnglish(const std::string& english, const std::string& german) {
  const std::set<std::string> in_german = Words(german);
  for (const std::string& word : Words(english)) {
    if (kAlike.count(word) != 0) continue;
    EXPECT_EQ(in_german.count(word), 0u)
        << "\"" << word << "\" of \"" << english << "\" in \"" << german << "\"";
  }
}

struct Made {
  std::string code;
  std::vector<std::string> args;
  std::string english;
};

std::vector<Made> AllMade() {
  std::vector<Made> out;
  for (const scoring::Note& n : StandingsNotes()) out.push_back({n.code, n.args, n.text});
  for (const scoring::Prize& p : Prizes()) out.push_back({p.detail_code, p.detail_args, p.detail});
  return out;
}

TEST(NotesLanguageTest, EveryCodeOccursAndHasItsGermanText) {
  const cli::Translator de("de"), en(cli::kEnglish);
  std::set<std::string> seen;
  for (const Made& m : AllMade()) {
    seen.insert(m.code);
    const std::optional<std::string> german = cli::NoteText(de, m.code, m.args);
    const std::optional<std::string> english = cli::NoteText(en, m.code, m.args);
    ASSERT_TRUE(german.has_value()) << m.code << ": " << m.english;
    ASSERT_TRUE(english.has_value()) << m.code;
    EXPECT_EQ(*english, m.english) << m.code;  // the arguments carry all the text says
    EXPECT_NE(*german, m.english) << m.code << " has no German text in services/cli/i18n/de.po";
    ExpectNoEnglish(m.english, *german);
  }
  for (std::string_view code : scoring::kNoteCodes) {
    EXPECT_EQ(seen.count(std::string(code)), 1u) << code << " occurs in none of the inputs";
  }
  EXPECT_EQ(seen.size(), scoring::kNoteCodes.size());
  EXPECT_EQ(cli::NoteText(de, "no-such-code", {}), std::nullopt);
  EXPECT_EQ(cli::NoteText(de, "single-result", {"1", "forehand"}), std::nullopt);
  EXPECT_EQ(cli::NoteText(de, "single-result", {"1", "north", "0"}), std::nullopt);
}

// The English texts as the engine has always written them, for these inputs, in order (checked
// against the engine before the codes existed).
TEST(NotesLanguageTest, EnglishTextsStayAsTheyWere) {
  std::vector<std::string> notes;
  for (const scoring::Note& n : StandingsNotes()) notes.push_back(n.text);
  std::vector<std::string> want = {
      "board 1 forehand: 2 seats but N = 1 planned; N raised to 2",
      "board 1 middlehand: 2 seats but N = 1 planned; N raised to 2",
      "board 1 rearhand: 2 seats but N = 1 planned; N raised to 2",
      "board 2 forehand: no real result (n = 0), only artificial scores",
      "board 2 forehand: N = 1, the board carries no matchpoints",
      "board 2 middlehand: no real result (n = 0), only artificial scores",
      "board 2 middlehand: N = 1, the board carries no matchpoints",
      "board 2 rearhand: no real result (n = 0), only artificial scores",
      "board 2 rearhand: N = 1, the board carries no matchpoints",
      "board 3 forehand version 2: N = 1, the board carries no matchpoints",
      "board 3 middlehand version 2: N = 1, the board carries no matchpoints",
      "board 3 rearhand version 2: N = 1, the board carries no matchpoints"};
  // Each player holds a chair of his own, in the order of the chairs' (board, direction) sets.
  for (const char* player : {"F2", "F1", "M2", "M1", "R2", "R1", "F3", "M3", "R3"}) {
    want.push_back("session 1, chair of " + std::string(player) + ": held at 1 of 3 tables");
    want.push_back("session 1, chair of " + std::string(player) + ": one player, no matchpoints");
  }
  want.push_back("team score: 3 clubs; only \"Kiel\" against \"Bonn\" is scored");
  EXPECT_EQ(notes, want);
  std::vector<std::string> details;
  for (const scoring::Prize& p : Prizes()) details.push_back(p.player + ": " + p.detail);
  const std::vector<std::string> want_details = {
      "p1: net games 5 (won 5, lost 0), own points 50",
      "p2: net games 1 (won 1, lost 0), own points 1000",
      "p3: hearts solo without 2, level 3, own points 50",
      "p4: net games 3 (won 3, lost 0), own points 30",
      "p5: net games -1 (won 1, lost 2), own points 498",
      "p6: grand solo won 96, own points 96",
      "p7: spades tournee without 1, level 2, own points 30",
  };
  ASSERT_EQ(details.size(), 14u);
  for (size_t i = 0; i < want_details.size(); ++i) EXPECT_EQ(details[i], want_details[i]);
  for (size_t i = 7; i < 14; ++i) EXPECT_EQ(details[i], ": no player qualifies");
}

TEST(NotesLanguageTest, PrizeCategoriesInGerman) {
  const cli::Translator de("de");
  std::set<std::string> categories;
  for (const scoring::Prize& p : Prizes()) categories.insert(p.category);
  EXPECT_EQ(categories.size(), 5u);
  for (const std::string& c : categories) {
    const std::string german = cli::PrizeCategoryText(de, c);
    EXPECT_NE(german, c);
    ExpectNoEnglish(c, german);
    EXPECT_EQ(cli::PrizeCategoryText(cli::Translator(cli::kEnglish), c), c);
  }
}

// The result pages: notes and details in German from their codes; a note without a code (an
// older skatd) or with an unknown one in English, marked lang="en".
TEST(NotesLanguageTest, ResultPagesSayThemInGerman) {
  report::ReportData data = report::testing_report::MakeData();
  v1::Standings& st = data.standings;
  st.clear_notes();
  st.add_notes("board 7 forehand: N = 1, the board carries no matchpoints");
  v1::Note* note = st.add_note_codes();
  note->set_code("single-result");
  for (const char* arg : {"7", "forehand", "0"}) note->add_args(arg);
  st.add_notes("a note of a later engine");
  st.add_note_codes()->set_code("later-code");
  v1::PrizeList& prizes = *data.prizes;
  v1::Note* detail = prizes.mutable_prizes(0)->mutable_detail_code();
  detail->set_code("prize-solo");
  for (const char* arg : {"solo-hearts", "none", "2", "3", "50"}) detail->add_args(arg);
  prizes.mutable_prizes(0)->set_category("solo-without");
  const std::map<std::string, std::string> german =
      report::testing_report::ByPath(report::Render(data, report::RenderOptions{.language = "de"}));
  const std::string& index = german.at("index.html");
  EXPECT_NE(index.find("<li>Board 7 Vorhand: N = 1, das Board bringt keine Matchpunkte</li>"),
            std::string::npos);
  EXPECT_NE(index.find("<li><span lang=\"en\">a note of a later engine</span></li>"),
            std::string::npos);
  const std::string& page = german.at("prizes.html");
  EXPECT_NE(page.find("Herz Solo ohne 2, Stufe 3, eigene Punkte 50"), std::string::npos);
  EXPECT_NE(page.find("Solo ohne"), std::string::npos);
  EXPECT_EQ(page.find("solo-without"), std::string::npos);
  const std::map<std::string, std::string> english =
      report::testing_report::ByPath(report::Render(data));
  EXPECT_NE(english.at("index.html")
                .find("<li>board 7 forehand: N = 1, the board carries no matchpoints</li>"),
            std::string::npos);
  EXPECT_NE(english.at("prizes.html").find("solo-without"), std::string::npos);
}

}  // namespace
}  // namespace skat
