// The report's travellers with the hands (boards.html) and the players' scorecards
// (players.html).
#include <optional>
#include <string>

#include "services/cli/i18n/game_text.h"
#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

// ---------------------------------------------------------------------------------------------
// boards.html

// A result in the reader's words: the engine's summary in English, else built from the
// result's fields (cli::GameText, docs/i18n.md "The result pages"); a result without a summary
// from its fields alone ("forehand won 48").
std::string GameWords(const cli::Translator& tr, const v1::GameResult& r) {
  if (!r.summary().empty()) return Escape(cli::GameText(tr, r));
  switch (r.kind()) {
    case v1::GameResult::KIND_PASSED_IN: return tr.Tr("passed in");
    case v1::GameResult::KIND_RAMSCH: return tr.Tr("Ramsch");
    case v1::GameResult::KIND_DECLARER_GAME:
      return r.won() ? tr.Tr("{0} won {1}", DirectionWord(tr, r.declarer()), r.value())
                     : tr.Tr("{0} lost {1}", DirectionWord(tr, r.declarer()), r.value());
    default: return "";
  }
}

std::string SignedValue(int value) { return (value > 0 ? "+" : "") + std::to_string(value); }

// The par table (docs/par.md) under the hands: the par contract in the summary line, every row
// in a table of four columns (fits 375 px).
std::string ParHtml(const cli::Translator& tr, const v1::ParTable& par) {
  std::string contract = tr.Tr("all pass (no seat secures a win)");
  if (par.par_row() >= 0 && par.par_row() < par.rows_size()) {
    const v1::ParRow& r = par.rows(par.par_row());
    contract = DirectionTitle(tr, r.declarer()) + ": " + Escape(ParGame(r, tr)) + " \u2014 " +
               Escape(r.outcome()) + ", " + SignedValue(r.value());
  }
  std::string html = "<details class=\"par\"><summary>" + tr.Tr("Par (open hands):") +
                     " <b class=\"par-contract\">" + contract +
                     "</b></summary>\n<table class=\"fit par\">\n<thead><tr>" +
                     Head(tr.Tr("Seat")) + Head(tr.Tr("Game")) + Head(tr.Tr("Outcome")) +
                     Head(tr.Tr("Value"), "n") + "</tr></thead>\n<tbody>\n";
  for (int i = 0; i < par.rows_size(); ++i) {
    const v1::ParRow& r = par.rows(i);
    html += std::string("<tr") + (i == par.par_row() ? " class=\"par-row\"" : "") + ">" +
            Cell(tr.Tr("Seat"), DirectionInitial(tr, r.declarer())) +
            Cell(tr.Tr("Game"), Escape(ParGame(r, tr))) +
            Cell(tr.Tr("Outcome"), Escape(r.outcome())) +
            Cell(tr.Tr("Value"), Score(r.value()), "n") + "</tr>\n";
  }
  html += "</tbody>\n</table>\n<p class=\"meta\">" +
          tr.Tr(
              "Each seat as declarer in each game, every hand open, bids aside; the best discard "
              "or announcement.");
  for (const std::string& game : par.not_analysed()) {
    html += " " + tr.Tr("Not analysed: {0}.", Escape(game));
  }
  return html + "</p></details>\n";
}

