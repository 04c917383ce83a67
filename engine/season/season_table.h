// The season table (docs/seasons.md "Season table"): persons ranked over a season's events by
// their event percentages. Pure: the service reads the events' standings, links players to
// persons and leaves out hidden ones; this ranks what it is given.
//
// Numbers are integers in hundredths: an event percentage of 54.17 % is 5417, a diff of -3.5 is
// -350 (each rounded to two places, half away from zero, before anything is added: Hundredths).
#ifndef SKAT_ENGINE_SEASON_SEASON_TABLE_H_
#define SKAT_ENGINE_SEASON_SEASON_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/scoring/fraction.h"

namespace skat::season {

enum class Aggregate { kSum, kAverage };

struct SeasonRules {
  Aggregate aggregate = Aggregate::kSum;
  int best_of = 0;         // only the n highest percentages count; 0: all
  int min_attendance = 0;  // fewer events played: unranked; 0 and 1: everyone ranked
};

// One event a person played: its index in the season's events (their order of adding), the
// percentage and the diff in hundredths.
struct EventResult {
  int event = 0;
  int64_t percentage = 0;
  int64_t diff = 0;
};

// A person's events, each event at most once.
struct PersonResults {
  std::string person;
  std::vector<EventResult> events;
};

struct SeasonRow {
  std::string person;
  int rank = 0;  // 1-based; 0 when unranked (below min_attendance)
  bool tied = false;
  int events_played = 0;
  std::vector<bool> counted;  // per entry of the person's events: counts toward the value
  int64_t counted_sum = 0;    // the counted percentages' sum, hundredths
  int counted_events = 0;
  int64_t value = 0;  // the season value shown, hundredths: the sum, or the average rounded
  int64_t diff = 0;   // the counted events' diffs summed, hundredths
};

// x rounded to two places, half away from zero, in hundredths: Hundredths(1/3) is 33,
// Hundredths(-0.125) is -13.
int64_t Hundredths(const scoring::Fraction& x);

// a / b rounded half away from zero. REQUIRES: b > 0.
int64_t DivideRounded(int64_t a, int64_t b);

// "54.17", "-3.50", "0.00": hundredths as decimal text with two places.
std::string HundredthsText(int64_t hundredths);

// The table: ranked persons first (by value, then diff, then a shared place: 1, 2, 2, 4), then
// the unranked (rank 0) in the same order; persons equal in all of it keep their input order.
// Of equal percentages the earlier event counts (best_of). The average is compared exactly
// (sum_a * count_b against sum_b * count_a); a person with no counted event has value 0.
std::vector<SeasonRow> RankSeason(const std::vector<PersonResults>& persons,
                                  const SeasonRules& rules);

}  // namespace skat::season

#endif  // SKAT_ENGINE_SEASON_SEASON_TABLE_H_
