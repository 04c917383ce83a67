// The classic Seeger-Fabian series list of one table, a "Serie" (docs/events-and-scoring.md 4.9
// "Seeger-Fabian series lists"; D57; jskat SkatConstants.getTournamentGameValue,
// PySkat backend/evaluation.py). Unlike the comparative board score (board_score.h, D30: +40 at
// every table), the list keeps the ISkO tournament constants: 40 at a 3-player table, 30 at a
// 4-player table.
#ifndef SKAT_ENGINE_SCORING_SERIES_LIST_H_
#define SKAT_ENGINE_SCORING_SERIES_LIST_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scoring/table_result.h"

namespace skat::scoring {

struct SeriesRow {
  int rank = 1;               // 1, 2, 3, ... (a lot leaves no shared place)
  std::string player;         // player id
  long long game_points = 0;  // sum of the declarer's pad entries (won +, lost - as the pad has
                              // them: already doubled where the profile doubles a loss)
  int won = 0;                // games won as declarer
  int lost = 0;               // games lost as declarer
  int opponents_lost = 0;     // games lost by another declarer at his table
  long long opponents_points = 0;  // 40 (3 players) or 30 (4 players) for each of them
  long long total = 0;             // game_points + 50 * (won - lost) + opponents_points
  bool lot = false;                // a lot decided this player's place against an equal neighbour
};

struct SeriesList {
  std::string table;  // table id
  int session = 1;
  int round = 1;
  bool four_players = false;    // a resting dealer sat at the table (in any of its results)
  std::vector<SeriesRow> rows;  // rank order
};

// The lot of the ISkO tie-break, a deterministic draw: FNV-1a 64 of seed + "\n" + player; the
// smaller number draws the better place. Re-running with the same seed (the service uses the
// event id) gives the same list.
uint64_t SeriesLot(std::string_view seed, std::string_view player);

// The list of one table from its results (every result is taken as the table's; the first one
// gives table, session and round). `players`: players listed even without a game (the table's
// seating; the results' players and resting dealers are added). Per declarer game: the declarer
// gets his pad entry and +50 when won, -50 when lost; when lost, every other player of that
// result, the resting dealer included, counts an opponents' lost game worth 40 at a 3-player
// table and 30 at a 4-player table (the result has a resting dealer). Passed-in and Ramsch boards
// score nothing, and a defender's own pad entry (RULES P2 charge) is not a game point. Ranking:
// higher total, then more games won, then fewer games lost, then the lot (SeriesLot).
SeriesList Serie(const std::vector<TableResult>& results, const std::vector<std::string>& players,
                 std::string_view seed);

// Serie per (session, table), in the order the tables first appear in `results`.
std::vector<SeriesList> SeriesLists(const std::vector<TableResult>& results, std::string_view seed);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_SERIES_LIST_H_
