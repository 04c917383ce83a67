// The players of `skat arena` (docs/arena.md): "NAME=SPEC" as the command line gives them, and
// each engine player as the arena's policy (engine/players/duplicate.h) or as the seat driver's
// (services/cli/seat/bot_driver.h).
//
// SPEC is one of the engine's players, `sampling` (engine/players/sampling_bot.h), `heuristic`
// (engine/players/bot.h ChooseBotAct), `random` (ChooseRandomAct) or `highest`
// (ChooseHighestCardAct), or `exec:COMMAND ARGS...`, an outside program that plays a seat through
// skatd (docs/arena.md "Through skatd"): COMMAND ARGS... is read by /bin/sh, so it may quote.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_PLAYERS_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_PLAYERS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/players/duplicate.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "services/cli/seat/bot_driver.h"

namespace skat::cli {

enum class ArenaKind { kSampling, kHeuristic, kRandom, kHighest, kOutside };

struct ArenaPlayer {
  std::string name;  // as given: 1..40 bytes, no control characters, no outer spaces
  std::string spec;  // the text after '='
  ArenaKind kind = ArenaKind::kHeuristic;
  std::string command;  // kOutside: the text after "exec:"

  bool outside() const { return kind == ArenaKind::kOutside; }
};

// Reads "NAME=SPEC". kInvalidArgument naming the rule that `text` breaks (no '=', an empty or
// unprintable name, an unknown spec, "exec:" without a command); the message does not repeat
// `text`.
Result<ArenaPlayer> ParseArenaPlayer(std::string_view text);

// "sampling, heuristic, random, highest, exec:COMMAND ARGS...": for help and messages.
std::string ArenaSpecs();

// The engine player as the arena's policy under `profile`. REQUIRES: !player.outside();
// `profile` outlives the policy.
ArenaPolicy EnginePolicy(const ArenaPlayer& player, const Profile& profile);

// The engine player as the seat driver plays it. REQUIRES: !player.outside().
BotPolicy DriverPolicy(const ArenaPlayer& player);

// The name made safe for a file name: ASCII letters, digits, '.', '-' and '_' kept, every other
// byte '_'.
std::string FileSafeName(std::string_view name);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_PLAYERS_H_
