// Resource names (googleapis AIP-122): "events/{event}" and "events/{event}/boardSets/{set}".
#ifndef SKAT_SERVICES_COMMON_NAMES_H_
#define SKAT_SERVICES_COMMON_NAMES_H_

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::service {

struct BoardSetName {
  std::string event;
  std::string set;
};

std::string EventName(std::string_view event_id);
std::string BoardSetResourceName(std::string_view event_id, std::string_view set_id);
// kInvalidArgument naming the expected pattern.
Result<std::string> ParseEventName(std::string_view name);
Result<BoardSetName> ParseBoardSetName(std::string_view name);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_NAMES_H_
