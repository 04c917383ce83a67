// Shared by the report's HTML pages (html.cc, html_standings.cc, html_boards.cc): what every page
// knows about the event, the table cells and the page frame.
#ifndef SKAT_SERVICES_REPORT_HTML_INTERNAL_H_
#define SKAT_SERVICES_REPORT_HTML_INTERNAL_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "services/report/report.h"

namespace skat::report::internal {

struct Context {
  Context(const ReportData& d, const RenderOptions& o) : data(d), tr(o.language), options(o) {}
  const ReportData& data;
  cli::Translator tr;  // every text a reader reads: tr.Tr("Standings")
  const RenderOptions& options;
  std::string event;                      // the event's display name
  std::map<std::string, int> player_ids;  // player resource -> scorecard index
  std::set<std::pair<int, int>> open;     // (session, board) with an open traveller
  std::map<std::string, std::string> table_labels;
  bool sessions = false;  // more than one session in the travellers or scorecards

  // The address of another page of the report: `file` and its `anchor` ("#p3"), with the page's
  // language kept (?lang=) where skatd serves the pages (RenderOptions::language_links).
  std::string Href(std::string_view file, std::string_view anchor = "") const;
};

// "+60" green, "-120" red, "0" plain.
std::string Score(int64_t score);
// Signed(diff), green or red.
std::string DiffHtml(const cli::Translator& tr, double diff);
// "2", or "2=" when tied.
std::string Rank(const v1::Standing& s);

// One table cell: its label (shown before the value when the row is stacked), the value's HTML and
// optional classes ("n" numeric, "opt" dropped on narrow screens).
std::string Cell(std::string_view label, std::string_view html, std::string_view cls = "");
// One column head.
std::string Head(std::string_view label, std::string_view cls = "");

// Session 0 in a request means session 1.
int SessionNumber(int session);
// The id of a board's section on boards.html: "b1-3".
std::string BoardAnchor(int session, int board);

// The player's name linked to their scorecard on players.html (plain when they have none).
std::string PlayerLink(const Context& ctx, std::string_view player, std::string_view name);
// The standings' player cell: the linked name and the club.
std::string PlayerCell(const Context& ctx, const v1::Standing& s);

// The whole document `file`: head with the style, the event's header, the navigation, `body` and
// the footer with the CSV links.
std::string Page(const Context& ctx, std::string_view file, std::string_view title,
                 std::string_view body);

// The pages (html_standings.cc, html_boards.cc).
std::string IndexPage(const Context& ctx);
std::string TeamPage(const Context& ctx, const v1::TeamMatch& t);
std::string PrizesPage(const Context& ctx, const v1::PrizeList& prizes);
std::string SeriesPage(const Context& ctx, const v1::SeriesLists& lists);  // html_series.cc
std::string BoardsPage(const Context& ctx);
std::string PlayersPage(const Context& ctx);

}  // namespace skat::report::internal

#endif  // SKAT_SERVICES_REPORT_HTML_INTERNAL_H_
