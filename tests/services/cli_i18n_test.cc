// The command line's catalogues (docs/i18n.md "The command line"): the .po reader, the language
// choice, refusals in German, and the German catalogue against the sources: every Tr/TrN text
// in services/cli, services/skatd, services/report and services/deal has its German entry, every
// entry is translated and keeps its placeholders.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/cli/i18n/embedded_po.h"
#include "services/cli/i18n/po_file.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

using i18n::ParsePo;
using i18n::PoFile;

TEST(PoFileTest, ReadsEntriesPluralsContextsEscapesAndContinuedStrings) {
  const PoFile file = ParsePo(
      "# a comment\n"
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Language: de\\n\"\n"
      "\n"
      "msgid \"board {0}\"\n"
      "msgstr \"Board {0}\"\n"
      "\n"
      "#, c-format\n"
      "msgid \"say \\\"yes\\\"\\tnow\\\\\"\n"
      "msgstr \"\"\n"
      "\"sag \\\"ja\\\" \"\n"
      "\"jetzt\\n\"\n"
      "\n"
      "msgctxt \"reason\"\n"
      "msgid \"not-found\"\n"
      "msgstr \"nicht gefunden\"\n"
      "\n"
      "msgid \"{n} table\"\n"
      "msgid_plural \"{n} tables\"\n"
      "msgstr[0] \"{n} Tisch\"\n"
      "msgstr[1] \"{n} Tische\"\n");
  ASSERT_EQ(file.error, "");
  ASSERT_EQ(file.entries.size(), 5u);
  EXPECT_EQ(file.entries[0].msgid, "");
  EXPECT_EQ(file.entries[0].msgstr, std::vector<std::string>{"Language: de\n"});
  EXPECT_EQ(file.entries[1].msgid, "board {0}");
  EXPECT_EQ(file.entries[1].msgstr, std::vector<std::string>{"Board {0}"});
  EXPECT_EQ(file.entries[1].line, 6);
  EXPECT_EQ(file.entries[2].msgid, "say \"yes\"\tnow\\");
  EXPECT_EQ(file.entries[2].msgstr, std::vector<std::string>{"sag \"ja\" jetzt\n"});
  EXPECT_EQ(file.entries[3].context, "reason");
  EXPECT_EQ(file.entries[3].msgid, "not-found");
  EXPECT_EQ(file.entries[4].context, "");
  EXPECT_EQ(file.entries[4].msgid_plural, "{n} tables");
  EXPECT_EQ(file.entries[4].msgstr, (std::vector<std::string>{"{n} Tisch", "{n} Tische"}));
}

TEST(PoFileTest, RefusesMalformedLinesNamingTheLine) {
  EXPECT_EQ(ParsePo("msgid \"a\"\nmsgstr \"b\n").error, "line 2: not one quoted string");
  EXPECT_EQ(ParsePo("msgstr \"b\"\n").error, "line 1: msgstr before any msgid");
  EXPECT_EQ(ParsePo("msgid \"a\"\nmsgtxt \"b\"\n").error, "line 2: unknown keyword msgtxt");
  EXPECT_EQ(ParsePo("\"a\"\n").error, "line 1: a string without a keyword before it");
  EXPECT_EQ(ParsePo("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"c\"\n").error,
            "line 3: plural forms out of order: msgstr[1]");
  EXPECT_EQ(ParsePo("msgid \"a\\q\"\n").error, "line 1: not one quoted string");
  EXPECT_EQ(ParsePo("msgid\n").error, "line 1: a keyword without its string");
}

TEST(LanguageTest, TheOptionThenLanguageLcAllLcMessagesLang) {
  EXPECT_EQ(LanguageOf("", "", "", "", ""), kEnglish);
  EXPECT_EQ(LanguageOf("", "", "", "", "de_DE.UTF-8"), "de");
  EXPECT_EQ(LanguageOf("", "", "", "", "en_GB.UTF-8"), kEnglish);
  EXPECT_EQ(LanguageOf("", "", "", "de_AT", "en_US"), "de");
  EXPECT_EQ(LanguageOf("", "", "C", "de_AT", "de_DE"), kEnglish);
  EXPECT_EQ(LanguageOf("", "de:en", "en_US", "", ""), "de");
  EXPECT_EQ(LanguageOf("en", "de", "de", "de", "de"), kEnglish);
  EXPECT_EQ(LanguageOf("de", "", "", "", "C"), "de");
  EXPECT_EQ(LanguageOf("", "", "", "", "DE_de"), "de");
  EXPECT_EQ(LanguageOf("", "", "", "", "xx_XX.UTF-8"), kEnglish);  // no catalogue for xx
  EXPECT_EQ(KnownLanguages(), (std::vector<std::string>{"en", "de"}));
  const char* args[] = {"skat", "events", "list", "--lang", "de"};
  EXPECT_EQ(ChooseLanguage(5, args), "de");
  const char* equals[] = {"skat", "--lang=en", "events"};
  EXPECT_EQ(ChooseLanguage(3, equals), kEnglish);
}

