// Resign and timeout as the International Skat Server records them (ISS "RE" and "TI.<seat>";
// jskat control/iss/MessageParser.java), under isko+iss, the variant that replays ISS records
// (docs/rules-decisions.md D56, D75): the declarer who resigns or times out loses, the cards not
// yet in tricks going to the defenders; once both defenders have resigned (or one timed out) the
// declarer wins, the rest going to him (in Null to the defenders). Three records of jskat's
// MessageParserTest replay to their own result fields (R[d: win/loss v: m: p: t: s: z:]).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/game_result.h"
#include "engine/profile.h"
#include "tests/engine/game_test_util.h"

namespace skat {
namespace isko_resign_test {

using namespace game_test;  // NOLINT

const Profile& I() { return *FindProfile("isko+iss"); }

Direction Seat(char c) { return c == '0' ? kF : c == '1' ? kM : kR; }

// An ISS deal ("w" move): 10 cards forehand, 10 middlehand, 10 rearhand, 2 skat, '.'-separated.
Board IssBoard(const std::string& deal) {
  std::vector<std::string> cards;
  std::stringstream in(deal);
  for (std::string c; std::getline(in, c, '.');) cards.push_back(c);
  EXPECT_EQ(cards.size(), 32u);
  Board b;
  for (int i = 0; i < 30; ++i) b.hands[i / 10].add(*ParseCard(cards[i]));
  b.skat = {*ParseCard(cards[30]), *ParseCard(cards[31])};
  EXPECT_TRUE(CheckBoard(b).ok());
  return b;
}

// ISS card-play moves: "<seat> <card>" or "<seat> RE" pairs.
void Moves(Game& g, const std::string& moves) {
  std::stringstream in(moves);
  for (std::string seat, move; in >> seat >> move;) {
    if (move == "RE") {
      Must(g, Act::Simple(ActType::kResign, Seat(seat[0])));
    } else {
      Must(g, Act::Play(Seat(seat[0]), *ParseCard(move)));
    }
  }
}

Game HeartsHandByMiddlehand() {
  Game g = Bid(I(), kTricks, kM, 18);  // M: hearts with 1 (C-J, H-J)
  Must(g, Act::Declare(kM, Hand(GameType::kHearts)));
  return g;
}

TEST(IskoResignTest, OnlyUnderProfilesThatAllowIt) {
  Game g = Declared(kTricks, kM, Hand(GameType::kHearts));  // nasl-1909
  Refused(g, Act::Simple(ActType::kResign, kM), ErrorCode::kNotAllowed);
  Refused(g, Act::Simple(ActType::kTimeout, kF), ErrorCode::kNotAllowed);
  for (const Act& a : g.LegalActs()) {
    EXPECT_NE(a.type, ActType::kResign);
    EXPECT_NE(a.type, ActType::kTimeout);
  }
  EXPECT_TRUE(I().resign_and_timeout);
  // Not before the card play under isko either.
  Game b = Bid(I(), kTricks, kM, 18);
  Refused(b, Act::Simple(ActType::kResign, kM), ErrorCode::kWrongPhase);
  Refused(b, Act::Simple(ActType::kTimeout, kM), ErrorCode::kWrongPhase);
}

// The declarer resigns before the first card: the defenders take all ten tricks, schwarz: hearts
// hand with 1, game, hand, schneider, schwarz = 5 x 10, doubled (ISkO 5.3): -100.
TEST(IskoResignTest, DeclarerResignsAndTheRestGoesToTheDefenders) {
  Game g = HeartsHandByMiddlehand();
  ExpectLegalActsApply(g);
  Must(g, Act::Simple(ActType::kResign, kM));
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDeclarerResigned);
  EXPECT_EQ(r.outcome.declarer_tricks, 0);
  EXPECT_EQ(r.outcome.declarer_points, 0);  // the skat S-8 S-7
  EXPECT_EQ(r.card_points[0] + r.card_points[1] + r.card_points[2], 120);
  EXPECT_EQ(r.tricks[0] + r.tricks[1] + r.tricks[2], 10);
  EXPECT_FALSE(r.valuation.won);
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, -100, 0}));
  EXPECT_NE(Describe(r).find("resigned"), std::string::npos);
}

