#include "engine/random_play.h"

#include <cassert>
#include <vector>

namespace skat {
namespace {

const Act& Pick(const std::vector<Act>& acts, Rng& rng) { return acts[rng.Below(acts.size())]; }

std::vector<Act> OfType(const std::vector<Act>& acts, ActType type) {
  std::vector<Act> out;
  for (const Act& a : acts) {
    if (a.type == type) out.push_back(a);
  }
  return out;
}

}  // namespace

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
    if (bids.empty() || rng.Chance(1, 2))
      return acts[bids.empty() ? rng.Below(2) : acts.size() - 1];
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
    // Contra and Re-contra (000 §11) now and then, where the profile has them; the random
    // number is drawn only then, so other profiles' games stay as they were.
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
  if (game.phase() == Phase::kSkatDecision) {
    // First the kind of act, weighted roughly as players choose (Tournée most often, Guckser
    // least), then one act of that kind.
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
      if (kinds.empty() || kinds.back() != a.type) {
        kinds.push_back(a.type);
        total += weight(a.type);
      }
    }
    int r = static_cast<int>(rng.Below(static_cast<uint64_t>(total)));
    for (ActType t : kinds) {
      r -= weight(t);
      if (r < 0) return Pick(OfType(acts, t), rng);
    }
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
