// The league table of a season (docs/seasons.md "League table"): each event's match day read from
// its public scores (league_days.h), ranked by the engine (engine/season/league_table.h).
#ifndef SKAT_SERVICES_SEASON_LEAGUE_COMPUTE_H_
#define SKAT_SERVICES_SEASON_LEAGUE_COMPUTE_H_

#include "engine/season/league_table.h"
#include "engine/status.h"
#include "services/season/season_event_scores.h"
#include "services/store/season_store.h"
#include "skat/v1/season_service.pb.h"

namespace skat::service {

// The season's league rules: 2, 1, 0 when its win, draw and loss points are all 0, and 3, 2, 1, 0
// when its placing points are empty (season_service.proto Season).
season::LeagueRules LeagueRulesOf(const store::SeasonRecord& season);

// Fills `out` (every field) with the league table of `season` over its events in order, each
// event's scores read from `source`. kNotAllowed with *not_a_league set when no event of the
// season has two clubs with players (the reason "season-not-a-league" of season_service.proto);
// kNotAllowed naming the event when two of its clubs are one club by name; the errors of
// `source` as they are.
Status LeagueTableOf(const store::SeasonRecord& season, const EventScoresSource& source,
                     v1::LeagueTable* out, bool* not_a_league);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_LEAGUE_COMPUTE_H_
