// The isko profile as data (docs/rules/profiles.md "isko"): the International Skat
// Order (ISkO, DSkV and ISPA, in force since 1 January 1999) as played in tournaments. Base
// values, the 63 bids, multipliers with hand, announcements and ouvert, doubled losses, the
// overbid charge, schneider at 90, a passed-in board and whole games through Game::Apply.
#include <gtest/gtest.h>

#include <vector>

#include "engine/game.h"
#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/game_test_util.h"
#include "tests/engine/profile_examples.h"

namespace skat {
namespace isko_profile_test {

using namespace profile_examples;  // NOLINT
using namespace game_test;         // NOLINT

const Profile& I() { return Isko(); }

TEST(IskoProfileTest, RegisteredAfterTheHistoricalProfiles) {
  EXPECT_EQ(FindProfile("isko"), &I());
  EXPECT_EQ(I().id, "isko");
  const std::vector<std::string_view> ids = ProfileIds();
  EXPECT_EQ(ids.front(), "nasl-1909");  // the default stays first
  EXPECT_EQ(ids.back(), "isko");
  EXPECT_EQ(FindProfile("isko+contra"), nullptr);  // no Contra (tournament play)
  // One option: "iss", the ISS's rules for giving up, for its records (D75).
  ASSERT_EQ(I().options.size(), 1u);
  EXPECT_EQ(I().options[0].name, "iss");
  EXPECT_EQ(&IskoIss(), FindProfile("isko+iss"));
  EXPECT_TRUE(I().isko_give_up);  // ISkO 4.3.3-4.3.6 (D73)
  EXPECT_FALSE(IskoIss().isko_give_up);
  EXPECT_TRUE(I().resign_and_timeout);  // resign; the table clock's timeout (D56, D76)
  EXPECT_FALSE(I().contra);
  EXPECT_FALSE(I().ramsch);  // all pass: the board is passed in
  EXPECT_FALSE(I().raise_before_first_card);
  EXPECT_FALSE(I().any_positive_bid);
  // Seeger-Fabian's +50 / -50, weighed by the bot only (D57); the historical profiles
  // have no tournament scoring.
  EXPECT_EQ(I().tournament_bonus, 50);
  for (const std::string_view id : ids) {
    if (id != "isko") {
      EXPECT_EQ(FindProfile(id)->tournament_bonus, 0) << id;
    }
  }
}

// ISkO 5.1 base values; jskat util/SkatConstants.java getGameBaseValue.
TEST(IskoProfileTest, BaseValues) {
  for (SkatHandling h : {kPick, kHandG}) {
    EXPECT_EQ(I().Unit({h, kD}), 9);
    EXPECT_EQ(I().Unit({h, kH}), 10);
    EXPECT_EQ(I().Unit({h, kS}), 11);
    EXPECT_EQ(I().Unit({h, kC}), 12);
    EXPECT_EQ(I().Unit({h, kG}), 24);
  }
  EXPECT_EQ(I().Unit({kPick, kN}), 23);
  EXPECT_EQ(I().Unit({kHandG, kN}), 35);
  EXPECT_EQ(I().Unit({kPick, kN, true}), 46);
  EXPECT_EQ(I().Unit({kHandG, kN, true}), 59);
  // Suit and grand ouvert only as hand games (ISkO 3.4).
  for (GameType t : {kD, kH, kS, kC, kG}) {
    EXPECT_FALSE(I().Allows({kPick, t, true}));
    EXPECT_TRUE(I().Allows({kHandG, t, true}));
  }
  for (SkatHandling h : {kTour, kPmn, kGuck, kFrg, SkatHandling::kRevolution, SkatHandling::kUno,
                         SkatHandling::kDuo}) {
    EXPECT_FALSE(I().AllowsHandling(h)) << HandlingName(h);
  }
  // Announcements only in hand games.
  EXPECT_TRUE(CheckDeclaration(I(), {kHandG, kC, false, kSchneider}).ok());
  EXPECT_TRUE(CheckDeclaration(I(), {kHandG, kG, false, kSchwarz}).ok());
  EXPECT_FALSE(CheckDeclaration(I(), {kPick, kC, false, kSchneider}).ok());
  EXPECT_FALSE(CheckDeclaration(I(), {kPick, kG, false, kSchwarz}).ok());
}

// The 63 legal bids, 18 ... 264: jskat jskat-base/src/main/java/org/jskat/util/SkatConstants.java
// (commit 28c745e2), bidOrder; written out here as data.
TEST(IskoProfileTest, SixtyThreeBids) {
  const std::vector<int> kBidOrder = {
      18,  20,  22,  23,  24,  27,  30,  33,  35,  36,  40,  44,  45,  46,  48,  50,
      54,  55,  59,  60,  63,  66,  70,  72,  77,  80,  81,  84,  88,  90,  96,  99,
      100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154,
      156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264};
  ASSERT_EQ(kBidOrder.size(), 63u);
  EXPECT_EQ(I().legal_bids, kBidOrder);
  EXPECT_EQ(WinnableValues(I()), kBidOrder);
  EXPECT_EQ(I().smallest_bid(), 18);
  EXPECT_TRUE(I().IsLegalBid(264));
  EXPECT_FALSE(I().IsLegalBid(17));
  EXPECT_FALSE(I().IsLegalBid(19));
  EXPECT_FALSE(I().IsLegalBid(228));
  EXPECT_FALSE(I().IsLegalBid(265));
}

// ISkO 5.2: matadors + game (+ hand) + schneider + schwarz; the skat picked up.
TEST(IskoValueTest, PickupGames) {
  EXPECT_EQ(Pad(I(), kPick, kD, 1, 61, 5), 18);          // with 1, game 2 x 9
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 70, 6), 20);          // 2 x 10
  EXPECT_EQ(Pad(I(), kPick, kC, 2, 70, 6), 36);          // 3 x 12
  EXPECT_EQ(Pad(I(), kPick, kG, 4, 70, 6), 120);         // 5 x 24
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 90, 8), 30);          // schneider at 90 (ISkO 2.2)
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 89, 8), 20);          // 89: no schneider
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 120, 10), 40);        // schwarz: all tricks
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 120, 9), 30);         // 120 points, a trick lost: schneider
  EXPECT_EQ(Pad(I(), kPick, kS, 11, 120, 10), 11 * 14);  // with 11, schwarz: 154
}

