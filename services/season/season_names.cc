#include "services/season/season_names.h"

#include "services/common/names.h"

namespace skat::service {

std::string SeasonResourceName(std::string_view season_id) {
  return "seasons/" + std::string(season_id);
}

Result<std::string> ParseSeasonName(std::string_view name, std::string_view leaf) {
  const std::string pattern = "seasons/{season}" + (leaf.empty() ? "" : "/" + std::string(leaf));
  auto ids = MatchName(name, pattern);
  if (!ids || ids->at("season").rfind("se-", 0) != 0) {
    return Status::InvalidArgument("resource name '" + std::string(name.substr(0, 80)) +
                                   "' is not of the form " + pattern);
  }
  return ids->at("season");
}

}  // namespace skat::service
