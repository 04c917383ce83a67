#include "services/cli/arena/arena_players.h"

#include <cassert>

#include "engine/players/bot.h"
#include "engine/players/sampling_bot.h"

namespace skat::cli {
namespace {

constexpr size_t kMaxPlayerName = 40;

bool PrintableName(std::string_view text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

}  // namespace

std::string ArenaSpecs() { return "sampling, heuristic, random, highest, exec:COMMAND ARGS..."; }

Result<ArenaPlayer> ParseArenaPlayer(std::string_view text) {
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    return Status::InvalidArgument("not NAME=SPEC (e.g. a=heuristic, b=exec:./my-bot)");
  }
  ArenaPlayer p;
  p.name = std::string(text.substr(0, eq));
  p.spec = std::string(text.substr(eq + 1));
  if (p.name.empty() || p.name.size() > kMaxPlayerName || !PrintableName(p.name) ||
      p.name.front() == ' ' || p.name.back() == ' ') {
    return Status::InvalidArgument(
        "a player's name is 1 to 40 characters, without control characters or spaces at either "
        "end");
  }
  if (p.spec == "sampling") {
    p.kind = ArenaKind::kSampling;
  } else if (p.spec == "heuristic") {
    p.kind = ArenaKind::kHeuristic;
  } else if (p.spec == "random") {
    p.kind = ArenaKind::kRandom;
  } else if (p.spec == "highest") {
    p.kind = ArenaKind::kHighest;
  } else if (p.spec.rfind("exec:", 0) == 0) {
    p.kind = ArenaKind::kOutside;
    p.command = p.spec.substr(5);
    if (p.command.find_first_not_of(' ') == std::string::npos) {
      return Status::InvalidArgument("exec: needs a command (exec:COMMAND ARGS...)");
    }
    if (!PrintableName(p.command)) {
      return Status::InvalidArgument("exec: the command holds a control character");
    }
  } else {
    return Status::InvalidArgument("unknown spec '" + p.spec + "'; known: " + ArenaSpecs());
  }
  return p;
}

ArenaPolicy EnginePolicy(const ArenaPlayer& player, const Profile& profile) {
  const Profile* rules = &profile;
  switch (player.kind) {
    case ArenaKind::kSampling:
    case ArenaKind::kHeuristic: {
      const BotLevel level =
          player.kind == ArenaKind::kSampling ? BotLevel::kSampling : BotLevel::kHeuristic;
      return [rules, level](const SeatView& view, std::span<const Card> played,
                            std::span<const Act> legal, uint64_t seed) {
        return ChooseLevelAct(level, *rules, view, played, legal, seed);
      };
    }
    case ArenaKind::kRandom:
      return [](const SeatView&, std::span<const Card>, std::span<const Act> legal, uint64_t seed) {
        return ChooseRandomAct(legal, seed);
      };
    case ArenaKind::kHighest:
      return [](const SeatView& view, std::span<const Card>, std::span<const Act> legal,
                uint64_t seed) { return ChooseHighestCardAct(view, legal, seed); };
    case ArenaKind::kOutside: break;
  }
  assert(false && "EnginePolicy of an outside program");
  return nullptr;
}

BotPolicy DriverPolicy(const ArenaPlayer& player) {
  assert(!player.outside());
  switch (player.kind) {
    case ArenaKind::kSampling: return BotPolicy::kSampling;
    case ArenaKind::kRandom: return BotPolicy::kRandom;
    case ArenaKind::kHighest: return BotPolicy::kHighest;
    default: return BotPolicy::kBot;
  }
}

std::string FileSafeName(std::string_view name) {
  std::string out;
  for (char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == '-' || c == '_';
    out += keep ? c : '_';
  }
  return out;
}

}  // namespace skat::cli
