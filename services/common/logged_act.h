// The checks of one row of a table's act log where the log is replayed: by the table service
// when it rebuilds a table (services/table/live_table.h Replay) and by an event archive's import
// (docs/event-archive.md "Validation"), so that both accept the same logs.
#ifndef SKAT_SERVICES_COMMON_LOGGED_ACT_H_
#define SKAT_SERVICES_COMMON_LOGGED_ACT_H_

#include <cstdint>
#include <functional>
#include <optional>

#include "engine/act.h"
#include "engine/board.h"
#include "services/store/records.h"

namespace skat::service {

// Where a table's replay stands.
struct ReplayPoint {
  int board_index = 0;    // the board in play (0-based place in the table's boards)
  int acts = 0;           // the acts of its game so far
  bool finished = false;  // every board of the table is finished
  int chairs = 3;
};

// The act `log` replays at `at`: in its place (the board in play, the next act index, a chair of
// the table, and for a seat's act a sequence number above the chair's `last_sequence`; the
// clock's and bots' acts have 0), read by the engine (ParseActLine), its seat the chair's
// direction on that board (`direction_of`, called only for a chair of the table). Otherwise
// kInvalidArgument: "out of order", the parser's message, or "chair and seat differ". The caller
// applies the act to the game (engine Game::Apply).
Result<Act> CheckLoggedAct(const store::LoggedActRecord& log, const ReplayPoint& at,
                           const std::function<int64_t(int chair)>& last_sequence,
                           const std::function<std::optional<Direction>(int chair)>& direction_of);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_LOGGED_ACT_H_
