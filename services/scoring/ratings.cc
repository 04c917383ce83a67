// ListRatings (scoring_service.proto; docs/ratings.md "Ratings of a registry"): the BSA rating of
// every person of a registry, replayed from the registry's rated events (engine/rating).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/rating/bsa_rating.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {
namespace {

int YearOf(int64_t unix_seconds) {
  const std::time_t when = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&when, &tm);
  return tm.tm_year + 1900;
}

// Every person of the registry by id, merged ones included (to follow merged_into).
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
rating::RatedEvent Rated(const EventScores& scores, store::RegistryStore& store,
                         std::map<std::string, store::PersonRecord>& persons) {
  rating::RatedEvent e{"events/" + scores.event.id, YearOf(scores.event.created_unix), 0, {}};
  long long most = 0;
  for (const scoring::Standing& s : scores.overall) {
    e.player_hands += s.boards;
    most = std::max<long long>(most, s.boards);
  }
  std::set<std::string> seen;
  for (const scoring::Standing& s : scores.overall) {
    auto player = scores.player_by_id.find(s.player);
    if (player == scores.player_by_id.end() || player->second->person_id.empty()) continue;
    if (s.boards == 0 || s.top.ToDouble() <= 0) continue;
    const std::string person =
        KeptPerson(store, scores.event.registry_id, player->second->person_id, persons);
    if (person.empty() || !seen.insert(person).second) continue;  // one line per person
    e.results.push_back({person, std::clamp(s.ratio.ToDouble(), 0.0, 1.0),
                         std::max<long long>(1, s.boards * e.player_hands / most)});
  }
  return e;
}

}  // namespace

grpc::Status ScoringServiceImpl::ListRatings(grpc::ServerContext* context,
                                             const v1::ListRatingsRequest* request,
                                             v1::ListRatingsResponse* response) {
  Result<std::string> registry = ParseRegistryName(request->parent());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  const std::string list = "ListRatings " + request->parent();
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  if (Result<store::RegistryRecord> r = store_.registries.GetRegistry(*registry); !r.ok()) {
    return ToGrpc(r.status(), context);
  }
  Result<std::map<std::string, store::PersonRecord>> listed = Persons(store_.registries, *registry);
  if (!listed.ok()) return ToGrpc(listed.status(), context);
  std::map<std::string, store::PersonRecord> persons = std::move(listed).value();
  Result<std::vector<store::EventRecord>> events = store_.registries.ListRatedEvents(*registry);
  if (!events.ok()) return ToGrpc(events.status(), context);
  std::vector<rating::RatedEvent> rated;
  for (const store::EventRecord& event : *events) {
    // The rating is a matchpoint percentage: events compared by datum or total are left out.
    if (event.comparison != "matchpoints" && event.comparison != "session-total") continue;
    // Through the cache every read of the scores shares (event_scores_cache.h).
    Result<std::shared_ptr<const EventScores>> scores = scores_.Get(event.id, Audience::kPublic);
    if (!scores.ok()) return ToGrpc(scores.status(), context);
    rated.push_back(Rated(**scores, store_.registries, persons));
  }
  const int this_year = YearOf(std::chrono::duration_cast<std::chrono::seconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
  Result<rating::Ratings> replayed = rating::Replay(rated, this_year);
  if (!replayed.ok()) return ToGrpc(replayed.status(), context);
  // One Rating per person, its steps in the order applied (one pass over the steps).
  std::map<std::string, v1::Rating> by_person;
  for (const auto& [id, value] : replayed->current) {
    const store::PersonRecord& p = persons.at(id);
    if (p.hidden) continue;
    v1::Rating& r = by_person[id];
    r.set_person(PersonResourceName(p.registry_id, p.id));
    r.set_display_name(p.name);
    r.set_rating(value);
  }
  for (const rating::RatingStep& step : replayed->steps) {
    auto it = by_person.find(step.person);
    if (it == by_person.end()) continue;
    v1::Rating& r = it->second;
    v1::RatingStep* s = r.add_steps();
    s->set_event(step.event);
    s->set_year(step.year);
    s->set_weight(step.weight);
    s->set_score(step.score);
    s->set_before(step.before);
    s->set_after(step.after);
    if (!step.event.empty()) r.set_events(r.events() + 1);
  }
  std::vector<v1::Rating> out;
  for (auto& [id, r] : by_person) out.push_back(std::move(r));
  std::sort(out.begin(), out.end(), [](const v1::Rating& a, const v1::Rating& b) {
    return a.rating() != b.rating() ? a.rating() > b.rating() : a.person() < b.person();
  });
  // Keyed by place: the list is computed afresh on each call.
  const size_t from = page->after ? static_cast<size_t>(page->after->numbers[0]) : 0;
  for (size_t i = from; i < out.size() && i < from + page->size; ++i) {
    *response->add_ratings() = out[i];
  }
  if (from + page->size < out.size()) {
    response->set_next_page_token(
        PageToken(list, PageKey{.numbers = {static_cast<int64_t>(from + page->size)}, .text = ""}));
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
