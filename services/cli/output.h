// What several subcommands print: a refusal on stderr, signed numbers.
#ifndef SKAT_SERVICES_CLI_OUTPUT_H_
#define SKAT_SERVICES_CLI_OUTPUT_H_

#include <iostream>
#include <string>

namespace skat::cli {

// Prints "skat WHAT: MESSAGE" on stderr; returns exit code 1 (bad input, commands.h).
inline int Fail(const std::string& what, const std::string& message) {
  std::cerr << "skat " << what << ": " << message << "\n";
  return 1;
}

// "+30", "0", "-30".
inline std::string Signed(long long n) { return (n > 0 ? "+" : "") + std::to_string(n); }

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_OUTPUT_H_
