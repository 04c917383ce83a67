// The validated game state machine under nasl-1909 (RULES B1-B4, G1-G7, T1-T4, N6, N10-N12, P1)
// on hand-made boards, so every outcome is exact.
#include "engine/game.h"

#include <gtest/gtest.h>

#include "engine/view.h"
#include "tests/engine/game_test_util.h"

namespace skat::game_test {
namespace game_test {

// RULES B1, B4: M bids 18, F holds, M passes, R passes: F declares at 18.
TEST(GameTest, HeldBidMakesForehandDeclarerAtTheBid) {
  Game g = Bid(kSolo, kF, 18);
  EXPECT_EQ(g.declarer(), kF);
  EXPECT_EQ(g.floor(), 18);
  EXPECT_EQ(g.phase(), Phase::kSkatDecision);
  EXPECT_EQ(g.to_move(), kF);
  EXPECT_FALSE(g.is_ramsch());
  EXPECT_EQ(g.acts().size(), 4u);
  const Game r = Bid(kSolo, kR, 20);  // M passes, R bids 20, F passes
  EXPECT_EQ(r.declarer(), kR);
  EXPECT_EQ(r.floor(), 20);
}

// RULES B3, N10: all three pass: Ramsch, forehand leads; nobody concedes, claims or declares.
TEST(GameTest, AllPassingStartsRamschWithForehandToLead) {
  Game g(Nasl1909(), ParseBoard(kSolo).value());
  for (Direction d : {kM, kR, kF}) Must(g, Act::Simple(ActType::kPass, d));
  EXPECT_TRUE(g.is_ramsch());
  EXPECT_FALSE(g.declarer().has_value());
  EXPECT_EQ(g.phase(), Phase::kPlaying);
  EXPECT_EQ(g.to_move(), kF);
  EXPECT_EQ(g.position().rules().trumps(), CardSet::Jacks());  // RULES C2
  Refused(g, Act::Simple(ActType::kConcede, kF), ErrorCode::kNotAllowed);
  Refused(g, Act::Simple(ActType::kClaim, kF), ErrorCode::kNotAllowed);
  Refused(g, Act::Declare(kF, Hand(GameType::kGrand)), ErrorCode::kWrongPhase);
  ExpectLegalActsApply(g);
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.kind, ResultKind::kRamsch);
  EXPECT_EQ(r.card_points[0] + r.card_points[1] + r.card_points[2], 120);
  EXPECT_EQ(r.tricks[0] + r.tricks[1] + r.tricks[2], 10);
}

// RULES G1: Tournée accepted: card 1 is shown to all and names the trump; 12 cards, discard two.
TEST(GameTest, AcceptedTourneeTurnsCardOneAndDeclarerDiscardsTwo) {
  Game g = Bid(kSolo, kF, 18);
  Must(g, Act::Simple(ActType::kTurnSkatCard, kF));
  EXPECT_EQ(g.phase(), Phase::kTourneeCard);
  EXPECT_TRUE(g.skat_card1_looked());
  ExpectLegalActsApply(g);
  Must(g, Act::Simple(ActType::kAccept, kF));
  EXPECT_EQ(g.turned_card(), C("H-7"));
  for (Direction d : kDirections) EXPECT_EQ(ViewOf(g, d).turned_card, C("H-7"));
  ASSERT_TRUE(g.declaration().has_value());
  EXPECT_EQ(g.declaration()->type, GameType::kHearts);
  EXPECT_EQ(g.handling(), SkatHandling::kTournee);
  EXPECT_EQ(g.phase(), Phase::kDiscarding);
  EXPECT_EQ(g.hand(kF).size(), 12);
  ExpectLegalActsApply(g);
  Refused(g, Act::Discard(kF, C("H-A"), C("C-A")), ErrorCode::kIllegalDiscard);  // not his
  Refused(g, Act::Discard(kF, C("D-7"), C("D-7")), ErrorCode::kIllegalDiscard);  // twice
  Refused(g, Act::Discard(kM, C("C-A"), C("C-K")), ErrorCode::kOutOfTurn);
  Must(g, Act::Discard(kF, C("D-7"), C("H-A")));  // aces may be discarded (G1)
  EXPECT_EQ(g.phase(), Phase::kPlaying);
  EXPECT_EQ(g.discards(), Set("D-7 H-A"));
  EXPECT_EQ(g.hand(kF).size(), 10);
}

// RULES G1: a turned jack: its suit or Grand Tournée, nothing else.
TEST(GameTest, TurnedJackOffersItsSuitOrGrandTournee) {
  Game g = Bid(kJackUp, kF, 18);
  Must(g, Act::Simple(ActType::kTurnSkatCard, kF));
  Must(g, Act::Simple(ActType::kAccept, kF));
  EXPECT_EQ(g.phase(), Phase::kTrumpChoice);
  EXPECT_FALSE(g.declaration().has_value());
  ExpectLegalActsApply(g);
  Refused(g, Act::ChooseTrump(kF, GameType::kHearts), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::ChooseTrump(kF, GameType::kNull), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Simple(ActType::kAccept, kF), ErrorCode::kWrongPhase);
  Game diamonds = g;
  Must(diamonds, Act::ChooseTrump(kF, GameType::kDiamonds));
  EXPECT_EQ(diamonds.declaration()->type, GameType::kDiamonds);
  Must(g, Act::ChooseTrump(kF, GameType::kGrand));
  EXPECT_EQ(g.handling(), SkatHandling::kTournee);
  EXPECT_EQ(g.declaration()->type, GameType::kGrand);
  EXPECT_EQ(g.phase(), Phase::kDiscarding);
  EXPECT_EQ(g.hand(kF).size(), 12);
}

// RULES G3, N7, N11, N12: Guckser is Grand; won at unit 16, lost at unit 32.
TEST(GameTest, GucksserIsGrandWonAtSixteenLostAtThirtyTwo) {
  Game g = Bid(kSolo, kF, 18);
  Must(g, Act::Simple(ActType::kGuckser, kF));
  EXPECT_EQ(g.declaration()->handling, SkatHandling::kGuckser);
  EXPECT_EQ(g.declaration()->type, GameType::kGrand);
  EXPECT_FALSE(g.turned_card().has_value());
  EXPECT_EQ(g.hand(kF).size(), 12);
  Must(g, Act::Discard(kF, C("D-7"), C("H-8")));
  EXPECT_EQ(g.position().rules().trumps(), CardSet::Jacks());
  Game conceded = g;
  Must(conceded, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(conceded.result().pad[Index(kF)], -32 * (4 + 1));  // with 4, level 1
  Must(g, Act::Simple(ActType::kClaim, kF));
  Must(g, Act::Answer(kM, true));
  Must(g, Act::Answer(kR, true));
  ASSERT_TRUE(g.finished());
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{16 * (4 + 3), 0, 0}));  // schwarz, level 3
}

