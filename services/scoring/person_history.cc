// ListPersonEvents (scoring_service.proto; docs/persons.md "History"): a person's events, newest
// first, each with the person's scorecard from what everyone may see.
#include <string>
#include <vector>

#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/scoring/scoring_proto.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {
namespace {

constexpr int kDefaultEvents = 10;
constexpr int kMaxEvents = 100;

}  // namespace

grpc::Status ScoringServiceImpl::ListPersonEvents(grpc::ServerContext* context,
                                                  const v1::ListPersonEventsRequest* request,
                                                  v1::ListPersonEventsResponse* response) {
  Result<PersonName> name = ParsePersonName(request->parent());
  if (!name.ok()) return ToGrpc(name.status(), context);
  const std::string list = "ListPersonEvents " + request->parent();
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 0);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const int size = request->page_size() == 0 ? kDefaultEvents : std::min(page->size, kMaxEvents);
  Result<store::PersonRecord> person = store_.registries.GetPerson(name->registry, name->person);
  if (!person.ok()) return ToGrpc(person.status(), context);
  if (person->hidden) {  // as if there were none (docs/persons.md "Privacy")
    return ToGrpc(Status::NotFound("person " + request->parent() + " not found"), context);
  }
  Result<std::vector<store::RegistryStore::PersonEvent>> read = store_.registries.ListPersonEvents(
      name->registry, name->person, page->after ? page->after->text : "", size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::RegistryStore::PersonEvent> events = std::move(read).value();
  response->set_next_page_token(EndPage(list, size, events, [](const auto& e) {
    return PageKey{.numbers = {}, .text = e.event.id};
  }));
  for (const store::RegistryStore::PersonEvent& e : events) {
    Result<std::shared_ptr<const EventScores>> scores = scores_.Get(e.event.id, Audience::kPublic);
    if (!scores.ok()) return ToGrpc(scores.status(), context);
    v1::PersonEvent* out = response->add_events();
    out->set_event(EventName(e.event.id));
    out->set_display_name(e.event.name);
    out->mutable_create_time()->set_seconds(e.event.created_unix);
    out->set_profile(e.event.profile);
    out->set_rated(e.event.rated);
    v1::Scorecard* card = out->mutable_scorecard();
    card->set_name(ChildResourceName(e.event.id, "players", e.player_id) + "/scorecard");
    if (Status s = ScorecardProto(**scores, e.player_id, card); !s.ok()) return ToGrpc(s, context);
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
