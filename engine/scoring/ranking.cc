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

// What the comparison reads of a standing, compact: the sort touches these, not the standings
// (large, with strings and a map: docs/performance.md "Standings that grow with the change").
struct Key {
  Fraction primary;   // the ranking key (an integer total as a fraction: the same order)
  Fraction diff;      // kDiff's
  int lot = INT_MAX;  // kLot's: the position in the recorded lot, INT_MAX when not in it
  const std::string* player = nullptr;
  size_t index = 0;  // in the standings
};

// Sorts by insertion while that stays within a budget of moves proportional to the size: true
// when sorted. Else leaves keys a permutation of what it was given and returns false.
template <typename Less>
bool InsertionSortWithin(std::vector<Key>& keys, const Less& less) {
  size_t budget = 8 * keys.size() + 64;
  for (size_t i = 1; i < keys.size(); ++i) {
    if (!less(keys[i], keys[i - 1])) continue;
    Key moving = std::move(keys[i]);
    size_t j = i;
    do {
      keys[j] = std::move(keys[j - 1]);
      --j;
      if (budget-- == 0) {
        keys[j] = std::move(moving);
        return false;
      }
    } while (j > 0 && less(moving, keys[j - 1]));
    keys[j] = std::move(moving);
  }
  return true;
}

// The standings' keys in the order hinted (positions out of range or repeated are passed over),
// then those the hint left out (Rank's order on the way in).
std::vector<Key> KeysOf(const std::vector<Standing>& standings, ComparisonKind comparison,
                        const Options& options, const std::vector<size_t>* hint) {
  // The recorded lot's positions, read only by a chain that draws lots.
  const bool draws_lots = std::find(options.tie_breaks.begin(), options.tie_breaks.end(),
                                    TieBreak::kLot) != options.tie_breaks.end();
  std::map<std::string, int> lot;
  if (draws_lots) {
    for (size_t i = 0; i < options.lot.size(); ++i) {
      lot.emplace(options.lot[i], static_cast<int>(i));
    }
  }
  auto primary = [&](const Standing& s) -> Fraction {
    if (options.ranking == RankingKey::kMatchpointSum) return s.matchpoints;
    if (options.ranking == RankingKey::kTotal) return Fraction(s.total);
    switch (comparison) {
      case ComparisonKind::kMatchpoints:
      case ComparisonKind::kSessionTotal: return s.ratio;
      case ComparisonKind::kTotal: return Fraction(s.total);
      case ComparisonKind::kDatum:
      case ComparisonKind::kSynchron: return s.diff_exact;
    }
    return Fraction();
  };
  std::vector<size_t> given;
  given.reserve(standings.size());
  std::vector<bool> taken(standings.size());
  if (hint != nullptr) {
    for (size_t i : *hint) {
      if (i >= standings.size() || taken[i]) continue;
      taken[i] = true;
      given.push_back(i);
    }
  }
  for (size_t i = 0; i < standings.size(); ++i) {
    if (!taken[i]) given.push_back(i);
  }
  std::vector<Key> keys(standings.size());
  for (size_t place = 0; place < given.size(); ++place) {
    const size_t i = given[place];
    const Standing& s = standings[i];
    Key& k = keys[place];
    k.primary = primary(s);
    k.diff = s.diff_exact;
    if (draws_lots) {
      const auto it = lot.find(s.player);
      if (it != lot.end()) k.lot = it->second;
    }
    k.player = &s.player;
    k.index = i;
  }
  return keys;
}

}  // namespace

void Rank(std::vector<Standing>& standings, ComparisonKind comparison, const Options& options,
          std::vector<size_t>* order) {
  std::vector<Key> keys = KeysOf(standings, comparison, options, order);
  // The full comparison without the player id: 0 means the two share a place.
  auto compare = [&](const Key& a, const Key& b) {
    int c = Order(a.primary, b.primary);
    for (TieBreak t : options.tie_breaks) {
      if (c != 0 || t == TieBreak::kShared) break;
      if (t == TieBreak::kDiff) c = Order(a.diff, b.diff);
      if (t == TieBreak::kLot) c = -Order(a.lot, b.lot);
    }
    return c;
  };
  auto less = [&](const Key& a, const Key& b) {
    const int c = compare(a, b);
    return c != 0 ? c < 0 : *a.player < *b.player;
  };
  if (!InsertionSortWithin(keys, less)) std::sort(keys.begin(), keys.end(), less);
  if (order != nullptr) {
    order->resize(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) (*order)[i] = keys[i].index;
  }
  // Moved once, in their places.
  std::vector<Standing> sorted;
  sorted.reserve(standings.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    sorted.push_back(std::move(standings[keys[i].index]));
    Standing& s = sorted.back();
    s.tied = false;
    s.rank = static_cast<int>(i) + 1;
    if (i > 0 && compare(keys[i - 1], keys[i]) == 0) {
      s.rank = sorted[i - 1].rank;
      s.tied = sorted[i - 1].tied = true;
    }
  }
  standings = std::move(sorted);
}

}  // namespace skat::scoring
