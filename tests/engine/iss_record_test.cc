// The ISS game record reader and writer (engine/iss_record.h; docs/iss-game-records.md;
// grammar in docs/iss-game-records.md): the fields and moves of real records, the declaration
// letters, the lenient layout, errors at their exact line and column, the writer's canonical
// form, Read(Write(r)) == r, and the round trip of random isko games through the record.
#include "engine/iss_record.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_replay.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "tests/engine/iss_examples.h"

namespace skat {
namespace iss_record_test {

using namespace iss_examples;  // NOLINT: the example records

Card C(std::string_view text) { return *ParseCard(text); }

IssRecord Read(std::string_view line) {
  Result<IssRecord> r = ReadIssRecord(line);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : IssRecord{};
}

// The error message and position of a line the reader refuses.
std::string Error(std::string_view line, FormatError* where = nullptr) {
  Result<IssRecord> r = ReadIssRecord(line, where);
  EXPECT_FALSE(r.ok()) << line;
  if (r.ok()) return "";
  EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
  return r.status().message();
}

// The moves of the declaration token `game` made by seat 2.
std::vector<IssMove> GameMoves(std::string_view game) {
  return Read("(;MV[2 " + std::string(game) + "] ;)").moves;
}

TEST(IssRecordTest, ReadsTheHeaderDealMovesAndResultOfAJskatRecord) {
  const IssRecord r = Read(kJskatDiamondsLost);
  EXPECT_EQ(r.game, "Skat");
  EXPECT_EQ(r.place, "International Skat Server");
  EXPECT_EQ(r.comment, "");
  EXPECT_EQ(r.series, "24072");
  EXPECT_EQ(r.id, "541932");
  EXPECT_EQ(r.date, "2010-12-06/18:59:24/UTC");
  EXPECT_EQ(r.players, (std::array<std::string, 3>{"zoot", "kermit", "foo"}));
  EXPECT_EQ(r.ratings, (std::array<std::string, 3>{"", "", "0.0"}));
  EXPECT_TRUE(r.other.empty());
  // MPT testParseGameSummary's hands and skat.
  ASSERT_TRUE(r.board.has_value());
  EXPECT_EQ(*r.board,
            ParseBoard("F: H-A S-K S-J S-A C-Q S-8 C-9 H-7 H-9 D-Q; M: C-J S-9 D-J S-7 D-9 S-Q C-8 "
                       "H-Q D-K C-A; R: D-8 D-7 D-10 C-10 S-10 C-7 H-K D-A H-10 H-J; S: H-8 C-K")
                .value());
  EXPECT_EQ(r.board->skat, (std::array<Card, 2>{C("H8"), C("CK")}));
  // 1 deal, 3 bidding moves, s, the skat, the discard and the game, 30 cards.
  ASSERT_EQ(r.moves.size(), 1u + 3 + 1 + 1 + 2 + 30);
  EXPECT_EQ(r.moves[0].kind, IssMoveKind::kDeal);
  EXPECT_FALSE(r.moves[0].seat.has_value());
  EXPECT_EQ(r.moves[1].act, Act::Simple(ActType::kPass, Direction::kMiddlehand));
  EXPECT_EQ(r.moves[2].act, Act::Bid(Direction::kRearhand, 18));
  EXPECT_EQ(r.moves[4].act, Act::Simple(ActType::kTakeSkat, Direction::kRearhand));
  EXPECT_EQ(r.moves[5].kind, IssMoveKind::kSkat);
  EXPECT_EQ(r.moves[5].cards, (std::vector<std::optional<Card>>{C("H8"), C("CK")}));
  EXPECT_EQ(r.moves[6].act, Act::Discard(Direction::kRearhand, C("ST"), C("H8")));
  EXPECT_EQ(r.moves[7].act,
            Act::Declare(Direction::kRearhand,
                         {SkatHandling::kPickup, GameType::kDiamonds, false, Announcement::kNone}));
  EXPECT_EQ(r.moves[8].act, Act::Play(Direction::kForehand, C("SA")));
  EXPECT_EQ(r.moves.back().act, Act::Play(Direction::kRearhand, C("HT")));
  // R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0]
  IssResult expected;
  expected.declarer = 2;
  expected.outcome = IssOutcome::kLoss;
  expected.value = -54;
  expected.matadors = -2;
  expected.overbid = false;
  expected.card_points = 59;
  expected.tricks = 4;
  expected.schneider = 0;
  expected.schwarz = 0;
  expected.penalty = {0, 0, 0};
  expected.left = -1;
  expected.timeout = -1;
  expected.resigned = 0;
  EXPECT_EQ(r.result, expected);
}

TEST(IssRecordTest, OlderAndSpecialRecords) {
  // No CO, no r: (2007).
  const IssRecord old = Read(kJskatGrandOuvertResigned);
  EXPECT_EQ(old.place, "Internet Skat Server");
  EXPECT_FALSE(old.result.resigned.has_value());
  // "0 GO": grand ouvert, a hand game; "0 SC"; "1 RE".
  EXPECT_EQ(old.moves[4].act.declaration,
            (Declaration{SkatHandling::kHand, GameType::kGrand, true, Announcement::kNone}));
  EXPECT_EQ(old.moves[6].kind, IssMoveKind::kShowCards);
  EXPECT_TRUE(old.moves[6].cards.empty());
  EXPECT_EQ(old.moves[7].kind, IssMoveKind::kResign);
  EXPECT_EQ(old.moves[7].seat, Direction::kMiddlehand);

  const IssRecord passed = Read(kJskatPassed);
  EXPECT_TRUE(passed.result.passed);
  EXPECT_FALSE(passed.result.declarer.has_value());

  const IssRecord left = Read(kJskatPlayerLeft);
  EXPECT_EQ(left.ratings[2], "null");
  EXPECT_EQ(left.moves.back().kind, IssMoveKind::kLeave);
  EXPECT_EQ(left.moves.back().target, Direction::kRearhand);
  EXPECT_EQ(left.result.outcome, IssOutcome::kPenalty);
  EXPECT_EQ(left.result.declarer, -1);
  EXPECT_EQ(left.result.penalty[2], 1);
  EXPECT_EQ(left.result.left, 2);

  // "2 D 2 D9.DQ": the game, then the discard as its own move, kept in that order.
  const IssRecord split = Read(kJskatSplitDiscardOverbid);
  const auto declare = std::find_if(split.moves.begin(), split.moves.end(), [](const IssMove& m) {
    return m.act.type == ActType::kDeclare;
  });
  ASSERT_NE(declare, split.moves.end());
  EXPECT_EQ((declare + 1)->act, Act::Discard(Direction::kRearhand, C("D9"), C("DQ")));
  EXPECT_EQ(split.result.overbid, true);

  const IssRecord timeout = Read(kDeclarerTimesOut);
  EXPECT_EQ(timeout.moves.back().kind, IssMoveKind::kTimeout);
  EXPECT_FALSE(timeout.moves.back().seat.has_value());
  EXPECT_EQ(timeout.moves.back().target, Direction::kMiddlehand);
  EXPECT_EQ(timeout.result.timeout, 1);
}

TEST(IssRecordTest, DeclarationLetters) {
  const Direction r = Direction::kRearhand;
  auto declare = [&](SkatHandling h, GameType t, bool ouvert, Announcement a) {
    IssMove m;
    m.seat = r;
    m.act = Act::Declare(r, {h, t, ouvert, a});
    return m;
  };
  auto discard = [&](std::string_view a, std::string_view b) {
    IssMove m;
    m.seat = r;
    m.act = Act::Discard(r, C(a), C(b));
    return m;
  };
  constexpr auto kHand = SkatHandling::kHand;
  constexpr auto kPickup = SkatHandling::kPickup;
  constexpr auto kNone = Announcement::kNone;
  EXPECT_EQ(GameMoves("D.ST.H8"),
            (std::vector<IssMove>{discard("ST", "H8"),
                                  declare(kPickup, GameType::kDiamonds, false, kNone)}));
  EXPECT_EQ(GameMoves("G"),
            (std::vector<IssMove>{declare(kPickup, GameType::kGrand, false, kNone)}));
  EXPECT_EQ(GameMoves("SH"),
            (std::vector<IssMove>{declare(kHand, GameType::kSpades, false, kNone)}));
  EXPECT_EQ(
      GameMoves("HHS"),
      (std::vector<IssMove>{declare(kHand, GameType::kHearts, false, Announcement::kSchneider)}));
  EXPECT_EQ(
      GameMoves("CHZ"),
      (std::vector<IssMove>{declare(kHand, GameType::kClubs, false, Announcement::kSchwarz)}));
  EXPECT_EQ(GameMoves("CHSZ"), GameMoves("CHZ"));
  // A suit or grand ouvert is a hand game; its announcements are implied (kNone in the engine).
  const std::vector<IssMove> grand_ouvert = {declare(kHand, GameType::kGrand, true, kNone)};
  EXPECT_EQ(GameMoves("GO"), grand_ouvert);
  EXPECT_EQ(GameMoves("GHO"), grand_ouvert);
  EXPECT_EQ(GameMoves("GHOSZ"), grand_ouvert);
  EXPECT_EQ(GameMoves("GOZSH"), grand_ouvert);
  // Null: O alone is Null Ouvert with the skat taken; H O in either order Null Ouvert Hand.
  EXPECT_EQ(GameMoves("N"),
            (std::vector<IssMove>{declare(kPickup, GameType::kNull, false, kNone)}));
  EXPECT_EQ(GameMoves("NH"), (std::vector<IssMove>{declare(kHand, GameType::kNull, false, kNone)}));
  EXPECT_EQ(GameMoves("NOH"), (std::vector<IssMove>{declare(kHand, GameType::kNull, true, kNone)}));
  EXPECT_EQ(GameMoves("NHO"), GameMoves("NOH"));
  // The cards after the dot: the discard, then the shown cards (MPT ..._JSkatUser, _OtherPlayer).
  const std::vector<IssMove> null_ouvert = GameMoves("NO.DJ.SA.D8.D9.DQ.H8.HT.HQ.C7.C8.CK.CA");
  ASSERT_EQ(null_ouvert.size(), 2u);
  EXPECT_EQ(null_ouvert[0], discard("DJ", "SA"));
  EXPECT_EQ(null_ouvert[1].act.declaration, (Declaration{kPickup, GameType::kNull, true, kNone}));
  EXPECT_EQ(null_ouvert[1].cards.size(), 10u);
  EXPECT_EQ(null_ouvert[1].cards[0], C("D8"));
  const std::vector<IssMove> hidden = GameMoves("NO.??.??.D8.D9.DQ.H8.HT.HQ.C7.C8.CK.CA");
  ASSERT_EQ(hidden.size(), 2u);
  EXPECT_EQ(hidden[0].kind, IssMoveKind::kHiddenDiscard);
  EXPECT_EQ(hidden[0].cards, (std::vector<std::optional<Card>>{std::nullopt, std::nullopt}));
  // In a hand game every card after the dot is shown.
  const std::vector<IssMove> shown = GameMoves("GHO.D8.D9.DQ.H8.HT.HQ.C7.C8.CK.CA");
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown[0].cards.size(), 10u);
}

TEST(IssRecordTest, OtherMoveForms) {
  const IssRecord r = Read(
      "(;MV[w ??.??.??.??.??.??.??.??.??.??|D9.S9.ST.S8.C9.DT.DQ.CJ.SA.HA|??.??.??.??.??.??.??.??."
      "??.??|??.?? 1 p 2 18 0 y 2 s w ??.?? 2 SC.HT.HA 0 RE w TI.0 w LE.1 1 ??.??] ;)");
  ASSERT_EQ(r.moves.size(), 11u);
  EXPECT_EQ(r.moves[0].kind, IssMoveKind::kDeal);
  EXPECT_EQ(r.moves[0].cards.size(), 32u);
  EXPECT_FALSE(r.moves[0].cards[0].has_value());
  EXPECT_EQ(r.moves[0].cards[10], C("D9"));
  EXPECT_FALSE(r.board.has_value());
  EXPECT_EQ(r.moves[3].act, Act::Simple(ActType::kHold, Direction::kForehand));
  EXPECT_EQ(r.moves[5].kind, IssMoveKind::kSkat);
  EXPECT_EQ(r.moves[6].kind, IssMoveKind::kShowCards);
  EXPECT_EQ(r.moves[6].cards, (std::vector<std::optional<Card>>{C("HT"), C("HA")}));
  EXPECT_EQ(r.moves[7].kind, IssMoveKind::kResign);
  EXPECT_EQ(r.moves[8].kind, IssMoveKind::kTimeout);
  EXPECT_EQ(r.moves[8].target, Direction::kForehand);
  EXPECT_EQ(r.moves[9].kind, IssMoveKind::kLeave);
  EXPECT_EQ(r.moves[9].target, Direction::kMiddlehand);
  EXPECT_EQ(r.moves[10].kind, IssMoveKind::kHiddenDiscard);
  // The writer keeps the live deal form while a card is hidden.
  Result<std::string> text = WriteIssRecord(r);
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_NE(text->find("w ??.??.??.??.??.??.??.??.??.??|D9.S9."), std::string::npos);
  EXPECT_EQ(Read(*text), r);
}

TEST(IssRecordTest, Leniency) {
  // Blanks around and between fields, fields in another order, unknown fields and R tokens
  // kept, MV and R missing, the result word glued to d:, escapes.
  const IssRecord r =
      Read("  ( ;  XY[kept]\tP1[b\\]c] GM[Skat] R[d:1win v:48 zz:3 odd] ID[7]  ;  )  ");
  EXPECT_EQ(r.players[1], "b]c");
  EXPECT_EQ(r.id, "7");
  EXPECT_EQ(r.other, (std::vector<IssField>{{"XY", "kept"}}));
  EXPECT_EQ(r.result.declarer, 1);
  EXPECT_EQ(r.result.outcome, IssOutcome::kWin);
  EXPECT_EQ(r.result.value, 48);
  EXPECT_EQ(r.result.other, (std::vector<std::string>{"zz:3", "odd"}));
  EXPECT_TRUE(r.moves.empty());
  Result<std::string> text = WriteIssRecord(r);
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(*text, "(;GM[Skat]ID[7]P1[b\\]c]XY[kept]MV[]R[d:1 win v:48 zz:3 odd] ;)");
  EXPECT_EQ(Read(*text), r);
}

TEST(IssRecordTest, AFileOfRecords) {
  const std::string text = "\xEF\xBB\xBF" + std::string(kJskatPassed) + "\r\n\r\n# a comment\n" +
                           "(;GM[Skat]MV[3 p]R[] ;)\n" + std::string(kJskatGrandWon) + "\n";
  const std::vector<IssRecordLine> lines = ReadIssRecords(text);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].line, 1);
  EXPECT_TRUE(lines[0].record.ok());
  EXPECT_EQ(lines[1].line, 4);
  ASSERT_FALSE(lines[1].record.ok());
  EXPECT_EQ(lines[1].record.status().message(),
            "line 4, column 14: '3' is not a mover (w for the server, 0 1 2 for the seats)");
  EXPECT_EQ(lines[1].where.line, 4);
  EXPECT_EQ(lines[1].where.column, 14);
  EXPECT_EQ(lines[2].line, 5);
  EXPECT_TRUE(lines[2].record.ok());
  EXPECT_EQ(lines[2].record->id, "684159");
}

