// The option games with fixed values (RULES "Profile deltas": Revolution; Uno and Duo), each a
// profile option, with the seeds' worked examples for them, citing their source: Revolution
// (seed000 §6.11, §19 #38; seed001-003 §6.2 #13, 003:L11) and Uno / Duo (001:L31, 003:L11).
// Decisions: docs/rules-decisions.md D26-D29.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game_result.h"
#include "engine/physical_result.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "engine/view.h"
#include "tests/engine/game_test_util.h"

namespace skat {
namespace option_games_test {

using namespace game_test;  // NOLINT

constexpr SkatHandling kRev = SkatHandling::kRevolution;
constexpr SkatHandling kUno = SkatHandling::kUno;
constexpr SkatHandling kDuo = SkatHandling::kDuo;
constexpr GameType kNull = GameType::kNull;
constexpr GameType kGrand = GameType::kGrand;

const Profile& EichhornRev() { return *FindProfile("eichhorn-1898+revolution"); }
const Profile& LawsAll() { return *FindProfile("laws-1900+revolution+uno-duo"); }

const Declaration kRevolution{kRev, kNull, true};

// F holds the 7, 8 and 9 of clubs and spades and the 7 and 8 of hearts and diamonds: no lead or
// follow can force a trick on him (Null order A K Q J 10 9 8 7).
constexpr const char* kSafe =
    "F: C-7 C-8 C-9 S-7 S-8 S-9 H-7 H-8 D-7 D-8; M: C-A C-K C-Q C-J C-10 S-A S-K S-Q S-J S-10;"
    " R: H-A H-K H-Q H-J H-10 H-9 D-A D-K D-Q D-J; S: D-10 D-9";
// As kSafe with C-9 and C-A swapped: F's lead of C-A takes trick 1.
constexpr const char* kCaught =
    "F: C-7 C-8 C-A S-7 S-8 S-9 H-7 H-8 D-7 D-8; M: C-9 C-K C-Q C-J C-10 S-A S-K S-Q S-J S-10;"
    " R: H-A H-K H-Q H-J H-10 H-9 D-A D-K D-Q D-J; S: D-10 D-9";

bool Lists(const Game& g, const Act& a) {
  const std::vector<Act> acts = g.LegalActs();
  return std::find(acts.begin(), acts.end(), a) != acts.end();
}

// ---- The options ----

TEST(OptionGamesTest, OptionsAndUnits) {
  // RULES "Profile deltas":
  // Revolution a flag of eichhorn-1898 and laws-1900, Uno / Duo of laws-1900;
  // every flag off by default (D21).
  for (const char* base : {"eichhorn-1898", "laws-1900"}) {
    EXPECT_FALSE(FindProfile(base)->AllowsHandling(kRev)) << base;
    EXPECT_FALSE(FindProfile(base)->AllowsHandling(kUno)) << base;
  }
  EXPECT_EQ(FindProfile("nasl-1909+revolution"), nullptr);  // RULES G6
  EXPECT_EQ(FindProfile("gucki-variation+revolution"), nullptr);
  EXPECT_EQ(FindProfile("eichhorn-1898+uno-duo"), nullptr);  // 000 has no Uno or Duo
  EXPECT_EQ(FindProfile("laws-1900+uno-duo+revolution")->id, "laws-1900+revolution+uno-duo");
  EXPECT_EQ(FindProfile("eichhorn-1898+revolution+frage")->id, "eichhorn-1898+frage+revolution");

  // 000 §6.11 (L1370-1376): "Nullo Ouvert Force, or Revolution" 60; 003:L11: "revolution, if
  // played, 60"; only open (D27).
  for (const Profile* p : {&EichhornRev(), &LawsAll()}) {
    EXPECT_EQ(p->Unit(kRevolution), 60) << p->id;
    EXPECT_FALSE(p->Allows({kRev, kNull, false})) << p->id;
    EXPECT_FALSE(p->Allows({kRev, kGrand, true})) << p->id;
    EXPECT_TRUE(p->FixedValue(kRevolution));
    EXPECT_EQ(p->TargetTricks(kRevolution), 0);
  }
  EXPECT_FALSE(EichhornRev().AllowsHandling(kUno));
  // 003:L11: "Uno and duo, if played, shall be worth 20, or if played open 40"; 001:L31: they are
  // Grands, exactly one or two tricks.
  const Profile& l = LawsAll();
  EXPECT_EQ(l.Unit({kUno, kGrand}), 20);
  EXPECT_EQ(l.Unit({kUno, kGrand, true}), 40);
  EXPECT_EQ(l.Unit({kDuo, kGrand}), 20);
  EXPECT_EQ(l.Unit({kDuo, kGrand, true}), 40);
  EXPECT_FALSE(l.Allows({kUno, GameType::kHearts}));
  EXPECT_FALSE(l.Allows({kDuo, kNull}));
  EXPECT_EQ(l.TargetTricks({kUno, kGrand}), 1);
  EXPECT_EQ(l.TargetTricks({kDuo, kGrand, true}), 2);
  // Their values are bids some game reaches (RULES B2).
  EXPECT_TRUE(std::binary_search(l.legal_bids.begin(), l.legal_bids.end(), 60));
}

// ---- Worked examples ----

// seed000 §19 #38 (L742-765): "Null / Null Ouvert / Revolution: ±20 / ±40 / ±60", here the
// Revolution part; seed001-003 §11 (003:L11): Revolution +60 / -60, Uno or Duo +20 / -20, open
// +40 / -40.
TEST(OptionGamesTest, WorkedExampleValues) {
  const Matadors none{};
  PlayOutcome won{.declarer_points = 0, .declarer_tricks = 0, .end = GameEnd::kPlayedOut};
  PlayOutcome lost{.declarer_points = 11, .declarer_tricks = 1, .end = GameEnd::kPlayedOut};
  for (const Profile* p : {&EichhornRev(), &LawsAll()}) {
    EXPECT_EQ(ValueGame(*p, kRevolution, none, 18, won).value().pad, 60) << p->id;
    EXPECT_EQ(ValueGame(*p, kRevolution, none, 18, lost).value().pad, -60) << p->id;
  }
  const Profile& l = LawsAll();
  const Matadors with1{1, true};
  auto pad = [&](const Declaration& d, int tricks) {
    PlayOutcome o{
        .declarer_points = 10 * tricks, .declarer_tricks = tricks, .end = GameEnd::kPlayedOut};
    return ValueGame(l, d, with1, 18, o).value().pad;
  };
  EXPECT_EQ(pad({kUno, kGrand}, 1), 20);
  EXPECT_EQ(pad({kUno, kGrand}, 0), -20);  // "neither more nor less" (001:L31)
  EXPECT_EQ(pad({kUno, kGrand}, 2), -20);
  EXPECT_EQ(pad({kUno, kGrand, true}, 1), 40);
  EXPECT_EQ(pad({kUno, kGrand, true}, 3), -40);
  EXPECT_EQ(pad({kDuo, kGrand}, 2), 20);
  EXPECT_EQ(pad({kDuo, kGrand}, 1), -20);
  EXPECT_EQ(pad({kDuo, kGrand, true}, 2), 40);
  EXPECT_EQ(pad({kDuo, kGrand, true}, 3), -40);
}

// ---- Revolution in play ----

TEST(RevolutionTest, DeclaredBeforeTouchingTheSkatOnlyOpen) {
  Game g = Bid(EichhornRev(), kSafe, kF, 18);
  EXPECT_TRUE(Lists(g, Act::Declare(kF, kRevolution)));
  EXPECT_FALSE(Lists(g, Act::Declare(kF, {kRev, kNull, false})));
  Refused(g, Act::Declare(kF, {kRev, kNull, false}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, {kRev, kNull, true, Announcement::kSchneider}),
          ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kM, kRevolution), ErrorCode::kOutOfTurn);
  // Not without the option (RULES "Profile deltas": flag).
  Game plain = Bid(Eichhorn1898(), kSafe, kF, 18);
  EXPECT_FALSE(Lists(plain, Act::Declare(kF, kRevolution)));
  const Status s = plain.Apply(Act::Declare(kF, kRevolution));
  EXPECT_EQ(s.code(), ErrorCode::kIllegalDeclaration);
  EXPECT_NE(s.ToString().find("profile option"), std::string::npos) << s.ToString();
  // G7: a fixed value below the bid is refused.
  Game high = Bid(EichhornRev(), kSafe, kF, 61);
  EXPECT_FALSE(Lists(high, Act::Declare(kF, kRevolution)));
  Refused(high, Act::Declare(kF, kRevolution), ErrorCode::kIllegalDeclaration);
  // Once the skat is touched, it is too late (D26).
  Game frage = Bid(*FindProfile("eichhorn-1898+frage+revolution"), kSafe, kF, 18);
  Must(frage, Act::Simple(ActType::kTakeSkat, kF));
  Must(frage, Act::Discard(kF, C("D-10"), C("D-9")));
  Refused(frage, Act::Declare(kF, kRevolution), ErrorCode::kIllegalDeclaration);
  ExpectLegalActsApply(g);
}

// D26: each defender sees his partner's hand; the declarer's hand is open to all (000 §6.11:
// "laid open as in Null Ouvert"); the declarer and the public do not see the defenders' cards.
TEST(RevolutionTest, DefendersConsultOpenly) {
  Game g = Bid(EichhornRev(), kSafe, kF, 18);
  EXPECT_TRUE(ViewOf(g, kM).partner_hand.empty());  // not before the declaration
  Must(g, Act::Declare(kF, kRevolution));
  EXPECT_EQ(g.handling(), kRev);
  EXPECT_TRUE(g.exposed(kF));
  const SeatView m = ViewOf(g, kM);
  const SeatView r = ViewOf(g, kR);
  const SeatView f = ViewOf(g, kF);
  const SeatView pub = PublicViewOf(g);
  EXPECT_EQ(m.partner_hand, g.hand(kR));
  EXPECT_EQ(r.partner_hand, g.hand(kM));
  EXPECT_EQ(m.exposed[Index(kF)], g.hand(kF));
  EXPECT_TRUE(f.partner_hand.empty());
  EXPECT_TRUE(pub.partner_hand.empty());
  EXPECT_FALSE(CardsShown(f).intersects(g.hand(kM) | g.hand(kR)));
  EXPECT_FALSE(CardsShown(pub).intersects(g.hand(kM) | g.hand(kR)));
  EXPECT_TRUE(CardsShown(m).contains(g.hand(kR)));
  EXPECT_FALSE(CardsShown(m).intersects(g.board().skat_set()));  // no one sees the skat
  Play(g, kF, "C-7");
  EXPECT_EQ(ViewOf(g, kM).partner_hand, g.hand(kR));  // as his partner's cards go
  // Revolution is not a nasl-style exposure: a plain Null Ouvert shows the defenders nothing.
  Game null_ouvert = Bid(EichhornRev(), kSafe, kF, 18);
  Must(null_ouvert, Act::Declare(kF, Hand(kNull, true)));
  EXPECT_TRUE(ViewOf(null_ouvert, kM).partner_hand.empty());
}

TEST(RevolutionTest, WonWithoutATrick) {
  Game g = Bid(EichhornRev(), kSafe, kF, 18);
  Must(g, Act::Declare(kF, kRevolution));
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.declaration, kRevolution);
  EXPECT_EQ(r.tricks[Index(kF)], 0);
  EXPECT_FALSE(r.early_end);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.pad[Index(kF)], 60);  // seed000 §19 #38
}

