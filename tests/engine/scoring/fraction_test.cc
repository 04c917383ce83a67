// Fraction: exact, reduced arithmetic and its decimal form (docs/comparative.md
// "Comparison across tables": "keep matchpoints as
// exact fractions; round only for display").
#include "engine/scoring/fraction.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>

namespace skat::scoring {
namespace fraction_test {

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

// Sums whose common denominator passes 64 bits and whose numerator shares powers of two with it:
// the reduction (a binary gcd, in 128 bits here) agrees with Euclid's, and a result that fits is
// exact.
TEST(FractionTest, WideSumsReduceAsEuclidWould) {
  __extension__ typedef __int128 Wide;
  auto euclid = [](Wide a, Wide b) {
    while (b != 0) {
      const Wide t = a % b;
      a = b;
      b = t;
    }
    return a;
  };
  std::mt19937_64 rng(11);
  auto odd = [&](int bits) { return static_cast<int64_t>((rng() >> (64 - bits)) | 1); };
  int exact = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t r = odd(20), t = odd(13), v = odd(13);
    if (euclid(t, v) != 1) continue;
    const int64_t b = (int64_t{1} << 20) * r * t, d = (int64_t{1} << 20) * r * v;
    const int64_t a = odd(30), c = odd(30);  // odd: a v + c t is even
    const Fraction sum = Fraction(a, b) + Fraction(c, d);
    // The reference: a/b + c/d over 128 bits, reduced by Euclid.
    const Wide bg = euclid(a, b), dg = euclid(c, d);
    const Wide an = a / bg, ad = b / bg, cn = c / dg, cd = d / dg;
    Wide num = an * cd + cn * ad, den = ad * cd;
    const Wide g = euclid(num < 0 ? -num : num, den);
    num /= g;
    den /= g;
    if (den > std::numeric_limits<int64_t>::max() || num > std::numeric_limits<int64_t>::max()) {
      EXPECT_FALSE(sum.exact()) << "trial " << trial;
      continue;
    }
    EXPECT_TRUE(sum.exact()) << "trial " << trial;
    EXPECT_EQ(sum.num(), static_cast<int64_t>(num)) << "trial " << trial;
    EXPECT_EQ(sum.den(), static_cast<int64_t>(den)) << "trial " << trial;
    ++exact;
  }
  EXPECT_GT(exact, 50);  // many reduce into 64 bits
}

}  // namespace fraction_test
}  // namespace skat::scoring
