// The laws-1900 and gucki-variation profiles as data, and every worked example and test vector
// of seeds 001 and 003 (docs/rules/profiles.md "laws-1900", "gucki-variation") under its
// own profile, each citing its source line. RULES "Profile deltas".
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/game_test_util.h"
#include "tests/engine/profile_examples.h"

namespace skat {
namespace profiles_laws_test {

using namespace profile_examples;  // NOLINT
using game_test::Set;

const Profile& L() { return Laws1900(); }
const Profile& V() { return GuckiVariation(); }

TEST(LawsProfileTest, RegisteredAndFlags) {
  EXPECT_EQ(FindProfile("laws-1900"), &L());
  // 003 Law 1 units: the nasl-1909 table; Gucki Grand 16, lost double (001:L28, 003:L15).
  EXPECT_EQ(L().Unit({kHandG, kG}), 20);
  EXPECT_EQ(L().Unit({kGuck, kG}), 16);
  EXPECT_EQ(L().loss_factor[static_cast<int>(kGuck)], 2);  // "All Guckis lose double" (L35)
  EXPECT_TRUE(L().AllowsHandling(kPmn));
  EXPECT_TRUE(L().fines_on_pad);         // 001 §13, §17: -10 on the pad
  EXPECT_FALSE(L().concede_hand_games);  // 001:L58
  EXPECT_TRUE(L().ramsch_skat_counts);   // 003:L17: the skat to the last trick
}

// RULES B2: any positive integer (001 §5.3: "11 is not the value of any game", L51). The
// winnable list is the 71 values of 001 §5.3, 10 … 216.
TEST(LawsProfileTest, AnyPositiveIntegerBids) {
  EXPECT_TRUE(L().IsLegalBid(1));
  EXPECT_TRUE(L().IsLegalBid(11));
  EXPECT_TRUE(L().IsLegalBid(17));
  EXPECT_FALSE(L().IsLegalBid(0));
  EXPECT_EQ(L().smallest_bid(), 1);
  EXPECT_EQ(L().legal_bids.size(), 71u);
  EXPECT_EQ(L().legal_bids.front(), 10);
  EXPECT_EQ(L().legal_bids.back(), 216);
}

// 001-003 §9.8 W1-W16, W18 and §18 vectors 4-9, 11 (001:L40-L51, L102; 003:L15).
TEST(LawsExamplesTest, StandardValues) {
  EXPECT_EQ(Pad(L(), kHandG, kH, 3, 95, 8, 30, kSchneider), 60);   // W1 001:L40
  EXPECT_EQ(Pad(L(), kHandG, kH, 3, 90, 8, 30, kSchneider), -60);  // W2 001:L41
  EXPECT_EQ(Pad(L(), kHandG, kH, 3, 95, 8, 30), 50);               // W3 001:L41
  EXPECT_EQ(Pad(L(), kTour, kD, 3, 70, 6), 20);                    // W5 001:L43
  EXPECT_EQ(Pad(L(), kTour, kH, 3, 70, 6), 24);                    // W6
  EXPECT_EQ(Pad(L(), kTour, kS, 3, 70, 6), 28);                    // W6
  EXPECT_EQ(Pad(L(), kHandG, kD, 5, 95, 8, 1, kSchneider), 72);    // W9 001:L44
  EXPECT_EQ(Pad(L(), kHandG, kG, 4, 95, 8, 1, kSchneider), 140);   // W10
  EXPECT_EQ(Pad(L(), kHandG, kG, 4, 70, 6), 100);                  // W11
  EXPECT_EQ(Pad(L(), kHandG, kS, 2, 70, 6, 33), 33);               // W12 001:L46
  EXPECT_EQ(Pad(L(), kHandG, kH, 2, 70, 6, 33), -40);              // W13: next game 40
  EXPECT_EQ(Pad(L(), kHandG, kS, 6, 95, 8, 1, kSchneider), 99);    // W14 001:L48
  EXPECT_EQ(Pad(L(), kTour, kD, 1, 70, 6, 11), -15);               // W16 001:L51
  EXPECT_EQ(Pad(L(), kTour, kD, 1, 95, 8, 11), 15);                // vector 9
  EXPECT_EQ(Pad(L(), kTour, kH, 1, 70, 6, 10), 12);                // W18 001:L102
  EXPECT_EQ(Pad(L(), kPmn, kH, 1, 70, 6), 12);                     // vector 11 003:L15
  EXPECT_EQ(Pad(L(), kPmn, kH, 1, 50, 4), -24);                    // vector 11
  EXPECT_EQ(Pad(L(), kGuck, kG, 1, 70, 6), 32);                    // Gucki Grand 16 (003:L11)
  EXPECT_EQ(Pad(L(), kGuck, kG, 1, 50, 4), -64);                   // lost double (003:L15)
}

// §18 vector 27 (001:L21-L22): thresholds.
TEST(LawsExamplesTest, Thresholds) {
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 90, 8), 20);    // level 1
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 91, 8), 30);    // level 2
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 30, 3), -30);   // loss level 2
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 31, 3), -20);   // loss level 1
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 120, 10), 40);  // all tricks: level 3
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 120, 9), 30);   // 120 points, a trick lost: no schwarz
  EXPECT_EQ(Pad(L(), kHandG, kH, 1, 50, 4, 1, kSchwarz), -60);  // §9.3 [I]: level 5
}

