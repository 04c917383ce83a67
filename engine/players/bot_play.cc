// The heuristic bot's card play (RULES T1-T3), from what its seat sees now (RULES T5): its hand,
// the current and the last trick, exposed hands and its own discards. It remembers no earlier
// trick, so every card it has not seen counts as possibly still out ("the pool").
//
// Suit games and Grand: a card that follows is scored by the trick it is likely to give: the
// chance that its side takes the trick (the opponent still to play beats the best card with the
// chance the pool allows), times the points at stake, less what the card is worth kept (jacks,
// trumps, aces). That makes the bot take tricks with points as cheaply as it can, smear high
// cards to a partner who holds the trick and play low to a lost trick. Leads follow players'
// habits: the declarer draws trumps from the top while he holds the best one and cashes his
// sure side cards; defenders cash sure cards, then lead a long suit through the declarer or a
// short suit when the partner sits in between. Null: the declarer plays under the highest card,
// the defenders lead low and duck under the declarer. Ramsch: away from points.
#include <algorithm>
#include <array>
#include <cmath>

#include "engine/players/bot_internal.h"
#include "engine/position.h"

namespace skat::bot {
namespace {

// The seat i places after d.
Direction After(Direction d, int i) { return static_cast<Direction>((Index(d) + i) % 3); }

class CardChooser {
 public:
  CardChooser(const SeatView& v, CardSet legal, uint64_t hash)
      : v_(v),
        legal_(legal),
        hash_(hash),
        me_(*v.seat),
        ramsch_(v.ramsch),
        type_(v.declaration && !v.ramsch ? v.declaration->type : GameType::kGrand),
        rules_(type_),
        n_(v.current_trick.size) {
    CardSet seen = v.hand | v.own_discards;
    for (const TrickView* t : {&v.current_trick, &v.last_trick}) {
      for (int i = 0; i < t->size; ++i) seen.add(t->cards[i]);
    }
    for (CardSet e : v.exposed) seen.add(e);
    pool_ = ~seen;
    for (int i = 0; i < n_; ++i) trick_points_ += v.current_trick.cards[i].points();
    // Who did not follow the last trick's lead is void in that suit (the one trick it sees).
    const TrickView& last = v.last_trick;
    for (int i = 1; i < last.size; ++i) {
      const CardSet follow = rules_.FollowSet(last.cards[0]);
      if (!follow.contains(last.cards[i])) void_[Index(After(last.leader, i))].add(follow);
    }
    // The same inside the current trick.
    for (int i = 1; i < n_; ++i) {
      const CardSet follow = rules_.FollowSet(v.current_trick.cards[0]);
      if (!follow.contains(v.current_trick.cards[i])) void_[Index(SeatAt(i))].add(follow);
    }
    if (n_ > 0) {
      led_ = v.current_trick.cards[0];
      for (int i = 1; i < n_; ++i) {
        if (Key(v.current_trick.cards[i]) > Key(v.current_trick.cards[best_])) best_ = i;
      }
    }
  }

  Card Choose() const {
    if (legal_.size() == 1) return legal_.lowest();
    if (type_ == GameType::kNull) return n_ == 0 ? NullLead() : NullFollow();
    if (ramsch_) return n_ == 0 ? RamschLead() : RamschFollow();
    return n_ == 0 ? TrumpLead() : TrumpFollow();
  }

 private:
  template <typename Score>
  Card Best(CardSet cards, Score score) const {
    Card pick[10];
    size_t n = 0;
    for (Card c : cards) pick[n++] = c;
    return pick[BestOf(n, hash_, [&](size_t i) { return score(pick[i]); })];
  }

