// Play-outs for the sampling player (docs/bots.md): a card valued per world by playing the game out
// with the heuristic (engine/players/bot.h) for every seat, where the open-hand solver has no
// question that pays:
//   - Ramsch (RULES N10), where every seat plays for itself (the paranoid question, the other two
//     loading the seat, was measured no stronger than the heuristic);
//   - the games won by an exact trick count (Uno, Duo).
// The game is rebuilt in the world: its deal, the bidding as the view shows it, the declaration,
// the cards played so far and the card; then the heuristic plays every seat to the end.
#ifndef SKAT_ENGINE_PLAYERS_PLAY_OUT_H_
#define SKAT_ENGINE_PLAYERS_PLAY_OUT_H_

#include <cstdint>
#include <optional>
#include <span>

#include "engine/card.h"
#include "engine/players/worlds.h"
#include "engine/profile.h"
#include "engine/view.h"

namespace skat {

// Whether the view's game is one the sampling player plays out: a Ramsch, or a declared hand
// game won by an exact trick count (its skat untouched, so a world's hands are its deal).
bool PlaysOut(const Profile& profile, const SeatView& view);

// The value for the view's seat at the end of the play-out: in Ramsch its pad entry (0, or minus
// its charge) less a hundredth of its card points (among equal charges the safer margin); in a
// declarer's game the declarer's pad entry, negated for a defender. The same arguments give the
// same value. nullopt when the game cannot be rebuilt in `w` (an act refused).
// REQUIRES: PlaysOut(profile, view); `played` then `card` are the card play so far and a card the
// seat may play.
std::optional<double> PlayOutValue(const Profile& profile, const SeatView& view, const World& w,
                                   std::span<const Card> played, Card card, uint64_t seed);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_PLAY_OUT_H_
