// Cards: suits, ranks and the 32 cards of the Skat pack (RULES C1).
//
// A card is an index 0..31 = 8 * suit + rank, with suits ordered ♦ ♥ ♠ ♣ (their rank for values
// and tie-breaks, RULES C1) and ranks ordered 7 8 9 10 J Q K A as printed. This index order is part
// of the deal-number definition (docs/cards.md) and must never change.
//
// Notation (docs/cards.md): a suit letter C S H D, a dash and the rank: "C-J", "H-10", "D-7".
#ifndef SKAT_ENGINE_CARD_H_
#define SKAT_ENGINE_CARD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skat {

enum class Suit : uint8_t { kDiamonds = 0, kHearts = 1, kSpades = 2, kClubs = 3 };
enum class Rank : uint8_t { kSeven, kEight, kNine, kTen, kJack, kQueen, kKing, kAce };

inline constexpr int kSuitCount = 4;
inline constexpr int kRankCount = 8;
inline constexpr int kCardCount = 32;

class Card {
 public:
  constexpr Card() = default;
  constexpr Card(Suit suit, Rank rank)
      : index_(static_cast<uint8_t>(static_cast<int>(suit) * kRankCount + static_cast<int>(rank))) {
  }
  // REQUIRES: 0 <= index < 32.
  static constexpr Card FromIndex(int index) {
    Card c;
    c.index_ = static_cast<uint8_t>(index);
    return c;
  }

  constexpr int index() const { return index_; }
  constexpr Suit suit() const { return static_cast<Suit>(index_ / kRankCount); }
  constexpr Rank rank() const { return static_cast<Rank>(index_ % kRankCount); }
  constexpr bool is_jack() const { return rank() == Rank::kJack; }
  // Card points, RULES C1: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0.
  constexpr int points() const {
    constexpr int kPoints[kRankCount] = {0, 0, 0, 10, 2, 3, 4, 11};
    return kPoints[index_ % kRankCount];
  }

  friend constexpr bool operator==(Card a, Card b) = default;
  friend constexpr auto operator<=>(Card a, Card b) = default;

 private:
  uint8_t index_ = 0;
};

// "C", "S", "H", "D".
char SuitLetter(Suit suit);
// "♣", "♠", "♥", "♦" (UTF-8), as ParseCard also reads them.
std::string_view SuitSymbol(Suit suit);
// "C-J", "H-10".
std::string ToString(Card card);
// Accepts the notation above, also without the dash ("CJ", "H10"), "T" for ten, lower case, and
// the suit symbols ♣ ♠ ♥ ♦ in place of the letter. Returns nullopt for anything else.
std::optional<Card> ParseCard(std::string_view text);
std::optional<Suit> ParseSuit(std::string_view text);

}  // namespace skat

#endif  // SKAT_ENGINE_CARD_H_
