// The season service's event scores (services/season/season_event_scores.h) from the scoring
// service's loading (services/scoring/event_scores.h): skatd joins the two sibling services here,
// so neither includes the other (services/README.md).
#ifndef SKAT_SERVICES_SKATD_SEASON_SCORES_H_
#define SKAT_SERVICES_SKATD_SEASON_SCORES_H_

#include <cstdint>
#include <memory>
#include <string>

#include "services/common/stamped_cache.h"
#include "services/season/season_event_scores.h"
#include "services/store/store.h"

namespace skat::service {

// The events last scored for the public, reused while their rows are unchanged: before each use
// the event's stamp is read (SessionStore::EventStamp, one cheap query) and the event loaded
// again when it differs, as the scoring service's EventScoresCache does; but it holds two full
// seasons (a season table reads every event of its season on every request). Thread-safe; the
// least recently used event is dropped first.
class SeasonScoresCache {
 public:
  static constexpr size_t kCapacity = 200;

  // REQUIRES: the store outlives the cache.
  explicit SeasonScoresCache(store::Store& store) : store_(store), cache_(kCapacity) {}

  // The event's public scores as stored at the time of the call; errors as LoadEventScores.
  Result<std::shared_ptr<const SeasonEventScores>> Get(const std::string& event_id);

  // Loads so far (for tests): an event answered from the cache does not count.
  uint64_t loads() const { return cache_.loads(); }

 private:
  store::Store& store_;
  StampedCache<std::string, SeasonEventScores> cache_;
};

// A source reading through `cache`. REQUIRES: the cache outlives the source's calls.
EventScoresSource SeasonScoresFrom(std::shared_ptr<SeasonScoresCache> cache);
// A source with a cache of its own on `store`.
EventScoresSource SeasonScoresFromStore(store::Store& store);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_SEASON_SCORES_H_
