// Solver: open-hand ("double dummy") search of one contract's card play with all hands visible
// (docs/par.md; as DDS does for bridge). From any Position (mid-game too: tricks played, a trick
// in progress) and a known declarer it answers:
//   - the exact card points the declarer ends with against best defence, 0..120 (RULES N4: his
//     tricks plus the skat or his discards, passed in as `skat_points`);
//   - a threshold question "does he reach >= target" as one zero-window search;
//   - schwarz (can he take every trick), and whether the defenders can hold him to no trick;
//   - Null (can he avoid every trick) and the one-trick question of Grand Ouvert and announced
//     schwarz (does he lose a trick).
// Each is alpha-beta over card plays (the solver's own SearchState, a copy of the position
// without its bookkeeping: engine/solver/search_state.h) with a transposition table probed at
// trick boundaries, move ordering (table move first, then trick heuristics with fastest cut
// first at leads, the history heuristic breaking ties: engine/solver/move_order.h), equivalent
// cards searched once, and bounds from sure tricks at trick boundaries (engine/solver/bounds.h:
// each side's master trumps before the table probe - a bound that decides saves it - then the
// leader's quick tricks and trump length when the table does not decide; not in Null), and the
// last two tricks valued by their (at most eight) lines of play. The exact search bisects
// [0, remaining points] with zero-window searches that share the table; the threshold search is
// one of them.
//
// Equivalent cards. Let a and b be cards in the hand of the seat to move, in the same follow
// class (the trump block, or one plain suit; in Null each suit, in the order 7 8 9 10 J Q K A),
// such that no "live" card (in any hand, or in the trick in progress) lies between them in the
// class's power order, and - when card points are counted - with equal card points. Then
// playing a and playing b give the same value. Proof sketch: the rest of the play depends on the
// cards only through (1) follow-suit legality, which depends on the follow class alone, the same
// for a and b; (2) trick winners, which compare a card with the other cards of its trick; every
// card a or b can still meet is live now, so it lies above both or below both in the class's
// order (none lies between), and trump/led-suit status is shared since the class is; and (3) the
// counted weight: card points (equal) or one per trick. Exchanging a and b throughout any line of
// play therefore maps legal lines to legal lines with the same winners and weights, so the two
// subgames have equal minimax values. Runs of such cards (chained pairwise, points equal along
// the run) are searched through one representative, the lowest.
//
// Quasi-symmetry (after Kupferschmid and Helmert 2006, "A Skat player based on Monte Carlo
// simulation"). The same argument at a trick boundary, without the equal-points condition: two
// positions with the same leader whose live cards of each follow class have the same owners in
// power order (the same *shape*, MoveOrder::Shape) play alike card for card, the k-th live card
// of a class in one standing for the k-th in the other. Every line of play wins the same tricks
// in both, so its card points differ by the sum, over the cards the declarer wins, of the
// corresponding cards' point differences: at most `up` (the rises summed) one way and `down`
// (the falls) the other (MoveOrder::PointShift), and the minimax values differ within the same
// range; counting tricks they are equal. The table is keyed by shape: an entry bounds every
// position of its shape, shifted by the points the correspondence moves.
//
// A Solver owns its table (allocated once, in the constructor); searches allocate nothing. Table
// entries are keyed by the shape, the leader, the declarer, the question and the trump
// structure, and hold bounds on the value of the remaining tricks alone, so they stay valid
// across calls, positions and deals. Not thread-safe: one Solver per thread.
#ifndef SKAT_ENGINE_SOLVER_SOLVER_H_
#define SKAT_ENGINE_SOLVER_SOLVER_H_

#include <array>
#include <cstdint>

#include "engine/board.h"
#include "engine/position.h"
#include "engine/solver/bounds.h"
#include "engine/solver/move_order.h"
#include "engine/solver/search_state.h"
#include "engine/solver/transposition_table.h"

namespace skat {

class Solver {
 public:
  // A table of 2^table_bits entries of 24 bytes, in buckets of four (128 bytes; 32 MiB by
  // default).
  // REQUIRES: 10 <= table_bits <= 26.
  explicit Solver(int table_bits = 20);

