// How an event scores (docs/comparative.md "Scoring, in two layers"):
// the board score of a seat, the
// comparison across tables, the tie-break chain, and the names the API and CLI use for them.
#ifndef SKAT_ENGINE_SCORING_OPTIONS_H_
#define SKAT_ENGINE_SCORING_OPTIONS_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::scoring {

// Layer 1: the board score of one seat at one table.
enum class BoardScoreKind { kPad, kSettled, kSeegerFabian };  // "pad", "settled", "seeger-fabian"
// Layer 2: how board scores compare across tables.
enum class ComparisonKind {
  kMatchpoints,   // "matchpoints"
  kDatum,         // "datum"
  kTotal,         // "total"
  kSessionTotal,  // "session-total"
  kSynchron,      // "synchron": the German Synchron-Skat evaluation (docs/comparative.md
                  // "Synchron-Skat")
};
// The standings' primary key (docs/comparative.md "Ranking"). kPercentage is the comparison's
// own key: the percentage under kMatchpoints and kSessionTotal, the sum of diffs under kDatum and
// kSynchron, the total under kTotal.
enum class RankingKey {
  kPercentage,     // "percentage"
  kMatchpointSum,  // "matchpoint-sum": the sum of matchpoints (players who missed rounds)
  kTotal,          // "total": the sum of board scores
};
// Steps after the primary key and the order they apply in (docs/comparative.md "Ranking").
enum class TieBreak { kDiff, kLot, kShared };  // "diff", "lot", "shared"

const char* Name(BoardScoreKind kind);
const char* Name(ComparisonKind kind);
const char* Name(TieBreak tie_break);
const char* Name(RankingKey ranking);
// Each returns kInvalidArgument naming the unknown word.
Result<BoardScoreKind> ParseBoardScoreKind(std::string_view name);
Result<ComparisonKind> ParseComparisonKind(std::string_view name);
Result<TieBreak> ParseTieBreak(std::string_view name);
Result<RankingKey> ParseRankingKey(std::string_view name);

// Whether `ranking` fits `comparison` (docs/comparative.md "Ranking"): a ranking key is counted in
// the comparison's unit, in which penalties are deducted too. kPercentage fits every comparison,
// kMatchpointSum the matchpoint comparisons (kMatchpoints, kSessionTotal), kTotal the point
// comparisons (kTotal, kDatum, kSynchron). kInvalidArgument naming both and the rule otherwise.
Status CheckRanking(ComparisonKind comparison, RankingKey ranking);

struct Options {
  BoardScoreKind board_score = BoardScoreKind::kSettled;
  ComparisonKind comparison = ComparisonKind::kMatchpoints;
  RankingKey ranking = RankingKey::kPercentage;  // must fit comparison (CheckRanking)
  std::map<int, int> planned;  // board number -> N (tables planned to play it); absent: the seats
                               // present in the field (results and artificial seats)
  std::vector<TieBreak> tie_breaks = {TieBreak::kDiff, TieBreak::kShared};
  std::vector<std::string> lot;                // recorded lot order (player ids) for kLot
  std::map<std::string, std::string> club_of;  // player id -> club id; absent = no club
  std::vector<std::string> club_order;         // club ids: the first two are the team match's
                                               // A and B (absent: id order)
};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_OPTIONS_H_
