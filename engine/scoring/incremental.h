// A session's scoresheet kept up to date change by change (docs/comparative.md "Scoring, in two
// layers"; docs/performance.md "Standings that grow with the change"): every quantity of a
// (board, direction, version) field is local to its board (Neuberg's N from the plan, the datum,
// synchron's zero-sum scores of a table's seats on the board, the board's assigned and artificial
// scores), so a change to a result or to a board's adjustment recomputes that board's part alone.
// The per-player sums are exact Fractions: a recomputed part subtracts its old rows and adds its
// new ones, so nothing drifts. What stays a pass over the players (O(players log players)):
// penalties, ranking, the team totals. What stays a full pass over the results: the session-total
// comparison (kSessionTotal compares chair totals over the whole session).
//
// The contract: after Refresh(), Sheet() is exactly Score(results, adjustments, options,
// chair_totals) of the inputs put so far, the adjustments in the order of their keys. Pure C++,
// no I/O; not thread-safe (the caller serialises).
#ifndef SKAT_ENGINE_SCORING_INCREMENTAL_H_
#define SKAT_ENGINE_SCORING_INCREMENTAL_H_

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/scoring/options.h"
#include "engine/scoring/scoresheet.h"
#include "engine/scoring/session_total.h"
#include "engine/scoring/table_result.h"
#include "engine/status.h"

namespace skat::scoring {

// One board's share of the sheet, as CompareFields computes it from that board's results and its
// assigned and artificial scores alone. Immutable once made: a refreshed board gets a new one, so
// a reader holding the old part keeps a consistent view.
struct BoardPart {
  int board = 1;
  Status status;                      // CompareFields' error on this board, if any
  std::vector<Traveller> travellers;  // by direction, version
  std::vector<Note> notes;            // the fields' notes, in CompareFields' order
  std::vector<TeamLine> team_lines;   // by direction (TeamScore on this board's travellers)
};

class IncrementalScoresheet {
 public:
  // REQUIRES: options (the plan, clubs, lot, comparison) stay those of the session: a change to
  // them is a new sheet.
  explicit IncrementalScoresheet(Options options);

  // A result, new or corrected (a fouled board's new version is a correction): the result of
  // (r.board, r.table) is replaced.
  void PutResult(const TableResult& r);
  // Removes the result of (board, table); nothing when there is none.
  void RemoveResult(int board, const std::string& table);
  // An adjustment under `key`, new or changed: adjustments apply in the order of their keys (a
  // later assigned or artificial score on a seat replaces an earlier one, as in Score).
  void PutAdjustment(int64_t key, const Adjustment& a);
  void RemoveAdjustment(int64_t key);
  // kSessionTotal only: the chair totals (compared over the whole session at each Refresh).
  void SetChairTotals(std::vector<ChairTotal> chair_totals);

  // Recomputes the boards changed since the last Refresh, then the standings, ranks and team
  // totals.
  void Refresh();

  // Exactly Score(...) of the inputs (see above), errors included (an input error is that of the
  // board holding it, the lowest such board first). REQUIRES: Refresh() after the last change.
  // O(results): it copies every traveller. Without travellers (sheet.travellers empty; parts()
  // holds them) O(players). Readers that need the standings alone use the accessors below.
  Result<Scoresheet> Sheet(bool with_travellers = true) const;

  // The outcome of the last Refresh() without copying it: its error (as Sheet's); the sheet
  // without travellers (standings ranked, notes, team), a new one at each Refresh, so that a
  // reader may keep it (meaningful when status() is ok); the parts by board.
  const Status& status() const { return status_; }
  const std::shared_ptr<const Scoresheet>& shared_sheet() const { return sheet_; }
  const std::vector<Standing>& overall() const { return sheet_->overall; }
  const std::array<std::vector<Standing>, 3>& by_direction() const { return sheet_->by_direction; }
  const std::map<int, std::shared_ptr<const BoardPart>>& parts() const { return parts_; }

  // Board parts computed so far (for tests: a change recomputes one).
  uint64_t parts_computed() const { return parts_computed_; }

 private:
  // A player's sums over the rows Accumulate would add (standings.cc), overall or per direction.
  // standing.player and standing.club are set once, when the player first has a row.
  struct Sums {
    Standing standing;                                    // boards counts the rows
    std::map<int, std::pair<Fraction, Fraction>> rounds;  // round -> matchpoints, top
  };
  // By slot (slot_of_): a player keeps his slot for the sheet's life, and one whose rows all
  // left has boards == 0 and every sum exactly zero (Accumulate never makes him: StandingsOf
  // skips him). The order of the sums is never seen: StandingsOf's output is ranked (Rank orders
  // by key, then player id).
  using SumsBySlot = std::vector<Sums>;
  struct BoardInput {
    std::map<std::string, TableResult> results;  // by table
    std::map<int64_t, Adjustment> adjustments;   // assigned and artificial, by key
  };

  void MarkDirty(int board) { dirty_.insert(board); }
  std::shared_ptr<const BoardPart> ComputePart(int board) const;
  // Adds (sign +1) or subtracts (sign -1) the part's rows to the sums.
  // The slot of every row of the part, in traveller and row order (made once per part).
  std::vector<int> SlotsOf(const BoardPart& part);
  int SlotOf(const std::string& player);
  void AddRows(const BoardPart& part, const std::vector<int>& slots, int sign);
  static void AddRow(Sums& sums, const Traveller& t, const TravellerRow& r, int sign);
  // The standings of list (0 overall, 1 + direction), their slots into slots. finish: Finish
  // each standing (the overall ones are finished after the penalties instead).
  std::vector<Standing> StandingsOf(int list, bool finish, std::vector<int>& slots) const;
  // Rank's hint for StandingsOf's output: its positions in the last ranking's order of list.
  std::vector<size_t> Hint(int list, const std::vector<int>& slots) const;
  // Keeps the ranked order of list: order is Rank's, slots StandingsOf's.
  void KeepOrder(int list, const std::vector<int>& slots, const std::vector<size_t>& order);
  Status ApplyPenalties(std::vector<Standing>& overall) const;
  // TeamScore's header, lines and totals over the parts, its note into notes.
  TeamMatch ComputeTeam(std::vector<Note>& notes) const;

  Options options_;
  std::map<int, BoardInput> inputs_;         // by board
  std::map<int64_t, Adjustment> penalties_;  // by key
  std::map<int64_t, int> adjustment_board_;  // key -> board (kPenaltyBoard: a penalty)
  std::vector<ChairTotal> chair_totals_;
  std::set<int> dirty_;

  std::map<int, std::shared_ptr<const BoardPart>> parts_;  // by board
  std::map<int, std::vector<int>> part_slots_;             // by board: SlotsOf(parts_[board])
  std::unordered_map<std::string, int> slot_of_;           // player -> slot in the sums
  SumsBySlot sums_;
  std::array<SumsBySlot, 3> direction_sums_;
  std::array<std::vector<int>, 4> ranked_slots_;  // by list: the slots in the last ranked order
  Status status_;
  std::shared_ptr<const Scoresheet> sheet_;  // without travellers; never null
  uint64_t parts_computed_ = 0;
};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_INCREMENTAL_H_
