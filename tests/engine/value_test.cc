// Game values under nasl-1909 (RULES N1-N11; seed002 §3 and §8 "Test vectors").
#include "engine/value.h"

#include <gtest/gtest.h>

#include <array>
#include <string_view>

#include "engine/game_result.h"
#include "engine/profile.h"

namespace skat {
namespace value_test {

using A = Announcement;
using H = SkatHandling;
using T = GameType;

Declaration D(H h, T t, bool ouvert = false, A announced = A::kNone) {
  return Declaration{h, t, ouvert, announced};
}
Matadors With(int n) { return {n, true}; }
Matadors Without(int n) { return {n, false}; }
PlayOutcome Played(int points, int tricks) { return {points, tricks, GameEnd::kPlayedOut}; }
PlayOutcome Conceded() { return {0, 0, GameEnd::kDeclarerConceded}; }
PlayOutcome DefendersConceded(int p, int t) { return {p, t, GameEnd::kDefendersConceded}; }

Valuation Value(const Declaration& d, Matadors m, int floor, const PlayOutcome& o) {
  const Result<Valuation> r = ValueGame(Nasl1909(), d, m, floor, o);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  if (!r.ok()) return Valuation{};
  EXPECT_EQ(r->pad, r->won ? r->value : -r->value);
  EXPECT_EQ(ValueGameUnchecked(Nasl1909(), d, m, floor, o).pad, r->pad);
  return *r;
}
// The declarer's pad entry (RULES S1): +value when won, -charge when lost.
int Pad(const Declaration& d, Matadors m, int floor, const PlayOutcome& o) {
  return Value(d, m, floor, o).pad;
}
ErrorCode Code(const Declaration& d, Matadors m, const PlayOutcome& o, int floor = 0) {
  return ValueGame(Nasl1909(), d, m, floor, o).status().code();
}

const PlayOutcome kSimpleWin = Played(70, 6);
const PlayOutcome kSimpleLoss = Played(50, 4);
const PlayOutcome kSchwarz = Played(120, 10);

// seed002 §8 V1-V9 (Nutshell, IX, Tromnow anecdote).
TEST(ValueTest, SeedVectorsV1ToV9) {
  EXPECT_EQ(Pad(D(H::kTournee, T::kDiamonds), With(1), 10, kSimpleWin), 10);  // V1
  EXPECT_EQ(Pad(D(H::kHand, T::kClubs), With(4), 0, kSimpleWin), 60);         // V2
  EXPECT_EQ(Pad(D(H::kHand, T::kGrand), With(4), 0, kSimpleWin), 100);        // V3
  // V4: Schwartzberger's Grand Ouvert (four jacks, ♥ A 10 K Q, ♠A, ♦A); RULES N3.
  EXPECT_EQ(Pad(D(H::kHand, T::kGrand, true), With(4), 0, kSchwarz), 216);
  EXPECT_EQ(Pad(D(H::kGuckser, T::kGrand), With(1), 0, kSimpleWin), 32);  // V6
  // V7: Solo ♥ with 2, schneider announced and made, not schwarz.
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts, false, A::kSchneider), With(2), 0, Played(95, 9)), 50);
  // V8: Solo ♠ without 3, schwarz announced and made: 11 × (3 + 5).
  EXPECT_EQ(Pad(D(H::kHand, T::kSpades, false, A::kSchwarz), Without(3), 0, kSchwarz), 88);
  // V9: Passt mir nicht ♠ with 1 lost simple: 2 × 7 × 2 (RULES N7).
  EXPECT_EQ(Pad(D(H::kPasstMirNicht, T::kSpades), With(1), 10, kSimpleLoss), -28);
}

// seed002 §8 V5 (Tromnow anecdote @29937: "Schwartz on a Guckser against four. 224 points
// lost"; the OCR prints "Schwartzt"); RULES N7: 32 × (4 + 3).
TEST(ValueTest, GuckserLostSchwarzWithout4Is224) {
  const Valuation v = Value(D(H::kGuckser, T::kGrand), Without(4), 16, Played(0, 0));
  EXPECT_FALSE(v.won);
  EXPECT_EQ(v.level, 3);
  EXPECT_EQ(v.value, 224);
  EXPECT_EQ(v.pad, -224);
}

