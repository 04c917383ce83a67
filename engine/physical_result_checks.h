// The checks of a reported outcome from physical play (engine/physical_result.h) before it is
// scored, in two kinds:
//   - against itself (no board): a Ramsch's numbers (RULES N10, C1); a declarer game's
//     declaration, floor, the turned card it names, the matadors it states, card points, tricks,
//     level, concession and irregularities (RULES B2, G1, G2, N1-N12, P2, Section XI); a reported
//     Contra (000 §11, D71). What a seat's check may use (PreviewPhysicalResult).
//   - against the board (physical_board_checks.cc): the turned card is the board's and allows the
//     game, the matadors stated are those of the declarer's 12 cards, the card points fit the
//     skat (RULES G1, G2, C4, N1, N4). Only on entry (ScorePhysicalResult).
// Each returns kInvalidArgument naming the value and the rule (kNotAllowed for a Contra the
// profile does not have, kIllegalDeclaration for a game the profile lacks or the floor forbids).
// A refusal names only what the report itself says: never a card, a matador count or a point
// count of the board, which the reporter may not know (docs/tables.md "Refused reports").
// Internal to ScorePhysicalResult and PreviewPhysicalResult.
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

// How a reported end is valued: under a profile that settles giving up by the ISkO
// (isko_give_up; docs/rules-decisions.md D73, D74) either side's concession is that side giving
// the game up (GameEnd kDeclarerGaveUp, kDefendersGaveUp), as a concession is at an online table;
// elsewhere the end as reported.
GameEnd SettledEnd(const Profile& profile, GameEnd reported);

Status CheckRamsch(const Profile& profile, const ReportedOutcome& r);
Status CheckContra(const Profile& profile, const ReportedOutcome& r);

// Every check of a declarer game's report against itself; reads no card of any board.
Status CheckDeclarerReport(const Profile& profile, const ReportedOutcome& r);
// The checks of a declarer game's report against its board; fills *matadors (RULES N1, from the
// declarer's 12 cards) when the game has them. REQUIRES: CheckDeclarerReport(profile, r).ok().
Status CheckDeclarerOnBoard(const Board& board, const ReportedOutcome& r, Matadors* matadors);

}  // namespace skat::physical

#endif  // SKAT_ENGINE_PHYSICAL_RESULT_CHECKS_H_
