#include "engine/solver/move_order.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "engine/solver/card_points.h"
#include "engine/solver/count.h"
#include "engine/solver/pext.h"

namespace skat {

void MoveOrder::Init(const TrickRules& rules, bool count_points, bool declarer_wants_tricks) {
  count_points_ = count_points;
  declarer_wants_tricks_ = declarer_wants_tricks;
  trumps_ = rules.trumps();
  rules_ = rules;
  for (int i = 0; i < kCardCount; ++i) {
    const Card c = Card::FromIndex(i);
    follow_[i] = rules.FollowSet(c);
    power_[i] = rules.Power(c);
  }
  const std::array<uint8_t, kCardCount> place = PowerPlaces(rules);
  for (int i = 0; i < kCardCount; ++i) {
    position_[i] = place[i];
    order_[place[i]] = Card::FromIndex(i);
  }
  // Each byte's entry is its lowest bit's plus the rest's (built in a few microseconds: the
  // tables are rebuilt whenever the trumps change).
  for (int k = 0; k < 4; ++k) {
    to_order_[k][0] = 0;
    from_order_[k][0] = 0;
    for (int b = 1; b < 256; ++b) {
      const int r = std::countr_zero(static_cast<unsigned>(b));
      to_order_[k][b] = to_order_[k][b & (b - 1)] | 1u << position_[8 * k + r];
      from_order_[k][b] = from_order_[k][b & (b - 1)] | 1u << order_[8 * k + r].index();
    }
  }
  for (int i = 0; i < kCardCount; ++i)
    order_points_[i] = static_cast<uint8_t>(CardPoints(order_[i]));
  for (int s = 0; s < kSuitCount; ++s) plain_[s] = CardSet::OfSuit(static_cast<Suit>(s)) - trumps_;
  for (int i = 0; i < kCardCount; ++i) {
    above_[i] = CardSet();
    for (const Card x : follow_[i]) {
      if (power_[x.index()] > power_[i]) above_[i].add(x);
    }
  }
  class_count_ = 0;
  class_masks_ = {};
  class_first_ = 0;
  for (int i = 0; i < kCardCount; ++i) {
    if (i == 0 || follow_[order_[i].index()] != follow_[order_[i - 1].index()]) ++class_count_;
    class_masks_[class_count_ - 1] |= 1u << i;
  }
  for (int c = 0; c < class_count_; ++c) {
    for (int i = 0; i < kCardCount; ++i) {
      if (class_masks_[c] >> i & 1) class_below_[i] = class_masks_[c] & ((1u << i) - 1);
    }
    class_first_ |= class_masks_[c] & (0u - class_masks_[c]);
  }
}

std::array<CardSet, 3> MoveOrder::Shape(const std::array<CardSet, 3>& hands) const {
  return Shape(Ordered(hands[0]), Ordered(hands[1]), Ordered(hands[0] | hands[1] | hands[2]));
}

std::array<CardSet, 3> MoveOrder::Shape(uint32_t first, uint32_t second, uint32_t live) const {
  uint32_t counts = 0;
  for (int c = 0; c < class_count_; ++c) {
    counts |= static_cast<uint32_t>(Count(CardSet(live & class_masks_[c]))) << (5 * c);
  }
  return {CardSet(Pext(first, live)), CardSet(Pext(second, live)), CardSet(counts)};
}

Card MoveOrder::CardAt(int place, uint32_t live) const {
  uint32_t o = live;
  for (int k = 0; k < place; ++k) o &= o - 1;
  assert(o != 0);
  return order_[std::countr_zero(o)];
}

MoveOrder::Shift MoveOrder::PointShift(CardSet from, CardSet to, CardSet declarer_sure,
                                       CardSet defenders_sure) const {
  return PointShift(Ordered(from), Ordered(to), Ordered(declarer_sure), Ordered(defenders_sure));
}

MoveOrder::Shift MoveOrder::PointShift(uint32_t f, uint32_t t, uint32_t sure, uint32_t lost) const {
  // In order_'s places the classes follow one another, each by power: the k-th live card of
  // `from` pairs with the k-th of `to`, as both have as many live cards in every class. Below
  // the lowest place where they differ and above the highest the pairs are of equal cards.
  const uint32_t diff = f ^ t;
  Shift shift{0, 0};
  if (diff == 0) return shift;
  const int low = std::countr_zero(diff);
  const int high = 31 - std::countl_zero(diff);
  const uint32_t range = (high == 31 ? ~0u : (2u << high) - 1) & ~((1u << low) - 1);
  f &= range;
  t &= range;
  while (f != 0) {
    const uint32_t at = t & -t;
    const int d = order_points_[std::countr_zero(t)] - order_points_[std::countr_zero(f)];
    if (at & sure) {
      shift.up += d;
      shift.down -= d;
    } else if (at & lost) {
      // won by the defenders in every line: no change
    } else if (d > 0) {
      shift.up += d;
    } else {
      shift.down -= d;
    }
    f &= f - 1;
    t &= t - 1;
  }
  return shift;
}

bool MoveOrder::ToPartner(const SearchState& position, Direction declarer, Card c,
                          CardSet live) const {
  const Direction mover = position.to_move();
  const Direction partner = Next(mover) == declarer ? Next(declarer) : Next(mover);
  const CardSet cls = follow_[c.index()];
  const CardSet suit_live = live & cls;
  // The partner holds the highest live card of the suit.
  const CardSet partner_hand = position.hand(partner) & suit_live;
  bool partner_top = false;
  for (const Card x : partner_hand)
    partner_top = partner_top || !suit_live.intersects(above_[x.index()]);
  if (!partner_top) return false;
  const CardSet dh = position.hand(declarer);
  return dh.intersects(cls) || !dh.intersects(trumps_);
}

CardSet MoveOrder::Representatives(const Position& position) const {
  SearchState state;
  state.Init(rules_);
  state.Set(position);
  return Representatives(state);
}

CardSet MoveOrder::Representatives(const SearchState& position) const {
  // A legal card is left out when the next lower live card of its class (gone cards separate
  // nothing) is legal too, with equal card points when counted: runs chain pairwise. In
  // order_'s places that card is the highest live place below it within its class.
  const uint32_t l = position.placed_live();
  const uint32_t g = position.placed_legal();
  // The candidates first, for all cards at once: a legal card whose next lower live card of its
  // class is legal. The gone places above a legal card, up to the next live one, stand for that
  // card (`fill`: adding a run's lowest place to a run of gone places flips every bit of the
  // run; the runs are cut at each class's lowest place).
  const uint32_t gone = ~l & ~class_first_;
  const uint32_t start = (g << 1) & gone;
  const uint32_t fill = ((gone + start) ^ gone) & gone;
  const uint32_t candidates = g & ((g | fill) << 1) & ~class_first_;
  // Then each candidate, without branches on the cards: they are hard to predict.
  uint32_t left_out = 0;
  for (uint32_t rest = candidates; rest != 0; rest &= rest - 1) {
    const int i = std::countr_zero(rest);
    const uint32_t lower = l & class_below_[i];
    const int j = 31 - std::countl_zero(lower | 1u);
    const bool run =
        (lower != 0) & (g >> j & 1) & (!count_points_ | (order_points_[j] == order_points_[i]));
    left_out |= uint32_t{run} << i;
  }
  return Unordered(g & ~left_out);
}

MoveOrder::Situation MoveOrder::ReadSituation(const SearchState& position,
                                              Direction declarer) const {
  Situation t;
  t.live = position.live();
  t.mover = position.to_move();
  t.mover_declares = t.mover == declarer;
  t.in_trick = position.trick_size();
  // The card currently winning the trick and whether it is the mover's side's.
  if (t.in_trick > 0) {
    const int first = position.cards_played() - t.in_trick;
    t.led_class = follow_[position.played(first).index()];
    for (int i = first; i < position.cards_played(); ++i) {
      const int k = TrickKey(position.played(i), t.led_class);
      if (k > t.best_key) {
        t.best_key = k;
        t.partner_winning = (position.player(i) == declarer) == t.mover_declares;
      }
    }
  }
  // Second in a trick: the best key the third seat can reach, and whether he is a partner.
  if (t.in_trick == 1 && declarer_wants_tricks_) {
    const Direction third = Next(t.mover);
    t.third_partner = (third == declarer) == t.mover_declares;
    const CardSet hand = position.hand(third);
    const CardSet follow = hand & t.led_class;
    const CardSet options = follow.empty() ? hand & trumps_ : follow;
    for (const Card c : options) {
      const int k = trumps_.contains(c) ? 64 + power_[c.index()] : 32 + power_[c.index()];
      t.third_key = std::max(t.third_key, k);
    }
  }
  // Leads: the plain cards an opponent of the mover can ruff (void in the suit, holding a trump).
  if (t.in_trick == 0 && declarer_wants_tricks_) {
    for (const Direction o : {Next(t.mover), Next(Next(t.mover))}) {
      if ((o == declarer) == t.mover_declares) continue;
      const CardSet h = position.hand(o);
      if (!h.intersects(trumps_)) continue;
      for (const CardSet suit : plain_) {
        if (!h.intersects(suit)) t.ruffable = t.ruffable | suit;
      }
    }
  }
  t.next1 = position.hand(Next(t.mover));
  t.next2 = position.hand(Next(Next(t.mover)));
  return t;
}

int MoveOrder::NullScore(Card c, const Situation& t) const {
  // Null: the declarer ducks with his highest card that stays under; defenders play low.
  const int power = power_[c.index()];
  if (!t.mover_declares || t.in_trick == 0) return -power;
  const int k = t.led_class.contains(c) ? 32 + power : 0;
  return k < t.best_key ? 100 + power : -power;
}

int MoveOrder::LeadScore(const SearchState& position, Direction declarer, Card c,
                         const Situation& t) const {
  const int power = power_[c.index()];
  const int points = count_points_ ? CardPoints(c) : 0;
  // A card no live card of its class beats: it wins unless trumped.
  const bool top = !t.live.intersects(above_[c.index()]);
  const bool ruffed = t.ruffable.contains(c);
  // Leads: sure winners first (a top card an opponent can ruff comes late), then (the
  // declarer) trumps from the top, (a defender) low to the partner's top card, then low
  // cards, last (a defender) low cards the declarer ruffs.
  if (top && ruffed) return 10 - power;
  if (!top && ruffed && !t.mover_declares) return -50 - points - power;
  if (top) return 40 + power + points;
  if (t.mover_declares && trumps_.contains(c)) return 20 + power;
  if (!t.mover_declares && !trumps_.contains(c) && ToPartner(position, declarer, c, t.live)) {
    return 30 - power;
  }
  return -points - power;
}

int MoveOrder::FollowScore(Card c, const Situation& t) const {
  const int power = power_[c.index()];
  const int points = count_points_ ? CardPoints(c) : 0;
  const int k = TrickKey(c, t.led_class);
  if (t.third_key >= 0) {
    // Second seat: who takes the trick if the third seat plays his best.
    const int top = std::max(k, t.best_key);
    const bool ours_so_far = k > t.best_key || t.partner_winning;
    const bool ours = t.third_key > top ? t.third_partner : ours_so_far;
    return ours ? 300 + points * 4 - power : -points * 4 - power;
  }
  if (t.partner_winning) return points * 4 - power;
  if (k > t.best_key) return 200 + points - power;
  return -points * 4 - power;
}

namespace {

// How many cards a seat holding `hand` may answer a lead of class `cls` with (his cards of the
// class, else his whole hand).
int Answers(CardSet hand, CardSet cls) {
  const int follow = Count(hand & cls);
  return follow > 0 ? follow : Count(hand);
}

}  // namespace

int MoveOrder::LeadAdjustment(Card c, const Situation& t,
                              const std::array<uint32_t, kCardCount>& history) const {
  // Fastest cut first: a lead's subtree grows with the answers to it, so the heuristic's score
  // pays for them; a defender's lead also gains with the order of magnitude of its cut-offs
  // so far (docs/par.md "Move order").
  const CardSet cls = follow_[c.index()];
  int s = -kLeadAnswerCost * Answers(t.next1, cls) * Answers(t.next2, cls);
  if (!t.mover_declares) s += kDefenderLeadHistory * std::bit_width(history[c.index()] | 1u);
  return s;
}

int MoveOrder::Generate(const SearchState& position, Direction declarer, int hint,
                        const std::array<uint32_t, kCardCount>& history, List& out) const {
  const CardSet moves = Representatives(position);
  if ((moves.bits() & (moves.bits() - 1)) == 0) {  // a single card: nothing to order
    out[0] = moves.lowest();
    return 1;
  }
  const Situation t = ReadSituation(position, declarer);
  std::array<int64_t, 10> score{};
  int n = 0;
  for (const Card c : moves) {
    int s = !declarer_wants_tricks_ ? NullScore(c, t)
            : t.in_trick == 0       ? LeadScore(position, declarer, c, t)
                                    : FollowScore(c, t);
    if (t.in_trick == 0) s += LeadAdjustment(c, t, history);
    // The heuristic first; the history heuristic breaks its ties.
    int64_t key = (int64_t{s} << 32) + history[c.index()];
    if (c.index() == hint) key = int64_t{1} << 60;
    // Insertion by score, best first.
    int j = n++;
    while (j > 0 && score[j - 1] < key) {
      score[j] = score[j - 1];
      out[j] = out[j - 1];
      --j;
    }
    score[j] = key;
    out[j] = c;
  }
  return n;
}

}  // namespace skat
