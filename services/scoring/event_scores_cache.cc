#include "services/scoring/event_scores_cache.h"

#include <utility>

namespace skat::service {

Result<std::shared_ptr<const EventScores>> EventScoresCache::Get(const std::string& event_id,
                                                                 Audience audience) {
  // The stamp first: rows written after it make the next stamp differ, never a stale hit.
  Result<std::string> stamp = store_.sessions.EventStamp(event_id);
  if (!stamp.ok()) return stamp.status();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& e : entries_) {
      if (e.event_id == event_id && e.audience == audience && e.stamp == *stamp) {
        e.used = ++clock_;
        return e.scores;
      }
    }
  }
  Result<EventScores> loaded = LoadEventScores(store_, event_id, audience);
  if (!loaded.ok()) return loaded.status();
  // Moved, not copied: player_by_id points into the players vector.
  auto scores = std::make_shared<const EventScores>(std::move(loaded).value());
  std::lock_guard<std::mutex> lock(mutex_);
  ++loads_;
  Entry* slot = nullptr;
  for (Entry& e : entries_) {
    if (e.event_id == event_id && e.audience == audience) slot = &e;
  }
  if (slot == nullptr && entries_.size() < kCapacity) slot = &entries_.emplace_back();
  if (slot == nullptr) {
    slot = &entries_[0];
    for (Entry& e : entries_) {
      if (e.used < slot->used) slot = &e;
    }
  }
  *slot = Entry{event_id, audience, std::move(stamp).value(), scores, ++clock_};
  return scores;
}

uint64_t EventScoresCache::loads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return loads_;
}

}  // namespace skat::service
