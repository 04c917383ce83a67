// The eichhorn-1898 profile as data, and every worked example of seed 000 (J. C. Eichhorn,
// American Skat, 1898; docs/rules/profiles.md "eichhorn-1898") that the profile covers,
// each citing its section and source lines. RULES "Profile deltas", eichhorn-1898 column.
#include <gtest/gtest.h>

#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/game_test_util.h"
#include "tests/engine/profile_examples.h"

namespace skat {
namespace profiles_test {

using namespace profile_examples;  // NOLINT
using game_test::Set;

const Profile& E() { return Eichhorn1898(); }

TEST(EichhornProfileTest, RegisteredAndFlags) {
  EXPECT_EQ(FindProfile("eichhorn-1898"), &E());
  EXPECT_EQ(ProfileIds().size(), 5u);
  EXPECT_EQ(ProfileIds().front(), "nasl-1909");
  // RULES "Profile deltas": Grand Solo 16, Guckser 12 / 24, no passt mir nicht, no pickup.
  EXPECT_EQ(E().Unit({kHandG, kG}), 16);
  EXPECT_EQ(E().Unit({kGuck, kG}), 12);
  EXPECT_EQ(E().LostUnit({kGuck, kG}), 24);
  EXPECT_FALSE(E().AllowsHandling(kPmn));
  EXPECT_FALSE(E().AllowsHandling(kPick));
  EXPECT_TRUE(E().fines_on_pad);  // RULES "Profile deltas": fines on the pad; 000 §14
  EXPECT_EQ(E().fines.misdeal, 10);
  EXPECT_EQ(E().concede_max_cards_played, 3);  // 000 §10.1 (L2471-2475)
  EXPECT_TRUE(E().concede_later_as_stands);    // 000 §10.1 (L2477-2480)
}

// RULES B2: any positive integer (000 §18 G1: "usually started at ten … can be started at
// less"). The winnable values are kept as the sensible-bid list: 10 … 216.
TEST(EichhornProfileTest, AnyPositiveIntegerBids) {
  EXPECT_TRUE(E().any_positive_bid);
  EXPECT_TRUE(E().IsLegalBid(1));
  EXPECT_TRUE(E().IsLegalBid(17));
  EXPECT_TRUE(E().IsLegalBid(9));  // 000 §5.5: a Call bid of 9 (L1487-1498)
  EXPECT_FALSE(E().IsLegalBid(0));
  EXPECT_FALSE(E().IsLegalBid(-3));
  EXPECT_EQ(E().smallest_bid(), 1);
  EXPECT_EQ(E().legal_bids.size(), 72u);
  EXPECT_EQ(E().legal_bids.front(), 10);
  EXPECT_EQ(E().legal_bids.back(), 216);
}

// seed000 §19, examples 2-14 (L668-1242): the multiplier of §7.2 and the losses of §7.3.
TEST(EichhornExamplesTest, ValuesOfSection19) {
  EXPECT_EQ(Pad(E(), kTour, kS, 3, 70, 6), 28);                    // #2 L668-669
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 70, 6), 20);                   // #3 L671-672
  EXPECT_EQ(Pad(E(), kHandG, kD, 3, 120, 10), 54);                 // #4 L683-685
  EXPECT_EQ(Pad(E(), kHandG, kG, 4, 120, 10, 1, kNo, true), 216);  // #5 L739-740
  EXPECT_EQ(Pad(E(), kTour, kC, 2, 70, 6), 24);                    // #6 L1142-1144
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 95, 8), 30);                   // #7 L1166-1177
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 120, 10), 40);                 // #8 L1182-1192
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 95, 8, 1, kSchneider), 40);    // #9 L1194-1208
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 120, 10, 1, kSchneider), 50);  // #10 L1210-1212
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 120, 10, 1, kSchwarz), 60);    // #11 L1214-1231
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 50, 4), -20);                  // #12 L1233-1235
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 25, 2), -30);                  // #13 L1237-1238
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 80, 7, 1, kSchneider), -40);   // #14 L1240-1242
}

