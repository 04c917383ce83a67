// Internal to the act line (act.cc: ActLine, ParseActLine) and the game record reader and writer
// (game_record_reader.cc, game_record_writer.cc): the act fields an act line carries, the text
// forms both sides use, and the one parser of act lines and their arguments. Not part of the
// engine's API; see engine/act.h and engine/game_record.h.
#ifndef SKAT_ENGINE_GAME_RECORD_INTERNAL_H_
#define SKAT_ENGINE_GAME_RECORD_INTERNAL_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/act.h"
#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/status.h"
#include "engine/text_scan.h"

namespace skat::game_record_internal {

// The fields of Act an act line carries.
enum Field : unsigned {
  kBidField = 1u << 0,
  kCard1Field = 1u << 1,
  kCard2Field = 1u << 2,
  kTrumpField = 1u << 3,
  kDeclarationField = 1u << 4,
  kAcceptField = 1u << 5,
  kEveryField = (1u << 6) - 1,
};

// Which fields an act type uses. An act type this file does not know (added to act.h later)
// carries every field, written explicitly, so that its record still round-trips.
unsigned FieldsOf(ActType type);

// "hand hearts ouvert=no announce=none".
std::string DeclarationArguments(const Declaration& d);

// "+30", "0", "-20": the text form of a pad entry.
std::string Signed(int v);

// A decimal number of at most `max`, digits only, and at most 20 characters long (so, unlike
// text::ParseDecimal, a long run of leading zeros is refused).
inline std::optional<uint64_t> ParseDecimal(std::string_view s, uint64_t max) {
  if (s.size() > 20) return std::nullopt;
  return text::ParseDecimal(s, max);
}

// True when `s` is one or more ASCII digits.
inline bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// A seat as a letter or a name, in any case: "F", "m", "Rearhand".
std::optional<Direction> ParseSeat(std::string_view word);

// "'X' is not a seat (F, M, R, forehand, middlehand, rearhand)".
std::string NotASeat(std::string_view word);

// Reads the act name of an act line: the next word of `line` from `pos` on (advancing `pos` past
// it) into *name, and its act type into *type. kInvalidArgument when the word is missing or names
// no act; the offending position is then name->offset (line.size() when the word is missing).
Status ReadActName(std::string_view line, size_t& pos, text::Token* name, ActType* type);

// The arguments of an act line (or of the `game:` result line), with where each field was read.
struct Arguments {
  Act act;
  unsigned fields = 0;                    // the fields given
  std::array<size_t, 6> offset{};         // per field bit index: where it was given
  size_t first = std::string_view::npos;  // the first argument
  std::optional<SkatHandling> handling;   // declaration parts
  std::optional<GameType> game_type;      // a bare game type word
  size_t game_type_offset = 0;
};

// Reads arguments of `line` from byte `pos` on into `a`. `allowed`: the fields the act type takes
// (a given field it does not take is an error; a missing one is not). kInvalidArgument when they
// are malformed, with *at set to the byte offset of the offending word.
Status ReadArguments(std::string_view line, size_t pos, unsigned allowed, Arguments& a, size_t* at);

// Reads the arguments of an act line, from byte `pos` on, into `a`, whose act already has its type
// and seat: ReadArguments with the fields of a.act.type, each of which must be given (unless the
// type carries every field). kInvalidArgument as ReadArguments; a missing field is at line.size().
Status ReadActArguments(std::string_view line, size_t pos, Arguments& a, size_t* at);

}  // namespace skat::game_record_internal

#endif  // SKAT_ENGINE_GAME_RECORD_INTERNAL_H_
