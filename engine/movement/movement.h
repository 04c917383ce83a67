// Movements (docs/comparative.md "Movements"):
// for each round, which boards each table plays and who
// sits in which chair, and the generators for the formats the runner offers: the individual
// comparative, the inter-club match and the 1909 congress. Pure data and pure functions; the
// checks every movement must pass live in validator.h, and every generator below returns only
// movements that pass them.
//
// Players are indices 0 .. players - 1. In text (errors, Print) they are named 1-based ("player
// 1" is index 0), or by club when the movement has clubs ("A1", "B1", "N1": the first player of
// club A, B, neutral).
#ifndef SKAT_ENGINE_MOVEMENT_MOVEMENT_H_
#define SKAT_ENGINE_MOVEMENT_MOVEMENT_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::movement {

// One table in one round.
struct TableRound {
  int table = 1;             // 1-based table number
  std::vector<int> players;  // player index by chair, chair 1 first; 3 or 4 entries; -1 = empty
                             // chair (bot-filled neutral)
  std::vector<int> boards;   // board numbers played, in order
  int forehand_chair = 0;    // 0: ForehandChair(board, chairs) per board (the default rotation,
                             // engine/board_set.h); 1..k: forehand always in this chair
  friend bool operator==(const TableRound&, const TableRound&) = default;
};

struct Round {
  std::vector<TableRound> tables;
  friend bool operator==(const Round&, const Round&) = default;
};

struct Movement {
  std::string kind;       // "individual", "inter-club", "congress", "copies", "stored"
  int players = 0;        // player indices 0 .. players - 1
  int boards = 0;         // boards 1 .. boards of the board set
  std::vector<int> club;  // empty, or the club of each player (0 = club A, 1 = club B, 2 = neutral)
  std::vector<Round> rounds;
  // The number of tables planned to play each board (N in the Neuberg formula, docs/comparative.md
  // "Comparison across tables"); index = board number - 1.
  std::vector<int> planned_tables;
  // Optional display names by player index (the event's players): the validator's messages and
  // direction counts add them to the short names ("A2 Bertha").
  std::vector<std::string> names;
  friend bool operator==(const Movement&, const Movement&) = default;
};

inline constexpr int kClubA = 0;
inline constexpr int kClubB = 1;
inline constexpr int kNeutral = 2;

// Who holds which direction of `board` at table round `tr`: the player index per Direction
// (forehand, middlehand, rearhand; -1 for an empty chair) and the resting dealer (-1 at three
// chairs). At four chairs the dealer sits in the chair before forehand (RULES C3).
// REQUIRES: tr.players.size() is 3 or 4; tr.forehand_chair is 0 or a chair; board >= 1.
struct BoardSeating {
  std::array<int, 3> direction_player = {-1, -1, -1};
  int resting_dealer = -1;
};
BoardSeating SeatingOf(const TableRound& tr, int board);

// The chair (1-based) of forehand for `board` at `tr`. Same REQUIRES as SeatingOf.
int ForehandChairAt(const TableRound& tr, int board);

// "7" for index 6, or "A2" / "B1" / "N3" when m has clubs. REQUIRES: 0 <= player < m.players.
std::string PlayerName(const Movement& m, int player);

// ---- Individual comparative (docs/comparative.md "Movements", "Individual comparative") ----

// Individual comparative for `tables` 3-chair tables (3 * tables players), `boards_per_round`
// boards per round, `rounds` rounds; board group g is boards (g - 1) * bpr + 1 .. g * bpr. The
// method depends on the table count T:
//   - T = 4, bpr = 3, rounds <= 4: the checked schedule (CheckedIndividual4, first `rounds`);
//   - gcd(T, 6) = 1: boards move up one table per round (group g at table g + r), the three
//     lines of players move 0, -1, +2 tables per round, all speeds taken mod T ("individual");
//   - T = 4, 8, 9, 16, 27, 32: the same over the field GF(T) (tables and rounds are field
//     elements; line speeds 0, x, x + 1 in GF(2^k), 0, -1, x in GF(3^k)) ("individual");
//   - other T (2, 3, 6, 10, 12, ...): board copies: every table plays the same group each round,
//     lines of players move 0, 1, 2 tables per round ("copies"); at 2 tables the rounds run
//     through the 10 splits of the 6 players instead.
// Moving methods (the first three) allow 2 <= rounds <= T and any bpr; copies any rounds >= 2
// and bpr a multiple of 3. Lines change chairs each round (moving: line c sits in chair
// ((first - 1 + c + r) mod 3) + 1, first = the group's first board; copies: ((c + r + t) mod 3)
// + 1 at table t) so that every (board, direction) is held by players of all three lines and the
// fields connect (no Mitchell-like separate lines, see validator.h), and every player holds
// F/M/R within one of each other. Default chair rotation (forehand_chair = 0).
// Errors (kInvalidArgument): tables outside 2..40, bpr < 1, rounds out of range, or a movement
// the validator rejects (the message names the rule).
Result<Movement> Individual(int tables, int boards_per_round, int rounds);

