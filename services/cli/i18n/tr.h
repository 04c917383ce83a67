// The command line's texts in the reader's language (docs/i18n.md "The command line"). The
// English text is the key: Tr("board {0}", n) looks the text up in the language's
// catalogue (services/cli/i18n/<lang>.po, compiled in) and fills the placeholders {0}, {1}, ...
// with the arguments in order; TrN picks the singular or plural form by `n` (German and English:
// one when n == 1) and fills {n} with n. A text missing from the catalogue stays English.
// Placeholders other than {digit} and {n} ({event} in "events/{event}") are left as they are.
// Plural forms: msgstr[0] for n == 1, msgstr[1] otherwise (German and English).
#ifndef SKAT_SERVICES_CLI_I18N_TR_H_
#define SKAT_SERVICES_CLI_I18N_TR_H_

#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace skat::cli {

// A language by its two-letter code: "en", the code's own texts, or one with a catalogue
// compiled in (services/cli/i18n/<code>.po).
using Language = std::string;
inline const Language kEnglish = "en";

// The language asked for: `--lang CODE` (or --lang=CODE) among the arguments, else the first of
// LANGUAGE (a list "de:en"), LC_ALL, LC_MESSAGES, LANG that is set and not empty: the language
// its first two letters name when there is a catalogue for it, else English.
Language ChooseLanguage(int argc, const char* const* argv);
// The language ChooseLanguage would pick from these values, for tests.
Language LanguageOf(std::string_view lang_option, std::string_view language,
                    std::string_view lc_all, std::string_view lc_messages, std::string_view lang);
// "en" and the languages with a catalogue, for --lang.
std::vector<std::string> KnownLanguages();

// Sets the process's language (main(), before any command is added: help texts are translated
// when they are registered). English until set.
void SetLanguage(const Language& language);
const Language& CurrentLanguage();

// The catalogue's text for `english` in the current language, or `english`.
std::string Translate(std::string_view english);
std::string TranslatePlural(std::string_view one, std::string_view other, long long n);
// The current language's entries with this msgctxt (msgid -> msgstr); empty in English.
const std::map<std::string, std::string, std::less<>>& TranslationsIn(std::string_view context);
// The same in a language given per call (a server answering many readers, docs/i18n.md "The
// result pages"); safe to call from several threads.
std::string TranslateIn(const Language& language, std::string_view english);
std::string TranslatePluralIn(const Language& language, std::string_view one,
                              std::string_view other, long long n);

namespace i18n {

// `text` with {0}, {1}, ... replaced by `args` in order (a missing argument leaves its marker).
std::string Fill(std::string text, const std::vector<std::string>& args);

template <typename T>
std::string Text(const T& value) {
  if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    return std::string(std::string_view(value));
  } else {
    std::ostringstream out;
    out << value;
    return out.str();
  }
}

// `text` with every {n} replaced by n.
std::string FillCount(std::string text, long long n);

}  // namespace i18n

template <typename... Args>
std::string Tr(std::string_view english, const Args&... args) {
  return i18n::Fill(Translate(english), {i18n::Text(args)...});
}

template <typename... Args>
std::string TrN(std::string_view one, std::string_view other, long long n, const Args&... args) {
  return i18n::Fill(i18n::FillCount(TranslatePlural(one, other, n), n), {i18n::Text(args)...});
}

// A number written with a decimal point ("62.50", "+1.5") as `language` writes it: with a comma
// in German ("62,50"; docs/i18n.md "Choosing the language"). Machine output (CSV, JSON, files for
// programs) keeps the point.
std::string DecimalIn(const Language& language, std::string text);
inline std::string Decimal(std::string text) {
  return DecimalIn(CurrentLanguage(), std::move(text));
}

// Tr and TrN in one language fixed at construction, whatever the process's language: for text
// rendered per reader (the result pages, services/report). The source check of the catalogue
// (tests/services/cli_i18n_test.cc) finds the literals of tr.Tr and tr.TrN as those of Tr, TrN.
class Translator {
 public:
  explicit Translator(Language language = kEnglish) : language_(std::move(language)) {}
  const Language& language() const { return language_; }

  template <typename... Args>
  std::string Tr(std::string_view english, const Args&... args) const {
    return i18n::Fill(TranslateIn(language_, english), {i18n::Text(args)...});
  }
  template <typename... Args>
  std::string TrN(std::string_view one, std::string_view other, long long n,
                  const Args&... args) const {
    return i18n::Fill(i18n::FillCount(TranslatePluralIn(language_, one, other, n), n),
                      {i18n::Text(args)...});
  }
  std::string Decimal(std::string text) const { return DecimalIn(language_, std::move(text)); }

 private:
  Language language_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_I18N_TR_H_
