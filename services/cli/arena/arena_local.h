// `skat arena` with engine players only: every board played in this process with
// PlayDuplicateBoard (engine/players/duplicate.h) on `jobs` threads, the results kept in board
// order, so that the output is a function of the seed and the boards alone (not of the threads).
// Board b (0-based) is played with the seed MixSeeds(match.seed, b).
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_LOCAL_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_LOCAL_H_

#include <string>
#include <vector>

#include "engine/board.h"
#include "services/cli/arena/arena_match.h"

namespace skat::cli {

// Fills match.boards, match.deals, match.how and match.seconds. Progress on stderr unless
// quiet. Returns "" or the error (an engine player's illegal act, naming it).
// REQUIRES: match.players are engine players, 2 or 3 of them; match.profile set; jobs >= 1;
// every board passes CheckBoard.
std::string PlayInProcess(const std::vector<Board>& boards, int jobs, bool quiet,
                          ArenaMatch& match);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_LOCAL_H_
