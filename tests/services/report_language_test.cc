// The result pages in German and English (docs/i18n.md "The result pages"): the same event
// rendered in both languages, German headings pinned, no English heading left in German, the
// CSV files the same in both (data for programs), and the language links skatd asks for.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>

#include "services/cli/i18n/tr.h"
#include "services/report/report.h"
#include "tests/services/report_test_util.h"

namespace skat::report {
namespace {

using testing_report::ByPath;
using testing_report::MakeData;

// The texts of the page's headings, column heads, stacked-cell labels and navigation links.
std::set<std::string> PageHeadings(const std::string& html) {
  static const std::regex element("<(h2|h3|th|nav)[^>]*>([^<]*)");
  static const std::regex label("data-label=\"([^\"]*)\"");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), element);
       it != std::sregex_iterator(); ++it) {
    out.insert((*it)[2]);
  }
  for (auto it = std::sregex_iterator(html.begin(), html.end(), label);
       it != std::sregex_iterator(); ++it) {
    out.insert((*it)[1]);
  }
  const size_t nav = html.find("<nav>");
  const size_t end = html.find("</nav>");
  if (nav != std::string::npos && end != std::string::npos) {
    const std::string links = html.substr(nav, end - nav);
    static const std::regex text(">([^<]+)</a>");
    for (auto it = std::sregex_iterator(links.begin(), links.end(), text);
         it != std::sregex_iterator(); ++it) {
      out.insert((*it)[1]);
    }
  }
  out.erase("");
  return out;
}

class ReportLanguageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    data_ = MakeData();
    english_ = ByPath(Render(data_));
    german_ = ByPath(Render(data_, RenderOptions{.language = "de"}));
  }
  ReportData data_;
  std::map<std::string, std::string> english_, german_;
};

TEST_F(ReportLanguageTest, GermanPagesSayItAndUseTheGlossary) {
  ASSERT_EQ(cli::CurrentLanguage(), cli::kEnglish);  // the process's language plays no part
  for (const auto& [path, html] : german_) {
    if (!path.ends_with(".html")) continue;
    EXPECT_NE(html.find("<html lang=\"de\">"), std::string::npos) << path;
    EXPECT_NE(english_.at(path).find("<html lang=\"en\">"), std::string::npos) << path;
    EXPECT_EQ(html.find("?lang="), std::string::npos) << path << ": links only when asked";
  }
  const std::string& index = german_.at("index.html");
  for (const char* text : {"<h2>Rangliste</h2>", "<h2>Je Platz</h2>", "<h3>Vorhand</h3>",
                           "<h3>Hinterhand</h3>", ">Platz</th>", ">Spieler</th>",
                           "<h2>Vereinsvergleich</h2>", "Vergleichsskat \u00b7 Wertung"}) {
    EXPECT_NE(index.find(text), std::string::npos) << text;
  }
  const std::string& boards = german_.at("boards.html");
  for (const char* text : {"<h2>Board ", "Verteilnummer ", "<th>Tisch</th>", ">Wert</th>",
                           "data-label=\"Spiel\"", " von "}) {
    EXPECT_NE(boards.find(text), std::string::npos) << text;
  }
  const std::string& players = german_.at("players.html");
  for (const char* text : {"<h2>Spieler</h2>", ">Runde</th>", "Platz ", " Matchpunkten"}) {
    EXPECT_NE(players.find(text), std::string::npos) << text;
  }
}

// A game reads in the page's language: the engine's English summary in English, built from the
// result's fields in German (cli::GameText), on the travellers and on the scorecards.
TEST_F(ReportLanguageTest, GamesAreInTheReadersWords) {
  for (const char* path : {"boards.html", "players.html"}) {
    EXPECT_NE(english_.at(path).find("hearts solo with 2"), std::string::npos) << path;
    EXPECT_EQ(german_.at(path).find("solo with 2"), std::string::npos) << path;
    EXPECT_NE(german_.at(path).find(": gewonnen 30 ("), std::string::npos) << path;
    EXPECT_NE(german_.at(path).find(": verloren "), std::string::npos) << path;
  }
}

// Every heading of the English pages that German says otherwise is gone from the German pages.
TEST_F(ReportLanguageTest, NoEnglishHeadingRemainsInGerman) {
  int compared = 0;
  for (const auto& [path, html] : english_) {
    if (!path.ends_with(".html")) continue;
    const std::set<std::string> german = PageHeadings(german_.at(path));
    for (const std::string& heading : PageHeadings(html)) {
      if (cli::TranslateIn("de", heading) == heading) continue;  // names, "MP", "Board", ...
      ++compared;
      EXPECT_EQ(german.count(heading), 0u) << path << ": " << heading;
    }
  }
  EXPECT_GT(compared, 20);
}

TEST_F(ReportLanguageTest, CsvFilesAreTheSameInEveryLanguage) {
  int files = 0;
  for (const auto& [path, content] : english_) {
    if (!path.ends_with(".csv")) continue;
    ++files;
    EXPECT_EQ(german_.at(path), content) << path;
  }
  EXPECT_GE(files, 3);
}

