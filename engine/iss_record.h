// ISS game records: the International Skat Server's one-line game record (docs/iss-game-records.md;
// docs/iss-game-records.md has the grammar with its sources). Strings in, strings out: the callers
// do the file I/O.
//
//   (;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/UTC]
//    P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w HA.SK.SJ... 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8
//    0 SA 1 S7 ...]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)
//
// (one line in the file). The record keeps the ISS moves as they are (IssMove); the moves that
// are engine acts carry the Act, so a record replays through Game (engine/iss_replay.h).
//
// Contract: ReadIssRecord never crashes and never throws; every record it accepts is written by
// WriteIssRecord, and reading that text gives the same record: Read(Write(r)) == r.
#ifndef SKAT_ENGINE_ISS_RECORD_H_
#define SKAT_ENGINE_ISS_RECORD_H_

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/act.h"
#include "engine/board.h"
#include "engine/board_set_format.h"  // FormatError
#include "engine/card.h"
#include "engine/status.h"

namespace skat {

enum class IssMoveKind : uint8_t {
  kDeal,           // w <deal>: forehand 10, middlehand 10, rearhand 10, skat 2 (cards: 32)
  kSkat,           // w <c1>.<c2>: the skat shown to the declarer after "s" (cards: 2)
  kAct,            // an engine act (act): <bid>, y, p, s, a card, a declaration's discard or game
  kHiddenDiscard,  // a declaration's discard written as ??.?? (cards: two nullopt)
  kShowCards,      // <seat> SC or SC.<cards>: the declarer lays his cards open (cards: any)
  kResign,         // <seat> RE
  kTimeout,        // <mover> TI.<target>: the target seat ran out of time
  kLeave,          // <mover> LE.<target>: the target seat left the table
};

// "deal", "skat", "act", "hidden-discard", "show-cards", "resign", "timeout", "leave".
std::string_view IssMoveKindName(IssMoveKind kind);

// One move of MV[...]: a mover and what it did.
//
// A declaration "<seat> <game>[.<d1>.<d2>][.<shown cards>]" is read as up to two moves: a kDiscard
// act (or kHiddenDiscard) when the game is not a hand game and names two cards, then the kDeclare
// act, whose `cards` are the shown (ouvert) cards that follow. The writer joins a discard directly
// followed by a declaration of the same seat back into one move.
struct IssMove {
  IssMoveKind kind = IssMoveKind::kAct;
  std::optional<Direction> seat;           // the mover: nullopt for the server ("w"), else P0/P1/P2
  Act act;                                 // kAct; act.seat == *seat
  std::optional<Direction> target;         // kTimeout, kLeave
  std::vector<std::optional<Card>> cards;  // nullopt: a hidden card "??"
  friend bool operator==(const IssMove&, const IssMove&) = default;
};

// "win", "loss", "penalty" after d: in R[...].
enum class IssOutcome : uint8_t { kWin, kLoss, kPenalty };

// R[...]: the server's own result, every field optional (older records lack r:, some have only
// "passed"). Numbers as written; -1 in d:, l:, to: means "nobody".
struct IssResult {
  bool passed = false;                // the word "passed": all passed, no game
  std::optional<int> declarer;        // d:  0, 1, 2 (P0..P2) or -1
  std::optional<IssOutcome> outcome;  // win | loss | penalty
  std::optional<int> value;           // v:  the declarer's score, negative when lost
  std::optional<int> matadors;        // m:  with n > 0, without n < 0, 0 in Null
  std::optional<bool> overbid;        // overbid | bidok
  std::optional<int> card_points;     // p:  the declarer's card points (skat included)
  std::optional<int> tricks;          // t:  the declarer's tricks
  std::optional<int> schneider;       // s:  1 when schneider was reached (either side), else 0
  std::optional<int> schwarz;         // z:  1 when schwarz was reached, else 0
  std::array<std::optional<int>, 3> penalty;  // p0: p1: p2: penalty points per seat
  std::optional<int> left;                    // l:  the seat that left, -1 none
  std::optional<int> timeout;                 // to: the seat that timed out, -1 none
  std::optional<int> resigned;                // r:  1 when the game ended by resignation
  std::vector<std::string> other;             // tokens the reader does not know, in order
  friend bool operator==(const IssResult&, const IssResult&) = default;
};

// A header field the reader does not know, kept in order (written after the known ones).
struct IssField {
  std::string name;   // one or more ASCII letters and digits
  std::string value;  // unescaped; no line break
  friend bool operator==(const IssField&, const IssField&) = default;
};

// One game record. An empty string is an absent field (the writer leaves it out).
struct IssRecord {
  std::string game;                    // GM: "Skat" (the reader refuses another game)
  std::string place;                   // PC: "International Skat Server"
  std::string comment;                 // CO
  std::string series;                  // SE: the series number
  std::string id;                      // ID: the game number
  std::string date;                    // DT: "2010-12-06/18:59:24/UTC"
  std::array<std::string, 3> players;  // P0 P1 P2: forehand, middlehand, rearhand
  std::array<std::string, 3> ratings;  // R0 R1 R2 as written ("", "0.0", "null")
  std::vector<IssField> other;         // unknown header fields, in order
  // The deal as a board when the deal move names all 32 cards (and they form a board): derived
  // from moves, set by the reader; the writer refuses a record where it disagrees with them.
  std::optional<Board> board;
  std::vector<IssMove> moves;  // MV, in order
  IssResult result;            // R
  friend bool operator==(const IssRecord&, const IssRecord&) = default;
};

// The board a deal move names, when its 32 cards are known and form a board (CheckBoard).
std::optional<Board> IssBoardOf(const std::vector<IssMove>& moves);

// Reads one record (one line, without its line break; leading and trailing blanks allowed). On
// error: kInvalidArgument "line 1, column C: ..." (the column in characters, 1-based), and *where
// set to the same position.
Result<IssRecord> ReadIssRecord(std::string_view line, FormatError* where = nullptr);

// One line of a file: its record or the error that line gave.
struct IssRecordLine {
  int line = 0;              // 1-based line number in the text
  Result<IssRecord> record;  // on error: "line L, column C: ..." (kInvalidArgument)
  FormatError where;         // the error position (0, 0 when the record was read)
};

// Reads a file of one record per line (CRLF allowed; blank lines and lines starting with '#'
// skipped). One entry per non-blank line, so one bad record does not hide the others.
std::vector<IssRecordLine> ReadIssRecords(std::string_view text);

// The one-line form of a record, without a line break: "(;GM[Skat]...R[...] ;)". Fields in the
// order GM PC CO SE ID DT P0 P1 P2 R0 R1 R2, the unknown ones, MV, R; empty fields left out
// (MV and R always written). kInvalidArgument when the record cannot be written so that it reads
// back the same: a field value with a line break, a header name that is not letters and digits
// or is a known one, a move the grammar cannot express (an act of a type ISS has no letter for,
// a Tournée declaration, ...), board disagreeing with the deal move, an R token with a blank.
Result<std::string> WriteIssRecord(const IssRecord& record);

// The ISS card notation: "CJ", "HT", "D7".
std::string IssCard(Card card);

}  // namespace skat

#endif  // SKAT_ENGINE_ISS_RECORD_H_
