// skat ratings list: the BSA ratings of a registry's persons through skatd's ScoringService
// (docs/ratings.md).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct RatingsOptions {
  ServerOptions server;
  std::string registry, person;
};

int List(const RatingsOptions& o) {
  auto stub = v1::ScoringService::NewStub(Connect(o.server));
  v1::ListRatingsRequest request;
  request.set_parent(o.registry);
  v1::ListRatingsResponse all;
  if (int failed = ListAllPages(
          o.server, "ratings list", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub->ListRatings(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  int place = 0;
  for (const v1::Rating& r : all.ratings()) {
    ++place;
    if (!o.person.empty() && r.person() != o.person) continue;
    std::cout << place << "  " << Decimal(Fixed(r.rating(), 2)) << "  " << r.display_name() << "  ("
              << TrN("{n} event", "{n} events", r.events()) << ")  " << r.person() << "\n";
    if (o.person.empty()) continue;
    for (const v1::RatingStep& s : r.steps()) {
      std::cout << "    " << (s.event().empty() ? Tr("New Year's Eve {0}", s.year()) : s.event())
                << "  "
                << Tr("scored {0} %, weight {1} %: {2} -> {3}", Decimal(Fixed(s.score(), 2)),
                      Decimal(Fixed(100 * s.weight(), 2)), Decimal(Fixed(s.before(), 2)),
                      Decimal(Fixed(s.after(), 2)))
                << "\n";
    }
  }
  if (all.ratings().empty()) {
    std::cout << Tr("no ratings yet (skat registries rate, then play the event)") << "\n";
  }
  return 0;
}

}  // namespace

Runner AddRatingsCommand(CLI::App& app) {
  auto o = std::make_shared<RatingsOptions>();
  CLI::App* sub = app.add_subcommand(
      "ratings", Tr("The BSA ratings of a registry's persons (docs/ratings.md; through skatd)."));
  sub->require_subcommand(1);
  CLI::App* list = sub->add_subcommand(
      "list", Tr("Every rated person, best first; with --person, that person's steps."));
  list->add_option("registry", o->registry, "registries/{registry}")->required();
  list->add_option(
      "--person", o->person,
      Tr("registries/{registry}/persons/{person}: show only this person, step by step"));
  AddServerOptions(*list, o->server, kRegistryToken);
  return [o]() { return List(*o); };
}

}  // namespace skat::cli