// §18 vectors 1-3, 12, 13 and W4 (001:L1-L5, L42, L83, L99-L102): matadors and card points.
TEST(LawsExamplesTest, MatadorsAndPoints) {
  const CardSet v1 = Set("C-J H-J D-J C-A C-10 C-8 C-7");
  EXPECT_EQ(CountMatadors(v1, kC), (Matadors{1, true}));
  EXPECT_EQ(CountMatadors(v1 | Set("S-J"), kC), (Matadors{6, true}));
  EXPECT_EQ(CountMatadors(Set("C-J S-J H-A H-10 H-7"), kH), (Matadors{2, true}));
  EXPECT_EQ(CountMatadors(Set("H-J D-J H-K H-Q H-9 H-8"), kH), (Matadors{2, false}));
  EXPECT_EQ(CountMatadors(Set("D-J H-8 H-7"), kH), (Matadors{3, false}));     // W4: without 3 …
  EXPECT_EQ(CountMatadors(Set("D-J H-8 H-7 C-J"), kH), (Matadors{1, true}));  // … J♣ in skat
  // Vector 12: the Tourné hand, turned Q♥, skat K♦: hearts with 1, worth 12.
  const CardSet twelve = Set("C-J H-J H-10 H-K C-A C-K D-A D-7 S-10 S-9 H-Q D-K");
  EXPECT_EQ(CountMatadors(twelve, kH), (Matadors{1, true}));
  EXPECT_EQ(Set("C-J S-J C-A C-10 S-A S-10 H-8 H-7 D-8 D-7").points(), 46);  // vector 13
}

// §11, §18 vectors 15-20 (003:L17, 001:L34).
TEST(LawsExamplesTest, Ramsch) {
  const Direction f = Direction::kForehand, m = Direction::kMiddlehand, r = Direction::kRearhand;
  using P = std::array<int, 3>;
  EXPECT_EQ(Ramsch(L(), {70, 30, 20}, {5, 3, 2}, f).pad, (P{-20, 0, 0}));    // 15
  EXPECT_EQ(Ramsch(L(), {80, 40, 0}, {6, 4, 0}, m).pad, (P{-30, 0, 0}));     // 16
  EXPECT_EQ(Ramsch(L(), {120, 0, 0}, {10, 0, 0}, f).pad, (P{-50, 0, 0}));    // 17
  EXPECT_EQ(Ramsch(L(), {50, 50, 20}, {4, 4, 2}, m).pad, (P{0, -20, 0}));    // 18
  EXPECT_EQ(Ramsch(L(), {50, 50, 20}, {4, 4, 2}, r).pad, (P{-20, -20, 0}));  // 19
  const GameResult none = Ramsch(L(), {40, 40, 40}, {3, 3, 4}, r);           // 20
  EXPECT_EQ(none.pad, (P{0, 0, 0}));
  EXPECT_EQ(none.ramsch_loser, (std::array<bool, 3>{}));
  // nasl-1909 (RULES N10): 40-40-40, the winner of the last trick loses.
  EXPECT_EQ(Ramsch(Nasl1909(), {40, 40, 40}, {3, 3, 4}, r).pad, (P{0, 0, -20}));
}

// §14.2, §18 vector 21 (001:L70): A -7, B +88, C +19 -> -121, +164, -43.
TEST(LawsExamplesTest, Settlement) {
  EXPECT_EQ(Net({-7, 88, 19}), (std::vector<long long>{-121, 164, -43}));
}

