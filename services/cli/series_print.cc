#include "services/cli/series_print.h"

#include <string>

namespace skat::cli {
namespace {

// `text` cut or padded on the right to `width` display columns (UTF-8 continuation bytes take
// none).
std::string Pad(const std::string& text, size_t width) {
  std::string out;
  size_t columns = 0;
  for (char c : text) {
    const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (starts && columns == width) break;
    out += c;
    if (starts) ++columns;
  }
  return out + std::string(width - columns, ' ');
}

std::string Right(const std::string& text, size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string Signed(int64_t value) { return (value > 0 ? "+" : "") + std::to_string(value); }

}  // namespace

void PrintSeriesLists(const v1::SeriesLists& lists, std::ostream& out) {
  out << "Seeger-Fabian series lists of " << lists.event()
      << " (game points + 50 x (won - lost) + 40 per opponents' lost game at 3 players, 30 at 4)\n";
  if (lists.lists().empty()) {
    out << "No tables.\n";
    return;
  }
  for (const v1::SeriesList& list : lists.lists()) {
    // The label names the round and table already ("round 1, table 2").
    const std::string where = list.table_label().empty()
                                  ? "round " + std::to_string(list.round()) + ", " + list.table()
                                  : list.table_label();
    out << "\nSession " << list.session() << ", " << where << " ("
        << (list.four_players() ? "4 players, 30" : "3 players, 40")
        << " per opponents' lost game), " << list.results()
        << (list.results() == 1 ? " result" : " results") << "\n";
    out << "  " << Right("#", 3) << "  " << Pad("player", 22) << Right("points", 8)
        << Right("won", 5) << Right("lost", 5) << Right("opp.", 6) << Right("total", 8) << "\n";
    for (const v1::SeriesRow& r : list.rows()) {
      out << "  " << Right(std::to_string(r.rank()), 3) << "  " << Pad(r.display_name(), 22)
          << Right(Signed(r.game_points()), 8) << Right(std::to_string(r.won()), 5)
          << Right(std::to_string(r.lost()), 5) << Right(std::to_string(r.opponents_lost()), 6)
          << Right(Signed(r.total()), 8) << (r.lot() ? "  (lot)" : "") << "\n";
    }
  }
}

}  // namespace skat::cli
