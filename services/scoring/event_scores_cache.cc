#include "services/scoring/event_scores_cache.h"

#include <utility>

namespace skat::service {

std::shared_ptr<EventScoresCache::Entry> EventScoresCache::EntryOf(const std::string& event_id,
                                                                   Audience audience) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::pair<std::string, Audience> key{event_id, audience};
  for (const std::shared_ptr<Entry>& e : entries_) {
    if (e->key == key) {
      e->used = ++clock_;
      return e;
    }
  }
  auto entry = std::make_shared<Entry>(key, EventScoresState(event_id, audience));
  entry->used = ++clock_;
  if (entries_.size() < kCapacity) {
    entries_.push_back(entry);
    return entry;
  }
  std::shared_ptr<Entry>* oldest = &entries_[0];
  for (std::shared_ptr<Entry>& e : entries_) {
    if (e->used < (*oldest)->used) oldest = &e;
  }
  *oldest = entry;  // a reader still holding the old entry finishes with it
  return entry;
}

Result<std::shared_ptr<const EventScores>> EventScoresCache::Get(const std::string& event_id,
                                                                 Audience audience) {
  std::shared_ptr<Entry> entry = EntryOf(event_id, audience);
  std::lock_guard<std::mutex> lock(entry->mutex);
  Result<std::shared_ptr<const EventScores>> scores = entry->state.Refresh(store_);
  if (scores.ok() && *scores != entry->last) {
    entry->last = *scores;
    std::lock_guard<std::mutex> count(mutex_);
    ++loads_;
  }
  return scores;
}

uint64_t EventScoresCache::loads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return loads_;
}

uint64_t EventScoresCache::parts_computed() const {
  std::vector<std::shared_ptr<Entry>> entries;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    entries = entries_;
  }
  uint64_t parts = 0;
  for (const std::shared_ptr<Entry>& e : entries) {
    std::lock_guard<std::mutex> lock(e->mutex);
    parts += e->state.parts_computed();
  }
  return parts;
}

}  // namespace skat::service
