// Fraction: exact, reduced arithmetic and its decimal form (docs/comparative.md
// "Comparison across tables": "keep matchpoints as
// exact fractions; round only for display").
#include "engine/scoring/fraction.h"

#include <gtest/gtest.h>

#include <limits>

namespace skat::scoring {
namespace {

TEST(FractionTest, ReducesAndKeepsTheSignInTheNumerator) {
  const Fraction f(6, -4);
  EXPECT_EQ(f.num(), -3);
  EXPECT_EQ(f.den(), 2);
  EXPECT_EQ(Fraction(0, -7), Fraction(0));
  EXPECT_EQ(Fraction(0, -7).den(), 1);
}

TEST(FractionTest, ArithmeticIsExact) {
  EXPECT_EQ(Fraction(1, 3) + Fraction(1, 6), Fraction(1, 2));
  EXPECT_EQ(Fraction(1, 3) - Fraction(1, 2), Fraction(-1, 6));
  EXPECT_EQ(Fraction(2, 3) * Fraction(9, 4), Fraction(3, 2));
  EXPECT_EQ(Fraction(2, 3) / Fraction(-4, 9), Fraction(-3, 2));
  EXPECT_EQ(-Fraction(5, 7), Fraction(-5, 7));
  Fraction sum;
  for (int i = 0; i < 3; ++i) sum += Fraction(1, 3);
  EXPECT_EQ(sum, Fraction(1));
  EXPECT_TRUE(sum.exact());
}

TEST(FractionTest, OrdersByValue) {
  EXPECT_LT(Fraction(1, 3), Fraction(1, 2));
  EXPECT_GT(Fraction(-1, 3), Fraction(-1, 2));
  EXPECT_EQ(Fraction(2, 4) <=> Fraction(1, 2), std::strong_ordering::equal);
}

TEST(FractionTest, ToStringIsTheExactDecimalWhenFinite) {
  EXPECT_EQ(Fraction(7, 2).ToString(), "3.5");
  EXPECT_EQ(Fraction(-1, 8).ToString(), "-0.125");
  EXPECT_EQ(Fraction(4).ToString(), "4");
  EXPECT_EQ(Fraction(7, 3).ToString(), "7/3");
  EXPECT_EQ(Fraction(-7, 6).ToString(), "-7/6");
  EXPECT_EQ(Fraction(1, 1024).ToString(), "0.0009765625");
  EXPECT_DOUBLE_EQ(Fraction(7, 8).ToDouble(), 0.875);
}

TEST(FractionTest, LargeIntermediatesStayExact) {
  const int64_t big = std::numeric_limits<int64_t>::max() / 3;
  // big/7 * 7/big needs a 128-bit intermediate before it reduces to 1.
  EXPECT_EQ(Fraction(big, 7) * Fraction(7, big), Fraction(1));
  EXPECT_EQ(Fraction(big, 2) + Fraction(big, 2), Fraction(big));
  EXPECT_TRUE((Fraction(big, 2) + Fraction(big, 2)).exact());
}

TEST(FractionTest, AResultBeyond64BitsIsApproximatedAndFlagged) {
  const int64_t p = 1000000007, q = 998244353;
  Fraction f = Fraction(1, p) + Fraction(1, q);
  f = f + Fraction(1, 1000000009) + Fraction(1, 999999937);
  EXPECT_FALSE(f.exact());
  const double expected = 1.0 / p + 1.0 / q + 1.0 / 1000000009 + 1.0 / 999999937;
  EXPECT_NEAR(f.ToDouble(), expected, 1e-15);
}

}  // namespace
}  // namespace skat::scoring
