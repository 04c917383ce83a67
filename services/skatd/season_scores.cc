#include "services/skatd/season_scores.h"

#include <utility>

#include "services/scoring/event_scores.h"

namespace skat::service {
namespace {

std::shared_ptr<const SeasonEventScores> Convert(EventScores from) {
  auto out = std::make_shared<SeasonEventScores>();
  out->event = std::move(from.event);
  out->clubs = std::move(from.clubs);
  out->players = std::move(from.players);
  out->options = std::move(from.options);
  for (SessionScores& s : from.sessions) {
    out->sessions.push_back({.session = std::move(s.session),
                             .results = std::move(s.results),
                             .sheet = std::move(s.sheet)});
  }
  out->overall = std::move(from.overall);
  return out;
}

}  // namespace

Result<std::shared_ptr<const SeasonEventScores>> SeasonScoresCache::Get(
    const std::string& event_id) {
  // The stamp first: rows written after it make the next stamp differ, never a stale hit.
  Result<std::string> stamp = store_.EventStamp(event_id);
  if (!stamp.ok()) return stamp.status();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& e : entries_) {
      if (e.event_id == event_id && e.stamp == *stamp) {
        e.used = ++clock_;
        return e.scores;
      }
    }
  }
  Result<EventScores> loaded = LoadEventScores(store_, event_id, Audience::kPublic);
  if (!loaded.ok()) return loaded.status();
  std::shared_ptr<const SeasonEventScores> scores = Convert(std::move(loaded).value());
  std::lock_guard<std::mutex> lock(mutex_);
  ++loads_;
  Entry* slot = nullptr;
  for (Entry& e : entries_) {
    if (e.event_id == event_id) slot = &e;
  }
  if (slot == nullptr && entries_.size() < kCapacity) slot = &entries_.emplace_back();
  if (slot == nullptr) {
    slot = &entries_[0];
    for (Entry& e : entries_) {
      if (e.used < slot->used) slot = &e;
    }
  }
  *slot = Entry{event_id, std::move(stamp).value(), scores, ++clock_};
  return scores;
}

uint64_t SeasonScoresCache::loads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return loads_;
}

EventScoresSource SeasonScoresFrom(std::shared_ptr<SeasonScoresCache> cache) {
  return [cache = std::move(cache)](const std::string& event_id) { return cache->Get(event_id); };
}

EventScoresSource SeasonScoresFromStore(store::Store& store) {
  return SeasonScoresFrom(std::make_shared<SeasonScoresCache>(store));
}

}  // namespace skat::service
