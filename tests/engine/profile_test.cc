// The nasl-1909 profile as data: units, levels, legal bids and permissions (RULES "Values", B2,
// G4-G6, N2, N7, N9, N10; seed002 §3).
#include "engine/profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "engine/declaration.h"

namespace skat {
namespace profile_test {

Declaration Game(SkatHandling h, GameType t, bool ouvert = false) {
  return Declaration{h, t, ouvert, Announcement::kNone};
}

// RULES B2: "exactly 71 values, from 10 to 216". The list is every value at which some nasl-1909
// game can be won (units of RULES "Values", levels of N2, Grand Ouvert level 5 of N3, Null 20 and
// Null Ouvert 40).
const std::vector<int> kNaslBids = {
    10,  12,  14,  15,  16,  18,  20,  21,  22,  24,  25,  27,  28,  30,  32,  33,  35,  36,
    40,  42,  44,  45,  48,  49,  50,  54,  55,  56,  60,  63,  64,  65,  66,  70,  72,  77,
    78,  80,  81,  84,  88,  90,  91,  96,  98,  99,  100, 104, 108, 110, 112, 117, 120, 121,
    126, 130, 132, 135, 140, 143, 144, 150, 154, 156, 160, 165, 168, 176, 180, 192, 216};

TEST(ProfileTest, Nasl1909HasExactly71LegalBidsFrom10To216) {
  const Profile& p = Nasl1909();
  ASSERT_EQ(kNaslBids.size(), 71u);
  EXPECT_EQ(p.legal_bids.size(), 71u);
  EXPECT_EQ(p.legal_bids.front(), 10);
  EXPECT_EQ(p.legal_bids.back(), 216);
  EXPECT_EQ(p.legal_bids, kNaslBids);
  EXPECT_EQ(WinnableValues(p), kNaslBids);
  EXPECT_EQ(p.smallest_bid(), 10);
  EXPECT_FALSE(p.any_positive_bid);
}

TEST(ProfileTest, Nasl1909IsLegalBidMatchesTheList) {
  const Profile& p = Nasl1909();
  for (int v = -1; v <= 300; ++v) {
    const bool listed = std::find(kNaslBids.begin(), kNaslBids.end(), v) != kNaslBids.end();
    EXPECT_EQ(p.IsLegalBid(v), listed) << v;
  }
}

// RULES B2: 17 (no game reaches it), 11 and 217 are not bids; 18 is (Solo ♦ with 1).
TEST(ProfileTest, Nasl1909RejectsUnreachableBids) {
  const Profile& p = Nasl1909();
  EXPECT_FALSE(p.IsLegalBid(17));
  EXPECT_FALSE(p.IsLegalBid(11));
  EXPECT_FALSE(p.IsLegalBid(217));
  EXPECT_FALSE(p.IsLegalBid(0));
  EXPECT_FALSE(p.IsLegalBid(9));
  EXPECT_TRUE(p.IsLegalBid(18));
  EXPECT_TRUE(p.IsLegalBid(10));
  EXPECT_TRUE(p.IsLegalBid(216));
}

// RULES "Values": Tournée ♦5 ♥6 ♠7 ♣8, Grand Tournée 12; Solo ♦9 ♥10 ♠11 ♣12, Grand Solo 20,
// Grand Ouvert 24; Guckser 16 (32 lost); Null 20, Null Ouvert 40. seed002 §3.2.
TEST(ProfileTest, Nasl1909Units) {
  const Profile& p = Nasl1909();
  const GameType kSuits[] = {GameType::kDiamonds, GameType::kHearts, GameType::kSpades,
                             GameType::kClubs};
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(p.Unit(Game(SkatHandling::kTournee, kSuits[s])), 5 + s);
    EXPECT_EQ(p.Unit(Game(SkatHandling::kPasstMirNicht, kSuits[s])), 5 + s);  // RULES G2
    EXPECT_EQ(p.Unit(Game(SkatHandling::kHand, kSuits[s])), 9 + s);
  }
  EXPECT_EQ(p.Unit(Game(SkatHandling::kTournee, GameType::kGrand)), 12);
  EXPECT_EQ(p.Unit(Game(SkatHandling::kPasstMirNicht, GameType::kGrand)), 12);
  EXPECT_EQ(p.Unit(Game(SkatHandling::kGuckser, GameType::kGrand)), 16);
  EXPECT_EQ(p.LostUnit(Game(SkatHandling::kGuckser, GameType::kGrand)), 32);  // RULES N7
  EXPECT_EQ(p.Unit(Game(SkatHandling::kHand, GameType::kGrand)), 20);
  EXPECT_EQ(p.Unit(Game(SkatHandling::kHand, GameType::kGrand, true)), 24);
  EXPECT_EQ(p.Unit(Game(SkatHandling::kHand, GameType::kNull)), 20);
  EXPECT_EQ(p.Unit(Game(SkatHandling::kHand, GameType::kNull, true)), 40);
  // Lost units equal won units except for Guckser.
  EXPECT_EQ(p.LostUnit(Game(SkatHandling::kHand, GameType::kClubs)), 12);
  EXPECT_EQ(p.LostUnit(Game(SkatHandling::kPasstMirNicht, GameType::kSpades)), 7);
}

// RULES N7 and N9: Passt mir nicht losses double; d = 2 for Passt mir nicht and Guckser.
TEST(ProfileTest, Nasl1909LossAndOverbidFactors) {
  const Profile& p = Nasl1909();
  const int pmn = static_cast<int>(SkatHandling::kPasstMirNicht);
  const int guckser = static_cast<int>(SkatHandling::kGuckser);
  const int tournee = static_cast<int>(SkatHandling::kTournee);
  const int hand = static_cast<int>(SkatHandling::kHand);
  EXPECT_EQ(p.loss_factor[pmn], 2);
  EXPECT_EQ(p.loss_factor[tournee], 1);
  EXPECT_EQ(p.loss_factor[guckser], 1);  // the Guckser doubles through its lost unit 32
  EXPECT_EQ(p.loss_factor[hand], 1);
  EXPECT_EQ(p.overbid_factor[pmn], 2);
  EXPECT_EQ(p.overbid_factor[guckser], 2);
  EXPECT_EQ(p.overbid_factor[tournee], 1);
  EXPECT_EQ(p.overbid_factor[hand], 1);
}

// RULES N2: Tournée/Guckser class 1, 2, 3; Solo class 1, 2, 3, announced 3, 4, 5.
TEST(ProfileTest, Nasl1909LevelTables) {
  const Profile& p = Nasl1909();
  using A = Announcement;
  const LevelTable& solo = p.levels[static_cast<int>(SkatHandling::kHand)];
  EXPECT_EQ(solo.Won(A::kNone, A::kNone), 1);
  EXPECT_EQ(solo.Won(A::kNone, A::kSchneider), 2);
  EXPECT_EQ(solo.Won(A::kNone, A::kSchwarz), 3);
  EXPECT_EQ(solo.Won(A::kSchneider, A::kSchneider), 3);
  EXPECT_EQ(solo.Won(A::kSchneider, A::kSchwarz), 4);
  EXPECT_EQ(solo.Won(A::kSchwarz, A::kSchwarz), 5);
  // RULES N5: lost level = max(outcome 1 / 2 schneidered / 3 no trick, announced 3 or 5).
  for (int outcome = 0; outcome < 3; ++outcome) {
    EXPECT_EQ(solo.Lost(A::kNone, outcome), outcome + 1);
    EXPECT_EQ(solo.Lost(A::kSchneider, outcome), 3);
    EXPECT_EQ(solo.Lost(A::kSchwarz, outcome), 5);
  }
  for (SkatHandling h :
       {SkatHandling::kTournee, SkatHandling::kPasstMirNicht, SkatHandling::kGuckser}) {
    const LevelTable& t = p.levels[static_cast<int>(h)];
    EXPECT_EQ(t.Won(A::kNone, A::kNone), 1);
    EXPECT_EQ(t.Won(A::kNone, A::kSchneider), 2);
    EXPECT_EQ(t.Won(A::kNone, A::kSchwarz), 3);
    EXPECT_EQ(t.Won(A::kSchneider, A::kSchneider), 0);  // RULES G4: no announcements
    EXPECT_EQ(t.Won(A::kSchwarz, A::kSchwarz), 0);
    for (int outcome = 0; outcome < 3; ++outcome) EXPECT_EQ(t.Lost(A::kNone, outcome), outcome + 1);
  }
  EXPECT_TRUE(p.ouvert_announces_schwarz);  // RULES N3
}

// RULES N4, N10, N11, P3.
TEST(ProfileTest, Nasl1909ThresholdsRamschConcedeFines) {
  const Profile& p = Nasl1909();
  EXPECT_EQ(p.win_points, 61);
  EXPECT_EQ(p.schneider_points, 91);
  EXPECT_EQ(p.schneidered_points, 30);
  EXPECT_TRUE(p.ramsch);
  EXPECT_EQ(p.ramsch_charge[0], 20);
  EXPECT_EQ(p.ramsch_charge[1], 30);
  EXPECT_EQ(p.ramsch_charge[2], 50);
  EXPECT_EQ(p.concede_max_cards_played, 4);
  EXPECT_EQ(p.fines.misdeal, 10);
  EXPECT_EQ(p.fines.dealer_looks_at_skat, 10);
  EXPECT_EQ(p.fines.player_looks_at_skat, 10);
  EXPECT_EQ(p.fines.skat_found_in_hand, 25);
  EXPECT_FALSE(p.fines_on_pad);
}

// RULES G6: nasl-1909 bans Frage (taking the skat openly, then naming the game).
TEST(ProfileTest, Nasl1909BansFragePickup) {
  const Profile& p = Nasl1909();
  EXPECT_FALSE(p.AllowsHandling(SkatHandling::kPickup));
  EXPECT_FALSE(p.AllowsHandling(SkatHandling::kFrage));
  EXPECT_TRUE(p.options.empty());  // no Frage option either (RULES "Profile deltas": banned)
  EXPECT_TRUE(p.AllowsHandling(SkatHandling::kHand));
  EXPECT_TRUE(p.AllowsHandling(SkatHandling::kTournee));
  EXPECT_TRUE(p.AllowsHandling(SkatHandling::kPasstMirNicht));
  EXPECT_TRUE(p.AllowsHandling(SkatHandling::kGuckser));
  for (int t = 0; t < kGameTypeCount; ++t) {
    EXPECT_FALSE(p.Allows(Game(SkatHandling::kPickup, static_cast<GameType>(t))));
    EXPECT_FALSE(p.Allows(Game(SkatHandling::kFrage, static_cast<GameType>(t))));
  }
}

// RULES G4, G5: the ouvert games are Grand Ouvert and Null Ouvert; no suit ouvert.
TEST(ProfileTest, Nasl1909HasNoSuitOuvertAndNoOtherGames) {
  const Profile& p = Nasl1909();
  for (GameType t : {GameType::kDiamonds, GameType::kHearts, GameType::kSpades, GameType::kClubs}) {
    EXPECT_FALSE(p.Allows(Game(SkatHandling::kHand, t, true)));
    EXPECT_FALSE(p.Allows(Game(SkatHandling::kGuckser, t)));  // RULES G3: Guckser is Grand
    EXPECT_TRUE(p.Allows(Game(SkatHandling::kHand, t)));
  }
  EXPECT_TRUE(p.Allows(Game(SkatHandling::kHand, GameType::kGrand, true)));
  EXPECT_TRUE(p.Allows(Game(SkatHandling::kHand, GameType::kNull, true)));
  EXPECT_FALSE(p.Allows(Game(SkatHandling::kTournee, GameType::kGrand, true)));
  EXPECT_FALSE(p.Allows(Game(SkatHandling::kTournee, GameType::kNull)));
  EXPECT_FALSE(p.Allows(Game(SkatHandling::kGuckser, GameType::kNull)));
}

TEST(ProfileTest, FindProfileByIdAndDefaultFirst) {
  const Profile* nasl = FindProfile("nasl-1909");
  ASSERT_NE(nasl, nullptr);
  EXPECT_EQ(nasl, &Nasl1909());
  EXPECT_EQ(nasl->id, "nasl-1909");
  EXPECT_EQ(FindProfile("isko"), &Isko());  // tests/engine/isko_profile_test.cc
  EXPECT_EQ(FindProfile("ISKO"), nullptr);
  EXPECT_EQ(FindProfile(""), nullptr);
  EXPECT_EQ(FindProfile("NASL-1909"), nullptr);
  const std::vector<std::string_view> ids = ProfileIds();
  ASSERT_FALSE(ids.empty());
  EXPECT_EQ(ids.front(), "nasl-1909");
}

// RULES N1: 11 matadors in suit games, 4 in Grand.
TEST(ProfileTest, MaxMatadors) {
  EXPECT_EQ(MaxMatadors(GameType::kClubs), 11);
  EXPECT_EQ(MaxMatadors(GameType::kDiamonds), 11);
  EXPECT_EQ(MaxMatadors(GameType::kGrand), 4);
}

}  // namespace profile_test
}  // namespace skat
