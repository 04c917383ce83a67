// skat seasons standings: the season table (docs/seasons.md "Season table") as text in the
// reader's language, or as CSV.
#ifndef SKAT_SERVICES_CLI_SEASONS_SEASONS_STANDINGS_H_
#define SKAT_SERVICES_CLI_SEASONS_SEASONS_STANDINGS_H_

#include <string>

#include "services/cli/client.h"
#include "skat/v1/season_service.grpc.pb.h"

namespace skat::cli {

// Prints the table of `season` ("seasons/{season}") in `format` ("text", "csv"); returns the exit
// code.
int SeasonStandings(const ServerOptions& server, const std::string& season,
                    const std::string& format, v1::SeasonService::Stub& stub);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEASONS_SEASONS_STANDINGS_H_
