// The person an event's player is (docs/persons.md "Players and persons"): the director names a
// person of the event's registry, by resource name or member number, when adding the player.
#include <string>

#include "services/common/names.h"
#include "services/event/event_service.h"

namespace skat::service {

Result<std::string> EventServiceImpl::LinkedPerson(const store::EventRecord& event,
                                                   const v1::AddPlayerRequest& request) {
  if (request.person().empty() && request.member_number().empty()) return std::string();
  if (!request.person().empty() && !request.member_number().empty()) {
    return Status::InvalidArgument("give person or member_number, not both");
  }
  if (event.registry_id.empty()) {
    return Status::NotAllowed("event " + event.id +
                              " has no registry: its players cannot be linked to persons "
                              "(skat events create --registry; docs/persons.md)");
  }
  store::PersonRecord person;
  if (!request.person().empty()) {
    Result<PersonName> name = ParsePersonName(request.person());
    if (!name.ok()) return name.status();
    if (name->registry != event.registry_id) {
      return Status::InvalidArgument("person " + request.person() +
                                     " is not of the event's registry registries/" +
                                     event.registry_id);
    }
    Result<store::PersonRecord> found = store_.registries.GetPerson(name->registry, name->person);
    if (!found.ok()) return found.status();
    person = std::move(found).value();
  } else {
    Result<std::vector<store::PersonRecord>> found =
        store_.registries.FindPersons(event.registry_id, {request.member_number()}, {});
    if (!found.ok()) return found.status();
    for (const store::PersonRecord& p : *found) {
      if (p.member_number == request.member_number()) person = p;
    }
    if (person.id.empty()) {
      return Status::NotFound("no person of registries/" + event.registry_id +
                              " has member number " + request.member_number().substr(0, 50));
    }
  }
  if (!person.merged_into.empty()) {
    return Status::NotAllowed(
        "person " + PersonResourceName(person.registry_id, person.id) + " was merged into " +
        PersonResourceName(person.registry_id, person.merged_into) + ": link that one");
  }
  return person.id;
}

}  // namespace skat::service
