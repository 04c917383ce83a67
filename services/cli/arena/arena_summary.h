// The statistics of a `skat arena` match (docs/arena.md "Statistics") and their text forms: per
// pair of players the difference per board with its 99 % interval (engine/players/arena_stats.h),
// the Bradley-Terry ratings, and the games each player declared by class; the printed summary
// and the CSV (one line per board and pair). Deterministic: the same match gives the same text.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_SUMMARY_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_SUMMARY_H_

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "engine/players/arena_stats.h"
#include "services/cli/arena/arena_match.h"

namespace skat::cli {

struct ArenaPairResult {
  int x = 0;  // x over y: PairDifference(games, x, y)
  int y = 1;
  std::vector<double> diffs;  // per board
  MeanInterval interval;      // 99 %
};

// The declarer games of one player (the seats it held as declarer), by class.
struct ArenaClassMix {
  std::array<int, 3> declared{};  // suit, grand, null
  std::array<int, 3> won{};
};

struct ArenaSummary {
  std::vector<ArenaPairResult> pairs;  // in Pairs() order
  std::vector<Rating> ratings;         // per player
  std::vector<ArenaClassMix> mix;      // per player
  int games = 0;                       // boards x 6
  int passed = 0;                      // passed in
  int ramsch = 0;
};

// REQUIRES: match.boards is not empty; every board has the games of Seatings(players).
ArenaSummary Summarize(const ArenaMatch& match);

// "+12.34" / "-0.50" / "+0.00": fixed decimals with a sign.
std::string SignedFixed(double value, int decimals);

// The summary: the header (players, rules, seed), the pairs, the ratings and the class mix;
// then the timing line, which alone depends on the machine ("N boards (G games) in S s: B
// boards/s, <how>").
void PrintArenaSummary(const ArenaMatch& match, const ArenaSummary& summary, std::ostream& out);
std::string TimingLine(const ArenaMatch& match);

// "board,deal,x,y,difference" and one LF-ended line per board and pair, x over y, written
// through services/common/csv.h (names as text cells: quoted as RFC 4180 needs, with a ' in front
// of a name a spreadsheet would run as a formula).
std::string ArenaCsv(const ArenaMatch& match, const ArenaSummary& summary);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_SUMMARY_H_