// The checked schedule for 4 tables, 12 players, 12 boards, 4 rounds of 3 boards, verbatim from
// docs/comparative.md "Individual comparative" (players 1..12 = indices 0..11).
Movement CheckedIndividual4();

// ---- Inter-club match (docs/comparative.md "Movements", "Inter-club match") ----

// Two clubs on `tables` tables (even, >= 2), 3 rounds of `boards_per_round` boards; every table
// plays the same boards in a round; forehand always in chair 1 (players listed as forehand,
// middlehand, rearhand). Mirrored table pairs (A,B,A) and (B,A,B): 3 * tables / 2 players per
// club (A first, then B), every (board, direction) held by as many A as B players, everyone holds
// F/M/R equally, the comparisons connect everyone, nobody meets twice when tables >= 4.
// tables = 4: the checked seating (CheckedInterClub12; verbatim for bpr = 4).
// neutral_third_chair: tables (A,B,N) and (B,A,N) instead: `tables` players per club and
// `tables` neutral players (club 2); the chairs of the three roles rotate each round so that
// everyone holds each direction once. The balance of A and B per direction forces the neutral to
// one chair at both tables of a pair, so the comparisons fall into three groups (the neutrals;
// A players at (A,B,N) tables with B players at (B,A,N) tables; the rest): Validate warns.
// Nobody meets twice when tables >= 6.
// Errors (kInvalidArgument): an odd or too small table count, bpr < 1.
Result<Movement> InterClub(int tables, int boards_per_round, bool neutral_third_chair);

// The checked inter-club schedule: two clubs of six on four tables, 3 rounds of 4 boards
// (A1..A6 = indices 0..5, B1..B6 = 6..11).
Movement CheckedInterClub12();

// ---- Congress (docs/comparative.md "Movements", "Congress") ----

inline constexpr int kCongressRounds = 20;  // the 1909 format

// The 1909 congress: seats drawn by lot each round (deterministic from `seed`), every player deals
// once per round: 3 boards at a 3-player table, 4 at a 4-player table. Table sizes: players
// divisible by 3 → tables of 3; remainder 1 → one table of 4; remainder 2 → two tables of 4
// (8 or more players); 5 players → one table of 4 and one player sitting out (in turn, in an
// order drawn by lot). comparative: all tables play the boards of the round's group (3-player
// tables the first three, 4-player tables all four), planned at every table that plays them;
// otherwise each table has its own boards (planned_tables 1). Default chair rotation.
// Errors (kInvalidArgument): fewer than 3 players, rounds < 1, 5 players in fewer than 5 rounds.
Result<Movement> Congress(int players, int rounds, bool comparative, uint64_t seed);

// ---- Manual (the director's own seating) ----

inline constexpr char kManualKind[] = "manual";

// The movement a director entered: `rounds` as given (table numbers, players by chair, boards,
// forehand chair), over players 0 .. players - 1; boards and planned_tables follow from the
// boards the tables play (every board up to the highest number played, planned at as many tables
// as play it). Validate then reports what is wrong with it (validator.h "Manual movements").
// Errors (kInvalidArgument): no rounds, a round without tables, more than 1,000 rounds or tables
// in a round, a board number outside 1..1,000.
Result<Movement> Manual(int players, std::vector<Round> rounds);

}  // namespace skat::movement

#endif  // SKAT_ENGINE_MOVEMENT_MOVEMENT_H_
