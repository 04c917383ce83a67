// Boards and deal numbers (docs/cards.md "Deal numbers";
// docs/comparative.md "Board and board set").
#include "engine/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "engine/players/random_play.h"
#include "engine/random.h"

namespace skat {
namespace board_test {

// The set of the cards with indices lo..hi (inclusive).
CardSet Range(int lo, int hi) {
  CardSet s;
  for (int i = lo; i <= hi; ++i) s.add(Card::FromIndex(i));
  return s;
}

void ExpectRoundTrip(uint64_t number) {
  const Result<Board> board = BoardFromNumber(number);
  ASSERT_TRUE(board.ok()) << number;
  EXPECT_TRUE(CheckBoard(*board).ok()) << number;
  EXPECT_EQ(DealNumber(*board), number);
  EXPECT_EQ(UnrankBoard(number), *board) << number;
}

// docs/cards.md: 32! / (10!^3) = C(32,10) * C(22,10) * C(12,10) * 2.
TEST(BoardTest, DealCountIsTheNumberOfOrderedDeals) {
  EXPECT_EQ(kDealCount, 64'512'240ull * 646'646ull * 66ull * 2ull);
  EXPECT_EQ(kDealCount, 5'506'588'817'009'280ull);
  EXPECT_LT(kDealCount, uint64_t{1} << 53);
}

TEST(BoardTest, DealNumberRoundTripsAtTheEnds) {
  ExpectRoundTrip(0);
  ExpectRoundTrip(1);
  ExpectRoundTrip(kDealCount - 1);
  ExpectRoundTrip(kDealCount - 2);
}

TEST(BoardTest, DealNumberRoundTripsFor100000RandomNumbers) {
  Rng rng(20240601);
  for (int i = 0; i < 100'000; ++i) {
    const uint64_t number = rng.Below(kDealCount);
    const Board board = UnrankBoard(number);
    ASSERT_TRUE(CheckBoard(board).ok()) << number;
    ASSERT_EQ(DealNumber(board), number);
  }
}

TEST(BoardTest, RandomBoardsRoundTripThroughTheirNumbers) {
  Rng rng(7);
  for (int i = 0; i < 100'000; ++i) {
    const Board board = RandomBoard(rng);
    ASSERT_TRUE(CheckBoard(board).ok());
    const uint64_t number = DealNumber(board);
    ASSERT_LT(number, kDealCount);
    ASSERT_EQ(UnrankBoard(number), board) << number;
  }
}

// docs/cards.md worked example "Deal number 0": forehand the ten lowest indices, then middlehand,
// then rearhand; the skat in increasing index. Checked with `skat board --number 0`.
TEST(BoardTest, BoardZeroDealsTheLowestIndicesFirst) {
  const Board board = UnrankBoard(0);
  EXPECT_EQ(board.hand(Direction::kForehand), Range(0, 9));
  EXPECT_EQ(board.hand(Direction::kMiddlehand), Range(10, 19));
  EXPECT_EQ(board.hand(Direction::kRearhand), Range(20, 29));
  EXPECT_EQ(board.skat[0], Card::FromIndex(30));
  EXPECT_EQ(board.skat[1], Card::FromIndex(31));
  EXPECT_EQ(ToString(board),
            "F: H-8 H-7 D-A D-K D-Q D-J D-10 D-9 D-8 D-7; "
            "M: S-10 S-9 S-8 S-7 H-A H-K H-Q H-J H-10 H-9; "
            "R: C-Q C-J C-10 C-9 C-8 C-7 S-A S-K S-Q S-J; S: C-K C-A");
}

// docs/cards.md worked example "Deal number 1": the same hands, the skat turned round.
TEST(BoardTest, BoardOneTurnsTheSkat) {
  const Board zero = UnrankBoard(0);
  const Board one = UnrankBoard(1);
  EXPECT_EQ(one.hands, zero.hands);
  EXPECT_EQ(one.skat[0], zero.skat[1]);
  EXPECT_EQ(one.skat[1], zero.skat[0]);
}

// docs/cards.md worked example "Deal number 132" = ((0 * 646646 + 1) * 66 + 0) * 2 + 0.
TEST(BoardTest, Board132MovesMiddlehandsHighestCardUp) {
  const Board board = UnrankBoard(132);
  EXPECT_EQ(board.hand(Direction::kForehand), Range(0, 9));
  EXPECT_EQ(board.hand(Direction::kMiddlehand), Range(10, 18) | Card::FromIndex(20));
  EXPECT_EQ(board.hand(Direction::kRearhand), Range(21, 29) | Card::FromIndex(19));
  EXPECT_EQ(board.skat[0], Card::FromIndex(30));
}

// docs/cards.md worked example "the last": forehand the ten highest indices, middlehand the next,
// rearhand the next; the skat in decreasing index. Checked with `skat board --number
// 5506588817009279`.
TEST(BoardTest, LastBoardDealsTheHighestIndicesFirst) {
  const Board board = UnrankBoard(kDealCount - 1);
  EXPECT_EQ(board.hand(Direction::kForehand), Range(22, 31));
  EXPECT_EQ(board.hand(Direction::kMiddlehand), Range(12, 21));
  EXPECT_EQ(board.hand(Direction::kRearhand), Range(2, 11));
  EXPECT_EQ(board.skat[0], Card::FromIndex(1));
  EXPECT_EQ(board.skat[1], Card::FromIndex(0));
  EXPECT_EQ(ToString(board),
            "F: C-A C-K C-Q C-J C-10 C-9 C-8 C-7 S-A S-K; "
            "M: S-Q S-J S-10 S-9 S-8 S-7 H-A H-K H-Q H-J; "
            "R: H-10 H-9 H-8 H-7 D-A D-K D-Q D-J D-10 D-9; S: D-8 D-7");
}

// docs/cards.md worked example "Deal number 1,000,000,000,000,000".
TEST(BoardTest, GoldenBoardForOneQuadrillion) {
  const uint64_t number = 1'000'000'000'000'000ull;
  EXPECT_EQ(ToString(UnrankBoard(number)),
            "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; "
            "M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
            "R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q");
  const Result<Board> parsed = ParseBoard(ToString(UnrankBoard(number)));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(DealNumber(*parsed), number);
}

// docs/cards.md: o is the lowest digit; swapping the skat flips it and nothing else.
TEST(BoardTest, SwappingTheSkatChangesTheNumberByExactlyOne) {
  Rng rng(99);
  for (int i = 0; i < 10'000; ++i) {
    Board board = RandomBoard(rng);
    const uint64_t before = DealNumber(board);
    std::swap(board.skat[0], board.skat[1]);
    const uint64_t after = DealNumber(board);
    ASSERT_EQ(before / 2, after / 2);
    ASSERT_EQ(before > after ? before - after : after - before, 1u);
    // The even number has the lower-index card first.
    const Board even = UnrankBoard(std::min(before, after));
    ASSERT_LT(even.skat[0].index(), even.skat[1].index());
  }
}

TEST(BoardTest, BoardFromNumberRejectsNumbersOutOfRange) {
  EXPECT_EQ(BoardFromNumber(kDealCount).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(BoardFromNumber(kDealCount + 1).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(BoardFromNumber(UINT64_MAX).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_TRUE(BoardFromNumber(kDealCount - 1).ok());
}

constexpr const char* kBoardText =
    "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; "
    "M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
    "R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q";

TEST(BoardTest, ParseBoardReadsItsOwnOutput) {
  const Result<Board> board = ParseBoard(kBoardText);
  ASSERT_TRUE(board.ok()) << board.status().ToString();
  EXPECT_EQ(ToString(*board), kBoardText);
  EXPECT_EQ(board->skat[0], Card(Suit::kHearts, Rank::kKing));  // RULES C4: order as written
}

// docs/cards.md "Boards": labels as names in any case, parts in any order when labelled, no
// labels at all, new lines in place of ';', lenient cards.
TEST(BoardTest, ParseBoardAcceptsLabelsNoLabelsAndNewlines) {
  const Board expected = *ParseBoard(kBoardText);
  const char* const kForms[] = {
      "forehand: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; "
      "Middlehand: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
      "REARHAND: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; skat: H-K S-Q",
      "C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
      "C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; H-K S-Q",
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10\n"
      "M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7\n"
      "R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8\n"
      "S: H-K S-Q\n",
      "S: hk sq; R: CA CJ C8 C7 H9 H8 DK DJ D9 D8; "
      "M: CK CQ SA SK ST S9 HA HQ DQ D7; F: c10 c9 sj s8 s7 hj h10 h7 da dt",
      "f: D-10 D-A H-7 H-10 H-J S-7 S-8 S-J C-9 C-10; m: D-7 D-Q H-Q H-A S-9 S-10 S-K S-A C-Q "
      "C-K; r: C-A,C-J,C-8,C-7,H-9,H-8,D-K,D-J,D-9,D-8; s: H-K, S-Q",
  };
  for (const char* text : kForms) {
    const Result<Board> board = ParseBoard(text);
    ASSERT_TRUE(board.ok()) << text << "\n" << board.status().ToString();
    EXPECT_EQ(*board, expected) << text;
  }
}

TEST(BoardTest, ParseBoardKeepsTheSkatOrderAsWritten) {
  const Result<Board> board = ParseBoard(
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; "
      "M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
      "R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: S-Q H-K");
  ASSERT_TRUE(board.ok());
  EXPECT_EQ(board->skat[0], Card(Suit::kSpades, Rank::kQueen));
  EXPECT_EQ(DealNumber(*board), 1'000'000'000'000'001ull);
}

TEST(BoardTest, ParseBoardRejectsBadBoards) {
  const char* const kBad[] = {
      // forehand holds 9 cards (D-10 missing from the pack)
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q D-7; "
      "R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      // C-10 in forehand and middlehand
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-10 C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      // a card named twice in one hand
      "F: C-10 C-10 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      // a 3-card skat
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9; S: H-K S-Q D-8",
      // the skat card twice
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K H-K",
      // three parts
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8",
      // an unknown label and a part given twice
      "X: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A D-10; F: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      // an unreadable card
      "F: C-10 C-9 S-J S-8 S-7 H-J H-10 H-7 D-A X-10; M: C-K C-Q S-A S-K S-10 S-9 H-A H-Q D-Q "
      "D-7; R: C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; S: H-K S-Q",
      "",
  };
  for (const char* text : kBad) {
    EXPECT_EQ(ParseBoard(text).status().code(), ErrorCode::kInvalidArgument) << text;
  }
}

TEST(BoardTest, CheckBoardAcceptsEveryUnrankedBoard) {
  EXPECT_TRUE(CheckBoard(UnrankBoard(0)).ok());
  EXPECT_TRUE(CheckBoard(UnrankBoard(kDealCount / 3)).ok());
}

TEST(BoardTest, CheckBoardRejectsMalformedBoards) {
  const Board good = UnrankBoard(0);  // F 0-9, M 10-19, R 20-29, S 30 31

  Board short_hand = good;
  short_hand.hands[0].remove(Card::FromIndex(0));
  EXPECT_EQ(CheckBoard(short_hand).code(), ErrorCode::kInvalidArgument);

  Board long_hand = good;
  long_hand.hands[1].add(Card::FromIndex(30));  // middlehand holds 11 cards
  EXPECT_EQ(CheckBoard(long_hand).code(), ErrorCode::kInvalidArgument);

  Board shared = good;  // rearhand swaps card 29 for forehand's card 0: 10 cards each, overlap
  shared.hands[2].remove(Card::FromIndex(29));
  shared.hands[2].add(Card::FromIndex(0));
  EXPECT_EQ(CheckBoard(shared).code(), ErrorCode::kInvalidArgument);

  Board same_skat = good;
  same_skat.skat[1] = same_skat.skat[0];
  EXPECT_EQ(CheckBoard(same_skat).code(), ErrorCode::kInvalidArgument);

  Board skat_in_hand = good;
  skat_in_hand.skat[1] = Card::FromIndex(5);
  EXPECT_EQ(CheckBoard(skat_in_hand).code(), ErrorCode::kInvalidArgument);

  EXPECT_EQ(CheckBoard(Board{}).code(), ErrorCode::kInvalidArgument);
}

TEST(BoardTest, DirectionsAreNamedAndOrdered) {
  EXPECT_EQ(DirectionName(Direction::kForehand), "forehand");
  EXPECT_EQ(DirectionName(Direction::kRearhand), "rearhand");
  EXPECT_EQ(DirectionLetter(Direction::kMiddlehand), 'M');
  EXPECT_EQ(Next(Direction::kForehand), Direction::kMiddlehand);
  EXPECT_EQ(Next(Direction::kRearhand), Direction::kForehand);
}

}  // namespace board_test
}  // namespace skat