// Conceding (RULES N11) is the other way to give up: under isko only before the first card, lost
// at the simple level (ISkO 4.3; D55): (1 + 2) x 10 x 2.
TEST(IskoResignTest, ConcessionBeforeTheFirstCardIsLostSimple) {
  Game g = HeartsHandByMiddlehand();
  Game conceded = g;
  Must(conceded, Act::Simple(ActType::kConcede, kM));
  EXPECT_EQ(conceded.result().pad, (std::array<int, 3>{0, -60, 0}));
  Play(g, kF, "S-A");
  Refused(g, Act::Simple(ActType::kConcede, kM), ErrorCode::kNotAllowed);
}

// A timeout is the seat to move running out of time: the declarer's loses as a resign.
TEST(IskoResignTest, DeclarerTimesOutMidTrick) {
  Game g = HeartsHandByMiddlehand();
  Play(g, kF, "S-A");
  Refused(g, Act::Simple(ActType::kTimeout, kF), ErrorCode::kOutOfTurn);
  Refused(g, Act::Simple(ActType::kTimeout, kR), ErrorCode::kOutOfTurn);
  Must(g, Act::Simple(ActType::kTimeout, kM));
  const GameResult& r = g.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDeclarerTimedOut);
  EXPECT_EQ(r.outcome.declarer_tricks, 0);
  EXPECT_EQ(r.tricks[0] + r.tricks[1] + r.tricks[2], 10);
  EXPECT_EQ(r.card_points[0] + r.card_points[1] + r.card_points[2], 120);  // S-A's trick too
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, -100, 0}));
}

// One defender's resign waits for the other's (the game goes on meanwhile); then the declarer
// takes the rest: all ten tricks, schwarz unannounced: (1 + 4) x 10 = 50.
TEST(IskoResignTest, BothDefendersResign) {
  Game g = HeartsHandByMiddlehand();
  Must(g, Act::Simple(ActType::kResign, kR));
  EXPECT_TRUE(g.resigned(kR));
  EXPECT_FALSE(g.finished());
  Refused(g, Act::Simple(ActType::kResign, kR), ErrorCode::kNotAllowed);
  for (const Act& a : g.LegalActs()) EXPECT_FALSE(a.type == ActType::kResign && a.seat == kR);
  ExpectLegalActsApply(g);
  Play(g, kF, "S-A");
  Must(g, Act::Simple(ActType::kResign, kF));
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDefendersResigned);
  EXPECT_EQ(r.outcome.declarer_tricks, 10);
  EXPECT_EQ(r.outcome.declarer_points, 120);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, 50, 0}));
}

TEST(IskoResignTest, DefenderTimesOut) {
  Game g = HeartsHandByMiddlehand();
  Play(g, kF, "S-A");
  Play(g, kM, "D-Q");
  Must(g, Act::Simple(ActType::kTimeout, kR));
  const GameResult& r = g.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDefenderTimedOut);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, 50, 0}));
}

// jskat MessageParserTest testParseGameSummary_ShowingCards (ISS ID 1039093): a Grand after
// picking up; the declarer shows his cards (SC, not an engine act) and both defenders resign:
// R[d:1 win v:48 m:1 bidok p:84 t:5 s:0 z:0 ... r:1].
TEST(IskoIssRecordTest, GrandBothDefendersResign) {
  Game g(I(), IssBoard("DA.S7.DK.CA.D9.CQ.CK.H9.S8.C7.HJ.DT.HA.CT.S9.C9.ST.H8.D7.DJ.HQ.DQ.SK.HK."
                       "SQ.H7.C8.D8.SJ.HT.SA.CJ"));
  Must(g, Act::Bid(kM, 18));
  Must(g, Act::Simple(ActType::kPass, kF));
  Must(g, Act::Simple(ActType::kPass, kR));
  Must(g, Act::Simple(ActType::kTakeSkat, kM));
  Must(g, Act::Discard(kM, C("C-10"), C("D-10")));
  Must(g, Act::Declare(kM, {SkatHandling::kPickup, GameType::kGrand}));
  Moves(g,
        "0 CA 1 C9 2 C8 0 CK 1 D7 2 HT 0 CQ 1 DJ 2 SJ 2 H7 0 H9 1 H8 0 S8 1 S9 2 SK 2 D8 0 DA "
        "1 HJ 2 RE 0 RE");
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_EQ(r.declarer, kM);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.valuation.value, 48);
  EXPECT_EQ(r.matadors, (Matadors{1, true}));
  EXPECT_FALSE(r.valuation.overbid);
  EXPECT_EQ(r.outcome.declarer_points, 84);
  EXPECT_EQ(r.outcome.declarer_tricks, 5);
  EXPECT_EQ(r.valuation.achieved, Announcement::kNone);  // s:0 z:0
}

