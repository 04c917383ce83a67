// An exact rational number for matchpoints and percentages (docs/comparative.md
// "Comparison across tables": keep
// matchpoints as exact fractions; round only for display). Always reduced, denominator > 0.
#ifndef SKAT_ENGINE_SCORING_FRACTION_H_
#define SKAT_ENGINE_SCORING_FRACTION_H_

#include <compare>
#include <cstdint>
#include <string>

namespace skat::scoring {

__extension__ typedef __int128 FractionWide;

class Fraction {
 public:
  constexpr Fraction() = default;
  // REQUIRES: den != 0. The sign moves to the numerator; the pair is reduced.
  Fraction(int64_t num, int64_t den = 1);  // NOLINT: implicit from integers

  int64_t num() const { return num_; }
  int64_t den() const { return den_; }

  // Arithmetic is exact: intermediates are 128-bit and reduced. A result whose reduced form does
  // not fit 64 bits (never in an event: denominators are products of field sizes) is replaced by
  // the nearest fraction that fits, and exact() of the result is false.
  Fraction operator-() const;
  friend Fraction operator+(const Fraction& a, const Fraction& b);
  friend Fraction operator-(const Fraction& a, const Fraction& b);
  friend Fraction operator*(const Fraction& a, const Fraction& b);
  // REQUIRES: b != 0.
  friend Fraction operator/(const Fraction& a, const Fraction& b);
  Fraction& operator+=(const Fraction& b) { return *this = *this + b; }
  Fraction& operator-=(const Fraction& b) { return *this = *this - b; }
  Fraction& operator*=(const Fraction& b) { return *this = *this * b; }
  Fraction& operator/=(const Fraction& b) { return *this = *this / b; }

  friend bool operator==(const Fraction& a, const Fraction& b) {
    return a.num_ == b.num_ && a.den_ == b.den_;
  }
  friend std::strong_ordering operator<=>(const Fraction& a, const Fraction& b);

  // False once an operation had to approximate (see above).
  bool exact() const { return exact_; }

  double ToDouble() const { return static_cast<double>(num_) / static_cast<double>(den_); }
  // The exact decimal when it is finite ("3.5", "-0.125", "4"), else "num/den" ("7/3").
  std::string ToString() const;

 private:
  // The reduced wide pair, approximated when it does not fit (exact_ false).
  static Fraction FromWide(FractionWide num, FractionWide den, bool exact);

  int64_t num_ = 0;
  int64_t den_ = 1;
  bool exact_ = true;
};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_FRACTION_H_
