// The ratings beside the names (docs/ratings.md "Beside the names"): each standing of a rated
// event gets its player's person's rating entering the event, from the registry's replay
// (ratings_cache.h), so a standings refresh reads three stamps and replays nothing unchanged.
#ifndef SKAT_SERVICES_SCORING_STANDING_RATINGS_H_
#define SKAT_SERVICES_SCORING_STANDING_RATINGS_H_

#include "engine/status.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/ratings_cache.h"
#include "skat/v1/scoring_service.pb.h"

namespace skat::service {

// Sets Standing.rating of every standing of `out` (overall and by direction) whose player is
// linked to a person who is not hidden, when `scores`' event is rated by its registry; leaves
// every standing without one otherwise. Errors as RatingsCache::Get.
Status AddRatings(RatingsCache& ratings, const EventScores& scores, v1::Standings* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_STANDING_RATINGS_H_
