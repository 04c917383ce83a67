// What `skat arena` played (docs/arena.md), however it was played (in this process, or through
// skatd with outside programs): the players, the rules, and for every board the deal and its 6
// games under the seatings of engine/players/duplicate.h, in board order. The statistics, the
// printed summary, the CSV and the page are made from this alone, so both ways of playing give
// the same output.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_MATCH_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_MATCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/players/duplicate.h"
#include "engine/profile.h"
#include "engine/scoring/options.h"
#include "services/cli/arena/arena_players.h"

namespace skat::cli {

struct ArenaMatch {
  std::vector<ArenaPlayer> players;  // 2 or 3
  const Profile* profile = nullptr;
  scoring::BoardScoreKind board_score = scoring::BoardScoreKind::kPad;
  uint64_t seed = 1;
  std::string boards_from;      // "seed 1", "board set file F", "skatd's board set S"
  std::vector<uint64_t> deals;  // per board: its deal number
  std::vector<std::vector<SeatedGame>> boards;  // per board: its games, in Seatings() order
  // How it was played, for the timing line: "in-process on 2 threads", "through skatd at H:P".
  std::string how;
  double seconds = 0;  // wall time of the play
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_MATCH_H_
