// The session-total comparison (docs/comparative.md "Session totals", the BSA's practice): when
// every table of a session plays the same boards in the same chair order, each chair's session
// total is compared with the same chair at the other tables.
#ifndef SKAT_ENGINE_SCORING_SESSION_TOTAL_H_
#define SKAT_ENGINE_SCORING_SESSION_TOTAL_H_

#include <string>
#include <vector>

#include "engine/scoring/scoresheet.h"

namespace skat::scoring {

// A chair's session total as the player wrote it down (the BSA's Duplikat Skat on paper: one
// total per chair and session, no board results). Totals of one session with the same `chair`
// key are the same chair at different tables and are compared with each other.
struct ChairTotal {
  int session = 1;
  std::string table;
  std::string chair;  // the comparison key, e.g. "boards 1-18, forehand rotating, chair 2"
  std::string player;
  long long total = 0;
  int boards = 0;  // the boards the table played: the player's board count
};

// A player's chair in a session is the set of (board, direction) pairs he held in it: players in
// the same chair at tables playing the same boards in the same chair order hold the same
// directions of the same boards, so equal sets are the same chair (no chair numbers needed, and
// the condition checks itself). Chair totals (above) are chairs of their own, keyed by `chair`.
// Within each chair: 2 matchpoints per other player's total beaten, 1 per tie, top 2(m-1) for m
// players; diff = total - mean of the chair's totals. An artificial seat counts 0 toward the
// total. Replaces matchpoints, top and diff_exact of every standing by the sums over sessions
// (adding a standing for a player who has only chair totals, with their boards and totals) and
// clears percentage_by_round. Notes each chair held at fewer tables than the session has (the
// boards or chair order differ) and each chair of one player (no matchpoints).
void CompareSessionTotals(const std::vector<Traveller>& travellers,
                          const std::vector<ChairTotal>& chair_totals,
                          std::vector<Standing>& standings, std::vector<Note>& notes);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_SESSION_TOTAL_H_
