#include "services/scoring/ratings_cache.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>
#include <utility>

#include "services/common/page.h"

namespace skat::service {

int UtcYear(int64_t unix_seconds) {
  const std::time_t when = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&when, &tm);
  return tm.tm_year + 1900;
}

namespace {

int ThisYear() {
  return UtcYear(std::chrono::duration_cast<std::chrono::seconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count());
}

// Every unmerged person of the registry by id, hidden ones included.
Result<std::map<std::string, store::PersonRecord>> Persons(store::RegistryStore& store,
                                                           const std::string& registry_id) {
  std::map<std::string, store::PersonRecord> out;
  int64_t after = 0;
  for (;;) {
    Result<std::vector<store::PersonRecord>> page =
        store.ListPersons(registry_id, after, kMaxPageSize, /*with_hidden=*/true);
    if (!page.ok()) return page.status();
    for (const store::PersonRecord& p : *page) out[p.id] = p;
    if (page->size() < static_cast<size_t>(kMaxPageSize)) return out;
    after = page->back().seq;
  }
}

// The person a linked player counts for: the person, or the one it was merged into (read on
// demand; merged persons are not listed).
std::string KeptPerson(store::RegistryStore& store, const std::string& registry_id, std::string id,
                       std::map<std::string, store::PersonRecord>& persons) {
  for (int hops = 0; hops < 16 && !id.empty(); ++hops) {
    auto it = persons.find(id);
    if (it == persons.end()) {
      Result<store::PersonRecord> read = store.GetPerson(registry_id, id);
      if (!read.ok()) return "";
      it = persons.emplace(id, *read).first;
    }
    if (it->second.merged_into.empty()) return id;
    id = it->second.merged_into;
  }
  return "";
}

// One rated event as the rating reads it (docs/ratings.md "Ratings of a registry"): the overall
// matchpoint percentage of each linked player; P·H is the sum of the boards each player played,
// a player's part their boards times the event's mean field (P·H / the most boards anyone played).
// Every linked player's person is read, those without boards too (for the standings' ratings).
rating::RatedEvent Rated(const EventScores& scores, store::RegistryStore& store,
                         std::map<std::string, store::PersonRecord>& persons) {
  rating::RatedEvent e{"events/" + scores.event.id, UtcYear(scores.event.created_unix), 0, {}};
  long long most = 0;
  for (const scoring::Standing& s : scores.overall) {
    e.player_hands += s.boards;
    most = std::max<long long>(most, s.boards);
  }
  std::set<std::string> seen;
  for (const scoring::Standing& s : scores.overall) {
    auto player = scores.player_by_id.find(s.player);
    if (player == scores.player_by_id.end() || player->second->person_id.empty()) continue;
    const std::string person =
        KeptPerson(store, scores.event.registry_id, player->second->person_id, persons);
    if (s.boards == 0 || s.top.ToDouble() <= 0) continue;
    if (person.empty() || !seen.insert(person).second) continue;  // one line per person
    e.results.push_back({person, std::clamp(s.ratio.ToDouble(), 0.0, 1.0),
                         std::max<long long>(1, s.boards * e.player_hands / most)});
  }
  return e;
}

// Fills out.steps_before and out.steps_of from out.ratings for the rated `events` in order.
// The steps before event k are a prefix of the steps: the events before it and the New Year's
// Eves of the years before its year (Replay applies them in that order).
void IndexSteps(const std::vector<store::EventRecord>& events, RegistryRatings& out) {
  std::map<std::string, size_t> index;
  for (size_t k = 0; k < events.size(); ++k) index["events/" + events[k].id] = k;
  const std::vector<rating::RatingStep>& steps = out.ratings.steps;
  size_t at = 0;
  for (size_t k = 0; k < events.size(); ++k) {
    const int year = UtcYear(events[k].created_unix);
    for (; at < steps.size(); ++at) {
      const rating::RatingStep& step = steps[at];
      auto event = index.find(step.event);
      const bool before =
          step.event.empty() ? step.year < year : event != index.end() && event->second < k;
      if (!before) break;
    }
    out.steps_before[events[k].id] = at;
  }
  for (size_t i = 0; i < steps.size(); ++i) out.steps_of[steps[i].person].push_back(i);
}

}  // namespace

