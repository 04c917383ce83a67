// What the season's parts read of one event's scores (docs/seasons.md): the event, its clubs and
// players, and its standings as the public sees them (the event's own result pages). The season
// service does not score events itself: skatd hands it a source (EventScoresSource) that the
// scoring service's loading fills, so the two services stay siblings (services/README.md).
#ifndef SKAT_SERVICES_SEASON_SEASON_EVENT_SCORES_H_
#define SKAT_SERVICES_SEASON_SEASON_EVENT_SCORES_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/scoring/scoring.h"
#include "engine/status.h"
#include "services/store/records.h"

namespace skat::service {

// An event scored for the public (every result of a board not yet open left out).
struct SeasonEventScores {
  store::EventRecord event;
  std::vector<store::ClubRecord> clubs;      // in the order of adding
  std::vector<store::PlayerRecord> players;  // in the order of adding
  scoring::Options options;                  // as the event is scored
  struct Session {
    store::SessionRecord session;
    std::vector<scoring::TableResult> results;  // the counting results the public sees
    scoring::Scoresheet sheet;                  // the session's scoresheet (team match included)
  };
  std::vector<Session> sessions;           // by number
  std::vector<scoring::Standing> overall;  // every session combined, ranked
};

// The scores of event `event_id` as stored at the time of the call. kNotFound for no such event;
// kInternal when its results cannot be scored.
using EventScoresSource =
    std::function<Result<std::shared_ptr<const SeasonEventScores>>(const std::string& event_id)>;

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_SEASON_EVENT_SCORES_H_
