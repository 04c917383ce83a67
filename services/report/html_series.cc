// The report's series.html: every table's Seeger-Fabian series list
// (docs/events-and-scoring.md 4.9), when the event's board score is seeger-fabian
// (services/cli/sheets/report_command.cc asks for it then).
#include <string>

#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
std::string SeriesPage(const Context& ctx, const v1::SeriesLists& lists) {
  const cli::Translator& tr = ctx.tr;
  std::string body =
      "<h2>" + tr.Tr("Series lists") + "</h2>\n<p>" +
      tr.Tr(
          "Seeger-Fabian, per table: game points as declarer + 50 {0} (won {1} lost) + 40 "
          "for each game lost by another declarer at a 3-player table, 30 at a 4-player table "
          "(to all three others). Ties: more games won, fewer games lost, then a lot (marked).",
          "\u00d7", "\u2212") +
      "</p>\n";
  if (lists.lists().empty()) {
    body += "<p>" + tr.Tr("No tables yet.") + "</p>\n";
    return Page(ctx, "series.html", tr.Tr("Series lists"), body);
  }
  for (const v1::SeriesList& list : lists.lists()) {
    // The label names the round and table already ("round 1, table 2").
    const std::string where = list.table_label().empty()
                                  ? tr.Tr("round {0}, {1}", list.round(), TableName(list.table()))
                                  : list.table_label();
    body += "<h3>" + tr.Tr("Session {0}, {1}", list.session(), Escape(where)) +
            "</h3>\n<p class=\"meta\">" +
            (list.four_players() ? tr.Tr("4 players, 30 per opponents' lost game")
                                 : tr.Tr("3 players, 40 per opponents' lost game")) +
            " \u00b7 " + tr.TrN("{n} result", "{n} results", list.results()) + "</p>\n";
    body += "<table class=\"fit series\">\n<thead><tr>" + Head(tr.Tr("Rank"), "n") +
            Head(tr.Tr("Player")) + Head(tr.Tr("Points"), "n") + Head(tr.Tr("Won"), "n") +
            Head(tr.Tr("Lost"), "n") + Head(tr.Tr("Opp. lost"), "n opt") +
            Head(tr.Tr("Total"), "n") + "</tr></thead>\n<tbody>\n";
    for (const v1::SeriesRow& r : list.rows()) {
      body += "<tr data-player=\"" + Escape(r.player()) + "\">" +
              Cell(tr.Tr("Rank"),
                   std::to_string(r.rank()) + (r.lot() ? " (" + tr.Tr("lot") + ")" : ""), "n") +
              Cell(tr.Tr("Player"), PlayerLink(ctx, r.player(), r.display_name()), "name") +
              Cell(tr.Tr("Points"), Score(r.game_points()), "n") +
              Cell(tr.Tr("Won"), std::to_string(r.won()), "n") +
              Cell(tr.Tr("Lost"), std::to_string(r.lost()), "n") +
              Cell(tr.Tr("Opp. lost"), std::to_string(r.opponents_lost()), "n opt") +
              Cell(tr.Tr("Total"), Score(r.total()), "n") + "</tr>\n";
    }
    body += "</tbody>\n</table>\n";
  }
  return Page(ctx, "series.html", tr.Tr("Series lists"), body);
}

}  // namespace skat::report::internal
