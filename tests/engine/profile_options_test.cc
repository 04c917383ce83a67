// The optional games of the seed profiles (RULES "Profile deltas": the rows marked "flag"), each
// set as a profile option ("eichhorn-1898+frage"), with the seeds' worked examples for them,
// citing their source: Frage (seed000 §6.2, §19 #1, #15, #16; seed001 W8) and Contra /
// Re-contra (seed000 §11).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/game_test_util.h"
#include "tests/engine/profile_examples.h"

namespace skat {
namespace profile_options_test {

using namespace profile_examples;  // NOLINT
using namespace game_test;         // NOLINT

const Profile& Frage() { return *FindProfile("eichhorn-1898+frage"); }

// Plays the game out: every seat plays the first card LegalActs lists.
void PlayOut(Game& g) {
  while (!g.finished()) {
    const std::vector<Act> acts = g.LegalActs();
    auto it = std::find_if(acts.begin(), acts.end(),
                           [](const Act& a) { return a.type == ActType::kPlay; });
    ASSERT_NE(it, acts.end());
    Must(g, *it);
  }
}

bool Lists(const Game& g, const Act& a) {
  const std::vector<Act> acts = g.LegalActs();
  return std::find(acts.begin(), acts.end(), a) != acts.end();
}

// ---- Options as profiles ----

TEST(ProfileOptionsTest, FoundByIdInCanonicalOrder) {
  const Profile* e = FindProfile("eichhorn-1898");
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->options_on.empty());
  EXPECT_FALSE(e->AllowsHandling(kFrg));  // RULES "Profile deltas": Frage flag, default off
  EXPECT_FALSE(e->contra);                // Contra / Re-contra flag, default off
  const Profile* both = FindProfile("eichhorn-1898+contra+frage");
  ASSERT_NE(both, nullptr);
  EXPECT_EQ(both->id, "eichhorn-1898+frage+contra");
  EXPECT_EQ(FindProfile("eichhorn-1898+frage+contra"), both);
  EXPECT_EQ(FindProfile(both->id), both);
  EXPECT_TRUE(both->contra);
  EXPECT_TRUE(both->AllowsHandling(kFrg));
  EXPECT_EQ(FindProfile("eichhorn-1898+frage+frage"), nullptr);
  EXPECT_EQ(FindProfile("eichhorn-1898+"), nullptr);
  EXPECT_EQ(FindProfile("eichhorn-1898+nonsense"), nullptr);
  EXPECT_EQ(FindProfile("nasl-1909+frage"), nullptr);  // RULES G6: nasl-1909 bans Frage
  EXPECT_EQ(FindProfile("laws-1900+frage"), nullptr);  // 003:L11 "Frage shall not be allowed"
  EXPECT_EQ(FindProfile("gucki-variation+contra"), nullptr);
}

// ---- Frage (call play): eichhorn-1898 option "frage" ----

// RULES "Profile deltas": Frage ♦1 ♥2 ♠3 ♣4; 000 §6.1 (L642, L692-695): suit games only, nothing
// announced; the Tournée class's levels.
TEST(FrageTest, UnitsAndGames) {
  const Profile& f = Frage();
  EXPECT_EQ(f.Unit({kFrg, kD}), 1);
  EXPECT_EQ(f.Unit({kFrg, kH}), 2);
  EXPECT_EQ(f.Unit({kFrg, kS}), 3);
  EXPECT_EQ(f.Unit({kFrg, kC}), 4);
  EXPECT_FALSE(f.Allows({kFrg, kG}));
  EXPECT_FALSE(f.Allows({kFrg, kN}));
  EXPECT_FALSE(f.Allows({kFrg, kH, true}));
  EXPECT_FALSE(f.levels[static_cast<int>(kFrg)].AllowsAnnouncement(kSchneider));
  // Everything else is eichhorn-1898's.
  EXPECT_EQ(f.Unit({kHandG, kG}), 16);
  EXPECT_EQ(f.LostUnit({kGuck, kG}), 24);
  // The smallest game a Frage reaches: diamonds with 1 = 2 (the sensible-bid list).
  EXPECT_EQ(f.legal_bids.front(), 2);
}

// seed000 §19 #1 (L665-666): Club Call, with/without 2 = (2 + 1) x 4 = 12.
TEST(FrageTest, Example1ClubCallWith2) {
  EXPECT_EQ(Pad(Frage(), kFrg, kC, 2, 70, 6), 12);
  EXPECT_EQ(Pad(Frage(), kFrg, kC, 2, 40, 4), -12);
}

// seed000 §19 #15 (L1508-1512): Call bid 9, finds the 3rd matador, declares Hearts and makes
// Schneider: (3 + 1 + 1) x 2 = 10 >= 9, won.
TEST(FrageTest, Example15HeartsWith3SchneiderReachesTheBid) {
  EXPECT_EQ(Pad(Frage(), kFrg, kH, 3, 95, 8, 9), 10);
  // Without the schneider (3 + 1) x 2 = 8 < 9: overbid, charged 2 x ceil(9 / 2) = 10 (000 §9.5).
  EXPECT_EQ(Pad(Frage(), kFrg, kH, 3, 70, 6, 9), -10);
}

// seed000 §19 #16 (L1514-1518) and §9.5: Call without 2 bid 9 (spades 3 x 3 = 9); a black jack
// in the skat makes it with/without 1, 3 x 2 = 6 < 9: lost (the bid, 9), unless schneider
// reaches 9.
TEST(FrageTest, Example16OverbidUnlessSchneider) {
  EXPECT_EQ(Pad(Frage(), kFrg, kS, 2, 70, 6, 9), 9);
  EXPECT_EQ(Pad(Frage(), kFrg, kS, 1, 70, 6, 9), -9);
  EXPECT_EQ(Pad(Frage(), kFrg, kS, 1, 95, 8, 9), 9);
}

// seed001 W8 (001:L44): playing a heart Frage instead of the heart Solo "reduces the value of
// his game just eighty per cent": Frage hearts 2 against Solo hearts 10. laws-1900 itself bans
// Frage (003:L11); the unit is eichhorn-1898's.
TEST(FrageTest, Seed001W8HeartFrageIsTwentyPercentOfTheSolo) {
  const int frage = Frage().Unit({kFrg, kH});
  const int solo = Laws1900().Unit({kHandG, kH});
  EXPECT_EQ(frage, 2);
  EXPECT_EQ(solo, 10);
  EXPECT_EQ((solo - frage) * 100 / solo, 80);
  EXPECT_FALSE(Laws1900().AllowsHandling(kFrg));
}

// 000 §6.2 (L1500-1506): the skat taken up without exposing it, two cards discarded, then the
// trump announced; the discards count for him. Only suits; no announcement. Forehand holds four
// jacks and six hearts, the skat H-7 D-7: hearts with 11, schwarz: (11 + 3) x 2 = 28.
TEST(FrageTest, TakeDiscardNameASuit) {
  Game g = Bid(Frage(), kSolo, kF, 9);
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kTakeSkat, kF)));
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kTurnSkatCard, kF)));
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kGuckser, kF)));
  // Not under the plain profile (RULES "Profile deltas": default off).
  Game plain = Bid(Eichhorn1898(), kSolo, kF, 9);
  EXPECT_FALSE(Lists(plain, Act::Simple(ActType::kTakeSkat, kF)));
  Refused(plain, Act::Simple(ActType::kTakeSkat, kF), ErrorCode::kNotAllowed);
  // A Frage is named after the discard, never before touching the skat.
  Refused(g, Act::Declare(kF, {kFrg, kH}), ErrorCode::kIllegalDeclaration);
  Must(g, Act::Simple(ActType::kTakeSkat, kF));
  EXPECT_EQ(g.handling(), kFrg);
  EXPECT_EQ(g.phase(), Phase::kDiscarding);
  Refused(g, Act::Declare(kF, {kFrg, kH}), ErrorCode::kWrongPhase);
  Must(g, Act::Discard(kF, C("H-7"), C("D-7")));
  EXPECT_EQ(g.phase(), Phase::kDeclaring);
  const std::vector<Act> names = g.LegalActs();
  ASSERT_EQ(names.size(), 4u);  // the four suits
  for (const Act& a : names) {
    EXPECT_EQ(a.type, ActType::kDeclare);
    EXPECT_EQ(a.declaration.handling, kFrg);
    EXPECT_TRUE(IsSuitGame(a.declaration.type));
  }
  Refused(g, Act::Declare(kF, {kFrg, kG}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, {kFrg, kN}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, {kFrg, kH, false, kSchneider}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, {kHandG, kH}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kM, {kFrg, kH}), ErrorCode::kOutOfTurn);
  Must(g, Act::Declare(kF, {kFrg, kH}));
  EXPECT_EQ(ToString(*g.declaration()), "hearts frage");
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.matadors, (Matadors{11, true}));
  EXPECT_EQ(r.tricks[0], 10);
  EXPECT_EQ(r.valuation.value, 28);
  EXPECT_EQ(r.pad[0], 28);
}