// RULES G7: Null (20) under a floor of 22 and Null Ouvert (40) under 45 are refused.
TEST(GameTest, NullBelowTheFloorIsRefused) {
  Game g = Bid(kTricks, kM, 22);
  Refused(g, Act::Declare(kM, Hand(GameType::kNull)), ErrorCode::kIllegalDeclaration);
  Must(g, Act::Declare(kM, Hand(GameType::kNull, true)));
  Game h = Bid(kTricks, kM, 45);
  Refused(h, Act::Declare(kM, Hand(GameType::kNull, true)), ErrorCode::kIllegalDeclaration);
  Must(h, Act::Declare(kM, Hand(GameType::kHearts)));  // its value is not certain: allowed
}

// RULES G4: only a Solo or Grand Solo announces, and only a hand game is declared untouched.
TEST(GameTest, OnlyHandSoloAndGrandSoloMayAnnounce) {
  Game g = Bid(kSolo, kF, 18);
  const Declaration tournee{SkatHandling::kTournee, GameType::kHearts, false,
                            Announcement::kSchneider};
  Refused(g, Act::Declare(kF, tournee), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(GameType::kNull, false, Announcement::kSchneider)),
          ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(GameType::kGrand, true, Announcement::kSchwarz)),
          ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kM, Hand(GameType::kGrand)), ErrorCode::kOutOfTurn);
  Must(Game(g), Act::Declare(kF, Hand(GameType::kGrand, false, Announcement::kSchwarz)));
  // After a Tournée, no announcement can be added later either.
  Must(g, Act::Simple(ActType::kTurnSkatCard, kF));
  Must(g, Act::Simple(ActType::kAccept, kF));
  Refused(g, Act::Declare(kF, tournee), ErrorCode::kWrongPhase);
  Must(g, Act::Discard(kF, C("D-7"), C("H-8")));
  Refused(g, Act::Declare(kF, tournee), ErrorCode::kIllegalDeclaration);
}

