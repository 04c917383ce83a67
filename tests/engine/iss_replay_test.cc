// Replaying ISS game records under isko (engine/iss_replay.h; docs/iss-game-records.md):
// every example record reproduces its own R[...] fields exactly, a changed field is reported as a
// mismatch, and records the engine cannot replay fail with the move and the reason.
#include "engine/iss_replay.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/game_result.h"
#include "engine/iss_record.h"
#include "engine/profile.h"
#include "tests/engine/iss_examples.h"

namespace skat {
namespace iss_replay_test {

using namespace iss_examples;  // NOLINT: the example records

// ISS records replay under the variant isko+iss (D75).
const Profile& Isko() {
  const Profile* p = FindProfile("isko+iss");
  EXPECT_NE(p, nullptr);
  return *p;
}

IssRecord Read(std::string_view line) {
  Result<IssRecord> r = ReadIssRecord(line);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : IssRecord{};
}

struct Expected {
  std::string_view name;
  std::string_view record;
  std::string_view describe;  // Describe(GameResult) of the replay
  int pad;                    // the declarer's score, = the record's v:
};

const std::vector<Expected>& Examples() {
  static const std::vector<Expected> kExamples = {
      {"jskat diamonds lost", kJskatDiamondsLost,
       "rearhand diamonds with the skat without 2: lost 54 (59 card points, 4 tricks)", -54},
      {"jskat grand won", kJskatGrandWon,
       "rearhand grand with the skat with 3: won 96 (85 card points, 8 tricks)", 96},
      {"jskat grand ouvert, defenders resign", kJskatGrandOuvertResigned,
       "forehand grand ouvert with 1: won 192 (120 card points, 10 tricks, defenders resigned)",
       192},
      {"jskat clubs hand schwarz announced", kJskatClubsHandSchwarz,
       "forehand clubs solo, schwarz announced with 3: won 108 (120 card points, 10 tricks)", 108},
      {"jskat split discard, overbid", kJskatSplitDiscardOverbid,
       "rearhand diamonds with the skat with 1: lost 72, overbid (bid 36) (41 card points, 4 "
       "tricks)",
       -72},
      {"jskat passed", kJskatPassed, "passed in", 0},
      {"jskat SC, defenders resign", kJskatShowCardsResigned,
       "middlehand grand with the skat with 1: won 48 (84 card points, 5 tricks, defenders "
       "resigned)",
       48},
      {"jskat null ouvert, defenders resign", kJskatNullOuvertResigned,
       "middlehand null ouvert with the skat: won 46 (14 card points, 0 tricks, defenders "
       "resigned)",
       46},
      {"jskat overbid without 1", kJskatOverbidWithoutOne,
       "rearhand diamonds with the skat without 1: lost 72, overbid (bid 36) (75 card points, 7 "
       "tricks)",
       -72},
      {"suit, skat taken, schneider", kHeartsPickupSchneider,
       "rearhand hearts with the skat with 2: won 40 (106 card points, 8 tricks)", 40},
      {"grand hand", kGrandHand, "rearhand grand solo with 1: won 72 (74 card points, 7 tricks)",
       72},
      {"null", kNullPickup, "rearhand null with the skat: won 23 (3 card points, 0 tricks)", 23},
      {"null hand lost", kNullHandLost,
       "rearhand null: lost 70 (16 card points, 1 trick, early end)", -70},
      {"null ouvert", kNullOuvertPickup,
       "rearhand null ouvert with the skat: won 46 (5 card points, 0 tricks)", 46},
      {"null ouvert hand", kNullOuvertHand,
       "rearhand null ouvert: won 59 (14 card points, 0 tricks)", 59},
      {"suit ouvert", kHeartsOuvert,
       "rearhand hearts ouvert with 2: won 90 (120 card points, 10 tricks)", 90},
      {"hand, schneider announced", kHeartsHandSchneiderAnnounced,
       "middlehand hearts solo, schneider announced with 1: won 50 (92 card points, 8 tricks)", 50},
      {"hand, schwarz announced", kHeartsHandSchwarzAnnounced,
       "rearhand hearts solo, schwarz announced with 1: won 70 (120 card points, 10 tricks)", 70},
      {"schwarz reached", kDiamondsPickupSchwarz,
       "middlehand diamonds with the skat with 3: won 54 (120 card points, 10 tricks)", 54},
      {"schneider reached", kGrandPickupSchneider,
       "middlehand grand with the skat with 1: won 72 (95 card points, 6 tricks)", 72},
      {"overbid", kHeartsOverbid,
       "rearhand hearts with the skat with 1: lost 60, overbid (bid 23) (64 card points, 5 "
       "tricks)",
       -60},
      {"lost schwarz", kDiamondsLostSchwarz,
       "rearhand diamonds with the skat without 6: lost 162 (0 card points, 0 tricks)", -162},
      {"schwarz announced, lost", kSpadesSchwarzAnnouncedLost,
       "rearhand spades solo, schwarz announced with 1: lost 154 (51 card points, 4 tricks, early "
       "end)",
       -154},
      {"grand ouvert lost", kGrandOuvertLost,
       "middlehand grand ouvert without 2: lost 432 (18 card points, 1 trick, early end)", -432},
      {"clubs ouvert lost at the first trick", kClubsOuvertLostFirstTrick,
       "middlehand clubs ouvert with 1: lost 192 (0 card points, 0 tricks, early end)", -192},
      {"passed in", kPassedIn, "passed in", 0},
      {"declarer resigns", kDeclarerResigns,
       "middlehand spades with the skat with 1: lost 110, overbid (bid 45) (3 card points, 0 "
       "tricks, resigned)",
       -110},
      {"defenders resign", kDefendersResign,
       "forehand hearts solo, schneider announced without 2: won 60 (112 card points, 9 tricks, "
       "defenders resigned)",
       60},
      {"declarer times out", kDeclarerTimesOut,
       "middlehand clubs solo, schneider announced without 2: lost 168 (5 card points, 0 tricks, "
       "timed out)",
       -168},
      {"defender times out", kDefenderTimesOut,
       "middlehand hearts solo, schneider announced without 2: won 60 (67 card points, 6 tricks, "
       "a defender timed out)",
       60},
  };
  return kExamples;
}

TEST(IssReplayTest, EveryExampleReproducesItsOwnResult) {
  for (const Expected& e : Examples()) {
    SCOPED_TRACE(std::string(e.name));
    const IssRecord record = Read(e.record);
    Result<IssReplay> replay = ReplayIss(record, Isko());
    ASSERT_TRUE(replay.ok()) << replay.status().ToString();
    EXPECT_TRUE(replay->game.finished());
    EXPECT_EQ(Describe(replay->game.result()), e.describe);
    EXPECT_TRUE(replay->mismatches.empty())
        << replay->mismatches.front().field << ": " << replay->mismatches.front().recorded << " vs "
        << replay->mismatches.front().replayed;
    if (!record.result.passed) {
      EXPECT_EQ(replay->game.result().pad[*record.result.declarer], e.pad);
      EXPECT_EQ(record.result.value, e.pad);
    }
  }
}

TEST(IssReplayTest, TheReplayedFieldsAreTheRecordsOwn) {
  // MPT testParseGameSummary: every compared field, and the ones ISS writes but we do not compare.
  Result<IssReplay> replay = ReplayIss(Read(kJskatDiamondsLost), Isko());
  ASSERT_TRUE(replay.ok());
  const IssResult& r = replay->replayed;
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.declarer, 2);
  EXPECT_EQ(r.outcome, IssOutcome::kLoss);
  EXPECT_EQ(r.value, -54);
  EXPECT_EQ(r.matadors, -2);
  EXPECT_EQ(r.overbid, false);
  EXPECT_EQ(r.card_points, 59);
  EXPECT_EQ(r.tricks, 4);
  EXPECT_EQ(r.schneider, 0);
  EXPECT_EQ(r.schwarz, 0);
  EXPECT_EQ(r.left, -1);
  EXPECT_EQ(r.timeout, -1);
  EXPECT_EQ(r.resigned, 0);
  // The whole R[...] of the record, field for field (IssResultOf writes what the ISS writes).
  EXPECT_EQ(r, Read(kJskatDiamondsLost).result);
}

// The server's s: and z: on a lost game (ISS game 13577, 2008: a clubs ouvert lost at the first
// trick has p:0 t:0 but s:0 z:0): each flag says schneider or schwarz happened, except where the
// lost game had announced it; a suit or grand ouvert counts both as announced.
TEST(IssReplayTest, ALostGameLeavesItsAnnouncedSchneiderAndSchwarzAtZero) {
  struct Case {
    std::string_view name;
    std::string_view record;
    int schneider;
    int schwarz;
  };
  const Case cases[] = {
      // Ouvert: both announced; 0 points and 0 tricks all the same.
      {"clubs ouvert, no trick", kClubsOuvertLostFirstTrick, 0, 0},
      // Ouvert, schneidered with 18 points.
      {"grand ouvert, 18 points", kGrandOuvertLost, 0, 0},
      // Schneider announced, not schwarz: no trick gives z:1 but s:0.
      {"schneider announced, no trick", kDeclarerTimesOut, 0, 1},
      // Nothing announced: both happened, both written.
      {"nothing announced, no trick", kDiamondsLostSchwarz, 1, 1},
      {"nothing announced, resigned with no trick", kDeclarerResigns, 1, 1},
      // A won game: what happened, announced or not.
      {"schwarz announced and won", kHeartsHandSchwarzAnnounced, 1, 1},
      {"ouvert won", kHeartsOuvert, 1, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.name));
    const IssRecord record = Read(c.record);
    Result<IssReplay> replay = ReplayIss(record, Isko());
    ASSERT_TRUE(replay.ok()) << replay.status().message();
    EXPECT_EQ(replay->replayed.schneider, c.schneider);
    EXPECT_EQ(replay->replayed.schwarz, c.schwarz);
    EXPECT_EQ(record.result.schneider, c.schneider);  // the record says the same
    EXPECT_EQ(record.result.schwarz, c.schwarz);
  }
  // The record of game 13577's kind, as the project wrote it before: s:1 z:1 is a mismatch.
  IssRecord before = Read(kClubsOuvertLostFirstTrick);
  before.result.schneider = 1;
  before.result.schwarz = 1;
  Result<IssReplay> replay = ReplayIss(before, Isko());
  ASSERT_TRUE(replay.ok());
  const std::vector<IssMismatch> expected = {{"schneider", "1", "0"}, {"schwarz", "1", "0"}};
  EXPECT_EQ(replay->mismatches, expected);
  EXPECT_EQ(IssMismatchText(replay->mismatches),
            "schneider recorded 1, replayed 0; schwarz recorded 1, replayed 0");
}

