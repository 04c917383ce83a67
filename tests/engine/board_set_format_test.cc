// The board set archive format and JSON export (engine/board_set_format.h, docs/board-sets.md),
// and ForehandChair (docs/comparative.md "Directions and chairs").
#include "engine/board_set_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/players/random_play.h"
#include "engine/random.h"

namespace skat {
namespace board_set_format_test {

std::string RandomHex(Rng& rng) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 64; ++i) out += kHex[rng.Below(16)];
  return out;
}

BoardSet RandomSet(Rng& rng, int boards, int table_size, bool with_seed, bool with_beacon) {
  BoardSet set;
  set.label = "Milwaukee 1909 / session " + std::to_string(boards) + " # ♣ Ü: \"x\" \\ y";
  set.generator_version = 1 + static_cast<int>(rng.Below(3));
  set.commitment = RandomHex(rng);
  if (with_beacon) {
    set.beacon_source = "NYSE closing price of XYZ on 1909-05-01";
    set.beacon_value = std::to_string(rng.Below(100000)) + ".25";
  }
  if (with_seed) set.seed = RandomHex(rng);
  set.table_size = table_size;
  for (int b = 1; b <= boards; ++b) {
    Board board = rng.Chance(1, 2) ? RandomBoard(rng) : UnrankBoard(rng.Below(kDealCount));
    set.boards.push_back(SetBoard{b, board});
  }
  return set;
}

