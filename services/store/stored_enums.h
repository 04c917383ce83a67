// Engine enumerations as the database stores them: by the engine's name of the value (migration
// 0009), never by its position in the C++ enum, so reordering an enum changes no stored row.
// Written with DirectionName, HandlingName, GameTypeName and AnnouncementName; read back here. A
// name the engine does not know is a broken row: std::runtime_error, which the store reports as
// kInternal naming the operation.
#ifndef SKAT_SERVICES_STORE_STORED_ENUMS_H_
#define SKAT_SERVICES_STORE_STORED_ENUMS_H_

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/declaration.h"

namespace skat::store {

// "C-J S-10": the skat as stored, in the engine notation, skat card 1 first.
inline std::string SkatText(const Board& board) {
  return ToString(board.skat[0]) + " " + ToString(board.skat[1]);
}

template <typename Enum>
Enum StoredEnum(std::optional<Enum> parsed, std::string_view column, std::string_view text) {
  if (!parsed) {
    throw std::runtime_error("stored " + std::string(column) + " '" + std::string(text) +
                             "' is not one the engine knows");
  }
  return *parsed;
}

inline Direction StoredDirection(std::string_view text) {
  return StoredEnum(ParseDirection(text), "direction", text);
}
inline SkatHandling StoredHandling(std::string_view text) {
  return StoredEnum(ParseHandling(text), "skat handling", text);
}
inline GameType StoredGameType(std::string_view text) {
  return StoredEnum(ParseGameType(text), "game type", text);
}
inline Announcement StoredAnnouncement(std::string_view text) {
  return StoredEnum(ParseAnnouncement(text), "announcement", text);
}

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_STORED_ENUMS_H_
