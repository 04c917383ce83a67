// Table codes (docs/tables.md "Table codes"): a short credential of one physical table, printed on
// its table card and typed when its QR code cannot be read. 12 characters of Crockford's base32
// (0-9 and A-Z without I, L, O, U: 60 random bits), printed in groups of four, K7QM-2XPA-9DWE;
// read case-insensitively with dashes and spaces ignored, I and L read as 1 and O as 0. Like a
// seat token it is shown once and only its SHA-256 (of the 12 upper-case characters) is stored.
#ifndef SKAT_SERVICES_COMMON_TABLE_CODE_H_
#define SKAT_SERVICES_COMMON_TABLE_CODE_H_

#include <optional>
#include <string>
#include <string_view>

namespace skat::service {

inline constexpr int kTableCodeLength = 12;

// A new code from the OS secure random source: 12 upper-case characters, no dashes.
std::string NewTableCode();

// "K7QM-2XPA-9DWE" for "K7QM2XPA9DWE": the printed form.
std::string PrintedTableCode(std::string_view code);

// The 12 upper-case characters of a code as typed ("k7qm 2xpa-9dwe", "K7QM-2XPA-9DWE"), or nullopt
// for anything else (another length, a character outside the alphabet, more than 40 bytes).
std::optional<std::string> NormalizeTableCode(std::string_view typed);

// A table code as a request's credential (the bearer token): "<code>" or "<code>.<chair>", the
// code as NormalizeTableCode reads it, chair 1..4 (without one: chair 1). nullopt for a bearer
// token of another form (a seat or director token: 64 hex digits).
struct TableCodeCredential {
  std::string code;  // normalized
  int chair = 1;
};
std::optional<TableCodeCredential> ParseTableCodeCredential(std::string_view token);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_TABLE_CODE_H_
