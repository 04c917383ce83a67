// Ramsch play-outs for the sampling player (docs/bots.md "Ramsch"). In Ramsch every seat plays for
// itself, a game the open-hand solver has no two-sided question for that pays: the paranoid
// question (the other two load the seat) was measured no stronger than the heuristic. So a card
// is valued per world by playing the game out: the world's deal, every seat passing (RULES B3),
// the cards played so far and the card, then the heuristic (engine/bot.h) for every seat to the
// end, valued as the profile charges the seat (RULES N10).
#ifndef SKAT_ENGINE_SAMPLING_RAMSCH_ROLLOUT_H_
#define SKAT_ENGINE_SAMPLING_RAMSCH_ROLLOUT_H_

#include <cstdint>
#include <span>

#include "engine/board.h"
#include "engine/card.h"
#include "engine/profile.h"
#include "engine/sampling/worlds.h"

namespace skat {

// The seat's pad entry at the end of the play-out (0, or minus its charge) less a hundredth of
// its card points (among equal charges, fewer points are the safer margin). The same arguments
// give the same value. REQUIRES: the profile has Ramsch; `played` then `card` is a legal card
// play in world `w` (its hands as dealt, its skat).
double RamschRolloutValue(const Profile& profile, const World& w, std::span<const Card> played,
                          Card card, Direction seat, uint64_t seed);

}  // namespace skat

#endif  // SKAT_ENGINE_SAMPLING_RAMSCH_ROLLOUT_H_
