// A season's money (engine/season/money.h; docs/seasons.md "Money"): every number below is
// computed by hand in the comments beside it.
#include "engine/season/money.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace skat::season {
namespace money_test {

// Entry 5.00; loss fees 0.50 for each of the first three lost games, 1.00 from the fourth; 10 %
// to the season pot; prizes 50 / 30 / 20 %.
MoneyRules ClubRules() {
  return MoneyRules{.entry_fee_cents = 500,
                    .loss_fee_cents = 50,
                    .loss_fee_games = 3,
                    .loss_fee_after_cents = 100,
                    .pot_permille = 100,
                    .prize_split_permille = {500, 300, 200},
                    .pot_split_permille = {600, 400}};
}

// Seven players, B and C tied on rank 2. Loss fees: A 0, B 1 × 50, C 3 × 50 + 1 × 100 = 250,
// D 3 × 50 + 2 × 100 = 350, E 50, F 0, G 150: 850; in 7 × 500 + 850 = 4350.
Evening FirstEvening() {
  return Evening{.players = {{"A", 1, 0},
                             {"B", 2, 1},
                             {"C", 2, 4},
                             {"D", 4, 5},
                             {"E", 5, 1},
                             {"F", 6, 0},
                             {"G", 7, 3}}};
}

// Four players, H unlinked. Loss fees A 150, H 250; in 4 × 500 + 400 = 2400.
Evening SecondEvening() {
  return Evening{.players = {{"H", 1, 4}, {"A", 2, 3}, {"B", 3, 0}, {"C", 4, 0}}};
}

const Statement& Of(const SeasonMoney& money, const std::string& holder) {
  for (const Statement& s : money.statements) {
    if (s.holder == holder) return s;
  }
  ADD_FAILURE() << "no statement for " << holder;
  static const Statement kNone;
  return kNone;
}

TEST(SeasonMoneyTest, LossFeesTiers) {
  const MoneyRules rules = ClubRules();
  EXPECT_EQ(LossFees(rules, 0), 0);
  EXPECT_EQ(LossFees(rules, 3), 150);
  EXPECT_EQ(LossFees(rules, 4), 250);
  EXPECT_EQ(LossFees(rules, 5), 350);
  MoneyRules flat = rules;
  flat.loss_fee_games = 0;  // every lost game at the "after" fee
  EXPECT_EQ(LossFees(flat, 2), 200);
}

TEST(SeasonMoneyTest, EveningSplitWithTieLeavesCentsToThePot) {
  const Result<SeasonMoney> money = ComputeMoney(ClubRules(), {FirstEvening()}, {});
  ASSERT_TRUE(money.ok()) << money.status().message();
  const EveningMoney& e = money->evenings.at(0);
  // Pot share ⌊4350 × 100 / 1000⌋ = 435; the rest 3915: place 1 ⌊1957.5⌋ = 1957, place 2
  // ⌊1174.5⌋ = 1174, place 3 ⌊783⌋ = 783. B and C pool places 2 and 3: 1957, 978 each.
  EXPECT_EQ(e.in_cents, 4350);
  EXPECT_EQ(e.prizes_cents, 1957 + 978 + 978);
  EXPECT_EQ(e.rounding_cents, 3915 - 3913);  // half a cent each from places 1, 2; one from 2–3
  EXPECT_EQ(e.to_pot_cents, 435 + 2);
  EXPECT_EQ(Of(*money, "A").lines.at(0).prize_cents, 1957);
  EXPECT_EQ(Of(*money, "B").lines.at(0).prize_cents, 978);
  EXPECT_EQ(Of(*money, "C").lines.at(0).prize_cents, 978);
  EXPECT_EQ(Of(*money, "D").lines.at(0).prize_cents, 0);
  const MoneyLine& c = Of(*money, "C").lines.at(0);
  EXPECT_EQ(c.entry_fee_cents, 500);
  EXPECT_EQ(c.lost_games, 4);
  EXPECT_EQ(c.loss_fees_cents, 250);
  EXPECT_EQ(c.rank, 2);
  EXPECT_EQ(Of(*money, "C").balance_cents, 978 - 750);
  // No season table: the whole pot is left.
  EXPECT_EQ(money->pot_cents, 437);
  EXPECT_EQ(money->pot_paid_cents, 0);
  EXPECT_EQ(money->pot_left_cents, 437);
}

TEST(SeasonMoneyTest, TopHalfWeights) {
  MoneyRules rules = ClubRules();
  rules.prize_split_permille = {};
  Evening evening = FirstEvening();
  evening.players[2].rank = 3;  // no tie: 1, 2, 3, 4, ...
  const Result<SeasonMoney> money = ComputeMoney(rules, {evening}, {});
  ASSERT_TRUE(money.ok()) << money.status().message();
  // ⌊7 / 2⌋ = 3 places weighted 3, 2, 1 of 3915: ⌊1957.5⌋, 1305, ⌊652.5⌋.
  EXPECT_EQ(Of(*money, "A").lines.at(0).prize_cents, 1957);
  EXPECT_EQ(Of(*money, "B").lines.at(0).prize_cents, 1305);
  EXPECT_EQ(Of(*money, "C").lines.at(0).prize_cents, 652);
  EXPECT_EQ(Of(*money, "D").lines.at(0).prize_cents, 0);
  EXPECT_EQ(money->evenings[0].rounding_cents, 1);
  EXPECT_EQ(money->evenings[0].to_pot_cents, 436);
}

TEST(SeasonMoneyTest, TieBeyondTheSplitPoolsOnlyPaidPlaces) {
  // Three tied on rank 3 of a three-place split: they pool place 3 alone (places 4, 5 pay
  // nothing): ⌊200 / 3⌋ = 66 each, 2 cents to the pot.
  MoneyRules rules;
  rules.entry_fee_cents = 200;
  rules.prize_split_permille = {500, 300, 200};
  const Evening evening{
      .players = {{"A", 1, 0}, {"B", 2, 0}, {"C", 3, 0}, {"D", 3, 0}, {"E", 3, 0}}};
  const Result<SeasonMoney> money = ComputeMoney(rules, {evening}, {});
  ASSERT_TRUE(money.ok()) << money.status().message();
  EXPECT_EQ(Of(*money, "A").lines.at(0).prize_cents, 500);
  EXPECT_EQ(Of(*money, "B").lines.at(0).prize_cents, 300);
  EXPECT_EQ(Of(*money, "E").lines.at(0).prize_cents, 66);
  EXPECT_EQ(money->evenings[0].to_pot_cents, 2);
}

TEST(SeasonMoneyTest, SeasonPotAndStatementsAddUp) {
  const Result<SeasonMoney> money =
      ComputeMoney(ClubRules(), {FirstEvening(), SecondEvening()}, {{"A", 1}, {"C", 2}, {"B", 2}});
  ASSERT_TRUE(money.ok()) << money.status().message();
  // Evening 2: pot ⌊2400 / 10⌋ = 240; 2160 split 1080, 648, 432: nothing left.
  const EveningMoney& e2 = money->evenings.at(1);
  EXPECT_EQ(e2.in_cents, 2400);
  EXPECT_EQ(e2.prizes_cents, 2160);
  EXPECT_EQ(e2.rounding_cents, 0);
  EXPECT_EQ(e2.to_pot_cents, 240);
  // The pot 437 + 240 = 677: place 1 ⌊406.2⌋ = 406, place 2 ⌊270.8⌋ = 270, place 3 none; B and C
  // pool 270: 135 each. Paid 676, left 1.
  EXPECT_EQ(money->pot_cents, 677);
  EXPECT_EQ(money->pot_paid_cents, 676);
  EXPECT_EQ(money->pot_left_cents, 1);
  // A: +1957 − 500, +648 − 650, pot 406. B: +978 − 550, +432 − 500, pot 135. C: +978 − 750,
  // 0 − 500, pot 135. D −850, E −550, F −500, G −650, H +1080 − 750.
  EXPECT_EQ(Of(*money, "A").balance_cents, 1861);
  EXPECT_EQ(Of(*money, "B").balance_cents, 495);
  EXPECT_EQ(Of(*money, "C").balance_cents, -137);
  EXPECT_EQ(Of(*money, "D").balance_cents, -850);
  EXPECT_EQ(Of(*money, "G").balance_cents, -650);
  EXPECT_EQ(Of(*money, "H").balance_cents, 330);
  // Statements in first appearance; A's lines: evening 1, evening 2, the pot.
  ASSERT_EQ(money->statements.size(), 8u);
  EXPECT_EQ(money->statements[0].holder, "A");
  EXPECT_EQ(money->statements[7].holder, "H");
  const std::vector<MoneyLine>& a = Of(*money, "A").lines;
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[1].evening, 1);
  EXPECT_EQ(a[1].player, 1);  // A is the second player of evening 2
  EXPECT_EQ(a[1].loss_fees_cents, 150);
  EXPECT_EQ(a[2].evening, -1);
  EXPECT_EQ(a[2].rank, 1);
  EXPECT_EQ(a[2].prize_cents, 406);
  // 1861 + 495 − 137 − 850 − 550 − 500 − 650 + 330 = −1: the pot left makes it zero.
  int64_t sum = money->pot_left_cents;
  for (const Statement& s : money->statements) sum += s.balance_cents;
  EXPECT_EQ(sum, 0);
}

TEST(SeasonMoneyTest, RefusesBadRules) {
  MoneyRules over = ClubRules();
  over.prize_split_permille = {600, 300, 200};
  const Result<SeasonMoney> a = ComputeMoney(over, {FirstEvening()}, {});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(a.status().message().find("prize_split_permille adds up to 1100"), std::string::npos)
      << a.status().message();
  MoneyRules negative = ClubRules();
  negative.entry_fee_cents = -1;
  EXPECT_FALSE(ComputeMoney(negative, {}, {}).ok());
  Evening bad = FirstEvening();
  bad.players[0].rank = 0;
  EXPECT_FALSE(ComputeMoney(ClubRules(), {bad}, {}).ok());
  EXPECT_FALSE(ComputeMoney(ClubRules(), {}, {{"A", 0}}).ok());
}

}  // namespace money_test
}  // namespace skat::season
