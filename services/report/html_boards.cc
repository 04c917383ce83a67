// The report's travellers with the hands (boards.html) and the players' scorecards
// (players.html).
#include <optional>
#include <string>

#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

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

std::string SignedValue(int value) { return (value > 0 ? "+" : "") + std::to_string(value); }

// The par table (docs/par.md) under the hands: the par contract in the summary line, every row
// in a table of four columns (fits 375 px).
std::string ParHtml(const v1::ParTable& par) {
  std::string contract = "all pass (no seat secures a win)";
  if (par.par_row() >= 0 && par.par_row() < par.rows_size()) {
    const v1::ParRow& r = par.rows(par.par_row());
    contract = DirectionTitle(r.declarer()) + ": " + Escape(ParGame(r)) + " \u2014 " +
               Escape(r.outcome()) + ", " + SignedValue(r.value());
  }
  std::string html =
      "<details class=\"par\"><summary>Par (open hands): <b class=\"par-contract\">" + contract +
      "</b></summary>\n<table class=\"fit par\">\n<thead><tr>" + Head("Seat") + Head("Game") +
      Head("Outcome") + Head("Value", "n") + "</tr></thead>\n<tbody>\n";
  for (int i = 0; i < par.rows_size(); ++i) {
    const v1::ParRow& r = par.rows(i);
    html += std::string("<tr") + (i == par.par_row() ? " class=\"par-row\"" : "") + ">" +
            Cell("Seat", std::string(DirectionLetter(r.declarer()))) +
            Cell("Game", Escape(ParGame(r))) + Cell("Outcome", Escape(r.outcome())) +
            Cell("Value", Score(r.value()), "n") + "</tr>\n";
  }
  html +=
      "</tbody>\n</table>\n<p class=\"meta\">Each seat as declarer in each game, every hand "
      "open, bids aside; the best discard or announcement.";
  for (const std::string& game : par.not_analysed()) html += " Not analysed: " + Escape(game) + ".";
  return html + "</p></details>\n";
}

// What each table's play lost against open-hand play, one line per table.
std::string PlayHtml(const v1::BoardAnalysis& a) {
  std::string html = "<h3>Play against open hands</h3>\n<ul class=\"play\">\n";
  for (const v1::GameAnalysis& g : a.games()) {
    html += "<li data-table=\"" + Escape(g.table()) + "\"><b>" +
            Escape(TableName(g.table(), g.table_label())) + "</b>: ";
    if (!g.studied()) {
      html += Escape(g.reason()) + "</li>\n";
      continue;
    }
    html += Escape(g.game()) + " by " + std::string(DirectionName(g.declarer())) + ": open-hand " +
            std::to_string(g.open_points()) + " (" + Escape(g.open_outcome()) + "), reached " +
            std::to_string(g.actual_points()) + " (" + Escape(g.actual_outcome()) +
            "); lost against open-hand play: declarer " + std::to_string(g.declarer_lost()) +
            ", defenders " + std::to_string(g.defenders_lost());
    for (const std::string& card : g.turning_cards()) html += "; " + Escape(card);
    html += "</li>\n";
  }
  return html + "</ul>\n";
}

// A traveller row's "Lost" cell: the card points that row's side gave away against open-hand
// play (the declarer's or the defenders'), or a dash when the table's game was not studied.
std::string LostHtml(const v1::GameAnalysis* g, v1::Direction direction) {
  const std::optional<int> lost = PointsLost(g, direction);
  if (!lost) return "\u2013";
  return *lost == 0 ? "0" : "\u2212" + std::to_string(*lost);
}

}  // namespace

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
              std::string(DirectionName(static_cast<v1::Direction>(i + 1))) + "\"><h3>" +
              DirectionTitle(static_cast<v1::Direction>(i + 1)) + "</h3>" + HandHtml(t.hands(i)) +
              "</div>";
    }
    if (!t.skat().empty()) {
      body += "<div class=\"hand skat\"><h3>Skat</h3><div class=\"line\">" +
              CardsInlineHtml(t.skat()) + "</div></div>";
    }
    body += "</div>\n";
    const v1::BoardAnalysis* analysis = AnalysisOf(ctx.data, t);
    if (analysis != nullptr) body += ParHtml(analysis->par());
    body += SpreadChart(t) + "\n";
    for (const v1::DirectionTraveller& d : t.directions()) {
      body += "<h3>" + DirectionTitle(d.direction()) +
              (d.version() > 0 ? " (version " + std::to_string(d.version()) + ")" : "") +
              " <span class=\"meta\">datum " + Signed(d.datum()) + " \u00b7 " +
              std::to_string(d.rows_size()) + " of " + std::to_string(d.planned()) +
              " tables</span></h3>\n<table class=\"fit traveller\" data-direction=\"" +
              std::string(DirectionName(d.direction())) + "\">\n<thead><tr>" + Head("Table") +
              Head("Player") + Head("Score", "n") + Head("MP", "n") + Head("Top", "n opt") +
              Head("Diff", "n") + Head("Game", "opt") +
              (analysis != nullptr ? Head("Lost", "n opt") : "") + "</tr></thead>\n<tbody>\n";
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
                Cell("Game", GameText(row.result()), "opt") +
                (analysis != nullptr
                     ? Cell("Lost", LostHtml(GameOf(analysis, row.table()), d.direction()), "n opt")
                     : "") +
                "</tr>\n";
      }
      body += "</tbody>\n</table>\n";
    }
    if (analysis != nullptr) body += PlayHtml(*analysis);
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

}  // namespace skat::report::internal
