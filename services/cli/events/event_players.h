// An event's clubs and players as `skat` reads them: every page of ListPlayers, and the display
// name of each player by resource name.
#ifndef SKAT_SERVICES_CLI_EVENTS_EVENT_PLAYERS_H_
#define SKAT_SERVICES_CLI_EVENTS_EVENT_PLAYERS_H_

#include <map>
#include <string>

#include "services/cli/client.h"
#include "skat/v1/event_service.pb.h"

namespace skat::cli {

// Reads every page of the event's clubs and players into *out. Returns 0, or the exit code after
// "skat <what>: ..." for a call that failed.
int ListEventPlayers(const ServerOptions& server, const std::string& what, const std::string& event,
                     v1::ListPlayersResponse* out);

// Player resource name -> display name.
std::map<std::string, std::string> DisplayNames(const v1::ListPlayersResponse& players);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_EVENTS_EVENT_PLAYERS_H_
