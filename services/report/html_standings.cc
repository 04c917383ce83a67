// The report's standings page (index.html), the team match (team.html) and the prize list
// (prizes.html).
#include <string>
#include <vector>

#include "services/cli/i18n/note_text.h"
#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

// A note of the standings or a prize's detail in the page's language (docs/i18n.md "What the
// engine writes"); the engine's English text, marked lang="en", for a note without a text here.
std::string NoteHtml(const cli::Translator& tr, const v1::Note& note, const std::string& english) {
  bool fell_back = false;
  const std::string text = cli::NoteOrEnglish(tr, note, english, &fell_back);
  if (!fell_back || text.empty()) return Escape(text);
  return "<span lang=\"en\">" + Escape(text) + "</span>";
}

// ---------------------------------------------------------------------------------------------
// index.html

std::string StandingsTable(const Context& ctx,
                           const google::protobuf::RepeatedPtrField<v1::Standing>& standings,
                           bool full) {
  const cli::Translator& tr = ctx.tr;
  std::string out = "<table class=\"fit standings\">\n<thead><tr>" + Head(tr.Tr("Rank"), "n") +
                    Head(tr.Tr("Player")) + Head(tr.Tr("Boards"), "n opt");
  if (full) out += Head(tr.Tr("F/M/R"), "n opt");
  out += Head(tr.Tr("MP"), "n") + Head(tr.Tr("Top"), "n opt") + Head(tr.Tr("%"), "n") +
         Head(tr.Tr("Diff"), "n opt");
  if (full) out += Head(tr.Tr("Total"), "n opt") + Head(tr.Tr("Own points"), "n opt");
  out += "</tr></thead>\n<tbody>\n";
  for (const v1::Standing& s : standings) {
    out += "<tr data-player=\"" + Escape(s.player()) + "\">" + Cell(tr.Tr("Rank"), Rank(s), "n") +
           PlayerCell(ctx, s) + Cell(tr.Tr("Boards"), std::to_string(s.boards()), "n opt");
    if (full) {
      std::string fmr;
      for (int d = 0; d < s.direction_boards_size(); ++d) {
        fmr += (d ? "/" : "") + std::to_string(s.direction_boards(d));
      }
      out += Cell(tr.Tr("F/M/R"), fmr, "n opt");
    }
    out += Cell(tr.Tr("MP"), Escape(s.matchpoints()), "n") +
           Cell(tr.Tr("Top"), Escape(s.top()), "n opt") +
           Cell(tr.Tr("%"), tr.Decimal(Percent(s.percentage())), "n") +
           Cell(tr.Tr("Diff"), DiffHtml(tr, s.diff()), "n opt");
    if (full) {
      out += Cell(tr.Tr("Total"), Score(s.total()), "n opt") +
             Cell(tr.Tr("Own points"), std::to_string(s.own_points()), "n opt");
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string IndexPage(const Context& ctx) {
  const cli::Translator& tr = ctx.tr;
  const v1::Standings& st = ctx.data.standings;
  std::string body = "<section class=\"standings\">\n<h2>" + tr.Tr("Standings") + "</h2>\n";
  if (!st.notes().empty()) {
    body += "<ul class=\"notes\">";
    for (int i = 0; i < st.notes_size(); ++i) {
      const v1::Note& note =
          i < st.note_codes_size() ? st.note_codes(i) : v1::Note::default_instance();
      body += "<li>" + NoteHtml(tr, note, st.notes(i)) + "</li>";
    }
    body += "</ul>\n";
  }
  if (st.overall().empty()) {
    body += "<p>" + tr.Tr("No results yet.") + "</p>\n";
  } else {
    body += StandingsTable(ctx, st.overall(), true);
  }
  body += "</section>\n";
  const std::string chart = RoundsChart(st, tr);
  if (!chart.empty()) {
    body += "<section class=\"rounds\">\n<h2>" + tr.Tr("Percentage by round") + "</h2>\n" + chart +
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
    body += "<section class=\"directions\">\n<h2>" + tr.Tr("By direction") + "</h2>\n";
    for (const v1::DirectionStandings& d : st.by_direction()) {
      body += "<h3>" + DirectionTitle(tr, d.direction()) + "</h3>\n" +
              StandingsTable(ctx, d.standings(), false);
    }
    body += "</section>\n";
  }
  if (ctx.data.team) {
    const v1::TeamMatch& t = *ctx.data.team;
    body += "<section class=\"team-summary\">\n<h2>" + tr.Tr("Team match") + "</h2>\n<p>" +
            Escape(t.club_a()) + " " + std::to_string(t.total_a()) + " \u2013 " +
            Escape(t.club_b()) + " " + std::to_string(t.total_b()) + " (" +
            tr.Tr("net {0}", Score(t.net())) + "). <a href=\"" + ctx.Href("team.html") + "\">" +
            tr.Tr("Board by board") + "</a></p>\n</section>\n";
  }
  return Page(ctx, "index.html", tr.Tr("Standings"), body);
}

// ---------------------------------------------------------------------------------------------
// team.html, prizes.html

std::string TeamPage(const Context& ctx, const v1::TeamMatch& t) {
  const cli::Translator& tr = ctx.tr;
  std::string body = "<h2>" + tr.Tr("{0} v {1}", Escape(t.club_a()), Escape(t.club_b())) +
                     "</h2>\n<p>" +
                     tr.Tr(
                         "Per board and direction, the sum of club {0}'s board scores less the "
                         "sum of club {1}'s.",
                         Escape(t.club_a()), Escape(t.club_b())) +
                     "</p>\n";
  body += "<table class=\"fit team\">\n<thead><tr>" + Head(tr.Tr("Board"), "n") +
          Head(tr.Tr("Direction")) + Head(t.club_a(), "n any") + Head(t.club_b(), "n any") +
          Head(tr.Tr("Net"), "n") + "</tr></thead>\n<tbody>\n";
  for (const v1::TeamLine& line : t.lines()) {
    body += "<tr>" + Cell(tr.Tr("Board"), std::to_string(line.board()), "n") +
            Cell(tr.Tr("Direction"), DirectionTitle(tr, line.direction())) +
            Cell(t.club_a(), Score(line.club_a()), "n") +
            Cell(t.club_b(), Score(line.club_b()), "n") +
            Cell(tr.Tr("Net"), Score(line.net()), "n") + "</tr>\n";
  }
  body += "</tbody>\n<tfoot><tr>" + Cell("", Escape(tr.Tr("Total"))) + Cell("", "") +
          Cell(t.club_a(), Score(t.total_a()), "n") + Cell(t.club_b(), Score(t.total_b()), "n") +
          Cell(tr.Tr("Net"), Score(t.net()), "n") + "</tr></tfoot>\n</table>\n";
  return Page(ctx, "team.html", tr.Tr("Team match"), body);
}

namespace {

// A prize's category in the page's language (docs/i18n.md "What the engine writes"); a category
// without a text here stays as the server wrote it, marked lang="en".
std::string CategoryHtml(const cli::Translator& tr, const std::string& category) {
  const std::string text = cli::PrizeCategoryText(tr, category);
  if (tr.language() == cli::kEnglish || text != category || text.empty()) return Escape(text);
  return "<span lang=\"en\">" + Escape(text) + "</span>";
}

}  // namespace

std::string PrizesPage(const Context& ctx, const v1::PrizeList& prizes) {
  const cli::Translator& tr = ctx.tr;
  std::string body = "<h2>" + tr.Tr("Prizes") + "</h2>\n";
  if (prizes.prizes().empty()) {
    body += "<p>" + tr.Tr("No prizes yet.") + "</p>\n";
    return Page(ctx, "prizes.html", tr.Tr("Prizes"), body);
  }
  body += "<table class=\"stack prizes\">\n<thead><tr>" + Head(tr.Tr("Sitting"), "n") +
          Head(tr.Tr("Place"), "n") + Head(tr.Tr("Prize")) + Head(tr.Tr("Player")) +
          Head(tr.Tr("Detail")) + "</tr></thead>\n<tbody>\n";
  for (const v1::Prize& p : prizes.prizes()) {
    body += "<tr data-player=\"" + Escape(p.player()) + "\">" +
            Cell(tr.Tr("Sitting"), std::to_string(p.sitting()), "n") +
            Cell(tr.Tr("Place"), std::to_string(p.place()), "n") +
            Cell(tr.Tr("Prize"), CategoryHtml(tr, p.category())) +
            Cell(tr.Tr("Player"), PlayerLink(ctx, p.player(), p.display_name()), "name") +
            Cell(tr.Tr("Detail"), NoteHtml(tr, p.detail_code(), p.detail())) + "</tr>\n";
  }
  body += "</tbody>\n</table>\n";
  return Page(ctx, "prizes.html", tr.Tr("Prizes"), body);
}

}  // namespace skat::report::internal