// RULES G4 / XI.13: before the first card a Solo may go up (suit, Grand Solo, announcement),
// never to Null, ouvert or a lower suit; after the first card not at all.
TEST(GameTest, SoloRaisesOnlyUpAndOnlyBeforeTheFirstCard) {
  Game g = Declared(kSolo, kF, Hand(GameType::kHearts));
  ExpectLegalActsApply(g);
  Must(Game(g), Act::Declare(kF, Hand(GameType::kClubs)));
  Must(Game(g), Act::Declare(kF, Hand(GameType::kHearts, false, Announcement::kSchneider)));
  Refused(g, Act::Declare(kF, Hand(GameType::kHearts)), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(GameType::kNull)), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(GameType::kGrand, true)), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(GameType::kDiamonds)), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kM, Hand(GameType::kGrand)), ErrorCode::kWrongPhase);
  Must(g, Act::Declare(kF, Hand(GameType::kGrand)));
  EXPECT_EQ(g.declaration()->type, GameType::kGrand);
  EXPECT_EQ(g.position().rules().trumps(), CardSet::Jacks());  // RULES C2: no trump suit now
  Refused(g, Act::Declare(kF, Hand(GameType::kClubs)), ErrorCode::kIllegalDeclaration);
  Play(g, kF, "H-A");
  Refused(g, Act::Declare(kF, Hand(GameType::kGrand, false, Announcement::kSchneider)),
          ErrorCode::kWrongPhase);
}

// RULES T1, T2, T3, P1: forehand leads trick 1 though middlehand declares; the suit led must be
// followed; the highest trump wins; refusals change nothing.
TEST(GameTest, ForehandLeadsAndSuitMustBeFollowed) {
  Game g = Declared(kTricks, kM, Hand(GameType::kHearts));
  EXPECT_EQ(g.to_move(), kF);
  Refused(g, Act::Play(kM, C("H-A")), ErrorCode::kOutOfTurn);
  Refused(g, Act::Play(kF, C("H-A")), ErrorCode::kIllegalCard);  // not in hand
  Play(g, kF, "D-A");
  Refused(g, Act::Play(kR, C("D-7")), ErrorCode::kOutOfTurn);
  Refused(g, Act::Play(kM, C("H-8")), ErrorCode::kIllegalCard);  // holds D-K, D-Q
  Refused(g, Act::Play(kM, C("S-A")), ErrorCode::kIllegalCard);
  Play(g, kM, "D-Q");
  Play(g, kR, "D-7");
  EXPECT_EQ(g.position().trick_winner(0), kF);
  Play(g, kF, "S-A");
  Play(g, kM, "H-8");  // no spade: he may trump
  // RULES T2: S-J is a trump in a hearts game, not a spade: R, without spades, may discard.
  EXPECT_EQ(g.position().LegalCards(), g.hand(kR));
  Play(g, kR, "C-7");
  EXPECT_EQ(g.position().trick_winner(1), kM);
  EXPECT_EQ(g.to_move(), kM);
  EXPECT_EQ(g.acts().size(), 3u + 1 + 6);
}

