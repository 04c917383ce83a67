// An event's language and deck (event_service.proto Event.language, Event.deck): the language
// its printed sheets are written in (docs/i18n.md "Printed sheets") and the deck its printed
// sheets and result pages draw the cards in (docs/cards.md "Decks"). The values are those of
// migration 0015's CHECK constraints; the deck ids are the pages' (js/deck.js).
#ifndef SKAT_SERVICES_COMMON_EVENT_SETTINGS_H_
#define SKAT_SERVICES_COMMON_EVENT_SETTINGS_H_

#include <array>
#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::service {

inline constexpr std::array<std::string_view, 2> kEventLanguages = {"en", "de"};
inline constexpr std::array<std::string_view, 3> kEventDecks = {"french", "four", "german"};
inline constexpr std::string_view kDefaultEventLanguage = "en";
inline constexpr std::string_view kDefaultEventDeck = "french";

// The language to store for `value` ("" reads as "en"); kInvalidArgument naming the value (cut
// to 40 bytes), the allowed ones and docs/i18n.md for any other.
Result<std::string> EventLanguage(std::string_view value);
// The deck to store for `value` ("" reads as "french"); kInvalidArgument naming the value, the
// allowed ones and docs/cards.md for any other.
Result<std::string> EventDeck(std::string_view value);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_EVENT_SETTINGS_H_
