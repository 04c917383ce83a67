// The one validator every movement passes (docs/comparative.md "Movements"), whether generated,
// stored or typed in by a director. It reports every broken rule, not only the first, and the
// tables a director reads before play: each player's direction counts and who met whom.
//
// Errors, one per offence, each naming the rule and the round, table, board and player:
//   - chairs: a table has 3 or 4 chairs; forehand_chair is 0 or one of them;
//   - range: player indices in 0 .. players - 1 (or -1, an empty chair), board numbers in
//     1 .. boards, planned_tables has one entry per board;
//   - seated twice: a player sits at most once in a round;
//   - never seated: every player sits at least once;
//   - present twice: nobody is present at a board twice, as a direction or as the resting
//     dealer; the resting dealer of a 4-player table is present at that board ("Directions and
//     chairs"), so holding it before or after is its own message;
//   - results per board: every board is played at exactly planned_tables tables;
//   - directions: a player's forehand, middlehand and rearhand counts differ by at most 1;
//   - fields disconnected (see below).
// Warnings: two players of one club (A or B, not neutral) at one table; players compared in
// separate groups (see below).
//
// Manual movements (kind "manual", Manual in movement.h) record how a club actually sat, after
// the fact or typed in before play: seated twice, present twice, unbalanced directions and fields
// disconnected are warnings there, not errors, and each board played at one table only is warned
// of (no comparison). The structural rules (chairs, range, planned tables) stay errors.
//
// Connectivity. Two graphs over the seated players:
//   - the play graph links players who held the same direction of the same board (compared
//     directly) and players who sat at one table in one round (they play against each other:
//     under `settled` what one wins the others lose). More than one component means the event
//     splits into parts that never meet and are never compared, and no ranking across them means
//     anything: an ERROR ("fields disconnected").
//   - the comparison graph links only players who held the same direction of the same board at
//     different tables, over the players who hold at least one direction of a board played at
//     two or more tables. More than one component means, as in a bridge Mitchell, that each group
//     is ranked only against itself: a WARNING, since an event may intend it (the neutral players
//     of an inter-club match form their own field). Boards played at one table (a non-comparative
//     congress) carry no comparison and are left out.
#ifndef SKAT_ENGINE_MOVEMENT_VALIDATOR_H_
#define SKAT_ENGINE_MOVEMENT_VALIDATOR_H_

#include <array>
#include <string>
#include <vector>

#include "engine/movement/movement.h"

namespace skat::movement {

struct Validation {
  std::vector<std::string> errors;    // each names the rule, the round, table, board and player
  std::vector<std::string> warnings;  // clubmates at one table, separate comparison groups
  std::vector<std::array<int, 3>> direction_counts;  // per player: boards held as F, M, R
  std::vector<int> resting;                          // per player: boards rested as dealer
  std::vector<std::vector<int>> met;  // met[i][j]: rounds players i and j sat at one table
  int comparison_groups = 0;          // components of the comparison graph (0: no comparisons)

  bool ok() const { return errors.empty(); }
  // The errors, the warnings, each player's direction counts and the who-met-whom matrix as
  // text, players named as PlayerName(m, i). REQUIRES: *this came from Validate(m).
  std::string Print(const Movement& m) const;
};

// Checks m against every rule above. Never fails itself: a malformed movement yields errors.
Validation Validate(const Movement& m);

}  // namespace skat::movement

#endif  // SKAT_ENGINE_MOVEMENT_VALIDATOR_H_