TEST(IssReplayTest, ResignAndTimeoutFields) {
  Result<IssReplay> resigned = ReplayIss(Read(kJskatShowCardsResigned), Isko());
  ASSERT_TRUE(resigned.ok());
  EXPECT_EQ(resigned->replayed.resigned, 1);
  EXPECT_EQ(resigned->replayed.timeout, -1);
  Result<IssReplay> timed_out = ReplayIss(Read(kDefenderTimesOut), Isko());
  ASSERT_TRUE(timed_out.ok());
  EXPECT_EQ(timed_out->replayed.timeout, 2);
  EXPECT_EQ(timed_out->replayed.resigned, 0);
  // The acts: the last one is rearhand's timeout.
  EXPECT_EQ(timed_out->game.acts().back(), Act::Simple(ActType::kTimeout, Direction::kRearhand));
}

TEST(IssReplayTest, AChangedResultFieldIsAMismatch) {
  IssRecord record = Read(kJskatGrandWon);
  record.result.value = 72;
  record.result.tricks = 7;
  record.result.overbid = true;
  Result<IssReplay> replay = ReplayIss(record, Isko());
  ASSERT_TRUE(replay.ok());
  const std::vector<IssMismatch> expected = {
      {"value", "72", "96"}, {"overbid", "overbid", "bidok"}, {"tricks", "7", "8"}};
  EXPECT_EQ(replay->mismatches, expected);

  IssRecord passed = Read(kJskatPassed);
  passed.result.passed = false;
  Result<IssReplay> p = ReplayIss(passed, Isko());
  ASSERT_TRUE(p.ok());
  const std::vector<IssMismatch> played = {{"passed", "played", "passed"}};
  EXPECT_EQ(p->mismatches, played);
}

