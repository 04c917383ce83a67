// ImportPersons (registry_service.proto; docs/persons.md "Importing a member list"): every row is
// checked, the rows without a refusal are added in one transaction, a refused row writes nothing.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/registry/person_checks.h"
#include "services/registry/registry_service.h"

namespace skat::service {
namespace {

using Row = v1::ImportPersonsRequest::Row;

void Refuse(v1::ImportPersonsResponse* response, int line, const std::string& reason) {
  v1::ImportPersonsResponse::Refusal* r = response->add_refused();
  r->set_line(line);
  r->set_reason(reason);
}

// The rows that pass CheckPerson and use no member number twice (the first use wins); the rest
// are refused in `response`.
std::vector<const Row*> CheckedRows(const v1::ImportPersonsRequest& request,
                                    v1::ImportPersonsResponse* response) {
  std::vector<const Row*> rows;
  std::map<std::string, int> number_line;
  for (const Row& row : request.rows()) {
    if (Status s = CheckPerson(row.display_name(), row.club(), row.member_number()); !s.ok()) {
      Refuse(response, row.line(), s.message());
      continue;
    }
    if (!row.member_number().empty()) {
      auto [at, added] = number_line.try_emplace(row.member_number(), row.line());
      if (!added) {
        Refuse(response, row.line(),
               "member number " + row.member_number() + " is also on line " +
                   std::to_string(at->second));
        continue;
      }
    }
    rows.push_back(&row);
  }
  return rows;
}

}  // namespace

grpc::Status RegistryServiceImpl::ImportPersons(grpc::ServerContext* context,
                                                const v1::ImportPersonsRequest* request,
                                                v1::ImportPersonsResponse* response) {
  Result<store::RegistryRecord> registry = Managed(*context, request->parent());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  if (request->rows().empty() || request->rows_size() > kMaxImportRows) {
    return ToGrpc(Status::InvalidArgument("an import holds 1 to " + std::to_string(kMaxImportRows) +
                                          " rows, not " + std::to_string(request->rows_size())),
                  context);
  }
  const std::vector<const Row*> rows = CheckedRows(*request, response);
  std::vector<std::string> numbers;
  std::vector<std::pair<std::string, std::string>> names;
  for (const Row* row : rows) {
    if (!row->member_number().empty()) numbers.push_back(row->member_number());
    names.emplace_back(row->display_name(), row->club());
  }
  Result<std::vector<store::PersonRecord>> known = store_.FindPersons(registry->id, numbers, names);
  if (!known.ok()) return ToGrpc(known.status(), context);
  std::map<std::string, const store::PersonRecord*> by_number;
  std::map<std::pair<std::string, std::string>, store::PersonRecord> by_name;
  for (const store::PersonRecord& p : *known) {
    if (!p.member_number.empty()) by_number[p.member_number] = &p;
    by_name.try_emplace({Folded(p.name), p.club}, p);
  }
  std::vector<store::PersonRecord> adding;
  std::vector<int> lines;
  for (const Row* row : rows) {
    if (auto it = by_number.find(row->member_number()); it != by_number.end()) {
      Refuse(response, row->line(),
             "member number " + row->member_number() + " is already " +
                 PersonResourceName(registry->id, it->second->id) + " (" + it->second->name + ")");
      continue;
    }
    store::PersonRecord person;
    person.registry_id = registry->id;
    person.id = NewId("pe-");
    person.name = row->display_name();
    person.club = row->club();
    person.member_number = row->member_number();
    auto [twin, first] = by_name.try_emplace({Folded(person.name), person.club}, person);
    if (!first) {
      v1::ImportPersonsResponse::Duplicate* d = response->add_possible_duplicates();
      d->set_line(row->line());
      ToProto(twin->second, d->mutable_existing());
    }
    adding.push_back(std::move(person));
    lines.push_back(row->line());
  }
  if (adding.empty()) return grpc::Status::OK;
  Result<std::vector<store::PersonRecord>> added = store_.AddPersons(adding, "import");
  if (!added.ok()) return ToGrpc(added.status(), context);
  for (const store::PersonRecord& p : *added) ToProto(p, response->add_added());
  return grpc::Status::OK;
}

}  // namespace skat::service