TEST(RevolutionTest, LostAtTheFirstTrick) {
  Game g = Bid(*FindProfile("laws-1900+revolution"), kCaught, kF, 18);
  Must(g, Act::Declare(kF, kRevolution));
  // laws-1900: a hand game cannot be abandoned (001:L58), Revolution included (D27).
  Refused(g, Act::Simple(ActType::kConcede, kF), ErrorCode::kNotAllowed);
  Play(g, kF, "C-A");
  Play(g, kM, "C-9");
  Play(g, kR, "H-9");
  ASSERT_TRUE(g.finished());  // RULES N6: Null ends at the declarer's first trick
  const GameResult& r = g.result();
  EXPECT_TRUE(r.early_end);
  EXPECT_FALSE(r.valuation.won);
  EXPECT_EQ(r.pad[Index(kF)], -60);  // seed000 §19 #38; 003:L11
}

// ---- Uno and Duo in play ----

// kSolo: F holds the four jacks and six hearts and takes every trick in Grand.
TEST(UnoDuoTest, EndsOnceTheTargetIsPassed) {
  Game plain(Laws1900(), ParseBoard(kSolo).value());
  EXPECT_FALSE(plain.profile().AllowsHandling(kUno));
  for (auto [h, tricks] : {std::pair{kUno, 2}, std::pair{kDuo, 3}}) {
    for (bool ouvert : {false, true}) {
      Game g = Bid(LawsAll(), kSolo, kF, 18);
      const Declaration d{h, kGrand, ouvert};
      ASSERT_TRUE(Lists(g, Act::Declare(kF, d)));
      Refused(g, Act::Declare(kF, {h, kGrand, ouvert, Announcement::kSchneider}),
              ErrorCode::kIllegalDeclaration);
      Must(g, Act::Declare(kF, d));
      EXPECT_EQ(g.exposed(kF), ouvert);
      EXPECT_TRUE(ViewOf(g, kM).partner_hand.empty());  // only Revolution consults openly
      for (int t = 0; t < tricks; ++t) {
        ASSERT_FALSE(g.finished());
        const char* lead[] = {"C-J", "S-J", "H-J"};
        Play(g, kF, lead[t]);
        Must(g, g.LegalActs().front());
        Must(g, g.LegalActs().front());
      }
      ASSERT_TRUE(g.finished()) << HandlingName(h);  // D28: more than the target, lost
      const GameResult& r = g.result();
      EXPECT_TRUE(r.early_end);
      EXPECT_EQ(r.tricks[Index(kF)], tricks);
      EXPECT_EQ(r.pad[Index(kF)], ouvert ? -40 : -20);  // 003:L11
    }
  }
}

