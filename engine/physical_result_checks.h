// The checks of a reported outcome from physical play (engine/physical_result.h) against its
// board and against itself, before it is scored: a Ramsch's numbers (RULES N10, C1); a declarer
// game's declaration, floor, turned card, matadors, card points, tricks, level, concession and
// irregularities (RULES B2, G1, G2, N1-N12, P2, Section XI); a reported Contra (000 §11, D71).
// Each returns kInvalidArgument naming the value and the rule (kNotAllowed for a Contra the
// profile does not have). A refusal names only what the report itself says: never a card, a
// matador count or a point count of the board, which the reporter may not know (the cards of a
// board still in play elsewhere, docs/tables.md "Results from physical play"). Internal to
// ScorePhysicalResult.
#ifndef SKAT_ENGINE_PHYSICAL_RESULT_CHECKS_H_
#define SKAT_ENGINE_PHYSICAL_RESULT_CHECKS_H_

#include "engine/board.h"
#include "engine/physical_result.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "engine/value.h"

namespace skat::physical {

// The irregularities reported (RULES P2): a play error, wrong discards, a look at the skat, wrong
// card counts (all of them one).
int IrregularityCount(const ReportedOutcome& r);
// The level a declarer made with these final numbers (RULES N4).
Announcement Reached(const Profile& profile, int points, int tricks);

Status CheckRamsch(const Profile& profile, const ReportedOutcome& r);
Status CheckContra(const Profile& profile, const ReportedOutcome& r);
// Fills *matadors (RULES N1, from the declarer's 12 cards) when the game has them.
Status CheckDeclarerGame(const Profile& profile, const Board& board, const ReportedOutcome& r,
                         Matadors* matadors);

}  // namespace skat::physical

#endif  // SKAT_ENGINE_PHYSICAL_RESULT_CHECKS_H_
