// skat events: create, list and show events through skatd's EventService.
#include <iostream>
#include <memory>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

void Print(const v1::Event& e) {
  std::cout << e.name() << "  " << e.display_name() << "  (" << e.profile() << ")\n";
}

}  // namespace

Runner AddEventsCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string name;
    std::string profile = "nasl-1909";
    std::string event;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("events", "Create, list and show events (through skatd).");
  sub->require_subcommand(1);
  CLI::App* create = sub->add_subcommand("create", "Create an event; prints its director token.");
  create->add_option("--name", o->name, "the event's display name")->required();
  create->add_option("--profile", o->profile, "rule profile")->capture_default_str();
  AddServerOptions(*create, o->server);
  CLI::App* list = sub->add_subcommand("list", "List every event.");
  AddServerOptions(*list, o->server);
  CLI::App* show = sub->add_subcommand("show", "Show one event.");
  show->add_option("event", o->event, "events/{event}")->required();
  AddServerOptions(*show, o->server);
  return [o, create, list, show]() {
    auto stub = v1::EventService::NewStub(Connect(o->server));
    if (create->parsed()) {
      v1::CreateEventRequest request;
      request.set_display_name(o->name);
      request.set_profile(o->profile);
      v1::CreateEventResponse response;
      auto context = NewContext(o->server);
      grpc::Status s = stub->CreateEvent(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("events create", s, *context, o->server);
      Print(response.event());
      std::cout << "director token: " << response.director_token() << "\n"
                << "(shown once; keep it: export SKAT_DIRECTOR_TOKEN=" << response.director_token()
                << ")\n";
      return 0;
    }
    if (list->parsed()) {
      v1::ListEventsResponse response;
      auto context = NewContext(o->server);
      grpc::Status s = stub->ListEvents(context.get(), v1::ListEventsRequest(), &response);
      if (!s.ok()) return ReportFailure("events list", s, *context, o->server);
      for (const v1::Event& e : response.events()) Print(e);
      if (response.events().empty()) std::cout << "no events yet (skat events create)\n";
      return 0;
    }
    (void)show;
    v1::GetEventRequest request;
    request.set_name(o->event);
    v1::Event response;
    auto context = NewContext(o->server);
    grpc::Status s = stub->GetEvent(context.get(), request, &response);
    if (!s.ok()) return ReportFailure("events show", s, *context, o->server);
    Print(response);
    return 0;
  };
}

}  // namespace skat::cli
