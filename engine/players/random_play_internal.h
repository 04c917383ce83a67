// The random draws that RandomAct (random_play.cc) and the random bench opponent ChooseRandomAct
// (bot.cc) share, so that both draw card play and the skat decision alike. Not part of the
// engine's API; only those two files include it.
//
// Every function draws from `rng` in a fixed order that property tests, perft-style counts and
// benchmarks pin (their seeds replay exact games): change a draw and those numbers change.
#ifndef SKAT_ENGINE_PLAYERS_RANDOM_PLAY_INTERNAL_H_
#define SKAT_ENGINE_PLAYERS_RANDOM_PLAY_INTERNAL_H_

#include <span>
#include <vector>

#include "engine/act.h"
#include "engine/random.h"

namespace skat::random_play {

// One of `acts`, uniformly (one draw). REQUIRES: !acts.empty().
const Act& Pick(std::span<const Act> acts, Rng& rng);

// The acts of one type, in their order.
std::vector<Act> OfType(std::span<const Act> acts, ActType type);

// An act of the card play: where Contra or Re-contra is legal, one of them 1 time in 20 (that
// number is drawn only then); else a card 199 times in 200 (with no draw when only cards are
// legal), else one of the other acts (claims, concessions, raises); each pick uniform.
// REQUIRES: `acts` holds a kPlay.
Act DrawPlayingAct(std::span<const Act> acts, Rng& rng);

// First the kind of act, weighted roughly as players choose at the skat decision (Tournée and
// taking the skat 5, a declaration 4, any other kind 1) among the kinds in the order they first
// occur in `acts`, then one act of that kind, uniformly. REQUIRES: !acts.empty().
Act DrawWeightedKindAct(std::span<const Act> acts, Rng& rng);

}  // namespace skat::random_play

#endif  // SKAT_ENGINE_PLAYERS_RANDOM_PLAY_INTERNAL_H_
