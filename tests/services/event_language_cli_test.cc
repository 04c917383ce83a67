// An event's language and deck from the command line (label e2e; docs/i18n.md "Printed sheets"):
// `skat events create --language de --deck german`, then `skat boards print` writes the board
// set's printouts in German with the German deck's card names; `skat events show` and
// `skat events update` read and change the two settings (director only).
#include <gtest/gtest.h>

#include <filesystem>
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

class EventLanguageCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override { StartWithEvent("skat-event-language", "Club night"); }

  // The file in `dir` whose name ends with `suffix` ("" when there is none), without its style
  // sheet (whose comments are English, and never printed).
  static std::string ReadEnding(const fs::path& dir, const std::string& suffix) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (name.size() <= suffix.size() || !name.ends_with(suffix)) continue;
      std::string text = skat::testing_program::ReadFile(entry.path());
      const size_t style = text.find("<style>");
      if (style != std::string::npos) text.erase(style, text.find("</style>") - style);
      return text;
    }
    return "";
  }
};

TEST_F(EventLanguageCliTest, AGermanEventPrintsItsBoardsInGermanWithGermanCards) {
  const Output created = Skat("events create --name 'Preisskat' --language de --deck german");
  ASSERT_EQ(created.exit_code, 0) << created.out;
  EXPECT_TRUE(Contains(created.out, "printed sheets: language de, deck german")) << created.out;
  const std::string event = FirstWord(created.out);
  const std::string director = "SKAT_DIRECTOR_TOKEN=" + ValueAfter(created.out, "director token: ");
  const Output set = Skat("boards create --event " + event + " --boards 2", director);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  const fs::path out = root_ / "printouts";
  const Output printed =
      Skat("boards print " + FirstWord(set.out) + " --out " + out.string(), director);
  ASSERT_EQ(printed.exit_code, 0) << printed.out;
  for (const char* suffix : {"-printouts.html", "-printouts.txt"}) {
    SCOPED_TRACE(suffix);
    const std::string sheets = ReadEnding(out, suffix);
    ASSERT_FALSE(sheets.empty());
    for (const char* german : {"Stechkarten", "Vorhangkarten", "Verteilbogen", "Vorhand",
                               "Mittelhand", "Hinterhand", "Stuhl", "Eichel", "Schellen"}) {
      EXPECT_TRUE(Contains(sheets, german)) << german;
    }
    for (const char* english : {"Punch cards", "Curtain cards", "Dealing sheet", "forehand",
                                "Forehand", "middlehand", "rearhand", "Chair", "clubs"}) {
      EXPECT_FALSE(Contains(sheets, english)) << english;
    }
  }
  // The dealing sheet names every card as the German deck calls it.
  EXPECT_TRUE(Contains(ReadEnding(out, "-printouts.html"), "Eichel-Unter"));
  EXPECT_TRUE(Contains(ReadEnding(out, "-printouts.html"), "<html lang=\"de\">"));
}

TEST_F(EventLanguageCliTest, ShowAndUpdateTheSettingsAsTheDirector) {
  // The fixture's event was made without the options: English, French cards.
  const Output shown = Skat("events show " + event_);
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_TRUE(Contains(shown.out, "printed sheets: language en, deck french")) << shown.out;

  const std::string director = "SKAT_DIRECTOR_TOKEN=" + director_;
  const Output deck = Skat("events update " + event_ + " --deck four", director);
  ASSERT_EQ(deck.exit_code, 0) << deck.out;
  EXPECT_TRUE(Contains(deck.out, "printed sheets: language en, deck four")) << deck.out;
  const Output both = Skat("events update " + event_ + " --language de --deck german", director);
  ASSERT_EQ(both.exit_code, 0) << both.out;
  EXPECT_TRUE(Contains(both.out, "printed sheets: language de, deck german")) << both.out;

  // Without the director token, with no setting, with a value skat does not offer.
  const Output anonymous = Skat("events update " + event_ + " --deck french");
  EXPECT_EQ(anonymous.exit_code, 1) << anonymous.out;
  EXPECT_TRUE(Contains(anonymous.out, "unauthenticated")) << anonymous.out;
  const Output nothing = Skat("events update " + event_, director);
  EXPECT_EQ(nothing.exit_code, 1) << nothing.out;
  EXPECT_TRUE(Contains(nothing.out, "give --language, --deck, --ranking or more of them"))
      << nothing.out;
  EXPECT_EQ(Skat("events update " + event_ + " --language fr", director).exit_code, 2);
  EXPECT_TRUE(
      Contains(Skat("events show " + event_).out, "printed sheets: language de, deck german"));
}

}  // namespace
