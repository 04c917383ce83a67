// The words of a printout in its language and deck (printouts_internal.h).
#include <string>

#include "services/cli/i18n/deck_words.h"
#include "services/deal/printouts_internal.h"

namespace skat::printouts {

std::vector<Card> SuitCards(CardSet hand, Suit suit) {
  std::vector<Card> cards;
  for (int r = kRankCount - 1; r >= 0; --r) {
    const Card card(suit, static_cast<Rank>(r));
    if (hand.contains(card)) cards.push_back(card);
  }
  return cards;
}

std::string DestinationLabel(const Words& w, std::string_view destination) {
  // The direction's letter, as the reader's word for it begins ("direction letter|F" is "V").
  auto letter = [](std::string text) { return text.substr(text.find('|') + 1); };
  if (destination == "F") return letter(w.tr.Tr("direction letter|F"));
  if (destination == "M") return letter(w.tr.Tr("direction letter|M"));
  if (destination == "R") return letter(w.tr.Tr("direction letter|R"));
  return std::string(destination);
}

std::string DestinationName(const Words& w, std::string_view destination) {
  if (destination == "F") return w.tr.Tr("forehand");
  if (destination == "M") return w.tr.Tr("middlehand");
  if (destination == "R") return w.tr.Tr("rearhand");
  if (destination == "S1") return w.tr.Tr("skat card 1");
  if (destination == "S2") return w.tr.Tr("skat card 2");
  return w.tr.Tr("nowhere");
}

std::string DestinationLegend(const Words& w, SkatLegend skat) {
  std::string legend;
  for (std::string_view d : {"F", "M", "R"}) {
    legend += DestinationLabel(w, d) + " " + DestinationName(w, d) + ", ";
  }
  if (skat == SkatLegend::kBoth) return legend + "S1/S2 " + w.tr.Tr("the skat");
  return legend + "S1 " + DestinationName(w, "S1") + " " +
         (skat == SkatLegend::kLong ? w.tr.Tr("(the top card as it lies)") : w.tr.Tr("(top)")) +
         ", S2 " + DestinationName(w, "S2");
}

std::string DealNumberText(const Words& w, const Board& board) {
  if (!CheckBoard(board).ok()) return w.tr.Tr("invalid board");
  return w.tr.Tr("deal number {0}", DealNumber(board));
}

std::string SeatingText(const Words& w, int board_number, int table_size) {
  const int forehand = DirectionChair(board_number, table_size, Direction::kForehand);
  if (forehand == 0) return "";
  if (table_size != 4) return w.tr.Tr("forehand in chair {0}", forehand);
  return w.tr.Tr("forehand in chair {0}, dealer in chair {1} rests", forehand,
                 RestingChair(board_number, table_size));
}

std::string PackList(const Words& w) {
  std::string suits;
  for (Suit s : kPackSuits) {
    suits += (suits.empty() ? "" : ", ") + cli::SuitName(w.tr, w.deck, SuitLetter(s));
  }
  std::string ranks;
  for (int r = kRankCount - 1; r >= 0; --r) {
    ranks += (ranks.empty() ? "" : " ") + RankText(w, Card(Suit::kClubs, static_cast<Rank>(r)));
  }
  return suits + "; " + ranks;
}

std::string SuitMark(const Words& w, Suit suit) {
  return cli::SuitMark(w.tr, w.deck, SuitLetter(suit));
}

std::string RankText(const Words& w, Card card) {
  return cli::RankLetter(w.tr, w.deck, ToString(card).substr(2));
}

std::string CardShort(const Words& w, Card card) {
  return cli::CardShort(w.tr, w.deck, ToString(card));
}

std::string CardName(const Words& w, Card card) {
  return cli::CardName(w.tr, w.deck, ToString(card));
}

size_t Columns(std::string_view text) {
  size_t columns = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++columns;
  }
  return columns;
}

std::string PadColumns(std::string_view text, size_t width) {
  std::string out(text);
  const size_t columns = Columns(text);
  if (columns < width) out.append(width - columns, ' ');
  return out;
}

}  // namespace skat::printouts
