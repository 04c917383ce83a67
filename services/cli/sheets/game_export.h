// A table's games in the formats other tools read: the project's game-record format
// (docs/game-records.md; `skat replay` and `skat analyse` read it) and ISS records
// (docs/iss-game-records.md; `skat import-iss` reads them). Each finished game with an act log
// (online or imported) is replayed from its deal number and acts under the event's profile and
// written; a game still in play, or one played with real cards (a result without acts), is left
// out with a note on `notes`.
#ifndef SKAT_SERVICES_CLI_SHEETS_GAME_EXPORT_H_
#define SKAT_SERVICES_CLI_SHEETS_GAME_EXPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "engine/status.h"
#include "skat/v1/table_service.pb.h"

namespace skat::cli {

enum class GameFormat { kRecord, kIss };

// The games of `games` (a table's ListGames pages, `table` its name) in `format`. An ISS
// record names its players (P0 forehand, P1, P2) by `chair_names` (chair 1 first; "chair N"
// where a name is missing), each direction's chair read from the acts it made, and takes the
// board's number as its ID. kInvalidArgument when a logged act does not replay (a damaged log).
Result<std::string> ExportGames(const Profile& profile, const std::string& table,
                                const std::vector<std::string>& chair_names,
                                const v1::ListGamesResponse& games, GameFormat format,
                                std::ostream& notes);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SHEETS_GAME_EXPORT_H_
