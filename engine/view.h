// What one seat may see at this moment (RULES T5), computed in one place so that every later
// layer (table service streams, bots, the CLI) shows exactly this and nothing more.
#ifndef SKAT_ENGINE_VIEW_H_
#define SKAT_ENGINE_VIEW_H_

#include <array>
#include <optional>
#include <vector>

#include "engine/act.h"
#include "engine/game.h"

namespace skat {

struct TrickView {
  Direction leader = Direction::kForehand;
  int size = 0;
  std::array<Card, 3> cards{};  // cards[i] played by the i-th seat from the leader
};

struct SeatView {
  std::optional<Direction> seat;  // unset: the public view (resting dealer, spectator)
  Phase phase = Phase::kBidding;
  std::optional<Direction> to_move;  // unset when finished
  CardSet hand;                      // the seat's own cards now (empty in the public view)
  std::vector<Act> bidding;          // the bidding so far (public)
  std::optional<Direction> declarer;
  int floor = 0;
  bool ramsch = false;
  std::optional<Declaration> declaration;  // once the game is fixed and announced
  std::optional<Card> turned_card;         // the turned skat card (Tournée, passt mir nicht)
  std::optional<Card> looked_card;         // the declarer's own view: skat card 1 he looked at (G1)
  std::array<CardSet, 3> exposed;          // ouvert hands and refused claimants' hands
  // Revolution (defenders consult openly, D26): a defender's own view of his partner's cards,
  // from the declaration on; empty otherwise and for the declarer and the public.
  CardSet partner_hand;
  TrickView current_trick;
  TrickView last_trick;
  std::array<int, 3> tricks_won{};
  CardSet own_discards;  // the declarer's own discards (RULES T5), else empty
  std::optional<Proposal> proposal;
  // Contra (profiles with it, 000 §11): said aloud, so public. The defender who said it, and
  // whether the declarer answered Re-contra.
  std::optional<Direction> contra_by;
  bool recontra = false;
  // After the game (RULES T5: the full trick log is shown after the game).
  std::vector<Card> trick_log;
  CardSet skat;  // the skat (hand games, Ramsch) or the discards, shown after the game
  std::optional<GameResult> result;
};

// RULES T5: own hand, the declaration, the turned skat card, exposed hands, the current and the
// last trick, the declarer's own discards; the trick log and skat after the game. In Revolution
// each defender also sees his partner's hand (D26).
SeatView ViewOf(const Game& game, Direction seat);
// What someone who holds no cards of this game sees: the resting dealer of a 4-player table
// (RULES C3: "sees only public information") or a spectator.
SeatView PublicViewOf(const Game& game);

// Whether the game waits for `seat`: it is to move (bid, skat decision, card) or its answer to a
// proposal is awaited (RULES N11, N12). A seat may also act when the game does not wait for it
// (claim, concede, contra where the rules allow); clients act on their turn.
bool WaitsFor(const Game& game, Direction seat);

// Every card the view shows, whatever the field (for hidden-information checks).
CardSet CardsShown(const SeatView& view);

}  // namespace skat

#endif  // SKAT_ENGINE_VIEW_H_