// RULES T2: a jack follows trumps; holding only trump jacks he must play one.
TEST(GameTest, JacksFollowTrumpLeads) {
  Game g = Declared(kTricks, kM, Hand(GameType::kHearts));
  Play(g, kF, "H-7");
  Play(g, kM, "H-8");
  EXPECT_EQ(g.position().LegalCards(), Set("S-J D-J"));
  Refused(g, Act::Play(kR, C("C-7")), ErrorCode::kIllegalCard);
  Play(g, kR, "S-J");
}

// RULES N6: Null is lost the moment the declarer takes a trick.
TEST(GameTest, NullEndsLostAtTheDeclarersFirstTrick) {
  Game g = Declared(kTricks, kM, Hand(GameType::kNull));
  Play(g, kF, "D-10");
  Play(g, kM, "D-Q");
  EXPECT_EQ(g.phase(), Phase::kPlaying);
  Play(g, kR, "D-7");
  ASSERT_EQ(g.phase(), Phase::kFinished);
  EXPECT_TRUE(g.result().early_end);
  EXPECT_FALSE(g.result().valuation.won);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, -20, 0}));
  // A finished game refuses every act (RULES T4, P1).
  for (const Act& a : {Act::Play(kF, C("S-A")), Act::Simple(ActType::kPass, kF), Act::Bid(kM, 20),
                       Act::Simple(ActType::kConcede, kF), Act::Simple(ActType::kClaim, kM),
                       Act::Answer(kR, true), Act::Declare(kM, Hand(GameType::kGrand))}) {
    Refused(g, a, ErrorCode::kWrongPhase);
  }
  EXPECT_TRUE(g.LegalActs().empty());
}

// RULES N3, N6: Grand Ouvert is lost the moment the defenders take a trick, at level 5.
TEST(GameTest, GrandOuvertEndsLostAtTheDefendersFirstTrick) {
  Game g = Declared(kTricks, kM, Hand(GameType::kGrand, true));
  Play(g, kF, "S-A");
  Play(g, kM, "D-Q");
  Play(g, kR, "C-7");
  ASSERT_TRUE(g.finished());
  EXPECT_TRUE(g.result().early_end);
  EXPECT_EQ(g.result().pad[Index(kM)], -24 * (1 + 5));  // with 1 (C-J)
}

// RULES N11: the declarer may concede up to the first card of trick 2, not after its second.
TEST(GameTest, DeclarerConcedesOnlyBeforeTheSecondCardOfTrickTwo) {
  Game g = Declared(kWith2, kM, Hand(GameType::kHearts));
  Play(g, kF, "D-A");
  Play(g, kM, "D-Q");
  Play(g, kR, "D-7");
  Play(g, kF, "S-A");
  Game conceded = g;
  Must(conceded, Act::Simple(ActType::kConcede, kM));
  ASSERT_TRUE(conceded.finished());
  EXPECT_EQ(conceded.result().outcome.end, GameEnd::kDeclarerConceded);
  EXPECT_EQ(conceded.result().pad, (std::array<int, 3>{0, -10 * (2 + 1), 0}));
  Play(g, kM, "H-8");
  Refused(g, Act::Simple(ActType::kConcede, kM), ErrorCode::kNotAllowed);
}

