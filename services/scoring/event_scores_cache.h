// EventScoresCache: the events' scores kept per (event, audience) and brought up to date by
// change (EventScoresState, docs/performance.md "Standings that grow with the change"). Before
// each use it reads what changed since its last read (store::SessionStore::ReadScoreDelta: the
// frame's stamp and the changed rows, one snapshot) and scores again only the boards those rows
// belong to, so an answer is never older than the rows read at its request; a change to the
// frame (options, players, sessions, tables, seatings) reloads the event. A report asks for a
// traveller, an analysis and a scorecard per board and player; before this cache each request
// reread and rescored the whole event. Thread-safe; holds at most kCapacity (event, audience)
// pairs, the least recently used dropped first. Not for scores with pending adjustments
// (AddAdjustment's trial scoring loads its own, in full).
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "engine/status.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/event_scores_state.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

class EventScoresCache {
 public:
  static constexpr size_t kCapacity = 8;

  // REQUIRES: store outlives the cache.
  explicit EventScoresCache(ScoringStores store) : store_(store) {}

  // The event's scores for `audience` as stored at the time of the call; errors as
  // LoadEventScores.
  Result<std::shared_ptr<const EventScores>> Get(const std::string& event_id, Audience audience);

  // New scores made so far (for tests): a request answered with the scores of an earlier one
  // does not count.
  uint64_t loads() const;
  // Board parts scored so far over every kept event (for tests and the bench).
  uint64_t parts_computed() const;

 private:
  struct Entry {
    Entry(std::pair<std::string, Audience> k, EventScoresState s)
        : key(std::move(k)), state(std::move(s)) {}
    const std::pair<std::string, Audience> key;
    std::mutex mutex;  // guards state and last
    EventScoresState state;
    std::shared_ptr<const EventScores> last;
    uint64_t used = 0;  // clock_ at the last use
  };

  std::shared_ptr<Entry> EntryOf(const std::string& event_id, Audience audience);

  ScoringStores store_;
  mutable std::mutex mutex_;  // guards the members below
  std::vector<std::shared_ptr<Entry>> entries_;
  uint64_t clock_ = 0;
  uint64_t loads_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_CACHE_H_
