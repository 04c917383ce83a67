#include "services/cli/arena/arena_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "services/common/html.h"

namespace skat::cli {
namespace {

// The result pages' look (services/report/html.cc), cut to what this page uses.
constexpr std::string_view kArenaStyle = R"css(
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 64rem; padding: 0.75rem; color: #111; background: #fff;
       font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; font-size: 1rem;
       line-height: 1.35; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin: 0.2rem 0; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 0.4rem 0; padding-bottom: 0.15rem;
     border-bottom: 1px solid #bbb; }
h3 { font-size: 1rem; margin: 0.9rem 0 0.3rem 0; }
.meta { color: #555; font-size: 0.9rem; margin: 0.2rem 0; }
table { border-collapse: collapse; width: 100%; margin: 0.3rem 0 0.8rem 0; }
th, td { padding: 0.25rem 0.4rem; text-align: left; vertical-align: top;
         border-bottom: 1px solid #ddd; }
th { font-size: 0.85rem; color: #444; border-bottom: 2px solid #888; }
.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-size: 0.9rem; }
.pos { color: #11652a; }
.neg { color: #a3121f; }
svg.chart { display: block; width: 100%; height: auto; max-width: 48rem; margin: 0.3rem 0; }
svg .tick { font-size: 10px; fill: #555; font-family: "DejaVu Sans", Arial, sans-serif; }
svg .axis { stroke: #999; stroke-width: 1; }
svg .zero { stroke: #555; stroke-width: 1; stroke-dasharray: 4 3; }
svg .dot { fill: #1f77b4; fill-opacity: 0.55; }
svg .mean { fill: none; stroke: #c8102e; stroke-width: 2; }
svg .band { fill: #c8102e; fill-opacity: 0.15; stroke: none; }
ul.legend { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; padding: 0; list-style: none;
            font-size: 0.9rem; }
footer { margin-top: 1.5rem; padding-top: 0.4rem; border-top: 1px solid #bbb; color: #555;
         font-size: 0.85rem; }
)css";

std::string SvgNum(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

// A signed number coloured by its sign.
std::string SignedSpan(double value, int decimals) {
  const std::string text = SignedFixed(value, decimals);
  const char* cls = text[0] == '-'                                       ? "neg"
                    : text.find_first_not_of("+0.") == std::string::npos ? ""
                                                                         : "pos";
  return *cls ? "<span class=\"" + std::string(cls) + "\">" + text + "</span>" : text;
}

// A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `span`.
double TickStep(double span, int ticks) {
  const double raw = span / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10 * power;
}

std::string TableCell(const std::string& html, bool numeric = false) {
  return std::string(numeric ? "<td class=\"n\">" : "<td>") + html + "</td>";
}

std::string TableHead(const std::string& text, bool numeric = false) {
  return std::string(numeric ? "<th class=\"n\">" : "<th>") + text + "</th>";
}

}  // namespace

std::string PairPlot(const ArenaPairResult& pair) {
  const std::vector<double>& d = pair.diffs;
  const size_t n = d.size();
  if (n == 0) return "";
  // The running mean and its 99 % band after each board.
  std::vector<MeanInterval> running;
  double low = 0, high = 0;
  for (size_t b = 0; b < n; ++b) {
    running.push_back(Interval(std::span<const double>(d.data(), b + 1)));
    low = std::min({low, d[b]});
    high = std::max({high, d[b]});
  }
  if (high - low < 1) high = low + 1;
  const double step = TickStep(high - low, 6);
  low = std::floor(low / step) * step;
  high = std::ceil(high / step) * step;
  constexpr double kLeft = 48, kRight = 590, kTop = 10, kBottom = 230, kWidth = 600, kHeight = 256;
  auto x = [&](size_t b) {  // 0-based board
    return n == 1 ? (kLeft + kRight) / 2 : kLeft + (kRight - kLeft) * b / (n - 1);
  };
  auto y = [&](double v) { return kBottom - (kBottom - kTop) * (v - low) / (high - low); };
  std::string svg = "<svg class=\"chart\" viewBox=\"0 0 " + SvgNum(kWidth) + " " + SvgNum(kHeight) +
                    "\" role=\"img\" aria-label=\"difference per board, running mean and its "
                    "99 % band\">";
  for (double v = low; v <= high + step / 2; v += step) {
    const double t = std::abs(v) < step / 1000 ? 0 : v;
    svg += "<text x=\"" + SvgNum(kLeft - 4) + "\" y=\"" + SvgNum(y(t) + 3) +
           "\" text-anchor=\"end\" class=\"tick\">" +
           (t == 0 ? "0" : SignedFixed(t, step < 1 ? 1 : 0)) + "</text>";
  }
  svg += "<line x1=\"" + SvgNum(kLeft) + "\" y1=\"" + SvgNum(kBottom) + "\" x2=\"" +
         SvgNum(kRight) + "\" y2=\"" + SvgNum(kBottom) + "\" class=\"axis\"/>";
  svg += "<text x=\"" + SvgNum(kLeft) + "\" y=\"" + SvgNum(kBottom + 16) +
         "\" text-anchor=\"start\" class=\"tick\">board 1</text>";
  svg += "<text x=\"" + SvgNum(kRight) + "\" y=\"" + SvgNum(kBottom + 16) +
         "\" text-anchor=\"end\" class=\"tick\">board " + std::to_string(n) + "</text>";
  // The band from the second board on (one board has no spread).
  if (n >= 2) {
    std::string points;
    for (size_t b = 1; b < n; ++b) {
      points += SvgNum(x(b)) + "," + SvgNum(y(std::clamp(running[b].high, low, high))) + " ";
    }
    for (size_t b = n; b-- > 1;) {
      points += SvgNum(x(b)) + "," + SvgNum(y(std::clamp(running[b].low, low, high))) + " ";
    }
    points.pop_back();
    svg += "<polygon class=\"band\" points=\"" + points + "\"/>";
  }
  svg += "<line x1=\"" + SvgNum(kLeft) + "\" y1=\"" + SvgNum(y(0)) + "\" x2=\"" + SvgNum(kRight) +
         "\" y2=\"" + SvgNum(y(0)) + "\" class=\"zero\"/>";
  const double radius = n <= 100 ? 2.5 : n <= 500 ? 1.8 : 1.2;
  for (size_t b = 0; b < n; ++b) {
    svg += "<circle class=\"dot\" cx=\"" + SvgNum(x(b)) + "\" cy=\"" + SvgNum(y(d[b])) + "\" r=\"" +
           SvgNum(radius) + "\"><title>board " + std::to_string(b + 1) + ": " +
           SignedFixed(d[b], 2) + "</title></circle>";
  }
  std::string mean;
  for (size_t b = 0; b < n; ++b) mean += SvgNum(x(b)) + "," + SvgNum(y(running[b].mean)) + " ";
  mean.pop_back();
  svg += "<polyline class=\"mean\" points=\"" + mean + "\"/>";
  return svg + "</svg>";
}

namespace {

// The players and their specs.
std::string PlayersSection(const ArenaMatch& match) {
  std::string body;
  body += "<h2>Players</h2>\n<table><thead><tr>" + TableHead("Player") + TableHead("Spec") +
          "</tr></thead><tbody>\n";
  for (const ArenaPlayer& p : match.players) {
    body += "<tr>" + TableCell(HtmlEscape(p.name)) +
            TableCell("<code>" + HtmlEscape(p.spec) + "</code>") + "</tr>\n";
  }
  body += "</tbody></table>\n";
  return body;
}

// Every pair: the mean gain per board with its 99 % interval.
std::string PairsSection(const ArenaMatch& match, const ArenaSummary& summary) {
  std::string body;
  body +=
      "<h2>Pairs</h2>\n<p class=\"meta\">x over y: the mean of x's gain over y per board (the "
      "sum over the three directions of x's mean board score minus y's, same cards, same "
      "seat), with its 99 % interval.</p>\n<table><thead><tr>" +
      TableHead("x") + TableHead("y") + TableHead("Mean", true) + TableHead("99 % interval", true) +
      TableHead("sd", true) + TableHead("Boards", true) + "</tr></thead><tbody>\n";
  for (const ArenaPairResult& pair : summary.pairs) {
    const MeanInterval& m = pair.interval;
    body += "<tr>" + TableCell(HtmlEscape(match.players[pair.x].name)) +
            TableCell(HtmlEscape(match.players[pair.y].name)) +
            TableCell(SignedSpan(m.mean, 2), true) +
            TableCell("[" + SignedFixed(m.low, 2) + ", " + SignedFixed(m.high, 2) + "]", true) +
            TableCell(SignedFixed(m.sd, 2).substr(1), true) + TableCell(std::to_string(m.n), true) +
            "</tr>\n";
  }
  body += "</tbody></table>\n";
  return body;
}

// The Bradley-Terry ratings with their 95 % intervals.
std::string RatingsSection(const ArenaMatch& match, const ArenaSummary& summary) {
  std::string body;
  body +=
      "<h2>Ratings</h2>\n<p class=\"meta\">Bradley-Terry on the boards each player won "
      "against each other (a tie counts half; one tie per pair added), Elo scale with mean "
      "0, 95 % bootstrap interval over the boards.</p>\n<table><thead><tr>" +
      TableHead("Player") + TableHead("Rating", true) + TableHead("95 % interval", true) +
      "</tr></thead><tbody>\n";
  for (size_t i = 0; i < match.players.size(); ++i) {
    const Rating& r = summary.ratings[i];
    body += "<tr>" + TableCell(HtmlEscape(match.players[i].name)) +
            TableCell(SignedSpan(r.elo, 0), true) +
            TableCell("[" + SignedFixed(r.low, 0) + ", " + SignedFixed(r.high, 0) + "]", true) +
            "</tr>\n";
  }
  body += "</tbody></table>\n";
  return body;
}

// The games declared (won) by each player, by class.
std::string GamesSection(const ArenaMatch& match, const ArenaSummary& summary) {
  std::string body;
  body += "<h2>Games declared</h2>\n<p class=\"meta\">" + std::to_string(summary.games) +
          " games; passed in " + std::to_string(summary.passed) + ", ramsch " +
          std::to_string(summary.ramsch) +
          ". Declared (won) by each player.</p>\n"
          "<table><thead><tr>" +
          TableHead("Player") + TableHead("Suit", true) + TableHead("Grand", true) +
          TableHead("Null", true) + "</tr></thead><tbody>\n";
  for (size_t i = 0; i < match.players.size(); ++i) {
    const ArenaClassMix& mix = summary.mix[i];
    body += "<tr>" + TableCell(HtmlEscape(match.players[i].name));
    for (int c = 0; c < 3; ++c) {
      body += TableCell(std::to_string(mix.declared[c]) + " (" + std::to_string(mix.won[c]) + ")",
                        true);
    }
    body += "</tr>\n";
  }
  body += "</tbody></table>\n";
  return body;
}

}  // namespace

std::string ArenaPage(const ArenaMatch& match, const ArenaSummary& summary) {
  std::string names;
  for (const ArenaPlayer& p : match.players) names += (names.empty() ? "" : " vs ") + p.name;
  const size_t n = match.boards.size();
  std::string body;
  body += "<header>\n<h1>Arena: " + HtmlEscape(names) + "</h1>\n<p class=\"meta\">" +
          std::to_string(n) + (n == 1 ? " board" : " boards") +
          " \u00d7 6 seatings (every player holds every direction equally often), profile <code>" +
          HtmlEscape(match.profile->id) + "</code>, board score <code>" +
          scoring::Name(match.board_score) + "</code>, seed " + std::to_string(match.seed) +
          ", boards from " + HtmlEscape(match.boards_from) + "</p>\n</header>\n";

  body += PlayersSection(match);
  body += PairsSection(match, summary);
  body += RatingsSection(match, summary);
  body += GamesSection(match, summary);

  body +=
      "<h2>Board by board</h2>\n<ul class=\"legend\"><li><span style=\"color:#1f77b4\">"
      "\u25cf</span> the difference on one board</li><li><span style=\"color:#c8102e\">"
      "\u2501</span> the running mean and its 99 % band</li><li>- - - zero</li></ul>\n";
  for (const ArenaPairResult& pair : summary.pairs) {
    body += "<h3>" + HtmlEscape(match.players[pair.x].name) + " over " +
            HtmlEscape(match.players[pair.y].name) + "</h3>\n" + PairPlot(pair) + "\n";
  }
  body += "<footer>" + HtmlEscape(TimingLine(match)) +
          ". Made by <code>skat arena</code>; docs/arena.md explains the numbers.</footer>\n";

  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
         "Arena: " +
         HtmlEscape(names) + "</title>\n<style>" + std::string(kArenaStyle) +
         "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
}

}  // namespace skat::cli