// Every lost game counts double (ISkO 5.3); the declarer schneidered at <= 30, schwarz without a
// trick.
TEST(IskoValueTest, LostGamesCountDouble) {
  EXPECT_EQ(Pad(I(), kPick, kC, 2, 50, 4), -72);   // (2 + 1) x 12 x 2
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 60, 4), -40);   // 60 points lose
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 31, 3), -40);   // not schneidered at 31
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 30, 3), -60);   // schneidered: (1 + 2) x 10 x 2
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 0, 0), -80);    // schwarz: (1 + 3) x 10 x 2
  EXPECT_EQ(Pad(I(), kPick, kG, 2, 40, 3), -144);  // (2 + 1) x 24 x 2
}

// ISkO 5.2: hand games add one level; announcements only there.
TEST(IskoValueTest, HandGamesAndAnnouncements) {
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 70, 6), 30);    // with 1, game, hand
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 95, 8), 40);    // + schneider
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 120, 10), 50);  // + schneider + schwarz
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 50, 4), -60);   // lost: 3 x 10 x 2
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 20, 2), -80);   // lost schneidered
  EXPECT_EQ(Pad(I(), kHandG, kH, 1, 0, 0), -100);   // lost schwarz
  // Grand hand with 1, schneider announced: with 1, game, hand, schneider, announced = 5 x 24.
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 95, 8, 1, kSchneider), 120);
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 120, 10, 1, kSchneider), 144);  // + schwarz
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 80, 7, 1, kSchneider), -240);   // missed: 5 x 24 x 2
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 50, 4, 1, kSchneider), -240);
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 0, 0, 1, kSchneider), -288);  // and schwarz: 6 x 24 x 2
  // Clubs hand with 1, schwarz announced: with 1, game, hand, schneider, schneider announced,
  // schwarz, schwarz announced = 7 x 12.
  EXPECT_EQ(Pad(I(), kHandG, kC, 1, 120, 10, 1, kSchwarz), 84);
  EXPECT_EQ(Pad(I(), kHandG, kC, 1, 110, 9, 1, kSchwarz), -168);
}

// Suit and grand ouvert: hand games including schneider and schwarz announced, plus ouvert.
TEST(IskoValueTest, OuvertGames) {
  EXPECT_EQ(Pad(I(), kHandG, kG, 4, 120, 10, 1, kNo, true), 264);   // 24 x 11, the top value
  EXPECT_EQ(Pad(I(), kHandG, kG, 1, 120, 10, 1, kNo, true), 192);   // 24 x 8
  EXPECT_EQ(Pad(I(), kHandG, kS, 2, 120, 10, 1, kNo, true), 99);    // 11 x 9
  EXPECT_EQ(Pad(I(), kHandG, kG, 4, 110, 9, 1, kNo, true), -528);   // lost: 264 x 2
  EXPECT_EQ(Pad(I(), kHandG, kD, 11, 120, 10, 1, kNo, true), 162);  // 9 x 18
}

