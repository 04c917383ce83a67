// The report's travellers with the hands (boards.html) and the players' scorecards
// (players.html).
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

}  // namespace skat::report::internal
