// The scoring library's output: travellers, standings, the team match and notes.
#ifndef SKAT_ENGINE_SCORING_SCORESHEET_H_
#define SKAT_ENGINE_SCORING_SCORESHEET_H_

#include <array>
#include <map>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/scoring/fraction.h"
#include "engine/scoring/note.h"

namespace skat::scoring {

// One seat's line for one (board, direction, version).
struct TravellerRow {
  std::string table;
  std::string player;
  long long board_score = 0;  // the assigned score for an assigned seat; 0 for an artificial one
  Fraction matchpoints;       // on the 2-per-beaten scale, Neuberg-scaled to N
  Fraction top;               // 2(N-1); 0 when the board carries no matchpoints (N = 1)
  double diff = 0;            // board_score - datum (synchron: zero_sum - datum); 0 for an
                              // artificial seat
  Fraction diff_exact;        // the same, exact
  Fraction zero_sum;          // synchron: board_score - the mean of its table's real seats on
                              // the board (docs/comparative.md "Synchron-Skat"); else 0
  bool assigned = false, artificial = false;
  int artificial_percent = 0;
  int session = 1, round = 1;
  long long pad = 0;  // the seat's pad entry (RULES S1) at this table; 0 for a seat with no result
};

struct Traveller {
  int board = 1;
  Direction direction = Direction::kForehand;
  int version = 0;
  int planned = 0;   // N
  int results = 0;   // n: real results (assigned included, artificial seats not)
  double datum = 0;  // mean of the real results (synchron: of their zero-sum scores)
  Fraction datum_exact;
  std::vector<TravellerRow> rows;  // best first
};

struct Standing {
  std::string player, club;
  int boards = 0;  // (board, direction) comparisons the player took part in
  std::array<int, 3> direction_boards{};
  // Sums. matchpoints has the matchpoint penalties deducted (see penalty).
  Fraction matchpoints, top;
  // 100 * sum MP_N / sum 2(N-1); an artificial seat counts pct/100 * 2(N-1), i.e. its percentage
  // blended with the board's weight. Combined sessions: board-weighted (CombineSessions).
  double percentage = 0;
  Fraction ratio;   // percentage / 100, exact: the ranking key of matchpoint comparisons
  double diff = 0;  // sum diff (point penalties deducted under total / datum)
  Fraction diff_exact;
  long long total = 0;       // sum of board scores (point penalties deducted under total / datum)
  long long own_points = 0;  // sum of pad entries (fines excluded): the 1909 "own points"
  Fraction penalty;          // sum of the penalties deducted
  int rank = 1;
  bool tied = false;                          // shares its rank after the tie-break chain
  std::map<int, double> percentage_by_round;  // round -> percentage (for the report chart)
};

struct TeamLine {
  int board = 1;
  Direction direction = Direction::kForehand;
  long long club_a = 0, club_b = 0, net = 0;
};
struct TeamMatch {
  std::string club_a, club_b;
  std::vector<TeamLine> lines;  // by board, direction
  long long total_a = 0, total_b = 0, net = 0;
};

struct Scoresheet {
  std::vector<Traveller> travellers;                  // by board, direction, version
  std::vector<Standing> overall;                      // ranked
  std::array<std::vector<Standing>, 3> by_direction;  // ranked, per direction
  TeamMatch team;           // empty club names when club_of names fewer than 2 clubs
  std::vector<Note> notes;  // dropped boards, N = 1 boards, raised N, ...
};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_SCORESHEET_H_
