#include "services/cli/i18n/refusal.h"

#include <regex>
#include <vector>

#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

// The template's regular expression: {k} matches any text, everything else itself; `order`
// receives the placeholder numbers in the order they appear.
std::regex TemplatePattern(const std::string& text, std::vector<int>& order) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}' && text[i + 1] >= '0' &&
        text[i + 1] <= '9') {
      out += "(.+?)";
      order.push_back(text[i + 1] - '0');
      i += 2;
      continue;
    }
    if (std::string("\\^$.|?*+()[]{}").find(text[i]) != std::string::npos) out += '\\';
    out += text[i];
  }
  return std::regex(out);
}

// A value skatd names in words of its own (a seat, who entered a result) in the reader's
// language; numbers, names and resource names as they are.
std::string ValueText(const std::string& value) {
  if (value == "forehand") return Tr("forehand");
  if (value == "middlehand") return Tr("middlehand");
  if (value == "rearhand") return Tr("rearhand");
  if (value == "director") return Tr("director");
  if (value == "resting dealer") return Tr("resting dealer");
  if (value.rfind("chair ", 0) == 0) return Tr("chair {0}", value.substr(6));
  // A table of a movement as the validator names it (engine/movement/validator.cc).
  static const std::regex table_of("round (\\d+) table (\\d+)");
  std::smatch m;
  if (std::regex_match(value, m, table_of))
    return Tr("round {0} table {1}", m[1].str(), m[2].str());
  return value;
}

// The text in the reader's language by the templates of `context`, or "" without one for it.
std::string FromTemplates(const std::string& detail, std::string_view context) {
  for (const auto& [english, translated] : TranslationsIn(context)) {
    std::vector<int> order;
    std::smatch m;
    if (!std::regex_match(detail, m, TemplatePattern(english, order))) continue;
    std::vector<std::string> values(10);
    for (size_t k = 0; k < order.size(); ++k) values[order[k]] = ValueText(m[k + 1].str());
    return i18n::Fill(translated, values);
  }
  return "";
}

}  // namespace

std::string RefusalText(std::string_view reason_code, std::string_view message_view) {
  const std::string reason = reason_code.empty() ? "error" : std::string(reason_code);
  std::string message(message_view);
  if (CurrentLanguage() == kEnglish) return reason + ": " + message;
  const auto& reasons = TranslationsIn("reason");
  const auto named = reasons.find(reason);
  const std::string reason_text = named == reasons.end() ? reason : named->second;
  // The rule ids at the end: "(RULES C1)", "(RULES B2, docs/tables.md)", "(000 §11)", "(D71)".
  std::string rules;
  std::smatch m;
  static const std::regex cited(" ?(\\((RULES |docs/|\\d{3} §|D\\d)[^()]*\\))$");
  if (std::regex_search(message, m, cited)) {
    rules = m[1].str();
    message = m.prefix().str();
  }
  // "report for board 9 of events/e/tables/t: ..." names the board before the message.
  std::string board;
  static const std::regex board_of("^(report for )?board (\\d+) of (\\S+): ");
  if (std::regex_search(message, m, board_of)) {
    board = m[1].matched ? Tr("report for board {0} of {1}: ", m[2].str(), m[3].str())
                         : Tr("board {0} of {1}: ", m[2].str(), m[3].str());
    message = m.suffix().str();
  }
  const std::string detail = FromTemplates(message, "refusal");
  std::string out = reason_text;
  if (!detail.empty()) out += ": " + board + detail;
  if (!rules.empty()) out += " " + rules;
  return out;
}

std::string TranslatedLines(std::string_view text, std::string_view context) {
  if (CurrentLanguage() == kEnglish) return std::string(text);
  std::string out;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string line(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::string translated = FromTemplates(line, context);
    out += (translated.empty() ? line : translated) + (end == std::string_view::npos ? "" : "\n");
  }
  return out;
}

}  // namespace skat::cli