class GermanTest : public ::testing::Test {
 protected:
  void SetUp() override { SetLanguage("de"); }
  void TearDown() override { SetLanguage(kEnglish); }
};

TEST_F(GermanTest, TrFillsPlaceholdersAndPicksThePluralForm) {
  EXPECT_EQ(Tr("round {0} table {1}", 3, 2), "Runde 3 Tisch 2");
  EXPECT_EQ(TrN("{n} table", "{n} tables", 1), "1 Tisch");
  EXPECT_EQ(TrN("{n} table", "{n} tables", 9), "9 Tische");
  EXPECT_EQ(Tr("a text the catalogue lacks {0}", "{1}"), "a text the catalogue lacks {1}");
  SetLanguage(kEnglish);
  EXPECT_EQ(Tr("round {0} table {1}", 3, 2), "round 3 table 2");
  EXPECT_EQ(TrN("{n} table", "{n} tables", 9), "9 tables");
}

// Decimals in the reader's language: a comma in German, for the process and for a Translator.
TEST_F(GermanTest, DecimalsTakeTheLanguagesMark) {
  EXPECT_EQ(Decimal("+62.50"), "+62,50");
  EXPECT_EQ(Translator(kEnglish).Decimal("-1.5"), "-1.5");
  EXPECT_EQ(Translator("de").Decimal("7"), "7");
  SetLanguage(kEnglish);
  EXPECT_EQ(Decimal("+62.50"), "+62.50");
  EXPECT_EQ(Translator("de").Decimal("0.25"), "0,25");
}

TEST_F(GermanTest, RefusalsByReasonCodeKeepTheRuleAndTheValues) {
  EXPECT_EQ(RefusalText("invalid-argument",
                        "report for board 9 of events/e/tables/t: declarer card points 121 are "
                        "outside 0..120 (RULES C1)"),
            "ungültige Angabe: Meldung für Board 9 von events/e/tables/t: Augen des "
            "Alleinspielers 121 liegen nicht in 0..120 (RULES C1)");
  // A seat or a chair skatd names is said in German too; so is "board N of T: ".
  EXPECT_EQ(RefusalText("invalid-argument",
                        "ramsch: middlehand took no trick but has 4 card points (RULES N10)"),
            "ungültige Angabe: Ramsch: Mittelhand bekam keinen Stich, hat aber 4 Augen "
            "(RULES N10)");
  EXPECT_EQ(RefusalText("not-allowed",
                        "board 3 of events/e/tables/t: the result was entered by chair 2; "
                        "another chair confirms it"),
            "nicht erlaubt: Board 3 von events/e/tables/t: das Ergebnis wurde von Stuhl 2 "
            "eingetragen; ein anderer Stuhl bestätigt es");
  EXPECT_EQ(RefusalText("invalid-argument",
                        "contra by forehand, the declarer: only a defender "
                        "says Contra (000 §11)"),
            "ungültige Angabe: Kontra von Vorhand, dem Alleinspieler: nur ein Gegenspieler sagt "
            "Kontra (000 §11)");
  // Without a template: the reason and the rule, none of skatd's English.
  EXPECT_EQ(RefusalText("not-allowed", "the rules forbid that now (RULES N11)"),
            "nicht erlaubt (RULES N11)");
  EXPECT_EQ(RefusalText("", "boom"), "Fehler");
  SetLanguage(kEnglish);
  EXPECT_EQ(RefusalText("not-allowed", "the rules forbid that now (RULES N11)"),
            "not-allowed: the rules forbid that now (RULES N11)");
  EXPECT_EQ(RefusalText("", "boom"), "error: boom");
}

// Every reason code skatd can send (engine/status.h ErrorCode, named by ErrorCodeName; a code
// added at the end of the enum is found too) reads in German, in every catalogue compiled in.
TEST(CatalogueTest, EveryReasonCodeHasItsTextInEveryCatalogue) {
  std::vector<std::string> codes;
  for (int code = static_cast<int>(ErrorCode::kOk) + 1; code < 256; ++code) {
    const std::string_view name = ErrorCodeName(static_cast<ErrorCode>(code));
    if (name == "unknown") break;
    codes.emplace_back(name);
  }
  ASSERT_GE(codes.size(), 19u);  // invalid-argument ... internal
  EXPECT_EQ(codes.front(), "invalid-argument");
  for (std::string_view language : i18n::EmbeddedLanguages()) {
    SetLanguage(std::string(language));
    const auto& reasons = TranslationsIn("reason");
    for (const std::string& code : codes) {
      const auto text = reasons.find(code);
      EXPECT_TRUE(text != reasons.end() && !text->second.empty() && text->second != code)
          << language << ".po has no text for the reason " << code;
      // The refusal reads in the language, not as the code.
      EXPECT_EQ(RefusalText(code, "x").rfind(code, 0), std::string::npos) << code;
    }
  }
  SetLanguage(kEnglish);
  EXPECT_EQ(RefusalText("board-in-play", "x"), "board-in-play: x");
}