  bool IsTrump(Card c) const { return rules_.trumps().contains(c); }
  // Trick strength with the current lead: trumps above the suit led above the rest (RULES T3).
  int Key(Card c) const { return KeyFor(c, n_ > 0 ? led_ : c); }
  int KeyFor(Card c, Card led) const {
    if (IsTrump(c)) return 64 + rules_.Power(c);
    if (rules_.FollowSet(led).contains(c)) return 32 + rules_.Power(c);
    return 0;
  }
  Direction SeatAt(int i) const { return After(v_.current_trick.leader, i); }
  bool Friends(Direction a, Direction b) const {
    if (a == b) return true;
    if (ramsch_ || !v_.declarer) return false;
    return a != *v_.declarer && b != *v_.declarer;
  }
  bool IsDeclarer() const { return v_.declarer && *v_.declarer == me_; }
  // Cards still held by seat d (the current trick taken into account).
  int CardsOf(Direction d) const {
    int held = v_.hand.size();  // the seat to play (me) has not played to this trick
    for (int i = 0; i < n_; ++i) {
      if (SeatAt(i) == d) --held;
    }
    return held;
  }
  // The chance that a pool card is in seat d's hand.
  double Share(Direction d) const {
    return pool_.empty() ? 0 : std::min(1.0, static_cast<double>(CardsOf(d)) / pool_.size());
  }
  // The chance that seat d, still to play to this trick, can beat `top` (led card `led`).
  double BeatChance(Direction d, Card top, Card led) const {
    const int top_key = KeyFor(top, led);
    if (!v_.exposed[Index(d)].empty()) {
      const CardSet held = v_.exposed[Index(d)];
      const CardSet follow = held & rules_.FollowSet(led);
      for (Card c : follow.empty() ? held : follow) {
        if (KeyFor(c, led) > top_key) return 1;
      }
      return 0;
    }
    const CardSet known_void = void_[Index(d)];
    const CardSet suit = pool_ & (rules_.FollowSet(led) - known_void);
    int beat_follow = 0;
    int beat_trump = 0;
    for (Card c : pool_ - known_void) {
      if (KeyFor(c, led) <= top_key) continue;
      if (suit.contains(c)) {
        ++beat_follow;
      } else if (IsTrump(c)) {
        ++beat_trump;
      }
    }
    const double q = Share(d);
    const double follow = 1 - std::pow(1 - q, beat_follow);
    const double is_void = std::pow(1 - q, suit.size());
    return follow + is_void * (1 - std::pow(1 - q, beat_trump));
  }
  // What a card is worth kept for later tricks (suit games and Grand).
  double KeepValue(Card c) const {
    if (c.is_jack())
      return 1.5 * ((type_ == GameType::kGrand ? 5 : 3) + static_cast<int>(c.suit()));
    if (IsTrump(c)) return c.points() >= 10 ? 4.5 : 2.25;
    if (c.rank() == Rank::kAce) return 3.75;
    if (c.rank() == Rank::kTen) return 2.25;
    return c.rank() == Rank::kKing ? 0.75 : 0;
  }
  // The pool cards of c's suit (as it follows) that beat c.
  int PoolBeaters(Card c) const {
    int k = 0;
    for (Card p : pool_& rules_.FollowSet(c)) {
      if (KeyFor(p, c) > KeyFor(c, c)) ++k;
    }
    return k;
  }
  int SuitLength(Card c) const { return (v_.hand & rules_.FollowSet(c)).size(); }

  // ---- Suit games and Grand ----

  Card TrumpFollow() const {
    const Card top = v_.current_trick.cards[best_];
    const Direction top_seat = SeatAt(best_);
    const bool last = n_ == 2;
    const Direction next = SeatAt(2);
    return Best(legal_, [&](Card c) {
      const bool beats = Key(c) > Key(top);
      const Card now = beats ? c : top;
      const bool ours = Friends(beats ? me_ : top_seat, me_);
      double pts = trick_points_ + c.points();
      double side;
      if (last) {
        side = ours ? 1 : 0;
      } else if (ours) {
        side = Friends(next, me_) ? 1 : 1 - BeatChance(next, now, led_);
        pts += Friends(next, me_) ? 5 : 1;
      } else {
        side = Friends(next, me_) ? 0.8 * BeatChance(next, now, led_) : 0;
        pts += 3;
      }
      return (2 * side - 1) * pts - KeepValue(c);
    });
  }

  Card TrumpLead() const {
    const CardSet my_trumps = v_.hand & rules_.trumps();
    const CardSet pool_trumps = pool_ & rules_.trumps();
    // Trumps still out, estimated from the pool (which also holds cards played earlier).
    const double others = CardsOf(After(me_, 1)) + CardsOf(After(me_, 2));
    const double out = pool_.empty() ? 0 : pool_trumps.size() * others / pool_.size();
    const bool declarer = IsDeclarer();
    Card top_trump;
    bool master_trump = false;
    if (!my_trumps.empty()) {
      top_trump = Best(my_trumps, [&](Card c) { return rules_.Power(c); });
      master_trump = PoolBeaters(top_trump) == 0;
    }
    // Defenders: "short way, long suit; long way, short suit".
    const bool declarer_next = v_.declarer && *v_.declarer == After(me_, 1);
    return Best(legal_, [&](Card c) -> double {
      const bool trump = IsTrump(c);
      if (declarer) {
        if (trump) {
          if (out < 0.5) return -50 - rules_.Power(c);  // keep trumps once they are drawn
          if (master_trump && c == top_trump && my_trumps.size() >= 2) return 100;
          if (my_trumps.size() >= 3 && my_trumps.size() + 1 >= out) {
            return 20 - c.points() - rules_.Power(c) / 10.0;  // draw with a low trump
          }
          return -30 - rules_.Power(c);
        }
        if (PoolBeaters(c) == 0 && c.points() >= 10) {
          return 50 + (pool_ & rules_.FollowSet(c)).size();  // a sure side card
        }
        // A low card from a short suit, never away from a ten.
        return -c.points() * 2 - SuitLength(c) * 2 -
               (c.rank() != Rank::kTen && v_.hand.contains(Card(c.suit(), Rank::kTen)) ? 8 : 0);
      }
      if (trump) return -40 - c.points() - rules_.Power(c) / 10.0;
      if (PoolBeaters(c) == 0 && c.points() >= 10) {
        return 50 + (pool_ & rules_.FollowSet(c)).size();
      }
      const bool guarded_ten =
          c.rank() != Rank::kTen && v_.hand.contains(Card(c.suit(), Rank::kTen));
      return -c.points() * 2 + (declarer_next ? 2 : -2) * SuitLength(c) - (guarded_ten ? 8 : 0);
    });
  }

