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
};
// Steps after the primary key and the order they apply in (docs/comparative.md "Ranking").
enum class TieBreak { kDiff, kLot, kShared };  // "diff", "lot", "shared"

const char* Name(BoardScoreKind kind);
const char* Name(ComparisonKind kind);
const char* Name(TieBreak tie_break);
// Each returns kInvalidArgument naming the unknown word.
Result<BoardScoreKind> ParseBoardScoreKind(std::string_view name);
Result<ComparisonKind> ParseComparisonKind(std::string_view name);
Result<TieBreak> ParseTieBreak(std::string_view name);

struct Options {
  BoardScoreKind board_score = BoardScoreKind::kSettled;
  ComparisonKind comparison = ComparisonKind::kMatchpoints;
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
