// RatingsCache: the BSA ratings of a registry (docs/ratings.md "Ratings of a registry"), replayed
// from its rated events and reused while nothing they were read from changed. Before each use it
// reads, in three cheap queries, the registry's rated events (RegistryStore::ListRatedEvents),
// their stamps (SessionStore::EventStamps: results, adjustments, player links, ...) and the
// stamp of its persons (RegistryStore::PersonsStamp: added, renamed, hidden, merged); it replays
// again when any of them differs or the year changed (New Year's Eves are applied up to the
// current year). The persons are kept with the replay, not read on each use: their stamp covers
// every row of them, so a new person, a merge or a hidden flag is never served stale. Before this
// cache every ListRatings call reread and rescored every rated event of the registry.
// Thread-safe; holds at most kCapacity registries, the least recently used dropped first.
#ifndef SKAT_SERVICES_SCORING_RATINGS_CACHE_H_
#define SKAT_SERVICES_SCORING_RATINGS_CACHE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/rating/bsa_rating.h"
#include "engine/status.h"
#include "services/scoring/event_scores_cache.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

// The calendar year (UTC) of a time in seconds since 1970: the year a rating step or a person's
// total counts in (docs/ratings.md, docs/persons.md "Totals").
int UtcYear(int64_t unix_seconds);

// One replay of a registry's ratings.
struct RegistryRatings {
  int year = 0;  // New Year's Eves applied before this year (the year of the replay)
  // The registry's unmerged persons (hidden ones included) and the merged persons a linked
  // player of a rated event names, by id.
  std::map<std::string, store::PersonRecord> persons;
  rating::Ratings ratings;  // steps' events are "events/{id}"
  // Per rated event (by id): how many of ratings.steps come before it (its own steps come after
  // them, and so do the New Year's Eves of its year and later).
  std::map<std::string, size_t> steps_before;
  // Per person: the indices of its steps in ratings.steps, ascending.
  std::map<std::string, std::vector<size_t>> steps_of;

  // The person `person_id` counts as: itself, or the one it was merged into; "" when unknown.
  std::string Kept(const std::string& person_id) const;
  // The rating of `person` (a kept person) entering rated event `event_id`: after every step
  // before the event's own (docs/ratings.md "Beside the names"), rating::kStartRating for a
  // person without one; nullopt for an event this replay did not rate.
  std::optional<double> Entering(const std::string& event_id, const std::string& person) const;
};

class RatingsCache {
 public:
  static constexpr size_t kCapacity = 4;

  // REQUIRES: store and scores outlive the cache.
  RatingsCache(ScoringStores store, EventScoresCache& scores) : store_(store), scores_(scores) {}

  // The registry's ratings as stored at the time of the call, New Year's Eves applied up to the
  // current year. kNotFound for no such registry; store errors; kInvalidArgument from
  // rating::Replay.
  Result<std::shared_ptr<const RegistryRatings>> Get(const std::string& registry_id);

  // Replays so far (for tests): a call answered from the cache does not count.
  uint64_t loads() const;

 private:
  struct Entry {
    std::string registry_id;
    int year = 0;
    std::string stamp;
    std::shared_ptr<const RegistryRatings> ratings;
    uint64_t used = 0;  // clock_ at the last use
  };

  // Replays the registry's rated `events` (oldest first) through year `year`.
  Result<RegistryRatings> Load(const std::string& registry_id,
                               const std::vector<store::EventRecord>& events, int year);

  ScoringStores store_;
  EventScoresCache& scores_;
  mutable std::mutex mutex_;  // guards the members below
  std::vector<Entry> entries_;
  uint64_t clock_ = 0;
  uint64_t loads_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_RATINGS_CACHE_H_
