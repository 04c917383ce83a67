#include "engine/sampling/sampling_bot.h"

#include <array>
#include <memory>
#include <vector>

#include "engine/analysis/outcome.h"
#include "engine/bot.h"
#include "engine/bot_internal.h"
#include "engine/random.h"
#include "engine/sampling/worlds.h"
#include "engine/solver/solver.h"
#include "engine/value.h"

namespace skat {
namespace {

// Worlds drawn before the player stops early when every world rated every card alike.
constexpr int kAgreeingWorlds = 4;
// The solver's table per thread: 2^18 entries, 8 MiB.
constexpr int kTableBits = 18;

Solver& ThreadSolver() {
  thread_local std::unique_ptr<Solver> solver = std::make_unique<Solver>(kTableBits);
  return *solver;
}

// The declarer's pad entry per outcome class in one world (his matadors are the world's), with
// the tournament bonus won or lost with the game (Seeger-Fabian).
std::array<double, kOutcomeClassCount> ClassPads(const Profile& profile, const Declaration& d,
                                                 Matadors m, int floor) {
  std::array<double, kOutcomeClassCount> pads{};
  for (int c = 0; c < kOutcomeClassCount; ++c) {
    const Valuation v =
        ValueGameUnchecked(profile, d, m, floor, RepresentativeOutcome(profile, OutcomeClass(c)));
    pads[c] = v.pad + (v.won ? profile.tournament_bonus : -profile.tournament_bonus);
  }
  return pads;
}

// The card among `cards` with the best mean outcome for the seat over sampled worlds; nullopt
// when no world can be drawn (the heuristic plays then).
std::optional<Card> SampledCard(const Profile& profile, const SeatView& view,
                                const WorldSampler& sampler, CardSet cards, Card heuristic,
                                uint64_t hash, int worlds) {
  const Direction declarer = *view.declarer;
  const Declaration& d = *view.declaration;
  const bool null = d.type == GameType::kNull;
  const double sign = declarer == *view.seat ? 1.0 : -1.0;
  std::vector<Card> candidates;
  for (Card c : cards) candidates.push_back(c);
  std::vector<double> sum(candidates.size(), 0.0);
  Solver& solver = ThreadSolver();
  Rng rng(hash);
  bool all_alike = true;
  int drawn = 0;
  for (; drawn < worlds; ++drawn) {
    if (drawn == kAgreeingWorlds && all_alike) break;
    const std::optional<World> w = sampler.Draw(rng);
    if (!w) break;
    const Matadors m = CountMatadors(w->hands[Index(declarer)] | w->skat, d.type);
    const std::array<double, kOutcomeClassCount> pads = ClassPads(profile, d, m, view.floor);
    Position position = sampler.PositionIn(*w);
    const int credited = w->skat.points();  // RULES N4
    double first = 0;
    for (size_t i = 0; i < candidates.size(); ++i) {
      position.Play(candidates[i]);
      const OutcomeClass c = null ? SecuredNullClass(solver, position, declarer)
                                  : SecuredClass(solver, profile, position, declarer, credited);
      position.Undo();
      const double value = sign * pads[static_cast<int>(c)];
      sum[i] += value;
      if (i == 0) first = value;
      if (value != first) all_alike = false;
    }
  }
  if (drawn == 0) return std::nullopt;
  double best = sum[0];
  for (double s : sum) best = std::max(best, s);
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (candidates[i] == heuristic && sum[i] == best) return heuristic;
  }
  return candidates[bot::BestOf(candidates.size(), hash,
                                [&](size_t i) { return sum[i] == best ? 1.0 : 0.0; })];
}

}  // namespace

std::string_view BotLevelName(BotLevel level) {
  return level == BotLevel::kSampling ? "sampling" : "heuristic";
}

std::optional<BotLevel> ParseBotLevel(std::string_view name) {
  if (name == "heuristic") return BotLevel::kHeuristic;
  if (name == "sampling") return BotLevel::kSampling;
  return std::nullopt;
}

Act ChooseSamplingAct(const Profile& profile, const SeatView& view, std::span<const Card> played,
                      std::span<const Act> legal, uint64_t seed, const SamplingOptions& options) {
  const Act heuristic = bot::ChooseHeuristicAct(
      profile, view, legal, seed, {.trump = options.trump_shift, .null = options.null_shift});
  if (view.phase != Phase::kPlaying || heuristic.type != ActType::kPlay) return heuristic;
  if (view.ramsch || !view.declarer || !view.declaration ||
      profile.TargetTricks(*view.declaration) > 0) {
    return heuristic;
  }
  CardSet cards;
  for (const Act& a : legal) {
    if (a.type == ActType::kPlay) cards.add(a.cards[0]);
  }
  if (cards.size() < 2) return heuristic;
  const std::optional<WorldSampler> sampler = WorldSampler::Make(profile, view, played);
  if (!sampler) return heuristic;
  const std::optional<Card> card = SampledCard(profile, view, *sampler, cards, heuristic.cards[0],
                                               bot::ViewHash(view, seed), options.worlds);
  if (!card) return heuristic;
  for (const Act& a : legal) {
    if (a.type == ActType::kPlay && a.cards[0] == *card) return a;
  }
  return heuristic;
}

Act ChooseLevelAct(BotLevel level, const Profile& profile, const SeatView& view,
                   std::span<const Card> played, std::span<const Act> legal, uint64_t seed) {
  if (level == BotLevel::kSampling) {
    return ChooseSamplingAct(profile, view, played, legal, seed, SamplingOptions{});
  }
  return ChooseBotAct(profile, view, legal, seed);
}

}  // namespace skat
