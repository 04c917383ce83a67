// The page of a `skat arena` match (docs/arena.md "The page"): one self-contained HTML5 file
// (inline CSS and SVG, no scripts, nothing fetched from anywhere), every name and spec escaped
// (services/common/html.h): the players and their specs, the rules and the seed, the pairs, the
// ratings, the games declared, and per pair a plot of the differences board by board with the
// running mean and its 99 % band.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_PAGE_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_PAGE_H_

#include <string>

#include "services/cli/arena/arena_match.h"
#include "services/cli/arena/arena_summary.h"

namespace skat::cli {

std::string ArenaPage(const ArenaMatch& match, const ArenaSummary& summary);

// The plot of one pair: per board a dot at its difference, the zero line, the running mean after
// each board and its 99 % band (from the second board on). Inline SVG with a viewBox.
std::string PairPlot(const ArenaPairResult& pair);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_PAGE_H_
