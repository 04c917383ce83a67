// What a seat remembers of the card play: every card played so far, in order. Each was shown to
// every seat when it was played; the rules forbid looking back into taken tricks (RULES T5), not
// remembering them, so a player who remembers them is an ordinary player. The view (engine/view.h)
// shows only the current and the last trick, so a bot that reasons about the unseen cards is given
// its memory beside the view.
//
// In process the memory is read from the game (PlayedCards); a client that sees the game only
// through its seat's views builds it with PlayMemory, which needs to see at least one view per
// completed trick. A seat plays a card in every trick, and while it does its view shows the trick
// before, so a client that answers its own turns never misses one.
#ifndef SKAT_ENGINE_PLAYERS_PLAY_MEMORY_H_
#define SKAT_ENGINE_PLAYERS_PLAY_MEMORY_H_

#include <array>
#include <optional>
#include <vector>

#include "engine/card.h"
#include "engine/game.h"
#include "engine/view.h"

namespace skat {

// The cards played in the game so far, in order (empty before the card play).
std::vector<Card> PlayedCards(const Game& game);

class PlayMemory {
 public:
  // Takes in one view of the seat, in the order the views came. A view before the card play, or
  // one with fewer completed tricks than remembered, starts a new game.
  void See(const SeatView& view);
  // The cards played so far in `view`'s game, in order: the remembered completed tricks and the
  // view's current trick. nullopt when a completed trick was missed (a view of every trick was
  // not seen) or `view` is not of the remembered game.
  std::optional<std::vector<Card>> Played(const SeatView& view) const;

 private:
  std::vector<std::array<Card, 3>> tricks_;  // completed tricks, each from its leader
  bool missed_ = false;
};

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_PLAY_MEMORY_H_
