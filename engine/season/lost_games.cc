#include "engine/season/lost_games.h"

#include "engine/scoring/series_list.h"

namespace skat::season {

std::map<std::string, int> LostGamesAsDeclarer(const std::vector<scoring::TableResult>& results) {
  std::map<std::string, int> lost;
  // The lot's seed decides only places within a list, never the counts.
  for (const scoring::SeriesList& list : scoring::SeriesLists(results, "")) {
    for (const scoring::SeriesRow& row : list.rows) {
      if (row.lost > 0) lost[row.player] += row.lost;
    }
  }
  return lost;
}

}  // namespace skat::season
