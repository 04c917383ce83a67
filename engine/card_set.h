// CardSet: a set of cards as a 32-bit mask, bit i = Card::FromIndex(i). Follow-suit, trick
// winners and matadors are mask arithmetic on it (docs/development.md "Stockfish": bitboards).
#ifndef SKAT_ENGINE_CARD_SET_H_
#define SKAT_ENGINE_CARD_SET_H_

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"

namespace skat {

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint32_t bits) : bits_(bits) {}
  constexpr CardSet(Card card) : bits_(uint32_t{1} << card.index()) {}  // NOLINT: implicit

  static constexpr CardSet All() { return CardSet(0xFFFFFFFFu); }
  static constexpr CardSet OfSuit(Suit suit) {
    return CardSet(uint32_t{0xFF} << (static_cast<int>(suit) * kRankCount));
  }
  static constexpr CardSet OfRank(Rank rank) {
    return CardSet(uint32_t{0x01010101} << static_cast<int>(rank));
  }
  static constexpr CardSet Jacks() { return OfRank(Rank::kJack); }

  constexpr uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card card) const { return (bits_ >> card.index()) & 1u; }
  constexpr bool contains(CardSet other) const { return (bits_ & other.bits_) == other.bits_; }
  constexpr bool intersects(CardSet other) const { return (bits_ & other.bits_) != 0; }
  // REQUIRES: !empty().
  constexpr Card lowest() const { return Card::FromIndex(std::countr_zero(bits_)); }
  // REQUIRES: !empty().
  constexpr Card highest() const { return Card::FromIndex(31 - std::countl_zero(bits_)); }

  constexpr void add(CardSet other) { bits_ |= other.bits_; }
  constexpr void remove(CardSet other) { bits_ &= ~other.bits_; }

  // Card points of the cards in the set (RULES C1).
  constexpr int points() const {
    return 11 * (*this & OfRank(Rank::kAce)).size() + 10 * (*this & OfRank(Rank::kTen)).size() +
           4 * (*this & OfRank(Rank::kKing)).size() + 3 * (*this & OfRank(Rank::kQueen)).size() +
           2 * (*this & OfRank(Rank::kJack)).size();
  }

  friend constexpr CardSet operator|(CardSet a, CardSet b) { return CardSet(a.bits_ | b.bits_); }
  friend constexpr CardSet operator&(CardSet a, CardSet b) { return CardSet(a.bits_ & b.bits_); }
  friend constexpr CardSet operator-(CardSet a, CardSet b) { return CardSet(a.bits_ & ~b.bits_); }
  friend constexpr CardSet operator~(CardSet a) { return CardSet(~a.bits_); }
  friend constexpr bool operator==(CardSet a, CardSet b) = default;

  // Iterates from the lowest index upwards.
  class Iterator {
   public:
    constexpr explicit Iterator(uint32_t bits) : bits_(bits) {}
    constexpr Card operator*() const { return Card::FromIndex(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& other) const { return bits_ != other.bits_; }

   private:
    uint32_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint32_t bits_ = 0;
};

// The cards from highest index to lowest (♣ first, A K Q J 10 9 8 7 within a suit), separated by
// single spaces: "C-A C-J S-10". The empty set is "".
std::string ToString(CardSet cards);
// Cards separated by spaces or commas, each in any form ParseCard accepts, in their order.
// Returns nullopt on an unreadable card or a card named twice.
std::optional<std::vector<Card>> ParseCardList(std::string_view text);
// The same as a set.
std::optional<CardSet> ParseCardSet(std::string_view text);

}  // namespace skat

#endif  // SKAT_ENGINE_CARD_SET_H_
