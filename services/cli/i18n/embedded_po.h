// The .po catalogues compiled into `skat` (services/cli/i18n/embed_po.cmake writes the
// definition from services/cli/i18n/*.po at build time).
#ifndef SKAT_SERVICES_CLI_I18N_EMBEDDED_PO_H_
#define SKAT_SERVICES_CLI_I18N_EMBEDDED_PO_H_

#include <string_view>
#include <vector>

namespace skat::cli::i18n {

// The text of <language>.po ("de"); empty for a language without a catalogue.
std::string_view EmbeddedPo(std::string_view language);
// The languages with a catalogue: "de", ...
std::vector<std::string_view> EmbeddedLanguages();

}  // namespace skat::cli::i18n

#endif  // SKAT_SERVICES_CLI_I18N_EMBEDDED_PO_H_