// RULES N11: a defender's concession needs his partner; meanwhile only the answer is accepted.
TEST(GameTest, DefendersConcedeOnlyTogether) {
  Game g = Declared(kWith2, kM, Hand(GameType::kHearts));
  Must(g, Act::Simple(ActType::kConcede, kF));
  ASSERT_TRUE(g.proposal().has_value());
  EXPECT_EQ(g.proposal()->kind, ActType::kConcede);
  EXPECT_EQ(g.proposal()->awaiting, (std::array<bool, 3>{false, false, true}));
  ExpectLegalActsApply(g);
  Refused(g, Act::Play(kF, C("D-A")), ErrorCode::kWrongPhase);
  Refused(g, Act::Answer(kM, true), ErrorCode::kWrongPhase);
  Refused(g, Act::Answer(kF, true), ErrorCode::kWrongPhase);
  Refused(g, Act::Simple(ActType::kClaim, kR), ErrorCode::kWrongPhase);
  Game refused = g;
  Must(refused, Act::Answer(kR, false));
  EXPECT_FALSE(refused.proposal().has_value());
  EXPECT_FALSE(refused.exposed(kF));
  Play(refused, kF, "D-A");
  Must(g, Act::Answer(kR, true));
  ASSERT_TRUE(g.finished());
  EXPECT_EQ(g.result().outcome.end, GameEnd::kDefendersConceded);
  EXPECT_TRUE(g.result().valuation.won);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, 10 * (2 + 1), 0}));  // with 2, level 1
}

// RULES N12: a claim accepted by both defenders gives the declarer every remaining trick.
TEST(GameTest, AcceptedClaimAwardsAllRemainingTricks) {
  Game g = Declared(kSolo, kF, Hand(GameType::kHearts));
  Play(g, kF, "C-J");
  Play(g, kM, "C-7");
  Play(g, kR, "D-8");
  Must(g, Act::Simple(ActType::kClaim, kF));
  EXPECT_EQ(g.proposal()->awaiting, (std::array<bool, 3>{false, true, true}));
  Must(g, Act::Answer(kM, true));
  EXPECT_FALSE(g.finished());
  Must(g, Act::Answer(kR, true));
  ASSERT_TRUE(g.finished());
  const GameResult& r = g.result();
  EXPECT_TRUE(r.claim_accepted);
  EXPECT_EQ(r.tricks, (std::array<int, 3>{10, 0, 0}));
  EXPECT_EQ(r.card_points[Index(kF)], 120);
  EXPECT_EQ(r.valuation.achieved, Announcement::kSchwarz);
  EXPECT_EQ(r.pad, (std::array<int, 3>{10 * (11 + 3), 0, 0}));  // with 11 (H-7 in the skat)
}

// RULES N12: a refused claim exposes the claimant's hand to every seat; play continues.
TEST(GameTest, RefusedClaimExposesTheClaimantAndPlayContinues) {
  Game g = Declared(kTricks, kM, Hand(GameType::kHearts));
  Must(g, Act::Simple(ActType::kClaim, kM));
  Must(g, Act::Answer(kF, false));
  EXPECT_FALSE(g.proposal().has_value());
  EXPECT_TRUE(g.exposed(kM));
  EXPECT_EQ(g.phase(), Phase::kPlaying);
  for (Direction d : kDirections) EXPECT_EQ(ViewOf(g, d).exposed[Index(kM)], g.hand(kM));
  Play(g, kF, "D-A");
  Play(g, kM, "D-K");
  for (Direction d : kDirections) EXPECT_EQ(ViewOf(g, d).exposed[Index(kM)], g.hand(kM));
  // RULES N12: claims are made between tricks.
  Refused(g, Act::Simple(ActType::kClaim, kM), ErrorCode::kNotAllowed);
  Refused(g, Act::Simple(ActType::kClaim, kR), ErrorCode::kNotAllowed);
}

// RULES N12 in Null (docs/rules-decisions.md): the declarer's side wins Null by taking no trick,
// so his accepted claim gives the rest to the defenders and wins; the defenders' accepted claim
// gives him the rest and loses.
TEST(GameTest, AcceptedNullClaimByDeclarerWins) {
  Game g = Declared(kWith2, kM, Hand(GameType::kNull));
  Must(g, Act::Simple(ActType::kClaim, kM));
  Must(g, Act::Answer(kF, true));
  Must(g, Act::Answer(kR, true));
  ASSERT_TRUE(g.finished());
  EXPECT_EQ(g.result().tricks[Index(kM)], 0);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, 20, 0}));
}

