// The report's two charts as inline SVG: each player's percentage by round, and per board the
// spread of the tables' board scores in each direction. Both have a viewBox and no fixed size, so
// they scale to the width of the page; every mark carries a <title> with its exact value.
#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

constexpr std::array<std::string_view, 10> kColors = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                                      "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
                                                      "#7f7f7f", "#bcbd22"};
constexpr std::array<std::string_view, 3> kDashes = {"", "6 3", "2 2"};

// A coordinate with one decimal.
std::string Num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

std::string Text(double x, double y, std::string_view anchor, std::string_view cls,
                 std::string_view text) {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" text-anchor=\"" + std::string(anchor) +
         "\" class=\"" + std::string(cls) + "\">" + Escape(text) + "</text>";
}

std::string Line(double x1, double y1, double x2, double y2, std::string_view cls) {
  return "<line x1=\"" + Num(x1) + "\" y1=\"" + Num(y1) + "\" x2=\"" + Num(x2) + "\" y2=\"" +
         Num(y2) + "\" class=\"" + std::string(cls) + "\"/>";
}

std::string SignedScore(int64_t score) { return (score > 0 ? "+" : "") + std::to_string(score); }

}  // namespace

std::string_view SeriesColor(int i) { return kColors[static_cast<size_t>(i) % kColors.size()]; }
std::string_view SeriesDash(int i) {
  return kDashes[(static_cast<size_t>(i) / kColors.size()) % kDashes.size()];
}

std::string RoundsChart(const v1::Standings& standings, const cli::Translator& tr) {
  std::set<int> rounds;
  for (const v1::Standing& s : standings.overall()) {
    for (const v1::RoundPercentage& r : s.rounds()) rounds.insert(r.round());
  }
  if (rounds.empty()) return "";
  constexpr double kLeft = 38, kRight = 350, kTop = 10, kBottom = 180, kWidth = 360, kHeight = 210;
  const int first = *rounds.begin(), last = *rounds.rbegin();
  auto x = [&](int round) {
    if (first == last) return (kLeft + kRight) / 2;
    return kLeft + (kRight - kLeft) * (round - first) / (last - first);
  };
  auto y = [&](double percentage) {
    return kBottom - (kBottom - kTop) * std::clamp(percentage, 0.0, 100.0) / 100.0;
  };
  std::string svg = "<svg class=\"chart rounds\" viewBox=\"0 0 " + Num(kWidth) + " " +
                    Num(kHeight) +
                    "\" role=\"img\" aria-labelledby=\"rounds-title\" "
                    "preserveAspectRatio=\"xMidYMid meet\">\n<title id=\"rounds-title\">" +
                    Escape(tr.Tr("Percentage by round")) + "</title>\n";
  for (int p = 0; p <= 100; p += 25) {
    svg += Line(kLeft, y(p), kRight, y(p), p == 50 ? "grid mid" : "grid") +
           Text(kLeft - 4, y(p) + 3.5, "end", "tick", std::to_string(p) + "%") + "\n";
  }
  const int step = std::max(1, static_cast<int>(rounds.size() + 11) / 12);
  int n = 0;
  for (int round : rounds) {
    if (n++ % step == 0)
      svg += Text(x(round), kBottom + 14, "middle", "tick", std::to_string(round));
  }
  svg += Text(kRight, kBottom + 27, "end", "tick", tr.Tr("round")) + "\n";
  int i = 0;
  for (const v1::Standing& s : standings.overall()) {
    std::vector<std::pair<int, double>> points;
    for (const v1::RoundPercentage& r : s.rounds()) points.emplace_back(r.round(), r.percentage());
    std::sort(points.begin(), points.end());
    const std::string color(SeriesColor(i));
    const std::string dash(SeriesDash(i));
    ++i;
    if (points.empty()) continue;
    svg += "<g class=\"series\" data-player=\"" + Escape(s.player()) + "\"><title>" +
           Escape(s.display_name()) + "</title>";
    std::string line;
    for (const auto& [round, percentage] : points) {
      line += (line.empty() ? "" : " ") + Num(x(round)) + "," + Num(y(percentage));
    }
    svg += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + color +
           "\" stroke-width=\"2\"" + (dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"") +
           "/>";
    for (const auto& [round, percentage] : points) {
      svg += "<circle cx=\"" + Num(x(round)) + "\" cy=\"" + Num(y(percentage)) +
             "\" r=\"3\" fill=\"" + color + "\"><title>" +
             Escape(tr.Tr("{0}, round {1}: {2}%", s.display_name(), round,
                          tr.Decimal(Percent(percentage)))) +
             "</title></circle>";
    }
    svg += "</g>\n";
  }
  svg += "</svg>";
  return svg;
}

