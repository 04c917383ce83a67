// An event's report as static files (docs/comparative.md "Information during an event"):
// what skatd's
// ScoringService answers, rendered for a phone or a printer and for a spreadsheet.
//   index.html    standings (overall and per direction) and a chart of each player's percentage
//                 by round;
//   boards.html   the open travellers: each board's hands (suit symbols), its par table and par
//                 contract (when analysed, docs/par.md), every table's result per direction with
//                 the card points that direction's side lost against open-hand play, and a dot
//                 strip of the results per direction;
//   players.html  each player's scorecard;
//   team.html     club against club (when there is a team match);
//   prizes.html   the 1909 prize list (when there is one);
//   series.html   every table's Seeger-Fabian series list (when given: seeger-fabian events);
//   standings.csv, travellers.csv, scorecards.csv, team.csv, prizes.csv, series.csv: the same
//                 data, one file per section (team, prizes and series only with their section).
//
// Pure functions, no I/O. The HTML is self-contained (inline CSS and SVG, no scripts, no external
// resources), escapes every text it is given, and never needs horizontal scrolling at 375 CSS px:
// wide tables drop columns or stack their cells on narrow screens. Matchpoints and tops are shown
// exactly as given. CSV follows RFC 4180 (header row, CRLF, fields quoted when they hold a comma,
// quote, CR or LF); numbers are written so they read back exactly, and text a spreadsheet would
// run as a formula (a name starting with =, +, -, @, ...) gets a ' in front
// (services/common/csv.h).
#ifndef SKAT_SERVICES_REPORT_REPORT_H_
#define SKAT_SERVICES_REPORT_REPORT_H_

#include <optional>
#include <string>
#include <vector>

#include "services/cli/i18n/tr.h"
#include "skat/v1/analysis.pb.h"
#include "skat/v1/scoring_service.pb.h"

namespace skat::report {

struct ReportData {
  v1::Standings standings;                // overall (session 0)
  std::vector<v1::Traveller> travellers;  // boards whose traveller is open
  // The open boards' analyses (GetBoardAnalysis), matched to travellers by session and board;
  // empty when the report is written without analysis.
  std::vector<v1::BoardAnalysis> analyses;
  std::vector<v1::Scorecard> scorecards;  // one per player
  std::optional<v1::TeamMatch> team;      // inter-club events
  std::optional<v1::PrizeList> prizes;
  std::optional<v1::SeriesLists> series;  // seeger-fabian events
};

struct File {
  std::string path;  // relative to the output directory, e.g. "index.html"
  std::string content;
};

// How the pages are written (docs/i18n.md "The result pages").
struct RenderOptions {
  // The language of every text a reader reads in the HTML pages (<html lang> too); the CSV
  // files stay English whatever it is: their column heads are data for programs.
  cli::Language language = cli::kEnglish;
  // A link to each known language on every page ("Deutsch", "English"): the same page with
  // ?lang=CODE, for a server that chooses the language by that query (skatd's /report/ pages).
  bool language_links = false;
};

// Every file of the report, index.html first.
std::vector<File> Render(const ReportData& data, const RenderOptions& options = {});

}  // namespace skat::report

#endif  // SKAT_SERVICES_REPORT_REPORT_H_
