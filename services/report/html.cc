// The report's HTML pages: one self-contained HTML5 document each (inline CSS and SVG, no scripts,
// no external resources), every given text escaped. At 40rem and narrower the wide tables drop
// their optional columns (.opt) or stack each row as a card of labelled cells (table.stack), so a
// 375-pixel phone never scrolls sideways.
#include <ctime>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

constexpr std::string_view kStyle = R"css(
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 64rem; padding: 0.75rem; color: #111; background: #fff;
       font-family: "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", Arial, sans-serif;
       font-size: 1rem; line-height: 1.35; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin: 0.2rem 0; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 0.4rem 0; padding-bottom: 0.15rem;
     border-bottom: 1px solid #bbb; }
h3 { font-size: 1rem; margin: 0.9rem 0 0.3rem 0; }
a { color: #0b57a4; }
nav { display: flex; flex-wrap: wrap; gap: 0.3rem 1.1rem; margin: 0.4rem 0 0.6rem 0;
      padding: 0.4rem 0; border-top: 2px solid #111; border-bottom: 2px solid #111; }
nav a { font-weight: bold; text-decoration: none; }
nav a.here { color: #111; text-decoration: underline; }
.meta { color: #555; font-size: 0.9rem; margin: 0.2rem 0; }
.notes { color: #7a4b00; font-size: 0.9rem; }
.club { display: block; color: #555; font-size: 0.85rem; }
.flag { color: #7a4b00; font-size: 0.85rem; }
.narrow { display: none; }
.game { color: #444; font-size: 0.85rem; }
table { border-collapse: collapse; width: 100%; margin: 0.3rem 0 0.8rem 0; }
th, td { padding: 0.25rem 0.4rem; text-align: left; vertical-align: top;
         border-bottom: 1px solid #ddd; overflow-wrap: anywhere; }
th { font-size: 0.85rem; color: #444; border-bottom: 2px solid #888; overflow-wrap: break-word; }
th.any { overflow-wrap: anywhere; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n { white-space: nowrap; }
tfoot td { font-weight: bold; border-top: 2px solid #888; }
.pos { color: #11652a; }
.neg { color: #a3121f; }
ul.links { display: flex; flex-wrap: wrap; gap: 0.2rem 0.9rem; padding: 0; list-style: none; }
ul.legend { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; padding: 0; list-style: none;
            font-size: 0.9rem; }
.swatch { display: inline-block; width: 1.6rem; height: 0; margin-right: 0.35rem;
          vertical-align: middle; border-top-width: 3px; }
svg.chart { display: block; width: 100%; height: auto; max-width: 42rem; margin: 0.3rem 0; }
svg .tick { font-size: 10px; fill: #555; font-family: "DejaVu Sans", Arial, sans-serif; }
svg .label { font-size: 12px; font-weight: bold; fill: #111;
             font-family: "DejaVu Sans", Arial, sans-serif; }
svg .grid { stroke: #ddd; stroke-width: 1; }
svg .grid.mid { stroke: #999; stroke-dasharray: 3 3; }
svg .axis { stroke: #999; stroke-width: 1; }
svg .zero { stroke: #ccc; stroke-width: 1; stroke-dasharray: 2 2; }
svg .datum { stroke: #c8102e; stroke-width: 2; }
svg .dot { fill: #1f77b4; fill-opacity: 0.8; stroke: #fff; stroke-width: 1; }
svg .dot.adjusted { fill: #fff; stroke: #1f77b4; stroke-width: 2; }
.hands { display: grid; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr));
         gap: 0.4rem 0.8rem; margin: 0.4rem 0; }
.hand { border: 1px solid #ccc; border-radius: 6px; padding: 0.3rem 0.5rem; }
.hand h4 { margin: 0 0 0.15rem 0; font-size: 0.9rem; }
.hand .line { font-size: 1.05rem; }
.sym, .card { font-family: "DejaVu Sans", "Noto Sans Symbols 2", "Segoe UI Symbol", sans-serif; }
.sym { display: inline-block; min-width: 1.2em; }
.h, .d { color: #c8102e; }
.c, .s { color: #111; }
.void { color: #888; }
.nowrap { white-space: nowrap; }
section.board, section.player { margin-bottom: 1.2rem; }
footer { margin-top: 1.5rem; padding-top: 0.4rem; border-top: 1px solid #bbb; color: #555;
         font-size: 0.85rem; }
@media (max-width: 40rem) {
  body { padding: 0.5rem; }
  th, td { padding: 0.25rem 0.2rem; }
  .opt, .wide { display: none; }
  span.narrow { display: inline; }
  .game.narrow { display: block; }
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr { display: block; width: 100%; }
  table.stack tr { border: 1px solid #ccc; border-radius: 6px; margin: 0 0 0.5rem 0;
                   padding: 0.2rem 0.45rem; }
  table.stack td { display: grid; grid-template-columns: 6.2rem minmax(0, 1fr); gap: 0.5rem;
                   border: 0; padding: 0.1rem 0; text-align: left; white-space: normal; }
  table.stack td::before { content: attr(data-label); color: #555; font-size: 0.85rem; }
}
@media print {
  nav { display: none; }
  section.board, section.player { break-inside: avoid; }
}
)css";

constexpr std::string_view kSuits[] = {"C", "S", "H", "D"};
constexpr std::string_view kSymbols[] = {"\u2663", "\u2660", "\u2665", "\u2666"};
constexpr std::string_view kRanks[] = {"A", "K", "Q", "J", "10", "9", "8", "7"};

int SuitIndex(std::string_view letter) {
  for (int i = 0; i < 4; ++i) {
    if (kSuits[i] == letter) return i;
  }
  return -1;
}

int RankIndex(std::string_view rank) {
  for (int i = 0; i < 8; ++i) {
    if (kRanks[i] == rank) return i;
  }
  return -1;
}

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

char Lower(std::string_view letter) { return static_cast<char>(letter[0] - 'A' + 'a'); }

std::string CardSpan(int suit, std::string_view card) {
  return "<span class=\"card " + std::string(1, Lower(kSuits[suit])) + "\" data-card=\"" +
         Escape(card) + "\">" + Escape(card.substr(2)) + "</span>";
}

std::string Symbol(int suit) {
  return "<span class=\"sym " + std::string(1, Lower(kSuits[suit])) + "\">" +
         std::string(kSymbols[suit]) + "</span>";
}

// Card text "H-10" split into suit and rank indexes; false when it is no card.
bool ParseCardText(std::string_view card, int& suit, int& rank) {
  if (card.size() < 3 || card[1] != '-') return false;
  suit = SuitIndex(card.substr(0, 1));
  rank = RankIndex(card.substr(2));
  return suit >= 0 && rank >= 0;
}

std::string Score(int64_t score) {
  const std::string text = (score > 0 ? "+" : "") + std::to_string(score);
  if (score == 0) return text;
  return "<span class=\"" + std::string(score > 0 ? "pos" : "neg") + "\">" + text + "</span>";
}

std::string DiffHtml(double diff) {
  const std::string text = Signed(diff);
  if (text == "0" || text == "-") return text;
  return "<span class=\"" + std::string(diff > 0 ? "pos" : "neg") + "\">" + text + "</span>";
}

std::string Rank(const v1::Standing& s) { return std::to_string(s.rank()) + (s.tied() ? "=" : ""); }

std::string FormatTime(int64_t seconds) {
  if (seconds <= 0) return "";
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[40];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string_view BoardScoreName(v1::BoardScore b) {
  switch (b) {
    case v1::BOARD_SCORE_PAD: return "pad";
    case v1::BOARD_SCORE_SEEGER_FABIAN: return "seeger-fabian";
    default: return "settled";
  }
}

std::string_view ComparisonName(v1::Comparison c) {
  switch (c) {
    case v1::COMPARISON_DATUM: return "datum";
    case v1::COMPARISON_TOTAL: return "total";
    case v1::COMPARISON_SESSION_TOTAL: return "session-total";
    default: return "matchpoints";
  }
}

// One table cell: its label (shown before the value when the row is stacked), the value's HTML and
// optional classes ("n" numeric, "opt" dropped on narrow screens).
std::string Cell(std::string_view label, std::string_view html, std::string_view cls = "") {
  std::string out = "<td";
  if (!cls.empty()) out += " class=\"" + std::string(cls) + "\"";
  out += " data-label=\"" + Escape(label) + "\"><div>" + std::string(html) + "</div></td>";
  return out;
}

std::string Head(std::string_view label, std::string_view cls = "") {
  std::string out = "<th";
  if (!cls.empty()) out += " class=\"" + std::string(cls) + "\"";
  return out + ">" + Escape(label) + "</th>";
}

// Session 0 in a request means session 1.
int SessionNumber(int session) { return session == 0 ? 1 : session; }

std::string BoardAnchor(int session, int board) {
  return "b" + std::to_string(SessionNumber(session)) + "-" + std::to_string(board);
}

struct Context {
  explicit Context(const ReportData& d) : data(d) {}
  const ReportData& data;
  std::string event;                      // the event's display name
  std::map<std::string, int> player_ids;  // player resource -> scorecard index
  std::set<std::pair<int, int>> open;     // (session, board) with an open traveller
  std::map<std::string, std::string> table_labels;
  bool sessions = false;  // more than one session in the travellers or scorecards
};

std::string PlayerLink(const Context& ctx, std::string_view player, std::string_view name) {
  auto it = ctx.player_ids.find(std::string(player));
  if (it == ctx.player_ids.end()) return Escape(name);
  return "<a href=\"players.html#p" + std::to_string(it->second) + "\">" + Escape(name) + "</a>";
}

std::string PlayerCell(const Context& ctx, const v1::Standing& s) {
  std::string html = PlayerLink(ctx, s.player(), s.display_name());
  if (!s.club().empty()) html += "<span class=\"club\">" + Escape(s.club()) + "</span>";
  return Cell("Player", html, "name");
}

std::string Page(const Context& ctx, std::string_view file, std::string_view title,
                 std::string_view body) {
  const v1::Standings& st = ctx.data.standings;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      Escape(ctx.event) + " \u2013 " + Escape(title) + "</title>\n<style>" + std::string(kStyle) +
      "</style>\n</head>\n<body>\n<header>\n<h1>" + Escape(ctx.event) +
      "</h1>\n<p class=\"meta\">" + "Comparative Skat \u00b7 board score " +
      std::string(BoardScoreName(st.board_score())) + " \u00b7 " +
      std::string(ComparisonName(st.comparison())) + " \u00b7 " + std::to_string(st.results()) +
      " of " + std::to_string(st.results_expected()) + " results</p>\n</header>\n<nav>";
  std::vector<std::pair<std::string, std::string>> links = {
      {"index.html", "Standings"}, {"boards.html", "Boards"}, {"players.html", "Players"}};
  if (ctx.data.team) links.emplace_back("team.html", "Team match");
  if (ctx.data.prizes) links.emplace_back("prizes.html", "Prizes");
  for (const auto& [href, label] : links) {
    out +=
        "<a href=\"" + href + "\"" + (href == file ? " class=\"here\"" : "") + ">" + label + "</a>";
  }
  out += "</nav>\n<main>\n" + std::string(body) + "</main>\n<footer>";
  const std::string time = FormatTime(st.compute_time().seconds());
  if (!time.empty()) out += "Computed " + time + ". ";
  out +=
      "The same data for a spreadsheet: <a href=\"standings.csv\">standings.csv</a>, "
      "<a href=\"travellers.csv\">travellers.csv</a>, "
      "<a href=\"scorecards.csv\">scorecards.csv</a>";
  if (ctx.data.team) out += ", <a href=\"team.csv\">team.csv</a>";
  if (ctx.data.prizes) out += ", <a href=\"prizes.csv\">prizes.csv</a>";
  out += ".</footer>\n</body>\n</html>\n";
  return out;
}

// ---------------------------------------------------------------------------------------------
// index.html

std::string StandingsTable(const Context& ctx,
                           const google::protobuf::RepeatedPtrField<v1::Standing>& standings,
                           bool full) {
  std::string out = "<table class=\"fit standings\">\n<thead><tr>" + Head("Rank", "n") +
                    Head("Player") + Head("Boards", "n opt");
  if (full) out += Head("F/M/R", "n opt");
  out += Head("MP", "n") + Head("Top", "n opt") + Head("%", "n") + Head("Diff", "n opt");
  if (full) out += Head("Total", "n opt") + Head("Own points", "n opt");
  out += "</tr></thead>\n<tbody>\n";
  for (const v1::Standing& s : standings) {
    out += "<tr data-player=\"" + Escape(s.player()) + "\">" + Cell("Rank", Rank(s), "n") +
           PlayerCell(ctx, s) + Cell("Boards", std::to_string(s.boards()), "n opt");
    if (full) {
      std::string fmr;
      for (int d = 0; d < s.direction_boards_size(); ++d) {
        fmr += (d ? "/" : "") + std::to_string(s.direction_boards(d));
      }
      out += Cell("F/M/R", fmr, "n opt");
    }
    out += Cell("MP", Escape(s.matchpoints()), "n") + Cell("Top", Escape(s.top()), "n opt") +
           Cell("%", Percent(s.percentage()), "n") + Cell("Diff", DiffHtml(s.diff()), "n opt");
    if (full) {
      out += Cell("Total", Score(s.total()), "n opt") +
             Cell("Own points", std::to_string(s.own_points()), "n opt");
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string IndexPage(const Context& ctx) {
  const v1::Standings& st = ctx.data.standings;
  std::string body = "<section class=\"standings\">\n<h2>Standings</h2>\n";
  if (!st.notes().empty()) {
    body += "<ul class=\"notes\">";
    for (const std::string& note : st.notes()) body += "<li>" + Escape(note) + "</li>";
    body += "</ul>\n";
  }
  if (st.overall().empty()) {
    body += "<p>No results yet.</p>\n";
  } else {
    body += StandingsTable(ctx, st.overall(), true);
  }
  body += "</section>\n";
  const std::string chart = RoundsChart(st);
  if (!chart.empty()) {
    body += "<section class=\"rounds\">\n<h2>Percentage by round</h2>\n" + chart +
            "\n<ul class=\"legend\">";
    int i = 0;
    for (const v1::Standing& s : st.overall()) {
      const std::string dash(SeriesDash(i));
      body += "<li><span class=\"swatch\" style=\"border-top-style:" +
              std::string(dash.empty()    ? "solid"
                          : dash == "6 3" ? "dashed"
                                          : "dotted") +
              ";border-top-color:" + std::string(SeriesColor(i)) + "\"></span>" +
              Escape(s.display_name()) + "</li>";
      ++i;
    }
    body += "</ul>\n</section>\n";
  }
  if (!st.by_direction().empty()) {
    body += "<section class=\"directions\">\n<h2>By direction</h2>\n";
    for (const v1::DirectionStandings& d : st.by_direction()) {
      body += "<h3>" + DirectionTitle(d.direction()) + "</h3>\n" +
              StandingsTable(ctx, d.standings(), false);
    }
    body += "</section>\n";
  }
  if (ctx.data.team) {
    const v1::TeamMatch& t = *ctx.data.team;
    body += "<section class=\"team-summary\">\n<h2>Team match</h2>\n<p>" + Escape(t.club_a()) +
            " " + std::to_string(t.total_a()) + " \u2013 " + Escape(t.club_b()) + " " +
            std::to_string(t.total_b()) + " (net " + Score(t.net()) +
            "). <a href=\"team.html\">Board by board</a></p>\n</section>\n";
  }
  return Page(ctx, "index.html", "Standings", body);
}

// ---------------------------------------------------------------------------------------------
// boards.html

std::string GameText(const v1::GameResult& r) {
  if (!r.summary().empty()) return Escape(r.summary());
  switch (r.kind()) {
    case v1::GameResult::KIND_PASSED_IN: return "passed in";
    case v1::GameResult::KIND_RAMSCH: return "Ramsch";
    case v1::GameResult::KIND_DECLARER_GAME:
      return std::string(DirectionName(r.declarer())) + (r.won() ? " won " : " lost ") +
             std::to_string(r.value());
    default: return "";
  }
}

std::string BoardsPage(const Context& ctx) {
  const auto& travellers = ctx.data.travellers;
  std::string body = "<h2>Boards</h2>\n";
  if (travellers.empty()) {
    body +=
        "<p>No traveller is open yet: a board's traveller opens when every table that plays it "
        "has finished it.</p>\n";
    return Page(ctx, "boards.html", "Boards", body);
  }
  body += "<ul class=\"links\">";
  for (const v1::Traveller& t : travellers) {
    body += "<li><a href=\"#" + BoardAnchor(t.session(), t.board()) + "\">" +
            (ctx.sessions ? std::to_string(t.session()) + "." : "") + std::to_string(t.board()) +
            "</a></li>";
  }
  body += "</ul>\n";
  for (const v1::Traveller& t : travellers) {
    body += "<section class=\"board\" id=\"" + BoardAnchor(t.session(), t.board()) +
            "\" data-board=\"" + std::to_string(t.board()) + "\">\n<h2>Board " +
            std::to_string(t.board()) +
            (ctx.sessions ? " <small>session " + std::to_string(t.session()) + "</small>" : "") +
            "</h2>\n<p class=\"meta\">Deal number " + std::to_string(t.deal_number()) +
            "</p>\n<div class=\"hands\">";
    for (int i = 0; i < t.hands_size() && i < 3; ++i) {
      body += "<div class=\"hand\" data-direction=\"" +
              std::string(DirectionName(static_cast<v1::Direction>(i + 1))) + "\"><h4>" +
              DirectionTitle(static_cast<v1::Direction>(i + 1)) + "</h4>" + HandHtml(t.hands(i)) +
              "</div>";
    }
    if (!t.skat().empty()) {
      body += "<div class=\"hand skat\"><h4>Skat</h4><div class=\"line\">" +
              CardsInlineHtml(t.skat()) + "</div></div>";
    }
    body += "</div>\n" + SpreadChart(t) + "\n";
    for (const v1::DirectionTraveller& d : t.directions()) {
      body += "<h3>" + DirectionTitle(d.direction()) +
              (d.version() > 0 ? " (version " + std::to_string(d.version()) + ")" : "") +
              " <span class=\"meta\">datum " + Signed(d.datum()) + " \u00b7 " +
              std::to_string(d.rows_size()) + " of " + std::to_string(d.planned()) +
              " tables</span></h3>\n<table class=\"fit traveller\" data-direction=\"" +
              std::string(DirectionName(d.direction())) + "\">\n<thead><tr>" + Head("Table") +
              Head("Player") + Head("Score", "n") + Head("MP", "n") + Head("Top", "n opt") +
              Head("Diff", "n") + Head("Game", "opt") + "</tr></thead>\n<tbody>\n";
      for (const v1::TravellerRow& row : d.rows()) {
        std::string player = PlayerLink(ctx, row.player(), row.display_name());
        if (row.assigned()) player += " <span class=\"flag\">(assigned)</span>";
        if (row.artificial()) player += " <span class=\"flag\">(artificial)</span>";
        player += "<span class=\"game narrow\">" + GameText(row.result()) + "</span>";
        body += "<tr data-player=\"" + Escape(row.player()) + "\">" +
                Cell("Table", Escape(TableName(row.table(), row.table_label()))) +
                Cell("Player", player, "name") + Cell("Score", Score(row.board_score()), "n") +
                Cell("MP", Escape(row.matchpoints()), "n") +
                Cell("Top", Escape(row.top()), "n opt") + Cell("Diff", DiffHtml(row.diff()), "n") +
                Cell("Game", GameText(row.result()), "opt") + "</tr>\n";
      }
      body += "</tbody>\n</table>\n";
    }
    body += "</section>\n";
  }
  return Page(ctx, "boards.html", "Boards", body);
}

// ---------------------------------------------------------------------------------------------
// players.html

std::string PlayersPage(const Context& ctx) {
  const auto& cards = ctx.data.scorecards;
  std::string body = "<h2>Players</h2>\n";
  if (cards.empty()) {
    body += "<p>No scorecards yet.</p>\n";
    return Page(ctx, "players.html", "Players", body);
  }
  body += "<ul class=\"links\">";
  for (size_t i = 0; i < cards.size(); ++i) {
    body += "<li><a href=\"#p" + std::to_string(i) + "\">" +
            Escape(cards[i].standing().display_name()) + "</a></li>";
  }
  body += "</ul>\n";
  for (size_t i = 0; i < cards.size(); ++i) {
    const v1::Scorecard& card = cards[i];
    const v1::Standing& s = card.standing();
    body += "<section class=\"player\" id=\"p" + std::to_string(i) + "\" data-player=\"" +
            Escape(s.player()) + "\">\n<h2>" + Escape(s.display_name()) +
            "</h2>\n<p class=\"meta\">";
    if (!s.club().empty()) body += Escape(s.club()) + " \u00b7 ";
    body += "rank " + Rank(s) + " \u00b7 " + Percent(s.percentage()) + "% \u00b7 " +
            Escape(s.matchpoints()) + " of " + Escape(s.top()) + " matchpoints \u00b7 " +
            std::to_string(s.boards()) + " boards \u00b7 diff " + Signed(s.diff()) +
            " \u00b7 total " + std::to_string(s.total()) + "</p>\n";
    body += "<table class=\"fit scorecard\">\n<thead><tr>";
    if (ctx.sessions) body += Head("Session", "n");
    body += Head("Round", "n") + Head("Board", "n") +
            "<th><span class=\"wide\">Direction</span><span class=\"narrow\">Dir.</span></th>" +
            Head("Table", "opt") + Head("Score", "n") + Head("MP", "n") + Head("Top", "n opt") +
            Head("Diff", "n") + Head("Game", "opt") + "</tr></thead>\n<tbody>\n";
    for (const v1::ScorecardRow& row : card.rows()) {
      std::string board = std::to_string(row.board());
      if (ctx.open.count({SessionNumber(row.session()), row.board()})) {
        board = "<a href=\"boards.html#" + BoardAnchor(row.session(), row.board()) + "\">" + board +
                "</a>";
      }
      auto label = ctx.table_labels.find(row.table());
      body += "<tr>";
      if (ctx.sessions) body += Cell("Session", std::to_string(row.session()), "n");
      body +=
          Cell("Round", std::to_string(row.round()), "n") + Cell("Board", board, "n") +
          Cell("Direction", "<span class=\"wide\">" + DirectionTitle(row.direction()) +
                                "</span><span class=\"narrow\">" +
                                std::string(DirectionLetter(row.direction())) + "</span>") +
          Cell("Table",
               Escape(TableName(row.table(), label == ctx.table_labels.end() ? "" : label->second)),
               "opt") +
          Cell("Score", Score(row.board_score()), "n") +
          Cell("MP", Escape(row.matchpoints()), "n") + Cell("Top", Escape(row.top()), "n opt") +
          Cell("Diff", DiffHtml(row.diff()), "n") + Cell("Game", Escape(row.summary()), "opt") +
          "</tr>\n";
    }
    body += "</tbody>\n</table>\n</section>\n";
  }
  return Page(ctx, "players.html", "Players", body);
}

// ---------------------------------------------------------------------------------------------
// team.html, prizes.html

std::string TeamPage(const Context& ctx, const v1::TeamMatch& t) {
  std::string body = "<h2>" + Escape(t.club_a()) + " v " + Escape(t.club_b()) + "</h2>\n<p>" +
                     "Per board and direction, the sum of club " + Escape(t.club_a()) +
                     "'s board scores less the sum of club " + Escape(t.club_b()) + "'s.</p>\n";
  body += "<table class=\"fit team\">\n<thead><tr>" + Head("Board", "n") + Head("Direction") +
          Head(t.club_a(), "n any") + Head(t.club_b(), "n any") + Head("Net", "n") +
          "</tr></thead>\n<tbody>\n";
  for (const v1::TeamLine& line : t.lines()) {
    body += "<tr>" + Cell("Board", std::to_string(line.board()), "n") +
            Cell("Direction", DirectionTitle(line.direction())) +
            Cell(t.club_a(), Score(line.club_a()), "n") +
            Cell(t.club_b(), Score(line.club_b()), "n") + Cell("Net", Score(line.net()), "n") +
            "</tr>\n";
  }
  body += "</tbody>\n<tfoot><tr>" + Cell("", "Total") + Cell("", "") +
          Cell(t.club_a(), Score(t.total_a()), "n") + Cell(t.club_b(), Score(t.total_b()), "n") +
          Cell("Net", Score(t.net()), "n") + "</tr></tfoot>\n</table>\n";
  return Page(ctx, "team.html", "Team match", body);
}

std::string PrizesPage(const Context& ctx, const v1::PrizeList& prizes) {
  std::string body = "<h2>Prizes</h2>\n";
  if (prizes.prizes().empty()) {
    body += "<p>No prizes yet.</p>\n";
    return Page(ctx, "prizes.html", "Prizes", body);
  }
  body += "<table class=\"stack prizes\">\n<thead><tr>" + Head("Sitting", "n") +
          Head("Place", "n") + Head("Prize") + Head("Player") + Head("Detail") +
          "</tr></thead>\n<tbody>\n";
  for (const v1::Prize& p : prizes.prizes()) {
    body += "<tr data-player=\"" + Escape(p.player()) + "\">" +
            Cell("Sitting", std::to_string(p.sitting()), "n") +
            Cell("Place", std::to_string(p.place()), "n") + Cell("Prize", Escape(p.category())) +
            Cell("Player", PlayerLink(ctx, p.player(), p.display_name()), "name") +
            Cell("Detail", Escape(p.detail())) + "</tr>\n";
  }
  body += "</tbody>\n</table>\n";
  return Page(ctx, "prizes.html", "Prizes", body);
}

}  // namespace

std::string HandHtml(std::string_view cards) {
  std::vector<std::string> suits[4];
  std::vector<std::string> other;
  for (const std::string& word : Words(cards)) {
    int suit = 0, rank = 0;
    if (ParseCardText(word, suit, rank)) {
      suits[suit].push_back(word);
    } else {
      other.push_back(word);
    }
  }
  std::string out;
  for (int s = 0; s < 4; ++s) {
    std::stable_sort(suits[s].begin(), suits[s].end(),
                     [](const std::string& a, const std::string& b) {
                       return RankIndex(std::string_view(a).substr(2)) <
                              RankIndex(std::string_view(b).substr(2));
                     });
    out += "<div class=\"line\">" + Symbol(s);
    if (suits[s].empty()) out += " <span class=\"void\">\u2014</span>";
    for (const std::string& card : suits[s]) out += " " + CardSpan(s, card);
    out += "</div>";
  }
  if (!other.empty()) {
    out += "<div class=\"line other\">";
    for (const std::string& word : other) out += Escape(word) + " ";
    out += "</div>";
  }
  return out;
}

std::string CardsInlineHtml(std::string_view cards) {
  std::string out;
  for (const std::string& word : Words(cards)) {
    if (!out.empty()) out += " ";
    int suit = 0, rank = 0;
    if (ParseCardText(word, suit, rank)) {
      out += "<span class=\"nowrap\">" + Symbol(suit) + CardSpan(suit, word) + "</span>";
    } else {
      out += Escape(word);
    }
  }
  return out;
}

std::vector<File> HtmlFiles(const ReportData& data) {
  Context ctx{data};
  ctx.event = data.standings.display_name().empty() ? data.standings.event()
                                                    : data.standings.display_name();
  if (ctx.event.empty()) ctx.event = "Event";
  std::set<int> sessions;
  for (size_t i = 0; i < data.scorecards.size(); ++i) {
    ctx.player_ids.emplace(data.scorecards[i].standing().player(), static_cast<int>(i));
    for (const v1::ScorecardRow& row : data.scorecards[i].rows()) {
      sessions.insert(SessionNumber(row.session()));
    }
  }
  for (const v1::Traveller& t : data.travellers) {
    ctx.open.insert({SessionNumber(t.session()), t.board()});
    sessions.insert(SessionNumber(t.session()));
    for (const v1::DirectionTraveller& d : t.directions()) {
      for (const v1::TravellerRow& row : d.rows()) {
        if (!row.table_label().empty()) ctx.table_labels[row.table()] = row.table_label();
      }
    }
  }
  ctx.sessions = sessions.size() > 1;
  std::vector<File> files;
  files.push_back({"index.html", IndexPage(ctx)});
  files.push_back({"boards.html", BoardsPage(ctx)});
  files.push_back({"players.html", PlayersPage(ctx)});
  if (data.team) files.push_back({"team.html", TeamPage(ctx, *data.team)});
  if (data.prizes) files.push_back({"prizes.html", PrizesPage(ctx, *data.prizes)});
  return files;
}

}  // namespace skat::report::internal