// RULES G4 / XI.13: a Solo may be raised before the first card, but not into Uno or Duo (D28).
TEST(UnoDuoTest, NoRaiseIntoUnoOrDuo) {
  Game g = Bid(LawsAll(), kSolo, kF, 18);
  Must(g, Act::Declare(kF, Hand(GameType::kHearts)));
  EXPECT_TRUE(Lists(g, Act::Declare(kF, Hand(kGrand))));
  for (SkatHandling h : {kUno, kDuo}) {
    EXPECT_FALSE(Lists(g, Act::Declare(kF, {h, kGrand})));
    Refused(g, Act::Declare(kF, {h, kGrand}), ErrorCode::kIllegalDeclaration);
  }
  Refused(g, Act::Declare(kF, kRevolution), ErrorCode::kIllegalDeclaration);
}

// D29: in Uno and Duo, as in Null, the declarer's claim says he takes no further trick.
TEST(UnoDuoTest, ClaimAfterTheOneTrick) {
  Game g = Bid(LawsAll(), kSolo, kF, 18);
  Must(g, Act::Declare(kF, {kUno, kGrand}));
  Play(g, kF, "C-J");
  Play(g, kM, "C-A");
  Play(g, kR, "S-Q");
  Must(g, Act::Simple(ActType::kClaim, kF));
  Must(g, Act::Answer(kM, true));
  Must(g, Act::Answer(kR, true));
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_EQ(r.tricks[Index(kF)], 1);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.pad[Index(kF)], 20);
}

