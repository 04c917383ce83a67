// What the HTML and the text printouts (printouts.cc, printouts_text.cc) share: the words of a
// printout in its language and deck (printouts.h), and the cards of a hand by suit.
#ifndef SKAT_SERVICES_DEAL_PRINTOUTS_INTERNAL_H_
#define SKAT_SERVICES_DEAL_PRINTOUTS_INTERNAL_H_

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/card.h"
#include "engine/card_set.h"
#include "services/cli/i18n/tr.h"
#include "services/deal/printouts.h"

namespace skat::printouts {

inline constexpr std::array<std::string_view, 5> kDestinations = {"F", "M", "R", "S1", "S2"};
inline constexpr std::array<Suit, 4> kPackSuits = {Suit::kClubs, Suit::kSpades, Suit::kHearts,
                                                   Suit::kDiamonds};

// A printout's language and deck.
struct Words {
  explicit Words(const PrintoutOptions& options)
      : tr(Known(options.language)),
        deck(options.deck == "four" || options.deck == "german" ? options.deck
                                                                : std::string("french")) {}
  // `language` when skat has its catalogue, else English.
  static cli::Language Known(const cli::Language& language) {
    for (const std::string& known : cli::KnownLanguages()) {
      if (known == language) return language;
    }
    return cli::kEnglish;
  }
  cli::Translator tr;
  std::string deck;  // "french", "four" or "german"
};

// The cards of `hand` in one suit, from the ace down.
std::vector<Card> SuitCards(CardSet hand, Suit suit);

// A destination ("F", "M", "R", "S1", "S2") as printed: "F" is "V" (Vorhand) in German, the
// first letter of the direction's name; "?" as it is.
std::string DestinationLabel(const Words& w, std::string_view destination);
// "forehand", "skat card 1", ... in the printout's language.
std::string DestinationName(const Words& w, std::string_view destination);
// How a legend names the skat's two cards.
enum class SkatLegend {
  kLong,   // "S1 skat card 1 (the top card as it lies), S2 skat card 2"
  kShort,  // "S1 skat card 1 (top), S2 skat card 2"
  kBoth,   // "S1/S2 the skat"
};
// "F forehand, M middlehand, R rearhand, " and the skat as `skat` says, in the printout's
// language.
std::string DestinationLegend(const Words& w, SkatLegend skat);
// "deal number 123" ("invalid board" for a board that fails CheckBoard).
std::string DealNumberText(const Words& w, const Board& board);
// "forehand in chair 2" / "forehand in chair 3, dealer in chair 2 rests"; "" for a table size
// other than 3 or 4.
std::string SeatingText(const Words& w, int board_number, int table_size);
// "clubs, spades, hearts, diamonds; A K Q J 10 9 8 7": the pack's order in the printout's
// language and deck.
std::string PackList(const Words& w);

// The suit's mark ("♣", "Eichel"), the rank's letter ("B", "U", "10"), the card in a line of
// text ("♣B", "Eichel U") and its name ("Kreuz-Bube"): services/cli/i18n/deck_words.h.
std::string SuitMark(const Words& w, Suit suit);
std::string RankText(const Words& w, Card card);
std::string CardShort(const Words& w, Card card);
std::string CardName(const Words& w, Card card);

// `text` padded to `width` terminal columns, counting UTF-8 code points.
std::string PadColumns(std::string_view text, size_t width);
// Terminal columns of UTF-8 text.
size_t Columns(std::string_view text);

}  // namespace skat::printouts

#endif  // SKAT_SERVICES_DEAL_PRINTOUTS_INTERNAL_H_
