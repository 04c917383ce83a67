#include "services/common/names.h"

namespace skat::service {
namespace {

// An id: 1..64 characters of [a-z0-9-].
bool ValidId(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

Status Malformed(std::string_view name, std::string_view pattern) {
  std::string shown(name.substr(0, 80));
  return Status(ErrorCode::kInvalidArgument,
                "resource name '" + shown + "' is not of the form " + std::string(pattern));
}

}  // namespace

std::string EventName(std::string_view event_id) { return "events/" + std::string(event_id); }

std::string BoardSetResourceName(std::string_view event_id, std::string_view set_id) {
  return EventName(event_id) + "/boardSets/" + std::string(set_id);
}

Result<std::string> ParseEventName(std::string_view name) {
  constexpr std::string_view kPrefix = "events/";
  if (!name.starts_with(kPrefix) || !ValidId(name.substr(kPrefix.size()))) {
    return Malformed(name, "events/{event}");
  }
  return std::string(name.substr(kPrefix.size()));
}

Result<BoardSetName> ParseBoardSetName(std::string_view name) {
  constexpr std::string_view kPattern = "events/{event}/boardSets/{set}";
  constexpr std::string_view kMiddle = "/boardSets/";
  const size_t middle = name.find(kMiddle);
  if (middle == std::string_view::npos) return Malformed(name, kPattern);
  Result<std::string> event = ParseEventName(name.substr(0, middle));
  const std::string_view set = name.substr(middle + kMiddle.size());
  if (!event.ok() || !ValidId(set)) return Malformed(name, kPattern);
  return BoardSetName{*event, std::string(set)};
}

}  // namespace skat::service
