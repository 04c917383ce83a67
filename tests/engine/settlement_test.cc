// Settlement at a table (RULES S2) and the comparative `settled` board score (docs/comparative.md
// "Scoring, in two layers").
#include "engine/settlement.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "engine/random.h"

namespace skat {
namespace settlement_test {

std::vector<long long> S(std::vector<long long> totals) { return Settle(totals); }

// seed002 §6 (Nutshell "How to calculate" @12175, 4-handed); RULES S2. The OCR prints D's net as
// "-430" (seed002 §11); the text says "D won 430" and the arithmetic gives +430.
TEST(SettlementTest, NutshellFourHandedExample) {
  EXPECT_EQ(S({90, 30, -40, 170}), (std::vector<long long>{110, -130, -410, 430}));
}

// RULES S2: an erring defender (+V, -V, 0) settles to (+3V, -3V, 0).
TEST(SettlementTest, ErringDefender) {
  for (long long v : {1LL, 30LL, 216LL, 1008LL}) {
    EXPECT_EQ(S({v, -v, 0}), (std::vector<long long>{3 * v, -3 * v, 0}));
  }
}

// RULES S2: the nets sum to zero and each is k * s_i - S.
TEST(SettlementTest, NetsSumToZeroForRandomTables) {
  Rng rng(2024);
  for (int i = 0; i < 10'000; ++i) {
    const size_t k = 1 + rng.Below(6);
    std::vector<long long> totals(k);
    for (long long& t : totals) t = static_cast<long long>(rng.Below(200'001)) - 100'000;
    const std::vector<long long> net = Settle(totals);
    ASSERT_EQ(net.size(), k);
    EXPECT_EQ(std::accumulate(net.begin(), net.end(), 0LL), 0);
    const long long sum = std::accumulate(totals.begin(), totals.end(), 0LL);
    for (size_t j = 0; j < k; ++j) {
      EXPECT_EQ(net[j], static_cast<long long>(k) * totals[j] - sum);
    }
  }
}

TEST(SettlementTest, EqualTotalsAndDegenerateTables) {
  EXPECT_EQ(S({50, 50, 50}), (std::vector<long long>{0, 0, 0}));
  EXPECT_EQ(S({-20}), (std::vector<long long>{0}));
  EXPECT_TRUE(S({}).empty());
}

// A 4-player table: the resting dealer's entry is 0 but he shares the defenders' result.
TEST(SettlementTest, RestingDealerSharesWithTheDefenders) {
  EXPECT_EQ(S({60, 0, 0, 0}), (std::vector<long long>{180, -60, -60, -60}));
  EXPECT_EQ(S({0, -40, 0, 0}), (std::vector<long long>{40, -120, 40, 40}));
}

// docs/comparative.md "Worked example" (nasl-1909, one board, direction middlehand), `settled` with
// k = 3: table 1 middlehand wins 30 → +60; table 2 forehand's pad −36 → middlehand +36; table 3
// middlehand's pad −60 → −120.
TEST(SettlementTest, ComparativeWorkedExampleSettledScores) {
  const std::vector<long long> t1 = S({0, 30, 0});
  const std::vector<long long> t2 = S({-36, 0, 0});
  const std::vector<long long> t3 = S({0, -60, 0});
  EXPECT_EQ(t1[1], 60);
  EXPECT_EQ(t2[1], 36);
  EXPECT_EQ(t3[1], -120);
  // The whole tables: declarer 2 × entry, the others −entry.
  EXPECT_EQ(t1, (std::vector<long long>{-30, 60, -30}));
  EXPECT_EQ(t2, (std::vector<long long>{-72, 36, 36}));
  EXPECT_EQ(t3, (std::vector<long long>{60, -120, 60}));
  // docs/comparative.md "Worked example": datum −8 → diffs +68, +44, −112.
  const long long datum = (t1[1] + t2[1] + t3[1]) / 3;
  EXPECT_EQ(datum, -8);
  EXPECT_EQ(t1[1] - datum, 68);
  EXPECT_EQ(t2[1] - datum, 44);
  EXPECT_EQ(t3[1] - datum, -112);
}

}  // namespace settlement_test
}  // namespace skat
