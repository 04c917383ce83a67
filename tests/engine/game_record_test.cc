// Game records (engine/game_record.h, docs/game-records.md): the writer and the replaying reader,
// round-tripped over random complete games, the lenient spellings, and the position and code of
// every kind of error (positions are asserted through FormatError, never through message text).
#include "engine/game_record.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "tests/test_scale.h"

namespace skat {
namespace game_record_test {

Game RandomGame(const Profile& profile, Rng& rng) {
  Game game(profile, RandomBoard(rng));
  PlayOutRandomly(game, rng);
  return game;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// 1-based number of the first line starting with `prefix`, or 0.
int LineStarting(const std::vector<std::string>& lines, const std::string& prefix, int from = 0) {
  for (size_t i = static_cast<size_t>(from); i < lines.size(); ++i) {
    if (lines[i].rfind(prefix, 0) == 0) return static_cast<int>(i) + 1;
  }
  return 0;
}

void ExpectSameGame(const Game& read, const Game& original) {
  EXPECT_EQ(read.profile().id, original.profile().id);
  EXPECT_EQ(read.board(), original.board());
  ASSERT_EQ(read.acts(), original.acts());
  ASSERT_TRUE(read.finished());
  EXPECT_EQ(Describe(read.result()), Describe(original.result()));
  EXPECT_EQ(read.result().pad, original.result().pad);
  EXPECT_EQ(read.result().kind, original.result().kind);
}

// Every profile, and one with every option (profile ids with "+", ProfileOption).
std::vector<std::string_view> IdsWithOptions() {
  std::vector<std::string_view> ids = ProfileIds();
  ids.push_back(FindProfile("eichhorn-1898+frage+contra")->id);
  ids.push_back(FindProfile("eichhorn-1898+revolution")->id);
  ids.push_back(FindProfile("laws-1900+revolution+uno-duo")->id);
  return ids;
}

TEST(GameRecordTest, RoundTripsTenThousandRandomGamesOfEveryProfile) {
  Rng rng(20240903);
  const std::vector<std::string_view> ids = IdsWithOptions();
  std::array<int, 3> kinds{};
  // 10,000 games optimised, 2,000 under the sanitizers (tests/test_scale.h).
  constexpr int kGames = testing_scale::Scaled(10'000, 2'000);
  for (int i = 0; i < kGames; ++i) {
    const Profile& profile = *FindProfile(ids[static_cast<size_t>(i) % ids.size()]);
    const Game game = RandomGame(profile, rng);
    Result<std::string> text = WriteGameRecord(game);
    ASSERT_TRUE(text.ok()) << text.status().ToString();
    FormatError where;
    Result<std::vector<GameRecord>> read = ReadGameRecords(*text, &where);
    ASSERT_TRUE(read.ok()) << read.status().ToString() << "\n" << *text;
    ASSERT_EQ(read->size(), 1u);
    ExpectSameGame((*read)[0].game, game);
    Result<std::string> again = WriteGameRecord((*read)[0]);
    ASSERT_TRUE(again.ok());
    ASSERT_EQ(*again, *text);
    ++kinds[static_cast<int>(game.result().kind)];
  }
  // The sample covers declarer games and Ramsch (and passed-in boards where a profile has them):
  // the seeded sample has 8,778 declarer games and 1,071 Ramsch of 10,000 games, 1,754 and 213 of
  // the first 2,000.
  EXPECT_GT(kinds[static_cast<int>(ResultKind::kDeclarerGame)], testing_scale::Scaled(1000, 200));
  EXPECT_GT(kinds[static_cast<int>(ResultKind::kRamsch)], testing_scale::Scaled(100, 20));
}

TEST(GameRecordTest, WritesEveryActTypeThatRandomPlayProduces) {
  Rng rng(7);
  std::array<bool, kActTypeCount> seen{};
  const std::vector<std::string_view> ids = IdsWithOptions();
  for (int i = 0; i < 6000; ++i) {
    const Game game = RandomGame(*FindProfile(ids[static_cast<size_t>(i) % ids.size()]), rng);
    for (const Act& act : game.acts()) seen[static_cast<int>(act.type)] = true;
    Result<std::vector<GameRecord>> read = ReadGameRecords(*WriteGameRecord(game));
    ASSERT_TRUE(read.ok()) << read.status().ToString();
  }
  for (int t = 0; t < kActTypeCount; ++t) {
    EXPECT_TRUE(seen[t]) << ActTypeName(static_cast<ActType>(t));
  }
}

TEST(GameRecordTest, SessionWithLabelsAndHeaders) {
  Rng rng(11);
  std::vector<GameRecord> records;
  for (int i = 0; i < 3; ++i) {
    GameRecord r(RandomGame(Nasl1909(), rng));
    r.table = "Table 3";
    r.board = std::to_string(i + 1);
    r.round = i == 2 ? "" : "Round Ü 1";
    records.push_back(std::move(r));
  }
  Result<std::string> text = WriteGameRecords(records);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text->rfind("game 1\nprofile: nasl-1909\ntable: Table 3\nboard: 1\n", 0), 0u) << *text;
  Result<std::vector<GameRecord>> read = ReadGameRecords(*text);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    ExpectSameGame((*read)[i].game, records[i].game);
    EXPECT_EQ((*read)[i].table, records[i].table);
    EXPECT_EQ((*read)[i].board, records[i].board);
    EXPECT_EQ((*read)[i].round, records[i].round);
  }
  // Headers alone separate records, and so do blank lines alone.
  std::string no_blank = std::regex_replace(*text, std::regex("\n\n"), "\n");
  Result<std::vector<GameRecord>> r2 = ReadGameRecords(no_blank);
  ASSERT_TRUE(r2.ok()) << r2.status().ToString();
  EXPECT_EQ(r2->size(), 3u);
  std::string no_header = std::regex_replace(*text, std::regex("game [0-9]+\n"), "");
  Result<std::vector<GameRecord>> r3 = ReadGameRecords(no_header);
  ASSERT_TRUE(r3.ok()) << r3.status().ToString();
  EXPECT_EQ(r3->size(), 3u);
  // Labels with control characters or edge spaces are not written.
  records[0].table = "a\tb";
  EXPECT_EQ(WriteGameRecords(records).status().code(), ErrorCode::kInvalidArgument);
  records[0].table = " a";
  EXPECT_EQ(WriteGameRecords(records).status().code(), ErrorCode::kInvalidArgument);
}

TEST(GameRecordTest, WriterRequiresAFinishedGame) {
  Game game(Nasl1909(), UnrankBoard(42));
  EXPECT_EQ(WriteGameRecord(game).status().code(), ErrorCode::kInvalidArgument);
}

// The lenient spellings: CRLF, comments, extra blanks, any case, seat names, every card form.
TEST(GameRecordTest, ReadsLenientSpellings) {
  Rng rng(5);
  for (int i = 0; i < 200; ++i) {
    const Game game =
        RandomGame(*FindProfile(ProfileIds()[static_cast<size_t>(i) % ProfileIds().size()]), rng);
    std::string text = *WriteGameRecord(game);
    const std::vector<std::string> forms = {"$1$2", "$1-T", "$1T", "$1-$2"};
    const std::string form = forms[static_cast<size_t>(i) % forms.size()];
    // Cards: "H-10" -> "h10" / "h-t" / "ht", lower case (the whole text is lowered below for
    // odd i, raised for even i).
    text = std::regex_replace(text, std::regex("\\b([CSHD])-(10)\\b"), form);
    text = std::regex_replace(text, std::regex("\\b([CSHD])-([789JQKA])\\b"), "$1$2");
    text = std::regex_replace(text, std::regex("(^|\n)F "), "$1forehand ");
    text = std::regex_replace(text, std::regex("(^|\n)M "), "$1Middlehand ");
    std::string lenient;
    for (const std::string& line : Lines(text)) {
      std::string spaced = std::regex_replace(line, std::regex(" "), "   ");
      lenient += " \t" + spaced + " \t \r\n# a comment\r\n   #another\r\n";
    }
    for (char& c : lenient) {
      if (i % 2 == 0 && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (i % 2 == 1 && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    Result<std::vector<GameRecord>> read = ReadGameRecords(lenient);
    ASSERT_TRUE(read.ok()) << read.status().ToString() << "\n" << lenient;
    ASSERT_EQ(read->size(), 1u);
    ExpectSameGame((*read)[0].game, game);
  }
  // The suit symbols, and a deal given by its number alone.
  Rng rng2(9);
  const Game game = RandomGame(Nasl1909(), rng2);
  std::string text = *WriteGameRecord(game);
  text = std::regex_replace(text, std::regex("\\bH-"), "♥");
  text = std::regex_replace(text, std::regex("(deal: [0-9]+) .*"), "$1");
  Result<std::vector<GameRecord>> read = ReadGameRecords(text);
  ASSERT_TRUE(read.ok()) << read.status().ToString() << "\n" << text;
  ExpectSameGame((*read)[0].game, game);
}

// A random nasl-1909 declarer game with a trick in which a seat had to follow suit; the record's
// lines, the number of that play line (1-based) and a card of that seat that does not follow.
struct FollowCase {
  std::vector<std::string> lines;
  int line = 0;
  std::string illegal;
};

FollowCase FindFollowCase() {
  for (uint64_t seed = 1;; ++seed) {
    Rng rng(seed);
    const Game game = RandomGame(Nasl1909(), rng);
    if (game.result().kind != ResultKind::kDeclarerGame) continue;
    Game replay(Nasl1909(), game.board());
    const std::vector<std::string> lines = Lines(*WriteGameRecord(game));
    const int first_act = LineStarting(lines, "deal:") + 1;
    for (size_t i = 0; i < game.acts().size(); ++i) {
      const Act& act = game.acts()[i];
      if (act.type == ActType::kPlay && replay.phase() == Phase::kPlaying) {
        const CardSet legal = replay.position().LegalCards();
        const CardSet hand = replay.position().hand(act.seat);
        if (legal != hand) {
          for (Card c : hand) {
            if (!legal.contains(c)) {
              return FollowCase{lines, first_act + static_cast<int>(i), ToString(c)};
            }
          }
        }
      }
      EXPECT_TRUE(replay.Apply(act).ok());
    }
  }
}

Status ReadWithError(const std::string& text, FormatError& where) {
  Result<std::vector<GameRecord>> read = ReadGameRecords(text, &where);
  EXPECT_FALSE(read.ok()) << text;
  if (read.ok()) return Status::Ok();
  // The message starts with the same position.
  EXPECT_EQ(read.status().message().rfind("line " + std::to_string(where.line) + ", column " +
                                              std::to_string(where.column) + ": ",
                                          0),
            0u)
      << read.status().message();
  return read.status();
}

TEST(GameRecordTest, IllegalCardMustFollowSuit) {
  FollowCase c = FindFollowCase();
  std::string& line = c.lines[static_cast<size_t>(c.line) - 1];
  ASSERT_EQ(line.substr(1, 6), " play ");
  line = line.substr(0, 7) + c.illegal;
  FormatError where;
  const Status s = ReadWithError(Join(c.lines), where);
  EXPECT_EQ(s.code(), ErrorCode::kIllegalCard);
  EXPECT_EQ(where.line, c.line);
  EXPECT_EQ(where.column, 8);
}

TEST(GameRecordTest, ActOutOfTurn) {
  FollowCase c = FindFollowCase();
  std::string& line = c.lines[static_cast<size_t>(c.line) - 1];
  line[0] = line[0] == 'F' ? 'M' : 'F';
  FormatError where;
  const Status s = ReadWithError(Join(c.lines), where);
  EXPECT_EQ(s.code(), ErrorCode::kOutOfTurn);
  EXPECT_EQ(where.line, c.line);
  EXPECT_EQ(where.column, 1);
}

TEST(GameRecordTest, BidSeventeenIsIllegalUnderNasl1909) {
  const std::string text = "profile: nasl-1909\ndeal: 42\n  M   bid 17\n";
  FormatError where;
  const Status s = ReadWithError(text, where);
  EXPECT_EQ(s.code(), ErrorCode::kIllegalBid);
  EXPECT_EQ(where.line, 3);
  EXPECT_EQ(where.column, 11);
}

TEST(GameRecordTest, WrongStatedResult) {
  FollowCase c = FindFollowCase();
  std::vector<std::string> lines = c.lines;
  const int pad = LineStarting(lines, "pad: ");
  ASSERT_GT(pad, 0);
  // "pad: F +30 M 0 R 0": change M's entry (column 14) to 5.
  std::string& pad_line = lines[static_cast<size_t>(pad) - 1];
  const size_t m = pad_line.find(" M ") + 3;
  const size_t end = pad_line.find(' ', m);
  pad_line = pad_line.substr(0, m) + "5" + pad_line.substr(end);
  FormatError where;
  Status s = ReadWithError(Join(lines), where);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(where.line, pad);
  EXPECT_EQ(where.column, static_cast<int>(m) + 1);

  // The value, the declarer and the game are checked too.
  lines = c.lines;
  const int value = LineStarting(lines, "value: ");
  std::string& value_line = lines[static_cast<size_t>(value) - 1];
  value_line = value_line.substr(0, value_line.find(' ', 7)) + " 999";
  s = ReadWithError(Join(lines), where);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(where.line, value);
  EXPECT_EQ(where.column, static_cast<int>(value_line.size()) - 2);

  lines = c.lines;
  const int declarer = LineStarting(lines, "declarer: ");
  lines[static_cast<size_t>(declarer) - 1] = "declarer: none";
  s = ReadWithError(Join(lines), where);
  EXPECT_EQ(where.line, declarer);
  EXPECT_EQ(where.column, 11);

  lines = c.lines;
  const int game = LineStarting(lines, "game: ");
  lines[static_cast<size_t>(game) - 1] = "game: ramsch";
  s = ReadWithError(Join(lines), where);
  EXPECT_EQ(where.line, game);
  EXPECT_EQ(where.column, 7);
}

TEST(GameRecordTest, UnknownProfile) {
  FormatError where;
  const Status s = ReadWithError("# comment\nprofile:  nasl-1910\ndeal: 42\nM pass\n", where);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(where.line, 2);
  EXPECT_EQ(where.column, 11);
}

TEST(GameRecordTest, TruncatedGame) {
  FollowCase c = FindFollowCase();
  // Cut after the illegal-card line's predecessor: the game is unfinished at the end of the text.
  std::vector<std::string> lines(c.lines.begin(), c.lines.begin() + c.line - 1);
  FormatError where;
  Status s = ReadWithError(Join(lines), where);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(where.line, c.line);
  EXPECT_EQ(where.column, 1);
  // The same record followed by another: the error points at the line after the cut record.
  Rng rng(3);
  const std::string next = *WriteGameRecord(RandomGame(Nasl1909(), rng));
  s = ReadWithError(Join(lines) + "\n" + next, where);
  EXPECT_EQ(where.line, c.line);
  // A result line while the game is unfinished.
  lines.push_back("pad: F 0 M 0 R 0");
  s = ReadWithError(Join(lines), where);
  EXPECT_EQ(where.line, c.line);
  EXPECT_EQ(where.column, 1);
  // The pad line missing.
  lines = c.lines;
  lines.pop_back();
  s = ReadWithError(Join(lines), where);
  EXPECT_EQ(where.line, static_cast<int>(c.lines.size()));
  EXPECT_EQ(where.column, 1);
}

TEST(GameRecordTest, MalformedLines) {
  struct Case {
    std::string text;
    int line, column;
  };
  const std::string head = "profile: nasl-1909\ndeal: 42\n";
  const std::vector<Case> cases = {
      {head + "X bid 18\n", 3, 1},                    // unknown seat
      {head + "M bids 18\n", 3, 3},                   // unknown act
      {head + "M bid\n", 3, 6},                       // missing value
      {head + "M bid 18 20\n", 3, 10},                // second value
      {head + "M pass 18\n", 3, 8},                   // pass takes no argument
      {head + "M bid 18 X-9\n", 3, 10},               // unreadable argument
      {head + "M bid 18 ouvert=maybe\n", 3, 17},      // bad ouvert=
      {"deal: 42\nM pass\n", 2, 1},                   // no profile yet
      {"profile: nasl-1909\nM pass\n", 2, 1},         // no deal yet
      {head + "deal: 43\n", 3, 1},                    // given twice
      {head + "M pass\nprofile: nasl-1909\n", 4, 1},  // header after an act
      {"profile: nasl-1909\ndeal: 99999999999999999\n", 2, 7},
      {"profile: nasl-1909\ndeal: 42 F: C-J\n", 2, 10},
      {"profile: nasl-1909\ndeal: 42 F: C-J C-J\n", 2, 17},
      {"game 2\n", 1, 6},
      {"game one\n", 1, 6},
      {"profile: nasl-1909\n", 2, 1},            // no deal line
      {"profile: nasl-1909\ndeal: 42\n", 3, 1},  // no acts
      {"table: \x01\n", 1, 8},
  };
  for (const Case& c : cases) {
    FormatError where;
    const Status s = ReadWithError(c.text, where);
    EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument) << c.text;
    EXPECT_EQ(where.line, c.line) << c.text << s.message();
    EXPECT_EQ(where.column, c.column) << c.text << s.message();
  }
}

TEST(GameRecordTest, EmptyTextHasNoRecords) {
  Result<std::vector<GameRecord>> read = ReadGameRecords("\n# nothing\n\n");
  ASSERT_TRUE(read.ok());
  EXPECT_TRUE(read->empty());
}

}  // namespace game_record_test
}  // namespace skat