TEST(IssRecordTest, ErrorsNameLineAndColumn) {
  FormatError where;
  EXPECT_EQ(Error("(;GM[Skat]MV[w XX]R[] ;)", &where),
            "line 1, column 16: 'XX' is not a server move (a deal, the skat, TI.n, LE.n)");
  EXPECT_EQ(where.line, 1);
  EXPECT_EQ(where.column, 16);
  EXPECT_EQ(
      Error("(;GM[Skat]MV[0 SA 1 ZZ]R[] ;)"),
      "line 1, column 21: 'ZZ' is not a move (a bid, y, p, s, a card, a game G C S H D N, RE, "
      "SC, TI.n, LE.n)");
  EXPECT_EQ(Error("(;GM[Skat]MV[1 CHX]R[] ;)"),
            "line 1, column 18: 'X' is not a game letter (H hand, O ouvert, S schneider, Z schwarz "
            "announced)");
  EXPECT_EQ(Error("(;GM[Skat]MV[]R[]"), "line 1, column 18: the record does not end with ';)'");
  EXPECT_EQ(Error("(;GM[Chess] ;)"), "line 1, column 3: GM[Chess] is not a Skat record (GM[Skat])");
  EXPECT_EQ(Error("(;GM[Skat]R[v:x] ;)"), "line 1, column 15: 'x' after v: is not a number");
  EXPECT_EQ(Error("(;GM[Skat]R[v:1 v:2] ;)"),
            "line 1, column 17: R[...] gives 'v:2' a second time");
  EXPECT_EQ(Error("(;GM[Skat]MV[w"), "line 1, column 15: the field MV[ is not closed by ']'");
  EXPECT_EQ(Error("(;GM[Skat]GM[Skat] ;)"), "line 1, column 11: the field GM is given twice");
  EXPECT_EQ(Error("(;MV[w] ;)"),
            "line 1, column 6: the mover 'w' has no move (MV holds pairs: mover, move)");
  EXPECT_EQ(Error("(;MV[0 SC.XX] ;)"),
            "line 1, column 11: 'XX' is not a card (suit C S H D, rank 7 8 9 T J Q K A, or ?? "
            "hidden)");
  EXPECT_EQ(Error("(;MV[w TI.5] ;)"), "line 1, column 11: '5' after TI. is not a seat (0 1 2)");
  EXPECT_EQ(Error("(;MV[w 18] ;)"), "line 1, column 6: the server (w) cannot bid");
  EXPECT_EQ(Error("(;MV[2 NS] ;)"),
            "line 1, column 8: a Null game takes no schneider or schwarz announcement");
  EXPECT_EQ(Error("(;MV[2 D.S7] ;)"),
            "line 1, column 10: a game with the skat taken names its two discards first (or ??.?? "
            "hidden)");
  EXPECT_EQ(Error("(;MV[2 C7.C8.C9] ;)"),
            "line 1, column 8: 3 cards: a deal has 32, a skat or a discard 2");
  EXPECT_EQ(Error("GM[Skat]"), "line 1, column 1: a record starts with '(;'");
  EXPECT_EQ(Error("(;GM[Skat] ;) x"), "line 1, column 15: text after the record's end ';)'");
  EXPECT_EQ(Error("(;GM[Skat];MV[] ;)"),
            "line 1, column 11: ';' inside a record (one node per record; the record ends with "
            "';)')");
  EXPECT_EQ(Error("(;GM[Skat]-[x] ;)"),
            "line 1, column 11: expected a field name (letters and digits) followed by '['");
  // Columns count characters: "ü" is two bytes and one column.
  EXPECT_EQ(Error("(;P0[J\xC3\xBCrgen]MV[w Q] ;)"),
            "line 1, column 18: 'Q' is not a server move (a deal, the skat, TI.n, LE.n)");
  // Escapes: the column is the escaped text's.
  EXPECT_EQ(Error("(;P0[a\\]b]MV[w Q] ;)"),
            "line 1, column 16: 'Q' is not a server move (a deal, the skat, TI.n, LE.n)");
  // A deal naming a card twice.
  std::string twice(kJskatPassed);
  twice.replace(twice.find("C8.DQ"), 5, "DQ.DQ");
  EXPECT_EQ(Error(twice), "line 1, column " + std::to_string(twice.find("MV[w ") + 6) +
                              ": the deal names DQ twice");
}

