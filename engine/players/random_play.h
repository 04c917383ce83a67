// Random legal play: a random board and a random legal act, for property tests, benchmarks and
// the demo. Acts are drawn so that games look like games (bids climb slowly, claims and
// concessions are rare) while every act type still occurs.
#ifndef SKAT_ENGINE_PLAYERS_RANDOM_PLAY_H_
#define SKAT_ENGINE_PLAYERS_RANDOM_PLAY_H_

#include "engine/act.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/random.h"

namespace skat {

// A uniformly random board (a shuffled pack).
Board RandomBoard(Rng& rng);

// One of game.LegalActs(). REQUIRES: !game.finished().
Act RandomAct(const Game& game, Rng& rng);

// Plays the game to its end with RandomAct.
void PlayOutRandomly(Game& game, Rng& rng);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_RANDOM_PLAY_H_
