// The game's order of a hand, as the terminal client (skat play) prints it: trumps first (jacks
// ♣ ♠ ♥ ♦, then the trump suit), then the other suits ♣ ♠ ♥ ♦, each highest first (A 10 K Q 9 8
// 7); in Null no trumps and every suit in natural order (A K Q J 10 9 8 7). Before the game is
// known (and in Ramsch) as in Grand: the jacks, then the suits.
#ifndef SKAT_SERVICES_CLI_PLAY_HAND_ORDER_H_
#define SKAT_SERVICES_CLI_PLAY_HAND_ORDER_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/card_set.h"
#include "engine/declaration.h"
#include "engine/view.h"

namespace skat::cli {

// The game a seat's view orders its hand by: the declared game, none before the declaration.
std::optional<GameType> OrderOf(const SeatView& v);
// The cards of `hand` in the game's order.
std::vector<Card> InOrder(CardSet hand, std::optional<GameType> game);
// "C-J* S-J | H-A H-10* ...": the groups (trumps, then each suit) separated by '|', the cards of
// `legal` marked with '*'; "(no cards)" for an empty hand.
std::string HandText(CardSet hand, std::optional<GameType> game, CardSet legal);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_HAND_ORDER_H_
