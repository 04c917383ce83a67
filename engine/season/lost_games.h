// The games each player lost as declarer in an event (docs/seasons.md "Money": what loss fees are
// counted on), as the Seeger-Fabian series lists count them (engine/scoring/series_list.h): a
// declarer game lost, whether entered from physical play or played online. Passed-in boards and
// Ramsch are not declared games; a defender loses no game.
#ifndef SKAT_ENGINE_SEASON_LOST_GAMES_H_
#define SKAT_ENGINE_SEASON_LOST_GAMES_H_

#include <map>
#include <string>
#include <vector>

#include "engine/scoring/table_result.h"

namespace skat::season {

// Player id -> games lost as declarer over `results` (every session and table of an event);
// players without a lost game are absent.
std::map<std::string, int> LostGamesAsDeclarer(const std::vector<scoring::TableResult>& results);

}  // namespace skat::season

#endif  // SKAT_ENGINE_SEASON_LOST_GAMES_H_
