// `skat value` scoring a result reported from physical play (docs/tables.md "Physical play"; RULES
// P2, P3, S1, S2): a real process, its output and its exit code.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/services/run_skat.h"

namespace {

using skat::testing_cli::Output;
using skat::testing_cli::Skat;

// Forehand's 12 cards hold J♣ J♠ but not J♥: "with 2" in hearts. Skat: H-8 (card 1), D-10.
const std::string kBoard =
    "--board 'F: C-J S-J H-A H-10 H-K H-Q H-9 C-A S-A D-7; "
    "M: H-J D-J C-10 C-K C-Q C-9 C-8 C-7 S-10 S-K; "
    "R: S-Q S-9 S-8 S-7 D-A D-K D-Q D-9 D-8 H-7; S: H-8 D-10' --declarer forehand";

// RULES P2 (1909 booklet XI.8): middlehand revokes after 3 tricks; the defenders had 14 points
// in their one trick, so the declarer wins at schneider: ♥ Solo with 2 = 40, charged to
// middlehand; S2: (+40, -40, 0) settles to (+120, -120, 0). RULES P3 (1909 booklet XI.1): the
// dealer's misdeal fine (rearhand at 3 players) stays in its own column (XI.15).
TEST(ValueCliTest, DefenderRevokeChargesTheOffenderAndKeepsFinesApart) {
  const Output r = Skat("value --game solo-hearts --floor 18 " + kBoard +
                        " --revoke-by middlehand --after-tricks 3 --tricks-before 2"
                        " --points-before 25 --defender-points-before 14 --fine misdeal:dealer");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("with 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value: 40\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pad: forehand +40, middlehand -40, rearhand 0\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("fines (kept apart): forehand 0, middlehand 0, rearhand -10\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("settled: forehand +120, middlehand -120, rearhand 0\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("XI.8"), std::string::npos) << r.out;
}

// RULES P2 (1909 booklet XI.4): a Solo declarer who looked at the skat loses even with 80
// points; at a 4-player table the resting dealer shares the settlement (S2, k = 4):
// (-30, 0, 0, 0) settles to (-90, +30, +30, +30).
TEST(ValueCliTest, SoloDeclarerWhoLooksAtTheSkatLosesAtAFourPlayerTable) {
  const Output r = Skat("value --game solo-hearts --floor 18 --points 80 --tricks 7 " + kBoard +
                        " --declarer-looked-at-skat --players 4");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("result: lost"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pad: forehand -30, middlehand 0, rearhand 0, dealer 0\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("settled: forehand -90, middlehand +30, rearhand +30, dealer +30\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("XI.4"), std::string::npos) << r.out;
}

// A score sheet that contradicts the board: "with 3" where forehand's 12 cards give "with 2"
// (RULES N1). Exit 1 with a message naming the reported value and the rule (a refusal never names
// what only the board knows: docs/tables.md "Refused reports").
TEST(ValueCliTest, MatadorsThatContradictTheBoardExitOne) {
  const Output r =
      Skat("value --game solo-hearts --matadors 'with 3' --points 70 --tricks 6 " + kBoard);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("with 3"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("with 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("RULES N1"), std::string::npos) << r.out;
}

// The physical-play options need the board.
TEST(ValueCliTest, PhysicalOptionsWithoutABoardExitOne) {
  EXPECT_EQ(
      Skat("value --game solo-hearts --matadors 'with 1' --points 70 --fine misdeal").exit_code, 1);
}

// 000 §11, D25, D71 under eichhorn-1898+contra: middlehand said Contra and forehand answered
// Re-contra; the ♥ Solo with 2 won simply is V = 30, the pad (+3V, -2V, 0) = (+90, -60, 0),
// settled (+240, -210, -30). Without the option the same report is refused (exit 1).
TEST(ValueCliTest, ReportedRecontraTriplesTheDeclarersEntry) {
  const std::string report = "value --game solo-hearts --floor 18 --points 70 --tricks 6 " +
                             kBoard + " --contra-by middlehand --recontra";
  const Output r = Skat(report + " --profile eichhorn-1898+contra");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("value: 30\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("re-contra by middlehand"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pad: forehand +90, middlehand -60, rearhand 0\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("settled: forehand +240, middlehand -210, rearhand -30\n"),
            std::string::npos)
      << r.out;
  const Output refused = Skat(report);
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_NE(refused.out.find("nasl-1909 has no Contra"), std::string::npos) << refused.out;
  EXPECT_EQ(Skat("value --game solo-hearts --points 70 " + kBoard + " --recontra").exit_code, 1);
}

// RULES G7: a Null (20) or Null Ouvert (40) is not declarable under a higher floor. skat value
// refuses it as play does (exit 1, the rule named), alone and as a report on a board; at a floor
// its value reaches it is valued.
TEST(ValueCliTest, NullBelowTheFloorIsRefusedAsInPlay) {
  const Output null30 = Skat("value --game null --floor 30");
  EXPECT_EQ(null30.exit_code, 1) << null30.out;
  EXPECT_NE(null30.out.find("its value 20 is below the bid 30 (RULES G7)"), std::string::npos)
      << null30.out;
  EXPECT_EQ(null30.out.find("won"), std::string::npos) << null30.out;
  const Output ouvert45 = Skat("value --game null-ouvert --floor 45 --tricks 1");
  EXPECT_EQ(ouvert45.exit_code, 1) << ouvert45.out;
  EXPECT_NE(ouvert45.out.find("its value 40 is below the bid 45 (RULES G7)"), std::string::npos)
      << ouvert45.out;
  const Output reported = Skat("value --game null --floor 30 --tricks 0 " + kBoard);
  EXPECT_EQ(reported.exit_code, 1) << reported.out;
  EXPECT_NE(reported.out.find("(RULES G7)"), std::string::npos) << reported.out;
  const Output null20 = Skat("value --game null --floor 20");
  EXPECT_EQ(null20.exit_code, 0) << null20.out;
  EXPECT_NE(null20.out.find("value: 20\n"), std::string::npos) << null20.out;
}

// `skat value` reaches every profile's games (docs/cli.md "skat value"). The numbers are worked
// by hand from docs/rules.md "The older profiles' own games" (RULES "Profile deltas").
//
// gucki-variation, spades after taking the skat (unit 11), with 1, schneider made: (1 + game 1 +
// schneider 1) x 11 = 33; schneider announced and made: the same doubled, 66; schwarz made after
// announcing schneider: 66 + one unit = 77 (the 33 -> 66 -> 77 of the delta table).
TEST(ValueCliTest, GuckiVariationGamesAfterTheSkat) {
  const std::string spades =
      "value --profile gucki-variation --game pickup-spades --matadors 'with 1' ";
  const Output simple = Skat(spades + "--points 95 --tricks 9");
  EXPECT_EQ(simple.exit_code, 0) << simple.out;
  EXPECT_NE(simple.out.find("game: spades with the skat, with 1\n"), std::string::npos)
      << simple.out;
  EXPECT_NE(simple.out.find("value: 33\npad entry: +33\n"), std::string::npos) << simple.out;
  const Output doubled = Skat(spades + "--announce schneider --points 95 --tricks 9");
  EXPECT_EQ(doubled.exit_code, 0) << doubled.out;
  EXPECT_NE(doubled.out.find("value: 66\npad entry: +66\n"), std::string::npos) << doubled.out;
  const Output schwarz = Skat(spades + "--announce schneider --points 120 --tricks 10");
  EXPECT_EQ(schwarz.exit_code, 0) << schwarz.out;
  EXPECT_NE(schwarz.out.find("value: 77\npad entry: +77\n"), std::string::npos) << schwarz.out;
  // The largest loss: Grand Ouvert with 4 after the skat counts schwarz announced (trebled, level
  // 3) and every loss doubles: 24 x (4 + 3) x 3 x 2 = 1,008.
  const Output ouvert = Skat(
      "value --profile gucki-variation --game pickup-grand-ouvert --matadors 'with 4' --points 80 "
      "--tricks 7");
  EXPECT_EQ(ouvert.exit_code, 0) << ouvert.out;
  EXPECT_NE(ouvert.out.find("result: lost"), std::string::npos) << ouvert.out;
  EXPECT_NE(ouvert.out.find("value: 1008\npad entry: -1008\n"), std::string::npos) << ouvert.out;
  // A Null after the skat is 20, lost double: -40.
  const Output null = Skat("value --profile gucki-variation --game pickup-null --tricks 1");
  EXPECT_EQ(null.exit_code, 0) << null.out;
  EXPECT_NE(null.out.find("value: 40\npad entry: -40\n"), std::string::npos) << null.out;
}

// laws-1900's Gucki Null 15 and Gucki Null Ouvert 30, every Gucki lost double: +15, -60.
TEST(ValueCliTest, Laws1900GuckiNull) {
  const Output won = Skat("value --profile laws-1900 --game gucki-null --tricks 0");
  EXPECT_EQ(won.exit_code, 0) << won.out;
  EXPECT_NE(won.out.find("game: gucki null\n"), std::string::npos) << won.out;
  EXPECT_NE(won.out.find("value: 15\npad entry: +15\n"), std::string::npos) << won.out;
  const Output lost = Skat("value --profile laws-1900 --game gucki-null-ouvert --tricks 1");
  EXPECT_EQ(lost.exit_code, 0) << lost.out;
  EXPECT_NE(lost.out.find("value: 60\npad entry: -60\n"), std::string::npos) << lost.out;
  // The Gucki Grand is the Guckser: 16, lost double; without 4, schwarz: 16 x (4 + 3) x 2 = 224.
  const Output grand =
      Skat("value --profile laws-1900 --game guckser --matadors 'without 4' --points 0 --tricks 0");
  EXPECT_EQ(grand.exit_code, 0) << grand.out;
  EXPECT_NE(grand.out.find("value: 224\n"), std::string::npos) << grand.out;
}

// isko: a clubs ouvert (a hand game, schneider and schwarz announced, + ouvert: level 7) with 1
// lost at the first trick is 12 x (1 + 7) x 2 = 192, as the replay of the ISS record of that game
// gives (tests/engine/iss_examples.h kClubsOuvertLostFirstTrick); clubs after taking the skat
// with 1, simple: 12 x (1 + 1) = 24.
TEST(ValueCliTest, IskoSuitOuvertAndGamesAfterTheSkat) {
  const Output ouvert =
      Skat("value --profile isko --game clubs-ouvert --matadors 'with 1' --points 0 --tricks 0");
  EXPECT_EQ(ouvert.exit_code, 0) << ouvert.out;
  EXPECT_NE(ouvert.out.find("value: 192\npad entry: -192\n"), std::string::npos) << ouvert.out;
  const Output pickup =
      Skat("value --profile isko --game pickup-clubs --matadors 'with 1' --points 70 --tricks 6");
  EXPECT_EQ(pickup.exit_code, 0) << pickup.out;
  EXPECT_NE(pickup.out.find("value: 24\npad entry: +24\n"), std::string::npos) << pickup.out;
}

// A game the profile does not have is refused with the names of the games it has.
TEST(ValueCliTest, AGameTheProfileLacksListsItsGames) {
  const Output r =
      Skat("value --profile gucki-variation --game solo-spades --matadors 'with 1' --points 70");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("solo-spades: spades solo is not a game of gucki-variation (RULES G4-G6); "
                       "its games: pickup-diamonds, pickup-hearts, pickup-spades, pickup-clubs, "
                       "pickup-grand, pickup-grand-ouvert, pickup-null, pickup-null-ouvert\n"),
            std::string::npos)
      << r.out;
}

// Giving up under isko (docs/rules-decisions.md D73, D74; ISkO 4.3.3-4.3.6 with 4.1.3-4.1.5):
// the card points and tricks as they stood, the defenders' too.
TEST(ValueCliTest, IskoGivingUpADecidedGameKeepsItsWinner) {
  // Clubs after the pickup without 2, bid 18; the defenders hold 60 when one concedes: -72.
  const Output won_by_defenders = Skat(
      "value --profile isko --game pickup-clubs --matadors 'without 2' --floor 18"
      " --defenders-conceded --points 40 --tricks 2 --defender-points 60 --defender-tricks 4");
  EXPECT_EQ(won_by_defenders.exit_code, 0) << won_by_defenders.out;
  EXPECT_NE(won_by_defenders.out.find("the defenders 60 card points, 4 tricks; given up by the "
                                      "defenders (ISkO 4.3.3-4.3.6)\n"),
            std::string::npos)
      << won_by_defenders.out;
  EXPECT_NE(won_by_defenders.out.find("result: lost, level 1\nvalue: 72\npad entry: -72\n"),
            std::string::npos)
      << won_by_defenders.out;
  // Diamonds after the pickup with 6; the declarer holds 71 and gives up: won 63.
  const Output won_by_declarer = Skat(
      "value --profile isko --game pickup-diamonds --matadors 'with 6' --floor 18 --conceded"
      " --points 71 --tricks 5 --defender-points 20 --defender-tricks 2");
  EXPECT_EQ(won_by_declarer.exit_code, 0) << won_by_declarer.out;
  EXPECT_NE(won_by_declarer.out.find("value: 63\npad entry: +63\n"), std::string::npos)
      << won_by_declarer.out;
  // Hearts hand with 1, schneider announced; the defenders hold 50 when one gives up: -100.
  const Output announced = Skat(
      "value --profile isko --game solo-hearts --announce schneider --matadors 'with 1'"
      " --floor 18 --defenders-conceded --points 30 --tricks 3 --defender-points 50"
      " --defender-tricks 3");
  EXPECT_EQ(announced.exit_code, 0) << announced.out;
  EXPECT_NE(announced.out.find("value: 100\npad entry: -100\n"), std::string::npos)
      << announced.out;
  // The same numbers under isko+iss are the ISS's concession (RULES N11): the defender options
  // belong to the ISkO's giving up only.
  const Output iss = Skat(
      "value --profile isko+iss --game pickup-clubs --matadors 'without 2' --floor 18"
      " --defenders-conceded --points 40 --tricks 2 --defender-points 60");
  EXPECT_EQ(iss.exit_code, 1) << iss.out;
  EXPECT_NE(iss.out.find("--defender-points and --defender-tricks describe a game given up"),
            std::string::npos)
      << iss.out;
}

// D74 (ISkO 4.1.5): bid 66, diamonds after the pickup with 6 (simple 63); the defenders concede
// before the first card: schneider, the level the bid needs, +72; with 31 for the defenders
// it is out of reach: overbid, -144.
TEST(ValueCliTest, IskoDefendersGivingUpAwardTheLevelTheBidNeeds) {
  const Output awarded = Skat(
      "value --profile isko --game pickup-diamonds --matadors 'with 6' --floor 66"
      " --defenders-conceded --points 0 --tricks 0");
  EXPECT_EQ(awarded.exit_code, 0) << awarded.out;
  EXPECT_NE(awarded.out.find("result: won, level 2\nvalue: 72\npad entry: +72\n"),
            std::string::npos)
      << awarded.out;
  const Output out_of_reach = Skat(
      "value --profile isko --game pickup-diamonds --matadors 'with 6' --floor 66"
      " --defenders-conceded --points 40 --tricks 3 --defender-points 31 --defender-tricks 1");
  EXPECT_EQ(out_of_reach.exit_code, 0) << out_of_reach.out;
  EXPECT_NE(out_of_reach.out.find("value: 144\npad entry: -144\n"), std::string::npos)
      << out_of_reach.out;
}

// D73, D74 with --board: a result reported from a physical table under isko is settled as
// without it and as online. Diamonds after the pickup with 6 (forehand's four jacks, D-A D-10):
// bid 66, rearhand concedes before the first card: +72; the declarer gives up holding 71: +63.
// Under isko+iss the defenders' numbers are refused (RULES N11, D55).
TEST(ValueCliTest, IskoGivingUpReportedFromAPhysicalTable) {
  const std::string board =
      "--board 'F: C-J S-J H-J D-J D-A D-10 C-A C-10 S-A H-A; "
      "M: D-K D-Q C-K C-Q C-9 S-10 S-K S-Q H-10 H-K; R: D-9 D-8 D-7 C-8 C-7 S-9 S-8 S-7 H-Q H-9; "
      "S: H-8 H-7' --declarer forehand";
  const Output awarded = Skat("value --profile isko --game pickup-diamonds --floor 66 " + board +
                              " --defenders-conceded --points 0 --tricks 0 --conceded-after 0");
  EXPECT_EQ(awarded.exit_code, 0) << awarded.out;
  EXPECT_NE(awarded.out.find("game: forehand diamonds with the skat, with 6\n"), std::string::npos)
      << awarded.out;
  EXPECT_NE(awarded.out.find("result: won, level 2\nvalue: 72\npad entry: +72\n"),
            std::string::npos)
      << awarded.out;
  const Output resigned = Skat("value --profile isko --game pickup-diamonds --floor 18 " + board +
                               " --conceded --points 71 --tricks 5 --conceded-after 7"
                               " --defender-points 25");
  EXPECT_EQ(resigned.exit_code, 0) << resigned.out;
  EXPECT_NE(resigned.out.find("the defenders 25 card points, 2 tricks; given up by the declarer"),
            std::string::npos)
      << resigned.out;
  EXPECT_NE(resigned.out.find("pad: forehand +63, middlehand 0, rearhand 0\n"), std::string::npos)
      << resigned.out;
  const Output iss = Skat("value --profile isko+iss --game pickup-diamonds --floor 18 " + board +
                          " --conceded --points 71 --tricks 5 --defender-points 25");
  EXPECT_EQ(iss.exit_code, 1) << iss.out;
}

}  // namespace
