// The RegistryService's persons (registry_service.proto; docs/persons.md "Persons").
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/registry/person_checks.h"
#include "services/registry/registry_service.h"

namespace skat::service {

void ToProto(const store::PersonRecord& person, v1::Person* out) {
  out->set_name(PersonResourceName(person.registry_id, person.id));
  out->set_display_name(person.name);
  out->set_club(person.club);
  out->set_member_number(person.member_number);
  out->set_hidden(person.hidden);
  if (!person.merged_into.empty()) {
    out->set_merged_into(PersonResourceName(person.registry_id, person.merged_into));
  }
  out->mutable_create_time()->set_seconds(person.created_unix);
}

grpc::Status RegistryServiceImpl::CreatePerson(grpc::ServerContext* context,
                                               const v1::CreatePersonRequest* request,
                                               v1::CreatePersonResponse* response) {
  Result<store::RegistryRecord> registry = Managed(*context, request->parent());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  const v1::Person& p = request->person();
  if (Status s = CheckPerson(p.display_name(), p.club(), p.member_number()); !s.ok()) {
    return ToGrpc(s, context);
  }
  Result<std::vector<store::PersonRecord>> twins =
      store_.FindPersons(registry->id, {}, {{p.display_name(), p.club()}});
  if (!twins.ok()) return ToGrpc(twins.status(), context);
  store::PersonRecord person;
  person.registry_id = registry->id;
  person.id = NewId("pe-");
  person.name = p.display_name();
  person.club = p.club();
  person.member_number = p.member_number();
  person.hidden = p.hidden();
  Result<std::vector<store::PersonRecord>> added = store_.AddPersons({person}, "add");
  if (!added.ok()) return ToGrpc(added.status(), context);
  ToProto(added->front(), response->mutable_person());
  for (const store::PersonRecord& twin : *twins) ToProto(twin, response->add_possible_duplicates());
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::GetPerson(grpc::ServerContext* context,
                                            const v1::GetPersonRequest* request,
                                            v1::Person* response) {
  Result<PersonName> name = ParsePersonName(request->name());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::PersonRecord> person = store_.GetPerson(name->registry, name->person);
  if (!person.ok()) return ToGrpc(person.status(), context);
  if (person->hidden) {
    Result<store::RegistryRecord> registry = store_.GetRegistry(name->registry);
    if (!registry.ok()) return ToGrpc(registry.status(), context);
    if (!Manages(*context, *registry)) {  // as if there were none (docs/persons.md "Privacy")
      return ToGrpc(Status::NotFound("person " + request->name() + " not found"), context);
    }
  }
  ToProto(*person, response);
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::ListPersons(grpc::ServerContext* context,
                                              const v1::ListPersonsRequest* request,
                                              v1::ListPersonsResponse* response) {
  Result<std::string> id = ParseRegistryName(request->parent());
  if (!id.ok()) return ToGrpc(id.status(), context);
  Result<store::RegistryRecord> registry = store_.GetRegistry(*id);
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  const bool with_hidden = Manages(*context, *registry);
  // The caller's view is part of the list: a page token of the registry's list does not open
  // the public one and the other way round.
  const std::string list =
      "ListPersons " + request->parent() + (with_hidden ? " with hidden" : " public");
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::PersonRecord>> read = store_.ListPersons(
      *id, page->after ? page->after->numbers[0] : 0, page->size + 1, with_hidden);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::PersonRecord> persons = std::move(read).value();
  response->set_next_page_token(EndPage(list, page->size, persons, [](const auto& p) {
    return PageKey{.numbers = {p.seq}, .text = ""};
  }));
  for (const store::PersonRecord& p : persons) ToProto(p, response->add_persons());
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::UpdatePerson(grpc::ServerContext* context,
                                               const v1::UpdatePersonRequest* request,
                                               v1::Person* response) {
  Result<PersonName> name = ParsePersonName(request->person().name());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::RegistryRecord> registry = Managed(*context, "registries/" + name->registry);
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  if (request->update_mask().empty()) {
    return ToGrpc(Status::InvalidArgument("update_mask names no field (display_name, club, "
                                          "member_number, hidden)"),
                  context);
  }
  Result<store::PersonRecord> read = store_.GetPerson(name->registry, name->person);
  if (!read.ok()) return ToGrpc(read.status(), context);
  store::PersonRecord person = std::move(read).value();
  const v1::Person& p = request->person();
  std::string detail;
  for (const std::string& path : request->update_mask()) {
    if (path == "display_name") {
      person.name = p.display_name();
    } else if (path == "club") {
      person.club = p.club();
    } else if (path == "member_number") {
      person.member_number = p.member_number();
    } else if (path == "hidden") {
      person.hidden = p.hidden();
    } else {
      return ToGrpc(Status::InvalidArgument("update_mask path '" + path.substr(0, 40) +
                                            "' is not display_name, club, member_number or "
                                            "hidden"),
                    context);
    }
    detail += (detail.empty() ? "" : ", ") + path;
  }
  if (Status s = CheckPerson(person.name, person.club, person.member_number); !s.ok()) {
    return ToGrpc(s, context);
  }
  Result<store::PersonRecord> stored = store_.UpdatePerson(person, detail);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::MergePersons(grpc::ServerContext* context,
                                               const v1::MergePersonsRequest* request,
                                               v1::Person* response) {
  Result<PersonName> from = ParsePersonName(request->name());
  if (!from.ok()) return ToGrpc(from.status(), context);
  Result<PersonName> into = ParsePersonName(request->into());
  if (!into.ok()) return ToGrpc(into.status(), context);
  if (from->registry != into->registry) {
    return ToGrpc(Status::InvalidArgument("persons " + request->name() + " and " + request->into() +
                                          " are of two registries"),
                  context);
  }
  if (from->person == into->person) {
    return ToGrpc(
        Status::InvalidArgument("person " + request->name() + " cannot be merged into itself"),
        context);
  }
  Result<store::RegistryRecord> registry = Managed(*context, "registries/" + from->registry);
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  Result<store::PersonRecord> kept =
      store_.MergePersons(from->registry, from->person, into->person);
  if (!kept.ok()) return ToGrpc(kept.status(), context);
  ToProto(*kept, response);
  return grpc::Status::OK;
}

}  // namespace skat::service
