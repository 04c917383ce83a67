#include "engine/season/season_table.h"

#include <algorithm>
#include <numeric>

namespace skat::season {
namespace {

__extension__ using Wide = __int128;  // exact products of hundredths and counts

Wide Abs(Wide x) { return x < 0 ? -x : x; }

// Which of the person's events count (best n of m: the highest percentages, of equal ones the
// earlier event), into row.counted, row.counted_sum, row.counted_events and row.diff.
void CountBest(const PersonResults& p, const SeasonRules& rules, SeasonRow& row) {
  std::vector<size_t> order(p.events.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const EventResult &x = p.events[a], &y = p.events[b];
    if (x.percentage != y.percentage) return x.percentage > y.percentage;
    return x.event < y.event;
  });
  const size_t n = rules.best_of > 0 ? std::min<size_t>(rules.best_of, order.size()) : order.size();
  row.counted.assign(p.events.size(), false);
  for (size_t k = 0; k < n; ++k) {
    const EventResult& e = p.events[order[k]];
    row.counted[order[k]] = true;
    row.counted_sum += e.percentage;
    row.diff += e.diff;
    ++row.counted_events;
  }
}

// <0 when a ranks before b by the value, >0 after, 0 equal (the average compared exactly).
int CompareValue(const SeasonRow& a, const SeasonRow& b, Aggregate aggregate) {
  Wide left = a.counted_sum, right = b.counted_sum;
  if (aggregate == Aggregate::kAverage) {
    left = static_cast<Wide>(a.counted_sum) * std::max(b.counted_events, 1);
    right = static_cast<Wide>(b.counted_sum) * std::max(a.counted_events, 1);
  }
  if (left != right) return left > right ? -1 : 1;
  if (a.diff != b.diff) return a.diff > b.diff ? -1 : 1;
  return 0;
}

}  // namespace

int64_t Hundredths(const scoring::Fraction& x) {
  const Wide num = static_cast<Wide>(x.num()) * 100;
  const Wide den = x.den();  // positive (fraction.h)
  const Wide rounded = (Abs(num) * 2 + den) / (den * 2);
  return static_cast<int64_t>(num < 0 ? -rounded : rounded);
}

int64_t DivideRounded(int64_t a, int64_t b) {
  const Wide rounded = (Abs(a) * 2 + b) / (static_cast<Wide>(b) * 2);
  return static_cast<int64_t>(a < 0 ? -rounded : rounded);
}

std::string HundredthsText(int64_t hundredths) {
  const bool negative = hundredths < 0;
  const uint64_t abs =
      negative ? 0 - static_cast<uint64_t>(hundredths) : static_cast<uint64_t>(hundredths);
  const uint64_t rest = abs % 100;
  return (negative ? "-" : "") + std::to_string(abs / 100) + (rest < 10 ? ".0" : ".") +
         std::to_string(rest);
}

std::vector<SeasonRow> RankSeason(const std::vector<PersonResults>& persons,
                                  const SeasonRules& rules) {
  std::vector<SeasonRow> rows;
  for (const PersonResults& p : persons) {
    SeasonRow row;
    row.person = p.person;
    row.events_played = static_cast<int>(p.events.size());
    CountBest(p, rules, row);
    row.value = rules.aggregate == Aggregate::kAverage && row.counted_events > 0
                    ? DivideRounded(row.counted_sum, row.counted_events)
                    : row.counted_sum;
    rows.push_back(std::move(row));
  }
  auto ranked = [&](const SeasonRow& r) { return r.events_played >= rules.min_attendance; };
  std::stable_sort(rows.begin(), rows.end(), [&](const SeasonRow& a, const SeasonRow& b) {
    if (ranked(a) != ranked(b)) return ranked(a);
    return CompareValue(a, b, rules.aggregate) < 0;
  });
  // Shared places (docs/comparative.md "Ranking"): 1 + the number of ranked persons before.
  for (size_t i = 0; i < rows.size() && ranked(rows[i]); ++i) {
    const bool same_as_before = i > 0 && CompareValue(rows[i - 1], rows[i], rules.aggregate) == 0;
    rows[i].rank = same_as_before ? rows[i - 1].rank : static_cast<int>(i) + 1;
    if (same_as_before) rows[i].tied = rows[i - 1].tied = true;
  }
  return rows;
}

}  // namespace skat::season
