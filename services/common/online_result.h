// The result row of a game played out under the engine: an online table's game (the table
// service) or an imported one (the event service), recorded alike.
#ifndef SKAT_SERVICES_COMMON_ONLINE_RESULT_H_
#define SKAT_SERVICES_COMMON_ONLINE_RESULT_H_

#include "engine/game.h"
#include "services/store/records.h"

namespace skat::service {

// The result row of the finished `game` of board `board_index` of `table`: the game's result and
// pad entries (a fourth 0 for the resting dealer at a 4-chair table, RULES C3), source "online",
// entered and confirmed by "engine". REQUIRES: game.finished(), board_index < table.boards.size().
store::ResultRecord OnlineResult(const store::TableRecord& table, int board_index,
                                 const Game& game);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_ONLINE_RESULT_H_
