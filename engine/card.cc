#include "engine/card.h"

#include <cctype>

#include "engine/card_set.h"

namespace skat {
namespace {

constexpr std::string_view kRankText[kRankCount] = {"7", "8", "9", "10", "J", "Q", "K", "A"};

// Consumes a suit (letter or symbol) from the front of text.
std::optional<Suit> TakeSuit(std::string_view& text) {
  struct Symbol {
    std::string_view text;
    Suit suit;
  };
  static constexpr Symbol kSymbols[] = {{"\u2663", Suit::kClubs},  {"\u2660", Suit::kSpades},
                                        {"\u2665", Suit::kHearts}, {"\u2666", Suit::kDiamonds},
                                        {"\u2667", Suit::kClubs},  {"\u2664", Suit::kSpades},
                                        {"\u2661", Suit::kHearts}, {"\u2662", Suit::kDiamonds}};
  for (const Symbol& s : kSymbols) {
    if (text.starts_with(s.text)) {
      text.remove_prefix(s.text.size());
      return s.suit;
    }
  }
  if (text.empty()) return std::nullopt;
  std::optional<Suit> suit;
  switch (std::toupper(static_cast<unsigned char>(text.front()))) {
    case 'C': suit = Suit::kClubs; break;
    case 'S': suit = Suit::kSpades; break;
    case 'H': suit = Suit::kHearts; break;
    case 'D': suit = Suit::kDiamonds; break;
    default: return std::nullopt;
  }
  text.remove_prefix(1);
  return suit;
}

std::optional<Rank> ParseRank(std::string_view text) {
  if (text == "10" || text == "T" || text == "t") return Rank::kTen;
  if (text.size() != 1) return std::nullopt;
  switch (std::toupper(static_cast<unsigned char>(text.front()))) {
    case '7': return Rank::kSeven;
    case '8': return Rank::kEight;
    case '9': return Rank::kNine;
    case 'J': return Rank::kJack;
    case 'Q': return Rank::kQueen;
    case 'K': return Rank::kKing;
    case 'A': return Rank::kAce;
    default: return std::nullopt;
  }
}

}  // namespace

char SuitLetter(Suit suit) { return "DHSC"[static_cast<int>(suit)]; }

std::string_view SuitSymbol(Suit suit) {
  constexpr std::string_view kSymbols[kSuitCount] = {"\u2666", "\u2665", "\u2660", "\u2663"};
  return kSymbols[static_cast<int>(suit)];
}

std::string ToString(Card card) {
  std::string out(1, SuitLetter(card.suit()));
  out += '-';
  out += kRankText[static_cast<int>(card.rank())];
  return out;
}

std::optional<Suit> ParseSuit(std::string_view text) {
  std::optional<Suit> suit = TakeSuit(text);
  if (!suit || !text.empty()) return std::nullopt;
  return suit;
}

std::optional<Card> ParseCard(std::string_view text) {
  std::optional<Suit> suit = TakeSuit(text);
  if (!suit) return std::nullopt;
  if (text.starts_with('-')) text.remove_prefix(1);
  std::optional<Rank> rank = ParseRank(text);
  if (!rank) return std::nullopt;
  return Card(*suit, *rank);
}

std::string ToString(CardSet cards) {
  std::string out;
  for (int i = kCardCount - 1; i >= 0; --i) {
    Card card = Card::FromIndex(i);
    if (!cards.contains(card)) continue;
    if (!out.empty()) out += ' ';
    out += ToString(card);
  }
  return out;
}

std::optional<std::vector<Card>> ParseCardList(std::string_view text) {
  std::vector<Card> list;
  CardSet seen;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find_first_of(" ,\t\n", pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) {
      std::optional<Card> card = ParseCard(text.substr(pos, end - pos));
      if (!card || seen.contains(*card)) return std::nullopt;
      seen.add(*card);
      list.push_back(*card);
    }
    pos = end + 1;
  }
  return list;
}

std::optional<CardSet> ParseCardSet(std::string_view text) {
  std::optional<std::vector<Card>> list = ParseCardList(text);
  if (!list) return std::nullopt;
  CardSet cards;
  for (Card c : *list) cards.add(c);
  return cards;
}

}  // namespace skat