// What each table's play lost against open-hand play, one line per table.
std::string PlayHtml(const cli::Translator& tr, const v1::BoardAnalysis& a) {
  std::string html = "<h3>" + tr.Tr("Play against open hands") + "</h3>\n<ul class=\"play\">\n";
  for (const v1::GameAnalysis& g : a.games()) {
    html += "<li data-table=\"" + Escape(g.table()) + "\"><b>" +
            Escape(TableTitle(tr, g.table(), g.table_label())) + "</b>: ";
    if (!g.studied()) {
      html += Escape(g.reason()) + "</li>\n";
      continue;
    }
    html += tr.Tr(
        "{0} by {1}: open-hand {2} ({3}), reached {4} ({5}); lost against open-hand "
        "play: declarer {6}, defenders {7}",
        Escape(g.game()), DirectionWord(tr, g.declarer()), g.open_points(),
        Escape(g.open_outcome()), g.actual_points(), Escape(g.actual_outcome()), g.declarer_lost(),
        g.defenders_lost());
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

// One direction's traveller (and version): its heading and every table's row, with the
// "Lost" column when the board was analysed.
std::string TravellerHtml(const Context& ctx, const v1::DirectionTraveller& d,
                          const v1::BoardAnalysis* analysis) {
  const cli::Translator& tr = ctx.tr;
  std::string body =
      "<h3>" + DirectionTitle(tr, d.direction()) +
      (d.version() > 0 ? " (" + tr.Tr("version {0}", d.version()) + ")" : "") +
      " <span class=\"meta\">" + tr.Tr("datum {0}", tr.Decimal(Signed(d.datum()))) + " \u00b7 " +
      tr.Tr("{0} of {1} tables", d.rows_size(), d.planned()) +
      "</span></h3>\n<table class=\"fit traveller\" data-direction=\"" +
      std::string(DirectionName(d.direction())) + "\">\n<thead><tr>" + Head(tr.Tr("Table")) +
      Head(tr.Tr("Player")) + Head(tr.Tr("Score"), "n") + Head(tr.Tr("MP"), "n") +
      Head(tr.Tr("Top"), "n opt") + Head(tr.Tr("Diff"), "n") + Head(tr.Tr("Game"), "opt") +
      (analysis != nullptr ? Head(tr.Tr("Lost"), "n opt") : "") + "</tr></thead>\n<tbody>\n";
  for (const v1::TravellerRow& row : d.rows()) {
    std::string player = PlayerLink(ctx, row.player(), row.display_name());
    if (row.assigned()) player += " <span class=\"flag\">(" + tr.Tr("assigned") + ")</span>";
    if (row.artificial()) {
      player += " <span class=\"flag\">(" + tr.Tr("artificial") + ")</span>";
    }
    player += "<span class=\"game narrow\">" + GameWords(tr, row.result()) + "</span>";
    body +=
        "<tr data-player=\"" + Escape(row.player()) + "\">" +
        Cell(tr.Tr("Table"), Escape(TableTitle(tr, row.table(), row.table_label()))) +
        Cell(tr.Tr("Player"), player, "name") +
        Cell(tr.Tr("Score"), Score(row.board_score()), "n") +
        Cell(tr.Tr("MP"), Escape(row.matchpoints()), "n") +
        Cell(tr.Tr("Top"), Escape(row.top()), "n opt") +
        Cell(tr.Tr("Diff"), DiffHtml(tr, row.diff()), "n") +
        Cell(tr.Tr("Game"), GameWords(tr, row.result()), "opt") +
        (analysis != nullptr
             ? Cell(tr.Tr("Lost"), LostHtml(GameOf(analysis, row.table()), d.direction()), "n opt")
             : "") +
        "</tr>\n";
  }
  body += "</tbody>\n</table>\n";
  return body;
}

}  // namespace

std::string BoardsPage(const Context& ctx) {
  const cli::Translator& tr = ctx.tr;
  const auto& travellers = ctx.data.travellers;
  std::string body = "<h2>" + tr.Tr("Boards") + "</h2>\n";
  if (travellers.empty()) {
    body += "<p>" +
            tr.Tr(
                "No traveller is open yet: a board's traveller opens when every table that "
                "plays it has finished it.") +
            "</p>\n";
    return Page(ctx, "boards.html", tr.Tr("Boards"), body);
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
            "\" data-board=\"" + std::to_string(t.board()) + "\">\n<h2>" +
            tr.Tr("Board {0}", t.board()) +
            (ctx.sessions ? " <small>" + tr.Tr("session {0}", t.session()) + "</small>" : "") +
            "</h2>\n<p class=\"meta\">" + tr.Tr("Deal number {0}", t.deal_number()) +
            "</p>\n<div class=\"hands\">";
    for (int i = 0; i < t.hands_size() && i < 3; ++i) {
      body += "<div class=\"hand\" data-direction=\"" +
              std::string(DirectionName(static_cast<v1::Direction>(i + 1))) + "\"><h3>" +
              DirectionTitle(tr, static_cast<v1::Direction>(i + 1)) + "</h3>" +
              HandHtml(t.hands(i), tr, ctx.data.standings.deck()) + "</div>";
    }
    if (!t.skat().empty()) {
      body += "<div class=\"hand skat\"><h3>" + tr.Tr("Skat") + "</h3><div class=\"line\">" +
              CardsInlineHtml(t.skat(), tr, ctx.data.standings.deck()) + "</div></div>";
    }
    body += "</div>\n";
    const v1::BoardAnalysis* analysis = AnalysisOf(ctx.data, t);
    if (analysis != nullptr) body += ParHtml(tr, analysis->par());
    body += SpreadChart(t, tr) + "\n";
    for (const v1::DirectionTraveller& d : t.directions()) body += TravellerHtml(ctx, d, analysis);
    if (analysis != nullptr) body += PlayHtml(tr, *analysis);
    body += "</section>\n";
  }
  return Page(ctx, "boards.html", tr.Tr("Boards"), body);
}

// ---------------------------------------------------------------------------------------------
// players.html

namespace {

// A scorecard row's game in the reader's words: its table's result on the board's open
// traveller (GameText), else the server's summary, which is English (marked so).
std::string ScorecardGame(const Context& ctx, const v1::ScorecardRow& row) {
  for (const v1::Traveller& t : ctx.data.travellers) {
    if (t.session() != row.session() || t.board() != row.board()) continue;
    for (const v1::DirectionTraveller& d : t.directions()) {
      if (d.direction() != row.direction()) continue;
      for (const v1::TravellerRow& r : d.rows()) {
        if (r.table() == row.table()) return GameWords(ctx.tr, r.result());
      }
    }
  }
  if (row.summary().empty() || ctx.tr.language() == cli::kEnglish) return Escape(row.summary());
  return "<span lang=\"en\">" + Escape(row.summary()) + "</span>";
}

}  // namespace

std::string PlayersPage(const Context& ctx) {
  const cli::Translator& tr = ctx.tr;
  const auto& cards = ctx.data.scorecards;
  std::string body = "<h2>" + tr.Tr("Players") + "</h2>\n";
  if (cards.empty()) {
    body += "<p>" + tr.Tr("No scorecards yet.") + "</p>\n";
    return Page(ctx, "players.html", tr.Tr("Players"), body);
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
    body += tr.Tr("rank {0}", Rank(s)) + " \u00b7 " + tr.Decimal(Percent(s.percentage())) +
            "% \u00b7 " +
            tr.Tr("{0} of {1} matchpoints", Escape(s.matchpoints()), Escape(s.top())) + " \u00b7 " +
            tr.TrN("{n} board", "{n} boards", s.boards()) + " \u00b7 " +
            tr.Tr("diff {0}", tr.Decimal(Signed(s.diff()))) + " \u00b7 " +
            tr.Tr("total {0}", s.total()) + "</p>\n";
    body += "<table class=\"fit scorecard\">\n<thead><tr>";
    if (ctx.sessions) body += Head(tr.Tr("Session"), "n");
    body += Head(tr.Tr("Round"), "n") + Head(tr.Tr("Board"), "n") + "<th><span class=\"wide\">" +
            tr.Tr("Direction") + "</span><span class=\"narrow\">" + tr.Tr("Dir.") + "</span></th>" +
            Head(tr.Tr("Table"), "opt") + Head(tr.Tr("Score"), "n") + Head(tr.Tr("MP"), "n") +
            Head(tr.Tr("Top"), "n opt") + Head(tr.Tr("Diff"), "n") + Head(tr.Tr("Game"), "opt") +
            "</tr></thead>\n<tbody>\n";
    for (const v1::ScorecardRow& row : card.rows()) {
      std::string board = std::to_string(row.board());
      if (ctx.open.count({SessionNumber(row.session()), row.board()})) {
        board = "<a href=\"" +
                ctx.Href("boards.html", "#" + BoardAnchor(row.session(), row.board())) + "\">" +
                board + "</a>";
      }
      auto label = ctx.table_labels.find(row.table());
      body += "<tr>";
      if (ctx.sessions) body += Cell(tr.Tr("Session"), std::to_string(row.session()), "n");
      body +=
          Cell(tr.Tr("Round"), std::to_string(row.round()), "n") +
          Cell(tr.Tr("Board"), board, "n") +
          Cell(tr.Tr("Direction"), "<span class=\"wide\">" + DirectionTitle(tr, row.direction()) +
                                       "</span><span class=\"narrow\">" +
                                       DirectionInitial(tr, row.direction()) + "</span>") +
          Cell(tr.Tr("Table"),
               Escape(TableTitle(tr, row.table(),
                                 label == ctx.table_labels.end() ? "" : label->second)),
               "opt") +
          Cell(tr.Tr("Score"), Score(row.board_score()), "n") +
          Cell(tr.Tr("MP"), Escape(row.matchpoints()), "n") +
          Cell(tr.Tr("Top"), Escape(row.top()), "n opt") +
          Cell(tr.Tr("Diff"), DiffHtml(tr, row.diff()), "n") +
          Cell(tr.Tr("Game"), ScorecardGame(ctx, row), "opt") + "</tr>\n";
    }
    body += "</tbody>\n</table>\n</section>\n";
  }
  return Page(ctx, "players.html", tr.Tr("Players"), body);
}

}  // namespace skat::report::internal