TEST(IssRecordTest, TheWriterPrintsTheCanonicalForm) {
  // Records in the canonical form (every field non-empty, the ISS order) come back unchanged.
  const std::string canonical =
      "(;GM[Skat]PC[International Skat Server]SE[32407]ID[756788]DT[2011-05-28/08:46:19/UTC]"
      "P0[xskat]P1[bonsai]P2[bernie]R1[0.0]MV[w C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK."
      "HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA 1 p 2 p 0 p]R[passed] ;)";
  Result<std::string> text = WriteIssRecord(Read(canonical));
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(*text, canonical);
  // The split discard is kept split; a discard before its game is joined.
  Result<std::string> split = WriteIssRecord(Read(kJskatSplitDiscardOverbid));
  ASSERT_TRUE(split.ok());
  EXPECT_NE(split->find(" 2 D 2 D9.DQ "), std::string::npos);
  Result<std::string> joined = WriteIssRecord(Read(kJskatDiamondsLost));
  ASSERT_TRUE(joined.ok());
  EXPECT_NE(joined->find(" 2 D.ST.H8 "), std::string::npos);
  // "GO" is written in full.
  Result<std::string> ouvert = WriteIssRecord(Read(kJskatGrandOuvertResigned));
  ASSERT_TRUE(ouvert.ok());
  EXPECT_NE(ouvert->find(" 0 GHOSZ 0 CJ 0 SC 1 RE "), std::string::npos);
}

