// skat scores standings, traveller, team, prizes and series: what skatd's ScoringService reads
// out of an event's results, printed for the terminal (standings_print.h).
#include <iostream>
#include <string>

#include "services/cli/results/scores_verbs.h"
#include "services/cli/sheets/standings_print.h"
#include "services/common/names.h"

namespace skat::cli {

int RunScoresStandings(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  const std::string name = service::SessionScopedName(o.event, o.session, "standings");
  if (!o.watch) {
    v1::GetStandingsRequest request;
    request.set_name(name);
    v1::Standings s;
    auto context = NewContext(o.server);
    grpc::Status status = stub.GetStandings(context.get(), request, &s);
    if (!status.ok()) return ReportFailure("scores standings", status, *context, o.server);
    PrintStandings(s, std::cout);
    return 0;
  }
  v1::WatchStandingsRequest request;
  request.set_name(name);
  grpc::ClientContext context;  // no deadline: it runs until interrupted
  auto reader = stub.WatchStandings(&context, request);
  v1::Standings s;
  while (reader->Read(&s)) {
    std::cout << "\n";
    PrintStandings(s, std::cout);
    std::cout.flush();
  }
  grpc::Status status = reader->Finish();
  if (!status.ok()) return ReportFailure("scores standings --watch", status, context, o.server);
  return 0;
}

int RunScoresTraveller(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  v1::GetTravellerRequest request;
  request.set_name(service::TravellerName(o.event, o.session, o.board));
  v1::Traveller t;
  auto context = NewContext(o.server);
  grpc::Status status = stub.GetTraveller(context.get(), request, &t);
  if (!status.ok()) return ReportFailure("scores traveller", status, *context, o.server);
  PrintTraveller(t, std::cout);
  return 0;
}

int RunScoresTeam(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  v1::GetTeamMatchRequest request;
  request.set_name(service::SessionScopedName(o.event, 0, "teamMatch"));
  v1::TeamMatch t;
  auto context = NewContext(o.server);
  grpc::Status status = stub.GetTeamMatch(context.get(), request, &t);
  if (!status.ok()) return ReportFailure("scores team", status, *context, o.server);
  PrintTeamMatch(t, o.lines, std::cout);
  return 0;
}

int RunScoresPrizes(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  v1::GetPrizeListRequest request;
  request.set_name(o.event + "/prizeList");
  v1::PrizeList list;
  auto context = NewContext(o.server);
  grpc::Status status = stub.GetPrizeList(context.get(), request, &list);
  if (!status.ok()) return ReportFailure("scores prizes", status, *context, o.server);
  PrintPrizes(list, std::cout);
  return 0;
}

int RunScoresSeries(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  v1::GetSeriesListsRequest request;
  request.set_name(service::SessionScopedName(o.event, o.session, "seriesLists"));
  v1::SeriesLists lists;
  auto context = NewContext(o.server);
  grpc::Status status = stub.GetSeriesLists(context.get(), request, &lists);
  if (!status.ok()) return ReportFailure("scores series", status, *context, o.server);
  PrintSeriesLists(lists, std::cout);
  return 0;
}

}  // namespace skat::cli