// ---- Contra / Re-contra: eichhorn-1898 option "contra" (000 §11, L2331-2361) ----

const Profile& Contra() { return *FindProfile("eichhorn-1898+contra"); }

// Not without the option (000 §11: "only … when the players have agreed"); only a defender, once,
// before the second card of trick 1; Re-contra only by the declarer, before the next card.
TEST(ContraTest, WhoAndWhen) {
  Game plain = Bid(Eichhorn1898(), kSolo, kF, 18);
  Must(plain, Act::Declare(kF, Hand(GameType::kHearts)));
  Refused(plain, Act::Simple(ActType::kContra, kM), ErrorCode::kNotAllowed);
  EXPECT_FALSE(Lists(plain, Act::Simple(ActType::kContra, kM)));

  Game g = Bid(Contra(), kSolo, kF, 18);
  // Not before the game is announced (the declarer is to act).
  Refused(g, Act::Simple(ActType::kContra, kM), ErrorCode::kOutOfTurn);
  Must(g, Act::Declare(kF, Hand(GameType::kHearts)));
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kContra, kM)));
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kContra, kR)));
  EXPECT_FALSE(Lists(g, Act::Simple(ActType::kContra, kF)));
  EXPECT_FALSE(Lists(g, Act::Simple(ActType::kRecontra, kF)));
  Refused(g, Act::Simple(ActType::kContra, kF), ErrorCode::kNotAllowed);
  Refused(g, Act::Simple(ActType::kRecontra, kF), ErrorCode::kNotAllowed);
  // Still allowed after the first card, not after the second (L2359-2361).
  Game late = g;
  Play(late, kF, "C-J");
  EXPECT_TRUE(Lists(late, Act::Simple(ActType::kContra, kR)));
  Play(late, kM, "C-A");
  Refused(late, Act::Simple(ActType::kContra, kR), ErrorCode::kNotAllowed);

  Must(g, Act::Simple(ActType::kContra, kR));
  EXPECT_EQ(g.contra_by(), kR);
  Refused(g, Act::Simple(ActType::kContra, kM), ErrorCode::kNotAllowed);  // once
  Refused(g, Act::Simple(ActType::kRecontra, kM), ErrorCode::kNotAllowed);
  EXPECT_TRUE(Lists(g, Act::Simple(ActType::kRecontra, kF)));
  Game too_late = g;
  Play(too_late, kF, "C-J");
  Refused(too_late, Act::Simple(ActType::kRecontra, kF), ErrorCode::kNotAllowed);
  Must(g, Act::Simple(ActType::kRecontra, kF));
  EXPECT_TRUE(g.recontra());
  Refused(g, Act::Simple(ActType::kRecontra, kF), ErrorCode::kNotAllowed);
}