// Null: fixed values; lost double (ISkO 5.1, 5.3).
TEST(IskoValueTest, NullGames) {
  EXPECT_EQ(Pad(I(), kPick, kN, 1, 0, 0), 23);
  EXPECT_EQ(Pad(I(), kHandG, kN, 1, 0, 0), 35);
  EXPECT_EQ(Pad(I(), kPick, kN, 1, 0, 0, 1, kNo, true), 46);
  EXPECT_EQ(Pad(I(), kHandG, kN, 1, 0, 0, 1, kNo, true), 59);
  EXPECT_EQ(Pad(I(), kPick, kN, 1, 10, 1), -46);
  EXPECT_EQ(Pad(I(), kHandG, kN, 1, 10, 1), -70);
  EXPECT_EQ(Pad(I(), kPick, kN, 1, 10, 1, 1, kNo, true), -92);
  EXPECT_EQ(Pad(I(), kHandG, kN, 1, 10, 1, 1, kNo, true), -118);
}

// ISkO 5.4: an overbid game is charged the smallest multiple of its base value that reaches the
// bid, doubled as a loss.
TEST(IskoValueTest, OverbidGames) {
  // Bid 24, hearts after the skat: the skat held a jack, "with 1" makes 20 < 24. Lost at the
  // multiple of 10 reaching 24 = 30, doubled: 60.
  const Result<Valuation> v =
      ValueGame(I(), {kPick, kH}, Matadors{1, true}, 24, PlayOutcome{70, 6});
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->won);
  EXPECT_TRUE(v->overbid);
  EXPECT_EQ(v->pad, -60);
  // Schneider reaches the bid: won at 30.
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 95, 8, 24), 30);
  // Bid 36, diamonds hand with 1 = 27: multiple of 9 reaching 36 = 36, doubled 72.
  EXPECT_EQ(Pad(I(), kHandG, kD, 1, 80, 7, 36), -72);
  // Bid 46, grand with 1 = 48 reaches it; bid 50: the multiple of 24 reaching 50 = 72, x 2.
  EXPECT_EQ(Pad(I(), kPick, kG, 1, 70, 6, 46), 48);
  EXPECT_EQ(Pad(I(), kPick, kG, 1, 70, 6, 50), -144);
  // Overbid and schneidered: the larger charge of the two, (1 + 2) x 10 x 2 = 60 vs 30 x 2.
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 20, 2, 24), -60);
  // Overbid and schwarz: (1 + 3) x 10 x 2 = 80 exceeds the overbid charge 60.
  EXPECT_EQ(Pad(I(), kPick, kH, 1, 0, 0, 24), -80);
}

// All pass: the board is passed in (no Ramsch in tournament play).
TEST(IskoGameTest, AllPassIsPassedIn) {
  Game g(I(), ParseBoard(kSolo).value());
  for (Direction d : {kM, kR, kF}) Must(g, Act::Simple(ActType::kPass, d));
  ASSERT_TRUE(g.finished());
  EXPECT_FALSE(g.is_ramsch());
  EXPECT_EQ(g.result().kind, ResultKind::kPassedIn);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, 0, 0}));
  EXPECT_TRUE(g.LegalActs().empty());
}

// The bidding offers exactly the 63 values; the declarer picks up or plays hand.
TEST(IskoGameTest, BiddingAndSkatDecision) {
  Game g(I(), ParseBoard(kSolo).value());
  std::vector<int> bids;
  for (const Act& a : g.LegalActs()) {
    if (a.type == ActType::kBid) bids.push_back(a.bid);
  }
  EXPECT_EQ(bids, I().legal_bids);
  Refused(g, Act::Bid(kM, 19), ErrorCode::kIllegalBid);
  Game d = Bid(I(), kSolo, kF, 18);
  const std::vector<Act> acts = d.LegalActs();
  EXPECT_EQ(acts.front(), Act::Simple(ActType::kTakeSkat, kF));
  int declares = 0;
  for (const Act& a : acts) {
    EXPECT_TRUE(a.type == ActType::kTakeSkat || a.type == ActType::kDeclare);
    if (a.type == ActType::kDeclare) {
      ++declares;
      EXPECT_EQ(a.declaration.handling, SkatHandling::kHand);
    }
  }
  // Hand: 5 trump games x (plain, schneider, schwarz, ouvert) + null + null ouvert.
  EXPECT_EQ(declares, 5 * 4 + 2);
  ExpectLegalActsApply(d);
}

