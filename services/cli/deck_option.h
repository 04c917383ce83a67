// How `skat` writes cards (docs/cards.md "Decks"): the engine's notation ("C-J", "H-10", the
// default) or with the suit symbols ("♣J", "♥10"), chosen with the global --deck option.
#ifndef SKAT_SERVICES_CLI_DECK_OPTION_H_
#define SKAT_SERVICES_CLI_DECK_OPTION_H_

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

namespace skat::cli {

enum class DeckStyle { kLetters, kSymbols };

// Adds --deck letters|symbols to the app (given before or after the subcommand).
void AddDeckOption(CLI::App& app, DeckStyle& style);

// `text` with each card in the engine's notation written in `style`: unchanged with letters;
// with symbols "C-J" is "♣J", "H-10" "♥10". A card is a whole word: "C-J", "C-J*" and "(C-J)"
// are cards; "ev-C-J", "C-Jx" and "C-J-2" are not.
std::string DeckText(std::string_view text, DeckStyle style);

// From here on std::cout writes its cards in `style` (DeckText, line by line); nothing changes
// with letters.
void UseDeck(DeckStyle style);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_DECK_OPTION_H_