// Deal numbers 0 and 1 (docs/cards.md "Worked examples"), three chairs, no seed.
BoardSet SmallSet() {
  BoardSet set;
  set.label = "Milwaukee 1909 / session 1";
  set.commitment = std::string(64, 'a');
  set.table_size = 3;
  set.boards = {SetBoard{1, UnrankBoard(0)}, SetBoard{2, UnrankBoard(1)},
                SetBoard{3, UnrankBoard(1'000'000'000'000'000)}};
  return set;
}

std::string Write(const BoardSet& set) {
  Result<std::string> text = WriteBoardSet(set);
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  return text.ok() ? *text : "";
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// Index (0-based) of the first line starting with `prefix`.
size_t LineStarting(const std::vector<std::string>& lines, const std::string& prefix) {
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind(prefix, 0) == 0) return i;
  }
  ADD_FAILURE() << "no line starts with " << prefix;
  return 0;
}

// Reads text that must fail; returns where.
FormatError ReadError(const std::string& text) {
  FormatError where;
  Result<BoardSet> set = ReadBoardSet(text, &where);
  EXPECT_FALSE(set.ok());
  if (set.ok()) return where;
  EXPECT_EQ(set.status().code(), ErrorCode::kInvalidArgument);
  const std::string prefix =
      "line " + std::to_string(where.line) + ", column " + std::to_string(where.column) + ": ";
  EXPECT_EQ(set.status().message().rfind(prefix, 0), 0u) << set.status().message();
  return where;
}

#define EXPECT_ERROR_AT(text, line_number, column_number) \
  do {                                                    \
    FormatError where_ = ReadError(text);                 \
    EXPECT_EQ(where_.line, (line_number));                \
    EXPECT_EQ(where_.column, (column_number));            \
  } while (false)

TEST(ForehandChairTest, ThreeChairsRotateWithTheBoardNumber) {
  const std::vector<int> expected = {1, 2, 3, 1, 2, 3, 1, 2, 3};
  for (int b = 1; b <= 9; ++b) EXPECT_EQ(ForehandChair(b, 3), expected[b - 1]) << "board " << b;
  EXPECT_EQ(ForehandChair(100, 3), 1);
}

TEST(ForehandChairTest, FourChairsForehandSitsLeftOfTheDealer) {
  // Dealer in ((b - 1) mod 4) + 1: 1, 2, 3, 4, 1, ...; forehand the next chair clockwise.
  const std::vector<int> expected = {2, 3, 4, 1, 2, 3, 4, 1};
  for (int b = 1; b <= 8; ++b) EXPECT_EQ(ForehandChair(b, 4), expected[b - 1]) << "board " << b;
  EXPECT_EQ(ForehandChair(100, 4), 1);
}

TEST(WriteBoardSetTest, Golden) {
  BoardSet set = SmallSet();
  set.boards.resize(2);
  set.seed = std::string(64, 'f');
  set.beacon_source = "closing price";
  EXPECT_EQ(Write(set),
            "# Comparative Skat board set (docs/board-sets.md)\n"
            "format: comparative-skat-board-set 1\n"
            "label: Milwaukee 1909 / session 1\n"
            "generator: 1\n"
            "commitment: " +
                std::string(64, 'a') +
                "\n"
                "beacon-source: closing price\n"
                "beacon-value:\n"
                "seed: " +
                std::string(64, 'f') +
                "\n"
                "table-size: 3\n"
                "boards: 2\n"
                "board 1 chair 1 deal 0 F: H-8 H-7 D-A D-K D-Q D-J D-10 D-9 D-8 D-7; M: S-10 S-9 "
                "S-8 S-7 H-A H-K H-Q H-J H-10 H-9; R: C-Q C-J C-10 C-9 C-8 C-7 S-A S-K S-Q S-J; "
                "S: C-K C-A\n"
                "board 2 chair 2 deal 1 F: H-8 H-7 D-A D-K D-Q D-J D-10 D-9 D-8 D-7; M: S-10 S-9 "
                "S-8 S-7 H-A H-K H-Q H-J H-10 H-9; R: C-Q C-J C-10 C-9 C-8 C-7 S-A S-K S-Q S-J; "
                "S: C-A C-K\n");
}

TEST(WriteBoardSetTest, RefusesWhatCannotBeReadBack) {
  const auto refused = [](BoardSet set) {
    Result<std::string> text = WriteBoardSet(set);
    EXPECT_FALSE(text.ok());
    if (!text.ok()) {
      EXPECT_EQ(text.status().code(), ErrorCode::kInvalidArgument);
    }
  };
  BoardSet set = SmallSet();
  ASSERT_TRUE(WriteBoardSet(set).ok());
  for (std::string label :
       std::vector<std::string>{"a\nb", "a\rb", "tab\there", " leading", "trailing ",
                                "bad \xff utf8", std::string("nul\0x", 5)}) {
    BoardSet bad = set;
    bad.label = label;
    refused(bad);
  }
  BoardSet bad = set;
  bad.beacon_value = "1\n2";
  refused(bad);
  bad = set;
  bad.commitment = std::string(64, 'A');
  refused(bad);
  bad = set;
  bad.commitment = std::string(63, 'a');
  refused(bad);
  bad = set;
  bad.seed = "00";
  refused(bad);
  bad = set;
  bad.table_size = 5;
  refused(bad);
  bad = set;
  bad.generator_version = 0;
  refused(bad);
  bad = set;
  bad.boards[1].number = 3;
  refused(bad);
  bad = set;
  bad.boards[0].board.skat[1] = bad.boards[0].board.skat[0];
  refused(bad);
}

TEST(ReadBoardSetTest, RoundTripsRandomSets) {
  Rng rng(20240915);
  for (int i = 0; i < 100; ++i) {
    const int boards = i < 5 ? i : static_cast<int>(rng.Below(i < 95 ? 40 : 400));
    const int table_size = rng.Chance(1, 2) ? 3 : 4;
    const BoardSet set = RandomSet(rng, boards, table_size, i % 2 == 0, i % 3 == 0);
    const std::string text = Write(set);
    FormatError where;
    Result<BoardSet> read = ReadBoardSet(text, &where);
    ASSERT_TRUE(read.ok()) << "set " << i << ": " << read.status().ToString();
    EXPECT_EQ(*read, set) << "set " << i;
    EXPECT_EQ(Write(*read), text) << "set " << i;
    for (const SetBoard& b : read->boards) {
      EXPECT_NE(text.find(" deal " + std::to_string(DealNumber(b.board)) + " "), std::string::npos);
    }
  }
}

TEST(ReadBoardSetTest, EmptySetRoundTrips) {
  BoardSet set = SmallSet();
  set.boards.clear();
  Result<BoardSet> read = ReadBoardSet(Write(set));
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, set);
}

TEST(ReadBoardSetTest, LenientForms) {
  const BoardSet set = SmallSet();
  const std::string commitment_upper(64, 'A');
  const std::string text =
      "\xEF\xBB\xBF# a comment\r\n"
      "\r\n"
      "   BOARDS :   3   \r\n"
      "Table-Size: 3\r\n"
      "  # another comment\r\n"
      "\t\r\n"
      "Commitment:" +
      commitment_upper +
      "\r\n"
      "LABEL:    Milwaukee 1909 / session 1  \r\n"
      "Generator: 1\r\n"
      "Format:  Comparative-Skat-Board-Set   1\r\n"
      "Board  1   CHAIR 1  Deal 0   forehand: h8 h7 da dk dq dj dt d9 d8 d7 ; middlehand: "
      "S-T,S-9,S-8,S-7,H-A,H-K,H-Q,H-J,H-10,H-9; REARHAND: c-q c-j c-10 c-9 c-8 c-7 s-a s-k s-q "
      "s-j ; skat: ck ca\r\n"
      "\r\n"
      "board 2 chair 2 deal 1 S: C-A C-K; R: C-Q C-J C-10 C-9 C-8 C-7 S-A S-K S-Q S-J; M: S-10 "
      "S-9 S-8 S-7 H-A H-K H-Q H-J H-10 H-9; F: D-7 D-8 D-9 D-10 D-J D-Q D-K D-A H-7 H-8\r\n"
      "board 3 chair 3 deal 1000000000000000 ♣-10 ♣9 ♠-J ♠8 ♠7 ♥J ♥-10 ♥7 ♦A ♦T; C-K C-Q S-A "
      "S-K S-10 S-9 H-A H-Q D-Q D-7; C-A C-J C-8 C-7 H-9 H-8 D-K D-J D-9 D-8; H-K S-Q";
  Result<BoardSet> read = ReadBoardSet(text);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, set);
}

