// Pinned counts of legal card sequences (a Skat "perft", docs/development.md "Stockfish")
// for fixed boards and
// contracts. The depth-9 numbers (the first three tricks) were produced by the slow reference in
// reference.h and are now required of the engine's Position; the reference itself is checked
// against Position at depth 6 in the same run.
#include <gtest/gtest.h>

#include "engine/board.h"
#include "engine/position.h"
#include "tests/engine/reference.h"

namespace skat {
namespace perft_test {

uint64_t Perft(Position& p, int depth) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (Card c : p.LegalCards()) {
    p.Play(c);
    n += Perft(p, depth - 1);
    p.Undo();
  }
  return n;
}

uint64_t ReferencePerft(const Board& board, GameType type, int depth) {
  reference::PerftState s;
  for (int i = 0; i < 3; ++i) {
    for (Card c : board.hands[i]) s.hands[i].push_back(c);
  }
  return reference::Perft(s, type, depth);
}

struct PerftCase {
  uint64_t deal_number;
  GameType type;
  uint64_t count;  // sequences of 9 cards, from the slow reference
};

constexpr PerftCase kCases[] = {
    {0ull, GameType::kGrand, 126182816},
    {0ull, GameType::kClubs, 21887616},
    {0ull, GameType::kHearts, 63383552},
    {0ull, GameType::kNull, 227100672},
    {1234567890123ull, GameType::kGrand, 166256},
    {1234567890123ull, GameType::kClubs, 152896},
    {1234567890123ull, GameType::kHearts, 402192},
    {1234567890123ull, GameType::kNull, 298400},
    {3827203000569778ull, GameType::kGrand, 34688},
    {3827203000569778ull, GameType::kClubs, 130096},
    {3827203000569778ull, GameType::kHearts, 88912},
    {3827203000569778ull, GameType::kNull, 86152},
    {5506588817009279ull, GameType::kGrand, 129877008},
    {5506588817009279ull, GameType::kClubs, 1987648},
    {5506588817009279ull, GameType::kHearts, 70742400},
    {5506588817009279ull, GameType::kNull, 286986240},
};

TEST(PerftTest, FirstThreeTricksMatchPinnedReferenceCounts) {
  for (const PerftCase& c : kCases) {
    Position p(UnrankBoard(c.deal_number).hands, c.type);
    EXPECT_EQ(Perft(p, 9), c.count) << "board " << c.deal_number << " " << GameTypeName(c.type);
    EXPECT_EQ(p.cards_played(), 0);
  }
}

TEST(PerftTest, ReferenceAgreesWithPositionOnTwoTricks) {
  for (const PerftCase& c : kCases) {
    const Board board = UnrankBoard(c.deal_number);
    Position p(board.hands, c.type);
    EXPECT_EQ(Perft(p, 6), ReferencePerft(board, c.type, 6))
        << "board " << c.deal_number << " " << GameTypeName(c.type);
  }
}

}  // namespace perft_test
}  // namespace skat
