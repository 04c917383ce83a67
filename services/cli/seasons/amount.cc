#include "services/cli/seasons/amount.h"

#include "services/cli/i18n/tr.h"

namespace skat::cli {

std::string AmountText(int64_t cents, bool sign) {
  const uint64_t magnitude =
      cents < 0 ? 0 - static_cast<uint64_t>(cents) : static_cast<uint64_t>(cents);
  const uint64_t rest = magnitude % 100;
  std::string text = cents < 0 ? "-" : (sign && cents > 0 ? "+" : "");
  text += std::to_string(magnitude / 100) + (rest < 10 ? ".0" : ".") + std::to_string(rest);
  return Decimal(text);
}

std::optional<int64_t> ParseAmount(std::string_view text) {
  constexpr int64_t kMost = 100'000'000;  // 1,000,000.00
  int64_t whole = 0, fraction = 0;
  int places = -1;  // -1: no point or comma yet
  int digits = 0;
  for (const char c : text) {
    if ((c == '.' || c == ',') && places < 0 && digits > 0) {
      places = 0;
      continue;
    }
    if (c < '0' || c > '9' || places == 2 || whole > kMost) return std::nullopt;
    if (places < 0) {
      whole = whole * 10 + (c - '0');
      ++digits;
    } else {
      fraction = fraction * 10 + (c - '0');
      ++places;
    }
  }
  if (digits == 0 || places == 0) return std::nullopt;
  const int64_t cents = whole * 100 + (places == 1 ? fraction * 10 : fraction);
  if (cents > kMost) return std::nullopt;
  return cents;
}

std::string CheckAmount(const std::string& text) {
  if (ParseAmount(text)) return "";
  return Tr(
      "\"{0}\" is no amount: write e.g. 5, 5.00 or 0.50 (at most two places, at most "
      "1000000.00)",
      text);
}

}  // namespace skat::cli
