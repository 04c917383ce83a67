// The open-hand analysis of a board for the ScoringService (docs/par.md): its par table
// under the event's profile, read from the store's cache or computed with the engine and cached
// (a par table is a function of deal number and profile), and each table's game of the board
// replayed from its act log and studied card by card. Physical results have no card play to
// study; they are listed with the reason.
#ifndef SKAT_SERVICES_SCORING_BOARD_ANALYSIS_H_
#define SKAT_SERVICES_SCORING_BOARD_ANALYSIS_H_

#include "engine/board.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/scoring_stores.h"
#include "services/scoring/solver_pool.h"
#include "skat/v1/analysis.pb.h"

namespace skat::service {

// The par table of `board` under `profile`: the cached one, or computed with a solver of
// `solvers` (waiting for one while all are lent, until `give_up`) and cached. Errors: the
// store's (kUnavailable), kUnavailable when the caller gave up waiting, kInternal for a cached
// entry that does not read back.
Result<v1::ParTable> CachedParTable(ScoringStores store, const Profile& profile, const Board& board,
                                    SolverPool& solvers, const SolverPool::GiveUp& give_up);

// The board's analysis in session `session` (0: the first) of the scored event, its solver
// work done with one solver of `solvers` at a time (as CachedParTable). The caller has checked
// that the traveller is open (D48): this shows every hand.
Status BoardAnalysisProto(ScoringStores store, const EventScores& scores, int session,
                          int board_number, const Board& board, SolverPool& solvers,
                          const SolverPool::GiveUp& give_up, v1::BoardAnalysis* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_BOARD_ANALYSIS_H_