TEST(GameTest, AcceptedNullClaimByDefenderLoses) {
  Game g = Declared(kWith2, kM, Hand(GameType::kNull));
  Must(g, Act::Simple(ActType::kClaim, kR));
  EXPECT_EQ(g.proposal()->awaiting, (std::array<bool, 3>{false, true, false}));
  Must(g, Act::Answer(kM, true));
  ASSERT_TRUE(g.finished());
  EXPECT_EQ(g.result().tricks[Index(kM)], 10);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, -20, 0}));
}

// RULES N10 via ChargeRamsch: points, tricks per seat and the last trick's winner.
std::array<int, 3> RamschPad(std::array<int, 3> points, std::array<int, 3> tricks, Direction last) {
  GameResult r;
  r.kind = ResultKind::kRamsch;
  r.card_points = points;
  r.tricks = tricks;
  ChargeRamsch(Nasl1909(), last, r);
  for (Direction d : kDirections) EXPECT_EQ(r.ramsch_loser[Index(d)], r.pad[Index(d)] < 0);
  return r.pad;
}
using Pad = std::array<int, 3>;

// RULES N10: the most points pays 20, 30 with one trickless player, 50 with two.
TEST(RamschChargeTest, MostPointsPaysMoreForTricklessPlayers) {
  EXPECT_EQ(RamschPad({30, 60, 30}, {3, 5, 2}, kF), (Pad{0, -20, 0}));
  EXPECT_EQ(RamschPad({70, 50, 0}, {6, 4, 0}, kM), (Pad{-30, 0, 0}));
  EXPECT_EQ(RamschPad({0, 0, 120}, {0, 0, 10}, kR), (Pad{0, 0, -50}));
}
// RULES N10: a tie for the most goes against the tied player with the last trick.
TEST(RamschChargeTest, TiedPlayerWithTheLastTrickAlonePays) {
  EXPECT_EQ(RamschPad({50, 50, 20}, {4, 4, 2}, kM), (Pad{0, -20, 0}));
  EXPECT_EQ(RamschPad({60, 0, 60}, {5, 0, 5}, kF), (Pad{-30, 0, 0}));
  EXPECT_EQ(RamschPad({40, 40, 40}, {3, 3, 4}, kM), (Pad{0, -20, 0}));  // 40-40-40
}
// RULES N10: if no tied player took the last trick, each tied player pays 20.
TEST(RamschChargeTest, TiedPlayersWithoutTheLastTrickBothPay) {
  EXPECT_EQ(RamschPad({50, 50, 20}, {4, 4, 2}, kR), (Pad{-20, -20, 0}));
}

// RULES P1: in every phase, every act LegalActs lists is accepted (Game is a copyable value).
TEST(GameTest, EveryListedActApplies) {
  Game g(Nasl1909(), ParseBoard(kJackUp).value());
  ExpectLegalActsApply(g);
  Must(g, Act::Bid(kM, 18));
  ExpectLegalActsApply(g);
  Must(g, Act::Simple(ActType::kHold, kF));
  Must(g, Act::Simple(ActType::kPass, kM));
  Must(g, Act::Simple(ActType::kPass, kR));
  ExpectLegalActsApply(g);  // kSkatDecision
  for (const char* board : {kSolo, kJackUp, kTricks, kWith2}) {
    for (int seed = 0; seed < 12; ++seed) {
      Game w(Nasl1909(), ParseBoard(board).value());
      for (int step = 0; step < 120 && !w.finished(); ++step) {
        const std::vector<Act> acts = w.LegalActs();
        ASSERT_FALSE(acts.empty()) << PhaseName(w.phase());
        ExpectLegalActsApply(w);
        // Favour low bids and passes so that games get played.
        const size_t pick = (seed * 7 + step * 13) % acts.size();
        const Act& a = w.phase() == Phase::kBidding && step > seed % 4 ? acts.back() : acts[pick];
        Must(w, a);
      }
    }
  }
}

}  // namespace game_test
}  // namespace skat::game_test
