#include "services/web/report_language.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "services/cli/i18n/tr.h"

namespace skat::web {
namespace {

char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The known language whose code is the two letters `tag` starts with ("de-DE" -> "de"): the
// tag's first subtag must be two letters.
std::optional<std::string> KnownLanguageOf(std::string_view tag) {
  const std::string_view primary = tag.substr(0, tag.find('-'));
  if (primary.size() != 2) return std::nullopt;
  std::string code;
  for (char c : primary) {
    c = LowerAscii(c);
    if (c < 'a' || c > 'z') return std::nullopt;
    code += c;
  }
  const std::vector<std::string> known = cli::KnownLanguages();
  if (std::find(known.begin(), known.end(), code) == known.end()) return std::nullopt;
  return code;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

bool WellFormedHeader(std::string_view header) {
  if (header.size() > kMaxAcceptLanguage) return false;
  return std::all_of(header.begin(), header.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view(" ,;=.-*").find(c) != std::string_view::npos;
  });
}

// The value of `lang` in a query "a=1&lang=de".
std::string_view LangParameter(std::string_view query) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    if (pair.starts_with("lang=")) return pair.substr(5);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

}  // namespace

std::string ReportLanguage(std::string_view query, std::string_view accept_language) {
  const std::string_view asked = LangParameter(query);
  if (asked.size() == 2) {
    if (std::optional<std::string> code = KnownLanguageOf(asked)) return *code;
  }
  if (!WellFormedHeader(accept_language)) return cli::kEnglish;
  // The first tag in the order given (readers list their preferred language first; the q
  // weights are not weighed).
  while (!accept_language.empty()) {
    const size_t comma = accept_language.find(',');
    const std::string_view item = accept_language.substr(0, comma);
    const std::string_view tag = Trim(item.substr(0, item.find(';')));
    if (std::optional<std::string> code = KnownLanguageOf(tag)) return *code;
    if (comma == std::string_view::npos) break;
    accept_language.remove_prefix(comma + 1);
  }
  return cli::kEnglish;
}

}  // namespace skat::web
