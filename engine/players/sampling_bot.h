// The sampling player (perfect-information Monte Carlo, after Kupferschmid and Helmert 2006 and
// Buro et al.'s Kermit; docs/bots.md): in the card play it draws worlds consistent with what its
// seat has seen (engine/players/worlds.h), solves each candidate card in each world with all
// hands open (engine/solver/solver.h), and plays the card whose outcome is best on average. The
// outcome is the class the declarer secures (engine/analysis/outcome.h) valued as the profile
// values it at the bid (the declarer maximises it, the defenders minimise it). In Ramsch, where
// each seat plays for itself, and in the games won by an exact trick count (Uno, Duo), each world
// is played out by the heuristic instead (engine/players/play_out.h) and valued by its result.
// The heuristic's card (engine/players/bot.h) is kept among equal cards, so that the player plays
// naturally where the worlds see no difference.
//
// Everything before the card play (bidding, the skat, discards, the game), Contra and answers to
// proposals use the heuristic's valuation, calibrated to this player's card play (the shifts).
//
// A pure function of its arguments: the same seed, view and memory give the same act, and
// different seeds draw different worlds, so tables of these players do not all play a board
// alike. Each thread keeps its own solver (its table holds only proven bounds, which never change
// an answer).
#ifndef SKAT_ENGINE_PLAYERS_SAMPLING_BOT_H_
#define SKAT_ENGINE_PLAYERS_SAMPLING_BOT_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/act.h"
#include "engine/profile.h"
#include "engine/view.h"

namespace skat {

// The engine's players: the heuristic (engine/players/bot.h ChooseBotAct) and the sampling player.
enum class BotLevel : uint8_t { kHeuristic = 0, kSampling = 1 };
// "heuristic", "sampling".
std::string_view BotLevelName(BotLevel level);
std::optional<BotLevel> ParseBotLevel(std::string_view name);

struct SamplingOptions {
  // Worlds drawn per card decision (fewer when every world so far rates all cards alike).
  int worlds = 16;
  // No further world is drawn once a decision's searches have visited this many nodes (the
  // world begun is finished): the decision time's ceiling, counted in nodes so that the act
  // stays a function of the arguments (docs/bots.md).
  uint64_t node_budget = 2'000'000;
  // The valuation's calibration to this card play (docs/bots.md): added to the strength of a
  // suit game or Grand, and to minus the danger of a Null, before either becomes a chance.
  double trump_shift = 0.3;
  double null_shift = -1.0;
};

// The sampling player's act. `played`: the cards played in this game so far, in order (the
// seat's memory: engine/players/play_memory.h); when it does not fit the view the card is the
// heuristic's. REQUIRES: as ChooseBotAct.
Act ChooseSamplingAct(const Profile& profile, const SeatView& view, std::span<const Card> played,
                      std::span<const Act> legal, uint64_t seed, const SamplingOptions& options);

// The act of the player at `level` (the heuristic ignores `played`).
Act ChooseLevelAct(BotLevel level, const Profile& profile, const SeatView& view,
                   std::span<const Card> played, std::span<const Act> legal, uint64_t seed);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_SAMPLING_BOT_H_
