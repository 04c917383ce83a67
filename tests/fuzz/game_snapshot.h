// A canonical text snapshot of everything a Game shows through its public interface
// (docs/reliability.md "Hostile input"; RULES P1: an illegal act leaves the
// game unchanged).
//
// The snapshot holds the phase, the accepted acts with every field (also the fields their type does
// not use), the bidding, the declarer, the declaration, the skat handling and the turned and
// looked-at skat cards, the discards, every hand and exposed hand, the proposal, Contra and
// Re-contra, the card play (every card and who played it, the tricks taken), the seat to move, the
// legal acts (all, and per seat), every seat's view and the public view (engine/view.h), and the
// result once finished. Two snapshots of one game are equal exactly when no observable state
// differs. Used by the act fuzzer (game_act_fuzz.cc).
#ifndef SKAT_TESTS_FUZZ_GAME_SNAPSHOT_H_
#define SKAT_TESTS_FUZZ_GAME_SNAPSHOT_H_

#include <string>

#include "engine/act.h"
#include "engine/game.h"

namespace skat::fuzz {

// Every field of the act, unused ones included, as numbers: "[type.seat.bid.card0.card1.trump.
// handling/type/ouvert/announced.accept]", e.g. "[0.1.18.0.0.4.0/4/0/0.0]".
std::string RawActText(const Act& act);

// The canonical snapshot (see above). Lines of text, so that a difference is easy to read.
std::string Snapshot(const Game& game);

}  // namespace skat::fuzz

#endif  // SKAT_TESTS_FUZZ_GAME_SNAPSHOT_H_
