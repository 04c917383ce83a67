// An event's scores computed from the store (ScoringService, issue 6): everything the engine's
// scoring library needs, read fresh on every call, and the scoresheet per session.
//
// Which results count: the current, confirmed result of each game of a table that belongs to a
// session (tables opened outside a session are not compared). Who held which direction: the
// table's seating and its forehand chair (engine/board_set.h ForehandChair). N for a board (the
// Neuberg target) is the number of the session's tables that have the board in their round.
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scoring/scoring.h"
#include "services/store/store.h"

namespace skat::service {

struct SessionScores {
  store::SessionRecord session;
  std::vector<scoring::TableResult> results;
  scoring::Scoresheet sheet;
  // (board number -> tables that play it) and (board number -> tables that finished it).
  std::map<int, int> planned;
  std::map<int, int> finished;
};

struct EventScores {
  store::EventRecord event;
  std::vector<store::ClubRecord> clubs;
  std::vector<store::PlayerRecord> players;
  std::map<std::string, const store::PlayerRecord*> player_by_id;
  std::map<std::string, std::string> club_name;  // club id -> name
  scoring::Options options;
  std::vector<SessionScores> sessions;     // by number
  std::vector<scoring::Standing> overall;  // every session combined
  // The stored results by (table id, board number), for travellers.
  std::map<std::pair<std::string, int>, store::ResultRecord> results;
  std::map<std::string, store::TableRecord> tables;  // by id
  int results_counted = 0;
  int results_expected = 0;
};

// Reads and scores the event, as if `pending` adjustments were stored too (AddAdjustment tries
// a new one before storing it). kNotFound for no such event; kInternal when the stored results
// cannot be scored (naming why).
Result<EventScores> LoadEventScores(store::Store& store, const std::string& event_id,
                                    const std::vector<store::AdjustmentRecord>& pending = {});

// "2", "-1", "0.5" as an exact fraction; kInvalidArgument otherwise.
Result<scoring::Fraction> ParseDecimal(std::string_view text);

// The player id holding `direction` of `board` at `table` ("" for an empty chair), and the
// resting dealer ("" at 3 chairs).
std::string PlayerAt(const store::TableRecord& table, int board, Direction direction);
std::string RestingDealerAt(const store::TableRecord& table, int board);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_H_
