#include "services/cli/i18n/po_file.h"

#include <cstddef>

namespace skat::cli::i18n {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// The contents of one quoted string `"..."` (the whole of `s`) with its escapes resolved;
// false when `s` is not exactly one quoted string.
bool Unquote(std::string_view s, std::string& out) {
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') return false;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    char c = s[i];
    if (c == '"') return false;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i + 1 >= s.size()) return false;
    switch (s[i]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      default: return false;
    }
  }
  return true;
}

}  // namespace

PoFile ParsePo(std::string_view text) {
  PoFile file;
  std::string* target = nullptr;  // the string continuation lines append to
  std::string context;            // the msgctxt of the entry that follows
  int number = 0;
  auto fail = [&](const std::string& what) {
    file.error = "line " + std::to_string(number) + ": " + what;
    return file;
  };
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = Trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++number;
    if (line.empty() || line.front() == '#') {
      target = nullptr;
      continue;
    }
    if (line.front() == '"') {
      if (target == nullptr) return fail("a string without a keyword before it");
      if (!Unquote(line, *target)) return fail("not one quoted string");
      continue;
    }
    const size_t space = line.find_first_of(" \t");
    if (space == std::string_view::npos) return fail("a keyword without its string");
    const std::string_view keyword = line.substr(0, space);
    const std::string_view rest = Trim(line.substr(space));
    if (keyword == "msgctxt") {
      context.clear();
      target = &context;
    } else if (keyword == "msgid") {
      file.entries.push_back(PoEntry{});
      file.entries.back().line = number;
      file.entries.back().context = std::move(context);
      context.clear();
      target = &file.entries.back().msgid;
    } else if (file.entries.empty()) {
      return fail(std::string(keyword) + " before any msgid");
    } else if (keyword == "msgid_plural") {
      target = &file.entries.back().msgid_plural;
    } else if (keyword == "msgstr" || keyword.rfind("msgstr[", 0) == 0) {
      std::vector<std::string>& forms = file.entries.back().msgstr;
      if (keyword != "msgstr" && keyword != "msgstr[" + std::to_string(forms.size()) + "]") {
        return fail("plural forms out of order: " + std::string(keyword));
      }
      forms.emplace_back();
      target = &forms.back();
    } else {
      return fail("unknown keyword " + std::string(keyword));
    }
    if (!Unquote(rest, *target)) return fail("not one quoted string");
  }
  return file;
}

}  // namespace skat::cli::i18n
