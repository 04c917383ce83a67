// Shared helpers for the profile tests (profiles_test.cc, profiles_laws_test.cc): one valuation
// from the numbers of a worked example.
#ifndef SKAT_TESTS_ENGINE_PROFILE_EXAMPLES_H_
#define SKAT_TESTS_ENGINE_PROFILE_EXAMPLES_H_

#include <gtest/gtest.h>

#include <vector>

#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/settlement.h"
#include "engine/value.h"

namespace skat::profile_examples {

inline constexpr SkatHandling kHandG = SkatHandling::kHand;
inline constexpr SkatHandling kTour = SkatHandling::kTournee;
inline constexpr SkatHandling kPmn = SkatHandling::kPasstMirNicht;
inline constexpr SkatHandling kGuck = SkatHandling::kGuckser;
inline constexpr SkatHandling kPick = SkatHandling::kPickup;
inline constexpr SkatHandling kFrg = SkatHandling::kFrage;
inline constexpr GameType kD = GameType::kDiamonds;
inline constexpr GameType kH = GameType::kHearts;
inline constexpr GameType kS = GameType::kSpades;
inline constexpr GameType kC = GameType::kClubs;
inline constexpr GameType kG = GameType::kGrand;
inline constexpr GameType kN = GameType::kNull;
inline constexpr Announcement kNo = Announcement::kNone;
inline constexpr Announcement kSchneider = Announcement::kSchneider;
inline constexpr Announcement kSchwarz = Announcement::kSchwarz;

// A Ramsch scored from card points and tricks per seat (RULES N10 and the profile's rows).
inline GameResult Ramsch(const Profile& p, std::array<int, 3> points, std::array<int, 3> tricks,
                         Direction last) {
  GameResult r;
  r.kind = ResultKind::kRamsch;
  r.card_points = points;
  r.tricks = tricks;
  ChargeRamsch(p, last, r);
  return r;
}

// The declarer's pad entry (RULES S1) for one described game; fails the test on a refusal.
inline int Pad(const Profile& p, SkatHandling h, GameType t, int matadors, int points, int tricks,
               int floor = 1, Announcement a = kNo, bool ouvert = false,
               GameEnd end = GameEnd::kPlayedOut) {
  const Result<Valuation> v = ValueGame(p, Declaration{h, t, ouvert, a}, Matadors{matadors, true},
                                        floor, PlayOutcome{points, tricks, end});
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? v->pad : 0;
}

inline std::vector<long long> Net(std::vector<long long> totals) { return Settle(totals); }

}  // namespace skat::profile_examples

#endif  // SKAT_TESTS_ENGINE_PROFILE_EXAMPLES_H_