// seed000 §7.3: a lost announced schneider with no trick is level 4 (RULES "Profile deltas"), and
// a failed announced schwarz n + 5 (DECISION).
TEST(EichhornExamplesTest, LostAnnouncedSchneiderWithoutATrickIsLevel4) {
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 0, 0, 1, kSchneider), -50);  // 10 x (1 + 4)
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 20, 1, 1, kSchneider), -40);
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 0, 0, 1, kSchwarz), -60);
  EXPECT_EQ(Pad(Nasl1909(), kHandG, kH, 1, 0, 0, 1, kSchneider), -40);  // nasl-1909: level 3
}

// seed000 §19 #17-#20, #23, #24, #27 (L529-531, L1540-1647, L1720-1721, L2235).
TEST(EichhornExamplesTest, TourneeSoloAndGrandValues) {
  EXPECT_EQ(Pad(E(), kTour, kD, 1, 70, 6), 10);   // #17 L1540
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 70, 6), 12);   // #17 L1590-1595
  EXPECT_EQ(Pad(E(), kTour, kS, 1, 70, 6), 14);   // #17
  EXPECT_EQ(Pad(E(), kTour, kD, 2, 70, 6), 15);   // #18 L1623-1626
  EXPECT_EQ(Pad(E(), kTour, kH, 2, 70, 6), 18);   // #18
  EXPECT_EQ(Pad(E(), kHandG, kD, 1, 70, 6), 18);  // #19 L1639
  EXPECT_EQ(Pad(E(), kHandG, kC, 1, 70, 6), 24);  // #20 L1645-1647
  EXPECT_EQ(Pad(E(), kHandG, kD, 2, 70, 6), 27);  // #20
  EXPECT_EQ(Pad(E(), kHandG, kG, 1, 70, 6), 32);  // #23 L1720-1721, #27 L2235
  EXPECT_EQ(Pad(E(), kHandG, kG, 1, 95, 8), 48);  // #23
  EXPECT_EQ(Pad(E(), kHandG, kC, 4, 70, 6), 60);  // #24 L529-531
}

// seed000 §19 #21 (L1664-1674): J♣ and J♥ held, J♠ missing = with 1 (24); J♠ in the skat makes
// it with 3 (48), the skat counting for the Solo player (§7.1).
TEST(EichhornExamplesTest, SkatJackRaisesMatadors) {
  const CardSet hand = Set("C-J H-J C-A C-10 C-K C-9 S-A S-10 H-A D-7");
  EXPECT_EQ(CountMatadors(hand | Set("H-7 D-8"), GameType::kClubs), (Matadors{1, true}));
  EXPECT_EQ(CountMatadors(hand | Set("S-J D-8"), GameType::kClubs), (Matadors{3, true}));
  EXPECT_EQ(Pad(E(), kHandG, kC, 1, 70, 6), 24);
  EXPECT_EQ(Pad(E(), kHandG, kC, 3, 70, 6), 48);
}

// seed000 §9 and §19 #22, #25, #26 (L1676-1683, L2365-2377): overbids.
TEST(EichhornExamplesTest, Overbids) {
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 70, 6, 30), -30);  // #22: lost (30) even with 61
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 95, 8, 30), 30);   // #22: "unless Schneider" -> won 30
  EXPECT_EQ(Pad(E(), kTour, kD, 1, 70, 6, 14), -15);   // #25: ♦ loses 15
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 70, 6, 14), -18);   // #25: ♥ loses 18
  EXPECT_EQ(Pad(E(), kTour, kD, 1, 95, 8, 14), 15);    // #25: unless Schneider
  EXPECT_EQ(Pad(E(), kTour, kH, 3, 50, 4, 20), -24);   // #26 L2373-2377: full value, not bid
}

// seed000 §19 #33, #34 (L3489-3494, L2292-2294): 89 loses an announced schneider; 90 is no
// schneider, the Player at 30 is schneidered.
TEST(EichhornExamplesTest, SchneiderThresholds) {
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 89, 8, 1, kSchneider), -40);  // #33
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 90, 8), 20);                  // #34: no schneider
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 30, 3), -30);                 // #34: schneidered
  EXPECT_EQ(Pad(E(), kHandG, kH, 1, 31, 3), -20);
}

