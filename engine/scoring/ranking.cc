#include "engine/scoring/ranking.h"

#include <algorithm>
#include <climits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace skat::scoring {
namespace {

template <typename T>
int Order(const T& a, const T& b) {  // -1 when a ranks ahead (larger), 0 equal, 1 behind
  if (a > b) return -1;
  if (b > a) return 1;
  return 0;
}

}  // namespace

void Rank(std::vector<Standing>& standings, ComparisonKind comparison, const Options& options) {
  // The recorded lot's positions, read only by a chain that draws lots.
  std::map<std::string, int> lot;
  if (std::find(options.tie_breaks.begin(), options.tie_breaks.end(), TieBreak::kLot) !=
      options.tie_breaks.end()) {
    for (size_t i = 0; i < options.lot.size(); ++i) {
      lot.emplace(options.lot[i], static_cast<int>(i));
    }
  }
  auto lot_position = [&](const std::string& player) {
    const auto it = lot.find(player);
    return it == lot.end() ? INT_MAX : it->second;
  };
  // The full comparison without the player id: 0 means the two share a place.
  auto compare = [&](const Standing& a, const Standing& b) {
    int c = 0;
    switch (comparison) {
      case ComparisonKind::kMatchpoints:
      case ComparisonKind::kSessionTotal: c = Order(a.ratio, b.ratio); break;
      case ComparisonKind::kTotal: c = Order(a.total, b.total); break;
      case ComparisonKind::kDatum:
      case ComparisonKind::kSynchron: c = Order(a.diff_exact, b.diff_exact); break;
    }
    if (options.ranking == RankingKey::kMatchpointSum) c = Order(a.matchpoints, b.matchpoints);
    if (options.ranking == RankingKey::kTotal) c = Order(a.total, b.total);
    for (TieBreak t : options.tie_breaks) {
      if (c != 0 || t == TieBreak::kShared) break;
      if (t == TieBreak::kDiff) c = Order(a.diff_exact, b.diff_exact);
      if (t == TieBreak::kLot) c = -Order(lot_position(a.player), lot_position(b.player));
    }
    return c;
  };
  // Sorted by position, then moved once: a Standing is large (strings, a map), its swaps are not
  // cheap (docs/performance.md "Standings that grow with the change").
  std::vector<size_t> order(standings.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t i, size_t j) {
    const Standing& a = standings[i];
    const Standing& b = standings[j];
    const int c = compare(a, b);
    return c != 0 ? c < 0 : a.player < b.player;
  });
  std::vector<Standing> sorted;
  sorted.reserve(standings.size());
  for (size_t i : order) sorted.push_back(std::move(standings[i]));
  standings = std::move(sorted);
  for (size_t i = 0; i < standings.size(); ++i) {
    standings[i].tied = false;
    standings[i].rank = static_cast<int>(i) + 1;
    if (i > 0 && compare(standings[i - 1], standings[i]) == 0) {
      standings[i].rank = standings[i - 1].rank;
      standings[i].tied = standings[i - 1].tied = true;
    }
  }
}

}  // namespace skat::scoring
