// The season service's event scores (services/season/season_event_scores.h) from the scoring
// service's loading (services/scoring/event_scores.h): skatd joins the two sibling services here,
// so neither includes the other (services/README.md).
#ifndef SKAT_SERVICES_SKATD_SEASON_SCORES_H_
#define SKAT_SERVICES_SKATD_SEASON_SCORES_H_

#include "services/season/season_event_scores.h"
#include "services/store/store.h"

namespace skat::service {

// A source that scores events for the public from `store`, reusing an event's scores while its
// rows are unchanged (EventScoresCache). REQUIRES: the store outlives the source.
EventScoresSource SeasonScoresFromStore(store::Store& store);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_SEASON_SCORES_H_