// seed002 §8 V10 (X.15); RULES N8, N9: F 27, ♥ Tournée with 1 (value 12) won in play → −30,
// as Passt mir nicht −60.
TEST(ValueTest, OverbidTourneeHeartsAtBid27) {
  const Valuation v = Value(D(H::kTournee, T::kHearts), With(1), 27, kSimpleWin);
  EXPECT_FALSE(v.won);
  EXPECT_TRUE(v.overbid);
  EXPECT_EQ(v.pad, -30);
  EXPECT_TRUE(v.rules & kRuleN8);
  EXPECT_TRUE(v.rules & kRuleN9);
  const Valuation pmn = Value(D(H::kPasstMirNicht, T::kHearts), With(1), 27, kSimpleWin);
  EXPECT_TRUE(pmn.overbid);
  EXPECT_EQ(pmn.pad, -60);
}

// RULES N9 example: F 40, Guckser with 1 → −96 (2 × 16 × ⌈40/16⌉), won in play or lost.
TEST(ValueTest, OverbidGuckserAtBid40Is96) {
  EXPECT_EQ(Pad(D(H::kGuckser, T::kGrand), With(1), 40, kSimpleWin), -96);
  EXPECT_EQ(Pad(D(H::kGuckser, T::kGrand), With(1), 40, kSimpleLoss), -96);
}

// RULES N8: overbid loses even when won in play; schneider made counts toward the floor.
TEST(ValueTest, OverbidAppliesEvenWhenWonInPlay) {
  const Declaration solo = D(H::kHand, T::kHearts);
  EXPECT_EQ(Pad(solo, With(1), 30, kSimpleWin), -30);    // 20 < 30: charged 10 × 3
  EXPECT_EQ(Pad(solo, With(1), 22, kSimpleWin), -30);    // next multiple of the unit
  EXPECT_EQ(Pad(solo, With(1), 30, Played(95, 8)), 30);  // schneider reaches 30: won
  EXPECT_EQ(Pad(solo, With(1), 20, kSimpleWin), 20);     // equal to the floor: won
  EXPECT_EQ(Pad(solo, With(1), 50, Played(0, 0)), -50);  // lost schwarz 40 < 50: N9 charge
}

// seed002 §8 V11 (IX); RULES N10: the most card points loses, 30 when one player took no trick.
TEST(ValueTest, RamschLoserWithOneTricklessPlayerIs30) {
  GameResult r;
  r.kind = ResultKind::kRamsch;
  r.card_points = {75, 45, 0};
  r.tricks = {7, 3, 0};
  ChargeRamsch(Nasl1909(), Direction::kForehand, r);
  EXPECT_EQ(r.pad, (std::array<int, 3>{-30, 0, 0}));
  EXPECT_EQ(r.ramsch_loser, (std::array<bool, 3>{true, false, false}));
}

// RULES N10: 20 / 30 / 50 and the tie rules.
TEST(ValueTest, RamschChargesAndTies) {
  struct Case {
    std::array<int, 3> points, tricks;
    Direction last;
    std::array<int, 3> pad;
  } const kCases[] = {
      {{50, 40, 30}, {4, 3, 3}, Direction::kRearhand, {-20, 0, 0}},    // plain: 20
      {{120, 0, 0}, {10, 0, 0}, Direction::kForehand, {-50, 0, 0}},    // two trickless: 50
      {{60, 60, 0}, {5, 5, 0}, Direction::kMiddlehand, {0, -30, 0}},   // tie, last trick decides
      {{50, 50, 20}, {4, 4, 2}, Direction::kRearhand, {-20, -20, 0}},  // neither tied took it
      {{40, 40, 40}, {4, 3, 3}, Direction::kRearhand, {0, 0, -20}},    // 40-40-40
  };
  for (const Case& c : kCases) {
    GameResult r;
    r.kind = ResultKind::kRamsch;
    r.card_points = c.points;
    r.tricks = c.tricks;
    ChargeRamsch(Nasl1909(), c.last, r);
    EXPECT_EQ(r.pad, c.pad) << c.points[0] << "-" << c.points[1] << "-" << c.points[2];
  }
}