TEST(IssReplayTest, AbsentResultFieldsAreNotCompared) {
  IssRecord record = Read(kJskatGrandWon);
  record.result = IssResult{};
  Result<IssReplay> replay = ReplayIss(record, Isko());
  ASSERT_TRUE(replay.ok());
  EXPECT_TRUE(replay->mismatches.empty());
}

TEST(IssReplayTest, RecordsThatCannotBeReplayed) {
  // A player left: no game.
  Result<IssReplay> left = ReplayIss(Read(kJskatPlayerLeft), Isko());
  ASSERT_FALSE(left.ok());
  EXPECT_EQ(left.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(left.status().message(),
            "move 4 (w leave): a player left the table: the game was not played to its end");

  // No deal.
  Result<IssReplay> no_deal = ReplayIss(Read("(;GM[Skat]MV[1 p 2 p 0 p]R[passed] ;)"), Isko());
  ASSERT_FALSE(no_deal.ok());
  EXPECT_EQ(no_deal.status().code(), ErrorCode::kInvalidArgument);

  // The moves stop in the middle of the game.
  std::string cut(kJskatGrandWon);
  cut = cut.substr(0, cut.find(" 0 SQ 1 CK")) + " ]R[] ;)";
  Result<IssReplay> short_game = ReplayIss(Read(cut), Isko());
  ASSERT_FALSE(short_game.ok());
  EXPECT_EQ(short_game.status().message(), "the moves end before the game does (phase playing)");

  // A card the game refuses keeps the engine's code, with the move named: in MPT
  // testParseGameSummary forehand leads SA; middlehand, who holds spades, plays D9 instead of S7
  // (moves: the deal, 4 bidding and skat moves, the skat, discard and game, SA, then D9 = 10).
  std::string bad(kJskatDiamondsLost);
  bad.replace(bad.find("0 SA 1 S7"), 9, "0 SA 1 D9");
  Result<IssReplay> illegal = ReplayIss(Read(bad), Isko());
  ASSERT_FALSE(illegal.ok());
  EXPECT_EQ(illegal.status().code(), ErrorCode::kIllegalCard);
  EXPECT_EQ(illegal.status().message().rfind("move 10 (1 act): ", 0), 0u)
      << illegal.status().message();

  // The skat the server shows must be the board's.
  std::string skat(kJskatDiamondsLost);
  skat.replace(skat.find("w H8.CK"), 7, "w H8.CA");
  Result<IssReplay> wrong_skat = ReplayIss(Read(skat), Isko());
  ASSERT_FALSE(wrong_skat.ok());
  EXPECT_EQ(wrong_skat.status().message(), "move 6 (w skat): CA is not in the skat");
}

TEST(IssReplayTest, ShownCardsMustBeInTheHand) {
  // MPT testParseGameSummary_ShowingCards: middlehand shows his cards before his last card HJ.
  std::string shown(kJskatShowCardsResigned);
  shown.replace(shown.find("1 SC 1 HJ"), 9, "1 SC.HJ 1 HJ");
  ASSERT_TRUE(ReplayIss(Read(shown), Isko()).ok());
  shown.replace(shown.find("1 SC.HJ"), 7, "1 SC.CA");
  Result<IssReplay> wrong = ReplayIss(Read(shown), Isko());
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status().message(), "move 26 (1 show-cards): shows CA, not in the hand");
}

