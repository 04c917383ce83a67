// Bots: a heuristic Skat player and two simple opponents, as pure functions of what one seat may
// see (RULES T5, engine/view.h) and the acts it may make now. They keep no memory between calls:
// the same profile, view, legal acts and seed give the same act, so a restarted service or a
// reconnecting client makes identical choices.
//
// ChooseBotAct is the heuristic player: it values its hand for every game class the profile has
// (suit games, Grand, Null, ouvert; Tournée, passt mir nicht, Guckser, hand games, pickup), bids
// up to the value of its best game, chooses the game, the skat handling and the discards, and
// plays the cards as players do (the declarer draws trumps, defenders take tricks with points
// and smear to a winning partner, play low to a lost trick, in Null under the highest card, in
// Ramsch away from points). It says Contra or Re-contra only on strong cards (profiles with
// Contra) and never claims, concedes, raises, resigns, times out (isko's ISS acts) or accepts a
// claim or concession.
//
// PlayOut drives a game to its end with a policy per act (bots, tests, the service's tests).
#ifndef SKAT_ENGINE_PLAYERS_BOT_H_
#define SKAT_ENGINE_PLAYERS_BOT_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "engine/act.h"
#include "engine/game.h"
#include "engine/profile.h"
#include "engine/view.h"

namespace skat {

// The heuristic player's act: one element of `legal`, a pure function of the arguments (ties
// are broken by a hash of the seed and the view).
// REQUIRES: !legal.empty(); view.seat is set and every act in `legal` belongs to view.seat;
// `legal` is what Game::LegalActs(*view.seat) returned for the game `view` was made from.
Act ChooseBotAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                 uint64_t seed);

// A random legal act, drawn as RandomAct draws (engine/players/random_play.h): bids climb slowly
// (half the time pass or hold, else one of the next three values), the card play is nearly always a
// card, claims and concessions are rare; it never resigns or times out (isko). REQUIRES:
// !legal.empty().
Act ChooseRandomAct(std::span<const Act> legal, uint64_t seed);

// The "highest legal card" opponent: in the card play its legal card with the most card points
// (A 10 K Q J 9 8 7; ties by trick power, trumps first). Elsewhere it is simple and never
// reckless: it bids or holds only with two jacks or more and only up to 18 (the lowest legal
// value from 18 on), turns the skat card (Tournée) and accepts it, chooses the turned jack's
// suit, takes the skat where that is the only way, discards its two cards with the fewest
// points, declares its longest suit, and refuses every claim and concession; it never says
// Contra, claims or concedes. REQUIRES: !legal.empty(); as ChooseBotAct.
Act ChooseHighestCardAct(const SeatView& view, std::span<const Act> legal, uint64_t seed);

// A policy: the act for one seat from its view and its legal acts (view.seat is the seat).
using BotPolicy = std::function<Act(const SeatView& view, std::span<const Act> legal)>;

// The seat the driver asks next: game.to_move() if it has legal acts, else the first seat that
// has (the awaited answers to a claim or concession). nullopt when the game is finished.
std::optional<Direction> NextSeat(const Game& game);

// Plays the game to its end: at each step the seat NextSeat names acts with
// policy(ViewOf(game, seat), game.LegalActs(seat)). Returns the first refusal (the policy chose
// an act that is not legal), leaving the game where it stopped; OK when the game finished.
Status PlayOut(Game& game, const BotPolicy& policy);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_BOT_H_