TEST_F(ReportLanguageTest, LanguageLinksPointToTheSamePageInTheOtherLanguage) {
  const auto linked =
      ByPath(Render(data_, RenderOptions{.language = "de", .language_links = true}));
  EXPECT_NE(linked.at("boards.html").find("href=\"boards.html?lang=en\" hreflang=\"en\""),
            std::string::npos);
  // The links between the pages keep the reader's language; no page links to its own language.
  EXPECT_NE(linked.at("boards.html").find("<a href=\"index.html?lang=de\">"), std::string::npos);
  EXPECT_NE(linked.at("index.html").find("<a href=\"players.html?lang=de#p"), std::string::npos);
  EXPECT_EQ(linked.at("boards.html").find("hreflang=\"de\""), std::string::npos);
  const auto english = ByPath(Render(data_, RenderOptions{.language_links = true}));
  EXPECT_NE(english.at("index.html").find(">Deutsch</a>"), std::string::npos);
  EXPECT_NE(english.at("index.html").find("<a href=\"boards.html?lang=en\">"), std::string::npos);
}

// The label a session gives its tables ("round 2, table 3") is read in the page's language; a
// label the director typed is a name and stays as it is.
TEST_F(ReportLanguageTest, SessionTableLabelsAreInTheReadersWords) {
  ReportData data = data_;
  ASSERT_FALSE(data.travellers.empty());
  v1::TravellerRow* row = data.travellers[0].mutable_directions(0)->mutable_rows(0);
  row->set_table_label("round 2, table 3");
  const auto english = ByPath(Render(data));
  const auto german = ByPath(Render(data, RenderOptions{.language = "de"}));
  EXPECT_NE(english.at("boards.html").find("round 2, table 3"), std::string::npos);
  EXPECT_NE(german.at("boards.html").find("Runde 2, Tisch 3"), std::string::npos);
  EXPECT_EQ(german.at("boards.html").find("round 2, table 3"), std::string::npos);
  EXPECT_NE(german.at("boards.html").find("Table 3 &lt;east&gt;"), std::string::npos);
}

// Decimals as the reader's language writes them: a comma in German, a point in English (the CSV
// files keep the point: CsvFilesAreTheSameInEveryLanguage).
TEST_F(ReportLanguageTest, DecimalsAreWrittenAsTheReadersLanguageWritesThem) {
  const std::regex percent_cell("data-label=\"%\"><div>(\\d+)([.,])(\\d\\d)</div>");
  for (const auto& [pages, mark] : {std::pair{&english_, "."}, std::pair{&german_, ","}}) {
    const std::string& index = pages->at("index.html");
    int cells = 0;
    for (auto it = std::sregex_iterator(index.begin(), index.end(), percent_cell);
         it != std::sregex_iterator(); ++it) {
      EXPECT_EQ((*it)[2].str(), mark) << (*it)[0].str();
      ++cells;
    }
    EXPECT_GT(cells, 3) << mark;
  }
}

// The travellers' hands in the event's deck (Standings.deck), named in the page's language
// (docs/cards.md "Decks"); the data attributes stay the engine's notation.
TEST_F(ReportLanguageTest, HandsAreDrawnInTheEventsDeck) {
  // The French deck: symbols; the jack's letter is the language's (Bube in German).
  EXPECT_NE(english_.at("boards.html").find("<span class=\"sym c\">\u2663</span>"),
            std::string::npos);
  EXPECT_NE(english_.at("boards.html").find("data-card=\"C-J\">J</span>"), std::string::npos);
  EXPECT_NE(german_.at("boards.html").find("data-card=\"C-J\">B</span>"), std::string::npos);
  EXPECT_EQ(german_.at("boards.html").find("<body class="), std::string::npos);
  ReportData german_deck = data_;
  german_deck.standings.set_deck("german");
  const std::string de =
      ByPath(Render(german_deck, RenderOptions{.language = "de"})).at("boards.html");
  const std::string en = ByPath(Render(german_deck)).at("boards.html");
  EXPECT_NE(de.find("<body class=\"deck-german\">"), std::string::npos);
  EXPECT_NE(de.find("<span class=\"suit-word c\">Eichel</span>"), std::string::npos);
  EXPECT_NE(de.find("data-card=\"C-J\">U</span>"), std::string::npos);
  EXPECT_NE(de.find("data-card=\"S-A\">D</span>"), std::string::npos);
  EXPECT_NE(en.find("<span class=\"suit-word s\">Leaves</span>"), std::string::npos);
  EXPECT_NE(en.find("data-card=\"S-A\">A</span>"), std::string::npos);
  for (const std::string* page : {&de, &en}) {
    EXPECT_EQ(page->find("class=\"sym"), std::string::npos);
    EXPECT_EQ(page->find("\u2663"), std::string::npos);
  }
}

}  // namespace
}  // namespace skat::report
