#include "engine/sampling/ramsch_rollout.h"

#include <cassert>
#include <vector>

#include "engine/bot.h"
#include "engine/game.h"
#include "engine/random.h"

namespace skat {
namespace {

// The legal act of `game`'s next seat that is of `type` (and plays `card` when it is a play).
Act Find(const Game& game, ActType type, Card card) {
  const std::vector<Act> legal = game.LegalActs(*NextSeat(game));
  for (const Act& a : legal) {
    if (a.type == type && (type != ActType::kPlay || a.cards[0] == card)) return a;
  }
  assert(false && "the play-out's act is legal");
  return legal.front();
}

void Must(Game& game, const Act& act) {
  const Status s = game.Apply(act);
  assert(s.ok());
  (void)s;
}

}  // namespace

double RamschRolloutValue(const Profile& profile, const World& w, std::span<const Card> played,
                          Card card, Direction seat, uint64_t seed) {
  Board board;
  board.hands = w.hands;
  int k = 0;
  for (Card c : w.skat) board.skat[k++] = c;
  Game game(profile, board);
  while (game.phase() == Phase::kBidding) Must(game, Find(game, ActType::kPass, card));
  for (Card c : played) Must(game, Find(game, ActType::kPlay, c));
  Must(game, Find(game, ActType::kPlay, card));
  const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
    return ChooseBotAct(profile, view, legal, MixSeeds(seed, game.acts().size()));
  });
  assert(s.ok() && game.result().kind == ResultKind::kRamsch);
  (void)s;
  const GameResult& r = game.result();
  return r.pad[Index(seat)] - 0.01 * r.card_points[Index(seat)];
}

}  // namespace skat