// The rarer refusals of services/common and the rarer lines of a seating read in German too,
// with the values they name ("round 1 table 2" and a seat said in German).
TEST_F(GermanTest, RarerRefusalsAndSeatingLinesByTemplate) {
  EXPECT_EQ(RefusalText("resource-exhausted",
                        "too many events created from 10.0.0.7: at most 5 at once, then 2 a "
                        "minute; retry in 30 s"),
            "Grenze erreicht, später erneut versuchen: zu viele angelegte Veranstaltungen von "
            "10.0.0.7: höchstens 5 auf "
            "einmal, dann 2 je Minute; erneut versuchen in 30 s");
  EXPECT_EQ(
      RefusalText("permission-denied", "the token given is not the director token of events/e1"),
      "dieses Token berechtigt dazu nicht: das angegebene Token ist nicht das "
      "Leitungs-Token von events/e1");
  EXPECT_EQ(TranslatedLines("  round 2 table 1: clubmates A1 Anna and A2 Bert at one table (one "
                            "may defend against the other)",
                            "validation"),
            "  Runde 2 Tisch 1: die Vereinskameraden A1 Anna und A2 Bert an einem Tisch (einer "
            "kann gegen den anderen Gegenspieler sein)");
  EXPECT_EQ(TranslatedLines("player A1 is present at board 3 twice, forehand in round 1 table 1 "
                            "and resting dealer in round 2 table 2 (a resting dealer is present "
                            "at that board)",
                            "validation"),
            "Spieler A1 ist zweimal bei Board 3 dabei, Vorhand in Runde 1 Tisch 1 und ruhender "
            "Geber in Runde 2 Tisch 2 (ein ruhender Geber ist bei diesem Board dabei)");
  // skat arena's own English data (kept English for arena.html), read by template.
  EXPECT_EQ(TranslatedLines("in-process on 2 threads", "arena"), "im Prozess auf 2 Threads");
  EXPECT_EQ(TranslatedLines("in-process on 1 thread", "arena"), "im Prozess auf 1 Thread");
  EXPECT_EQ(TranslatedLines("skatd's board set events/e/boardSets/b", "arena"),
            "Board-Satz events/e/boardSets/b von skatd");
}

TEST_F(GermanTest, SkatdsLinesByTemplateOthersAsTheyAre) {
  const std::string validation =
      "errors: 0\nwarnings: 1\n  board 4 is played at one table only (its results are compared "
      "with none)\ndirections (F/M/R):\n  1 Anna: 3/3/3\n  2 Bert: 2/2/2, rested 1\n";
  EXPECT_EQ(TranslatedLines(validation, "validation"),
            "Fehler: 0\nWarnungen: 1\n  Board 4 wird nur an einem Tisch gespielt (seine "
            "Ergebnisse werden mit keinen verglichen)\nPlätze (V/M/H):\n  1 Anna: 3/3/3\n  2 "
            "Bert: 2/2/2, ausgesetzt 1\n");
  // CLI11's usage errors; the specific template before the general one.
  EXPECT_EQ(TranslatedLines("--table is required", "usage"), "--table fehlt (Pflicht)");
  EXPECT_EQ(TranslatedLines("A subcommand is required", "usage"), "ein Unterbefehl fehlt");
  SetLanguage(kEnglish);
  EXPECT_EQ(TranslatedLines(validation, "validation"), validation);
}

// The placeholders of a text, sorted: {0}, {n}, {event}, ...
std::multiset<std::string> Placeholders(const std::string& text) {
  std::multiset<std::string> out;
  static const std::regex marker("\\{[a-z0-9_]+\\}");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), marker);
       it != std::sregex_iterator(); ++it) {
    out.insert(it->str());
  }
  return out;
}

void CheckCatalogue(const std::string& language);

// Every catalogue compiled in (de.po, and any language added beside it).
TEST(CatalogueTest, EveryEntryIsTranslatedOnceAndKeepsItsPlaceholders) {
  ASSERT_FALSE(i18n::EmbeddedLanguages().empty());
  for (std::string_view language : i18n::EmbeddedLanguages()) {
    CheckCatalogue(std::string(language));
  }
}

