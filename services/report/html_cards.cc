// The hands and the skat as HTML: cards in the engine's notation ("C-J H-10 ...") as spans in the
// event's deck (suit symbols or the German deck's suit words, the ranks' letters in the page's
// language; docs/cards.md "Decks").
#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "services/cli/i18n/deck_words.h"
#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

constexpr std::string_view kSuits[] = {"C", "S", "H", "D"};
constexpr std::string_view kRanks[] = {"A", "K", "Q", "J", "10", "9", "8", "7"};

int SuitIndex(std::string_view letter) {
  for (int i = 0; i < 4; ++i) {
    if (kSuits[i] == letter) return i;
  }
  return -1;
}

int RankIndex(std::string_view rank) {
  for (int i = 0; i < 8; ++i) {
    if (kRanks[i] == rank) return i;
  }
  return -1;
}

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

char Lower(std::string_view letter) { return static_cast<char>(letter[0] - 'A' + 'a'); }

// The page's language and the event's deck.
struct Deck {
  const cli::Translator& tr;
  std::string_view deck;
};

std::string CardSpan(const Deck& d, int suit, std::string_view card) {
  return "<span class=\"card " + std::string(1, Lower(kSuits[suit])) + "\" data-card=\"" +
         Escape(card) + "\">" + Escape(cli::RankLetter(d.tr, d.deck, card.substr(2))) + "</span>";
}

// The suit's symbol, or its word in the German deck.
std::string Symbol(const Deck& d, int suit) {
  const bool symbol = cli::SymbolDeck(d.deck);
  return "<span class=\"" + std::string(symbol ? "sym " : "suit-word ") +
         std::string(1, Lower(kSuits[suit])) + "\">" +
         Escape(cli::SuitMark(d.tr, d.deck, kSuits[suit][0])) + "</span>" + (symbol ? "" : " ");
}

// Card text "H-10" split into suit and rank indexes; false when it is no card.
bool ParseCardText(std::string_view card, int& suit, int& rank) {
  if (card.size() < 3 || card[1] != '-') return false;
  suit = SuitIndex(card.substr(0, 1));
  rank = RankIndex(card.substr(2));
  return suit >= 0 && rank >= 0;
}

}  // namespace

std::string HandHtml(std::string_view cards, const cli::Translator& tr, std::string_view deck) {
  const Deck d{tr, deck};
  std::vector<std::string> suits[4];
  std::vector<std::string> other;
  for (const std::string& word : Words(cards)) {
    int suit = 0, rank = 0;
    if (ParseCardText(word, suit, rank)) {
      suits[suit].push_back(word);
    } else {
      other.push_back(word);
    }
  }
  std::string out;
  for (int s = 0; s < 4; ++s) {
    std::stable_sort(suits[s].begin(), suits[s].end(),
                     [](const std::string& a, const std::string& b) {
                       return RankIndex(std::string_view(a).substr(2)) <
                              RankIndex(std::string_view(b).substr(2));
                     });
    out += "<div class=\"line\">" + Symbol(d, s);
    if (suits[s].empty()) out += " <span class=\"void\">\u2014</span>";
    for (const std::string& card : suits[s]) out += " " + CardSpan(d, s, card);
    out += "</div>";
  }
  if (!other.empty()) {
    out += "<div class=\"line other\">";
    for (const std::string& word : other) out += Escape(word) + " ";
    out += "</div>";
  }
  return out;
}

std::string CardsInlineHtml(std::string_view cards, const cli::Translator& tr,
                            std::string_view deck) {
  const Deck d{tr, deck};
  std::string out;
  for (const std::string& word : Words(cards)) {
    if (!out.empty()) out += " ";
    int suit = 0, rank = 0;
    if (ParseCardText(word, suit, rank)) {
      out += "<span class=\"nowrap\">" + Symbol(d, suit) + CardSpan(d, suit, word) + "</span>";
    } else {
      out += Escape(word);
    }
  }
  return out;
}

}  // namespace skat::report::internal
