// GetSeriesLists' answer (proto/skat/v1/scoring_service.proto): the classic Seeger-Fabian series
// list of every table of an event (engine/scoring/series_list.h; docs/events-and-scoring.md 4.9),
// from its scores.
#ifndef SKAT_SERVICES_SCORING_SERIES_PROTO_H_
#define SKAT_SERVICES_SCORING_SERIES_PROTO_H_

#include "services/scoring/event_scores.h"
#include "skat/v1/scoring_service.pb.h"

namespace skat::service {

// Every table of `session` (0: of every session), by session and then the session's table
// order; each lists the table's seated players even before their first result. The lot's seed is
// the event id, so the same results always give the same lists. kNotFound for a session the
// event does not have.
Status SeriesListsProto(const EventScores& scores, int session, v1::SeriesLists* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SERIES_PROTO_H_
