// Settlement at a table (RULES S2): with pad totals s_i of k players (the resting dealer of a
// 4-player table included) and S = sum of s, player i nets k * s_i - S. The nets sum to 0.
#ifndef SKAT_ENGINE_SETTLEMENT_H_
#define SKAT_ENGINE_SETTLEMENT_H_

#include <span>
#include <vector>

namespace skat {

// RULES S2. Works for any k >= 1; an empty table settles to nothing.
std::vector<long long> Settle(std::span<const long long> totals);

}  // namespace skat

#endif  // SKAT_ENGINE_SETTLEMENT_H_
