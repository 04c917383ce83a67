// The session's printed sheets in an event's language and deck (services/cli/sheets/
// session_sheets.h; docs/i18n.md "Printed sheets"): the table cards, score slips and seating
// sheet in German whatever the process's language, the slip naming the deck's suits.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "services/cli/i18n/tr.h"
#include "services/cli/sheets/session_sheets.h"

namespace skat::cli {
namespace {

v1::Session OneTable() {
  v1::Session session;
  session.set_number(1);
  v1::SessionTable* t = session.add_tables();
  t->set_round(1);
  t->set_table_number(1);
  for (int b : {1, 2}) t->add_boards(b);
  for (const char* p : {"events/e/players/a", "events/e/players/b", "events/e/players/c"}) {
    t->add_players(p);
  }
  return session;
}

TEST(SessionSheetsLanguageTest, GermanSheetsWithTheGermanDecksSuits) {
  ASSERT_EQ(CurrentLanguage(), kEnglish);  // the process's language plays no part
  const std::map<std::string, std::string> names = {{"events/e/players/a", "Anna"},
                                                    {"events/e/players/b", "Bert"}};
  const std::string german =
      SessionSheetsHtml(OneTable(), names, "Preisskat", Translator("de"), "german");
  for (const char* text :
       {"<html lang=\"de\">", ": Zettel, Board 2, Runde 1, Tisch 1</h2>", "<td>Vorhand</td>",
        "(leerer Stuhl)", "<th>Spiel (Eichel, Grün, Rot, Schellen, Grand, Null; Hand, ouvert)</th>",
        "Kopien: Boards 1-2 x1"}) {
    EXPECT_NE(german.find(text), std::string::npos) << text;
  }
  for (const char* english : {"score slip", "forehand", "empty chair", "clubs", "seating"}) {
    EXPECT_EQ(german.find(english), std::string::npos) << english;
  }
  const std::string english = SessionSheetsHtml(OneTable(), names, "Club night", Translator());
  EXPECT_NE(english.find("<th>game (clubs, spades, hearts, diamonds, grand, null; hand, "
                         "ouvert)</th>"),
            std::string::npos);
  EXPECT_NE(english.find("score slip, board 1, round 1, table 1"), std::string::npos);
}

}  // namespace
}  // namespace skat::cli