TEST(IssReplayTest, HiddenCardsDoNotReplay) {
  const IssRecord hidden = Read(
      "(;GM[Skat]MV[w ??.??.??.??.??.??.??.??.??.??|D9.S9.ST.S8.C9.DT.DQ.CJ.SA.HA|??.??.??.??.??."
      "??.??.??.??.??|??.?? 1 p]R[] ;)");
  EXPECT_FALSE(hidden.board.has_value());
  Result<IssReplay> replay = ReplayIss(hidden, Isko());
  ASSERT_FALSE(replay.ok());
  EXPECT_EQ(replay.status().code(), ErrorCode::kInvalidArgument);
}

TEST(IssReplayTest, TheRecordOfAGameIsTheRecordsOwn) {
  // Replaying an example and making the record of the replayed game gives back the moves (in the
  // canonical form: a discard before its game) and the R[...] fields.
  for (const Expected& e : Examples()) {
    SCOPED_TRACE(std::string(e.name));
    const IssRecord record = Read(e.record);
    Result<IssReplay> replay = ReplayIss(record, Isko());
    ASSERT_TRUE(replay.ok());
    Result<IssRecord> back = IssRecordFromGame(replay->game);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(back->board, record.board);
    Result<IssReplay> again = ReplayIss(*back, Isko());
    ASSERT_TRUE(again.ok()) << again.status().message();
    EXPECT_EQ(again->game.acts(), replay->game.acts());
    EXPECT_TRUE(again->mismatches.empty());
  }
}

}  // namespace iss_replay_test
}  // namespace skat
