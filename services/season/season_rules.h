// A season's rules read from the API and checked (docs/seasons.md "Rule values"): each value in
// its range, per-mille lists summing to at most 1000, placing points non-negative and never more
// for a worse place, league points ordered win >= draw >= loss.
#ifndef SKAT_SERVICES_SEASON_SEASON_RULES_H_
#define SKAT_SERVICES_SEASON_SEASON_RULES_H_

#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/season_store.h"
#include "skat/v1/season_service.pb.h"

namespace skat::service {

// The Season fields CreateSeason reads and an update mask may name.
const std::vector<std::string>& SeasonFieldPaths();

// Copies the fields `paths` names from `from` into `into` (the defaults of docs/seasons.md
// applied: an unspecified aggregate is a sum, league points all 0 are 2, 1, 0, empty placing
// points are 3, 2, 1, 0). kInvalidArgument for an empty mask or a path that is not a field of
// SeasonFieldPaths, naming it.
Status MergeSeason(const v1::Season& from, const std::vector<std::string>& paths,
                   store::SeasonRecord& into);

// kInvalidArgument naming the first value that breaks its rule, with the rule and its limits.
Status CheckSeasonRules(const store::SeasonRecord& season);

void ToProto(const store::SeasonRecord& season, v1::Season* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_SEASON_RULES_H_
