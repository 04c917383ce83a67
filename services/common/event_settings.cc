#include "services/common/event_settings.h"

#include <algorithm>
#include <span>

namespace skat::service {
namespace {

// `value` when it is one of `allowed`, `fallback` when empty; else the refusal.
Result<std::string> SettingOneOf(std::string_view field, std::string_view value,
                                 std::span<const std::string_view> allowed,
                                 std::string_view fallback, std::string_view docs) {
  if (value.empty()) return std::string(fallback);
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) {
    return std::string(value);
  }
  std::string list;
  for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  return Status::InvalidArgument(std::string(field) + " '" + std::string(value.substr(0, 40)) +
                                 "' is not allowed; allowed: " + list + " (" + std::string(docs) +
                                 ")");
}

}  // namespace

Result<std::string> EventLanguage(std::string_view value) {
  return SettingOneOf("language", value, kEventLanguages, kDefaultEventLanguage,
                      "docs/i18n.md \"Printed sheets\"");
}

Result<std::string> EventDeck(std::string_view value) {
  return SettingOneOf("deck", value, kEventDecks, kDefaultEventDeck, "docs/cards.md \"Decks\"");
}

}  // namespace skat::service
