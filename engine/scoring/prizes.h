// The 1909 congress prize list (docs/comparative.md "Congress prizes"; the 1909 booklet's
// Section XII; docs/rules-decisions.md D41, D42), per sitting.
#ifndef SKAT_ENGINE_SCORING_PRIZES_H_
#define SKAT_ENGINE_SCORING_PRIZES_H_

#include <string>
#include <vector>

#include "engine/scoring/table_result.h"

namespace skat::scoring {

struct Prize {
  int place = 1;         // prize number within the sitting, from 1
  std::string category;  // "net-games", "own-points", "solo-without", "highest-game",
                         // "tournee-without"
  std::string player;    // "" when no player qualifies (no such game won in the sitting)
  std::string detail;    // "net games 3 (won 4, lost 1), own points 120"
  // The detail in structured form: a code of engine/scoring/note.h ("prize-net-games", ...,
  // "prize-none") and its arguments (docs/i18n.md "What the engine writes").
  std::string detail_code;
  std::vector<std::string> detail_args;
  int sitting = 1;  // from 1, in the order given
};

// Prize k of a sitting uses category ((k - 1) mod 7) + 1 (T13: more than seven repeat the order):
// 1 most games won less lost, tie most own points; 2 most own points, tie net games; 3 a Solo
// (hand game, suit or Grand, Grand Ouvert included; not Null) won without the most matadors,
// ties suit rank Grand > clubs > spades > hearts > diamonds, then the level counted, then own
// points; 4 and 5 as 1 and 2; 6 the highest single game won (its value), tie own points; 7 a
// Tournee (Tournee or Passt mir nicht; the Guckser excluded, Z4) won without the most matadors,
// ranked as 3. "Own points" is the sitting's pad total (RULES S1) with Ramsch charges (fines
// are never in the pad); Ramsch and passed-in boards are never games won or lost. Each prize goes
// to the best player of its category not yet awarded in any earlier prize or sitting (T14);
// players equal on every key are taken by player id. Sittings are awarded in order.
std::vector<Prize> PrizeList(const std::vector<std::vector<TableResult>>& sittings,
                             int prizes_per_sitting);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_PRIZES_H_