// jskat testParseGameSummary_NullOuvertTwoResigns (ISS ID 1390253): Null Ouvert after picking
// up, both defenders resign before a card: R[d:1 win v:46 m:0 bidok p:14 t:0 ...]; the
// discards H-A H-Q are the declarer's 14 card points.
TEST(IskoIssRecordTest, NullOuvertBothDefendersResign) {
  Game g(I(), IssBoard("HK.SK.HJ.CA.SA.C9.S8.H7.ST.HT.C7.HA.CJ.DK.HQ.D7.C8.DA.DT.D9.SQ.DQ.H8.S9."
                       "CK.S7.SJ.CT.H9.CQ.DJ.D8"));
  for (int bid : {18, 20, 22, 23, 24, 27, 30, 33}) {
    Must(g, Act::Bid(kM, bid));
    Must(g, Act::Simple(ActType::kHold, kF));
  }
  Must(g, Act::Bid(kM, 35));
  Must(g, Act::Simple(ActType::kPass, kF));
  Must(g, Act::Simple(ActType::kPass, kR));
  Must(g, Act::Simple(ActType::kTakeSkat, kM));
  Must(g, Act::Discard(kM, C("H-A"), C("H-Q")));
  Must(g, Act::Declare(kM, {SkatHandling::kPickup, GameType::kNull, true}));
  Moves(g, "2 RE 0 RE");
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.valuation.value, 46);
  EXPECT_EQ(r.outcome.declarer_points, 14);
  EXPECT_EQ(r.outcome.declarer_tricks, 0);
  EXPECT_EQ(r.pad, (std::array<int, 3>{0, 46, 0}));
}

// jskat testParseGameSummary_IncompleteGrandOuvertAnnouncement (ISS 2007, ID 727): Grand Ouvert
// (hand) with 1; middlehand resigns, still plays his card, rearhand resigns:
// R[d:0 win v:192 m:1 bidok p:120 t:10 s:1 z:1 ...] = 24 x (1 + 7).
TEST(IskoIssRecordTest, GrandOuvertDefenderResignsThenPlays) {
  Game g(I(), IssBoard("HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8."
                       "D9.DK.SJ.D8.CQ.DA.DQ.S7"));
  Must(g, Act::Simple(ActType::kPass, kM));
  Must(g, Act::Simple(ActType::kPass, kR));
  Must(g, Act::Bid(kF, 18));
  Must(g, Act::Declare(kF, Hand(GameType::kGrand, true)));
  Moves(g, "0 CJ 1 RE 1 H9 2 RE");
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.valuation.value, 192);
  EXPECT_EQ(r.matadors, (Matadors{1, true}));
  EXPECT_EQ(r.outcome.declarer_points, 120);
  EXPECT_EQ(r.outcome.declarer_tricks, 10);
  EXPECT_EQ(r.valuation.achieved, Announcement::kSchwarz);  // s:1 z:1
}

// The act lines of the new acts round-trip (docs/game-records.md).
TEST(IskoResignTest, ActLines) {
  EXPECT_EQ(ActLine(Act::Simple(ActType::kResign, kM)), "M resign");
  EXPECT_EQ(ActLine(Act::Simple(ActType::kTimeout, kR)), "R timeout");
  for (ActType t : {ActType::kResign, ActType::kTimeout}) {
    for (Direction d : kDirections) {
      const Act a = Act::Simple(t, d);
      const Result<Act> parsed = ParseActLine(ActLine(a));
      ASSERT_TRUE(parsed.ok()) << ActLine(a);
      EXPECT_EQ(*parsed, a);
    }
  }
  EXPECT_EQ(*ParseActLine("forehand RESIGN"), Act::Simple(ActType::kResign, kF));
  EXPECT_FALSE(ParseActLine("F resign 18").ok());
}

}  // namespace isko_resign_test
}  // namespace skat
