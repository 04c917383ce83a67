// The ScoringService's resource names (AIP-122), all under an event (scoring_service.proto):
//   events/{event}/standings             events/{event}/sessions/{session}/standings
//   events/{event}/teamMatch             events/{event}/sessions/{session}/teamMatch
//   events/{event}/seriesLists           events/{event}/sessions/{session}/seriesLists
//   events/{event}/prizeList             events/{event}/players/{player}/scorecard
//   events/{event}/sessions/{session}/travellers/{board}[/analysis]
// A request names a session by its id or by its number; the names the service returns carry
// its id. A name without a session means every session combined.
#ifndef SKAT_SERVICES_SCORING_SCORING_NAMES_H_
#define SKAT_SERVICES_SCORING_SCORING_NAMES_H_

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/status.h"
#include "services/scoring/event_scores.h"

namespace skat::service {

struct ScoringName {
  std::string event;    // the event's id
  std::string session;  // the session's id or number as the request gave it; empty: none
  int board = 0;        // travellers: the board's number (1 first)
  std::string player;   // scorecards: the player's id
};

// `name` parsed against the first of `patterns` it matches; kInvalidArgument naming every
// pattern when it matches none, or for a board that is not a number 1..2^31-1.
Result<ScoringName> ParseScoringName(std::string_view name,
                                     std::initializer_list<std::string_view> patterns);

// The number of the session `session` names (its id or number); 0 for empty (every session).
// kNotFound for a session the event does not have.
Result<int> SessionNumber(const EventScores& scores, std::string_view session);

// "events/{event}", or "events/{event}/sessions/{id}" of session `number` (0: the former).
// REQUIRES: number is 0 or a session of scores.
std::string ScoringParent(const EventScores& scores, int number);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORING_NAMES_H_
