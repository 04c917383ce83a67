// The report's standings page (index.html), the team match (team.html) and the prize list
// (prizes.html).
#include <string>
#include <vector>

#include "services/report/html_internal.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

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

}  // namespace

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

}  // namespace skat::report::internal
