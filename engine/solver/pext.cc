#include "engine/solver/pext.h"

#include <array>

namespace skat {
namespace {

// kPext4[m][x]: the bits of x at the set places of m, packed from bit 0 (a nibble's parallel
// bit extract); kNibbleCount[n]: the set bits of n. Nibbles keep the tables small enough for
// every compiler's constant evaluation.
constexpr std::array<std::array<uint8_t, 16>, 16> kPext4 = [] {
  std::array<std::array<uint8_t, 16>, 16> t{};
  for (int m = 0; m < 16; ++m) {
    for (int x = 0; x < 16; ++x) {
      int out = 0;
      int k = 0;
      for (int i = 0; i < 4; ++i) {
        if (!(m >> i & 1)) continue;
        if (x >> i & 1) out |= 1 << k;
        ++k;
      }
      t[m][x] = static_cast<uint8_t>(out);
    }
  }
  return t;
}();
constexpr std::array<uint8_t, 16> kNibbleCount = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("bmi2"))) uint32_t PextBmi2(uint32_t x, uint32_t m) {
  return __builtin_ia32_pext_si(x, m);
}
// Static initialisation runs before the compiler's own CPU detection may have: ask for it.
const bool kHasBmi2 = (__builtin_cpu_init(), __builtin_cpu_supports("bmi2"));
#else
uint32_t PextBmi2(uint32_t x, uint32_t m) { return PextPortable(x, m); }
const bool kHasBmi2 = false;
#endif

}  // namespace

uint32_t PextPortable(uint32_t x, uint32_t m) {
  uint32_t out = 0;
  int at = 0;
  for (int k = 0; k < 8; ++k) {
    const uint32_t mn = m >> (4 * k) & 0xF;
    out |= uint32_t{kPext4[mn][x >> (4 * k) & 0xF]} << at;
    at += kNibbleCount[mn];
  }
  return out;
}

uint32_t Pext(uint32_t x, uint32_t m) { return kHasBmi2 ? PextBmi2(x, m) : PextPortable(x, m); }

bool PextInHardware() { return kHasBmi2; }

}  // namespace skat
