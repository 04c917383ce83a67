// One random game on the engine's unchecked path (deal, contract, 30 cards, valuation): the unit
// of CPU that the service benchmarks divide their CPU per act by, so that figures from different
// machines compare (docs/performance.md "The two ratios the bench prints"). Header-only; engine
// only, no I/O.
#pragma once

#include <time.h>

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/players/random_play.h"
#include "engine/position.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/value.h"

namespace skat::bench {

constexpr int kFloor = 10;  // the lowest bid (RULES B2)

// The k-th lowest card of a set. REQUIRES: k < cards.size().
inline Card KthCard(CardSet cards, uint64_t k) {
  uint32_t bits = cards.bits();
  for (; k > 0; --k) bits &= bits - 1;
  return Card::FromIndex(std::countr_zero(bits));
}

// A uniformly random card of a non-empty set.
inline Card RandomCard(CardSet cards, Rng& rng) { return KthCard(cards, rng.Below(cards.size())); }

// Plays the position to its end with uniformly random legal cards.
inline void PlayOut(Position& pos, Rng& rng) {
  while (!pos.finished()) pos.Play(RandomCard(pos.LegalCards(), rng));
}

// A random nasl-1909 contract on a board, as the card play sees it.
struct Contract {
  Declaration declaration;
  Direction declarer = Direction::kForehand;
  std::array<CardSet, 3> hands;  // the hands that play (the declarer's after discarding)
  CardSet declarer_cards;        // hand + skat: 12 cards, for matadors (RULES N1)
  CardSet extra;                 // the skat or the discards: the declarer's points (RULES N4)
};

// One of seven contracts with equal chance: a hand game in each suit, Grand or Null (RULES G4,
// G5), or a Tournée (G1): skat card 1 names the trump (a jack: its suit or Grand), the declarer
// takes the skat and discards two random cards.
inline Contract RandomContract(const Board& board, Rng& rng) {
  Contract c;
  c.declarer = static_cast<Direction>(rng.Below(3));
  c.hands = board.hands;
  const int d = Index(c.declarer);
  c.declarer_cards = board.hands[d] | board.skat_set();
  c.extra = board.skat_set();
  const uint64_t pick = rng.Below(7);
  if (pick < 6) {
    c.declaration.handling = SkatHandling::kHand;
    c.declaration.type = static_cast<GameType>(pick);
    return c;
  }
  const Card turned = board.skat[0];
  c.declaration.handling = SkatHandling::kTournee;
  c.declaration.type =
      turned.is_jack() && rng.Chance(1, 2) ? GameType::kGrand : SuitGame(turned.suit());
  CardSet held = c.declarer_cards;
  const Card first = RandomCard(held, rng);
  held.remove(first);
  const Card second = RandomCard(held, rng);
  held.remove(second);
  c.hands[d] = held;
  c.extra = CardSet(first) | second;
  return c;
}

// One whole random game on the unchecked path; returns its valuation.
inline Valuation PlayRandomGameUnchecked(const Profile& profile, Rng& rng) {
  const Board board = RandomBoard(rng);
  const Contract c = RandomContract(board, rng);
  Position pos(c.hands, c.declaration.type);
  PlayOut(pos, rng);
  PlayOutcome outcome;
  outcome.declarer_points = pos.taken(c.declarer).points() + c.extra.points();
  outcome.declarer_tricks = pos.tricks_won(c.declarer);
  const Matadors matadors = c.declaration.type == GameType::kNull
                                ? Matadors{}
                                : CountMatadors(c.declarer_cards, c.declaration.type);
  return ValueGameUnchecked(profile, c.declaration, matadors, kFloor, outcome);
}

// This thread's CPU time in seconds.
inline double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU nanoseconds of one random game on this thread (CPU time, as the CPU per act it divides is,
// so that other processes on the machine change it little): the best of `tries` runs of `seconds`
// of CPU each.
inline double RandomGameNanoseconds(double seconds = 0.2, int tries = 5) {
  const Profile& profile = Nasl1909();
  Rng rng(1);
  double best = 0;
  int64_t won = 0;
  for (int t = 0; t < tries; ++t) {
    const double start = ThreadCpuSeconds();
    int64_t games = 0;
    double elapsed = 0;
    do {
      for (int i = 0; i < 256; ++i) won += PlayRandomGameUnchecked(profile, rng).won;
      games += 256;
      elapsed = ThreadCpuSeconds() - start;
    } while (elapsed < seconds);
    const double ns = 1e9 * elapsed / static_cast<double>(games);
    if (best == 0 || ns < best) best = ns;
  }
  // Keeps the games from being optimised away.
  if (won == -1) best += 1;
  return best;
}

}  // namespace skat::bench
