#include "services/cli/i18n/tr.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "services/cli/i18n/embedded_po.h"
#include "services/cli/i18n/po_file.h"

namespace skat::cli {
namespace {

Language& Current() {
  static Language language = kEnglish;
  return language;
}

struct Catalogue {
  std::map<std::string, std::string, std::less<>> singular;
  // msgid -> {msgstr[0], msgstr[1]}
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> plural;
  // msgctxt -> msgid -> msgstr: "reason" (skatd's reason codes), "refusal" and "validation"
  // (templates of skatd's messages and lines, refusal.h).
  std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> by_context;
};

// The language's catalogue, read once from its compiled-in .po text (none for English). A
// malformed catalogue (the unit test refuses one) is read up to its error, which is reported.
Catalogue ReadCatalogue(const Language& language) {
  Catalogue c;
  if (language == kEnglish) return c;
  const i18n::PoFile file = i18n::ParsePo(i18n::EmbeddedPo(language));
  if (!file.error.empty()) std::cerr << "skat: " << language << ".po " << file.error << "\n";
  for (const i18n::PoEntry& e : file.entries) {
    if (e.msgid.empty() || e.msgstr.empty() || e.msgstr[0].empty()) continue;
    if (!e.context.empty()) {
      c.by_context[e.context].emplace(e.msgid, e.msgstr[0]);
    } else if (e.msgid_plural.empty()) {
      c.singular.emplace(e.msgid, e.msgstr[0]);
    } else if (e.msgstr.size() >= 2) {
      c.plural.emplace(e.msgid, std::make_pair(e.msgstr[0], e.msgstr[1]));
    }
  }
  return c;
}

// Read under a lock: skatd renders result pages on a thread of its own. A catalogue once read
// stays where it is (std::map), so the reference outlives the lock.
const Catalogue& CatalogueOf(const Language& language) {
  static std::mutex mutex;
  static std::map<Language, Catalogue> read;
  std::lock_guard lock(mutex);
  auto found = read.find(language);
  if (found == read.end()) found = read.emplace(language, ReadCatalogue(language)).first;
  return found->second;
}

// The language `value` names ("de_DE.UTF-8", "de:en", "de"), if skat has it.
std::optional<Language> Named(std::string_view value) {
  if (value.size() < 2) return std::nullopt;
  Language code(value.substr(0, 2));
  for (char& c : code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (code == kEnglish || !i18n::EmbeddedPo(code).empty()) return code;
  return std::nullopt;
}

std::string_view Env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string_view() : std::string_view(value);
}

}  // namespace

Language LanguageOf(std::string_view lang_option, std::string_view language,
                    std::string_view lc_all, std::string_view lc_messages, std::string_view lang) {
  for (std::string_view value : {lang_option, language, lc_all, lc_messages, lang}) {
    if (!value.empty()) return Named(value).value_or(kEnglish);
  }
  return kEnglish;
}

std::vector<std::string> KnownLanguages() {
  std::vector<std::string> known = {kEnglish};
  for (std::string_view code : i18n::EmbeddedLanguages()) known.emplace_back(code);
  return known;
}

Language ChooseLanguage(int argc, const char* const* argv) {
  std::string_view option;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "--lang" && i + 1 < argc) option = argv[i + 1];
    if (arg.rfind("--lang=", 0) == 0) option = arg.substr(7);
  }
  return LanguageOf(option, Env("LANGUAGE"), Env("LC_ALL"), Env("LC_MESSAGES"), Env("LANG"));
}

void SetLanguage(const Language& language) { Current() = language; }
const Language& CurrentLanguage() { return Current(); }

std::string Translate(std::string_view english) { return TranslateIn(Current(), english); }

std::string TranslatePlural(std::string_view one, std::string_view other, long long n) {
  return TranslatePluralIn(Current(), one, other, n);
}

std::string TranslateIn(const Language& language, std::string_view english) {
  const Catalogue& c = CatalogueOf(language);
  const auto found = c.singular.find(english);
  return found == c.singular.end() ? std::string(english) : found->second;
}

std::string TranslatePluralIn(const Language& language, std::string_view one,
                              std::string_view other, long long n) {
  const Catalogue& c = CatalogueOf(language);
  const auto found = c.plural.find(one);
  if (found == c.plural.end()) return std::string(n == 1 ? one : other);
  return n == 1 ? found->second.first : found->second.second;
}

const std::map<std::string, std::string, std::less<>>& TranslationsIn(std::string_view context) {
  static const std::map<std::string, std::string, std::less<>> none;
  const Catalogue& c = CatalogueOf(Current());
  const auto found = c.by_context.find(context);
  return found == c.by_context.end() ? none : found->second;
}

namespace i18n {

std::string FillCount(std::string text, long long n) {
  for (size_t at = text.find("{n}"); at != std::string::npos; at = text.find("{n}", at)) {
    text.replace(at, 3, std::to_string(n));
  }
  return text;
}

std::string Fill(std::string text, const std::vector<std::string>& args) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}' && text[i + 1] >= '0' &&
        text[i + 1] <= '9' && static_cast<size_t>(text[i + 1] - '0') < args.size()) {
      out += args[static_cast<size_t>(text[i + 1] - '0')];
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace i18n

std::string DecimalIn(const Language& language, std::string text) {
  if (language == "de") std::replace(text.begin(), text.end(), '.', ',');
  return text;
}

}  // namespace skat::cli
