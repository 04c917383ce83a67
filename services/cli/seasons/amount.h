// Amounts of money as a club's treasurer types and reads them (docs/seasons.md "Money"): whole
// cents, written with two places in the reader's language ("12.50", German "12,50").
#ifndef SKAT_SERVICES_CLI_SEASONS_AMOUNT_H_
#define SKAT_SERVICES_CLI_SEASONS_AMOUNT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skat::cli {

// "12.50", "-0.05"; with `sign` a positive amount is "+12.50". Through cli::Decimal.
std::string AmountText(int64_t cents, bool sign = false);

// "5", "5.00", "5,5", "0.50" as cents (500, 500, 550, 50): digits with at most two places after a
// point or comma, at most 1,000,000.00 (docs/seasons.md "Rule values"); anything else nullopt.
std::optional<int64_t> ParseAmount(std::string_view text);

// For CLI11's check(): empty when ParseAmount reads `text`, else what is wrong, in words.
std::string CheckAmount(const std::string& text);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEASONS_AMOUNT_H_
