#include "services/cli/i18n/deck_words.h"

namespace skat::cli {
namespace {

// A catalogue text "context|word" without its context: the English of an entry whose English
// word alone would be ambiguous ("German deck|ace" is "ace" in English, "Daus" in German).
std::string WithoutContext(std::string text) {
  const size_t bar = text.find('|');
  return bar == std::string::npos ? text : text.substr(bar + 1);
}

std::string Capital(std::string word) {
  if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 32);
  return word;
}

bool CourtRank(std::string_view rank) {
  return rank == "A" || rank == "K" || rank == "Q" || rank == "J";
}

std::string FrenchSuitName(const Translator& tr, char suit) {
  switch (suit) {
    case 'C': return tr.Tr("clubs");
    case 'S': return tr.Tr("spades");
    case 'H': return tr.Tr("hearts");
    default: return tr.Tr("diamonds");
  }
}

std::string GermanSuitName(const Translator& tr, char suit) {
  switch (suit) {
    case 'C': return WithoutContext(tr.Tr("German deck|acorns"));
    case 'S': return WithoutContext(tr.Tr("German deck|leaves"));
    case 'H': return WithoutContext(tr.Tr("German deck|hearts"));
    default: return WithoutContext(tr.Tr("German deck|bells"));
  }
}

std::string FrenchRankName(const Translator& tr, std::string_view rank) {
  if (rank == "A") return tr.Tr("ace");
  if (rank == "K") return tr.Tr("king");
  if (rank == "Q") return tr.Tr("queen");
  return tr.Tr("jack");
}

std::string GermanRankName(const Translator& tr, std::string_view rank) {
  if (rank == "A") return WithoutContext(tr.Tr("German deck|ace"));
  if (rank == "K") return WithoutContext(tr.Tr("German deck|king"));
  if (rank == "Q") return WithoutContext(tr.Tr("German deck|ober"));
  return WithoutContext(tr.Tr("German deck|unter"));
}

const char* SuitSymbolText(char suit) {
  switch (suit) {
    case 'C': return "\u2663";
    case 'S': return "\u2660";
    case 'H': return "\u2665";
    default: return "\u2666";
  }
}

// "C-J" as suit 'C' and rank "J"; false for text that is no card.
bool SplitCard(std::string_view card, char& suit, std::string_view& rank) {
  if (card.size() < 3 || card[1] != '-' ||
      std::string_view("CSHD").find(card[0]) == std::string_view::npos) {
    return false;
  }
  suit = card[0];
  rank = card.substr(2);
  return CourtRank(rank) || rank == "10" || (rank.size() == 1 && rank[0] >= '7' && rank[0] <= '9');
}

}  // namespace

bool SymbolDeck(std::string_view deck) { return deck != "german"; }

std::string SuitName(const Translator& tr, std::string_view deck, char suit) {
  return SymbolDeck(deck) ? FrenchSuitName(tr, suit) : GermanSuitName(tr, suit);
}

std::string SuitMark(const Translator& tr, std::string_view deck, char suit) {
  return SymbolDeck(deck) ? std::string(SuitSymbolText(suit)) : Capital(SuitName(tr, deck, suit));
}

std::string RankName(const Translator& tr, std::string_view deck, std::string_view rank) {
  if (!CourtRank(rank)) return std::string(rank);
  return SymbolDeck(deck) ? FrenchRankName(tr, rank) : GermanRankName(tr, rank);
}

std::string RankLetter(const Translator& tr, std::string_view deck, std::string_view rank) {
  if (!CourtRank(rank)) return std::string(rank);
  return Capital(RankName(tr, deck, rank).substr(0, 1));
}

std::string CardName(const Translator& tr, std::string_view deck, std::string_view card) {
  char suit = 0;
  std::string_view rank;
  if (!SplitCard(card, suit, rank)) return std::string(card);
  // English "{rank} of {suit}", German "{suit}-{rank}" (docs/cards.md "Card names").
  return WithoutContext(
      tr.Tr("card name|{0} of {1}", RankName(tr, deck, rank), SuitName(tr, deck, suit)));
}

std::string CardShort(const Translator& tr, std::string_view deck, std::string_view card) {
  char suit = 0;
  std::string_view rank;
  if (!SplitCard(card, suit, rank)) return std::string(card);
  return SuitMark(tr, deck, suit) + (SymbolDeck(deck) ? "" : " ") + RankLetter(tr, deck, rank);
}

}  // namespace skat::cli