// seed002 §3.3, the Nutshell table: every printed value is unit × (M + 1) for M = 1..4, Grand
// Ouvert unit × (M + 5) (RULES N3). Same with or without.
TEST(ValueTest, NutshellTableSimpleGameValues) {
  struct Row {
    Declaration d;
    int printed[4];
  } const kRows[] = {
      {D(H::kTournee, T::kDiamonds), {10, 15, 20, 25}},
      {D(H::kTournee, T::kHearts), {12, 18, 24, 30}},
      // The OCR prints a garbled ♠ as "4" before this row (seed002 §11); the unit is 7.
      {D(H::kTournee, T::kSpades), {14, 21, 28, 35}},
      {D(H::kTournee, T::kClubs), {16, 24, 32, 40}},
      {D(H::kHand, T::kDiamonds), {18, 27, 36, 45}},
      {D(H::kHand, T::kHearts), {20, 30, 40, 50}},
      {D(H::kHand, T::kSpades), {22, 33, 44, 55}},
      {D(H::kHand, T::kClubs), {24, 36, 48, 60}},
      {D(H::kTournee, T::kGrand), {24, 36, 48, 60}},
      {D(H::kGuckser, T::kGrand), {32, 48, 64, 80}},
      {D(H::kHand, T::kGrand), {40, 60, 80, 100}},
      {D(H::kHand, T::kGrand, true), {144, 168, 192, 216}},
  };
  for (const Row& row : kRows) {
    const PlayOutcome o = row.d.ouvert ? kSchwarz : kSimpleWin;
    for (int m = 1; m <= 4; ++m) {
      EXPECT_EQ(Pad(row.d, With(m), 0, o), row.printed[m - 1]) << ToString(row.d) << " " << m;
      EXPECT_EQ(Pad(row.d, Without(m), 0, o), row.printed[m - 1]) << ToString(row.d);
    }
  }
  // Null 20 and Null Ouvert 40 (the OCR prints "Null m J" and "401", seed002 §11).
  EXPECT_EQ(Pad(D(H::kHand, T::kNull), With(1), 0, Played(0, 0)), 20);
  EXPECT_EQ(Pad(D(H::kHand, T::kNull, true), With(1), 0, Played(0, 0)), 40);
  EXPECT_EQ(Pad(D(H::kHand, T::kNull), With(1), 0, Played(2, 1)), -20);
  EXPECT_EQ(Pad(D(H::kHand, T::kNull, true), With(1), 0, Played(2, 1)), -40);
}

// RULES N2, Solo class: schneider 2, schwarz 3, schneider announced 3, schwarz after schneider
// announced 4, schwarz announced 5 (seed002 §3.1). Solo ♦ with 1, unit 9.
TEST(ValueTest, SoloLevels) {
  const auto level = [](A announced, const PlayOutcome& o) {
    const Valuation v = Value(D(H::kHand, T::kDiamonds, false, announced), With(1), 0, o);
    EXPECT_TRUE(v.won);
    EXPECT_EQ(v.value, 9 * (1 + v.level));
    return v.level;
  };
  EXPECT_EQ(level(A::kNone, kSimpleWin), 1);
  EXPECT_EQ(level(A::kNone, Played(95, 8)), 2);
  EXPECT_EQ(level(A::kNone, kSchwarz), 3);
  EXPECT_EQ(level(A::kSchneider, Played(95, 8)), 3);
  EXPECT_EQ(level(A::kSchneider, kSchwarz), 4);
  EXPECT_EQ(level(A::kSchwarz, kSchwarz), 5);
}