// seed000 §19 #37, #38 (L730-765, L1758-1760): Guckser with 1 +24 / -48; Null ±20, Null
// Ouvert ±40. §9 #5 DECISION: Guckser overbid max(24 m, 2 * 12 * ceil(bid / 12)).
TEST(EichhornExamplesTest, GuckserAndNull) {
  EXPECT_EQ(Pad(E(), kGuck, kG, 1, 70, 6), 24);
  EXPECT_EQ(Pad(E(), kGuck, kG, 1, 50, 4), -48);
  EXPECT_EQ(Pad(E(), kGuck, kG, 1, 70, 6, 30), -72);  // 2 x 12 x ceil(30 / 12)
  EXPECT_EQ(Pad(E(), kHandG, kN, 0, 0, 0), 20);
  EXPECT_EQ(Pad(E(), kHandG, kN, 0, 0, 1), -20);
  EXPECT_EQ(Pad(E(), kHandG, kN, 0, 0, 0, 1, kNo, true), 40);
  EXPECT_EQ(Pad(E(), kHandG, kN, 0, 0, 1, 1, kNo, true), -40);
}

// seed000 §10.1 (L2477-2480): a late throw-up keeps the contingencies as they stand.
TEST(EichhornExamplesTest, ConcedeAsItStands) {
  const GameEnd late = GameEnd::kDeclarerConcededAsStands;
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 0, 0, 1, kNo, false, late), -24);   // no trick: schwarz
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 25, 2, 1, kNo, false, late), -18);  // below 31: schneider
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 45, 4, 1, kNo, false, late), -12);
  EXPECT_EQ(Pad(E(), kTour, kH, 1, 0, 0, 1, kNo, false, GameEnd::kDeclarerConceded), -12);
}

// seed000 §6.12, §19 #39 (L1915-1918): the loser 10, 15 with a Jungfer; §18 G3 DECISION: every
// tied player pays. The skat does not count (L1932-1939), so the points sum to 120 - skat.
TEST(EichhornExamplesTest, Ramsch) {
  const Direction f = Direction::kForehand, m = Direction::kMiddlehand;
  EXPECT_EQ(Ramsch(E(), {60, 30, 20}, {5, 3, 2}, m).pad, (std::array<int, 3>{-10, 0, 0}));
  EXPECT_EQ(Ramsch(E(), {70, 40, 0}, {6, 4, 0}, f).pad, (std::array<int, 3>{-15, 0, 0}));
  EXPECT_EQ(Ramsch(E(), {110, 0, 0}, {10, 0, 0}, f).pad, (std::array<int, 3>{-15, 0, 0}));
  EXPECT_EQ(Ramsch(E(), {50, 50, 10}, {4, 4, 2}, f).pad, (std::array<int, 3>{-10, -10, 0}));
  EXPECT_EQ(Ramsch(E(), {55, 55, 0}, {5, 5, 0}, f).pad, (std::array<int, 3>{-15, -15, 0}));
  EXPECT_EQ(Ramsch(E(), {35, 35, 35}, {3, 3, 4}, f).pad, (std::array<int, 3>{-10, -10, -10}));
  EXPECT_FALSE(E().ramsch_skat_counts);
}

// seed000 §12.3, §19 #28-#32 (L4500-4627, L4704-4758, L4873-4876): pad settlement.
TEST(EichhornExamplesTest, Settlement) {
  EXPECT_EQ(Net({35, 21, 6}), (std::vector<long long>{43, 1, -44}));             // #31
  EXPECT_EQ(Net({15, 42, 12, 20}), (std::vector<long long>{-29, 79, -41, -9}));  // #32
  EXPECT_EQ(Net({24, 0, 0})[1], -24);         // #28: each pays 24 points = 6 cents at ¼ cent
  EXPECT_EQ(Net({-400, 0, 0, 0})[0], -1200);  // #29
  EXPECT_EQ(Net({-24, 0, 0})[0], -48);        // #30: a lost 24 is charged 48 three-handed
  EXPECT_EQ(Net({-24, 0, 0, 0})[0], -72);     // … and 72 four-handed
}

// seed000 §19 #35, #36 (L4402-4404, L4013-4018): card-point arithmetic.
TEST(EichhornExamplesTest, CardPoints) {
  EXPECT_EQ(Set("C-J S-J H-J").points(), 6);
  EXPECT_EQ(Set("C-A S-A C-10 S-10 C-K S-K H-K D-K").points(), 58);  // the opponents' most
  EXPECT_GE(120 - 58, 61);
}

}  // namespace profiles_test
}  // namespace skat
