// A season's money from its events' placings and its season table (docs/seasons.md "Money"):
// what the statements answer and the export's money columns read. The arithmetic is the
// engine's (engine/season/money.h); this file says who each player's statement is.
#ifndef SKAT_SERVICES_SEASON_SEASON_MONEY_H_
#define SKAT_SERVICES_SEASON_SEASON_MONEY_H_

#include <map>
#include <string>
#include <vector>

#include "engine/season/money.h"
#include "engine/status.h"
#include "services/season/event_placings.h"
#include "services/store/season_store.h"

namespace skat::service {

// Whether the season has money: an entry fee or a loss fee (docs/seasons.md "Money").
bool HasMoney(const store::SeasonRecord& season);

// The season's money rules for the engine.
season::MoneyRules MoneyRulesOf(const store::SeasonRecord& season);

// Whose statement a placing is on: the person's name ("registries/{r}/persons/{p}") for a player
// linked to a person the registry does not hide, else the player's
// ("events/{event}/players/{player}").
std::string HolderOf(const EventPlacing& placing, const std::string& event_id);

// A ranked person of the season table: the person's name and rank (rank 0, unranked, is not
// passed).
struct PotPlacing {
  std::string person;  // "registries/{r}/persons/{p}"
  int rank = 1;
};

struct SeasonMoneyResult {
  season::SeasonMoney money;
  std::map<std::string, std::string> display_names;  // holder -> the name to show
};

// The money of `events` (the season's events in order, with their placings) and the season pot
// over `pot`. kInvalidArgument from the engine for rules it refuses.
Result<SeasonMoneyResult> ComputeSeasonMoney(const store::SeasonRecord& season,
                                             const std::vector<EventPlacings>& events,
                                             const std::vector<PotPlacing>& pot);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_SEASON_MONEY_H_
