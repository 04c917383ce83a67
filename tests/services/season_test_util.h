// The money of docs/seasons.md "Money" as the season tests compute it on their own: a prize
// split over ranks, and amounts as `skat` prints them.
#ifndef SKAT_TESTS_SERVICES_SEASON_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_SEASON_TEST_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace skat::testing_season {

// The test's own split (docs/seasons.md "Money"): place p gets ⌊amount × split[p−1] / 1000⌋ (an
// empty split: the top half, weights k … 1 of k(k+1)/2); equal ranks pool their places' prizes
// and share them rounded down. By name.
inline std::map<std::string, int64_t> Split(int64_t amount, const std::vector<int>& split,
                                            const std::map<std::string, int>& ranks) {
  const int n = static_cast<int>(ranks.size());
  std::vector<int64_t> place(static_cast<size_t>(n) + 1, 0);
  const int k = n / 2;
  for (int p = 1; p <= n; ++p) {
    if (!split.empty()) {
      if (p <= static_cast<int>(split.size())) place[p] = amount * split[p - 1] / 1000;
    } else if (p <= k) {
      place[p] = amount * (k - p + 1) / (k * (k + 1) / 2);
    }
  }
  std::map<int, int> sharing;
  for (const auto& [name, rank] : ranks) ++sharing[rank];
  std::map<std::string, int64_t> out;
  for (const auto& [name, rank] : ranks) {
    int64_t pool = 0;
    for (int p = rank; p < rank + sharing[rank] && p <= n; ++p) pool += place[p];
    out[name] = pool / sharing[rank];
  }
  return out;
}

// "12.50", "-0.05", with `sign` "+12.50"; German with a comma.
inline std::string Amount(int64_t cents, bool german, bool sign = false) {
  const int64_t magnitude = cents < 0 ? -cents : cents;
  char text[64];
  std::snprintf(text, sizeof text, "%s%lld%c%02lld",
                cents < 0 ? "-" : (sign && cents > 0 ? "+" : ""),
                static_cast<long long>(magnitude / 100), german ? ',' : '.',
                static_cast<long long>(magnitude % 100));
  return text;
}

}  // namespace skat::testing_season

#endif  // SKAT_TESTS_SERVICES_SEASON_TEST_UTIL_H_
