// skatd's refusals in the reader's language (docs/i18n.md "The command line"). skatd answers in
// English and names the reason code in the trailing metadata (services/common/grpc_status.h
// "skat-reason"); `skat` prints the reason in the reader's language and, where the catalogue
// has a template of the message (msgctxt "refusal", the values as {0}, {1}, ...), the message
// in that language with the values it names. The rule ids the message cites ("(RULES C1)") are
// always kept. English output is skatd's text unchanged.
#ifndef SKAT_SERVICES_CLI_I18N_REFUSAL_H_
#define SKAT_SERVICES_CLI_I18N_REFUSAL_H_

#include <string>
#include <string_view>

namespace skat::cli {

// "invalid-argument: declarer card points 121 are outside 0..120 (RULES C1)" in English;
// in German "ungültige Angabe: die Augen des Alleinspielers, 121, liegen nicht in 0..120
// (RULES C1)", or without a template "ungültige Angabe (RULES C1)". An empty reason is "error".
std::string RefusalText(std::string_view reason, std::string_view message);

// skatd's text of several lines (a seating's validation, msgctxt "validation") line by line in
// the reader's language: a line matching a template of `context` whole is translated, any other
// line (names and numbers) stays as it is.
std::string TranslatedLines(std::string_view text, std::string_view context);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_REFUSAL_H_
