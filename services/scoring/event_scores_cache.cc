#include "services/scoring/event_scores_cache.h"

#include <utility>

namespace skat::service {

Result<std::shared_ptr<const EventScores>> EventScoresCache::Get(const std::string& event_id,
                                                                 Audience audience) {
  Result<std::string> stamp = store_.sessions.EventStamp(event_id);
  if (!stamp.ok()) return stamp.status();
  if (auto kept = cache_.Find({event_id, audience}, *stamp)) return kept;
  Result<EventScores> loaded = LoadEventScores(store_, event_id, audience);
  if (!loaded.ok()) return loaded.status();
  // Moved, not copied: player_by_id points into the players vector.
  auto scores = std::make_shared<const EventScores>(std::move(loaded).value());
  cache_.Put({event_id, audience}, std::move(stamp).value(), scores);
  return scores;
}

}  // namespace skat::service