TEST(IssRecordTest, EveryExampleReadsBackTheSame) {
  for (std::string_view line : {kJskatDiamondsLost,
                                kJskatGrandWon,
                                kJskatGrandOuvertResigned,
                                kJskatClubsHandSchwarz,
                                kJskatSplitDiscardOverbid,
                                kJskatPassed,
                                kJskatShowCardsResigned,
                                kJskatNullOuvertResigned,
                                kJskatPlayerLeft,
                                kJskatOverbidWithoutOne,
                                kHeartsPickupSchneider,
                                kGrandHand,
                                kNullPickup,
                                kNullHandLost,
                                kNullOuvertPickup,
                                kNullOuvertHand,
                                kHeartsOuvert,
                                kHeartsHandSchneiderAnnounced,
                                kHeartsHandSchwarzAnnounced,
                                kDiamondsPickupSchwarz,
                                kGrandPickupSchneider,
                                kHeartsOverbid,
                                kDiamondsLostSchwarz,
                                kSpadesSchwarzAnnouncedLost,
                                kGrandOuvertLost,
                                kPassedIn,
                                kDeclarerResigns,
                                kDefendersResign,
                                kDeclarerTimesOut,
                                kDefenderTimesOut}) {
    const IssRecord r = Read(line);
    Result<std::string> text = WriteIssRecord(r);
    ASSERT_TRUE(text.ok()) << text.status().message();
    EXPECT_EQ(Read(*text), r) << line;
    // The text is a fixed point: writing what was read gives the same text again.
    Result<std::string> again = WriteIssRecord(Read(*text));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *text);
  }
}

