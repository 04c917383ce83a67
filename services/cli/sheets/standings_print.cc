#include "services/cli/sheets/standings_print.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/note_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"

namespace skat::cli {
namespace {

// Display columns of UTF-8 text: continuation bytes take none.
size_t Columns(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// `text` cut or padded on the right to `width` columns.
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

// `text` padded on the left to `width` columns (never cut).
std::string PadLeft(const std::string& text, size_t width) {
  const size_t columns = Columns(text);
  return columns >= width ? text : std::string(width - columns, ' ') + text;
}

// "Milwaukee" of "Milwaukee Skat Club".
std::string FirstWord(const std::string& text) { return text.substr(0, text.find(' ')); }

std::string DirectionName(v1::Direction d) { return DirectionText(d); }

// "settled board scores compared by matchpoints per board and direction".
std::string ScoringName(const v1::Standings& standings) {
  const std::string score = standings.board_score() == v1::BOARD_SCORE_PAD ? Tr("pad")
                            : standings.board_score() == v1::BOARD_SCORE_SEEGER_FABIAN
                                ? std::string("Seeger-Fabian")
                                : Tr("settled");
  std::string comparison = Tr("matchpoints per board and direction");
  switch (standings.comparison()) {
    case v1::COMPARISON_DATUM: comparison = Tr("difference from the datum"); break;
    case v1::COMPARISON_TOTAL: comparison = Tr("total"); break;
    case v1::COMPARISON_SESSION_TOTAL: comparison = Tr("session totals per chair"); break;
    case v1::COMPARISON_SYNCHRON: comparison = Tr("the deviation of Synchron-Skat"); break;
    default: break;
  }
  std::string name = Tr("{0} board scores compared by {1}", score, comparison);
  // docs/comparative.md "Ranking": named when it is not the comparison's own key.
  if (standings.ranking() == v1::RANKING_MATCHPOINT_SUM) {
    name += Tr(", ranked by the matchpoint sum");
  }
  if (standings.ranking() == v1::RANKING_TOTAL) name += Tr(", ranked by the total");
  return name;
}

}  // namespace

void PrintStandings(const v1::Standings& s, std::ostream& out) {
  out << Tr("Standings of {0} ({1}; {2} of {3} results)", s.display_name(), ScoringName(s),
            s.results(), s.results_expected())
      << "\n"
      << Pad(Tr("rank"), 6) << Pad(Tr("player"), 22) << Pad(Tr("club"), 21)
      << PadLeft(Tr("percent"), 8) << PadLeft("MP", 8) << PadLeft(Tr("top"), 6)
      << PadLeft(Tr("diff"), 9) << PadLeft(Tr("total"), 8) << "\n";
  for (const v1::Standing& row : s.overall()) {
    const std::string rank = std::to_string(row.rank()) + (row.tied() ? "=" : "");
    out << PadLeft(rank, 4) << "  " << Pad(row.display_name(), 22) << Pad(row.club(), 21)
        << PadLeft(Decimal(Fixed(row.percentage(), 2)), 8) << PadLeft(Decimal(row.matchpoints()), 8)
        << PadLeft(Decimal(row.top()), 6) << PadLeft(Decimal(Fixed(row.diff(), 1, true)), 9)
        << PadLeft(Signed(row.total()), 8) << "\n";
  }
  // An imported archive has a note per (board, direction) ("N = 1"): the first ones, then a count.
  constexpr int kNotesShown = 10;
  const int notes = s.notes_size();
  for (int i = 0; i < notes && i < kNotesShown; ++i) {
    const v1::Note& code = i < s.note_codes_size() ? s.note_codes(i) : v1::Note::default_instance();
    out << "  " << Tr("note: {0}", NoteOrEnglish(Translator(CurrentLanguage()), code, s.notes(i)))
        << "\n";
  }
  if (notes > kNotesShown) {
    out << "  "
        << Tr("note: ... and {0} more notes (GetStandings returns them all)", notes - kNotesShown)
        << "\n";
  }
}

void PrintPrizes(const v1::PrizeList& list, std::ostream& out) {
  const Translator tr(CurrentLanguage());
  for (const v1::Prize& p : list.prizes()) {
    const std::string detail = NoteOrEnglish(tr, p.detail_code(), p.detail());
    out << Tr("sitting {0}, prize {1} ({2}): {3}", p.sitting(), p.place(),
              PrizeCategoryText(tr, p.category()),
              p.display_name().empty() ? Tr("not awarded") : p.display_name())
        << (detail.empty() ? "" : " - " + detail) << "\n";
  }
}

void PrintTeamMatch(const v1::TeamMatch& t, bool lines, std::ostream& out) {
  // Columns by the clubs' first words ("Milwaukee", "Chicago"), in the order skatd compares
  // them: net = first club's total - second club's.
  const std::string short_a = FirstWord(t.club_a());
  const std::string short_b = FirstWord(t.club_b());
  const std::string net_label = Tr("net ({0} - {1})", short_a, short_b);
  const size_t width = std::max({Columns(t.club_a()), Columns(t.club_b()), Columns(net_label)}) + 2;
  const size_t column = std::max({Columns(short_a), Columns(short_b), size_t{6}}) + 2;
  out << Tr("Club score (per board and direction, each club's board scores added up)") << "\n";
  if (lines) {
    std::map<int, std::pair<int64_t, int64_t>> boards;
    for (const v1::TeamLine& line : t.lines()) {
      boards[line.board()].first += line.club_a();
      boards[line.board()].second += line.club_b();
    }
    out << "  " << Pad("", width) << PadLeft(short_a, column) << PadLeft(short_b, column)
        << PadLeft(Tr("net"), column) << "\n";
    for (const auto& [board, totals] : boards) {
      out << "  " << Pad(Tr("board {0}", board), width) << PadLeft(Signed(totals.first), column)
          << PadLeft(Signed(totals.second), column)
          << PadLeft(Signed(totals.first - totals.second), column) << "\n";
    }
  }
  const std::string verdict = t.net() > 0   ? Tr("{0} wins", t.club_a())
                              : t.net() < 0 ? Tr("{0} wins", t.club_b())
                                            : Tr("a draw");
  const std::string total = Pad(Tr("total"), 6);
  out << "  " << Pad(t.club_a(), width) << total << PadLeft(Signed(t.total_a()), 8) << "\n"
      << "  " << Pad(t.club_b(), width) << total << PadLeft(Signed(t.total_b()), 8) << "\n"
      << "  " << Pad(net_label, width) << std::string(Columns(total), ' ')
      << PadLeft(Signed(t.net()), 8) << "  " << verdict << "\n";
}

void PrintTraveller(const v1::Traveller& t, std::ostream& out) {
  out << Tr("board {0} (deal number {1})", t.board(), t.deal_number()) << "\n";
  const std::string names[] = {Tr("forehand"), Tr("middlehand"), Tr("rearhand")};
  for (int d = 0; d < t.hands_size() && d < 3; ++d) {
    out << "  " << Pad(names[d], 10) << " " << t.hands(d) << "\n";
  }
  out << "  " << Pad(Tr("skat"), 10) << " " << t.skat() << "\n";
  for (const v1::DirectionTraveller& dir : t.directions()) {
    out << DirectionName(dir.direction()) << " ("
        << Tr("{0} of {1} tables, datum {2}", dir.rows_size(), dir.planned(),
              Decimal(Fixed(dir.datum(), 1)))
        << ")\n";
    for (const v1::TravellerRow& row : dir.rows()) {
      out << "  " << Pad(row.table_label(), 18) << Pad(row.display_name(), 22)
          << PadLeft(std::to_string(row.board_score()), 6) << "  "
          << Pad(Tr("{0} of {1}", row.matchpoints(), row.top()), 10)
          << (row.artificial() ? Tr("artificial") : GameText(row.result())) << "\n";
    }
  }
}

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
    out << "  " << PadLeft("#", 3) << "  " << Pad("player", 22) << PadLeft("points", 8)
        << PadLeft("won", 5) << PadLeft("lost", 5) << PadLeft("opp.", 6) << PadLeft("total", 8)
        << "\n";
    for (const v1::SeriesRow& r : list.rows()) {
      out << "  " << PadLeft(std::to_string(r.rank()), 3) << "  " << Pad(r.display_name(), 22)
          << PadLeft(Signed(r.game_points()), 8) << PadLeft(std::to_string(r.won()), 5)
          << PadLeft(std::to_string(r.lost()), 5) << PadLeft(std::to_string(r.opponents_lost()), 6)
          << PadLeft(Signed(r.total()), 8) << (r.lot() ? "  (lot)" : "") << "\n";
    }
  }
}

}  // namespace skat::cli
