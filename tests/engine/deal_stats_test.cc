// Statistical checks of the board generator (engine/deal/generator.h) on 1,000,000 boards from
// a fixed seed: every frequency within 4.5 standard errors of its exact value, SE =
// sqrt(p (1 - p) / n). The seed is fixed, so the test is deterministic; with some 180 checks at
// 4.5 SE a correct generator would fail one for about one seed in a thousand.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>

#include "engine/board.h"
#include "engine/deal/generator.h"

namespace skat::deal {
namespace deal_stats_test {

constexpr int kBoards = 1'000'000;
constexpr int kBuckets = 16;

// Where a card lies: forehand, middlehand, rearhand, skat card 1, skat card 2.
constexpr int kPlaces = 5;
constexpr std::array<const char*, kPlaces> kPlaceNames = {"forehand", "middlehand", "rearhand",
                                                          "skat card 1", "skat card 2"};

struct Counts {
  std::array<std::array<int64_t, kPlaces>, 32> place = {};
  int64_t four_jacks_in_forehand = 0;
  std::array<int64_t, kBuckets> bucket = {};
};

const Counts& Tally() {
  static const Counts counts = [] {
    Counts c;
    Seed seed;
    for (size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<uint8_t>(0xA5 ^ (7 * i));
    DealStream stream("deal_stats_test", seed, "");
    constexpr uint64_t kBucketWidth = kDealCount / kBuckets;
    static_assert(kDealCount % kBuckets == 0);
    for (int n = 0; n < kBoards; ++n) {
      const uint64_t deal = stream.Next();
      ++c.bucket[deal / kBucketWidth];
      const Board board = UnrankBoard(deal);
      for (int h = 0; h < kDirectionCount; ++h) {
        for (Card card : board.hands[h]) ++c.place[card.index()][h];
      }
      ++c.place[board.skat[0].index()][3];
      ++c.place[board.skat[1].index()][4];
      if (board.hands[0].contains(CardSet::Jacks())) ++c.four_jacks_in_forehand;
    }
    return c;
  }();
  return counts;
}

// The observed count is within 4.5 standard errors of n * p.
void ExpectFrequency(int64_t count, double p, const std::string& what) {
  const double n = kBoards;
  const double se = std::sqrt(p * (1 - p) / n);
  const double observed = static_cast<double>(count) / n;
  EXPECT_LE(std::abs(observed - p), 4.5 * se)
      << what << ": observed " << observed << ", exact " << p << ", " << (observed - p) / se
      << " standard errors";
}

TEST(DealStatsTest, EachCardGoesToEachPlaceWithItsExactProbability) {
  const Counts& c = Tally();
  for (int card = 0; card < 32; ++card) {
    int64_t total = 0;
    for (int place = 0; place < kPlaces; ++place) {
      const double p = place < 3 ? 10.0 / 32 : 1.0 / 32;
      ExpectFrequency(c.place[card][place], p,
                      ToString(Card::FromIndex(card)) + " in " + kPlaceNames[place]);
      total += c.place[card][place];
    }
    EXPECT_EQ(total, kBoards);
  }
}

TEST(DealStatsTest, ForehandHoldsAllFourJacksWithTheExactProbability) {
  // C(28,6) / C(32,10) = 376,740 / 64,512,240 = 0.58398 %.
  const double p = 376'740.0 / 64'512'240.0;
  EXPECT_NEAR(p, 0.005840, 0.000001);
  ExpectFrequency(Tally().four_jacks_in_forehand, p, "forehand holds all four jacks");
}

TEST(DealStatsTest, DealNumbersAreUniformOverSixteenRanges) {
  const Counts& c = Tally();
  for (int b = 0; b < kBuckets; ++b) {
    ExpectFrequency(c.bucket[b], 1.0 / kBuckets, "deal numbers in range " + std::to_string(b));
  }
}

}  // namespace deal_stats_test
}  // namespace skat::deal