std::string RegistryRatings::Kept(const std::string& person_id) const {
  std::string id = person_id;
  for (int hops = 0; hops < 16 && !id.empty(); ++hops) {
    auto it = persons.find(id);
    if (it == persons.end()) return "";
    if (it->second.merged_into.empty()) return id;
    id = it->second.merged_into;
  }
  return "";
}

std::optional<double> RegistryRatings::Entering(const std::string& event_id,
                                                const std::string& person) const {
  auto before = steps_before.find(event_id);
  if (before == steps_before.end()) return std::nullopt;
  auto steps = steps_of.find(person);
  if (steps == steps_of.end()) return rating::kStartRating;
  auto after = std::lower_bound(steps->second.begin(), steps->second.end(), before->second);
  if (after == steps->second.begin()) return rating::kStartRating;
  return ratings.steps[*std::prev(after)].after;
}

Result<RegistryRatings> RatingsCache::Load(const std::string& registry_id,
                                           const std::vector<store::EventRecord>& events,
                                           int year) {
  RegistryRatings out;
  out.year = year;
  Result<std::map<std::string, store::PersonRecord>> persons =
      Persons(store_.registries, registry_id);
  if (!persons.ok()) return persons.status();
  out.persons = std::move(persons).value();
  std::vector<rating::RatedEvent> rated;
  for (const store::EventRecord& event : events) {
    // The rating is a matchpoint percentage: events compared by datum or total are left out.
    if (event.comparison != "matchpoints" && event.comparison != "session-total") continue;
    // Through the cache every read of the scores shares (event_scores_cache.h).
    Result<std::shared_ptr<const EventScores>> scores = scores_.Get(event.id, Audience::kPublic);
    if (!scores.ok()) return scores.status();
    rated.push_back(Rated(**scores, store_.registries, out.persons));
  }
  Result<rating::Ratings> replayed = rating::Replay(rated, year);
  if (!replayed.ok()) return replayed.status();
  out.ratings = std::move(replayed).value();
  IndexSteps(events, out);
  return out;
}

Result<std::shared_ptr<const RegistryRatings>> RatingsCache::Get(const std::string& registry_id) {
  // The stamps first: rows written after them make the next stamps differ, never a stale hit.
  Result<std::string> persons = store_.registries.PersonsStamp(registry_id);
  if (!persons.ok()) return persons.status();
  Result<std::vector<store::EventRecord>> events = store_.registries.ListRatedEvents(registry_id);
  if (!events.ok()) return events.status();
  std::vector<std::string> ids;
  for (const store::EventRecord& e : *events) ids.push_back(e.id);
  std::map<std::string, std::string> stamps;
  if (!ids.empty()) {
    Result<std::map<std::string, std::string>> read = store_.sessions.EventStamps(ids);
    if (!read.ok()) return read.status();
    stamps = std::move(read).value();
  }
  std::string stamp = *persons;
  for (const std::string& id : ids) stamp += " " + id + "=" + stamps[id];
  const int year = ThisYear();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& e : entries_) {
      if (e.registry_id == registry_id && e.year == year && e.stamp == stamp) {
        e.used = ++clock_;
        return e.ratings;
      }
    }
  }
  Result<RegistryRatings> loaded = Load(registry_id, *events, year);
  if (!loaded.ok()) return loaded.status();
  auto ratings = std::make_shared<const RegistryRatings>(std::move(loaded).value());
  std::lock_guard<std::mutex> lock(mutex_);
  ++loads_;
  Entry* slot = nullptr;
  for (Entry& e : entries_) {
    if (e.registry_id == registry_id) slot = &e;
  }
  if (slot == nullptr && entries_.size() < kCapacity) slot = &entries_.emplace_back();
  if (slot == nullptr) {
    slot = &entries_[0];
    for (Entry& e : entries_) {
      if (e.used < slot->used) slot = &e;
    }
  }
  *slot = Entry{registry_id, year, std::move(stamp), ratings, ++clock_};
  return ratings;
}

uint64_t RatingsCache::loads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return loads_;
}

}  // namespace skat::service
