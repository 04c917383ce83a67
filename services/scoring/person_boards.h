// A person's boards (docs/persons.md "Boards"): the rows the store keeps of every linked player's
// boards, derived from an event's public scores, and the refresh that rebuilds an event's rows
// when its stamp changed since they were built.
#ifndef SKAT_SERVICES_SCORING_PERSON_BOARDS_H_
#define SKAT_SERVICES_SCORING_PERSON_BOARDS_H_

#include <string>
#include <vector>

#include "engine/status.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/event_scores_cache.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

// One row per traveller row of a player linked to a person (the player's person, not followed
// through merges), from `scores` as loaded: the public scores hold open boards only.
std::vector<store::PersonBoardRecord> PersonBoardRows(const EventScores& scores);

// Rebuilds the rows of every event of the person (and of persons merged into them) whose stamp
// differs from the one its rows were built from, each event in one transaction, reading the
// public scores through `scores` (the stamp is read before the scores, so a change while
// building makes the next refresh build again). Returns how many events were rebuilt. Errors:
// the store's; kNotFound for no such person.
Result<int> RefreshPersonBoards(ScoringStores store, EventScoresCache& scores,
                                const std::string& registry_id, const std::string& person_id);

// What ListPersonBoards and GetPersonTotals do first: kNotFound for no such person or a hidden
// one (docs/persons.md "Privacy": as if there were none; `shown` names it), then
// RefreshPersonBoards.
Status ReadyPersonBoards(ScoringStores store, EventScoresCache& scores,
                         const std::string& registry_id, const std::string& person_id,
                         const std::string& shown);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_PERSON_BOARDS_H_
