// Results from physical play under nasl-1909 (docs/tables.md "Physical play"; RULES P2, P3, S1, S2;
// 1909 booklet Sections X.16 and XI), and a reported Contra under eichhorn-1898+contra
// (000 §11). Every case asserts every seat's pad entry, fine and settled score.
#include "engine/physical_result.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/profile.h"

namespace skat {
namespace physical_result_test {

using A = Announcement;
using H = SkatHandling;
using T = GameType;

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

// Forehand's 12 cards (hand + skat) hold J♣ J♠ but not J♥: "with 2" in every suit and Grand.
// Middlehand holds J♥ J♦ and no J♣: "without 2" in clubs. Skat card 1 H-8 (0 points), card 2
// D-10 (10 points).
const Board& TestBoard() {
  static const Board board = *ParseBoard(
      "F: C-J S-J H-A H-10 H-K H-Q H-9 C-A S-A D-7; "
      "M: H-J D-J C-10 C-K C-Q C-9 C-8 C-7 S-10 S-K; "
      "R: S-Q S-9 S-8 S-7 D-A D-K D-Q D-9 D-8 H-7; "
      "S: H-8 D-10");
  return board;
}

ReportedOutcome Game(Direction declarer, H handling, T type, int points, int tricks,
                     A announced = A::kNone) {
  ReportedOutcome r;
  r.kind = ResultKind::kDeclarerGame;
  r.declarer = declarer;
  r.declaration = Declaration{handling, type, false, announced};
  r.floor = 18;
  r.declarer_points = points;
  r.declarer_tricks = tricks;
  return r;
}
// Forehand's ♥ Solo with 2: unit 10, simple 30, schneider 40, schwarz 50 (RULES N2).
ReportedOutcome HeartsSolo(int points, int tricks, A announced = A::kNone) {
  return Game(kF, H::kHand, T::kHearts, points, tricks, announced);
}

PhysicalResult Score(const ReportedOutcome& r, const Profile& profile = Nasl1909()) {
  Result<PhysicalResult> result = ScorePhysicalResult(profile, TestBoard(), r);
  EXPECT_TRUE(result.ok()) << result.status().ToString();
  if (!result.ok()) return PhysicalResult{};
  return *result;
}

Status Rejected(const ReportedOutcome& r) {
  Result<PhysicalResult> result = ScorePhysicalResult(Nasl1909(), TestBoard(), r);
  EXPECT_FALSE(result.ok());
  return result.status();
}

// Pad entries, fines and settled scores of forehand, middlehand, rearhand (3-player table).
void ExpectTable(const PhysicalResult& p, std::array<int, 3> pad, std::array<int, 3> fines,
                 std::vector<long long> settled) {
  EXPECT_EQ(p.players, 3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(p.pad[i], pad[i]) << "pad of " << PartyName(static_cast<Party>(i));
    EXPECT_EQ(p.fines[i], fines[i]) << "fine of " << PartyName(static_cast<Party>(i));
    EXPECT_EQ(p.game.pad[i], p.pad[i] - (Nasl1909().fines_on_pad ? fines[i] : 0));
  }
  EXPECT_EQ(p.pad[3], 0);
  EXPECT_EQ(p.fines[3], 0);
  EXPECT_EQ(p.settled, settled);
}

bool HasRule(const PhysicalResult& p, const std::string& id) {
  return (" " + p.rules + " ").find(" " + id + " ") != std::string::npos;
}

// --- Without irregularities -------------------------------------------------------------------

// RULES N1, N2, S1, S2: matadors from the board; +30 for the declarer, (+2V, -V, -V) settled.
TEST(PhysicalResultTest, PlainWinCountsMatadorsFromTheBoard) {
  const PhysicalResult p = Score(HeartsSolo(70, 6));
  EXPECT_EQ(p.game.matadors, (Matadors{2, true}));
  EXPECT_TRUE(p.game.valuation.won);
  EXPECT_EQ(p.game.valuation.level, 1);
  ExpectTable(p, {30, 0, 0}, {0, 0, 0}, {60, -30, -30});
  EXPECT_TRUE(HasRule(p, "N1"));
  EXPECT_TRUE(HasRule(p, "S2"));
  EXPECT_FALSE(HasRule(p, "P2"));
}

// Matadors given by the table that agree with the board are accepted.
TEST(PhysicalResultTest, ReportedMatadorsThatAgreeAreAccepted) {
  ReportedOutcome r = Game(kM, H::kHand, T::kClubs, 70, 6);
  r.matadors = Matadors{2, false};  // without J♣ J♠
  const PhysicalResult p = Score(r);
  // ♣ Solo without 2: 12 × 3 = 36.
  ExpectTable(p, {0, 36, 0}, {0, 0, 0}, {-36, 72, -36});
}

// RULES N12: an accepted claim is scored as the tricks then lie; 95 points is schneider.
TEST(PhysicalResultTest, AcceptedClaimScoresTheClaimedTricks) {
  ReportedOutcome r = HeartsSolo(95, 9);
  r.claim_accepted = true;
  r.level = A::kSchneider;
  const PhysicalResult p = Score(r);
  ExpectTable(p, {40, 0, 0}, {0, 0, 0}, {80, -40, -40});
  EXPECT_TRUE(HasRule(p, "N12"));
}

// RULES N11, X.19: conceding after the first trick is in time; lost at the simple level.
TEST(PhysicalResultTest, DeclarerConcedesAfterTheFirstTrick) {
  ReportedOutcome r = HeartsSolo(10, 0);
  r.end = GameEnd::kDeclarerConceded;
  r.conceded_after_tricks = 1;
  const PhysicalResult p = Score(r);
  ExpectTable(p, {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
  EXPECT_TRUE(HasRule(p, "N11"));
}

// RULES N7: a Passt mir nicht loss counts double; card 2 (D-10) is turned, so diamonds: with 2,
// 2 × 5 × (2 + 1) = 30.
TEST(PhysicalResultTest, PasstMirNichtLossCountsDouble) {
  ReportedOutcome r = Game(kF, H::kPasstMirNicht, T::kDiamonds, 50, 4);
  r.floor = 10;  // not overbid: 5 × (2 + 1) = 15 >= 10
  r.turned = TestBoard().skat[1];
  const PhysicalResult p = Score(r);
  ExpectTable(p, {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
}

// RULES N10: Ramsch, the most card points pays 20.
TEST(PhysicalResultTest, RamschChargesTheMostCardPoints) {
  ReportedOutcome r;
  r.kind = ResultKind::kRamsch;
  r.card_points = {50, 40, 30};
  r.tricks = {4, 3, 3};
  r.last_trick = kF;
  const PhysicalResult p = Score(r);
  ExpectTable(p, {-20, 0, 0}, {0, 0, 0}, {-40, 20, 20});
  EXPECT_TRUE(HasRule(p, "N10"));
}

// --- RULES P2: revoke or lead out of turn (1909 booklet XI.7-XI.9) -----------------

// RULES P2, 1909 booklet XI.8: middlehand revokes after 3 tricks; the declarer had 25 card
// points in 2 tricks, the defenders 14 in 1: the defenders are at <= 30, so schneider: ♥ Solo
// with 2, 10 × (2 + 2) = 40, credited to the declarer and charged to middlehand; rearhand even.
// RULES S2: (+V, -V, 0) settles to (+3V, -3V, 0).
TEST(PhysicalResultTest, DefenderRevokesDeclarerWinsAtSchneiderAndOffenderPays) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.play_error = PlayError{PlayError::Kind::kRevoke, kM, 3, 2, 25, 14};
  const PhysicalResult p = Score(r);
  EXPECT_TRUE(p.game.valuation.won);
  EXPECT_EQ(p.game.valuation.level, 2);
  ExpectTable(p, {40, -40, 0}, {0, 0, 0}, {120, -120, 0});
  EXPECT_TRUE(HasRule(p, "P2"));
  EXPECT_TRUE(HasRule(p, "XI.8"));
}

// The same at a 4-player table: the resting dealer's entry is 0 and S2 runs with k = 4.
TEST(PhysicalResultTest, DefenderRevokesAtAFourPlayerTable) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.players = 4;
  r.play_error = PlayError{PlayError::Kind::kRevoke, kM, 3, 2, 25, 14};
  const PhysicalResult p = Score(r);
  EXPECT_EQ(p.pad, (std::array<int, 4>{40, -40, 0, 0}));
  EXPECT_EQ(p.fines, (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(p.settled, (std::vector<long long>{160, -160, 0, 0}));
}

// RULES P2 "no trick = schwarz": rearhand leads out of turn after 2 tricks, both the declarer's:
// schwarz, 10 × (2 + 3) = 50, charged to rearhand.
TEST(PhysicalResultTest, DefenderLeadsOutOfTurnBeforeTheDefendersTookATrickIsSchwarz) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.play_error = PlayError{PlayError::Kind::kLeadOutOfTurn, kR, 2, 2, 30, 0};
  const PhysicalResult p = Score(r);
  EXPECT_EQ(p.game.valuation.level, 3);
  ExpectTable(p, {50, 0, -50}, {0, 0, 0}, {150, 0, -150});
}

// RULES P2: with more than 30 points for the defenders before the error, the simple level.
TEST(PhysicalResultTest, DefenderRevokesLateIsASimpleWin) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.play_error = PlayError{PlayError::Kind::kRevoke, kR, 5, 3, 40, 35};
  const PhysicalResult p = Score(r);
  ExpectTable(p, {30, 0, -30}, {0, 0, 0}, {90, 0, -90});
}

// RULES P2 "never below the announced level": schneider announced, the defenders had 40 points:
// won at schneider announced, 10 × (2 + 3) = 50.
TEST(PhysicalResultTest, DefenderErrorNeverCountsBelowTheAnnouncedLevel) {
  ReportedOutcome r = HeartsSolo(0, 0, A::kSchneider);
  r.play_error = PlayError{PlayError::Kind::kRevoke, kM, 5, 3, 40, 40};
  const PhysicalResult p = Score(r);
  EXPECT_EQ(p.game.valuation.level, 3);
  ExpectTable(p, {50, -50, 0}, {0, 0, 0}, {150, -150, 0});
}

// RULES P2, 1909 booklet XI.7: the declarer revokes after 4 tricks with 2 tricks and 40
// points: lost at the simple level, -30; the defenders even on the pad.
TEST(PhysicalResultTest, DeclarerRevokesAndLoses) {
  ReportedOutcome r = HeartsSolo(80, 7);  // the final numbers do not count after the error
  r.play_error = PlayError{PlayError::Kind::kRevoke, kF, 4, 2, 40, 20};
  const PhysicalResult p = Score(r);
  EXPECT_FALSE(p.game.valuation.won);
  ExpectTable(p, {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
  EXPECT_TRUE(HasRule(p, "XI.7"));
}

// RULES P2: the declarer's error with <= 30 points in his tricks is lost schneidered (level 2),
// with no trick lost schwarz (level 3).
TEST(PhysicalResultTest, DeclarerErrorLevelCountsHisTricksUntilTheError) {
  ReportedOutcome schneidered = HeartsSolo(0, 0);
  schneidered.play_error = PlayError{PlayError::Kind::kLeadOutOfTurn, kF, 2, 1, 15, 20};
  ExpectTable(Score(schneidered), {-40, 0, 0}, {0, 0, 0}, {-80, 40, 40});
  ReportedOutcome schwarz = HeartsSolo(0, 0);
  schwarz.play_error = PlayError{PlayError::Kind::kRevoke, kF, 1, 0, 0, 11};
  ExpectTable(Score(schwarz), {-50, 0, 0}, {0, 0, 0}, {-100, 50, 50});
}

// RULES N7 with P2: a Passt mir nicht declarer's revoke loses double: 2 × 5 × (2 + 1) = 30.
TEST(PhysicalResultTest, PasstMirNichtDeclarerRevokeLosesDouble) {
  ReportedOutcome r = Game(kF, H::kPasstMirNicht, T::kDiamonds, 0, 0);
  r.floor = 10;
  r.play_error = PlayError{PlayError::Kind::kRevoke, kF, 3, 2, 40, 10};
  ExpectTable(Score(r), {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
}

// RULES P2 in Null: a defender's revoke wins the Null (+20, charged to him); the declarer's
// loses it.
TEST(PhysicalResultTest, NullRevokes) {
  ReportedOutcome by_defender = Game(kR, H::kHand, T::kNull, 0, 0);
  by_defender.floor = 20;
  by_defender.play_error = PlayError{PlayError::Kind::kRevoke, kF, 4, 0, 0, 30};
  ExpectTable(Score(by_defender), {-20, 0, 20}, {0, 0, 0}, {-60, 0, 60});
  ReportedOutcome by_declarer = by_defender;
  by_declarer.play_error->seat = kR;
  ExpectTable(Score(by_declarer), {0, 0, -20}, {0, 0, 0}, {20, 20, -40});
}

// RULES P2 (XI.9), 1909 booklet XI.9: an overbid Solo declarer (bid 50, ♥ Solo with 2 worth 30)
// rewarded by a defender's revoke wins the N9 charge max(30, 10 × ⌈50 / 10⌉) = 50, debited to
// the offender.
TEST(PhysicalResultTest, OverbidSoloDeclarerRewardedByARevokeWinsTheOverbidCharge) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.floor = 50;
  r.play_error = PlayError{PlayError::Kind::kRevoke, kM, 5, 3, 40, 35};
  const PhysicalResult p = Score(r);
  EXPECT_TRUE(p.game.valuation.won);
  EXPECT_TRUE(p.game.valuation.overbid);
  ExpectTable(p, {50, -50, 0}, {0, 0, 0}, {150, -150, 0});
  EXPECT_TRUE(HasRule(p, "XI.9"));
  EXPECT_TRUE(HasRule(p, "N9"));
}

// Without the error the same overbid declarer loses the N9 charge (RULES N8, N9).
TEST(PhysicalResultTest, OverbidSoloWithoutAnErrorLosesTheOverbidCharge) {
  ReportedOutcome r = HeartsSolo(70, 6);
  r.floor = 50;
  ExpectTable(Score(r), {-50, 0, 0}, {0, 0, 0}, {-100, 50, 50});
}

// --- RULES P2: discards, looking at the skat, wrong card counts -------------------------------

// RULES P2, 1909 booklet XI.2: discarding 3 cards loses even with 70 points: ♥ Tournée (H-8
// turned) with 2, 6 × (2 + 1) = 18.
TEST(PhysicalResultTest, DiscardingThreeCardsLoses) {
  ReportedOutcome r = Game(kF, H::kTournee, T::kHearts, 70, 6);
  r.floor = 18;
  r.discarded = 3;
  const PhysicalResult p = Score(r);
  EXPECT_FALSE(p.game.valuation.won);
  ExpectTable(p, {-18, 0, 0}, {0, 0, 0}, {-36, 18, 18});
  EXPECT_TRUE(HasRule(p, "XI.2"));
}

// RULES P2, 1909 booklet XI.4: a Solo declarer who looks at the skat loses with 80 points
// (-30); if the defenders played on and schneidered him, he loses at that level (-40).
TEST(PhysicalResultTest, SoloDeclarerLooksAtTheSkatAndLoses) {
  ReportedOutcome r = HeartsSolo(80, 7);
  r.declarer_looked_at_skat = true;
  const PhysicalResult p = Score(r);
  ExpectTable(p, {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
  EXPECT_TRUE(HasRule(p, "XI.4"));
  ReportedOutcome raised = HeartsSolo(20, 2);
  raised.declarer_looked_at_skat = true;
  ExpectTable(Score(raised), {-40, 0, 0}, {0, 0, 0}, {-80, 40, 40});
}

// RULES P2, 1909 booklet XI.5: a defender who looks at the skat: the declarer wins although
// he has 50 points, and middlehand is charged the value.
TEST(PhysicalResultTest, DefenderLooksAtTheSkatDeclarerWinsOffenderPays) {
  ReportedOutcome r = HeartsSolo(50, 4);
  r.defender_looked_at_skat = kM;
  const PhysicalResult p = Score(r);
  EXPECT_TRUE(p.game.valuation.won);
  ExpectTable(p, {30, -30, 0}, {0, 0, 0}, {90, -90, 0});
  EXPECT_TRUE(HasRule(p, "XI.5"));
  // Play continued to schneider (XI.5 "may likewise insist on continuing"): 40.
  ReportedOutcome raised = HeartsSolo(95, 9);
  raised.defender_looked_at_skat = kR;
  ExpectTable(Score(raised), {40, 0, -40}, {0, 0, 0}, {120, 0, -120});
}

// RULES P2, 1909 booklet XI.1b (XI.1), first branch: the declarer with a wrong count loses, even
// with 80 points and even though a defender's count is also wrong.
TEST(PhysicalResultTest, WrongCardCountDeclarerWrongLoses) {
  ReportedOutcome r = HeartsSolo(80, 7);
  r.wrong_card_count = {true, false, true};
  const PhysicalResult p = Score(r);
  EXPECT_FALSE(p.game.valuation.won);
  ExpectTable(p, {-30, 0, 0}, {0, 0, 0}, {-60, 30, 30});
  EXPECT_TRUE(HasRule(p, "XI.1"));
}

// XI.1, second branch: the declarer's count right, middlehand's wrong: the declarer wins with 40
// points; the value goes to him alone (no charge to a defender, no fine for the dealer).
TEST(PhysicalResultTest, WrongCardCountDefenderWrongDeclarerWins) {
  ReportedOutcome r = HeartsSolo(40, 3);
  r.wrong_card_count = {false, true, false};
  const PhysicalResult p = Score(r);
  EXPECT_TRUE(p.game.valuation.won);
  ExpectTable(p, {30, 0, 0}, {0, 0, 0}, {60, -30, -30});
}

// --- RULES P3: fines, kept apart in nasl-1909 (XI.15) -----------------------------------------

// 1909 booklet XI.1: the dealer (rearhand at 3 players) misdeals: fine 10, the deal is void.
TEST(PhysicalResultTest, MisdealFinesTheDealer) {
  ReportedOutcome r;
  r.kind = ResultKind::kPassedIn;
  r.fines = {FineReport{FineKind::kMisdeal, Party::kDealer}};
  const PhysicalResult p = Score(r);
  ExpectTable(p, {0, 0, 0}, {0, 0, -10}, {0, 0, 0});
  EXPECT_TRUE(HasRule(p, "P3"));
  EXPECT_TRUE(HasRule(p, "XI.15"));
}

// At a 4-player table the misdeal fine goes to the resting dealer's column.
TEST(PhysicalResultTest, MisdealAtAFourPlayerTableFinesTheRestingDealer) {
  ReportedOutcome r;
  r.kind = ResultKind::kPassedIn;
  r.players = 4;
  r.fines = {FineReport{FineKind::kMisdeal, Party::kDealer}};
  const PhysicalResult p = Score(r);
  EXPECT_EQ(p.pad, (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(p.fines, (std::array<int, 4>{0, 0, 0, -10}));
  EXPECT_EQ(p.settled, (std::vector<long long>{0, 0, 0, 0}));
}

// 1909 booklet XI.3: the dealer looks at the skat: fine 10, the game scores as played.
TEST(PhysicalResultTest, DealerLooksAtTheSkatFineTen) {
  ReportedOutcome r = HeartsSolo(70, 6);
  r.players = 4;
  r.fines = {FineReport{FineKind::kDealerLooksAtSkat, Party::kDealer}};
  const PhysicalResult p = Score(r);
  EXPECT_EQ(p.pad, (std::array<int, 4>{30, 0, 0, 0}));
  EXPECT_EQ(p.fines, (std::array<int, 4>{0, 0, 0, -10}));
  EXPECT_EQ(p.settled, (std::vector<long long>{90, -30, -30, -30}));
  EXPECT_TRUE(HasRule(p, "XI.3"));
}

// 1909 booklet X.16: middlehand looks at the skat before the game is awarded: fine 10.
TEST(PhysicalResultTest, PlayerLooksAtTheSkatFineTen) {
  ReportedOutcome r = HeartsSolo(70, 6);
  r.fines = {FineReport{FineKind::kPlayerLooksAtSkat, Party::kMiddlehand}};
  const PhysicalResult p = Score(r);
  ExpectTable(p, {30, 0, 0}, {0, -10, 0}, {60, -30, -30});
  EXPECT_TRUE(HasRule(p, "X.16"));
}

// 1909 booklet XI.6: skat cards found in rearhand's hand: fine 25.
TEST(PhysicalResultTest, SkatFoundInAHandFineTwentyFive) {
  ReportedOutcome r = HeartsSolo(70, 6);
  r.fines = {FineReport{FineKind::kSkatFoundInHand, Party::kRearhand}};
  const PhysicalResult p = Score(r);
  ExpectTable(p, {30, 0, 0}, {0, 0, -25}, {60, -30, -30});
  EXPECT_TRUE(HasRule(p, "XI.6"));
}

// Every fine at once, with a defender's revoke: the columns stay apart (RULES P3, XI.15).
TEST(PhysicalResultTest, FinesStayOutOfThePadAndTheSettlement) {
  ReportedOutcome r = HeartsSolo(0, 0);
  r.play_error = PlayError{PlayError::Kind::kRevoke, kM, 3, 2, 25, 14};
  r.fines = {FineReport{FineKind::kMisdeal, Party::kDealer},
             FineReport{FineKind::kDealerLooksAtSkat, Party::kRearhand},
             FineReport{FineKind::kPlayerLooksAtSkat, Party::kMiddlehand},
             FineReport{FineKind::kSkatFoundInHand, Party::kMiddlehand}};
  ExpectTable(Score(r), {40, -40, 0}, {0, -35, -20}, {120, -120, 0});
}

// A profile with fines on the pad (RULES "Profile deltas": the other seeds) adds them there.
TEST(PhysicalResultTest, FinesOnThePadWhereTheProfileSaysSo) {
  Profile on_pad = Nasl1909();
  on_pad.fines_on_pad = true;
  ReportedOutcome r = HeartsSolo(70, 6);
  r.fines = {FineReport{FineKind::kSkatFoundInHand, Party::kRearhand}};
  const PhysicalResult p = Score(r, on_pad);
  EXPECT_EQ(p.pad, (std::array<int, 4>{30, 0, -25, 0}));
  EXPECT_EQ(p.fines, (std::array<int, 4>{0, 0, -25, 0}));
  EXPECT_EQ(p.settled, (std::vector<long long>{85, -5, -80}));  // S = 5
  EXPECT_FALSE(HasRule(p, "XI.15"));
}

// --- Contradictions with the board or within the report ---------------------------------------

void ExpectRejected(const ReportedOutcome& r, const std::string& part1, const std::string& part2) {
  const Status s = Rejected(r);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument) << s.ToString();
  EXPECT_NE(s.message().find(part1), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(part2), std::string::npos) << s.message();
}

// A refusal names what the report says and the rule, never what only the board knows (a card, a
// matador count, a point count): the reporter may not know the board's cards.
void ExpectRejectedWithout(const ReportedOutcome& r, const std::string& part,
                           const std::vector<std::string>& hidden) {
  const Status s = Rejected(r);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument) << s.ToString();
  EXPECT_NE(s.message().find(part), std::string::npos) << s.message();
  for (const std::string& h : hidden) {
    EXPECT_EQ(s.message().find(h), std::string::npos) << h << " in: " << s.message();
  }
}

TEST(PhysicalResultTest, RejectsMatadorsTheBoardDoesNotGive) {
  ReportedOutcome r = HeartsSolo(70, 6);  // forehand's 12 cards give "with 2"
  r.matadors = Matadors{3, true};
  ExpectRejected(r, "with 3", "RULES N1");
  ExpectRejectedWithout(r, "forehand", {"with 2"});
}

TEST(PhysicalResultTest, RejectsATourneeTrumpThatIsNotTheTurnedSuit) {
  // Skat card 1 is H-8: a spades Tournée is impossible, so is a Grand Tournée.
  ExpectRejectedWithout(Game(kF, H::kTournee, T::kSpades, 70, 6), "RULES G1", {"H-8", "hearts"});
  ExpectRejectedWithout(Game(kF, H::kTournee, T::kGrand, 70, 6), "G1", {"H-8", "hearts"});
  // Passt mir nicht turns card 2, D-10: hearts is wrong there.
  ExpectRejectedWithout(Game(kF, H::kPasstMirNicht, T::kHearts, 70, 6), "skat card 2",
                        {"D-10", "diamonds"});
}

TEST(PhysicalResultTest, RejectsATurnedCardThatIsNotTheRightSkatCard) {
  ReportedOutcome tournee = Game(kF, H::kTournee, T::kDiamonds, 70, 6);
  tournee.turned = TestBoard().skat[1];  // D-10 is card 2; card 1 is H-8
  ExpectRejected(tournee, "not skat card 1", "C4");
  ExpectRejectedWithout(tournee, "D-10", {"H-8"});
  ReportedOutcome pmn = Game(kF, H::kPasstMirNicht, T::kHearts, 70, 6);
  pmn.turned = TestBoard().skat[0];
  ExpectRejected(pmn, "not skat card 2", "C4");
  ExpectRejectedWithout(pmn, "H-8", {"D-10"});
  ReportedOutcome solo = HeartsSolo(70, 6);
  solo.turned = TestBoard().skat[0];
  ExpectRejected(solo, "turned card", "G1");
}

TEST(PhysicalResultTest, RejectsSchwarzWithFewerThanTenTricks) {
  ReportedOutcome r = HeartsSolo(110, 9);
  r.level = A::kSchwarz;
  ExpectRejected(r, "schwarz reported with 9 tricks", "RULES N4");
  ReportedOutcome schneider = HeartsSolo(85, 8);
  schneider.level = A::kSchneider;
  ExpectRejected(schneider, "schneider reported with 85", "N4");
}

TEST(PhysicalResultTest, RejectsImpossibleCardPoints) {
  ExpectRejected(HeartsSolo(121, 9), "121", "0..120");
  ExpectRejected(HeartsSolo(-1, 0), "-1", "0..120");
  // No trick: only the skat's 10 points (hand game); the message does not say how many.
  ExpectRejectedWithout(HeartsSolo(15, 0), "without a trick", {"10"});
  // No trick in a Tournée: at most the two best of the declarer's 12 cards (A + A = 22).
  ExpectRejectedWithout(Game(kF, H::kTournee, T::kHearts, 23, 0), "without a trick", {"22"});
  // Ten tricks and fewer than 120.
  ExpectRejected(HeartsSolo(110, 10), "ten tricks", "110");
  // A hand game below the skat's points.
  ExpectRejected(HeartsSolo(5, 1), "fewer than the skat's", "N4");
  ExpectRejectedWithout(HeartsSolo(5, 1), "5 card points", {"10"});
}

TEST(PhysicalResultTest, RejectsANullWithCardPoints) {
  ReportedOutcome r = Game(kR, H::kHand, T::kNull, 15, 0);
  r.floor = 20;
  ExpectRejected(r, "null", "15");
}

TEST(PhysicalResultTest, RejectsADeclarerConcessionAfterTheWindow) {
  ReportedOutcome r = HeartsSolo(30, 2);
  r.end = GameEnd::kDeclarerConceded;
  ExpectRejected(r, "conceded after 2 tricks", "RULES N11");
  ReportedOutcome late = HeartsSolo(10, 0);
  late.end = GameEnd::kDeclarerConceded;
  late.conceded_after_tricks = 3;
  ExpectRejected(late, "conceded after 3 tricks", "X.19");
}

TEST(PhysicalResultTest, RejectsInconsistentIrregularities) {
  ReportedOutcome two = HeartsSolo(70, 6);
  two.declarer_looked_at_skat = true;
  two.defender_looked_at_skat = kM;
  ExpectRejected(two, "one irregularity", "P2");
  ReportedOutcome tournee_looks = Game(kF, H::kTournee, T::kHearts, 70, 6);
  tournee_looks.declarer_looked_at_skat = true;
  ExpectRejected(tournee_looks, "may look at the skat", "XI.4");
  ReportedOutcome hand_discards = HeartsSolo(70, 6);
  hand_discards.discarded = 3;
  ExpectRejected(hand_discards, "no discards", "XI.2");
  ReportedOutcome declarer_as_defender = HeartsSolo(70, 6);
  declarer_as_defender.defender_looked_at_skat = kF;
  ExpectRejected(declarer_as_defender, "is the declarer", "XI.5");
  ReportedOutcome bad_error = HeartsSolo(0, 0);
  bad_error.play_error = PlayError{PlayError::Kind::kRevoke, kM, 3, 4, 25, 14};
  ExpectRejected(bad_error, "tricks before the error", "P2");
}

// RULES N6: a Null ends at the declarer's first trick, an announced schwarz at the defenders'
// first; an error reported after it contradicts the report.
TEST(PhysicalResultTest, RejectsAnErrorAfterAnEarlyEnd) {
  ReportedOutcome null = Game(kR, H::kHand, T::kNull, 0, 0);
  null.floor = 20;
  null.play_error = PlayError{PlayError::Kind::kRevoke, kF, 4, 1, 10, 30};
  ExpectRejected(null, "already lost", "RULES N6");
  ReportedOutcome schwarz = HeartsSolo(0, 0, A::kSchwarz);
  schwarz.play_error = PlayError{PlayError::Kind::kRevoke, kM, 4, 3, 40, 4};
  ExpectRejected(schwarz, "already lost", "RULES N6");
}

TEST(PhysicalResultTest, RejectsFinesOnTheWrongSeat) {
  ReportedOutcome misdeal = HeartsSolo(70, 6);
  misdeal.fines = {FineReport{FineKind::kMisdeal, Party::kMiddlehand}};
  ExpectRejected(misdeal, "dealer's fine", "XI.1");
  // The offender of X.16 may not play the deal, so he cannot be its declarer.
  ReportedOutcome barred = HeartsSolo(70, 6);
  barred.fines = {FineReport{FineKind::kPlayerLooksAtSkat, Party::kForehand}};
  ExpectRejected(barred, "declarer", "X.16");
  ReportedOutcome resting = HeartsSolo(70, 6);
  resting.players = 4;
  resting.fines = {FineReport{FineKind::kSkatFoundInHand, Party::kDealer}};
  ExpectRejected(resting, "resting dealer", "P3");
}

TEST(PhysicalResultTest, RejectsAPassedInDealUnderRamschRules) {
  ReportedOutcome r;
  r.kind = ResultKind::kPassedIn;
  ExpectRejected(r, "Ramsch", "B3");
}

TEST(PhysicalResultTest, RejectsRamschNumbersThatDoNotAddUp) {
  ReportedOutcome r;
  r.kind = ResultKind::kRamsch;
  r.card_points = {50, 40, 20};
  r.tricks = {4, 3, 3};
  ExpectRejected(r, "110", "120");
}

// --- Contra / Re-contra (000 §11, L2331-2361; D24, D25, D71) ---------------------------------

const Profile& WithContra() { return *FindProfile("eichhorn-1898+contra"); }

// The pad entries of a reported Contra are those of a Contra said online (D25, Game::Finish):
// with V the game's value, Contra: the declarer +-2V, the defender who said it -+V; Re-contra
// +-3V and -+2V; the other defender 0. Settled by S2 like any pad.
TEST(PhysicalResultTest, ContraAndRecontraMultiplyTheGameAsOnline) {
  // Forehand's hearts Solo with 2 (J♣ J♠), won simply: V = 10 x (2 + 1) = 30.
  const PhysicalResult plain = Score(HeartsSolo(70, 6), WithContra());
  EXPECT_EQ(plain.game.valuation.value, 30);
  ExpectTable(plain, {30, 0, 0}, {0, 0, 0}, {60, -30, -30});

  ReportedOutcome contra = HeartsSolo(70, 6);
  contra.contra = 1;
  contra.contra_by = kM;
  const PhysicalResult won = Score(contra, WithContra());
  EXPECT_EQ(won.game.contra, 1);
  EXPECT_EQ(won.game.contra_by, kM);
  ExpectTable(won, {60, -30, 0}, {0, 0, 0}, {150, -120, -30});
  EXPECT_NE(Describe(won.game).find("contra by middlehand"), std::string::npos)
      << Describe(won.game);

  ReportedOutcome re = HeartsSolo(70, 6);
  re.contra = 2;
  re.contra_by = kR;
  ExpectTable(Score(re, WithContra()), {90, 0, -60}, {0, 0, 0}, {240, -30, -210});

  // Lost (40 card points): eichhorn-1898 counts a loss once, V = -30; Re-contra triples it.
  ReportedOutcome lost = HeartsSolo(40, 3);
  lost.contra = 2;
  lost.contra_by = kM;
  const PhysicalResult l = Score(lost, WithContra());
  EXPECT_EQ(l.game.valuation.pad, -30);
  ExpectTable(l, {-90, 60, 0}, {0, 0, 0}, {-240, 210, 30});
}

TEST(PhysicalResultTest, RejectsAContraTheRulesDoNotAllow) {
  // Not under a profile without the option (000 §11: only where agreed).
  ReportedOutcome r = HeartsSolo(70, 6);
  r.contra = 1;
  r.contra_by = kM;
  const Status nasl = Rejected(r);
  EXPECT_EQ(nasl.code(), ErrorCode::kNotAllowed);
  EXPECT_NE(nasl.message().find("nasl-1909 has no Contra (000 §11"), std::string::npos)
      << nasl.message();

  auto rejected = [](const ReportedOutcome& report, const std::string& part) {
    Result<PhysicalResult> result = ScorePhysicalResult(WithContra(), TestBoard(), report);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.status().code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(result.status().message().find(part), std::string::npos) << result.status().message();
  };
  ReportedOutcome level = r;
  level.contra = 3;
  rejected(level, "contra 3 is not 0 (none), 1 (Contra) or 2 (Re-contra)");
  ReportedOutcome declarer = r;
  declarer.contra_by = kF;
  rejected(declarer, "only a defender says Contra");
  ReportedOutcome passed;
  passed.kind = ResultKind::kPassedIn;
  passed.contra = 1;
  passed.contra_by = kM;
  rejected(passed, "no game to double");
  // With an irregularity the sources do not say how the two combine (D71).
  ReportedOutcome revoke = r;
  revoke.play_error = PlayError{PlayError::Kind::kRevoke, kR, 3, 2, 25, 20};
  rejected(revoke, "D71");
  // Without the Contra the same revoke is scored.
  revoke.contra = 0;
  EXPECT_TRUE(ScorePhysicalResult(WithContra(), TestBoard(), revoke).ok());
}

}  // namespace physical_result_test
}  // namespace skat