// RULES N2, Tournée class: game 1, schneider 2, schwarz 3. Tournée ♣ with 2, unit 8.
TEST(ValueTest, TourneeLevels) {
  EXPECT_EQ(Pad(D(H::kTournee, T::kClubs), With(2), 0, kSimpleWin), 24);
  EXPECT_EQ(Pad(D(H::kTournee, T::kClubs), With(2), 0, Played(91, 8)), 32);
  EXPECT_EQ(Pad(D(H::kTournee, T::kClubs), With(2), 0, kSchwarz), 40);
}

// RULES N4 thresholds. Solo ♥ with 1, unit 10.
TEST(ValueTest, CardPointThresholds) {
  const Declaration solo = D(H::kHand, T::kHearts);
  const Valuation all_points = Value(solo, With(1), 0, Played(120, 9));
  EXPECT_EQ(all_points.achieved, A::kSchneider);  // 120 points without all tricks: not schwarz
  EXPECT_EQ(all_points.level, 2);
  EXPECT_EQ(Pad(solo, With(1), 0, Played(91, 8)), 30);   // 91 is schneider
  EXPECT_EQ(Pad(solo, With(1), 0, Played(90, 8)), 20);   // 90 is not
  EXPECT_EQ(Pad(solo, With(1), 0, Played(61, 5)), 20);   // 61 wins
  EXPECT_EQ(Pad(solo, With(1), 0, Played(60, 5)), -20);  // 60 loses
  EXPECT_EQ(Pad(solo, With(1), 0, Played(31, 3)), -20);  // 31: not schneidered
  EXPECT_EQ(Pad(solo, With(1), 0, Played(30, 3)), -30);  // 30: schneidered, level 2
  EXPECT_EQ(Pad(solo, With(1), 0, Played(10, 0)), -40);  // no trick: schwarz, level 3
}

// RULES N5: lost level = max(outcome, announced); a failed announcement loses even with ≥ 61.
TEST(ValueTest, FailedAnnouncementLosesAtTheAnnouncedLevel) {
  const Declaration schneider = D(H::kHand, T::kHearts, false, A::kSchneider);
  const Declaration schwarz = D(H::kHand, T::kHearts, false, A::kSchwarz);
  const Valuation v = Value(schneider, With(1), 0, Played(75, 7));
  EXPECT_FALSE(v.won);
  EXPECT_EQ(v.level, 3);
  EXPECT_EQ(v.pad, -40);
  EXPECT_EQ(Pad(schneider, With(1), 0, Played(20, 2)), -40);  // max(2, 3)
  EXPECT_EQ(Pad(schneider, With(1), 0, Played(0, 0)), -40);   // max(3, 3): nasl-1909 level 3
  EXPECT_EQ(Pad(schwarz, With(1), 0, Played(110, 9)), -60);   // level 5
  EXPECT_EQ(Pad(schwarz, With(1), 0, Played(0, 0)), -60);
}

// RULES N3: Grand Ouvert counts level 5 won or lost; N7 losses.
TEST(ValueTest, GrandOuvertAndDoubledLosses) {
  EXPECT_EQ(Pad(D(H::kHand, T::kGrand, true), With(1), 0, Played(110, 9)), -144);
  EXPECT_EQ(Pad(D(H::kGuckser, T::kGrand), With(2), 0, kSimpleLoss), -96);  // 32 × 3
  EXPECT_EQ(Pad(D(H::kPasstMirNicht, T::kClubs), With(1), 0, Played(20, 2)), -48);
  EXPECT_EQ(Pad(D(H::kTournee, T::kClubs), With(1), 0, Played(20, 2)), -24);  // not doubled
}

