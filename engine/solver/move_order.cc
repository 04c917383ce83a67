#include "engine/solver/move_order.h"

#include <algorithm>

namespace skat {

void MoveOrder::Init(const TrickRules& rules, bool count_points, bool declarer_wants_tricks) {
  count_points_ = count_points;
  declarer_wants_tricks_ = declarer_wants_tricks;
  trumps_ = rules.trumps();
  for (int i = 0; i < kCardCount; ++i) {
    const Card c = Card::FromIndex(i);
    follow_[i] = rules.FollowSet(c);
    power_[i] = rules.Power(c);
    order_[i] = c;
  }
  // Classes are identified by their lowest card index; powers within a class are distinct.
  auto key = [&](Card c) { return follow_[c.index()].lowest().index() * 64 + power_[c.index()]; };
  std::sort(order_.begin(), order_.end(), [&](Card a, Card b) { return key(a) < key(b); });
  for (int i = 0; i < kCardCount; ++i) position_[order_[i].index()] = i;
  for (int i = 0; i < kCardCount; ++i) {
    class_start_[i] = i == 0 || follow_[order_[i].index()] != follow_[order_[i - 1].index()];
  }
  block_count_ = 0;
  block_cards_ = CardSet();
  for (int i = 0; i < kCardCount;) {
    int j = i + 1;
    while (j < kCardCount && !class_start_[j] &&
           (!count_points_ || order_[j].points() == order_[i].points())) {
      ++j;
    }
    if (j - i > 1) {
      blocks_[block_count_++] = {static_cast<uint8_t>(i), static_cast<uint8_t>(j - i)};
      for (int k = i; k < j; ++k) block_cards_.add(order_[k]);
    }
    i = j;
  }
}

std::array<CardSet, 3> MoveOrder::CanonicalHands(const std::array<CardSet, 3>& hands) const {
  std::array<CardSet, 3> canon = {hands[0] - block_cards_, hands[1] - block_cards_,
                                  hands[2] - block_cards_};
  const CardSet live = hands[0] | hands[1] | hands[2];
  for (int b = 0; b < block_count_; ++b) {
    const int start = blocks_[b][0];
    const int end = start + blocks_[b][1];
    int next = start;
    for (int i = start; i < end; ++i) {
      const Card c = order_[i];
      if (!live.contains(c)) continue;
      const int owner = hands[0].contains(c) ? 0 : (hands[1].contains(c) ? 1 : 2);
      canon[owner].add(order_[next++]);
    }
  }
  return canon;
}

namespace {

// Cards in the hands or in the trick in progress.
CardSet LiveCards(const Position& position) {
  CardSet live = position.hand(Direction::kForehand) | position.hand(Direction::kMiddlehand) |
                 position.hand(Direction::kRearhand);
  for (int i = position.cards_played() - position.trick_size(); i < position.cards_played(); ++i) {
    live.add(position.played(i));
  }
  return live;
}

}  // namespace

CardSet MoveOrder::Representatives(const Position& position) const {
  return Representatives(position, LiveCards(position));
}

CardSet MoveOrder::Representatives(const Position& position, CardSet live) const {
  // A legal card is left out when the next lower live card of its class (gone cards separate
  // nothing) is legal too, with equal card points when counted: runs chain pairwise.
  const CardSet legal = position.LegalCards();
  CardSet result;
  for (const Card c : legal) {
    int j = position_[c.index()];
    bool represented = false;
    while (!class_start_[j]) {
      const Card below = order_[--j];
      if (!live.contains(below)) continue;
      represented = legal.contains(below) && (!count_points_ || below.points() == c.points());
      break;
    }
    if (!represented) result.add(c);
  }
  return result;
}

int MoveOrder::Generate(const Position& position, Direction declarer, int hint,
                        const std::array<uint32_t, kCardCount>& history, List& out) const {
  const CardSet live = LiveCards(position);
  const CardSet moves = Representatives(position, live);
  const Direction mover = position.to_move();
  const bool mover_declares = mover == declarer;
  const int in_trick = position.trick_size();
  // The card currently winning the trick and whether it is the mover's side's.
  int best_key = -1;
  bool partner_winning = false;
  CardSet led_class;
  if (in_trick > 0) {
    const int first = position.cards_played() - in_trick;
    led_class = follow_[position.played(first).index()];
    for (int i = first; i < position.cards_played(); ++i) {
      const Card c = position.played(i);
      const int k = trumps_.contains(c) ? 64 + power_[c.index()]
                                        : (led_class.contains(c) ? 32 + power_[c.index()] : 0);
      if (k > best_key) {
        best_key = k;
        partner_winning = (position.player(i) == declarer) == mover_declares;
      }
    }
  }
  // Second in a trick: the best key the third seat can reach, and whether he is a partner.
  int third_key = -1;
  bool third_partner = false;
  if (in_trick == 1 && declarer_wants_tricks_) {
    const Direction third = Next(mover);
    third_partner = (third == declarer) == mover_declares;
    const CardSet hand = position.hand(third);
    const CardSet follow = hand & led_class;
    const CardSet options = follow.empty() ? hand & trumps_ : follow;
    for (const Card c : options) {
      const int k = trumps_.contains(c) ? 64 + power_[c.index()] : 32 + power_[c.index()];
      third_key = std::max(third_key, k);
    }
  }
  std::array<int64_t, 10> score{};
  int n = 0;
  for (const Card c : moves) {
    const int power = power_[c.index()];
    const int points = count_points_ ? c.points() : 0;
    int s = 0;
    if (!declarer_wants_tricks_) {
      // Null: the declarer ducks with his highest card that stays under; defenders play low.
      if (mover_declares) {
        const int k = in_trick == 0 ? 0 : (led_class.contains(c) ? 32 + power : 0);
        s = in_trick == 0 ? -power : (k < best_key ? 100 + power : -power);
      } else {
        s = -power;
      }
    } else if (in_trick == 0) {
      // A card no live card of its class beats: it wins unless trumped.
      bool top = true;
      for (const Card x : live& follow_[c.index()]) top = top && power_[x.index()] <= power;
      // Leads: sure winners first, then (the declarer) trumps from the top, then low cards.
      if (top) {
        s = 40 + power + points;
      } else if (mover_declares && trumps_.contains(c)) {
        s = 20 + power;
      } else {
        s = -points - power;
      }
    } else {
      const int k = trumps_.contains(c) ? 64 + power : (led_class.contains(c) ? 32 + power : 0);
      if (third_key >= 0) {
        // Second seat: who takes the trick if the third seat plays his best.
        const int top = std::max(k, best_key);
        const bool ours_so_far = k > best_key || partner_winning;
        const bool ours = third_key > top ? third_partner : ours_so_far;
        if (ours) {
          s = 300 + points * 4 - power;
        } else {
          s = -points * 4 - power;
        }
      } else if (partner_winning) {
        s = points * 4 - power;
      } else if (k > best_key) {
        s = 200 + points - power;
      } else {
        s = -points * 4 - power;
      }
    }
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
