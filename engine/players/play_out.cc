#include "engine/players/play_out.h"

#include <vector>

#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/random.h"

namespace skat {
namespace {

// The legal act of `game`'s next seat that plays `card`, if any.
std::optional<Act> PlayOf(const Game& game, Card card) {
  const std::optional<Direction> seat = NextSeat(game);
  if (!seat) return std::nullopt;
  for (const Act& a : game.LegalActs(*seat)) {
    if (a.type == ActType::kPlay && a.cards[0] == card) return a;
  }
  return std::nullopt;
}

}  // namespace

bool PlaysOut(const Profile& profile, const SeatView& view) {
  if (view.ramsch) return true;
  return view.declarer && view.declaration && profile.TargetTricks(*view.declaration) > 0;
}

std::optional<double> PlayOutValue(const Profile& profile, const SeatView& view, const World& w,
                                   std::span<const Card> played, Card card, uint64_t seed) {
  Board board;
  board.hands = w.hands;
  int k = 0;
  for (Card c : w.skat) board.skat[k++] = c;
  Game game(profile, board);
  for (const Act& a : view.bidding) {
    if (!game.Apply(a).ok()) return std::nullopt;
  }
  if (!view.ramsch && !game.Apply(Act::Declare(*view.declarer, *view.declaration)).ok()) {
    return std::nullopt;
  }
  for (Card c : played) {
    const std::optional<Act> a = PlayOf(game, c);
    if (!a || !game.Apply(*a).ok()) return std::nullopt;
  }
  const std::optional<Act> mine = PlayOf(game, card);
  if (!mine || !game.Apply(*mine).ok()) return std::nullopt;
  const Status s = PlayOut(game, [&](const SeatView& v, std::span<const Act> legal) {
    return ChooseBotAct(profile, v, legal, MixSeeds(seed, game.acts().size()));
  });
  if (!s.ok()) return std::nullopt;
  const GameResult& r = game.result();
  const Direction seat = *view.seat;
  if (view.ramsch) return r.pad[Index(seat)] - 0.01 * r.card_points[Index(seat)];
  const double pad = r.pad[Index(*view.declarer)];
  return seat == *view.declarer ? pad : -pad;
}

}  // namespace skat
