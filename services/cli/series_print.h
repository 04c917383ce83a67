// The Seeger-Fabian series lists as text for the terminal (`skat scores series`; issue 8): per
// table a header, then one line per player in rank order with the list's columns.
#ifndef SKAT_SERVICES_CLI_SERIES_PRINT_H_
#define SKAT_SERVICES_CLI_SERIES_PRINT_H_

#include <ostream>

#include "skat/v1/scoring_service.pb.h"

namespace skat::cli {

// "Session 1, round 2, table 3 (4 players, 30 per opponents' lost game), 4 results" (the
// table's label, else the round and the table's name), then
// rank, player, game points, won, lost, opponents' lost games, total; "(lot)" after a place a
// lot decided. "No tables." when there are none.
void PrintSeriesLists(const v1::SeriesLists& lists, std::ostream& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SERIES_PRINT_H_
