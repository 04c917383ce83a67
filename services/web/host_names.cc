#include "services/web/host_names.h"

#include <algorithm>
#include <cctype>

namespace skat::web {
namespace {

bool IsDigits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

bool IsIpv4(std::string_view s) {
  for (int part = 0; part < 4; ++part) {
    const size_t dot = part < 3 ? s.find('.') : s.size();
    if (dot == std::string_view::npos) return false;
    const std::string_view digits = s.substr(0, dot);
    if (!IsDigits(digits) || digits.size() > 3 || std::stoi(std::string(digits)) > 255) {
      return false;
    }
    s = part < 3 ? s.substr(dot + 1) : std::string_view();
  }
  return true;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool IsServedHost(std::string_view host, const std::vector<std::string>& names) {
  if (host.empty()) return true;
  if (host.starts_with("[")) {
    const size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    const std::string_view rest = host.substr(close + 1);
    const std::string_view inside = host.substr(1, close - 1);
    return (rest.empty() || (rest[0] == ':' && IsDigits(rest.substr(1)))) && !inside.empty() &&
           inside.find_first_not_of("0123456789abcdefABCDEF:.") == std::string_view::npos;
  }
  const size_t colon = host.rfind(':');
  if (colon != std::string_view::npos) {
    if (!IsDigits(host.substr(colon + 1))) return false;
    host = host.substr(0, colon);
  }
  const std::string name = Lower(host);
  if (IsIpv4(name) || name == "localhost" || name.ends_with(".localhost")) return true;
  return std::any_of(names.begin(), names.end(),
                     [&name](const std::string& n) { return Lower(n) == name; });
}

}  // namespace skat::web
