#include "services/skatd/season_scores.h"

#include <memory>
#include <string>

#include "services/scoring/event_scores.h"
#include "services/scoring/event_scores_cache.h"

namespace skat::service {

EventScoresSource SeasonScoresFromStore(store::Store& store) {
  auto cache = std::make_shared<EventScoresCache>(ScoringStores(store));
  return [cache](const std::string& event_id) -> Result<std::shared_ptr<const SeasonEventScores>> {
    Result<std::shared_ptr<const EventScores>> scores = cache->Get(event_id, Audience::kPublic);
    if (!scores.ok()) return scores.status();
    const EventScores& from = **scores;
    auto out = std::make_shared<SeasonEventScores>();
    out->event = from.event;
    out->clubs = from.clubs;
    out->players = from.players;
    out->options = from.options;
    for (const SessionScores& s : from.sessions) {
      out->sessions.push_back({.session = s.session, .results = s.results, .sheet = s.sheet});
    }
    out->overall = from.overall;
    return std::shared_ptr<const SeasonEventScores>(std::move(out));
  };
}

}  // namespace skat::service
