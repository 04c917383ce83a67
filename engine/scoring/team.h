// The team / inter-club score (docs/comparative.md "Team score"):
// per (board, direction), the sum of
// club A's board scores minus the sum of club B's; the match total is their sum.
#ifndef SKAT_ENGINE_SCORING_TEAM_H_
#define SKAT_ENGINE_SCORING_TEAM_H_

#include <map>
#include <string>
#include <vector>

#include "engine/scoring/scoresheet.h"

namespace skat::scoring {

// Club A and B are the first two clubs of `club_order` that have players in club_of (then any
// others in id order); with fewer than two clubs the match is empty, with more a note says that
// only A and B are scored. Artificial seats carry no board
// score and are left out; assigned scores count. Lines by board, direction (versions add up).
TeamMatch TeamScore(const std::vector<Traveller>& travellers,
                    const std::map<std::string, std::string>& club_of,
                    const std::vector<std::string>& club_order, std::vector<Note>& notes);

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_TEAM_H_
