#include "engine/text_scan.h"

#include <array>

namespace skat::text {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

std::string_view TrimBlanks(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

size_t SkipBlanks(std::string_view s, size_t from) {
  while (from < s.size() && IsBlank(s[from])) ++from;
  return from;
}

char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = LowerAscii(c);
  return out;
}

size_t DecodeUtf8(std::string_view s, size_t i, char32_t* code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    *code_point = b0;
    return 1;
  }
  size_t length;
  char32_t cp;
  char32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    length = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > s.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  *code_point = cp;
  return length;
}

bool IsControl(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

size_t BadTextOffset(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const size_t length = DecodeUtf8(text, i, &cp);
    if (length == 0 || IsControl(cp)) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::optional<uint64_t> ParseDecimal(std::string_view s, uint64_t max) {
  if (s.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (max - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::vector<Line> SplitLines(std::string_view text) {
  std::vector<Line> lines;
  std::string_view rest = text;
  if (rest.substr(0, 3) == "\xEF\xBB\xBF") rest.remove_prefix(3);
  int number = 0;
  while (!rest.empty()) {
    size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(Line{line, ++number});
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return lines;
}

int ColumnOf(std::string_view line, size_t offset) {
  int column = 1;
  for (size_t i = 0; i < offset && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}

Token NextWord(std::string_view line, size_t& from) {
  from = SkipBlanks(line, from);
  const size_t start = from;
  while (from < line.size() && !IsBlank(line[from])) ++from;
  return Token{line.substr(start, from - start), start};
}

bool IsBoardPartLabel(std::string_view label) {
  constexpr std::array<std::string_view, 8> kLabels = {
      "f", "m", "r", "s", "forehand", "middlehand", "rearhand", "skat"};
  for (std::string_view k : kLabels) {
    if (label == k) return true;
  }
  return false;
}

namespace {

void AppendHex4(std::string& out, unsigned value) {
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view s) {
  out += '"';
  for (size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const size_t length = DecodeUtf8(s, i, &cp);
    if (length == 0) {
      AppendHex4(out, 0xFFFD);  // not UTF-8: the replacement character
      ++i;
      continue;
    }
    switch (cp) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (cp < 0x20) {
          AppendHex4(out, static_cast<unsigned>(cp));
        } else {
          out.append(s.substr(i, length));
        }
    }
    i += length;
  }
  out += '"';
}

}  // namespace skat::text