TEST(IssRecordTest, TheWriterRefusesWhatCannotReadBackTheSame) {
  IssRecord r = Read(kJskatDiamondsLost);
  // A Tournée: the ISS has no such game.
  IssRecord tournee = r;
  tournee.moves[7].act.declaration.handling = SkatHandling::kTournee;
  Result<std::string> t = WriteIssRecord(tournee);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(t.status().message(), "ISS record: move 8: the ISS has no tournee game");
  // An act type with no ISS move.
  IssRecord claim = r;
  claim.moves.back().act = Act::Simple(ActType::kClaim, Direction::kRearhand);
  EXPECT_FALSE(WriteIssRecord(claim).ok());
  // A line break in a name.
  IssRecord name = r;
  name.players[0] = "a\nb";
  EXPECT_FALSE(WriteIssRecord(name).ok());
  // A board that is not the deal's.
  IssRecord board = r;
  board.board.reset();
  EXPECT_FALSE(WriteIssRecord(board).ok());
  // An act field the move does not carry (a bid on a card play).
  IssRecord extra = r;
  extra.moves.back().act.bid = 18;
  EXPECT_FALSE(WriteIssRecord(extra).ok());
  // An unknown R token the reader would take for a known one.
  IssRecord token = r;
  token.result.other.push_back("v:3");
  EXPECT_FALSE(WriteIssRecord(token).ok());
  // A header name that is a known one.
  IssRecord header = r;
  header.other.push_back({"MV", ""});
  EXPECT_FALSE(WriteIssRecord(header).ok());
}

