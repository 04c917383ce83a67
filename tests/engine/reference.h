// A slow, literal reference for the card-play rules (RULES C2, T1-T3), written from the rule text
// with lists and loops instead of masks. Tests hold the engine's fast paths to it.
#ifndef SKAT_TESTS_ENGINE_REFERENCE_H_
#define SKAT_TESTS_ENGINE_REFERENCE_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/card.h"
#include "engine/declaration.h"

namespace skat::reference {

// RULES C2: which cards are trumps.
inline bool IsTrump(Card c, GameType type) {
  if (type == GameType::kNull) return false;
  if (c.rank() == Rank::kJack) return true;
  return IsSuitGame(type) && c.suit() == TrumpSuit(type);
}

// The "suit" a card belongs to for following: 4 = the trump suit, else its printed suit.
inline int FollowClass(Card c, GameType type) {
  return IsTrump(c, type) ? 4 : static_cast<int>(c.suit());
}

// RULES T2: follow the suit led if you can; otherwise any card.
inline std::vector<Card> LegalCards(const std::vector<Card>& hand, const std::vector<Card>& trick,
                                    GameType type) {
  if (trick.empty()) return hand;
  std::vector<Card> follow;
  for (Card c : hand) {
    if (FollowClass(c, type) == FollowClass(trick.front(), type)) follow.push_back(c);
  }
  return follow.empty() ? hand : follow;
}

// Position of a card in its ranking list, higher is stronger (RULES C2).
inline int Strength(Card c, GameType type) {
  static constexpr Rank kPlain[] = {Rank::kSeven, Rank::kEight, Rank::kNine, Rank::kQueen,
                                    Rank::kKing,  Rank::kTen,   Rank::kAce};
  static constexpr Rank kNull[] = {Rank::kSeven, Rank::kEight, Rank::kNine, Rank::kTen,
                                   Rank::kJack,  Rank::kQueen, Rank::kKing, Rank::kAce};
  static constexpr Suit kJackOrder[] = {Suit::kDiamonds, Suit::kHearts, Suit::kSpades,
                                        Suit::kClubs};
  if (type == GameType::kNull) {
    return static_cast<int>(std::find(std::begin(kNull), std::end(kNull), c.rank()) -
                            std::begin(kNull));
  }
  if (c.rank() == Rank::kJack) {
    return 100 +
           static_cast<int>(std::find(std::begin(kJackOrder), std::end(kJackOrder), c.suit()) -
                            std::begin(kJackOrder));
  }
  return static_cast<int>(std::find(std::begin(kPlain), std::end(kPlain), c.rank()) -
                          std::begin(kPlain));
}

// RULES T3: the highest trump wins; without trumps the highest card of the suit led.
inline int TrickWinner(const std::array<Card, 3>& trick, GameType type) {
  int best = 0;
  for (int i = 1; i < 3; ++i) {
    const Card c = trick[i], b = trick[best];
    const bool ct = IsTrump(c, type), bt = IsTrump(b, type);
    if (ct && !bt) {
      best = i;
    } else if (ct == bt && FollowClass(c, type) == FollowClass(b, type) &&
               Strength(c, type) > Strength(b, type)) {
      best = i;
    }
  }
  return best;
}

// Counts the legal card sequences of `depth` cards (a Skat "perft"), forehand to lead.
struct PerftState {
  std::array<std::vector<Card>, 3> hands;
  std::vector<Card> trick;
  int to_move = 0;
  int leader = 0;
};

inline uint64_t Perft(PerftState& s, GameType type, int depth) {
  if (depth == 0) return 1;
  uint64_t count = 0;
  const std::vector<Card> legal = LegalCards(s.hands[s.to_move], s.trick, type);
  for (Card c : legal) {
    PerftState next = s;
    auto& hand = next.hands[next.to_move];
    hand.erase(std::find(hand.begin(), hand.end(), c));
    next.trick.push_back(c);
    if (next.trick.size() == 3) {
      const int w =
          (next.leader + TrickWinner({next.trick[0], next.trick[1], next.trick[2]}, type)) % 3;
      next.trick.clear();
      next.leader = w;
      next.to_move = w;
    } else {
      next.to_move = (next.to_move + 1) % 3;
    }
    count += Perft(next, type, depth - 1);
  }
  return count;
}

}  // namespace skat::reference

#endif  // SKAT_TESTS_ENGINE_REFERENCE_H_
