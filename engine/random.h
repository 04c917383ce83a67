// A small seeded generator (xoshiro256**, seeded through SplitMix64) whose output is the same on
// every platform and compiler, unlike std:: distributions; property tests, benchmarks and the
// demo pin their seeds to it.
#ifndef SKAT_ENGINE_RANDOM_H_
#define SKAT_ENGINE_RANDOM_H_

#include <array>
#include <cstdint>

namespace skat {

// SplitMix64's finaliser over a ^ (b + constant): one seed derived from two (decision seeds,
// tie-breaks).
constexpr uint64_t MixSeeds(uint64_t a, uint64_t b) {
  uint64_t z = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (uint64_t& s : state_) {
      seed += 0x9E3779B97F4A7C15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      s = z ^ (z >> 31);
    }
  }

  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n) (Lemire's multiply-shift; the tiny bias is irrelevant for play, and boards
  // for events come from the cryptographic generator, not from here). REQUIRES: n > 0.
  uint64_t Below(uint64_t n) {
    __extension__ using Wide = unsigned __int128;
    return static_cast<uint64_t>((static_cast<Wide>(Next()) * n) >> 64);
  }
  // True with probability numerator / denominator.
  bool Chance(uint64_t numerator, uint64_t denominator) { return Below(denominator) < numerator; }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<uint64_t, 4> state_;
};

}  // namespace skat

#endif  // SKAT_ENGINE_RANDOM_H_