// The acts ISS records carry (random_play also draws claims and concessions, which they do not).
bool IssAct(const Act& a) {
  switch (a.type) {
    case ActType::kBid:
    case ActType::kHold:
    case ActType::kPass:
    case ActType::kTakeSkat:
    case ActType::kDiscard:
    case ActType::kDeclare:
    case ActType::kPlay:
    case ActType::kResign:
    case ActType::kTimeout: return true;
    default: return false;
  }
}

// Random isko games written as ISS records, read back and replayed: the same record, the same
// acts and result, and the record's own fields reproduced.
TEST(IssRecordTest, RandomIskoGamesRoundTrip) {
  const Profile* isko = FindProfile("isko");
  ASSERT_NE(isko, nullptr);
  int played = 0;
  int resigned_or_timed_out = 0;
  int passed = 0;
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Rng rng(seed);
    Game game(*isko, RandomBoard(rng));
    while (!game.finished()) {
      std::vector<Act> acts;
      for (const Act& a : game.LegalActs()) {
        // Resign and timeout rarely, so that most games are played out.
        const bool end = a.type == ActType::kResign || a.type == ActType::kTimeout;
        if (IssAct(a) && (!end || rng.Chance(1, 40))) acts.push_back(a);
      }
      ASSERT_FALSE(acts.empty());
      // In the bidding a pass half the time, so that some boards are passed in.
      const auto pass = std::find_if(acts.begin(), acts.end(),
                                     [](const Act& a) { return a.type == ActType::kPass; });
      if (pass != acts.end() && rng.Chance(1, 2)) {
        ASSERT_TRUE(game.Apply(*pass).ok());
        continue;
      }
      ASSERT_TRUE(game.Apply(acts[rng.Below(acts.size())]).ok());
    }
    const GameResult& result = game.result();
    if (result.kind == ResultKind::kPassedIn) ++passed;
    if (result.kind == ResultKind::kDeclarerGame) {
      ++played;
      const GameEnd end = result.outcome.end;
      if (end != GameEnd::kPlayedOut) ++resigned_or_timed_out;
    }
    Result<IssRecord> record = IssRecordFromGame(game);
    ASSERT_TRUE(record.ok()) << record.status().message();
    record.value().id = std::to_string(seed);
    Result<std::string> text = WriteIssRecord(*record);
    ASSERT_TRUE(text.ok()) << text.status().message();
    const IssRecord back = Read(*text);
    EXPECT_EQ(back, *record);
    Result<IssReplay> replay = ReplayIss(back, *isko);
    ASSERT_TRUE(replay.ok()) << replay.status().message() << "\n" << *text;
    EXPECT_EQ(replay->game.acts(), game.acts());
    EXPECT_EQ(Describe(replay->game.result()), Describe(result));
    EXPECT_EQ(replay->game.result().pad, result.pad);
    EXPECT_TRUE(replay->mismatches.empty()) << *text;
  }
  // The sample covers played, passed-in and resigned or timed-out games.
  EXPECT_GT(played, 1500);
  EXPECT_GT(passed, 100);
  EXPECT_GT(resigned_or_timed_out, 200);
  std::cout << played << " played, " << passed << " passed in, " << resigned_or_timed_out
            << " resigned or timed out\n";
}

}  // namespace iss_record_test
}  // namespace skat
