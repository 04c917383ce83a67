#include "services/web/caller_metadata.h"

#include <cstdio>

namespace skat::web {
namespace {

constexpr std::string_view kScheme = "bearer";
constexpr char kRule[] = " (an API call takes \"Authorization: Bearer <token>\", docs/web.md)";

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

bool IsTokenChar(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == '+' || c == '/';
}

bool SameLetters(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

std::string ByteAt(std::string_view header, size_t offset) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(header[offset]));
  return std::string(hex) + " at byte " + std::to_string(offset);
}

}  // namespace

Result<std::string> AuthorizationMetadata(std::string_view header) {
  size_t begin = 0;
  size_t end = header.size();
  while (begin < end && IsSpace(header[begin])) ++begin;
  while (end > begin && IsSpace(header[end - 1])) --end;
  if (begin == end) return std::string();
  size_t space = begin;
  while (space < end && !IsSpace(header[space])) ++space;
  if (!SameLetters(header.substr(begin, space - begin), kScheme)) {
    return Status::Unauthenticated("the Authorization header's scheme is not Bearer" +
                                   std::string(kRule));
  }
  size_t token = space;
  while (token < end && IsSpace(header[token])) ++token;
  if (token == end) {
    return Status::Unauthenticated("the Authorization header has no token after Bearer" +
                                   std::string(kRule));
  }
  size_t i = token;
  while (i < end && IsTokenChar(static_cast<unsigned char>(header[i]))) ++i;
  while (i < end && header[i] == '=') ++i;
  if (i != end) {
    return Status::Unauthenticated("the Authorization header's token holds " + ByteAt(header, i) +
                                   ", which no token has: letters, digits, -._~+/ and a "
                                   "trailing =" +
                                   kRule);
  }
  return "Bearer " + std::string(header.substr(token, end - token));
}

bool IsMetadataValue(std::string_view value) {
  for (unsigned char c : value) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

}  // namespace skat::web