// RULES N11: a declarer's concession is charged at outcome level 1, announced levels kept.
TEST(ValueTest, DeclarerConcedes) {
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts), With(2), 0, Conceded()), -30);
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts, false, A::kSchneider), With(2), 0, Conceded()), -50);
  EXPECT_EQ(Pad(D(H::kHand, T::kGrand, true), With(1), 0, Conceded()), -144);
  EXPECT_EQ(Pad(D(H::kPasstMirNicht, T::kSpades), With(1), 0, Conceded()), -28);
  EXPECT_EQ(Pad(D(H::kGuckser, T::kGrand), With(1), 0, Conceded()), -64);
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts), With(1), 30, Conceded()), -30);  // then N9
  EXPECT_EQ(Pad(D(H::kHand, T::kNull), With(1), 0, Conceded()), -20);
  EXPECT_EQ(Pad(D(H::kHand, T::kNull, true), With(1), 0, Conceded()), -40);
}

// RULES N11: defenders concede together; the game is won at the level reached or announced.
TEST(ValueTest, DefendersConcede) {
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts), With(2), 0, DefendersConceded(40, 3)), 30);
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts), With(2), 0, DefendersConceded(95, 8)), 40);
  const PlayOutcome early = DefendersConceded(40, 3);
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts, false, A::kSchneider), With(2), 0, early), 50);
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts, false, A::kSchwarz), With(2), 0, early), 70);
  EXPECT_EQ(Pad(D(H::kHand, T::kGrand, true), With(1), 0, DefendersConceded(40, 3)), 144);
  EXPECT_EQ(Pad(D(H::kHand, T::kNull), With(1), 0, DefendersConceded(0, 0)), 20);
}

// docs/rules-decisions.md D4: a conceded-to game worth less than the floor is still overbid.
TEST(ValueTest, DefendersConcedeBelowTheFloorStillOverbid) {
  // ♥ Solo with 2 is worth 30 at level 1; the bid was 33: charged 10 × ⌈33 / 10⌉ = 40.
  EXPECT_EQ(Pad(D(H::kHand, T::kHearts), With(2), 33, DefendersConceded(40, 3)), -40);
}

// docs/rules-decisions.md D7; RULES N9: a game lost in play below the floor pays the charge.
TEST(ValueTest, LostGameBelowTheFloorPaysTheOverbidCharge) {
  const Declaration tournee = D(H::kTournee, T::kHearts);
  EXPECT_EQ(Pad(tournee, With(1), 0, Played(40, 4)), -12);   // no floor: the N5 loss
  EXPECT_EQ(Pad(tournee, With(1), 27, Played(40, 4)), -30);  // 6 × ⌈27 / 6⌉
  EXPECT_EQ(Pad(tournee, With(1), 12, Played(40, 4)), -12);  // 12 reaches the floor
  // Lost schwarz: 6 × (1 + 3) = 24 reaches the floor 20, so no overbid; at 30 the charge is 30.
  EXPECT_EQ(Pad(tournee, With(1), 20, Played(0, 0)), -24);
  EXPECT_EQ(Pad(tournee, With(1), 30, Played(0, 0)), -30);
}

// RULES N1 over the declarer's 12 cards; C2 trump order.
TEST(ValueTest, CountMatadorsInASuitGame) {
  Card order[11];
  TrumpOrder(T::kHearts, order);
  CardSet trumps;
  int i = 0;
  for (std::string_view c :
       {"C-J", "S-J", "H-J", "D-J", "H-A", "H-10", "H-K", "H-Q", "H-9", "H-8", "H-7"}) {
    EXPECT_EQ(order[i++], *ParseCard(c)) << c;
    trumps.add(*ParseCard(c));
  }
  const auto fill = [&](CardSet s) {  // add plain cards up to 12
    for (Card c : CardSet::All() - trumps) {
      if (s.size() < 12) s.add(c);
    }
    return s;
  };
  for (int n = 1; n <= 11; ++n) {
    CardSet with;
    for (int j = 0; j < n; ++j) with.add(order[j]);
    EXPECT_EQ(CountMatadors(fill(with), T::kHearts), With(n)) << "with " << n;
    const CardSet without = n < 11 ? CardSet(order[n]) : CardSet();
    EXPECT_EQ(CountMatadors(fill(without), T::kHearts), Without(n)) << "without " << n;
  }
  // A break after the four jacks: with 4; the ♣ ace is no trump in hearts.
  EXPECT_EQ(CountMatadors(*ParseCardSet("C-J S-J H-J D-J H-10 C-A"), T::kHearts), With(4));
  EXPECT_EQ(CountMatadors(*ParseCardSet("S-J H-A"), T::kHearts), Without(1));
}

