#include "services/cli/play/hand_order.h"

#include <algorithm>

namespace skat::cli {
namespace {

// Rank order within a suit, highest first: A 10 K Q 9 8 7 (jacks are trumps), or in Null the
// natural A K Q J 10 9 8 7.
int RankKey(Rank r, bool null) {
  if (null) return 7 - static_cast<int>(r);
  switch (r) {
    case Rank::kAce: return 0;
    case Rank::kTen: return 1;
    case Rank::kKing: return 2;
    case Rank::kQueen: return 3;
    case Rank::kNine: return 4;
    case Rank::kEight: return 5;
    case Rank::kSeven: return 6;
    case Rank::kJack: return 7;
  }
  return 8;
}

// The hand in groups: trumps first (jacks ♣ ♠ ♥ ♦, then the trump suit), then the other suits
// ♣ ♠ ♥ ♦; in Null no trumps and every suit in natural order. Before the game is known (and in
// Ramsch) as in Grand: the jacks, then the suits.
std::vector<std::vector<Card>> Grouped(CardSet hand, std::optional<GameType> game) {
  const bool null = game == GameType::kNull;
  std::vector<std::vector<Card>> groups;
  auto suit_cards = [&](Suit s, bool with_jack) {
    std::vector<Card> cards;
    for (Card c : hand& CardSet::OfSuit(s)) {
      if (c.is_jack() && !with_jack) continue;
      cards.push_back(c);
    }
    std::sort(cards.begin(), cards.end(),
              [&](Card a, Card b) { return RankKey(a.rank(), null) < RankKey(b.rank(), null); });
    return cards;
  };
  constexpr Suit kSuits[] = {Suit::kClubs, Suit::kSpades, Suit::kHearts, Suit::kDiamonds};
  std::optional<Suit> trump;
  if (!null) {
    std::vector<Card> trumps;
    for (Suit s : kSuits) {
      if (hand.contains(Card(s, Rank::kJack))) trumps.push_back(Card(s, Rank::kJack));
    }
    if (game && IsSuitGame(*game)) {
      trump = TrumpSuit(*game);
      for (Card c : suit_cards(*trump, false)) trumps.push_back(c);
    }
    if (!trumps.empty()) groups.push_back(trumps);
  }
  for (Suit s : kSuits) {
    if (s == trump) continue;
    std::vector<Card> cards = suit_cards(s, null);
    if (!cards.empty()) groups.push_back(cards);
  }
  return groups;
}

}  // namespace

std::optional<GameType> OrderOf(const SeatView& v) {
  if (v.declaration) return v.declaration->type;
  return std::nullopt;
}

std::vector<Card> InOrder(CardSet hand, std::optional<GameType> game) {
  std::vector<Card> out;
  for (const auto& group : Grouped(hand, game)) out.insert(out.end(), group.begin(), group.end());
  return out;
}

std::string HandText(CardSet hand, std::optional<GameType> game, CardSet legal) {
  std::string out;
  for (const auto& group : Grouped(hand, game)) {
    if (!out.empty()) out += " | ";
    for (size_t i = 0; i < group.size(); ++i) {
      out += (i ? " " : "") + ToString(group[i]) + (legal.contains(group[i]) ? "*" : "");
    }
  }
  return out.empty() ? "(no cards)" : out;
}

}  // namespace skat::cli
