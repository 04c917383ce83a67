// The language of a /report/ page (docs/web.md "Result pages", docs/i18n.md "The result
// pages"): `lang=CODE` in the query when CODE is a known language, else the Accept-Language
// header's first language tag whose first two letters name a known language, else English.
// Both are untrusted: a header longer than kMaxAcceptLanguage, or one with a byte outside
// letters, digits and " ,;=.-*", is read as no header at all; an unknown or malformed query
// value is ignored. The answer is always one of cli::KnownLanguages().
#ifndef SKAT_SERVICES_WEB_REPORT_LANGUAGE_H_
#define SKAT_SERVICES_WEB_REPORT_LANGUAGE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace skat::web {

inline constexpr size_t kMaxAcceptLanguage = 256;

// `query` is the target's part after '?' (without it), e.g. "lang=de&x=1".
std::string ReportLanguage(std::string_view query, std::string_view accept_language);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_REPORT_LANGUAGE_H_
