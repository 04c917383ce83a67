// Layer 2 of scoring for one (board, direction, version) field (docs/comparative.md
// "Comparison across tables", "Synchron-Skat", "Director adjustments"): matchpoints with the
// Neuberg correction, datum, the synchron deviation, and the director's assigned
// and artificial scores. Penalties are applied later, on standings.
#ifndef SKAT_ENGINE_SCORING_COMPARISON_H_
#define SKAT_ENGINE_SCORING_COMPARISON_H_

#include <span>
#include <string>
#include <vector>

#include "engine/scoring/fraction.h"
#include "engine/scoring/options.h"
#include "engine/scoring/scoresheet.h"
#include "engine/scoring/table_result.h"
#include "engine/status.h"

namespace skat::scoring {

// Matchpoints of each score against the others: 2 per other score beaten, 1 per other score
// tied (top 2(n-1)). The sum over the field is n(n-1).
std::vector<Fraction> RawMatchpoints(std::span<const long long> scores);

// Neuberg in its scale-free form (docs/comparative.md "Comparison across tables"):
// MP_N = (MP_n + 1) * N / n - 1.
// REQUIRES: n >= 1, N >= 1. With n = N it is the identity; n = 1 gives N - 1 (50 %).
Fraction Neuberg(const Fraction& mp_n, int n, int N);

// Every (board, direction, version) field of the results with the adjustments of kind kAssigned
// and kArtificial applied, compared, rows best first, ordered by board, direction, version. Under
// kSynchron each row's zero_sum is set (its board score minus the mean of its table's real seats
// on the board and version) and the datum and diffs are taken of the zero-sum scores instead of
// the board scores: a row's diff is then its deviation.
// Appends a note (engine/scoring/note.h) for each dropped field (n = 0 and no artificial seat
// cannot occur; a field without real results is noted), each N = 1 field and each N raised to the
// seats present. Errors (kInvalidArgument): a board < 1, an empty player id, two results of one
// board at one table, an assigned or artificial score for a table without a result of that board
// and no player named, an artificial percentage outside 0..100.
Result<std::vector<Traveller>> CompareFields(const std::vector<TableResult>& results,
                                             const std::vector<Adjustment>& adjustments,
                                             const Options& options, std::vector<Note>& notes);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_COMPARISON_H_
