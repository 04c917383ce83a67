// A season's money over random seasons (engine/season/money.h): whatever the rules and the
// fields, every evening's in is its pot share plus its prizes, the balances and the pot left add
// up to zero to the cent, and no amount is negative.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/season/money.h"

namespace skat::season {
namespace money_property_test {

// A split of n shares adding up to at most 1000 (empty half of the time: top half).
std::vector<int> RandomSplit(std::mt19937& rng) {
  std::vector<int> split;
  if (rng() % 2 == 0) return split;
  int left = 1000 - static_cast<int>(rng() % 50);  // sometimes incomplete
  const int n = 1 + static_cast<int>(rng() % 6);
  for (int i = 0; i < n && left > 0; ++i) {
    const int share = i + 1 == n ? left : 1 + static_cast<int>(rng() % static_cast<unsigned>(left));
    split.push_back(share);
    left -= share;
  }
  return split;
}

// Ranks of a field as the standings give them (1, 2, 2, 4): sorted random scores.
std::vector<int> RandomRanks(std::mt19937& rng, int n) {
  std::vector<int> scores;
  for (int i = 0; i < n; ++i) scores.push_back(static_cast<int>(rng() % 6));
  std::sort(scores.rbegin(), scores.rend());
  std::vector<int> ranks;
  for (int i = 0; i < n; ++i) {
    ranks.push_back(i > 0 && scores[static_cast<size_t>(i)] == scores[static_cast<size_t>(i - 1)]
                        ? ranks.back()
                        : i + 1);
  }
  return ranks;
}

TEST(SeasonMoneyPropertyTest, RandomSeasonsAddUpToTheCent) {
  std::mt19937 rng(46);
  for (int round = 0; round < 400; ++round) {
    MoneyRules rules{.entry_fee_cents = static_cast<int64_t>(rng() % 2001),
                     .loss_fee_cents = static_cast<int64_t>(rng() % 301),
                     .loss_fee_games = static_cast<int>(rng() % 5),
                     .loss_fee_after_cents = static_cast<int64_t>(rng() % 301),
                     .pot_permille = static_cast<int>(rng() % 1001),
                     .prize_split_permille = RandomSplit(rng),
                     .pot_split_permille = RandomSplit(rng)};
    const int people = 2 + static_cast<int>(rng() % 20);
    std::vector<Evening> evenings(1 + rng() % 5);
    for (Evening& evening : evenings) {
      const int n = 1 + static_cast<int>(rng() % static_cast<unsigned>(people));
      const std::vector<int> ranks = RandomRanks(rng, n);
      for (int i = 0; i < n; ++i) {
        evening.players.push_back({"p" + std::to_string(rng() % static_cast<unsigned>(people)),
                                   ranks[static_cast<size_t>(i)], static_cast<int>(rng() % 8)});
      }
    }
    std::vector<Placing> pot_ranks;
    const std::vector<int> season_ranks = RandomRanks(rng, static_cast<int>(rng() % 8));
    for (size_t i = 0; i < season_ranks.size(); ++i) {
      pot_ranks.push_back({"p" + std::to_string(i), season_ranks[i]});
    }
    const Result<SeasonMoney> money = ComputeMoney(rules, evenings, pot_ranks);
    ASSERT_TRUE(money.ok()) << money.status().message();
    int64_t pot = 0;
    for (size_t e = 0; e < evenings.size(); ++e) {
      const EveningMoney& m = money->evenings[e];
      EXPECT_EQ(m.in_cents, m.to_pot_cents + m.prizes_cents) << "round " << round;
      EXPECT_GE(m.prizes_cents, 0);
      EXPECT_LE(m.prizes_cents, m.in_cents);
      EXPECT_GE(m.rounding_cents, 0);
      EXPECT_EQ(m.to_pot_cents - m.rounding_cents, m.in_cents * rules.pot_permille / 1000);
      pot += m.to_pot_cents;
    }
    EXPECT_EQ(money->pot_cents, pot);
    EXPECT_GE(money->pot_left_cents, 0);
    EXPECT_EQ(money->pot_paid_cents + money->pot_left_cents, pot);
    int64_t sum = money->pot_left_cents;
    for (const Statement& s : money->statements) {
      int64_t balance = 0;
      for (const MoneyLine& line : s.lines) {
        EXPECT_GE(line.entry_fee_cents, 0);
        EXPECT_GE(line.loss_fees_cents, 0);
        EXPECT_GE(line.prize_cents, 0);
        balance += line.prize_cents - line.entry_fee_cents - line.loss_fees_cents;
      }
      EXPECT_EQ(s.balance_cents, balance);
      sum += s.balance_cents;
    }
    EXPECT_EQ(sum, 0) << "round " << round;
  }
}

}  // namespace money_property_test
}  // namespace skat::season
