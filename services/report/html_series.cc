// The report's series.html: every table's Seeger-Fabian series list
// (docs/events-and-scoring.md 4.9), when the event's board score is seeger-fabian
// (services/cli/sheets/report_command.cc asks for it then).
#include <string>

#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
std::string SeriesPage(const Context& ctx, const v1::SeriesLists& lists) {
  std::string body =
      "<h2>Series lists</h2>\n<p>Seeger-Fabian, per table: game points as declarer + 50 \u00d7 "
      "(won \u2212 lost) + 40 for each game lost by another declarer at a 3-player table, 30 at a "
      "4-player table (to all three others). Ties: more games won, fewer games lost, then a lot "
      "(marked).</p>\n";
  if (lists.lists().empty()) {
    body += "<p>No tables yet.</p>\n";
    return Page(ctx, "series.html", "Series lists", body);
  }
  for (const v1::SeriesList& list : lists.lists()) {
    // The label names the round and table already ("round 1, table 2").
    const std::string where = list.table_label().empty() ? "round " + std::to_string(list.round()) +
                                                               ", " + TableName(list.table())
                                                         : list.table_label();
    body += "<h3>Session " + std::to_string(list.session()) + ", " + Escape(where) +
            "</h3>\n<p class=\"meta\">" +
            (list.four_players() ? "4 players, 30" : "3 players, 40") +
            " per opponents' lost game \u00b7 " + std::to_string(list.results()) +
            (list.results() == 1 ? " result" : " results") + "</p>\n";
    body += "<table class=\"fit series\">\n<thead><tr>" + Head("Rank", "n") + Head("Player") +
            Head("Points", "n") + Head("Won", "n") + Head("Lost", "n") +
            Head("Opp. lost", "n opt") + Head("Total", "n") + "</tr></thead>\n<tbody>\n";
    for (const v1::SeriesRow& r : list.rows()) {
      body += "<tr data-player=\"" + Escape(r.player()) + "\">" +
              Cell("Rank", std::to_string(r.rank()) + (r.lot() ? " (lot)" : ""), "n") +
              Cell("Player", PlayerLink(ctx, r.player(), r.display_name()), "name") +
              Cell("Points", Score(r.game_points()), "n") +
              Cell("Won", std::to_string(r.won()), "n") +
              Cell("Lost", std::to_string(r.lost()), "n") +
              Cell("Opp. lost", std::to_string(r.opponents_lost()), "n opt") +
              Cell("Total", Score(r.total()), "n") + "</tr>\n";
    }
    body += "</tbody>\n</table>\n";
  }
  return Page(ctx, "series.html", "Series lists", body);
}

}  // namespace skat::report::internal
