// Text for HTML: the one escaping every page this project writes uses (the printouts of
// services/deal and the result pages of services/report). Header-only: the page writers link no
// service library.
#ifndef SKAT_SERVICES_COMMON_HTML_H_
#define SKAT_SERVICES_COMMON_HTML_H_

#include <string>
#include <string_view>

namespace skat {

// `text` with & < > " ' replaced by their character references: safe in element content and in
// quoted attribute values.
inline std::string HtmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace skat

#endif  // SKAT_SERVICES_COMMON_HTML_H_
