// The standings' notes and the prizes' details in the reader's language (docs/i18n.md "What the
// engine writes"). The engine writes each in English and in structured form, a code of
// engine/scoring/note.h with its arguments (Standings.note_codes, Prize.detail_code); this
// builds the text from the code with the catalogue's words (services/cli/i18n/<lang>.po), the
// directions and games in the words of docs/glossar.md ("Board 3 Vorhand", "Herz Solo ohne 2").
#ifndef SKAT_SERVICES_CLI_I18N_NOTE_TEXT_H_
#define SKAT_SERVICES_CLI_I18N_NOTE_TEXT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/cli/i18n/tr.h"
#include "skat/v1/scoring_service.pb.h"

namespace skat::cli {

// The note in tr's language, in English too (built from the code, which says what the engine's
// text says). nullopt for a code this build does not know, a wrong number of arguments, or an
// argument that does not read (a direction or game the engine does not name so): the caller
// shows the engine's English text then.
std::optional<std::string> NoteText(const Translator& tr, std::string_view code,
                                    const std::vector<std::string>& args);
std::optional<std::string> NoteText(const Translator& tr, const v1::Note& note);

// What a reader sees: `english` (the engine's text, byte for byte) in English or when the note
// has no text here (then `*fell_back` is set, so that a page can mark the English), else
// NoteText.
std::string NoteOrEnglish(const Translator& tr, const v1::Note& note, const std::string& english,
                          bool* fell_back = nullptr);

// A prize's category ("net-games", "solo-without", ...) in tr's language; the category as it is
// in English or when unknown.
std::string PrizeCategoryText(const Translator& tr, const std::string& category);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_NOTE_TEXT_H_
