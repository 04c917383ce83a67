// Internals of the heuristic bot shared by bot.cc (entry points, opponents, driver),
// bot_eval.cc (hand valuation: bidding, the skat, discards, declarations) and bot_play.cc (the
// card play). Not part of the engine's API; only these files and the sampling player
// (engine/players/), which shares the valuation, include it.
#ifndef SKAT_ENGINE_PLAYERS_BOT_INTERNAL_H_
#define SKAT_ENGINE_PLAYERS_BOT_INTERNAL_H_

#include <cstdint>
#include <optional>
#include <span>

#include "engine/act.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/view.h"

namespace skat::bot {

// The tie-break hash (engine/random.h MixSeeds).
constexpr uint64_t Mix(uint64_t a, uint64_t b) { return MixSeeds(a, b); }

// A hash of the seed and everything in the view a decision reads.
uint64_t ViewHash(const SeatView& view, uint64_t seed);

// The index of the best-scoring of n candidates; equal scores are ordered by Mix(hash, index),
// so ties fall the same way for the same seed and view. REQUIRES: n > 0.
template <typename Score>
size_t BestOf(size_t n, uint64_t hash, Score score) {
  size_t best = 0;
  double best_score = score(size_t{0});
  uint64_t best_tie = Mix(hash, 0);
  for (size_t i = 1; i < n; ++i) {
    const double s = score(i);
    const uint64_t tie = Mix(hash, i);
    if (s > best_score || (s == best_score && tie > best_tie)) {
      best = i;
      best_score = s;
      best_tie = tie;
    }
  }
  return best;
}

// The valuation's calibration: added to every strength of a suit game or Grand (`trump`) and
// to minus the danger of a Null (`null`) before it becomes a chance of winning. The fits are the
// heuristic's card play ({0, 0}); another card play wins more or fewer games of the same
// strength (docs/bots.md).
struct Calibration {
  double trump = 0;
  double null = 0;
};

// ChooseBotAct with the valuation calibrated by `shift`.
Act ChooseHeuristicAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                       uint64_t seed, Calibration shift);

// Hand valuation (bot_eval.cc).

// Strength of a declarer's cards in a suit game or Grand, in rough trick equivalents (a trump
// about one, the jacks and side aces more). REQUIRES: type is a suit game or Grand.
double TrumpStrength(CardSet cards, GameType type, bool forehand);
// Null: how far the cards of each suit stand above the safe pattern 7 9 J K (0 = no suit can be
// forced to take a trick).
int NullDanger(CardSet cards);

// The bidding act: hold or bid the next value while the best game is worth it, else pass.
Act ChooseBid(const Profile& profile, const SeatView& view, std::span<const Act> legal,
              uint64_t hash, Calibration shift);
// The declarer's acts from the end of the bidding to the first card: Tournée, passt mir nicht,
// Guckser, taking the skat, the turned jack's game, the discards, the declaration.
Act ChooseGameAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                  uint64_t hash, Calibration shift);
// The heuristic's chance (uncalibrated) that a declarer wins game d with `hand` (his ten cards when
// the card play begins) and `skat` (the skat of a hand game, else his discards).
double DeclarationChance(const Declaration& d, CardSet hand, CardSet skat, bool forehand);
// Contra (a defender) or Re-contra (the declarer) when the cards promise it; nullopt otherwise.
std::optional<Act> ChooseDouble(const Profile& profile, const SeatView& view,
                                std::span<const Act> legal);

// The card play (bot_play.cc). REQUIRES: view.phase is kPlaying, legal_cards non-empty.
Card ChooseCard(const SeatView& view, CardSet legal_cards, uint64_t hash);

}  // namespace skat::bot

#endif  // SKAT_ENGINE_PLAYERS_BOT_INTERNAL_H_
