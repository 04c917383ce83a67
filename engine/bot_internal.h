// Internals of the heuristic bot shared by bot.cc (entry points, opponents, driver),
// bot_eval.cc (hand valuation: bidding, the skat, discards, declarations) and bot_play.cc (the
// card play). Not part of the engine's API; only these files include it.
#ifndef SKAT_ENGINE_BOT_INTERNAL_H_
#define SKAT_ENGINE_BOT_INTERNAL_H_

#include <cstdint>
#include <optional>
#include <span>

#include "engine/act.h"
#include "engine/profile.h"
#include "engine/view.h"

namespace skat::bot {

// SplitMix64's finaliser over a ^ (b + constant): the tie-break hash.
constexpr uint64_t Mix(uint64_t a, uint64_t b) {
  uint64_t z = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

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

// Hand valuation (bot_eval.cc).

// Strength of a declarer's cards in a suit game or Grand, in rough trick equivalents (a trump
// about one, the jacks and side aces more). REQUIRES: type is a suit game or Grand.
double TrumpStrength(CardSet cards, GameType type, bool forehand);
// Null: how far the cards of each suit stand above the safe pattern 7 9 J K (0 = no suit can be
// forced to take a trick).
int NullDanger(CardSet cards);

// The bidding act: hold or bid the next value while the best game is worth it, else pass.
Act ChooseBid(const Profile& profile, const SeatView& view, std::span<const Act> legal,
              uint64_t hash);
// The declarer's acts from the end of the bidding to the first card: Tournée, passt mir nicht,
// Guckser, taking the skat, the turned jack's game, the discards, the declaration.
Act ChooseGameAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                  uint64_t hash);
// Contra (a defender) or Re-contra (the declarer) when the cards promise it; nullopt otherwise.
std::optional<Act> ChooseDouble(const Profile& profile, const SeatView& view,
                                std::span<const Act> legal);

// The card play (bot_play.cc). REQUIRES: view.phase is kPlaying, legal_cards non-empty.
Card ChooseCard(const SeatView& view, CardSet legal_cards, uint64_t hash);

}  // namespace skat::bot

#endif  // SKAT_ENGINE_BOT_INTERNAL_H_
