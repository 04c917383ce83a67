// Boards: one deal fixed to directions (docs/comparative.md "Board and board set").
//
// A board is the forehand, middlehand and rearhand hands (10 cards each) and the ordered skat
// (RULES C4: skat card 1 is the top card as it lies). There are 32!/(10!^3) =
// 5,506,588,817,009,280 such deals; each has a deal number in [0, kDealCount) defined in
// docs/cards.md (combinatorial rank of forehand, then middlehand among the rest, then rearhand,
// then the skat order). Rank and unrank are exact inverses.
#ifndef SKAT_ENGINE_BOARD_H_
#define SKAT_ENGINE_BOARD_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/card_set.h"
#include "engine/status.h"

namespace skat {

// A direction is a hand of a board; during a game it is also the seat that holds it.
enum class Direction : uint8_t { kForehand = 0, kMiddlehand = 1, kRearhand = 2 };
inline constexpr int kDirectionCount = 3;
inline constexpr std::array<Direction, 3> kDirections = {
    Direction::kForehand, Direction::kMiddlehand, Direction::kRearhand};

// "forehand", "middlehand", "rearhand".
std::string_view DirectionName(Direction d);
// The inverse of DirectionName; nullopt for another name.
std::optional<Direction> ParseDirection(std::string_view name);
// 'F', 'M', 'R'.
char DirectionLetter(Direction d);
constexpr int Index(Direction d) { return static_cast<int>(d); }
constexpr Direction Next(Direction d) { return static_cast<Direction>((Index(d) + 1) % 3); }

inline constexpr uint64_t kDealCount = 5'506'588'817'009'280ull;

struct Board {
  std::array<CardSet, kDirectionCount> hands;
  std::array<Card, 2> skat;  // skat[0] is skat card 1 (RULES C4)

  CardSet hand(Direction d) const { return hands[Index(d)]; }
  CardSet skat_set() const { return CardSet(skat[0]) | CardSet(skat[1]); }
  friend bool operator==(const Board&, const Board&) = default;
};

// OK when the hands hold 10 cards each, the skat two different cards, and together all 32.
Status CheckBoard(const Board& board);

// The deal number of a board. REQUIRES: CheckBoard(board).ok().
uint64_t DealNumber(const Board& board);
// The board with this deal number; kInvalidArgument when number >= kDealCount.
Result<Board> BoardFromNumber(uint64_t number);
// Reads a deal number written in decimal ("0" ... "5506588817009279"); kInvalidArgument for
// anything else.
Result<uint64_t> ParseDealNumber(std::string_view text);
// REQUIRES: number < kDealCount. The fast path for bulk work.
Board UnrankBoard(uint64_t number);

// "F: C-J ...; M: ...; R: ...; S: H-7 D-8" (hands in CardSet order, the skat in its order).
std::string ToString(const Board& board);
// Reads the form above. The labels may be letters or names ("forehand:") or absent (then the four
// parts are forehand, middlehand, rearhand, skat in that order); parts are separated by ';' or new
// lines. The result is checked with CheckBoard.
Result<Board> ParseBoard(std::string_view text);

}  // namespace skat

#endif  // SKAT_ENGINE_BOARD_H_
