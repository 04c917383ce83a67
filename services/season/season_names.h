// Resource names of seasons (season_service.proto): "seasons/{season}" and its leaves
// ("seasons/{season}/standings", ".../leagueTable", ".../statements").
#ifndef SKAT_SERVICES_SEASON_SEASON_NAMES_H_
#define SKAT_SERVICES_SEASON_SEASON_NAMES_H_

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::service {

// "seasons/{id}".
std::string SeasonResourceName(std::string_view season_id);
// The season id of `name`, "seasons/{season}" when `leaf` is empty, else "seasons/{season}/leaf";
// kInvalidArgument naming the expected form.
Result<std::string> ParseSeasonName(std::string_view name, std::string_view leaf = "");

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_SEASON_NAMES_H_
