// What several subcommands print: a refusal on stderr, times, signed numbers.
#ifndef SKAT_SERVICES_CLI_OUTPUT_H_
#define SKAT_SERVICES_CLI_OUTPUT_H_

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>

namespace skat::cli {

// Prints "skat WHAT: MESSAGE" on stderr; returns exit code 1 (bad input, commands.h).
inline int Fail(const std::string& what, const std::string& message) {
  std::cerr << "skat " << what << ": " << message << "\n";
  return 1;
}

// "2026-11-23 19:05:00 UTC".
inline std::string UtcText(int64_t seconds) {
  const std::time_t when = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&when, &tm);
  char text[64] = {};
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return text;
}

// x with `decimals` decimals: Fixed(22.8009, 2) is "22.80"; with `sign`, "+22.80" ("-1.50").
inline std::string Fixed(double x, int decimals, bool sign = false) {
  char text[64];
  std::snprintf(text, sizeof text, sign ? "%+.*f" : "%.*f", decimals, x);
  return text;
}

// "+30", "0", "-30".
inline std::string Signed(long long n) { return (n > 0 ? "+" : "") + std::to_string(n); }

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_OUTPUT_H_
