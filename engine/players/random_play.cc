#include "engine/players/random_play.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "engine/players/random_play_internal.h"

namespace skat {
namespace random_play {

const Act& Pick(std::span<const Act> acts, Rng& rng) { return acts[rng.Below(acts.size())]; }

std::vector<Act> OfType(std::span<const Act> acts, ActType type) {
  std::vector<Act> out;
  for (const Act& a : acts) {
    if (a.type == type) out.push_back(a);
  }
  return out;
}

Act DrawPlayingAct(std::span<const Act> acts, Rng& rng) {
  // Contra and Re-contra (000 §11) now and then, where the profile has them; the random number
  // is drawn only then, so other profiles' games stay as they were.
  std::vector<Act> doubles = OfType(acts, ActType::kContra);
  for (const Act& a : OfType(acts, ActType::kRecontra)) doubles.push_back(a);
  if (!doubles.empty() && rng.Chance(1, 20)) return Pick(doubles, rng);
  const std::vector<Act> plays = OfType(acts, ActType::kPlay);
  if (plays.size() == acts.size() || rng.Chance(199, 200)) return Pick(plays, rng);
  std::vector<Act> others;
  for (const Act& a : acts) {
    if (a.type != ActType::kPlay) others.push_back(a);
  }
  return Pick(others, rng);
}

Act DrawWeightedKindAct(std::span<const Act> acts, Rng& rng) {
  auto weight = [](ActType t) {
    switch (t) {
      case ActType::kTurnSkatCard: return 5;
      case ActType::kTakeSkat: return 5;
      case ActType::kDeclare: return 4;
      default: return 1;
    }
  };
  std::vector<ActType> kinds;
  int total = 0;
  for (const Act& a : acts) {
    if (std::find(kinds.begin(), kinds.end(), a.type) == kinds.end()) {
      kinds.push_back(a.type);
      total += weight(a.type);
    }
  }
  // r falls in the k-th kind's share of [0, total).
  int r = static_cast<int>(rng.Below(static_cast<uint64_t>(total)));
  size_t k = 0;
  for (; r >= weight(kinds[k]); ++k) r -= weight(kinds[k]);
  return Pick(OfType(acts, kinds[k]), rng);
}

}  // namespace random_play

using random_play::OfType;
using random_play::Pick;

Board RandomBoard(Rng& rng) {
  std::array<Card, kCardCount> pack;
  for (int i = 0; i < kCardCount; ++i) pack[i] = Card::FromIndex(i);
  for (int i = kCardCount - 1; i > 0; --i) std::swap(pack[i], pack[rng.Below(i + 1)]);
  Board board;
  for (int i = 0; i < 30; ++i) board.hands[i / 10].add(pack[i]);
  board.skat = {pack[30], pack[31]};
  return board;
}

Act RandomAct(const Game& game, Rng& rng) {
  const std::vector<Act> acts = game.LegalActs();
  assert(!acts.empty());
  if (game.phase() == Phase::kBidding) {
    const std::vector<Act> bids = OfType(acts, ActType::kBid);
    // No bids listed: hold or pass, or only pass once the highest value is bid (the act
    // fuzzer found Below(2) reading past a one-act list; Below(n) draws as Below(2) did for n = 2).
    if (bids.empty() || rng.Chance(1, 2))
      return acts[bids.empty() ? rng.Below(acts.size()) : acts.size() - 1];
    const Profile& profile = game.profile();
    if (profile.any_positive_bid) {
      // RULES B2: any positive integer. LegalActs lists only the next one; climb as players do,
      // mostly to one of the next three values some game reaches, sometimes by one.
      const int current = game.bidding().current_bid();
      std::vector<int> next;
      for (int v : profile.legal_bids) {
        if (v > current && next.size() < 3) next.push_back(v);
      }
      if (next.empty() || rng.Chance(1, 4)) return bids.front();
      return Act::Bid(bids.front().seat, next[rng.Below(next.size())]);
    }
    return bids[rng.Below(std::min<size_t>(3, bids.size()))];  // one of the next three values
  }
  if (game.phase() == Phase::kPlaying && !game.proposal()) {
    return random_play::DrawPlayingAct(acts, rng);
  }
  if (game.phase() == Phase::kSkatDecision) {
    // LegalActs lists each kind of act together, so the kinds come in the order they are listed.
    return random_play::DrawWeightedKindAct(acts, rng);
  }
  return Pick(acts, rng);
}

void PlayOutRandomly(Game& game, Rng& rng) {
  while (!game.finished()) {
    const Status s = game.Apply(RandomAct(game, rng));
    assert(s.ok());
    (void)s;
  }
}

}  // namespace skat
