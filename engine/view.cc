#include "engine/view.h"

namespace skat {
namespace {

TrickView TrickAt(const Position& pos, int first, int size) {
  TrickView t;
  t.size = size;
  if (size == 0) {
    t.leader = pos.to_move();
    return t;
  }
  t.leader = pos.player(first);
  for (int i = 0; i < size; ++i) t.cards[i] = pos.played(first + i);
  return t;
}

SeatView MakeView(const Game& game, std::optional<Direction> seat) {
  SeatView v;
  v.seat = seat;
  v.phase = game.phase();
  if (!game.finished()) v.to_move = game.to_move();
  if (seat) v.hand = game.hand(*seat);
  for (const Act& a : game.acts()) {
    if (a.type == ActType::kBid || a.type == ActType::kHold || a.type == ActType::kPass) {
      v.bidding.push_back(a);
    }
  }
  v.declarer = game.declarer();
  v.floor = game.floor();
  v.ramsch = game.is_ramsch();
  // The declaration is public once fixed: a hand declaration at once, a turned card's game when
  // the trump is known. Before a Tournée's trump is chosen it is not yet fixed.
  v.declaration = game.declaration();
  v.turned_card = game.turned_card();
  for (Direction d : kDirections) {
    if (game.exposed(d)) v.exposed[Index(d)] = game.hand(d);
  }
  const bool is_declarer = seat && game.declarer() == seat;
  if (is_declarer && game.skat_card1_looked()) {
    v.looked_card = game.board().skat[0];  // RULES G1: he looks at card 1 alone
  }
  if (is_declarer && !SkatUntouched(game.handling())) {
    v.own_discards = game.discards();
  }
  const std::optional<Declaration>& decl = game.declaration();
  if (seat && !is_declarer && decl && game.declarer() &&
      game.profile().defenders_consult[static_cast<int>(decl->handling)]) {
    // D26: the defenders combine their hands openly; the declarer and the public do not see them.
    for (Direction d : kDirections) {
      if (d != *seat && d != *game.declarer()) v.partner_hand = game.hand(d);
    }
  }
  v.proposal = game.proposal();
  v.contra_by = game.contra_by();
  v.recontra = game.recontra();
  if (game.has_position()) {
    const Position& pos = game.position();
    const int size = pos.trick_size();
    v.current_trick = TrickAt(pos, pos.cards_played() - size, size);
    if (pos.tricks_played() > 0) {
      v.last_trick = TrickAt(pos, 3 * (pos.tricks_played() - 1), 3);
    }
    for (Direction d : kDirections) v.tricks_won[Index(d)] = pos.tricks_won(d);
    if (game.finished()) {
      for (int i = 0; i < pos.cards_played(); ++i) v.trick_log.push_back(pos.played(i));
    }
  }
  if (game.finished()) {
    v.result = game.result();
    if (game.result().kind != ResultKind::kPassedIn) {
      v.skat = game.discards().empty() ? game.board().skat_set() : game.discards();
    }
  }
  return v;
}

}  // namespace

SeatView ViewOf(const Game& game, Direction seat) { return MakeView(game, seat); }

SeatView PublicViewOf(const Game& game) { return MakeView(game, std::nullopt); }

CardSet CardsShown(const SeatView& v) {
  CardSet shown = v.hand | v.own_discards | v.skat | v.partner_hand;
  if (v.turned_card) shown.add(*v.turned_card);
  if (v.looked_card) shown.add(*v.looked_card);
  for (CardSet e : v.exposed) shown.add(e);
  for (const TrickView* t : {&v.current_trick, &v.last_trick}) {
    for (int i = 0; i < t->size; ++i) shown.add(t->cards[i]);
  }
  for (Card c : v.trick_log) shown.add(c);
  return shown;
}

bool WaitsFor(const Game& game, Direction seat) {
  if (game.finished()) return false;
  if (game.proposal()) return game.proposal()->awaiting[Index(seat)];
  return game.to_move() == seat;
}

}  // namespace skat
