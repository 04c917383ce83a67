// The board set's printouts in an event's language and deck (services/deal/printouts.h;
// docs/i18n.md "Printed sheets", docs/cards.md "Decks"): German words and no English ones,
// the cards named as each deck names them, the data attributes unchanged.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "services/deal/printouts.h"

namespace skat {
namespace {

BoardSet MakeSet(int table_size) {
  BoardSet set;
  set.label = "Preisskat 2026";
  set.generator_version = 1;
  set.commitment = std::string(64, 'a');
  set.table_size = table_size;
  set.boards.push_back({1, UnrankBoard(0)});  // skat C-K (card 1), C-A
  set.boards.push_back({2, UnrankBoard(1234567890123)});
  return set;
}

PrintoutOptions Options(const std::string& language, const std::string& deck) {
  PrintoutOptions options;
  options.language = language;
  options.deck = deck;
  return options;
}

// The text a reader sees: without the style sheet and the tags (attributes hold the engine's
// notation and class names, which are not printed).
std::string Visible(const std::string& html) {
  std::string out;
  const size_t style = html.find("</style>");
  bool in_tag = false;
  for (size_t i = style == std::string::npos ? 0 : style + 8; i < html.size(); ++i) {
    if (html[i] == '<') in_tag = true;
    if (!in_tag) out += html[i];
    if (html[i] == '>') in_tag = false;
  }
  return out;
}

bool Has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Words of the English printouts that German never uses (a word German shares, "Board",
// "Commitment", "Generator", is not among them).
const std::vector<std::string_view> kEnglish = {
    "Punch cards", "Curtain cards", "Dealing sheet", "Board set",  "Table:",      "chairs",
    "Chair",       "forehand",      "Forehand",      "middlehand", "rearhand",    "dealer",
    "deal number", "skat card",     "Skat card",     "Pack order", "each suit",   "Goes to",
    "Card",        "clubs",         "spades",        "hearts",     "diamonds",    "jack",
    "queen",       "ace",           "Check:",        "Cut along",  "Sort a pack", "top"};

TEST(PrintoutsLanguageTest, GermanWithFrenchCardsHasNoEnglishWord) {
  for (int table_size : {3, 4}) {
    SCOPED_TRACE(table_size);
    const BoardSet set = MakeSet(table_size);
    const std::string html = PrintoutsHtml(set, Options("de", "french"));
    const std::string text = PrintoutsText(set, Options("de", "french"));
    for (const std::string& printed : {Visible(html), text}) {
      for (std::string_view english : kEnglish) EXPECT_FALSE(Has(printed, english)) << english;
      for (std::string_view german :
           {"Stechkarten", "Vorhangkarten", "Verteilbogen", "Board 1", "Vorhand", "Mittelhand",
            "Hinterhand", "Stuhl", "Kreuz, Pik, Herz, Karo; A K D B 10 9 8 7"}) {
        EXPECT_TRUE(Has(printed, german)) << german;
      }
      if (table_size == 4) {
        EXPECT_TRUE(Has(printed, "setzt aus"));
      }
    }
    EXPECT_TRUE(Has(html, "<html lang=\"de\">"));
    // The dealing sheet names each card; the jack is the Bube, printed B.
    EXPECT_TRUE(Has(html, "<small class=\"name\">Kreuz-Bube</small>"));
    EXPECT_TRUE(Has(html, "data-card=\"C-J\" data-direction=\"R\">B</span>"));
    // F, M, R are V, M, H in German; the attribute stays the engine's letter.
    EXPECT_TRUE(Has(html, "data-card=\"D-7\" data-direction=\"F\"><span>V</span>"));
    EXPECT_TRUE(Has(text, "  \u2663   S2  S1  H   H   H   H   H   H\n"));
    EXPECT_TRUE(Has(text, "  Skat: Karte 1 (oben) \u2663K, Karte 2 \u2663A\n"));
  }
}

TEST(PrintoutsLanguageTest, TheGermanDeckNamesItsSuitsAndCourtCards) {
  const BoardSet set = MakeSet(3);
  const std::string german = PrintoutsHtml(set, Options("de", "german"));
  for (std::string_view word : {"Eichel-Unter", "Grün-Daus", "Rot-Ober", "Schellen-König",
                                "Eichel, Grün, Rot, Schellen", "D K O U 10 9 8 7"}) {
    EXPECT_TRUE(Has(german, word)) << word;
  }
  EXPECT_TRUE(Has(german, "<body class=\"deck-german\">"));
  EXPECT_TRUE(Has(german, "data-card=\"C-J\" data-direction=\"R\">U</span>"));
  // No suit symbol: the German deck has none.
  for (std::string_view symbol : {"\u2663", "\u2660", "\u2665", "\u2666"}) {
    EXPECT_FALSE(Has(Visible(german), symbol)) << symbol;
    EXPECT_FALSE(Has(PrintoutsText(set, Options("de", "german")), symbol)) << symbol;
  }
  EXPECT_TRUE(Has(PrintoutsText(set, Options("de", "german")),
                  "Skat: Karte 1 (oben) Eichel K, "
                  "Karte 2 Eichel D\n"));
  // In English the German deck keeps Unter and Ober and calls the Daus an ace.
  const std::string english = PrintoutsHtml(set, Options("en", "german"));
  EXPECT_TRUE(Has(english, "<small class=\"name\">unter of acorns</small>"));
  EXPECT_TRUE(Has(english, "<small class=\"name\">ace of leaves</small>"));
  EXPECT_TRUE(Has(english, "acorns, leaves, hearts, bells; A K O U 10 9 8 7"));
  EXPECT_TRUE(Has(english, "Forehand"));
}

TEST(PrintoutsLanguageTest, TheFourColourDeckKeepsTheSymbolsInItsColours) {
  const std::string html = PrintoutsHtml(MakeSet(3), Options("en", "four"));
  EXPECT_TRUE(Has(html, "<body class=\"deck-four\">"));
  EXPECT_TRUE(Has(html, ".deck-four .s, .deck-german .s { color: #16722a; }"));
  EXPECT_TRUE(Has(html, "<span class=\"sym s\">\u2660</span>"));
  EXPECT_TRUE(Has(html, "<small class=\"name\">jack of clubs</small>"));
  // An unknown language or deck reads as English and French cards.
  EXPECT_EQ(PrintoutsHtml(MakeSet(3), Options("xx", "tarot")),
            PrintoutsHtml(MakeSet(3), Options("en", "french")));
}

}  // namespace
}  // namespace skat
