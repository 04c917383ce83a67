// The printouts as plain text (printouts.h PrintoutsText): the same three parts as the HTML, in
// the printout's language and deck, for a terminal.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "services/deal/printouts.h"
#include "services/deal/printouts_internal.h"

namespace skat {
namespace {

using printouts::Columns;
using printouts::PadColumns;
using printouts::Words;

std::string Capitalized(std::string word) {
  if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 32);
  return word;
}

void TrimRight(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

// "Board set:  ...", "Boards:     3    Generator: version 1    Table: 4 chairs", the commitment
// and the beacon, the labels padded to one column.
void AppendTextHeader(std::string& out, const Words& w, const BoardSet& set,
                      std::string_view kind) {
  const std::string labels[] = {w.tr.Tr("Board set") + ":", w.tr.Tr("Boards") + ":",
                                w.tr.Tr("Commitment") + ":", w.tr.Tr("Beacon") + ":"};
  size_t width = 0;
  for (const std::string& label : labels) width = std::max(width, Columns(label) + 1);
  width = std::max<size_t>(width, 12);
  out += "== " + std::string(kind) + " ==\n";
  out += PadColumns(labels[0], width) + set.label + "\n";
  out += PadColumns(labels[1], width) + std::to_string(set.boards.size()) + "    " +
         w.tr.Tr("Generator") + ": " + w.tr.Tr("version {0}", set.generator_version) + "    " +
         w.tr.Tr("Table") + ": " + w.tr.TrN("{n} chair", "{n} chairs", set.table_size) + "\n";
  out += PadColumns(labels[2], width) + set.commitment + "\n";
  if (!set.beacon_source.empty()) {
    out += PadColumns(labels[3], width) + set.beacon_source;
    if (!set.beacon_value.empty()) out += " = " + set.beacon_value;
    out += "\n";
  }
  out += "\n";
}

std::string BoardLine(const Words& w, const BoardSet& set, const SetBoard& sb) {
  std::string line =
      w.tr.Tr("Board {0}", sb.number) + " (" + printouts::DealNumberText(w, sb.board);
  const std::string seating = printouts::SeatingText(w, sb.number, set.table_size);
  if (!seating.empty()) line += "; " + seating;
  return line + ")\n";
}

// The widest suit mark ("♣" is 1 column, "Schellen" 8).
size_t MarkWidth(const Words& w) {
  size_t width = 0;
  for (Suit s : printouts::kPackSuits) width = std::max(width, Columns(printouts::SuitMark(w, s)));
  return width;
}

void AppendPunchCards(std::string& out, const Words& w, const BoardSet& set) {
  AppendTextHeader(out, w, set, w.tr.Tr("Punch cards"));
  out += w.tr.Tr("Pack order: {0} in each suit.", printouts::PackList(w)) + "\n" +
         w.tr.Tr("Destinations: {0}.",
                 printouts::DestinationLegend(w, printouts::SkatLegend::kShort)) +
         "\n\n";
  const size_t mark = MarkWidth(w);
  std::string ranks(2 + mark + 3, ' ');
  for (int r = kRankCount - 1; r >= 0; --r) {
    ranks += PadColumns(printouts::RankText(w, Card(Suit::kClubs, static_cast<Rank>(r))), 4);
  }
  TrimRight(ranks);
  for (const SetBoard& sb : set.boards) {
    out += BoardLine(w, set, sb) + ranks + "\n";
    for (Suit suit : printouts::kPackSuits) {
      std::string line = "  " + PadColumns(printouts::SuitMark(w, suit), mark) + "   ";
      for (int r = kRankCount - 1; r >= 0; --r) {
        const Card card(suit, static_cast<Rank>(r));
        line += PadColumns(printouts::DestinationLabel(w, Destination(sb.board, card)), 4);
      }
      TrimRight(line);
      out += line + "\n";
    }
    out += "\n";
  }
}

// The three curtain cards of a board side by side: a heading, the chair, one line per suit.
void AppendCurtainCards(std::string& out, const Words& w, const BoardSet& set) {
  AppendTextHeader(out, w, set, w.tr.Tr("Curtain cards"));
  for (const SetBoard& sb : set.boards) {
    std::array<std::vector<std::string>, kDirectionCount> cards;
    for (Direction d : kDirections) {
      std::vector<std::string>& lines = cards[Index(d)];
      const std::string letter(1, DirectionLetter(d));
      lines.push_back(w.tr.Tr("Board {0}", sb.number) + "  " +
                      Capitalized(printouts::DestinationName(w, letter)));
      const int chair = DirectionChair(sb.number, set.table_size, d);
      lines.push_back(chair > 0 ? w.tr.Tr("Chair {0}", chair) : "");
      for (Suit suit : printouts::kPackSuits) {
        std::string line = printouts::SuitMark(w, suit);
        const std::vector<Card> in_suit = printouts::SuitCards(sb.board.hand(d), suit);
        if (in_suit.empty()) line += " \u2014";
        for (Card card : in_suit) line += " " + printouts::RankText(w, card);
        lines.push_back(line);
      }
    }
    for (size_t i = 0; i < cards[0].size(); ++i) {
      std::string line = "  ";
      for (int d = 0; d < kDirectionCount; ++d) {
        line += d + 1 < kDirectionCount ? PadColumns(cards[d][i], 26) : cards[d][i];
      }
      TrimRight(line);
      out += line + "\n";
    }
    if (set.table_size == 4) {
      out += "  (" + w.tr.Tr("dealer in chair {0} rests", RestingChair(sb.number, set.table_size)) +
             ")\n";
    }
    out += "\n";
  }
}

void AppendDealingSheet(std::string& out, const Words& w, const BoardSet& set) {
  AppendTextHeader(out, w, set, w.tr.Tr("Dealing sheet"));
  out += w.tr.Tr(
             "Sort a pack in the order above; take the cards one by one and put each into its "
             "pocket.") +
         "\n" +
         w.tr.Tr(
             "Skat card 1 = the top card as it lies: lay skat card 2 face down first, card 1 "
             "on top.") +
         "\n\n";
  const std::array<Card, kCardCount> pack = PackOrder();
  // "♣10" takes 3 columns, "Schellen 10" 11.
  const size_t card_width = w.deck == "german" ? 11 : 5;
  for (const SetBoard& sb : set.boards) {
    out += BoardLine(w, set, sb);
    for (int row = 0; row < kRankCount; ++row) {
      std::string line;
      for (int column = 0; column < 4; ++column) {
        const int i = column * kRankCount + row;
        std::string cell = (i + 1 < 10 ? "   " : "  ") + std::to_string(i + 1) + "  ";
        cell += PadColumns(printouts::CardShort(w, pack[i]), card_width) + " -> ";
        cell += PadColumns(printouts::DestinationLabel(w, Destination(sb.board, pack[i])), 4);
        line += cell;
      }
      TrimRight(line);
      out += line + "\n";
    }
    out += "  " +
           w.tr.Tr("skat: card 1 (top) {0}, card 2 {1}", printouts::CardShort(w, sb.board.skat[0]),
                   printouts::CardShort(w, sb.board.skat[1])) +
           "\n\n";
  }
}

}  // namespace

std::string PrintoutsText(const BoardSet& set, const PrintoutOptions& options) {
  const Words w(options);
  std::string out;
  AppendPunchCards(out, w, set);
  AppendCurtainCards(out, w, set);
  AppendDealingSheet(out, w, set);
  return out;
}

}  // namespace skat