// No raise before the first card (ISkO 3.4: the game is announced once).
TEST(IskoGameTest, NoRaiseBeforeTheFirstCard) {
  Game g = Bid(I(), kSolo, kF, 18);
  Must(g, Act::Declare(kF, Hand(kH)));
  Refused(g, Act::Declare(kF, Hand(kG)), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(kH, false, kSchneider)), ErrorCode::kIllegalDeclaration);
  for (const Act& a : g.LegalActs()) EXPECT_NE(a.type, ActType::kDeclare);
}

// A whole pickup game: F takes the skat (H-7 D-7), puts it away and plays hearts; with all ten
// trumps he takes every trick: hearts with 11 (hand and skat), game, schneider, schwarz = 14 x 10.
TEST(IskoGameTest, PickupGameThroughApplyAndReplay) {
  Game g = Bid(I(), kSolo, kF, 18);
  Must(g, Act::Simple(ActType::kTakeSkat, kF));
  EXPECT_EQ(g.phase(), Phase::kDiscarding);
  Must(g, Act::Discard(kF, C("H-7"), C("D-7")));
  EXPECT_EQ(g.phase(), Phase::kDeclaring);
  // After picking up: no announcement, no suit ouvert; Null Ouvert 46 is allowed.
  Refused(g, Act::Declare(kF, {kPick, kH, false, kSchneider}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, {kPick, kG, true}), ErrorCode::kIllegalDeclaration);
  Refused(g, Act::Declare(kF, Hand(kH)), ErrorCode::kIllegalDeclaration);
  ExpectLegalActsApply(g);
  Must(g, Act::Declare(kF, {kPick, kH}));
  EXPECT_EQ(g.to_move(), kF);  // forehand leads (ISkO 4.1)
  PlayOut(g);
  const GameResult& r = g.result();
  EXPECT_EQ(r.kind, ResultKind::kDeclarerGame);
  EXPECT_EQ(r.matadors, (Matadors{11, true}));
  EXPECT_EQ(r.outcome.declarer_tricks, 10);
  EXPECT_EQ(r.outcome.declarer_points, 120);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.valuation.level, 3);
  EXPECT_EQ(r.pad, (std::array<int, 3>{140, 0, 0}));

  // Replaying the accepted acts (and their act lines) reproduces the result.
  Game replay(I(), g.board());
  for (const Act& a : g.acts()) {
    const Result<Act> parsed = ParseActLine(ActLine(a));
    ASSERT_TRUE(parsed.ok()) << ActLine(a);
    EXPECT_EQ(*parsed, a);
    Must(replay, *parsed);
  }
  ASSERT_TRUE(replay.finished());
  EXPECT_EQ(replay.result().pad, r.pad);
}

// Grand ouvert hand with 4 through Game::Apply: 264; a lost ouvert ends at the defenders' first
// trick, charged 528.
TEST(IskoGameTest, GrandOuvertHand) {
  Game g = Bid(I(), kSolo, kF, 264);
  Must(g, Act::Declare(kF, Hand(kG, true)));
  EXPECT_TRUE(g.exposed(kF));
  PlayOut(g);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{264, 0, 0}));

  Game lost = Bid(I(), kTricks, kM, 18);  // M: C-J H-J; with 1
  Must(lost, Act::Declare(kM, Hand(kG, true)));
  Play(lost, kF, "S-A");
  Play(lost, kM, "D-Q");
  Play(lost, kR, "C-7");
  ASSERT_TRUE(lost.finished());
  EXPECT_TRUE(lost.result().early_end);
  EXPECT_EQ(lost.result().pad[Index(kM)], -24 * (1 + 7) * 2);
}

// Follow suit, no obligation to trump (ISkO 4.2): a player void in the led suit may discard.
TEST(IskoGameTest, NoObligationToTrump) {
  Game g = Bid(I(), kTricks, kM, 18);
  Must(g, Act::Declare(kM, Hand(kH)));
  Play(g, kF, "S-A");  // M holds no spade: hearts (trump) or any other card
  const CardSet legal = g.position().LegalCards();
  EXPECT_TRUE(legal.contains(C("D-K")));
  EXPECT_TRUE(legal.contains(C("H-A")));
  Play(g, kM, "D-K");
}

}  // namespace isko_profile_test
}  // namespace skat