std::string SpreadChart(const v1::Traveller& traveller, const cli::Translator& tr) {
  int64_t lo = 0, hi = 0;
  bool versions = false;
  for (const v1::DirectionTraveller& d : traveller.directions()) {
    versions = versions || d.version() > 0;  // fouled: versions 1, 2, ... beside 0 (as dealt)
    for (const v1::TravellerRow& row : d.rows()) {
      lo = std::min(lo, row.board_score());
      hi = std::max(hi, row.board_score());
    }
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  constexpr double kLeft = 44, kRight = 346, kWidth = 360, kStrip = 26, kTop = 16;
  const double height = kTop + kStrip * traveller.directions_size() + 22;
  auto x = [&](double score) {
    return kLeft +
           (kRight - kLeft) * (score - static_cast<double>(lo)) / static_cast<double>(hi - lo);
  };
  std::string svg = "<svg class=\"chart spread\" viewBox=\"0 0 " + Num(kWidth) + " " + Num(height) +
                    "\" role=\"img\" preserveAspectRatio=\"xMidYMid meet\">\n<title>" +
                    Escape(tr.Tr("Board {0}: board scores per direction", traveller.board())) +
                    "</title>\n";
  const double bottom = kTop + kStrip * traveller.directions_size() - kStrip / 2 + 8;
  svg += Line(x(0), kTop - 6, x(0), bottom, "zero") + "\n";
  double y = kTop + kStrip / 2 - 4;
  for (const v1::DirectionTraveller& d : traveller.directions()) {
    std::string label = DirectionInitial(tr, d.direction());
    if (versions) {
      label += " " + (d.version() == 0 ? tr.Tr("as dealt") : tr.Tr("v{0}", d.version()));
    }
    svg += "<g class=\"strip\" data-direction=\"" + std::string(DirectionName(d.direction())) +
           "\">" + Text(4, y + 4, "start", "label", label) + Line(kLeft, y, kRight, y, "axis");
    if (!d.rows().empty()) {
      svg += "<line x1=\"" + Num(x(d.datum())) + "\" y1=\"" + Num(y - 9) + "\" x2=\"" +
             Num(x(d.datum())) + "\" y2=\"" + Num(y + 9) + "\" class=\"datum\"><title>" +
             Escape(tr.Tr("datum {0}", tr.Decimal(Signed(d.datum())))) + "</title></line>";
    }
    std::map<int64_t, int> seen;
    for (const v1::TravellerRow& row : d.rows()) {
      const int k = seen[row.board_score()]++;
      const double dy = k == 0 ? 0 : (k % 2 == 1 ? -1 : 1) * ((k + 1) / 2) * 5.0;
      svg += "<circle cx=\"" + Num(x(static_cast<double>(row.board_score()))) + "\" cy=\"" +
             Num(y + dy) + "\" r=\"4.5\" class=\"dot" +
             (row.assigned() || row.artificial() ? " adjusted" : "") + "\"><title>" +
             Escape(TableTitle(tr, row.table(), row.table_label())) + ", " +
             Escape(row.display_name()) + ": " + SignedScore(row.board_score()) + " (" +
             Escape(tr.Tr("{0} of {1}", row.matchpoints(), row.top())) + ")</title></circle>";
    }
    svg += "</g>\n";
    y += kStrip;
  }
  const double axis_y = height - 6;
  svg += Text(kLeft, axis_y, "start", "tick", SignedScore(lo)) +
         Text(kRight, axis_y, "end", "tick", SignedScore(hi));
  if (x(0) - kLeft > 30 && kRight - x(0) > 30) svg += Text(x(0), axis_y, "middle", "tick", "0");
  svg += "\n</svg>";
  return svg;
}

}  // namespace skat::report::internal
