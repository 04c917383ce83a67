// skat registries: create, show, rotate-token and log through skatd's RegistryService
// (docs/persons.md "Registries").
#include <iostream>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "skat/v1/registry_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct RegistriesOptions {
  ServerOptions server;
  std::string name, registry, event;
  bool not_rated = false;
};

int Create(const RegistriesOptions& o, v1::RegistryService::Stub& stub) {
  v1::CreateRegistryRequest request;
  request.set_display_name(o.name);
  v1::CreateRegistryResponse response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.CreateRegistry(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("registries create", s, *context, o.server);
  std::cout << response.registry().name() << "  " << response.registry().display_name() << "\n"
            << Tr("registry token: {0}", response.registry_token()) << "\n"
            << Tr("(shown once; keep it: export SKAT_REGISTRY_TOKEN={0})",
                  response.registry_token())
            << "\n";
  return 0;
}

int Show(const RegistriesOptions& o, v1::RegistryService::Stub& stub) {
  v1::GetRegistryRequest request;
  request.set_name(o.registry);
  v1::Registry response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.GetRegistry(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("registries show", s, *context, o.server);
  std::cout << response.name() << "  " << response.display_name() << "\n";
  return 0;
}

int Rotate(const RegistriesOptions& o, v1::RegistryService::Stub& stub) {
  v1::RotateRegistryTokenRequest request;
  request.set_name(o.registry);
  v1::RotateRegistryTokenResponse response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.RotateRegistryToken(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("registries rotate-token", s, *context, o.server);
  std::cout << Tr("registry token: {0}", response.registry_token()) << "\n"
            << Tr("(shown once; the old token is refused from now on)") << "\n";
  return 0;
}

// A log entry's detail in the reader's language: skatd writes it in English, mostly names and
// field paths; the English words of "events/E rated", "events/E not rated" (act "rate") and
// "A into B" (act "merge", the names split at their one " into ") are translated, anything else
// stays as skatd wrote it (docs/i18n.md "What the engine writes").
std::string DetailText(const v1::RegistryLogEntry& e) {
  const std::string& d = e.detail();
  const auto ends = [&](const std::string& tail) {
    return d.size() > tail.size() && d.compare(d.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (e.act() == "rate" && ends(" not rated")) {
    return Tr("{0} not rated", d.substr(0, d.size() - 10));
  }
  if (e.act() == "rate" && ends(" rated")) return Tr("{0} rated", d.substr(0, d.size() - 6));
  const size_t into = d.find(" into ");
  if (e.act() == "merge" && into != std::string::npos &&
      d.find(" into ", into + 1) == std::string::npos) {
    return Tr("{0} into {1}", d.substr(0, into), d.substr(into + 6));
  }
  return d;
}

int Log(const RegistriesOptions& o, v1::RegistryService::Stub& stub) {
  v1::ListRegistryLogRequest request;
  request.set_parent(o.registry);
  v1::ListRegistryLogResponse all;
  if (int failed = ListAllPages(
          o.server, "registries log", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub.ListRegistryLog(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  for (const v1::RegistryLogEntry& e : all.entries()) {
    std::cout << UtcText(e.time().seconds()) << "  " << e.act() << "  " << e.person()
              << (e.other().empty() ? "" : " -> " + e.other()) << "  " << DetailText(e) << "\n";
  }
  if (all.entries().empty()) std::cout << Tr("nothing logged yet") << "\n";
  return 0;
}

int Rate(const RegistriesOptions& o, v1::RegistryService::Stub& stub) {
  v1::SetEventRatedRequest request;
  request.set_registry(o.registry);
  request.set_event(o.event);
  request.set_rated(!o.not_rated);
  v1::SetEventRatedResponse response;
  auto context = NewContext(o.server);
  const grpc::Status s = stub.SetEventRated(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("registries rate", s, *context, o.server);
  std::cout << (response.rated() ? Tr("{0} is rated", response.event())
                                 : Tr("{0} is not rated", response.event()))
            << "\n";
  return 0;
}

}  // namespace

Runner AddRegistriesCommand(CLI::App& app) {
  auto o = std::make_shared<RegistriesOptions>();
  CLI::App* sub = app.add_subcommand(
      "registries", Tr("Registries of persons above events (docs/persons.md; through skatd)."));
  sub->require_subcommand(1);
  CLI::App* create =
      sub->add_subcommand("create", Tr("Create a registry; prints its registry token."));
  create->add_option("--name", o->name, Tr("the registry's display name"))->required();
  AddServerOptions(*create, o->server, kRegistryToken);
  CLI::App* show = sub->add_subcommand("show", Tr("Show a registry."));
  CLI::App* rotate = sub->add_subcommand(
      "rotate-token", Tr("Replace the registry token (registry); prints the new one once."));
  CLI::App* log = sub->add_subcommand(
      "log", Tr("The registry's log: persons added, imported, changed, merged (registry)."));
  CLI::App* rate = sub->add_subcommand(
      "rate",
      Tr("Rate an event of the registry, before its first session (registry; docs/ratings.md)."));
  rate->add_option("event", o->event, "events/{event}")->required();
  rate->add_flag("--not", o->not_rated, Tr("do not rate it (undo)"));
  for (CLI::App* verb : {show, rotate, log, rate}) {
    verb->add_option(verb == rate ? "--registry" : "registry", o->registry, "registries/{registry}")
        ->required();
    AddServerOptions(*verb, o->server, kRegistryToken);
  }
  return [o, create, show, rotate, rate]() {
    auto stub = v1::RegistryService::NewStub(Connect(o->server));
    if (create->parsed()) return Create(*o, *stub);
    if (show->parsed()) return Show(*o, *stub);
    if (rotate->parsed()) return Rotate(*o, *stub);
    if (rate->parsed()) return Rate(*o, *stub);
    return Log(*o, *stub);
  };
}

}  // namespace skat::cli