// Random play: every Uno / Duo won has exactly one / two declarer tricks, and the value is
// always the fixed one (001:L31; 003:L11).
TEST(UnoDuoTest, RandomGamesScoreByExactTricks) {
  Rng rng(0x0D00);
  std::array<int, 2> won{};
  for (int i = 0; i < 3000; ++i) {
    Game g(LawsAll(), RandomBoard(rng));
    PlayOutRandomly(g, rng);
    const GameResult& r = g.result();
    if (r.kind != ResultKind::kDeclarerGame) continue;
    const SkatHandling h = r.declaration.handling;
    if (h != kUno && h != kDuo) continue;
    const int target = h == kUno ? 1 : 2;
    EXPECT_EQ(r.valuation.value, r.declaration.ouvert ? 40 : 20);
    if (r.outcome.end == GameEnd::kPlayedOut) {
      EXPECT_EQ(r.valuation.won, r.tricks[Index(r.declarer)] == target);
    }
    if (r.valuation.won) ++won[h == kUno ? 0 : 1];
  }
  EXPECT_GT(won[0], 0);
  EXPECT_GT(won[1], 0);
}

// ---- Results from physical play ----

// A table's report of these games scores as the engine plays them: Revolution ±60 (000 §19 #38),
// Uno / Duo by the exact number of tricks, open 40 (003:L11); a revoke loses them (RULES P2).
TEST(OptionGamesTest, PhysicalResults) {
  const Board board = ParseBoard(kSolo).value();
  auto score = [&](const Declaration& d, int tricks, int points) {
    ReportedOutcome r;
    r.declaration = d;
    r.floor = 18;
    r.declarer_tricks = tricks;
    r.declarer_points = points;
    Result<PhysicalResult> result = ScorePhysicalResult(LawsAll(), board, r);
    EXPECT_TRUE(result.ok()) << result.status().ToString();
    return result.ok() ? result->pad[0] : 0;
  };
  EXPECT_EQ(score(kRevolution, 0, 0), 60);
  EXPECT_EQ(score({kUno, kGrand}, 1, 30), 20);
  EXPECT_EQ(score({kUno, kGrand}, 2, 40), -20);
  EXPECT_EQ(score({kDuo, kGrand, true}, 2, 40), 40);
  EXPECT_EQ(score({kDuo, kGrand, true}, 3, 50), -40);
  ReportedOutcome revoke;
  revoke.declaration = {kUno, kGrand};
  revoke.floor = 18;
  revoke.end = GameEnd::kPlayedOut;
  revoke.play_error = PlayError{PlayError::Kind::kRevoke, kF, 1, 1, 11, 0};
  Result<PhysicalResult> lost = ScorePhysicalResult(LawsAll(), board, revoke);
  ASSERT_TRUE(lost.ok()) << lost.status().ToString();
  EXPECT_EQ(lost->pad[0], -20);
  // D28: no error can follow the trick that lost an Uno or a Duo (the play ended there): Uno
  // with a second trick taken, Duo with too few tricks left for a second.
  ReportedOutcome late_uno = revoke;
  late_uno.play_error = PlayError{PlayError::Kind::kRevoke, kM, 4, 2, 25, 10};
  Result<PhysicalResult> refused = ScorePhysicalResult(LawsAll(), board, late_uno);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("was already lost then"), std::string::npos)
      << refused.status().message();
  ReportedOutcome late_duo = revoke;
  late_duo.declaration = {kDuo, kGrand};
  late_duo.play_error = PlayError{PlayError::Kind::kRevoke, kM, 9, 0, 0, 100};
  EXPECT_FALSE(ScorePhysicalResult(LawsAll(), board, late_duo).ok());
  // While the target can still be reached the error decides: a defender's revoke wins the Duo.
  late_duo.play_error = PlayError{PlayError::Kind::kRevoke, kM, 8, 0, 0, 100};
  Result<PhysicalResult> won = ScorePhysicalResult(LawsAll(), board, late_duo);
  ASSERT_TRUE(won.ok()) << won.status().ToString();
  EXPECT_EQ(won->pad[0], 20);
  // Not without the option.
  ReportedOutcome plain;
  plain.declaration = kRevolution;
  plain.floor = 18;
  EXPECT_FALSE(ScorePhysicalResult(Laws1900(), board, plain).ok());
}

}  // namespace option_games_test
}  // namespace skat