  // ---- Null ----

  Card NullLead() const {
    const bool declarer = IsDeclarer();
    const Direction decl = v_.declarer ? *v_.declarer : me_;
    const CardSet decl_hand = v_.exposed[Index(decl)];
    return Best(legal_, [&](Card c) -> double {
      if (declarer) {
        // Defenders duck under a lead when they can: lead where the fewest cards lie below,
        // the highest such card.
        const int below = (pool_ & CardSet::OfSuit(c.suit())).size() - PoolBeaters(c);
        return -10 * below + static_cast<int>(c.rank()) / 10.0;
      }
      if (!decl_hand.empty()) {
        const CardSet suit = decl_hand & CardSet::OfSuit(c.suit());
        if (!suit.empty() && suit.lowest() > c) return 50 - static_cast<int>(c.rank());
      }
      // Low cards, never into a suit the declarer is known to lack.
      return -static_cast<int>(c.rank()) - SuitLength(c) / 2.0 -
             (void_[Index(decl)].contains(c) ? 20 : 0);
    });
  }

  Card NullFollow() const {
    const Card top = v_.current_trick.cards[best_];
    const bool last = n_ == 2;
    const bool declarer = IsDeclarer();
    const bool follows = !(legal_ & rules_.FollowSet(led_)).empty();
    if (declarer) {
      if (!follows) {
        // Away with the card that leaves the fewest dangers, the highest among equals.
        return Best(legal_, [&](Card c) {
          return -NullDanger(v_.hand - c) * 10.0 + static_cast<int>(c.rank());
        });
      }
      return Best(legal_, [&](Card c) -> double {
        const int r = static_cast<int>(c.rank());
        if (Key(c) < Key(top)) return 100 + r;  // under the highest card: the highest such
        return last ? r : -r;                   // taken anyway: the highest; else the lowest
      });
    }
    const Direction decl = *v_.declarer;
    const bool decl_played = SeatAt(0) == decl || (n_ == 2 && SeatAt(1) == decl);
    const bool decl_top = SeatAt(best_) == decl;
    return Best(legal_, [&](Card c) -> double {
      const int r = static_cast<int>(c.rank());
      if (!follows) return r;  // discard the highest card
      if (decl_played) {
        if (decl_top) return Key(c) < Key(top) ? 100 + r : r;  // duck under the declarer
        return r;
      }
      return -r;  // the declarer plays after me: keep the trick low
    });
  }

  // ---- Ramsch: every player for himself, away from points (RULES N10) ----

  Card RamschLead() const {
    return Best(legal_, [&](Card c) -> double {
      return PoolBeaters(c) * 2.0 - c.points() * 0.3 - (c.is_jack() ? 6 : 0);
    });
  }

  Card RamschFollow() const {
    const Card top = v_.current_trick.cards[best_];
    const bool last = n_ == 2;
    return Best(legal_, [&](Card c) -> double {
      const double pts = c.points();
      const int power = rules_.Power(c);
      if (Key(c) <= Key(top)) {
        // Under the trick: shed points and high cards.
        return 100 + pts * 2 + power;
      }
      if (last) return power - pts * 0.3 - trick_points_;  // taken: away with the strongest
      return -power - pts;                                 // the next seat may still go over
    });
  }

  const SeatView& v_;
  CardSet legal_;
  uint64_t hash_;
  Direction me_;
  bool ramsch_;
  GameType type_;
  TrickRules rules_;
  int n_;
  CardSet pool_;
  int trick_points_ = 0;
  std::array<CardSet, 3> void_{};  // suits (as follow sets) a seat is known to lack
  Card led_;
  int best_ = 0;
};

}  // namespace

Card ChooseCard(const SeatView& view, CardSet legal_cards, uint64_t hash) {
  return CardChooser(view, legal_cards, hash).Choose();
}

}  // namespace skat::bot
