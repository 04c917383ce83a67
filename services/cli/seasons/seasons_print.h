// What `skat seasons` prints (docs/cli.md "Seasons"): a season with its rules, in the reader's
// language (docs/i18n.md).
#ifndef SKAT_SERVICES_CLI_SEASONS_SEASONS_PRINT_H_
#define SKAT_SERVICES_CLI_SEASONS_SEASONS_PRINT_H_

#include <cstdint>
#include <ostream>
#include <string>

#include "skat/v1/season_service.pb.h"

namespace skat::cli {

// The season's name, display name and registry on one line.
void PrintSeasonLine(const v1::Season& season, std::ostream& out);
// The line, then its rules and its events, one per line.
void PrintSeason(const v1::Season& season, std::ostream& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEASONS_SEASONS_PRINT_H_