// The catalogue `language` compiled in: readable, each entry translated once, placeholders kept.
void CheckCatalogue(const std::string& language) {
  const PoFile file = ParsePo(i18n::EmbeddedPo(language));
  ASSERT_EQ(file.error, "") << language;
  ASSERT_GT(file.entries.size(), 50u) << language;
  std::set<std::pair<std::string, std::string>> seen;
  for (const i18n::PoEntry& e : file.entries) {
    if (e.msgid.empty()) continue;  // the header
    SCOPED_TRACE(language + ".po line " + std::to_string(e.line) + ": " + e.msgid);
    EXPECT_TRUE(seen.insert({e.context, e.msgid}).second) << "a second entry";
    ASSERT_EQ(e.msgstr.size(), e.msgid_plural.empty() ? 1u : 2u);
    for (size_t form = 0; form < e.msgstr.size(); ++form) {
      EXPECT_FALSE(e.msgstr[form].empty()) << "not translated";
      const std::string& english = form == 1 ? e.msgid_plural : e.msgid;
      EXPECT_EQ(Placeholders(e.msgstr[form]), Placeholders(english));
    }
  }
}

// The texts of `source` given to Tr and TrN as string literals (adjacent literals joined; the
// escapes \n, \", \\ read): {msgid, msgid_plural}.
std::vector<std::pair<std::string, std::string>> TrTexts(const std::string& source) {
  std::vector<std::pair<std::string, std::string>> out;
  auto literals = [&](size_t& i) {
    std::string text;
    for (;;) {
      while (i < source.size() && std::isspace(static_cast<unsigned char>(source[i]))) ++i;
      if (i >= source.size() || source[i] != '"') return text;
      for (++i; i < source.size() && source[i] != '"'; ++i) {
        if (source[i] == '\\' && i + 1 < source.size()) {
          const char c = source[++i];
          text += c == 'n' ? '\n' : c == 't' ? '\t' : c;
        } else {
          text += source[i];
        }
      }
      ++i;
    }
  };
  // Each call "Tr(" or "TrN(" after no letter, digit or _ (a scan by hand: std::regex over the
  // whole source tree took most of this test's time under the sanitizers).
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = source.find("Tr"); at != std::string::npos; at = source.find("Tr", at + 1)) {
    if (at > 0 && word(source[at - 1])) continue;
    const bool plural = source.compare(at + 2, 2, "N(") == 0;
    if (!plural && source.compare(at + 2, 1, "(") != 0) continue;
    size_t i = at + (plural ? 4 : 3);
    const std::string one = literals(i);
    if (one.empty()) continue;  // not a literal: Tr(variable) in a definition
    std::string other;
    if (plural) {
      while (i < source.size() && (source[i] == ',' || std::isspace(source[i]))) ++i;
      other = literals(i);
    }
    out.emplace_back(one, other);
  }
  return out;
}

void CheckEveryText(const std::string& language);

TEST(CatalogueTest, EveryTextOfTheCommandLineHasItsEntryInEveryCatalogue) {
  for (std::string_view language : i18n::EmbeddedLanguages()) {
    SCOPED_TRACE(std::string(language) + ".po");
    CheckEveryText(std::string(language));
  }
}

// Every Tr and TrN text (tr.Tr, tr.TrN of a cli::Translator too) of services/cli,
// services/skatd, services/report and services/deal (the printouts) has its entry in the
// catalogue `language`.
void CheckEveryText(const std::string& language) {
  std::map<std::string, std::string> german;  // msgid -> msgid_plural
  for (const i18n::PoEntry& e : ParsePo(i18n::EmbeddedPo(language)).entries) {
    if (e.context.empty()) german[e.msgid] = e.msgid_plural;
  }
  int texts = 0;
  // The command line, skatd's own messages, the result pages and the printouts (docs/i18n.md).
  std::vector<std::filesystem::path> files;
  for (const char* dir : {"services/cli", "services/skatd", "services/report", "services/deal"}) {
    const std::filesystem::path root = std::filesystem::path(SKAT_SOURCE_DIR) / dir;
    for (const auto& file : std::filesystem::recursive_directory_iterator(root)) {
      files.push_back(file.path());
    }
  }
  for (const std::filesystem::path& path : files) {
    const std::string ext = path.extension().string();
    if (ext != ".cc" && ext != ".h") continue;
    std::ifstream in(path);
    std::stringstream source;
    source << in.rdbuf();
    for (const auto& [one, other] : TrTexts(source.str())) {
      ++texts;
      const auto found = german.find(one);
      EXPECT_TRUE(found != german.end()) << path.filename() << ": no entry for " << one;
      if (found != german.end()) {
        EXPECT_EQ(found->second, other) << one;
      }
    }
  }
  EXPECT_GT(texts, 100);
}

}  // namespace
}  // namespace skat::cli
