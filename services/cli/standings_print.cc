#include "services/cli/standings_print.h"

#include <cstdio>
#include <string>

namespace skat::cli {
namespace {

// `text` cut or padded to `width` characters (UTF-8 aware: continuation bytes take no column).
std::string Column(const std::string& text, size_t width) {
  std::string out;
  size_t columns = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool starts = (c & 0xC0) != 0x80;
    if (starts && columns == width) break;
    out += text[i];
    if (starts) ++columns;
  }
  return out + std::string(width - columns, ' ');
}

std::string Fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

const char* DirectionName(v1::Direction d) {
  switch (d) {
    case v1::DIRECTION_FOREHAND: return "forehand";
    case v1::DIRECTION_MIDDLEHAND: return "middlehand";
    case v1::DIRECTION_REARHAND: return "rearhand";
    default: return "?";
  }
}

}  // namespace

void PrintStandings(const v1::Standings& s, std::ostream& out) {
  const bool totals = s.comparison() == v1::COMPARISON_TOTAL;
  out << s.display_name() << ": " << s.results() << " of " << s.results_expected()
      << " results in\n";
  out << "rank  " << Column("player", 24) << Column("club", 20)
      << (totals ? "   total" : "       %  matchpoints        diff") << "\n";
  for (const v1::Standing& row : s.overall()) {
    std::string rank = std::to_string(row.rank()) + (row.tied() ? "=" : "");
    out << Column(rank, 6) << Column(row.display_name(), 24) << Column(row.club(), 20);
    if (totals) {
      out << std::string(8 - std::min<size_t>(8, std::to_string(row.total()).size()), ' ')
          << row.total() << "\n";
      continue;
    }
    const std::string pct = Fixed(row.percentage(), 2);
    const std::string mp = row.matchpoints() + " of " + row.top();
    const std::string diff = Fixed(row.diff(), 1);
    out << std::string(8 - std::min<size_t>(8, pct.size()), ' ') << pct << "  " << Column(mp, 14)
        << std::string(8 - std::min<size_t>(8, diff.size()), ' ') << diff << "\n";
  }
  for (const std::string& note : s.notes()) out << "note: " << note << "\n";
}

void PrintTeamMatch(const v1::TeamMatch& t, bool lines, std::ostream& out) {
  out << t.club_a() << " " << t.total_a() << ", " << t.club_b() << " " << t.total_b() << ": net "
      << (t.net() > 0 ? "+" : "") << t.net() << " to " << (t.net() >= 0 ? t.club_a() : t.club_b())
      << "\n";
  if (!lines) return;
  for (const v1::TeamLine& l : t.lines()) {
    out << "  board " << l.board() << " " << Column(DirectionName(l.direction()), 11) << t.club_a()
        << " " << l.club_a() << ", " << t.club_b() << " " << l.club_b() << ", net " << l.net()
        << "\n";
  }
}

void PrintTraveller(const v1::Traveller& t, std::ostream& out) {
  out << "board " << t.board() << " (deal number " << t.deal_number() << ")\n";
  const char* names[] = {"forehand  ", "middlehand", "rearhand  "};
  for (int d = 0; d < t.hands_size() && d < 3; ++d)
    out << "  " << names[d] << " " << t.hands(d) << "\n";
  out << "  skat       " << t.skat() << "\n";
  for (const v1::DirectionTraveller& dir : t.directions()) {
    out << DirectionName(dir.direction()) << " (" << dir.rows_size() << " of " << dir.planned()
        << " tables, datum " << Fixed(dir.datum(), 1) << ")\n";
    for (const v1::TravellerRow& row : dir.rows()) {
      out << "  " << Column(row.table_label(), 18) << Column(row.display_name(), 22)
          << std::string(6 - std::min<size_t>(6, std::to_string(row.board_score()).size()), ' ')
          << row.board_score() << "  " << Column(row.matchpoints() + " of " + row.top(), 10)
          << (row.artificial() ? "artificial" : row.result().summary()) << "\n";
    }
  }
}

}  // namespace skat::cli