TEST(ReadBoardSetTest, HeaderAfterTheBoardsIsAccepted) {
  std::vector<std::string> lines = Lines(Write(SmallSet()));
  const size_t label = LineStarting(lines, "label:");
  const std::string moved = lines[label];
  lines.erase(lines.begin() + static_cast<long>(label));
  lines.push_back(moved);
  Result<BoardSet> read = ReadBoardSet(Join(lines));
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, SmallSet());
}

TEST(ReadBoardSetTest, SeedAndBeaconAreRead) {
  BoardSet set = SmallSet();
  set.seed = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  set.beacon_source = "Dow Jones close, 1909-05-01";
  set.beacon_value = "96.41";
  Result<BoardSet> read = ReadBoardSet(Write(set));
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, set);
  // An upper-case seed is read as lower case.
  std::string text = Write(set);
  const size_t at = text.find(*set.seed);
  text.replace(at, 64, "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF");
  read = ReadBoardSet(text);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, set);
}

class ReadErrorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    lines_ = Lines(Write(SmallSet()));
    board1_ = LineStarting(lines_, "board 1 ");
    board2_ = LineStarting(lines_, "board 2 ");
    board3_ = LineStarting(lines_, "board 3 ");
  }
  // 1-based line number of a 0-based index.
  static int LineNo(size_t index) { return static_cast<int>(index) + 1; }
  // 1-based column of `needle` in line `index`.
  int Column(size_t index, const std::string& needle) const {
    const size_t at = lines_[index].find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    return static_cast<int>(at) + 1;
  }
  void Replace(size_t index, const std::string& from, const std::string& to) {
    const size_t at = lines_[index].find(from);
    ASSERT_NE(at, std::string::npos) << from;
    lines_[index].replace(at, from.size(), to);
  }
  std::string Text() const { return Join(lines_); }

  std::vector<std::string> lines_;
  size_t board1_ = 0, board2_ = 0, board3_ = 0;
};

TEST_F(ReadErrorTest, UnchangedTextReads) { ASSERT_TRUE(ReadBoardSet(Text()).ok()); }

TEST_F(ReadErrorTest, CardMovedBetweenHandsIsADealMismatch) {
  // Board 1: forehand's D-7 and middlehand's H-9 change places: still a valid board.
  const int deal_column = Column(board1_, "deal 0") + 5;
  Replace(board1_, "D-7;", "H-9;");
  Replace(board1_, "H-10 H-9;", "H-10 D-7;");
  EXPECT_ERROR_AT(Text(), LineNo(board1_), deal_column);
}

TEST_F(ReadErrorTest, CardDealtTwiceIsAnInvalidBoard) {
  // Forehand's D-7 becomes middlehand's H-9: H-9 twice, D-7 nowhere.
  Replace(board2_, "D-7;", "H-9;");
  EXPECT_ERROR_AT(Text(), LineNo(board2_), Column(board2_, "F:"));
}

TEST_F(ReadErrorTest, CardNamedTwiceInAHandPointsAtIt) {
  Replace(board2_, "D-8 D-7;", "D-8 D-8;");
  EXPECT_ERROR_AT(Text(), LineNo(board2_), Column(board2_, "D-8 D-8;") + 4);
}

TEST_F(ReadErrorTest, UnreadableCardPointsAtIt) {
  Replace(board3_, "H-K S-Q", "H-K X-Q");
  EXPECT_ERROR_AT(Text(), LineNo(board3_), Column(board3_, "X-Q"));
}

TEST_F(ReadErrorTest, SwappedSkatIsADealMismatch) {
  const int deal_column = Column(board1_, "deal 0") + 5;
  Replace(board1_, "S: C-K C-A", "S: C-A C-K");
  EXPECT_ERROR_AT(Text(), LineNo(board1_), deal_column);
}

