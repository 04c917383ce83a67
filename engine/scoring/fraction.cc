#include "engine/scoring/fraction.h"

#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>
#include <utility>

namespace skat::scoring {
namespace {

using Wide = FractionWide;

Wide Abs(Wide x) { return x < 0 ? -x : x; }

__extension__ typedef unsigned __int128 UWide;

// REQUIRES: x != 0.
int TrailingZeros(uint64_t x) { return std::countr_zero(x); }
int TrailingZeros(UWide x) {
  const auto low = static_cast<uint64_t>(x);
  return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(x >> 64));
}

// Binary (Stein's) gcd: shifts and subtractions, no division; in 64 bits when both fit, as
// almost every value of an event does. The same value as Euclid's.
template <typename U>
U BinaryGcd(U a, U b) {  // REQUIRES: a != 0, b != 0
  const int shift = TrailingZeros(a | b);
  a >>= TrailingZeros(a);
  do {
    b >>= TrailingZeros(b);
    if (a > b) std::swap(a, b);
    b -= a;
  } while (b != 0);
  return a << shift;
}

Wide Gcd(Wide a, Wide b) {
  const UWide x = static_cast<UWide>(Abs(a)), y = static_cast<UWide>(Abs(b));
  if (x == 0) return static_cast<Wide>(y);
  if (y == 0) return static_cast<Wide>(x);
  if ((x >> 64) == 0 && (y >> 64) == 0) {
    return static_cast<Wide>(BinaryGcd(static_cast<uint64_t>(x), static_cast<uint64_t>(y)));
  }
  return static_cast<Wide>(BinaryGcd(x, y));
}

constexpr Wide kMax = std::numeric_limits<int64_t>::max();

}  // namespace

Fraction Fraction::FromWide(Wide num, Wide den, bool exact) {
  assert(den != 0);
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const Wide g = Gcd(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  Fraction f;
  f.exact_ = exact;
  if (Abs(num) <= kMax && den <= kMax) {
    f.num_ = static_cast<int64_t>(num);
    f.den_ = static_cast<int64_t>(den);
    return f;
  }
  // The last continued-fraction convergent of |num|/den whose parts fit 64 bits.
  f.exact_ = false;
  const bool negative = num < 0;
  Wide a = Abs(num), b = den;
  Wide p0 = 0, q0 = 1, p1 = 1, q1 = 0;
  while (b != 0) {
    const Wide q = a / b;
    if (q > kMax) break;
    const Wide p2 = q * p1 + p0, q2 = q * q1 + q0;
    if (p2 > kMax || q2 > kMax) break;
    p0 = p1;
    q0 = q1;
    p1 = p2;
    q1 = q2;
    const Wide t = a % b;
    a = b;
    b = t;
  }
  if (q1 == 0) {  // too large even as an integer: saturate
    p1 = kMax;
    q1 = 1;
  }
  f.num_ = static_cast<int64_t>(negative ? -p1 : p1);
  f.den_ = static_cast<int64_t>(q1);
  return f;
}

Fraction::Fraction(int64_t num, int64_t den) { *this = FromWide(num, den, true); }

Fraction Fraction::operator-() const { return FromWide(-static_cast<Wide>(num_), den_, exact_); }

Fraction operator+(const Fraction& a, const Fraction& b) {
  if (a.den_ == b.den_) {
    return Fraction::FromWide(static_cast<Wide>(a.num_) + b.num_, a.den_, a.exact_ && b.exact_);
  }
  // gcd first keeps the intermediates small; 128 bits keep them exact.
  const Wide g = Gcd(a.den_, b.den_);
  const Wide da = a.den_ / g, db = b.den_ / g;
  return Fraction::FromWide(static_cast<Wide>(a.num_) * db + static_cast<Wide>(b.num_) * da,
                            da * b.den_, a.exact_ && b.exact_);
}

Fraction operator-(const Fraction& a, const Fraction& b) { return a + (-b); }

Fraction operator*(const Fraction& a, const Fraction& b) {
  const Wide g1 = Gcd(a.num_, b.den_), g2 = Gcd(b.num_, a.den_);
  const Wide n1 = g1 == 0 ? 0 : a.num_ / g1, d2 = g1 == 0 ? b.den_ : b.den_ / g1;
  const Wide n2 = g2 == 0 ? 0 : b.num_ / g2, d1 = g2 == 0 ? a.den_ : a.den_ / g2;
  return Fraction::FromWide(n1 * n2, d1 * d2, a.exact_ && b.exact_);
}

Fraction operator/(const Fraction& a, const Fraction& b) {
  assert(b.num_ != 0);
  if (b.num_ == std::numeric_limits<int64_t>::min()) {  // its negation does not fit
    return a * Fraction::FromWide(b.den_, b.num_, b.exact_);
  }
  // b is reduced, so its inverse is too: only the sign moves.
  Fraction inverse;
  inverse.num_ = b.num_ < 0 ? -b.den_ : b.den_;
  inverse.den_ = b.num_ < 0 ? -b.num_ : b.num_;
  inverse.exact_ = b.exact_;
  return a * inverse;
}

std::strong_ordering operator<=>(const Fraction& a, const Fraction& b) {
  return static_cast<Wide>(a.num_) * b.den_ <=> static_cast<Wide>(b.num_) * a.den_;
}

std::string Fraction::ToString() const {
  int64_t d = den_;
  while (d % 2 == 0) d /= 2;
  while (d % 5 == 0) d /= 5;
  if (d != 1) return std::to_string(num_) + "/" + std::to_string(den_);
  // A finite decimal: long division until the remainder is 0 (den divides a power of 10).
  const Wide n = Abs(static_cast<Wide>(num_));
  std::string out = num_ < 0 ? "-" : "";
  out += std::to_string(static_cast<unsigned long long>(n / den_));
  Wide r = n % den_;
  if (r != 0) out += '.';
  while (r != 0) {
    r *= 10;
    out += static_cast<char>('0' + static_cast<int>(r / den_));
    r %= den_;
  }
  return out;
}

}  // namespace skat::scoring
