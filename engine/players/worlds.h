// Worlds consistent with what one seat knows in the card play: a deal of the cards it has not
// seen to the other two hands and the skat, such that
//   - each seat holds as many cards as it has left, and every card seen in a place is there
//     (own hand, cards played, exposed hands, a Revolution partner's hand, the declarer's own
//     discards, the turned skat card in the declarer's hand or his discards);
//   - no seat holds a card of a follow class it failed to follow (RULES T2: a void shown);
//   - the declarer's game is worth his bid with the cards he holds (RULES B1, N2: a hand that
//     could not have bid so high is not his), and, where possible, is one a player would
//     declare: its chance by the heuristic's valuation (engine/players/bot_internal.h) is not tiny.
// The last two are evidence, not rules: when no world meets them in a few draws they are dropped.
#ifndef SKAT_ENGINE_PLAYERS_WORLDS_H_
#define SKAT_ENGINE_PLAYERS_WORLDS_H_

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "engine/board.h"
#include "engine/card_set.h"
#include "engine/position.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/view.h"

namespace skat {

// One world: the hands as they were when the card play began, and the skat (the declarer's
// discards in games that take it).
struct World {
  std::array<CardSet, 3> hands;
  CardSet skat;
};

class WorldSampler {
 public:
  // nullopt when `played` does not fit the view (a card played twice, a trick that is not the
  // view's, a count that does not add up) or the view is not in the card play.
  // REQUIRES: view.seat is set.
  static std::optional<WorldSampler> Make(const Profile& profile, const SeatView& view,
                                          std::span<const Card> played);

  // A world drawn at random among the consistent ones (near-uniformly: the most constrained
  // cards are placed first, each in a place with room drawn by its room left). nullopt only if
  // the hard constraints admit no world (an inconsistent view).
  std::optional<World> Draw(Rng& rng) const;

  // The position at this moment in world `w`: its start replayed through the cards played.
  Position PositionIn(const World& w) const;
  GameType trick_type() const { return trick_type_; }
  int cards_played() const { return static_cast<int>(played_.size()); }

 private:
  WorldSampler() = default;
  // The hard constraints: where each unseen card may lie.
  std::optional<World> DrawPlain(Rng& rng) const;
  // The declaration's evidence (see the file comment).
  bool Plausible(const World& w) const;

  static constexpr int kSkatSlot = 3;
  const Profile* profile_ = nullptr;
  SeatView view_;
  GameType trick_type_ = GameType::kGrand;
  std::vector<Card> played_;
  World known_;                      // the cards whose place is known
  std::array<int, 4> room_{};        // cards still to place per seat, and the skat (index 3)
  std::array<CardSet, 4> excluded_;  // per place, the unseen cards it cannot hold
  CardSet unseen_;
};

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_WORLDS_H_
