// What a person types for a player (docs/cli.md "Names"): the resource name
// ("events/E/players/p-..."), the player's id, the player's number in the event's list (1 first,
// as `skat players list` numbers them: the order of adding), or the display name (letter case and
// surrounding spaces ignored). A name two players share is refused as ambiguous, naming both.
#ifndef SKAT_SERVICES_CLI_EVENTS_PLAYER_NAMES_H_
#define SKAT_SERVICES_CLI_EVENTS_PLAYER_NAMES_H_

#include <string>
#include <string_view>

#include "engine/status.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

// The resource name of the player `typed` names among `known` (ListPlayers of the event, every
// page). kNotFound for no such player, kInvalidArgument for an ambiguous name; both messages
// quote what was typed.
Result<std::string> ResolvePlayer(const v1::ListPlayersResponse& known, std::string_view typed);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_EVENTS_PLAYER_NAMES_H_
