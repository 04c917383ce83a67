// skat persons: add, list, show, update, merge and import through skatd's RegistryService
// (docs/persons.md "Persons").
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/persons/person_boards.h"
#include "services/cli/persons/person_history.h"
#include "services/cli/persons/persons_import.h"
#include "skat/v1/registry_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct PersonsOptions {
  ServerOptions server;
  std::string registry, person, into, name, club, member_number, file, csv;
  bool hidden = false, shown = false;
  PersonBoardsOptions boards;
};

void Print(const v1::Person& p) {
  std::cout << p.name() << "  " << p.display_name();
  if (!p.club().empty()) std::cout << "  (" << p.club() << ")";
  if (!p.member_number().empty()) std::cout << "  #" << p.member_number();
  if (p.hidden()) std::cout << "  [" << Tr("hidden") << "]";
  if (!p.merged_into().empty()) std::cout << "  " << Tr("merged into {0}", p.merged_into());
  std::cout << "\n";
}

int Add(const PersonsOptions& o, v1::RegistryService::Stub& stub) {
  v1::CreatePersonRequest request;
  request.set_parent(o.registry);
  request.mutable_person()->set_display_name(o.name);
  request.mutable_person()->set_club(o.club);
  request.mutable_person()->set_member_number(o.member_number);
  v1::CreatePersonResponse response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.CreatePerson(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("persons add", s, *context, o.server);
  Print(response.person());
  for (const v1::Person& twin : response.possible_duplicates()) {
    std::cout << Tr("possible duplicate of ");
    Print(twin);
  }
  if (!response.possible_duplicates().empty()) {
    std::cout << Tr("(if they are one person: skat persons merge {0} --into <the other>)",
                    response.person().name())
              << "\n";
  }
  return 0;
}

int List(const PersonsOptions& o, v1::RegistryService::Stub& stub) {
  v1::ListPersonsRequest request;
  request.set_parent(o.registry);
  v1::ListPersonsResponse all;
  if (int failed = ListAllPages(
          o.server, "persons list", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub.ListPersons(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  for (const v1::Person& p : all.persons()) Print(p);
  if (all.persons().empty())
    std::cout << Tr("no persons yet (skat persons add, skat persons import)") << "\n";
  return 0;
}

int Show(const PersonsOptions& o, v1::RegistryService::Stub& stub) {
  v1::GetPersonRequest request;
  request.set_name(o.person);
  v1::Person response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.GetPerson(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("persons show", s, *context, o.server);
  Print(response);
  return 0;
}

// Only the options given are changed (the update mask names them).
int Update(const PersonsOptions& o, const CLI::App& verb, v1::RegistryService::Stub& stub) {
  v1::UpdatePersonRequest request;
  v1::Person* p = request.mutable_person();
  p->set_name(o.person);
  if (verb.count("--name") > 0)
    p->set_display_name(o.name), request.add_update_mask("display_name");
  if (verb.count("--club") > 0) p->set_club(o.club), request.add_update_mask("club");
  if (verb.count("--member-number") > 0) {
    p->set_member_number(o.member_number);
    request.add_update_mask("member_number");
  }
  if (o.hidden || o.shown) p->set_hidden(o.hidden), request.add_update_mask("hidden");
  v1::Person response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.UpdatePerson(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("persons update", s, *context, o.server);
  Print(response);
  return 0;
}

int Merge(const PersonsOptions& o, v1::RegistryService::Stub& stub) {
  v1::MergePersonsRequest request;
  request.set_name(o.person);
  request.set_into(o.into);
  v1::Person response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.MergePersons(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("persons merge", s, *context, o.server);
  std::cout << Tr("{0} merged into ", o.person);
  Print(response);
  return 0;
}

struct Verbs {
  CLI::App *add, *list, *show, *update, *merge, *import, *history, *boards;
};

Verbs AddVerbs(CLI::App& sub, PersonsOptions& o) {
  Verbs v{};
  v.add = sub.add_subcommand("add", Tr("Add a person (registry); reports possible duplicates."));
  v.add->add_option("registry", o.registry, "registries/{registry}")->required();
  v.add->add_option("--name", o.name, Tr("display name, 1 to 200 bytes"))->required();
  v.list = sub.add_subcommand("list",
                              Tr("List the persons (hidden ones only with the registry token)."));
  v.list->add_option("registry", o.registry, "registries/{registry}")->required();
  v.import = sub.add_subcommand(
      "import", Tr("Import a member list from CSV (registry): columns name, club, member_number."));
  v.import->add_option("registry", o.registry, "registries/{registry}")->required();
  v.import->add_option("--file", o.file, Tr("the CSV file, with a header line"))->required();
  v.show = sub.add_subcommand("show", Tr("Show a person."));
  v.update =
      sub.add_subcommand("update", Tr("Change a person's fields (registry): only those given."));
  v.update->add_option("--name", o.name, Tr("display name, 1 to 200 bytes"));
  v.update->add_flag("--hidden", o.hidden, Tr("leave the person out of public lists"));
  v.update->add_flag("--shown", o.shown, Tr("list the person publicly again"))
      ->excludes("--hidden");
  v.merge = sub.add_subcommand("merge", Tr("Merge a person into another (registry); logged."));
  v.merge->add_option("--into", o.into, Tr("the person kept: registries/{r}/persons/{p}"))
      ->required();
  v.history = sub.add_subcommand(
      "history", Tr("A person's events and boards, newest first, with totals by year (no token)."));
  v.history->add_option("--csv", o.csv, Tr("also write every board to this CSV file"));
  v.boards = sub.add_subcommand(
      "boards", Tr("A person's boards, newest first, with filters, par and traveller (no token)."));
  AddPersonBoardsOptions(*v.boards, o.boards);
  for (CLI::App* verb : {v.show, v.update, v.merge, v.history, v.boards}) {
    verb->add_option("person", o.person, "registries/{registry}/persons/{person}")->required();
  }
  for (CLI::App* verb : {v.add, v.update}) {
    verb->add_option("--club", o.club, Tr("club, up to 200 bytes"));
    verb->add_option("--member-number", o.member_number,
                     Tr("federation member number (e.g. the DSkV player pass), unique in the "
                        "registry, up to 50 bytes"));
  }
  for (CLI::App* verb : {v.add, v.list, v.show, v.update, v.merge, v.import, v.history, v.boards}) {
    AddServerOptions(*verb, o.server, kRegistryToken);
  }
  return v;
}

}  // namespace

Runner AddPersonsCommand(CLI::App& app) {
  auto o = std::make_shared<PersonsOptions>();
  CLI::App* sub = app.add_subcommand(
      "persons", Tr("Persons of a registry, across events (docs/persons.md; through skatd)."));
  sub->require_subcommand(1);
  const Verbs v = AddVerbs(*sub, *o);
  return [o, v]() {
    auto stub = v1::RegistryService::NewStub(Connect(o->server));
    if (v.add->parsed()) return Add(*o, *stub);
    if (v.list->parsed()) return List(*o, *stub);
    if (v.show->parsed()) return Show(*o, *stub);
    if (v.update->parsed()) return Update(*o, *v.update, *stub);
    if (v.merge->parsed()) return Merge(*o, *stub);
    if (v.history->parsed()) return PersonHistory(o->server, o->person, o->csv);
    if (v.boards->parsed()) return PersonBoards(o->server, o->person, o->boards);
    return ImportPersonsFile(o->server, o->registry, o->file, *stub);
  };
}

}  // namespace skat::cli