// 000 §11's pad entries with V the game's value: Contra, the declarer +-2V and the defender who
// said it -+V (L2336-2340; the win by analogy, §11 DECISION); Re-contra +-3V and -+2V
// (L2349-2352); the other defender 0. Forehand's hearts Solo with 11, schwarz: V = 10 x (11 + 3)
// = 140.
TEST(ContraTest, PadEntries) {
  Game g = Bid(Contra(), kSolo, kF, 18);
  Must(g, Act::Declare(kF, Hand(GameType::kHearts)));
  Game re = g;
  Must(g, Act::Simple(ActType::kContra, kM));
  PlayOut(g);
  ASSERT_TRUE(g.result().valuation.won);
  EXPECT_EQ(g.result().valuation.value, 140);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{280, -140, 0}));
  EXPECT_NE(Describe(g.result()).find("contra by middlehand"), std::string::npos);

  Must(re, Act::Simple(ActType::kContra, kR));
  Must(re, Act::Simple(ActType::kRecontra, kF));
  PlayOut(re);
  EXPECT_EQ(re.result().pad, (std::array<int, 3>{420, 0, -280}));

  // Lost: conceded at once, V = 10 x (11 + 1) = 120 (N11).
  Game lost = Bid(Contra(), kSolo, kF, 18);
  Must(lost, Act::Declare(kF, Hand(GameType::kHearts)));
  Must(lost, Act::Simple(ActType::kContra, kM));
  Must(lost, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(lost.result().pad, (std::array<int, 3>{-240, 120, 0}));
  Game lost_re = Bid(Contra(), kSolo, kF, 18);
  Must(lost_re, Act::Declare(kF, Hand(GameType::kHearts)));
  Must(lost_re, Act::Simple(ActType::kContra, kM));
  Must(lost_re, Act::Simple(ActType::kRecontra, kF));
  Must(lost_re, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(lost_re.result().pad, (std::array<int, 3>{-360, 240, 0}));
}

// In a game with the skat Contra comes "as soon as he has discarded" (L2356-2357): a Frage is
// named after the discard, so Contra follows the naming.
TEST(ContraTest, AfterTheDiscardInAFrage) {
  Game g = Bid(*FindProfile("eichhorn-1898+frage+contra"), kSolo, kF, 9);
  Must(g, Act::Simple(ActType::kTakeSkat, kF));
  Refused(g, Act::Simple(ActType::kContra, kM), ErrorCode::kOutOfTurn);
  Must(g, Act::Discard(kF, C("H-7"), C("D-7")));
  Refused(g, Act::Simple(ActType::kContra, kM), ErrorCode::kOutOfTurn);
  Must(g, Act::Declare(kF, {kFrg, kH}));
  Must(g, Act::Simple(ActType::kContra, kM));
  PlayOut(g);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{56, -28, 0}));  // V = (11 + 3) x 2 = 28
}

}  // namespace profile_options_test
}  // namespace skat
