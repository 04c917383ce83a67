// Ranking (docs/comparative.md "Ranking"): by the event's ranking key, the comparison's own
// (percentage under matchpoint comparisons, total under total, sum of diffs under datum and
// synchron), the matchpoint sum or the total, then the event's tie-break chain (diff, recorded
// lot, shared place).
#ifndef SKAT_ENGINE_SCORING_RANKING_H_
#define SKAT_ENGINE_SCORING_RANKING_H_

#include <vector>

#include "engine/scoring/options.h"
#include "engine/scoring/scoresheet.h"

namespace skat::scoring {

// Sorts best first and sets rank and tied. The primary key under options.ranking kPercentage:
// ratio for kMatchpoints and kSessionTotal, total for kTotal, diff_exact for kDatum and
// kSynchron; under kMatchpointSum: matchpoints; under kTotal: total. Then options.tie_breaks in
// order: kDiff compares diff_exact, kLot the position in options.lot (players not in it after those
// in it), kShared stops the chain. Players still equal share the lowest rank (1, 2, 2, 4) with tied
// set; they are listed by player id.
// order, when not null, is a hint on the way in: positions in standings in their likely ranked
// order (the last ranking's, as the incremental sheet keeps it; positions out of range or
// repeated are passed over, those left out follow). Standings that come nearly in their order are
// sorted by insertion, in the time of their displacements; others by a full sort, after a bounded
// try. The outcome is the same either way (the order is total: player ids last). On the way out,
// (*order)[place] is the position in standings, as given, of the standing now at place.
void Rank(std::vector<Standing>& standings, ComparisonKind comparison, const Options& options,
          std::vector<size_t>* order = nullptr);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_RANKING_H_
