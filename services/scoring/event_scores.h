// An event's scores computed from the store (ScoringService): everything the engine's scoring
// library needs, read fresh on every call, and the scoresheet per session.
//
// Which results count: the current, confirmed result of each game of a table that belongs to a
// session (tables opened outside a session are not compared). Who held which direction: the
// table's seating and its forehand chair (engine/board_set.h ForehandChair). N for a board (the
// Neuberg target) is the number of the session's tables that have the board in their round.
//
// Who may see what (docs/events-and-scoring.md "Information during an event"): a board's results
// tell the cards, so everyone but the director sees them only once the board is open (BoardOpen:
// finished at every table of its session that plays it, the traveller's own test). The public
// scores leave out every result and board adjustment of a board that is not open, so no
// standing, scorecard, team score, series list or prize list counts it.
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_H_

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scoring/scoring.h"
#include "services/scoring/chunked_list.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

// Who reads the scores: the event's director (every counted result) or anyone else.
enum class Audience { kPublic, kDirector };

// The audience of a request that carries the bearer token `token` (empty: none) for `event`: the
// director with the event's director token; the public with no token or any other (a seat's, a
// wrong one).
Audience AudienceOf(std::string_view token, const store::EventRecord& event);

// The results the audience sees by (table id, board number), in shared chunks of one table each
// (chunked_list.h: scores kept by change share the tables a change did not touch).
class ResultIndex {
 public:
  using Key = std::pair<std::string, int>;           // table id, board number
  using Chunk = std::map<Key, store::ResultRecord>;  // one table's
  using value_type = Chunk::value_type;

  // The entry of `key`, or end() (null).
  const value_type* find(const Key& key) const {
    auto table = tables_.find(key.first);
    if (table == tables_.end()) return nullptr;
    auto found = table->second->find(key);
    return found == table->second->end() ? nullptr : &*found;
  }
  const value_type* end() const { return nullptr; }
  size_t size() const { return size_; }
  const std::map<std::string, std::shared_ptr<const Chunk>>& tables() const { return tables_; }
  // The table's results (none when chunk is null or empty).
  void SetTable(const std::string& table, std::shared_ptr<const Chunk> chunk) {
    auto old = tables_.find(table);
    if (old != tables_.end()) {
      size_ -= old->second->size();
      tables_.erase(old);
    }
    if (chunk == nullptr || chunk->empty()) return;
    size_ += chunk->size();
    tables_.emplace(table, std::move(chunk));
  }

 private:
  std::map<std::string, std::shared_ptr<const Chunk>> tables_;
  size_t size_ = 0;
};

struct SessionScores {
  store::SessionRecord session;
  ChunkedList<scoring::TableResult> results;  // by table (in the session's order), then board
  // The sheet without its travellers (sheet->travellers is empty): they are `travellers`, in the
  // same order, in shared chunks. Never null; shared with the scores before when kept by change
  // (docs/performance.md "Standings that grow with the change").
  std::shared_ptr<const scoring::Scoresheet> sheet = std::make_shared<const scoring::Scoresheet>();
  ChunkedList<scoring::Traveller> travellers;
  // (board number -> tables that play it) and (board number -> tables that finished it: a
  // counting result, or the director's assigned or artificial score for the table).
  std::map<int, int> planned;
  std::map<int, int> finished;
};

// docs/comparative.md "Information during an event": the board is open once every table of the
// session that plays it has finished it (or the director scored it there). False for a board
// the session does not play.
bool BoardOpen(const SessionScores& session, int board);

struct EventScores {
  Audience audience = Audience::kPublic;
  store::EventRecord event;
  std::vector<store::ClubRecord> clubs;
  std::vector<store::PlayerRecord> players;
  std::map<std::string, const store::PlayerRecord*> player_by_id;
  std::map<std::string, std::string> club_name;  // club id -> name
  scoring::Options options;
  std::vector<SessionScores> sessions;     // by number
  std::vector<scoring::Standing> overall;  // every session combined
  // The results the audience sees by (table id, board number), for travellers.
  ResultIndex results;
  std::map<std::string, store::TableRecord> tables;  // by id
  // Progress (every audience): the counting results of the sessions' tables, and how many are
  // planned.
  int results_counted = 0;
  int results_expected = 0;
};

// Reads and scores the event for `audience`, as if `pending` adjustments were stored too
// (AddAdjustment tries a new one before storing it). kNotFound for no such event; kInternal
// when the stored results cannot be scored (naming why).
Result<EventScores> LoadEventScores(ScoringStores store, const std::string& event_id,
                                    Audience audience,
                                    const std::vector<store::AdjustmentRecord>& pending = {});

// "2", "-1", "0.5" as an exact fraction; kInvalidArgument otherwise.
Result<scoring::Fraction> ParseDecimal(std::string_view text);

// The player id holding `direction` of `board` at `table` ("" for an empty chair), and the
// resting dealer ("" at 3 chairs).
std::string PlayerAt(const store::TableRecord& table, int board, Direction direction);
std::string RestingDealerAt(const store::TableRecord& table, int board);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_H_
