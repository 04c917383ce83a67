// `skat arena` with outside programs: the match played through skatd (docs/arena.md "Through
// skatd"), every step an ordinary RPC as `skat match` makes them:
//   1. CreateEvent under the match's profile (a refusal for skatd's rate limit waited out,
//      services/cli/rate_limit_wait.h), CreateBoardSet of N boards (the server's secret seed
//      deals them);
//   2. one online table per seating (engine/players/duplicate.h Seatings), all N boards at each,
//      forehand fixed in chair 1 (OpenTableRequest.forehand_chair), so chair c holds direction
//      c on every board and seating s puts its players in chairs 1, 2, 3;
//   3. the engine players' seats played in this process (services/cli/seat/bot_driver.h PlaySeats,
//      one call per player with its policy), every outside player's seat by its own process
//      (services/cli/arena/arena_programs.h; logs in the output directory);
//   4. each table's games read back (TableService ListGames), replayed under the profile from
//      their deal numbers and acts, and filed by board and seating: the same SeatedGame lists
//      the in-process match makes;
//   5. the board set exported (DealService ExportBoardSet, the archive) as DIR/boards.txt, which
//      `skat arena --board-set` reads.
// An outside program that fails (exits non-zero, or exits before its table finished), a seat of
// this process that fails, or SIGINT/SIGTERM/SIGHUP: every program's process group is killed, the
// failing program's log tail printed, and the process ends at once (exit 1, or 130 after a
// signal): seats played by PlaySeats cannot be stopped halfway.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_SERVER_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_SERVER_H_

#include <string>

#include "services/cli/arena/arena_match.h"

namespace skat::cli {

struct ArenaServerOptions {
  std::string server;   // host:port
  std::string out_dir;  // exists; gets the programs' logs and boards.txt
  int boards = 100;
  bool quiet = false;
  int retry_for = 60;  // seconds, for the seats of this process and to wait to create the event
};

// Fills match.boards, match.deals, match.boards_from, match.how and match.seconds. Returns 0, or 1
// after printing the error to stderr (when no program had started yet; later failures end the
// process, see above).
int PlayThroughServer(const ArenaServerOptions& options, ArenaMatch& match);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_SERVER_H_
