// The `skat` command line as a user runs it: a real process, its output and its exit code.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/services/run_skat.h"

namespace {

using skat::testing_cli::Output;
using skat::testing_cli::Skat;

TEST(CliTest, EverySubcommandHasHelp) {
  for (const char* sub : {"", "value", "board", "demo"}) {
    const Output r = Skat(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << sub;
  }
}

TEST(CliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(Skat("").exit_code, 2);
  EXPECT_EQ(Skat("shuffle").exit_code, 2);
  EXPECT_EQ(Skat("board").exit_code, 2);  // --number or --hands is required
  EXPECT_EQ(Skat("demo --tables 1").exit_code, 2);
}

// seed002 §8 V7: ♥ Solo with 2, schneider announced and made: 10 × (2 + 3) = 50.
TEST(CliTest, ValuePrintsValuePadEntryAndRules) {
  const Output r =
      Skat("value --game solo-hearts --matadors 'with 2' --announce schneider --points 95");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("value: 50\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pad entry: +50\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rules: N1 N2 N4"), std::string::npos) << r.out;
}

// seed002 §8 V10 with matadors counted from the declarer's 12 cards: with 2, bid 27, passt mir
// nicht ♥ won in play: 2 × 6 × ⌈27 / 6⌉ = 60 (RULES N9).
TEST(CliTest, ValueCountsMatadorsFromCards) {
  const Output r = Skat(
      "value --game passt-mir-nicht-hearts --points 70 --floor 27 "
      "--cards 'C-J S-J H-A H-10 H-K H-9 H-8 C-A S-A D-7 D-8 D-9'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("with 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pad entry: -60\n"), std::string::npos) << r.out;
}

TEST(CliTest, ValueRejectsBadInputWithExitOne) {
  EXPECT_EQ(Skat("value --game solo-purple --matadors 'with 1' --points 70").exit_code, 1);
  EXPECT_EQ(Skat("value --game solo-hearts --matadors 'with 12' --points 70").exit_code, 1);
  EXPECT_EQ(Skat("value --game solo-hearts --matadors 'with 1' --points 121").exit_code, 1);
  EXPECT_EQ(Skat("value --game solo-hearts --points 70").exit_code, 1);  // no matadors
  EXPECT_EQ(Skat("value --game solo-hearts --cards 'C-J C-J' --points 70").exit_code, 1);
}

TEST(CliTest, BoardRoundTripsTheLastDealNumber) {
  const Output by_number = Skat("board --number 5506588817009279");
  ASSERT_EQ(by_number.exit_code, 0);
  const size_t at = by_number.out.find("board: ");
  ASSERT_NE(at, std::string::npos);
  const std::string board = by_number.out.substr(at + 7, by_number.out.find('\n', at) - at - 7);
  const Output by_hands = Skat("board --hands '" + board + "'");
  EXPECT_EQ(by_hands.exit_code, 0);
  EXPECT_NE(by_hands.out.find("deal number: 5506588817009279\n"), std::string::npos)
      << by_hands.out;
}

TEST(CliTest, BoardRejectsBadInputWithExitOne) {
  EXPECT_EQ(Skat("board --number 5506588817009280").exit_code, 1);
  EXPECT_EQ(Skat("board --number -1").exit_code, 1);
  EXPECT_EQ(Skat("board --hands 'F: C-J; M: S-J; R: H-J; S: D-J D-7'").exit_code, 1);
}

// --deck symbols writes the cards with suit symbols (docs/cards.md "Decks") and nothing else;
// the default, and --deck letters, write the engine's notation; the symbols read back.
TEST(CliTest, DeckSymbolsWritesCardsWithSuitSymbols) {
  const Output letters = Skat("board --number 1000000000000000");
  const Output symbols = Skat("board --number 1000000000000000 --deck symbols");
  ASSERT_EQ(symbols.exit_code, 0);
  EXPECT_EQ(Skat("--deck letters board --number 1000000000000000").out, letters.out);
  EXPECT_NE(letters.out.find("forehand: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10\n"),
            std::string::npos)
      << letters.out;
  EXPECT_NE(symbols.out.find("deal number: 1000000000000000\nforehand: \u266310 \u26639 \u2660J "
                             "\u26608 \u26607 \u2665J \u266510 \u26657 \u2666A \u266610\n"),
            std::string::npos)
      << symbols.out;
  EXPECT_NE(symbols.out.find("skat: \u2665K \u2660Q  (card 1 first)\n"), std::string::npos)
      << symbols.out;
  EXPECT_EQ(symbols.out.find('-'), std::string::npos) << symbols.out;
  const size_t at = symbols.out.find("board: ");
  ASSERT_NE(at, std::string::npos);
  const std::string board = symbols.out.substr(at + 7, symbols.out.find('\n', at) - at - 7);
  const Output back = Skat("board --hands '" + board + "'");
  EXPECT_NE(back.out.find("deal number: 1000000000000000\n"), std::string::npos) << back.out;
  EXPECT_EQ(Skat("board --number 0 --deck tarot").exit_code, 2);
}

// The demo is reproducible from its seed and compares every direction at every table.
TEST(CliTest, DemoIsReproducibleFromItsSeed) {
  const Output a = Skat("demo --seed 1909 --tables 4");
  const Output b = Skat("demo --seed 1909 --tables 4");
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  for (const char* line : {"table 4: ", "  forehand ", "  middlehand ", "  rearhand "}) {
    EXPECT_NE(a.out.find(line), std::string::npos) << line;
  }
}

}  // namespace
