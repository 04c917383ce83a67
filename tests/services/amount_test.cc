// Amounts as `skat seasons` reads and prints them (services/cli/seasons/amount.h): whole cents,
// a point or a comma, at most two places, at most 1,000,000.00; the reader's decimal comma.
#include "services/cli/seasons/amount.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "services/cli/i18n/tr.h"

namespace {

using skat::cli::AmountText;
using skat::cli::ParseAmount;

TEST(AmountTest, ReadsWholeAndDecimalAmounts) {
  EXPECT_EQ(ParseAmount("5"), std::optional<int64_t>(500));
  EXPECT_EQ(ParseAmount("5.00"), std::optional<int64_t>(500));
  EXPECT_EQ(ParseAmount("5,5"), std::optional<int64_t>(550));
  EXPECT_EQ(ParseAmount("0.50"), std::optional<int64_t>(50));
  EXPECT_EQ(ParseAmount("0,05"), std::optional<int64_t>(5));
  EXPECT_EQ(ParseAmount("1000000.00"), std::optional<int64_t>(100'000'000));
  for (const char* bad : {"", ".", "5.", ".5", "5.001", "-1", "+1", "5 00", "1,000.00", "5.0.0",
                          "1000000.01", "99999999999999999999", "5€", "0x10"}) {
    EXPECT_EQ(ParseAmount(bad), std::nullopt) << bad;
    EXPECT_NE(skat::cli::CheckAmount(bad), "") << bad;
  }
}

TEST(AmountTest, PrintsTwoPlacesInTheReadersLanguage) {
  EXPECT_EQ(AmountText(1250), "12.50");
  EXPECT_EQ(AmountText(-5), "-0.05");
  EXPECT_EQ(AmountText(7, true), "+0.07");
  EXPECT_EQ(AmountText(0, true), "0.00");
  // Every amount ParseAmount reads prints back as it was read, with two places.
  for (int64_t cents : {0, 1, 10, 99, 100, 12345, 100'000'000}) {
    EXPECT_EQ(ParseAmount(AmountText(cents)), std::optional<int64_t>(cents)) << cents;
  }
}

}  // namespace