TEST(GuckiProfileTest, RegisteredAndFlags) {
  EXPECT_EQ(FindProfile("gucki-variation"), &V());
  // Every game sees the skat: only the pickup handling exists.
  EXPECT_TRUE(V().AllowsHandling(kPick));
  for (SkatHandling h : {kHandG, kTour, kPmn, kGuck}) EXPECT_FALSE(V().AllowsHandling(h));
  EXPECT_EQ(V().Unit({kPick, kG}), 20);
  EXPECT_EQ(V().Unit({kPick, kG, true}), 24);  // Grand Ouvert 24 also after the skat
  EXPECT_EQ(V().Unit({kPick, kN}), 20);
  EXPECT_EQ(V().Unit({kPick, kN, true}), 40);
  EXPECT_TRUE(V().fines_on_pad);
  EXPECT_TRUE(V().levels[static_cast<int>(kPick)].AllowsAnnouncement(kSchneider));
}

// RULES B2 delta: won values, smallest 18 (003:L3); the largest, Grand Ouvert with 4 (schwarz
// announced) won: 24 x 7 x 3 = 504.
TEST(GuckiProfileTest, LegalBids) {
  EXPECT_FALSE(V().any_positive_bid);
  EXPECT_EQ(V().legal_bids, WinnableValues(V()));
  EXPECT_EQ(V().legal_bids.size(), 100u);
  EXPECT_EQ(V().legal_bids.front(), 18);
  EXPECT_EQ(V().legal_bids.back(), 504);
  EXPECT_EQ(V().smallest_bid(), 18);
  EXPECT_FALSE(V().IsLegalBid(17));
  EXPECT_FALSE(V().IsLegalBid(10));
  EXPECT_TRUE(V().IsLegalBid(66));
  EXPECT_TRUE(V().IsLegalBid(77));
}

// §10.2 and §18 vectors 24-26 (003:L1-L3): 33 -> 66 -> 77, lost 132; 18 / 36; 1,008.
TEST(GuckiExamplesTest, Section10Examples) {
  EXPECT_EQ(Pad(V(), kPick, kS, 1, 95, 8, 18, kSchneider), 66);
  EXPECT_EQ(Pad(V(), kPick, kS, 1, 80, 7, 18, kSchneider), -132);
  EXPECT_EQ(Pad(V(), kPick, kS, 1, 120, 10, 18, kSchneider), 77);
  EXPECT_EQ(Pad(V(), kPick, kS, 1, 95, 8, 18), 33);  // unannounced schneider "as usual"
  EXPECT_EQ(Pad(V(), kPick, kD, 1, 70, 6, 18), 18);
  EXPECT_EQ(Pad(V(), kPick, kD, 1, 50, 4, 18), -36);
  // The largest loss: Grand (unit 24, ouvert) with 4, schwarz announced: 7 x 24 x 3 x 2.
  EXPECT_EQ(Pad(V(), kPick, kG, 4, 70, 8, 18, kNo, true), -1008);
  EXPECT_EQ(Pad(V(), kPick, kG, 4, 120, 10, 18, kNo, true), 504);
  EXPECT_EQ(Pad(V(), kPick, kG, 4, 120, 10, 18, kSchwarz), 420);  // Grand 20: 7 x 20 x 3
  EXPECT_EQ(Pad(V(), kPick, kN, 0, 0, 1, 18), -40);               // every loss doubled
  EXPECT_EQ(Pad(V(), kPick, kN, 0, 0, 0, 18), 20);
}

// Forehand declarer at `floor` under `profile` (RULES B1, B4).
Game ForehandDeclares(const Profile& profile, int floor) {
  using namespace game_test;  // NOLINT
  Game g(profile, ParseBoard(kSolo).value());
  Must(g, Act::Bid(kM, floor));
  Must(g, Act::Simple(ActType::kHold, kF));
  Must(g, Act::Simple(ActType::kPass, kM));
  Must(g, Act::Simple(ActType::kPass, kR));
  return g;
}

