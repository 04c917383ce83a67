// Scoring an event or a session end to end (docs/comparative.md "Scoring, in two layers"): fields,
// standings, penalties, ranking, the team match; and combining sessions.
#ifndef SKAT_ENGINE_SCORING_STANDINGS_H_
#define SKAT_ENGINE_SCORING_STANDINGS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/scoring/options.h"
#include "engine/scoring/scoresheet.h"
#include "engine/scoring/session_total.h"
#include "engine/scoring/table_result.h"
#include "engine/status.h"

namespace skat::scoring {

// Scores the results. Penalties (Adjustment::Kind::kPenalty) are deducted after the comparison:
// from matchpoints under kMatchpoints and kSessionTotal, from total and diff (points) under kTotal,
// kDatum and kSynchron; a penalty names its player, or the seat (board, table, direction) whose
// player it is. by_direction always compares board by board (kSessionTotal ranks them as
// kMatchpoints). Under kSessionTotal, chair_totals are compared with the chairs of the results
// (session_total.h); other comparisons ignore them.
// Ranked by options.ranking (ranking.h). Errors: those of CompareFields and of CheckRanking
// (a ranking key that does not fit the comparison); kInvalidArgument for a penalty whose player
// has no result.
Result<Scoresheet> Score(const std::vector<TableResult>& results,
                         const std::vector<Adjustment>& adjustments, const Options& options,
                         const std::vector<ChairTotal>& chair_totals = {});

// The standings of the travellers' rows, all directions (direction nullopt) or one. Not ranked;
// percentage, ratio and diff are set from the sums.
std::vector<Standing> Accumulate(const std::vector<Traveller>& travellers,
                                 std::optional<Direction> direction, const Options& options);

// Sets percentage, ratio and diff from matchpoints, top and diff_exact.
void Finish(Standing& standing);

// Deducts the procedural penalty `a` from `player`'s standing in `index` (docs/comparative.md
// "Procedural penalties": from the matchpoints where the comparison gives matchpoints, else from
// the total and the exact difference). kInvalidArgument when the player has no standing.
Status DeductPenalty(const std::map<std::string, Standing*>& index, const std::string& player,
                     const Adjustment& a, ComparisonKind comparison);

// Combines the standings of sessions (docs/comparative.md "Combining sessions": by
// board-weighted percentage):
// ratio = sum(ratio_s * boards_s) / sum(boards_s); the sums (matchpoints, top, total, diff,
// own points, boards, penalties) add; rounds of later sessions are numbered on after the
// earlier ones' last round. Ranked by options.comparison.
std::vector<Standing> CombineSessions(const std::vector<std::vector<Standing>>& sessions,
                                      const Options& options);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_STANDINGS_H_
