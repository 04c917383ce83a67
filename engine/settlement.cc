#include "engine/settlement.h"

#include <numeric>

namespace skat {

std::vector<long long> Settle(std::span<const long long> totals) {
  const long long k = static_cast<long long>(totals.size());
  const long long sum = std::accumulate(totals.begin(), totals.end(), 0LL);
  std::vector<long long> net;
  net.reserve(totals.size());
  for (long long s : totals) net.push_back(k * s - sum);  // RULES S2
  return net;
}

}  // namespace skat