// RULES "Profile deltas" (declarer sees skat):
// the gucki variation takes the skat, discards, then declares
// with announcements; conceding the announced schneider with 11 costs (11 + 2) x 10 x 2 x 2 = 520.
TEST(GuckiGameTest, TakeDiscardDeclareAnnounce) {
  using namespace game_test;  // NOLINT
  Game g = ForehandDeclares(V(), 18);
  const std::vector<Act> choices = g.LegalActs();
  ASSERT_EQ(choices.size(), 1u);  // only taking the skat
  EXPECT_EQ(choices[0].type, ActType::kTakeSkat);
  Refused(g, Act::Declare(kF, Hand(GameType::kHearts)), ErrorCode::kIllegalDeclaration);
  Must(g, Act::Simple(ActType::kTakeSkat, kF));
  Must(g, Act::Discard(kF, C("H-7"), C("D-7")));
  EXPECT_EQ(g.phase(), Phase::kDeclaring);
  const Declaration d{kPick, kH, false, kSchneider};
  Must(g, Act::Declare(kF, d));
  Must(g, Act::Simple(ActType::kConcede, kF));
  ASSERT_TRUE(g.finished());
  EXPECT_EQ(g.result().pad[0], -520);
}

// RULES "Profile deltas" (concede), laws-1900: "A Solo cannot be abandoned" (001:L58).
TEST(LawsGameTest, NoConcedingASolo) {
  using namespace game_test;  // NOLINT
  Game g = ForehandDeclares(L(), 18);
  Must(g, Act::Declare(kF, Hand(GameType::kHearts)));
  Refused(g, Act::Simple(ActType::kConcede, kF), ErrorCode::kNotAllowed);
  const std::vector<Act> legal = g.LegalActs();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), Act::Simple(ActType::kConcede, kF)), 0);
}

// RULES "Profile deltas" (concede),
// eichhorn-1898 (000 §10.1, L2471-2480): before the second trick is led
// at the loss of the game; later with the contingencies as they stand (here schneidered: 16
// card points; with 11: 10 x (11 + 2) = 130).
TEST(EichhornGameTest, ConcedeAfterTrickOneAsItStands) {
  using namespace game_test;  // NOLINT
  Game g = ForehandDeclares(Eichhorn1898(), 18);
  Must(g, Act::Declare(kF, Hand(GameType::kHearts)));
  Play(g, kF, "C-J");
  Play(g, kM, "C-A");
  Play(g, kR, "S-Q");
  Game early = g;
  Must(early, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(early.result().outcome.end, GameEnd::kDeclarerConceded);
  EXPECT_EQ(early.result().pad[0], -120);  // 10 x (11 + 1)
  Play(g, kF, "S-J");
  Must(g, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(g.result().outcome.end, GameEnd::kDeclarerConcededAsStands);
  EXPECT_EQ(g.result().outcome.declarer_points, 16);
  EXPECT_EQ(g.result().pad[0], -130);
}

// RULES "Profile deltas" (Gucki Null / open),
// laws-1900: 15 / 30, double lost, announced before touching
// the skat (001:L35, L52; 003:L11, L15); G7 refuses it under a higher bid.
TEST(LawsGameTest, GuckiNull) {
  using namespace game_test;  // NOLINT
  const Declaration gucki_null{kGuck, kN, false, kNo};
  const Declaration open{kGuck, kN, true, kNo};
  EXPECT_EQ(Pad(L(), kGuck, kN, 0, 0, 0), 15);  // W17 001:L35
  EXPECT_EQ(Pad(L(), kGuck, kN, 0, 0, 1), -30);
  EXPECT_EQ(Pad(L(), kGuck, kN, 0, 0, 0, 1, kNo, true), 30);
  EXPECT_EQ(Pad(L(), kGuck, kN, 0, 0, 1, 1, kNo, true), -60);
  Game nasl = ForehandDeclares(Nasl1909(), 18);
  Refused(nasl, Act::Declare(kF, gucki_null), ErrorCode::kIllegalDeclaration);
  Game high = ForehandDeclares(L(), 18);
  Refused(high, Act::Declare(kF, gucki_null), ErrorCode::kIllegalDeclaration);  // 15 < 18
  const std::vector<Act> legal = high.LegalActs();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), Act::Declare(kF, open)), 1);
  Game g = ForehandDeclares(L(), 15);
  Must(g, Act::Declare(kF, gucki_null));
  EXPECT_EQ(g.phase(), Phase::kDiscarding);
  EXPECT_EQ(g.hand(kF).size(), 12);
  Must(g, Act::Discard(kF, C("C-J"), C("S-J")));
  EXPECT_EQ(g.phase(), Phase::kPlaying);
  Must(g, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(g.result().pad[0], -30);  // "he will lose 30" (001:L35)
}

}  // namespace profiles_laws_test
}  // namespace skat
