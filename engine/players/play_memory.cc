#include "engine/players/play_memory.h"

namespace skat {
namespace {

int CompletedTricks(const SeatView& view) {
  return view.tricks_won[0] + view.tricks_won[1] + view.tricks_won[2];
}

}  // namespace

std::vector<Card> PlayedCards(const Game& game) {
  std::vector<Card> out;
  if (!game.has_position()) return out;
  const Position& p = game.position();
  out.reserve(p.cards_played());
  for (int i = 0; i < p.cards_played(); ++i) out.push_back(p.played(i));
  return out;
}

void PlayMemory::See(const SeatView& view) {
  if (view.phase != Phase::kPlaying && view.phase != Phase::kFinished) {
    tricks_.clear();
    missed_ = false;
    return;
  }
  const int done = CompletedTricks(view);
  if (done < static_cast<int>(tricks_.size())) {
    tricks_.clear();
    missed_ = false;
  }
  if (done == static_cast<int>(tricks_.size()) + 1 && view.last_trick.size == 3) {
    tricks_.push_back(view.last_trick.cards);
  } else if (done > static_cast<int>(tricks_.size())) {
    missed_ = true;  // more than one trick completed since the last view seen
  }
}

std::optional<std::vector<Card>> PlayMemory::Played(const SeatView& view) const {
  if (missed_ || CompletedTricks(view) != static_cast<int>(tricks_.size())) return std::nullopt;
  std::vector<Card> out;
  out.reserve(tricks_.size() * 3 + 2);
  for (const auto& trick : tricks_) out.insert(out.end(), trick.begin(), trick.end());
  for (int i = 0; i < view.current_trick.size; ++i) out.push_back(view.current_trick.cards[i]);
  return out;
}

}  // namespace skat
