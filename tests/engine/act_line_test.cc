// The act line (engine/act.h ActLine, ParseActLine; docs/game-records.md "Grammar"): every act of
// random games of every profile and option set round-trips through its line, the line is the one
// the game record writer prints, the lenient spellings read, and malformed lines are refused with
// the offending word and its column.
#include <gtest/gtest.h>

#include <array>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/act.h"
#include "engine/game.h"
#include "engine/game_record.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "tests/test_scale.h"

namespace skat {
namespace act_line_test {

// Every base profile with every subset of its options: "eichhorn-1898", "eichhorn-1898+frage",
// ..., "eichhorn-1898+frage+contra+revolution".
std::vector<const Profile*> EveryProfileAndOptionSet() {
  std::vector<const Profile*> out;
  for (std::string_view id : ProfileIds()) {
    const Profile* base = FindProfile(id);
    const size_t n = base->options.size();
    for (size_t mask = 0; mask < (size_t{1} << n); ++mask) {
      std::string full(id);
      for (size_t i = 0; i < n; ++i) {
        if (mask & (size_t{1} << i)) full += "+" + std::string(base->options[i].name);
      }
      const Profile* p = FindProfile(full);
      if (p != nullptr) out.push_back(p);
    }
  }
  return out;
}

std::string Lowered(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

std::string Uppered(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

// `line` with the seat letter spelt as the seat's name, blanks doubled and tabs around.
std::string Spread(const Act& act, const std::string& line) {
  std::string out = " \t" + std::string(DirectionName(act.seat));
  for (size_t i = 1; i < line.size(); ++i) {
    out += line[i] == ' ' ? std::string(" \t ") : std::string(1, line[i]);
  }
  return out + "  ";
}

void ExpectReads(const std::string& line, const Act& want) {
  Result<Act> read = ParseActLine(line);
  ASSERT_TRUE(read.ok()) << "'" << line << "': " << read.status().ToString();
  EXPECT_TRUE(*read == want) << "'" << line << "' read as '" << ActLine(*read) << "', want '"
                             << ActLine(want) << "'";
}

TEST(ActLineTest, EveryActOfTwentyThousandRandomGamesRoundTrips) {
  const std::vector<const Profile*> profiles = EveryProfileAndOptionSet();
  ASSERT_GE(profiles.size(), 14u);  // nasl 1, eichhorn 8, laws 4, gucki 1
  // 20,000 games optimised, 4,000 under the sanitizers (tests/test_scale.h).
  constexpr int kGames = testing_scale::Scaled(20'000, 4'000);
  Rng rng(20250114);
  std::array<int, kActTypeCount> seen{};
  int acts = 0;
  for (int i = 0; i < kGames; ++i) {
    const Profile& profile = *profiles[static_cast<size_t>(i) % profiles.size()];
    Game game(profile, RandomBoard(rng));
    PlayOutRandomly(game, rng);
    for (const Act& act : game.acts()) {
      ++seen[static_cast<int>(act.type)];
      ++acts;
      const std::string line = ActLine(act);
      ASSERT_EQ(line.find('\n'), std::string::npos) << line;
      Result<Act> read = ParseActLine(line);
      ASSERT_TRUE(read.ok()) << profile.id << ": '" << line << "': " << read.status().ToString();
      ASSERT_TRUE(*read == act) << profile.id << ": '" << line << "' read as '" << ActLine(*read)
                                << "'";
      // The lenient spellings of the same line read as the same act.
      ASSERT_NO_FATAL_FAILURE(ExpectReads(Lowered(line), act));
      ASSERT_NO_FATAL_FAILURE(ExpectReads(Uppered(line), act));
      ASSERT_NO_FATAL_FAILURE(ExpectReads(Spread(act, line), act));
    }
    // The writer prints exactly these lines, in order, between the header and the result.
    if (i % 10 == 0) {
      Result<std::string> record = WriteGameRecord(game);
      ASSERT_TRUE(record.ok()) << record.status().ToString();
      std::string expected;
      for (const Act& act : game.acts()) expected += ActLine(act) + "\n";
      EXPECT_NE(record->find("\n" + expected + "# "), std::string::npos) << *record;
    }
  }
  // Every act type: the seeded sample sees each in its first 4,000 games too (the rarest,
  // timeout, 3 times; 18 times in 20,000).
  for (int t = 0; t < kActTypeCount; ++t) {
    EXPECT_GT(seen[t], 0) << ActTypeName(static_cast<ActType>(t));
  }
  EXPECT_GT(acts, kGames * 30);
}

TEST(ActLineTest, WritesTheRecordForm) {
  EXPECT_EQ(ActLine(Act::Bid(Direction::kMiddlehand, 18)), "M bid 18");
  EXPECT_EQ(ActLine(Act::Simple(ActType::kPass, Direction::kRearhand)), "R pass");
  EXPECT_EQ(ActLine(Act::Discard(Direction::kForehand, Card(Suit::kHearts, Rank::kEight),
                                 Card(Suit::kHearts, Rank::kNine))),
            "F discard H-8 H-9");
  EXPECT_EQ(
      ActLine(Act::Declare(Direction::kForehand, Declaration{SkatHandling::kHand, GameType::kHearts,
                                                             false, Announcement::kNone})),
      "F declare hand hearts ouvert=no announce=none");
  EXPECT_EQ(ActLine(Act::Play(Direction::kForehand, Card(Suit::kClubs, Rank::kJack))),
            "F play C-J");
  EXPECT_EQ(ActLine(Act::Answer(Direction::kMiddlehand, true)), "M answer accept");
  EXPECT_EQ(ActLine(Act::ChooseTrump(Direction::kRearhand, GameType::kGrand)),
            "R choose-trump grand");
  EXPECT_EQ(ActLine(Act::Simple(ActType::kRecontra, Direction::kForehand)), "F re-contra");
}

TEST(ActLineTest, ReadsLenientSpellings) {
  const Card cj(Suit::kClubs, Rank::kJack);
  const Card h10(Suit::kHearts, Rank::kTen);
  ExpectReads("m BID 18", Act::Bid(Direction::kMiddlehand, 18));
  ExpectReads("M bid 018", Act::Bid(Direction::kMiddlehand, 18));
  ExpectReads("middlehand play c-j", Act::Play(Direction::kMiddlehand, cj));
  ExpectReads("MiddleHand PLAY CJ", Act::Play(Direction::kMiddlehand, cj));
  ExpectReads("F play H10", Act::Play(Direction::kForehand, h10));
  ExpectReads("F play ht", Act::Play(Direction::kForehand, h10));
  ExpectReads(
      "F play \xE2\x99\xA5"
      "10",
      Act::Play(Direction::kForehand, h10));
  ExpectReads("  F   discard\tH-8    h9  ",
              Act::Discard(Direction::kForehand, Card(Suit::kHearts, Rank::kEight),
                           Card(Suit::kHearts, Rank::kNine)));
  ExpectReads("REARHAND Declare HEARTS Hand Announce=Schneider OUVERT=yes",
              Act::Declare(Direction::kRearhand, Declaration{SkatHandling::kHand, GameType::kHearts,
                                                             true, Announcement::kSchneider}));
  // Ouvert and the announcement may be left out (no, none), or ouvert given bare.
  ExpectReads("F declare hand grand",
              Act::Declare(Direction::kForehand, Declaration{SkatHandling::kHand, GameType::kGrand,
                                                             false, Announcement::kNone}));
  ExpectReads("F declare null ouvert hand",
              Act::Declare(Direction::kForehand, Declaration{SkatHandling::kHand, GameType::kNull,
                                                             true, Announcement::kNone}));
  ExpectReads("r choose-trump CLUBS", Act::ChooseTrump(Direction::kRearhand, GameType::kClubs));
  ExpectReads("r choose-trump trump=clubs",
              Act::ChooseTrump(Direction::kRearhand, GameType::kClubs));
  ExpectReads("f answer REFUSE", Act::Answer(Direction::kForehand, false));
  ExpectReads("Forehand Passt-Mir-Nicht",
              Act::Simple(ActType::kPasstMirNicht, Direction::kForehand));
}

// The status of ParseActLine(line), expected to be an error.
Status ErrorOf(std::string_view line) {
  Result<Act> read = ParseActLine(line);
  EXPECT_FALSE(read.ok()) << "'" << line << "' read as '" << (read.ok() ? ActLine(*read) : "")
                          << "'";
  return read.status();
}

void ExpectError(std::string_view line, const std::string& prefix, const std::string& part) {
  const Status s = ErrorOf(line);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidArgument) << s.ToString();
  EXPECT_EQ(s.message().rfind(prefix, 0), 0u) << "'" << line << "': " << s.message();
  EXPECT_NE(s.message().find(part), std::string::npos) << "'" << line << "': " << s.message();
}

TEST(ActLineTest, RefusesMalformedLinesNamingTheWord) {
  // The seat.
  ExpectError("X bid 18", "column 1: ", "'X' is not a seat (F, M, R, forehand, middlehand");
  ExpectError("  north bid 18", "column 3: ", "'north' is not a seat");
  ExpectError("", "column 1: ", "empty");
  ExpectError("   ", "column 4: ", "empty");
  // The act name.
  ExpectError("M", "column 2: ", "the act is missing after the seat");
  ExpectError("M bod 18", "column 3: ", "unknown act 'bod' (known: bid, hold, pass");
  ExpectError("M 18", "column 3: ", "unknown act '18'");
  // Missing arguments, at the end of the line.
  ExpectError("M bid", "column 6: ", "bid needs a bid value");
  ExpectError("M bid   ", "column 9: ", "bid needs a bid value");
  ExpectError("F play", "column 7: ", "play needs a card");
  ExpectError("F discard H-8", "column 14: ", "discard needs a second card");
  ExpectError("F declare", "column 10: ", "declare needs a declaration");
  ExpectError("M answer", "column 9: ", "answer needs accept or refuse");
  ExpectError("R choose-trump", "column 15: ", "choose-trump needs a trump");
  // Bad cards and values.
  ExpectError("F play Z-9", "column 8: ", "cannot read 'Z-9'");
  ExpectError("F play C-1", "column 8: ", "cannot read 'C-1'");
  ExpectError("F play \xE2\x99\xA5X", "column 8: ", "cannot read '\xE2\x99\xA5X'");
  ExpectError("F play \xE2\x99\xA5X ", "column 8: ", "cannot read");
  ExpectError("M bid 1000001", "column 7: ", "'1000001' is not a bid value");
  ExpectError("M bid -18", "column 7: ", "cannot read '-18'");
  ExpectError("F declare hand hearts ouvert=maybe",
              "column 30: ", "ouvert= takes yes or no, not 'maybe'");
  ExpectError("F declare hand hearts announce=all", "column 32: ", "announce= takes none");
  ExpectError("F declare hearts", "column 11: ", "a declaration names the skat handling");
  ExpectError("F declare hand", "column 11: ", "a declaration names the skat handling");
  ExpectError("F declare hand hearts grand", "column 23: ", "a second game type 'grand'");
  ExpectError("F declare hand hearts colour=red", "column 23: ", "unknown argument 'colour='");
  // Trailing and extra words.
  ExpectError("M bid 18 please", "column 10: ", "cannot read 'please'");
  ExpectError("M bid 18 20", "column 10: ", "'20': a bid value is given twice");
  ExpectError("M pass 18", "column 8: ", "unexpected bid value here");
  ExpectError("R hold C-J", "column 8: ", "unexpected card here");
  ExpectError("F play C-J H-7", "column 12: ", "unexpected second card here");
  ExpectError("F discard H-8 H-9 H-10", "column 19: ", "a third card 'H-10'");
  ExpectError("M answer accept refuse", "column 17: ", "accept or refuse is given twice");
  ExpectError("F play C-J hearts", "column 12: ", "unexpected trump here");
  ExpectError("F bid 18 hand hearts", "column 10: ", "unexpected declaration here");
  // The line is one line: a new line is not a blank.
  ExpectError("M bid 18\n", "column 7: ", "cannot read '18\n'");
}

// Lines cut, patched and spliced at random are read or refused, never half-read: whatever reads
// is written back as a line that reads as the same act.
TEST(ActLineTest, MangledLinesReadOrFailCleanly) {
  Rng rng(99);
  const std::string alphabet = " \t-=FMRfmrbidplayCJH0123456789ouvertnchs";
  std::vector<std::string> lines;
  for (const Profile* profile : EveryProfileAndOptionSet()) {
    Game game(*profile, RandomBoard(rng));
    PlayOutRandomly(game, rng);
    for (const Act& act : game.acts()) lines.push_back(ActLine(act));
  }
  int read = 0;
  for (int i = 0; i < 50'000; ++i) {
    std::string line = lines[rng.Below(lines.size())];
    const int edits = 1 + static_cast<int>(rng.Below(3));
    for (int e = 0; e < edits; ++e) {
      const size_t at = rng.Below(line.size() + 1);
      switch (rng.Below(3)) {
        case 0:
          if (at < line.size()) line.erase(at, 1);
          break;
        case 1: line.insert(at, 1, alphabet[rng.Below(alphabet.size())]); break;
        default: line = line.substr(0, at) + " " + lines[rng.Below(lines.size())]; break;
      }
    }
    Result<Act> act = ParseActLine(line);
    if (!act.ok()) {
      ASSERT_EQ(act.status().code(), ErrorCode::kInvalidArgument);
      ASSERT_EQ(act.status().message().rfind("column ", 0), 0u) << act.status().message();
      continue;
    }
    ++read;
    Result<Act> again = ParseActLine(ActLine(*act));
    ASSERT_TRUE(again.ok()) << line << " -> " << ActLine(*act);
    ASSERT_TRUE(*again == *act) << line;
  }
  EXPECT_GT(read, 1000);
}

}  // namespace act_line_test
}  // namespace skat
