// Standings, team match, travellers and series lists as text for the terminal (`skat scores`,
// `skat match`): fixed-width columns, names cut to fit, exact matchpoints as given.
#ifndef SKAT_SERVICES_CLI_SHEETS_STANDINGS_PRINT_H_
#define SKAT_SERVICES_CLI_SHEETS_STANDINGS_PRINT_H_

#include <ostream>

#include "skat/v1/scoring_service.pb.h"

namespace skat::cli {

// Rank, player, club, percentage, matchpoints of top, diff (or total under `total`).
void PrintStandings(const v1::Standings& standings, std::ostream& out);
// Per prize "sitting 1, prize 3 (solo-without): Name - hearts solo without 2, level 3, own
// points 120", the category and the detail in the reader's language (docs/i18n.md "What the
// engine writes"); "not awarded" for a prize no player qualifies for.
void PrintPrizes(const v1::PrizeList& list, std::ostream& out);
// The club totals and the net, then per board and direction when `lines`.
void PrintTeamMatch(const v1::TeamMatch& team, bool lines, std::ostream& out);
// The hands, then per direction every table's line.
void PrintTraveller(const v1::Traveller& traveller, std::ostream& out);
// The Seeger-Fabian series lists (docs/events-and-scoring.md 4.9): per table "Session 1, round 2,
// table 3 (4 players, 30 per opponents' lost game), 4 results" (the table's label, else the round
// and the table's name), then rank, player, game points, won, lost, opponents' lost games, total;
// "(lot)" after a place a lot decided. "No tables." when there are none.
void PrintSeriesLists(const v1::SeriesLists& lists, std::ostream& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_STANDINGS_PRINT_H_
