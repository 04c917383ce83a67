// A game's description in the reader's language (docs/i18n.md "The command line"). The engine
// describes a game in English (GameResult.summary: "middlehand hearts solo with 2: won 30 (75
// card points, 6 tricks)"); in English the summary is printed as it is, in German the text is
// built from the result's fields with the words of docs/glossar.md ("Mittelhand Herz Solo mit 2:
// gewonnen 30 (75 Augen, 6 Stiche)").
#ifndef SKAT_SERVICES_CLI_I18N_GAME_TEXT_H_
#define SKAT_SERVICES_CLI_I18N_GAME_TEXT_H_

#include <string>

#include "engine/declaration.h"
#include "engine/game_result.h"
#include "services/cli/i18n/tr.h"
#include "skat/v1/game_types.pb.h"

namespace skat::cli {

// "Vorhand", "Mittelhand", "Hinterhand" (English: "forehand", ...), in the process's language
// or in tr's.
std::string DirectionText(v1::Direction direction);
std::string DirectionText(const Translator& tr, v1::Direction direction);

// A declaration in the reader's words, as engine/declaration.cc ToString says it in English:
// "Herz Solo", "Grand Tournee, Schneider angesagt".
std::string DeclarationText(const v1::Declaration& declaration);
std::string DeclarationText(const Translator& tr, const v1::Declaration& declaration);

// The game of `result` (value_withheld: a seat's check, whose value is computed on entry), in
// the process's language or in tr's (the result pages, rendered per reader: docs/i18n.md "The
// result pages").
std::string GameText(const v1::GameResult& result, bool value_withheld = false);
std::string GameText(const Translator& tr, const v1::GameResult& result,
                     bool value_withheld = false);

// The same for the engine's types (the offline commands): in English as engine/game_result.h
// Describe and engine/declaration.h ToString say them.
std::string GameText(const GameResult& result);
std::string DeclarationText(const Declaration& declaration);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_GAME_TEXT_H_