TEST(ValueTest, CountMatadorsInGrandStopsAt4) {
  EXPECT_EQ(CountMatadors(*ParseCardSet("C-J S-J H-J D-J C-A C-10 S-A"), T::kGrand), With(4));
  EXPECT_EQ(CountMatadors(*ParseCardSet("C-J S-J D-J C-A"), T::kGrand), With(2));
  EXPECT_EQ(CountMatadors(*ParseCardSet("C-J H-J"), T::kGrand), With(1));
  EXPECT_EQ(CountMatadors(*ParseCardSet("S-J H-J D-J"), T::kGrand), Without(1));
  EXPECT_EQ(CountMatadors(*ParseCardSet("H-J"), T::kGrand), Without(2));
  EXPECT_EQ(CountMatadors(*ParseCardSet("D-J C-A"), T::kGrand), Without(3));
  // No jack in grand: without 4 (seed002 Z1, Tromnow's Guckser).
  EXPECT_EQ(CountMatadors(*ParseCardSet("C-A C-10 S-A S-10 H-A H-10 D-A D-10 C-K S-K H-K D-K"),
                          T::kGrand),
            Without(4));
}

TEST(ValueTest, ImpossibleNumbersAreInvalidArguments) {
  const Declaration solo = D(H::kHand, T::kHearts);
  const Declaration grand = D(H::kHand, T::kGrand);
  EXPECT_EQ(Code(solo, With(1), Played(121, 9)), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(1), Played(-1, 0)), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(1), Played(100, 11)), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(1), Played(50, -1)), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(12), kSimpleWin), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, Without(12), kSimpleWin), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(0), kSimpleWin), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(grand, With(5), kSimpleWin), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(grand, Without(5), kSimpleWin), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(1), Played(30, 0)), ErrorCode::kInvalidArgument);  // skat ≤ 22
  EXPECT_EQ(Code(solo, With(1), Played(23, 0)), ErrorCode::kInvalidArgument);
  // Two aces in the skat and no trick: 22 card points is a real result (D11).
  EXPECT_EQ(Code(solo, With(1), Played(22, 0)), ErrorCode::kOk);
  EXPECT_EQ(Code(solo, With(1), Played(110, 10)), ErrorCode::kInvalidArgument);  // 10 tricks: 120
  EXPECT_EQ(Code(solo, With(1), kSimpleWin, -1), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Code(solo, With(11), kSimpleWin), ErrorCode::kOk);
  EXPECT_EQ(Code(grand, Without(4), kSimpleWin), ErrorCode::kOk);
}

// RULES G4, G5: no suit ouvert; only Solo and Grand Solo announce; G6: no Frage.
TEST(ValueTest, GamesOutsideTheProfileAreIllegalDeclarations) {
  for (const Declaration& d :
       {D(H::kHand, T::kHearts, true), D(H::kTournee, T::kHearts, false, A::kSchneider),
        D(H::kPasstMirNicht, T::kClubs, false, A::kSchwarz),
        D(H::kGuckser, T::kGrand, false, A::kSchneider), D(H::kPickup, T::kHearts),
        D(H::kGuckser, T::kHearts), D(H::kTournee, T::kNull)}) {
    EXPECT_EQ(Code(d, With(1), kSimpleWin), ErrorCode::kIllegalDeclaration) << ToString(d);
    EXPECT_EQ(Code(d, With(1), kSchwarz), ErrorCode::kIllegalDeclaration) << ToString(d);
  }
}

}  // namespace value_test
}  // namespace skat
