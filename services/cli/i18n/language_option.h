// `skat --lang de|en`, a global option (docs/i18n.md "The command line"). main() has chosen the
// language from the arguments and the environment before the app is built (tr.h
// ChooseLanguage); the option is registered so that CLI11 accepts and documents it, and the
// words CLI11 writes itself in a help text (Usage, OPTIONS, REQUIRED, ...) are translated.
#ifndef SKAT_SERVICES_CLI_I18N_LANGUAGE_OPTION_H_
#define SKAT_SERVICES_CLI_I18N_LANGUAGE_OPTION_H_

#include <CLI/CLI.hpp>

namespace skat::cli {

// Call before any subcommand is added (they inherit the formatter and the option group).
void AddLanguageOption(CLI::App& app);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_LANGUAGE_OPTION_H_
