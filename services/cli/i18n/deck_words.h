// Card and suit words in a deck and a language (docs/cards.md "Decks", "Card names";
// docs/glossar.md): for the printed sheets and the result pages, which are written in one
// language and one deck given per call (an event's, docs/i18n.md "Printed sheets"). Decks by the
// pages' ids (js/deck.js): "french", "four" (the four-colour tournament deck, the French
// symbols), "german" (acorns, leaves, hearts, bells; unter, ober, king, ace called Daus in
// German). An unknown deck reads as "french". Cards are given in the engine's notation ("C-J",
// "H-10"); suits as their letters C, S, H, D; ranks as "A", "K", "Q", "J", "10" ... "7".
#ifndef SKAT_SERVICES_CLI_I18N_DECK_WORDS_H_
#define SKAT_SERVICES_CLI_I18N_DECK_WORDS_H_

#include <string>
#include <string_view>

#include "services/cli/i18n/tr.h"

namespace skat::cli {

// The deck marks its suits with the French symbols (french, four), not with words (german).
bool SymbolDeck(std::string_view deck);

// The suit's name: "clubs", "Kreuz"; in the German deck "acorns", "Eichel".
std::string SuitName(const Translator& tr, std::string_view deck, char suit);
// What stands for the suit in a line of cards: "♣" in the French decks, the name with a capital
// in the German deck ("Acorns", "Eichel").
std::string SuitMark(const Translator& tr, std::string_view deck, char suit);
// The rank's name ("jack", "Bube"; "unter", "Unter"; "ace", "Daus"); a number rank as its digits.
std::string RankName(const Translator& tr, std::string_view deck, std::string_view rank);
// The letter a face prints: the first letter of the rank's name, capital (J Q K A in English,
// B D K A in German; U O K A, U O K D in the German deck); a number rank as its digits.
std::string RankLetter(const Translator& tr, std::string_view deck, std::string_view rank);
// The card's name: "jack of clubs", "Kreuz-Bube", "unter of acorns", "Eichel-Unter",
// "Herz-10". Text that is no card comes back as it is.
std::string CardName(const Translator& tr, std::string_view deck, std::string_view card);
// The card in a line of text: "♣J", "♣B", in the German deck "Eichel U", "Acorns 10".
std::string CardShort(const Translator& tr, std::string_view deck, std::string_view card);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_DECK_WORDS_H_
