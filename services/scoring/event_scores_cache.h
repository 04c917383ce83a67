// EventScoresCache: the events last read and scored (LoadEventScores), reused while the rows
// they were read from are unchanged. Before each use it reads the event's stamp
// (store::Store::EventStamp: one cheap query) and loads again when the stamp differs, so an
// answer is never older than the stamp read at its request. A report asks for a traveller, an
// analysis and a scorecard per board and player; before this cache each request reread and
// rescored the whole event (the travellers of 1,000 imported games took 30 s). Thread-safe;
// holds at most kCapacity (event, audience) pairs, the least recently used dropped first. Not for
// scores with pending adjustments (AddAdjustment's trial scoring loads its own).
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "engine/status.h"
#include "services/common/stamped_cache.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

class EventScoresCache {
 public:
  static constexpr size_t kCapacity = 8;

  // REQUIRES: store outlives the cache.
  explicit EventScoresCache(ScoringStores store) : store_(store), cache_(kCapacity) {}

  // The event's scores for `audience` as stored at the time of the call; errors as
  // LoadEventScores.
  Result<std::shared_ptr<const EventScores>> Get(const std::string& event_id, Audience audience);

  // Loads so far (for tests): a request answered from the cache does not count.
  uint64_t loads() const { return cache_.loads(); }

 private:
  ScoringStores store_;
  StampedCache<std::pair<std::string, Audience>, EventScores> cache_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_
