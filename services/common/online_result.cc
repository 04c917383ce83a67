#include "services/common/online_result.h"

#include "engine/game_result.h"

namespace skat::service {

store::ResultRecord OnlineResult(const store::TableRecord& table, int board_index,
                                 const Game& game) {
  store::ResultRecord r;
  r.event_id = table.event_id;
  r.table_id = table.id;
  r.board_index = board_index;
  r.board_number = table.boards[board_index];
  r.source = "online";
  r.game = game.result();
  r.pad.assign(game.result().pad.begin(), game.result().pad.end());
  if (table.chairs == 4) r.pad.push_back(0);  // the resting dealer writes nothing (RULES C3)
  r.summary = Describe(game.result());
  r.entered_by = "engine";
  r.confirmed_by = "engine";
  return r;
}

}  // namespace skat::service