TEST_F(ReadErrorTest, EditedDealNumber) {
  Replace(board3_, "deal 1000000000000000", "deal 1000000000000001");
  EXPECT_ERROR_AT(Text(), LineNo(board3_), Column(board3_, "1000000000000001"));
}

TEST_F(ReadErrorTest, DealNumberOutOfRange) {
  Replace(board2_, "deal 1 ", "deal 5506588817009280 ");
  EXPECT_ERROR_AT(Text(), LineNo(board2_), Column(board2_, "5506588817009280"));
}

TEST_F(ReadErrorTest, WrongChair) {
  Replace(board2_, "chair 2", "chair 3");
  EXPECT_ERROR_AT(Text(), LineNo(board2_), Column(board2_, "chair 3") + 6);
}

TEST_F(ReadErrorTest, ChairsOfAFourChairTable) {
  // At four chairs board 1's forehand sits in chair 2: the three-chair records are all wrong.
  Replace(LineStarting(lines_, "table-size:"), "3", "4");
  EXPECT_ERROR_AT(Text(), LineNo(board1_), Column(board1_, "chair 1") + 6);
}

TEST_F(ReadErrorTest, MissingBoard) {
  lines_.erase(lines_.begin() + static_cast<long>(board2_));
  // Board 3 now sits where board 2 was.
  EXPECT_ERROR_AT(Text(), LineNo(board2_), 7);
}

TEST_F(ReadErrorTest, BoardsOutOfOrder) {
  std::swap(lines_[board2_], lines_[board3_]);
  EXPECT_ERROR_AT(Text(), LineNo(board2_), 7);
}

TEST_F(ReadErrorTest, MoreBoardsThanTheHeaderSays) {
  Replace(LineStarting(lines_, "boards:"), "3", "2");
  EXPECT_ERROR_AT(Text(), LineNo(board3_), 1);
}

TEST_F(ReadErrorTest, TruncatedAtALineBreak) {
  lines_.resize(board3_);
  // The error is just past the last line.
  EXPECT_ERROR_AT(Text(), LineNo(board3_), 1);
}

TEST_F(ReadErrorTest, TruncatedInsideARecord) {
  std::string text = Text();
  const size_t end_of_board2 = text.find("board 3 ");
  text.resize(end_of_board2 - 20);
  EXPECT_ERROR_AT(text, LineNo(board2_), Column(board2_, "F:"));
}

TEST_F(ReadErrorTest, TruncatedInsideTheHeader) {
  std::string text = Text();
  text.resize(text.find("commitment: ") + 30);
  // 18 hex digits: the commitment line is wrong before the end is reached.
  EXPECT_ERROR_AT(text, LineNo(LineStarting(lines_, "commitment:")), 13);
}

TEST_F(ReadErrorTest, EmptyText) {
  EXPECT_ERROR_AT("", 1, 1);
  EXPECT_ERROR_AT("# only a comment\n\n", 3, 1);
}

TEST_F(ReadErrorTest, DuplicateKey) {
  lines_.insert(lines_.begin() + static_cast<long>(board1_), "  Label: again");
  EXPECT_ERROR_AT(Text(), LineNo(board1_), 3);
}

TEST_F(ReadErrorTest, UnknownKey) {
  lines_.insert(lines_.begin() + 2, "venue: Milwaukee");
  EXPECT_ERROR_AT(Text(), 3, 1);
}

TEST_F(ReadErrorTest, MissingKey) {
  lines_.erase(lines_.begin() + static_cast<long>(LineStarting(lines_, "commitment:")));
  EXPECT_ERROR_AT(Text(), static_cast<int>(lines_.size()) + 1, 1);
}

TEST_F(ReadErrorTest, BadHexInTheCommitment) {
  const size_t line = LineStarting(lines_, "commitment:");
  lines_[line][12 + 40] = 'g';
  EXPECT_ERROR_AT(Text(), LineNo(line), 13 + 40);
}

TEST_F(ReadErrorTest, ShortCommitment) {
  const size_t line = LineStarting(lines_, "commitment:");
  lines_[line].pop_back();
  EXPECT_ERROR_AT(Text(), LineNo(line), 13);
}

TEST_F(ReadErrorTest, BadHexInTheSeed) {
  lines_.insert(lines_.begin() + 2, "seed: " + std::string(63, '0') + "z");
  EXPECT_ERROR_AT(Text(), 3, 7 + 63);
}

TEST_F(ReadErrorTest, EmptySeed) {
  lines_.insert(lines_.begin() + 2, "seed:");
  EXPECT_ERROR_AT(Text(), 3, 6);
}

