// ListRatings (scoring_service.proto; docs/ratings.md "Ratings of a registry"): the BSA rating of
// every person of a registry, replayed from the registry's rated events (engine/rating).
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/rating/bsa_rating.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/scoring/ratings_cache.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {

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
  // Through the cache of replays (ratings_cache.h): replayed again only after a change.
  Result<std::shared_ptr<const RegistryRatings>> replayed = ratings_.Get(*registry);
  if (!replayed.ok()) return ToGrpc(replayed.status(), context);
  const std::map<std::string, store::PersonRecord>& persons = (*replayed)->persons;
  // One Rating per person, its steps in the order applied (one pass over the steps).
  std::map<std::string, v1::Rating> by_person;
  for (const auto& [id, value] : (*replayed)->ratings.current) {
    const store::PersonRecord& p = persons.at(id);
    if (p.hidden) continue;
    v1::Rating& r = by_person[id];
    r.set_person(PersonResourceName(p.registry_id, p.id));
    r.set_display_name(p.name);
    r.set_rating(value);
  }
  for (const rating::RatingStep& step : (*replayed)->ratings.steps) {
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
  // Keyed by place: the list is built from the replay current at each call.
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