  // The card points the declarer ends the game with against best defence, 0..120: those in the
  // tricks he has taken, plus `skat_points` (RULES N4: the skat in hand games, his discards
  // otherwise; 0 if not credited), plus what he takes from here on.
  // Meant for suit games and Grand (for a Null position it is well defined but meaningless).
  // `guess` (-1: none) is a likely answer, e.g. in a played game the value before the last card:
  // tested first, it saves most of the search when right and changes no answer.
  // REQUIRES: skat_points >= 0, and the card points of the position's cards plus skat_points
  // <= 120.
  int DeclarerPoints(const Position& position, Direction declarer, int skat_points, int guess = -1);
  // Whether DeclarerPoints(position, declarer, skat_points) >= target (e.g. 61 to win, 90 for
  // schneider); one zero-window search. Any target is allowed (<= 0 is true, > 120 false).
  bool DeclarerReaches(const Position& position, Direction declarer, int skat_points, int target);
  // Schwarz: whether the declarer takes every trick of the game (false once he has lost one).
  // The negation is the one-trick question of Grand Ouvert and announced schwarz.
  bool DeclarerTakesAllTricks(const Position& position, Direction declarer);
  // Whether the defenders can hold the declarer to no trick in the whole game (false once he
  // has taken one).
  bool DefendersHoldDeclarerTrickless(const Position& position, Direction declarer);
  // Null: whether the declarer can avoid every trick of the game (false once he has taken one);
  // its negation is "the declarer loses the Null". Works for any trick type.
  bool DeclarerAvoidsAllTricks(const Position& position, Direction declarer);

  // Nodes (positions entered) by the last call.
  uint64_t nodes() const { return nodes_; }

 private:
  // What a search counts, for the declarer to maximise: the card points of his tricks, the
  // number of his tricks, or the number of the defenders' tricks (Null).
  enum class Goal : uint8_t { kDeclarerPoints = 0, kDeclarerTricks = 1, kDefenderTricks = 2 };

  // Sets up a search of `position` (copied) for `goal`.
  void Begin(const Position& position, Direction declarer, Goal goal);
  // Whether the declarer secures >= target from the tricks not yet completed.
  bool Reaches(int target);
  // Fail-soft alpha-beta: the value of the tricks not yet completed, within (alpha, beta).
  int Search(int alpha, int beta);

  // One node of Search: the window asked, the range [lower, upper] its value is known to lie
  // in, and at a trick boundary its table key (shape, live cards as places, tag) and the
  // table's best card (`hint`, kNoCard when none).
  struct Node {
    int alpha;
    int beta;
    int lower;
    int upper;
    std::array<CardSet, 3> shape{};
    uint32_t live = 0;
    uint16_t tag = 0;
    int hint = TranspositionTable::kNoCard;
    // Tightens [lower, upper]; the value to return when they decide the window, else -1.
    [[gnu::always_inline]] int Narrow(int lo, int hi) {
      lower = lo > lower ? lo : lower;
      upper = hi < upper ? hi : upper;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower >= upper) return lower;
      return -1;
    }
  };
  // Search's helpers, inlined into it (the hot path: docs/performance.md). At a trick boundary:
  // the table key, the masters' bounds, the table's and the other sure-trick bounds; the value
  // to return when they decide the window, else -1.
  [[gnu::always_inline]] inline int BoundBoundary(Node& node);
  // The table entries of the node's shape: tightens its range (quasi-symmetry, shifted by the
  // card points the correspondence moves) and sets its hint.
  [[gnu::always_inline]] inline void ApplyTable(Node& node, CardSet declarer_sure,
                                                CardSet defenders_sure);
  // Plays `card`, searches the rest within (a, b) and takes the card back: the value of the
  // play, the completed trick's weight included.
  [[gnu::always_inline]] inline int PlayAndSearch(Card card, int a, int b);
  // Stores the boundary node's fail-soft bounds from `best`, searched within (a0, b0).
  [[gnu::always_inline]] inline void StoreBoundary(const Node& node, int a0, int b0, int best,
                                                   int best_card, bool maximise);
  // Credits `card` with a cut-off for the seat to move.
  void RewardCutoff(int card);
  // The value of the last trick, which has no choices left. REQUIRES: cards_played() >= 27.
  int LastTrick() const;
  // The exact value of the last two tricks, by minimax over their lines of play (at most eight:
  // two cards per hand, the second trick forced). REQUIRES: cards_played() == 24.
  int LastTwoTricks() const;
  // How a completed trick worth `points` card points and won by `winner` counts for the
  // declarer (the goal's weight).
  int TrickValue(Direction winner, int points) const;
  // Upper bound on the value still to come: the tricks left, or the card points not yet in a
  // completed trick (kept incrementally in remaining_points_).
  int RemainingMax() const;

  TranspositionTable table_;
  SearchState position_;
  MoveOrder order_;
  Bounds bounds_;
  Direction declarer_ = Direction::kForehand;
  Goal goal_ = Goal::kDeclarerPoints;
  uint16_t context_ = 0;
  // The trumps and goal the trick rules' tables were last built for (Begin), 0 before any.
  uint64_t prepared_ = 0;
  // Per seat, how often each card caused a cut-off (weighted), reset per call.
  std::array<std::array<uint32_t, kCardCount>, 3> history_{};
  uint64_t nodes_ = 0;
  // Card points in the hands and the trick in progress; updated as tricks complete.
  int remaining_points_ = 0;
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_SOLVER_H_
