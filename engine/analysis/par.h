// Par for a board (docs/par.md; definitions and decisions in docs/par.md).
//
// The par table: for each seat as declarer and each game the profile allows, the best pad entry
// he secures with all hands open, bids set aside, taking the game each way the profile allows:
//   - hand games (the skat untouched, RULES G4): each announcement the profile allows;
//   - games that take the skat (Tournée, passt mir nicht, Guckser, pickup, Frage): the best of
//     the 66 discards of his 12 cards; Tournée's trump is the board's skat card 1 and passt mir
//     nicht's skat card 2 (a turned jack: its suit or Grand Tournée, two rows).
// A row's value is negative when every way loses (the smallest charge). The open-hand result of
// one way is the highest outcome class the declarer secures (engine/analysis/outcome.h).
//
// The par contract: the row with the highest value (ties to the earlier seat, then the earlier
// row), or all pass (Ramsch, or passed in) when no row has a positive value.
//
// Revolution (a Null Ouvert with the skat untouched, the defenders seeing each other's hands:
// D26, no exchange of cards) is analysed as the Null it is. Uno and Duo (profile options) are not:
// they are won by an exact trick count, which no threshold question answers; they are listed in
// `not_analysed`.
#ifndef SKAT_ENGINE_ANALYSIS_PAR_H_
#define SKAT_ENGINE_ANALYSIS_PAR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/analysis/outcome.h"
#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/profile.h"
#include "engine/solver/solver.h"
#include "engine/value.h"

namespace skat {

// The version of the analysis a par table comes from. Caches key tables by deal number, profile
// and this version: raise it whenever a change could alter any table (a game newly analysed, a
// rule of par, a fix), so that no cache serves a table the engine would no longer compute.
// 1: docs/par.md's first par; 2: Revolution analysed as a Null (D69).
inline constexpr int kParVersion = 2;

// One row: a seat as declarer in one game (handling, type, ouvert), its best way and value.
struct ParEntry {
  Direction declarer = Direction::kForehand;
  // The game, with the announcement of the best way (kNone where none helps).
  Declaration game;
  // The two cards put away in the best way; empty in hand games.
  CardSet discards;
  // The class the best way secures (Null: kNoTrick = won, kSchneidered = took a trick).
  OutcomeClass outcome = OutcomeClass::kNoTrick;
  Matadors matadors;  // over his 12 cards (meaningless in Null)
  int value = 0;      // the pad entry: + the value won, - the charge (bids aside)
  friend bool operator==(const ParEntry&, const ParEntry&) = default;
};

struct ParTable {
  // Rows by seat (forehand, middlehand, rearhand), then by handling, game type and ouvert in the
  // engine's enum order.
  std::vector<ParEntry> entries;
  // The par contract's row, or -1: no seat secures a win, the board is all pass.
  int par = -1;
  // Games of the profile that par does not analyse (Uno, Duo), once each.
  std::vector<Declaration> not_analysed;
  uint64_t nodes = 0;  // solver nodes spent
  bool all_pass() const { return par < 0; }
};

// The par table of `board` under `profile`, searched with `solver` (its table is reused).
// REQUIRES: CheckBoard(board).ok().
ParTable ComputePar(const Profile& profile, const Board& board, Solver& solver);

// "F hearts tournee, with 2, discards S-10 S-K: schneider, +30" and the like.
std::string ToString(const ParEntry& entry);
// The whole table as text, one row per line, the par contract marked; stable (docs/par.md
// "Text form"), so that it can be pinned and cached.
std::string ToString(const ParTable& table);

}  // namespace skat

#endif  // SKAT_ENGINE_ANALYSIS_PAR_H_
