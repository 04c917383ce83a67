// Every class of refusal the ISS reader and the replay can give (engine/iss_record.h,
// engine/iss_replay.h), one example each: the table "Refusals" of docs/iss-game-records.md, row
// by row, so that the page and the code cannot drift apart. The import's own classes (names, NUL
// bytes, a result line that disagrees) are pinned by tests/services/import_iss_test.cc.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/profile.h"
#include "tests/engine/iss_examples.h"

namespace skat {
namespace iss_refusals_test {

using iss_examples::kGrandOuvertLost;
using iss_examples::kJskatDiamondsLost;
using iss_examples::kJskatPlayerLeft;
using iss_examples::kJskatShowCardsResigned;

// The reader's message for one line ("line 1, column C: ..."), "" when it reads.
std::string ReadError(std::string_view line) {
  Result<IssRecord> r = ReadIssRecord(line);
  return r.ok() ? "" : r.status().message();
}

// The replay's message for a record that reads, "" when it replays.
std::string ReplayError(std::string_view line) {
  Result<IssRecord> r = ReadIssRecord(line);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return "unread";
  Result<IssReplay> replay = ReplayIss(*r, IskoIss());
  return replay.ok() ? "" : replay.status().message();
}

// `record` with its first `from` replaced by `to`.
std::string With(std::string_view record, std::string_view from, std::string_view to) {
  std::string out(record);
  const size_t at = out.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) out.replace(at, from.size(), to);
  return out;
}

// MPT testParseGameSummary's moves up to the skat shown (moves 1-6), then `rest` and an empty R.
std::string DiamondsUpToTheSkat(std::string_view rest) {
  const std::string full(kJskatDiamondsLost);
  const size_t cut = full.find(" 2 D.ST.H8");
  return full.substr(0, cut) + " " + std::string(rest) + " ]R[] ;)";
}

TEST(IssRefusalsTest, TheReaderRefusesEachClassWithItsLineAndColumn) {
  // The frame of a record.
  EXPECT_EQ(ReadError("GM[Skat]"), "line 1, column 1: a record starts with '(;'");
  // A field.
  EXPECT_EQ(ReadError("(;GM[Skat]GM[Skat] ;)"), "line 1, column 11: the field GM is given twice");
  // Another game.
  EXPECT_EQ(ReadError("(;GM[Chess] ;)"),
            "line 1, column 3: GM[Chess] is not a Skat record (GM[Skat])");
  // A mover.
  EXPECT_EQ(ReadError("(;MV[3 p] ;)"),
            "line 1, column 6: '3' is not a mover (w for the server, 0 1 2 for the seats)");
  // The server making a seat's move.
  EXPECT_EQ(ReadError("(;MV[w 18] ;)"), "line 1, column 6: the server (w) cannot bid");
  // A move the grammar does not have.
  EXPECT_EQ(ReadError("(;MV[0 SA 1 ZZ] ;)"),
            "line 1, column 13: 'ZZ' is not a move (a bid, y, p, s, a card, a game G C S H D N, "
            "RE, SC, TI.n, LE.n)");
  // A card.
  EXPECT_EQ(ReadError("(;MV[0 SC.XX] ;)"),
            "line 1, column 11: 'XX' is not a card (suit C S H D, rank 7 8 9 T J Q K A, or ?? "
            "hidden)");
  // A hidden card played: the move is named, not a card count.
  EXPECT_EQ(ReadError("(;MV[0 ??] ;)"),
            "line 1, column 8: '0 ?\?': a hidden card (?\?) was played; every card played must be "
            "known");
  EXPECT_EQ(
      ReadError(With(kJskatDiamondsLost, "0 SA 1 S7", "0 SA 1 ??")),
      "line 1, column " +
          std::to_string(With(kJskatDiamondsLost, "0 SA 1 S7", "0 SA 1 ??").find("1 ??") + 3) +
          ": '1 ?\?': a hidden card (?\?) was played; every card played must be known");
  // A number of cards that is no deal, skat or discard; a deal naming a card twice.
  EXPECT_EQ(ReadError("(;MV[2 C7.C8.C9] ;)"),
            "line 1, column 8: 3 cards: a deal has 32, a skat or a discard 2");
  // A discard half hidden.
  EXPECT_EQ(ReadError("(;MV[2 C7.??] ;)"),
            "line 1, column 8: a discard is two cards or ??.??, not one of each");
  // A declaration.
  EXPECT_EQ(ReadError("(;MV[2 NS] ;)"),
            "line 1, column 8: a Null game takes no schneider or schwarz announcement");
  // TI. and LE. without a seat.
  EXPECT_EQ(ReadError("(;MV[w TI.5] ;)"), "line 1, column 11: '5' after TI. is not a seat (0 1 2)");
  // A bid beyond every value.
  EXPECT_EQ(ReadError("(;MV[1 1000001] ;)"), "line 1, column 8: bid '1000001' is above 1000000");
  // R[...] tokens.
  EXPECT_EQ(ReadError("(;R[v:1 v:2] ;)"), "line 1, column 9: R[...] gives 'v:2' a second time");
}

TEST(IssRefusalsTest, TheReplayRefusesEachClassNamingTheMove) {
  // No deal with all 32 cards known.
  EXPECT_EQ(ReplayError("(;GM[Skat]MV[1 p 2 p 0 p]R[passed] ;)"),
            "the record has no deal with all 32 cards known (w <32 cards> in MV)");
  // A second deal.
  const std::string full(kJskatDiamondsLost);
  const std::string deal = full.substr(full.find("MV[") + 3, 2 + 95);  // "w <32 cards>"
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "2 s w H8.CK", deal + " 2 s w H8.CK")),
            "move 5 (w deal): a second deal");
  // The skat the server shows is not the deal's.
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "w H8.CK", "w H8.CA")),
            "move 6 (w skat): CA is not in the skat");
  // A hidden discard.
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "2 D.ST.H8", "2 D.??.??")),
            "move 7 (2 hidden-discard): the discard is hidden (??.?? in the record)");
  // Shown cards not in the hand.
  EXPECT_EQ(ReplayError(With(kJskatShowCardsResigned, "1 SC 1 HJ", "1 SC.CA 1 HJ")),
            "move 26 (1 show-cards): shows CA, not in the hand");
  // A player left.
  EXPECT_EQ(ReplayError(kJskatPlayerLeft),
            "move 4 (w leave): a player left the table: the game was not played to its end");
  // The server resigning.
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "0 SA 1 S7", "w RE 1 S7")),
            "move 9 (w resign): RE: the server (w) cannot resign");
  // A timeout or resign before the card play (D56, D62): named as such, with its phase, not as
  // the discard the game waits for (RULES G1). The public record of docs/iss-game-records.md
  // "Known differences", the declarer timing out before his discard ("1 C w TI.1"), has this
  // shape.
  EXPECT_EQ(ReplayError(DiamondsUpToTheSkat("2 D w TI.2")),
            "move 8 (w timeout): rearhand timeout: resign and timeout come only during the card "
            "play, not in the discarding phase (docs/rules-decisions.md D56, D62)");
  EXPECT_EQ(ReplayError(DiamondsUpToTheSkat("w TI.2")),
            "move 7 (w timeout): rearhand timeout: resign and timeout come only during the card "
            "play, not in the discarding phase (docs/rules-decisions.md D56, D62)");
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "1 p 2 18", "1 p w TI.2 2 18")),
            "move 3 (w timeout): rearhand timeout: resign and timeout come only during the card "
            "play, not in the bidding phase (docs/rules-decisions.md D56, D62)");
  EXPECT_EQ(ReplayError(DiamondsUpToTheSkat("2 RE")),
            "move 7 (2 resign): rearhand resign: resign and timeout come only during the card "
            "play, not in the discarding phase (docs/rules-decisions.md D56, D62)");
  // An act the game refuses: the engine's message after the move.
  EXPECT_EQ(ReplayError(With(kJskatDiamondsLost, "0 SA 1 S7", "0 SA 1 D9")),
            "move 10 (1 act): middlehand play D-9: middlehand must follow S-A with one of S-Q "
            "S-9 S-7 (RULES T2)");
  // An act after the game's end.
  EXPECT_EQ(ReplayError(With(kGrandOuvertLost, "0 H7 ]", "0 H7 1 HJ ]")),
            "move 12 (1 act): the game has ended");
  // The moves end first.
  EXPECT_EQ(ReplayError(With(kGrandOuvertLost, " 2 HK 0 H7 ]", " ]")),
            "the moves end before the game does (phase playing)");
}

}  // namespace iss_refusals_test
}  // namespace skat