TEST_F(ReadErrorTest, ControlCharacterInTheLabel) {
  const size_t line = LineStarting(lines_, "label:");
  lines_[line] = "label: Milwaukee\rx";
  EXPECT_ERROR_AT(Text(), LineNo(line), 17);
}

TEST_F(ReadErrorTest, ColumnsCountCharacters) {
  const size_t line = LineStarting(lines_, "label:");
  lines_[line] = "label: ♣♠ \xff";
  EXPECT_ERROR_AT(Text(), LineNo(line), 11);
}

TEST_F(ReadErrorTest, UnsupportedFormatVersion) {
  const size_t line = LineStarting(lines_, "format:");
  Replace(line, "set 1", "set 2");
  EXPECT_ERROR_AT(Text(), LineNo(line), Column(line, "2"));
}

TEST_F(ReadErrorTest, BadTableSize) {
  const size_t line = LineStarting(lines_, "table-size:");
  Replace(line, "3", "5");
  EXPECT_ERROR_AT(Text(), LineNo(line), 13);
}

TEST_F(ReadErrorTest, NeitherHeaderNorRecord) {
  lines_.insert(lines_.begin() + 2, "  just words");
  EXPECT_ERROR_AT(Text(), 3, 3);
}

TEST_F(ReadErrorTest, RecordWithoutHands) {
  lines_[board2_] = "board 2 chair 2 deal 1";
  EXPECT_ERROR_AT(Text(), LineNo(board2_), 23);
}

TEST_F(ReadErrorTest, RecordWithoutChairKeyword) {
  Replace(board2_, "chair", "seat");
  EXPECT_ERROR_AT(Text(), LineNo(board2_), 9);
}

TEST(BoardSetToJsonTest, Golden) {
  BoardSet set;
  set.label = "Test";
  set.commitment = std::string(64, '0');
  set.table_size = 4;
  set.boards = {SetBoard{1, UnrankBoard(0)}};
  EXPECT_EQ(BoardSetToJson(set),
            "{\"format\":\"comparative-skat-board-set\",\"version\":1,\"label\":\"Test\","
            "\"generator\":1,\"commitment\":\"" +
                std::string(64, '0') +
                "\",\"beaconSource\":\"\",\"beaconValue\":\"\",\"seed\":null,\"tableSize\":4,"
                "\"boards\":[{\"number\":1,\"forehandChair\":2,\"dealNumber\":0,"
                "\"forehand\":[\"H-8\",\"H-7\",\"D-A\",\"D-K\",\"D-Q\",\"D-J\",\"D-10\",\"D-9\","
                "\"D-8\",\"D-7\"],"
                "\"middlehand\":[\"S-10\",\"S-9\",\"S-8\",\"S-7\",\"H-A\",\"H-K\",\"H-Q\",\"H-J\","
                "\"H-10\",\"H-9\"],"
                "\"rearhand\":[\"C-Q\",\"C-J\",\"C-10\",\"C-9\",\"C-8\",\"C-7\",\"S-A\",\"S-K\","
                "\"S-Q\",\"S-J\"],"
                "\"skat\":[\"C-K\",\"C-A\"]}]}\n");
}

TEST(BoardSetToJsonTest, SeedAndBigDealNumber) {
  BoardSet set = SmallSet();
  set.seed = std::string(64, 'b');
  set.boards = {SetBoard{1, UnrankBoard(kDealCount - 1)}};
  const std::string json = BoardSetToJson(set);
  EXPECT_NE(json.find("\"seed\":\"" + std::string(64, 'b') + "\""), std::string::npos);
  EXPECT_NE(json.find("\"dealNumber\":5506588817009279,"), std::string::npos);
  EXPECT_NE(json.find("\"skat\":[\"D-8\",\"D-7\"]"), std::string::npos);
}

TEST(BoardSetToJsonTest, EscapesStrings) {
  BoardSet set = SmallSet();
  set.boards.clear();
  set.label =
      std::string("q\"b\\s/n\nr\rt\tb\bf\fc\x01\x1f nul") + std::string(1, '\0') + "é♣\x7f bad\xff";
  set.beacon_source = "\"";
  const std::string json = BoardSetToJson(set);
  EXPECT_NE(json.find("\"label\":\"q\\\"b\\\\s/n\\nr\\rt\\tb\\bf\\fc\\u0001\\u001f nul\\u0000"
                      "é♣\x7f bad\\ufffd\","),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"beaconSource\":\"\\\"\","), std::string::npos) << json;
  EXPECT_NE(json.find("\"boards\":[]}"), std::string::npos) << json;
}

}  // namespace board_set_format_test
}  // namespace skat
