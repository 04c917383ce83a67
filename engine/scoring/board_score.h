// Layer 1 of scoring (docs/comparative.md "Board score of a seat"): the board score of one seat.
#ifndef SKAT_ENGINE_SCORING_BOARD_SCORE_H_
#define SKAT_ENGINE_SCORING_BOARD_SCORE_H_

#include "engine/board.h"
#include "engine/game_result.h"
#include "engine/scoring/options.h"

namespace skat::scoring {

// The board score of the seat holding direction d:
// - kPad: game.pad[d] (RULES S1).
// - kSettled: 3 * pad[d] - sum of the three pad entries (RULES S2 with k = 3 at every table, so
//   3- and 4-player tables compare; the resting dealer's share stays outside the comparison).
// - kSeegerFabian: the declarer pad[declarer] + 50 when won, pad[declarer] - 50 when lost (the
//   pad already holds the lost value doubled where the profile doubles it); each other seat its
//   pad entry (non-zero only for an erring defender's charge, RULES P2) plus 40 when the declarer
//   lost. Ramsch: the pad entry (the charge; no declarer, no bonus). Passed in: 0 for everyone.
long long BoardScore(BoardScoreKind kind, const GameResult& game, Direction d);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_BOARD_SCORE_H_
