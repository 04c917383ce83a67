// The British Skat Association's rating for comparative (Synchron) Skat (docs/ratings.md "The BSA
// rating"): a number from 0 to 100, a player's typical matchpoint percentage. Pure: the services
// gather the rated events in order and store what Replay returns.
#ifndef SKAT_ENGINE_RATING_BSA_RATING_H_
#define SKAT_ENGINE_RATING_BSA_RATING_H_

#include <map>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::rating {

inline constexpr double kStartRating = 20;     // a new player's rating, and the New Year's score
inline constexpr double kNewYearWeight = 0.1;  // the imaginary event on every New Year's Eve

// An event's weight: W = 1 - exp(-sqrt(PH) / 100), PH the sum over its rounds of players x boards
// (P x H when every round has the same field). 0 for PH <= 0.
double EventWeight(long long player_hands);

// One player's part in a rated event.
struct RatedResult {
  std::string person;
  double score = 0;            // matchpoints won / available in the rounds played (M / T), 0..1
  long long player_hands = 0;  // the sum of players x boards of the rounds this person played
};

// A rated event; events are replayed in the order given, which must not go back in year.
struct RatedEvent {
  std::string id;
  int year = 0;                // the calendar year of its (first) day
  long long player_hands = 0;  // the sum of players x boards over all its rounds
  std::vector<RatedResult> results;
};

// One change of one person's rating: an event (event set) or a New Year's Eve (event empty).
struct RatingStep {
  std::string person;
  std::string event;  // empty: the New Year's Eve at the end of `year`
  int year = 0;
  double weight = 0;  // the weight applied: W x (the person's player-hands / the event's)
  double score = 0;   // the percentage scored, 0..100 (20 on New Year's Eve)
  double before = 0, after = 0;
};

struct Ratings {
  std::map<std::string, double> current;  // person -> rating after the last step
  std::vector<RatingStep> steps;          // in the order applied
};

// Replays `events` from nothing: a person enters at kStartRating at their first event; each event
// moves R to (1 - w) R + 100 w M/T with w = EventWeight(event) x (person's player-hands / event's);
// every New Year's Eve from the first event's year up to, not including, `through_year` pulls every
// rated person by R to (1 - 0.1) R + 0.1 x 20. kInvalidArgument names the event and the value for
// a score outside 0..1, player-hands outside 1..the event's, a person twice in one event, or a year
// before the previous event's or after through_year.
Result<Ratings> Replay(const std::vector<RatedEvent>& events, int through_year);

}  // namespace skat::rating

#endif  // SKAT_ENGINE_RATING_BSA_RATING_H_
