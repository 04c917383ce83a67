#include "engine/players/sampling_bot.h"

#include <array>
#include <memory>
#include <vector>

#include "engine/analysis/outcome.h"
#include "engine/players/bot.h"
#include "engine/players/bot_internal.h"
#include "engine/players/play_out.h"
#include "engine/players/worlds.h"
#include "engine/random.h"
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

// The card among `cards` with the best mean value for the seat over sampled worlds, each card
// valued in each world by `value(k, world, position after the card, nodes)` (k counts the worlds;
// the value adds the nodes its searches visited); no world is drawn once options.node_budget is
// spent. nullopt when no world can be drawn or a value cannot be had (the heuristic plays then).
template <typename Value>
std::optional<Card> SampledCard(const WorldSampler& sampler, CardSet cards, Card heuristic,
                                uint64_t hash, const SamplingOptions& options, Value value) {
  std::vector<Card> candidates;
  for (Card c : cards) candidates.push_back(c);
  std::vector<double> sum(candidates.size(), 0.0);
  Rng rng(hash);
  bool all_alike = true;
  int drawn = 0;
  uint64_t nodes = 0;
  for (; drawn < options.worlds && nodes < options.node_budget; ++drawn) {
    if (drawn == kAgreeingWorlds && all_alike) break;
    const std::optional<World> w = sampler.Draw(rng);
    if (!w) break;
    Position position = sampler.PositionIn(*w);
    double first = 0;
    for (size_t i = 0; i < candidates.size(); ++i) {
      position.Play(candidates[i]);
      const std::optional<double> value_of = value(drawn, *w, position, nodes);
      position.Undo();
      if (!value_of) return std::nullopt;
      const double v = *value_of;
      sum[i] += v;
      if (i == 0) first = v;
      if (v != first) all_alike = false;
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

// A declarer's game: the class the declarer secures, at its pad entry in the world (with the
// world's matadors) for the declarer and minus that for a defender.
std::optional<Card> SampledGameCard(const Profile& profile, const SeatView& view,
                                    const WorldSampler& sampler, CardSet cards, Card heuristic,
                                    uint64_t hash, const SamplingOptions& options) {
  const Direction declarer = *view.declarer;
  const Declaration& d = *view.declaration;
  const bool null = d.type == GameType::kNull;
  const double sign = declarer == *view.seat ? 1.0 : -1.0;
  Solver& solver = ThreadSolver();
  // The pads of the world last valued (the candidates of one world share them).
  int pads_of = -1;
  std::array<double, kOutcomeClassCount> pads{};
  return SampledCard(
      sampler, cards, heuristic, hash, options,
      [&](int k, const World& w, const Position& position, uint64_t& nodes) {
        if (pads_of != k) {
          const Matadors m = CountMatadors(w.hands[Index(declarer)] | w.skat, d.type);
          pads = ClassPads(profile, d, m, view.floor);
          pads_of = k;
        }
        const int credited = w.skat.points();  // RULES N4
        const OutcomeClass c =
            null ? SecuredNullClass(solver, position, declarer, &nodes)
                 : SecuredClass(solver, profile, position, declarer, credited, &nodes);
        return std::optional<double>(sign * pads[static_cast<int>(c)]);
      });
}

// Ramsch and the games won by an exact trick count: each world played out by the heuristic
// (engine/players/play_out.h).
std::optional<Card> PlayedOutCard(const Profile& profile, const SeatView& view,
                                  std::span<const Card> played, const WorldSampler& sampler,
                                  CardSet cards, Card heuristic, uint64_t hash,
                                  const SamplingOptions& options) {
  return SampledCard(sampler, cards, heuristic, hash, options,
                     [&](int k, const World& w, const Position& position, uint64_t&) {
                       const Card card = position.played(position.cards_played() - 1);
                       return PlayOutValue(profile, view, w, played, card,
                                           MixSeeds(hash, static_cast<uint64_t>(k)));
                     });
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
  const bool plays_out = PlaysOut(profile, view);
  if (!plays_out && (!view.declarer || !view.declaration)) return heuristic;
  CardSet cards;
  for (const Act& a : legal) {
    if (a.type == ActType::kPlay) cards.add(a.cards[0]);
  }
  if (cards.size() < 2) return heuristic;
  const std::optional<WorldSampler> sampler = WorldSampler::Make(profile, view, played);
  if (!sampler) return heuristic;
  const uint64_t hash = bot::ViewHash(view, seed);
  const std::optional<Card> card =
      plays_out
          ? PlayedOutCard(profile, view, played, *sampler, cards, heuristic.cards[0], hash, options)
          : SampledGameCard(profile, view, *sampler, cards, heuristic.cards[0], hash, options);
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
