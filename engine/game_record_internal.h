// Internal to the game record reader and writer (game_record_reader.cc, game_record_writer.cc):
// the act fields an act line carries and the text forms both sides use. Not part of the engine's
// API; see engine/game_record.h.
#ifndef SKAT_ENGINE_GAME_RECORD_INTERNAL_H_
#define SKAT_ENGINE_GAME_RECORD_INTERNAL_H_

#include <string>

#include "engine/act.h"
#include "engine/declaration.h"

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

}  // namespace skat::game_record_internal

#endif  // SKAT_ENGINE_GAME_RECORD_INTERNAL_H_
