// The report's HTML pages: one self-contained HTML5 document each (inline CSS and SVG, no scripts,
// no external resources), every given text escaped. At 40rem and narrower the wide tables drop
// their optional columns (.opt) or stack each row as a card of labelled cells (table.stack), so a
// 375-pixel phone never scrolls sideways.
#include <ctime>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "services/report/html_internal.h"
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
p.lang { font-size: 0.85rem; margin: 0.2rem 0; }
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
.hand h3 { margin: 0 0 0.15rem 0; font-size: 0.9rem; }
.hand .line { font-size: 1.05rem; }
.sym, .card { font-family: "DejaVu Sans", "Noto Sans Symbols 2", "Segoe UI Symbol", sans-serif; }
.sym { display: inline-block; min-width: 1.2em; }
.h, .d { color: #c8102e; }
.c, .s { color: #111; }
.deck-four .s, .deck-german .s { color: #16722a; }
.deck-four .d { color: #b05a00; }
.deck-german .c { color: #5c3d0e; }
.deck-german .d { color: #8a5a00; }
.suit-word { font-weight: bold; }
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

std::string FormatTime(int64_t seconds) {
  if (seconds <= 0) return "";
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[40];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string BoardScoreName(const cli::Translator& tr, v1::BoardScore b) {
  switch (b) {
    case v1::BOARD_SCORE_PAD: return tr.Tr("board score pad");
    case v1::BOARD_SCORE_SEEGER_FABIAN: return tr.Tr("board score seeger-fabian");
    default: return tr.Tr("board score settled");
  }
}

std::string ComparisonName(const cli::Translator& tr, v1::Comparison c) {
  switch (c) {
    case v1::COMPARISON_DATUM: return tr.Tr("datum");
    case v1::COMPARISON_TOTAL: return tr.Tr("total");
    case v1::COMPARISON_SESSION_TOTAL: return tr.Tr("session-total");
    case v1::COMPARISON_SYNCHRON: return tr.Tr("synchron");
    default: return tr.Tr("matchpoints");
  }
}

// " · ranked by the matchpoint sum" when the ranking is not the comparison's own key
// (docs/comparative.md "Ranking"); "" otherwise, so that other events' pages stay as they were.
std::string RankingNote(const cli::Translator& tr, v1::Ranking r) {
  if (r == v1::RANKING_MATCHPOINT_SUM) return " \u00b7 " + tr.Tr("ranked by the matchpoint sum");
  if (r == v1::RANKING_TOTAL) return " \u00b7 " + tr.Tr("ranked by the total");
  return "";
}

// The name of each known language in itself, for the language links.
std::string LanguageName(std::string_view code) {
  if (code == "de") return "Deutsch";
  if (code == "en") return "English";
  return std::string(code);
}

// The links to `file` in the other known languages (RenderOptions::language_links).
std::string LanguageLinks(const Context& ctx, std::string_view file) {
  if (!ctx.options.language_links) return "";
  std::string out = "<p class=\"lang\">";
  for (const std::string& code : cli::KnownLanguages()) {
    if (code == ctx.tr.language()) continue;
    out += "<a href=\"" + std::string(file) + "?lang=" + code + "\" hreflang=\"" + code +
           "\" lang=\"" + code + "\">" + Escape(LanguageName(code)) + "</a> ";
  }
  return out + "</p>\n";
}

// The body's class for the event's deck (its suits' colours): " class=\"deck-four\"", "" for
// the French deck and for no deck known.
std::string DeckClass(std::string_view deck) {
  if (deck != "four" && deck != "german") return "";
  return " class=\"deck-" + std::string(deck) + "\"";
}

}  // namespace

std::string Score(int64_t score) {
  const std::string text = (score > 0 ? "+" : "") + std::to_string(score);
  if (score == 0) return text;
  return "<span class=\"" + std::string(score > 0 ? "pos" : "neg") + "\">" + text + "</span>";
}

std::string Context::Href(std::string_view file, std::string_view anchor) const {
  std::string out(file);
  if (options.language_links) out += "?lang=" + tr.language();
  return out + std::string(anchor);
}

std::string DiffHtml(const cli::Translator& tr, double diff) {
  const std::string text = tr.Decimal(Signed(diff));
  if (text == "0" || text == "-") return text;
  return "<span class=\"" + std::string(diff > 0 ? "pos" : "neg") + "\">" + text + "</span>";
}

std::string Rank(const v1::Standing& s) { return std::to_string(s.rank()) + (s.tied() ? "=" : ""); }

std::string Cell(std::string_view label, std::string_view html, std::string_view cls) {
  std::string out = "<td";
  if (!cls.empty()) out += " class=\"" + std::string(cls) + "\"";
  out += " data-label=\"" + Escape(label) + "\"><div>" + std::string(html) + "</div></td>";
  return out;
}

std::string Head(std::string_view label, std::string_view cls) {
  std::string out = "<th";
  if (!cls.empty()) out += " class=\"" + std::string(cls) + "\"";
  return out + ">" + Escape(label) + "</th>";
}

int SessionNumber(int session) { return session == 0 ? 1 : session; }

std::string BoardAnchor(int session, int board) {
  return "b" + std::to_string(SessionNumber(session)) + "-" + std::to_string(board);
}

std::string PlayerLink(const Context& ctx, std::string_view player, std::string_view name) {
  auto it = ctx.player_ids.find(std::string(player));
  if (it == ctx.player_ids.end()) return Escape(name);
  return "<a href=\"" + ctx.Href("players.html", "#p" + std::to_string(it->second)) + "\">" +
         Escape(name) + "</a>";
}

std::string PlayerCell(const Context& ctx, const v1::Standing& s) {
  std::string html = PlayerLink(ctx, s.player(), s.display_name());
  if (!s.club().empty()) html += "<span class=\"club\">" + Escape(s.club()) + "</span>";
  return Cell(ctx.tr.Tr("Player"), html, "name");
}

std::string Page(const Context& ctx, std::string_view file, std::string_view title,
                 std::string_view body) {
  const v1::Standings& st = ctx.data.standings;
  const cli::Translator& tr = ctx.tr;
  std::string out = "<!DOCTYPE html>\n<html lang=\"" + tr.language() +
                    "\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<title>" +
                    Escape(ctx.event) + " \u2013 " + Escape(title) + "</title>\n<style>" +
                    std::string(kStyle) + "</style>\n</head>\n<body" + DeckClass(st.deck()) +
                    ">\n<header>\n<h1 translate=\"no\">" + Escape(ctx.event) +
                    "</h1>\n<p class=\"meta\">" + tr.Tr("Comparative Skat") + " \u00b7 " +
                    BoardScoreName(tr, st.board_score()) + " \u00b7 " +
                    ComparisonName(tr, st.comparison()) + RankingNote(tr, st.ranking()) +
                    " \u00b7 " + tr.Tr("{0} of {1} results", st.results(), st.results_expected()) +
                    "</p>\n" + LanguageLinks(ctx, file) + "</header>\n<nav>";
  std::vector<std::pair<std::string, std::string>> links = {{"index.html", tr.Tr("Standings")},
                                                            {"boards.html", tr.Tr("Boards")},
                                                            {"players.html", tr.Tr("Players")}};
  if (ctx.data.team) links.emplace_back("team.html", tr.Tr("Team match"));
  if (ctx.data.prizes) links.emplace_back("prizes.html", tr.Tr("Prizes"));
  if (ctx.data.series) links.emplace_back("series.html", tr.Tr("Series lists"));
  for (const auto& [href, label] : links) {
    out += "<a href=\"" + ctx.Href(href) + "\"" + (href == file ? " class=\"here\"" : "") + ">" +
           Escape(label) + "</a>";
  }
  out += "</nav>\n<main>\n" + std::string(body) + "</main>\n<footer>";
  const std::string time = FormatTime(st.compute_time().seconds());
  if (!time.empty()) out += tr.Tr("Computed {0}.", time) + " ";
  // The files' names are names: never translated (docs/i18n.md).
  out += tr.Tr("The same data for a spreadsheet:") +
         " <a href=\"standings.csv\" translate=\"no\">standings.csv</a>, "
         "<a href=\"travellers.csv\" translate=\"no\">travellers.csv</a>, "
         "<a href=\"scorecards.csv\" translate=\"no\">scorecards.csv</a>";
  if (ctx.data.team) out += ", <a href=\"team.csv\" translate=\"no\">team.csv</a>";
  if (ctx.data.prizes) out += ", <a href=\"prizes.csv\" translate=\"no\">prizes.csv</a>";
  if (ctx.data.series) out += ", <a href=\"series.csv\" translate=\"no\">series.csv</a>";
  out += ".</footer>\n</body>\n</html>\n";
  return out;
}

std::vector<File> HtmlFiles(const ReportData& data, const RenderOptions& options) {
  Context ctx{data, options};
  ctx.event = data.standings.display_name().empty() ? data.standings.event()
                                                    : data.standings.display_name();
  if (ctx.event.empty()) ctx.event = ctx.tr.Tr("Event");
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
  if (data.series) files.push_back({"series.html", SeriesPage(ctx, *data.series)});
  return files;
}

}  // namespace skat::report::internal
