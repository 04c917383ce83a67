// One event's scores for one audience, kept up to date by change (docs/performance.md "Standings
// that grow with the change"): the stored rows of results, adjustments and chair totals are read
// by change (store::SessionStore::ReadScoreDelta), each change marks its (session, board), and
// only those boards are scored again (engine/scoring/incremental.h); a change to the event's
// frame (options, clubs, players, sessions, tables, seatings) reloads it whole. The scores equal
// LoadEventScores' of the same rows, the public audience's hidden boards included: a board
// enters the public scores whole once it is open (BoardOpen), and not before.
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_STATE_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_STATE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/scoring/incremental.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

class EventScoresState {
 public:
  EventScoresState(std::string event_id, Audience audience)
      : event_id_(std::move(event_id)), audience_(audience) {}

  // Reads what changed since the last call and returns the scores as stored at the time of the
  // call; errors as LoadEventScores'. Not thread-safe (the cache serialises).
  Result<std::shared_ptr<const EventScores>> Refresh(ScoringStores store);

  // Board parts scored so far by every session's sheet (for tests and the bench).
  uint64_t parts_computed() const;

 private:
  using TableBoard = std::pair<std::string, int>;  // table id, board number
  struct TableBoardHash {
    size_t operator()(const TableBoard& key) const {
      return std::hash<std::string>()(key.first) ^
             (static_cast<size_t>(key.second) * 0x9E3779B97F4A7C15ull);
    }
  };
  struct Session {
    store::SessionRecord record;
    std::unique_ptr<scoring::IncrementalScoresheet> sheet;
    std::map<int, std::vector<const store::TableRecord*>> tables_of_board;
    std::map<int, int> planned, finished, counted;
    std::map<int, std::set<std::string>> put_results;  // board -> tables in the sheet
    std::map<int, std::set<int64_t>> put_adjustments;  // board -> adjustment ids in the sheet
    // The results the audience sees, one chunk per table in the session's order.
    std::vector<std::shared_ptr<const std::vector<scoring::TableResult>>> result_chunks;
    std::map<std::string, size_t> position;  // table id -> index in record.tables
    std::set<std::string> touched_tables;    // whose chunks and results are made again
    std::set<std::string> recount_tables;    // whose chair totals changed
    // CountBoard's: board -> table id -> counts (1) | finished (2); board -> (counting tables,
    // finished tables).
    std::map<int, std::map<std::string, int>> board_tables;
    std::map<int, std::pair<int, int>> tallies;
    std::set<int> resync;   // boards whose every table is made again
    std::set<int> touched;  // boards changed since the last refresh
    bool dirty = false;     // a penalty on a total or a chair total changed
  };

  Status LoadFrame(ScoringStores store);
  void ApplyDelta(const store::ScoreDelta& delta);
  void Touch(int session_index, int board);
  void TouchTable(const std::string& table_id, int board);
  bool TotalsComplete(const store::TableRecord& t) const;
  bool Visible(const Session& s, int board) const;
  void SyncBoard(Session& s, int board);
  void SyncResult(Session& s, const store::TableRecord& t, int board);
  void CountBoard(Session& s, int board);
  void CountTable(Session& s, const store::TableRecord& t, int board);
  void ChunkTable(Session& s, size_t position);
  scoring::TableResult ResultAt(const Session& s, const store::TableRecord& t, int board,
                                const store::ResultRecord& record) const;
  scoring::Adjustment AdjustmentFor(const Session& s, const store::AdjustmentRecord& a) const;
  std::vector<scoring::ChairTotal> VisibleTotals(const Session& s) const;
  Status RefreshSessions();
  std::shared_ptr<const EventScores> Snapshot();

  std::string event_id_;
  Audience audience_;
  std::string frame_stamp_, horizon_;
  bool loaded_ = false;
  // The frame: EventScores' event, clubs, players, options and tables (player_by_id and
  // club_name are made per snapshot).
  EventScores frame_;
  std::vector<Session> sessions_;                // by number
  std::map<std::string, int> session_of_table_;  // table id -> index in sessions_
  std::map<int, int> session_index_;             // session number -> index
  // By hash: CountBoard looks up every table of a board at each refresh.
  std::unordered_map<TableBoard, store::ResultRecord, TableBoardHash> counting_;
  std::map<int64_t, store::AdjustmentRecord> adjustments_;                 // by id
  std::map<std::pair<int, int>, std::set<int64_t>> adjustments_of_board_;  // (session, board)
  std::map<TableBoard, std::map<int64_t, int>> fouled_;                    // id -> version
  std::unordered_set<TableBoard, TableBoardHash> settled_;
  std::map<std::pair<std::string, int>, store::ChairTotalRecord> totals_;  // (table, chair)
  ResultIndex index_;  // the results the audience sees, one chunk per table
  std::vector<scoring::Standing> overall_;
  int results_counted_ = 0, results_expected_ = 0;
  std::shared_ptr<const EventScores> snapshot_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_STATE_H_
