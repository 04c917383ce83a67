// SeasonService (proto/skat/v1/season_service.proto; docs/seasons.md): seasons of a registry, their
// season table, league table, team sheets, money and export. Validate, read, compute with the
// engine, answer. The parts live in files of their own:
//   season_service.cc  create, get, list and update seasons; the registry-token guard
//   season_events.cc   add and remove events
//   standings.cc       the season table (engine/season/season_table.h)
//   league.cc          the league table
//   team_sheets.cc     team sheets of match days
//   statements.cc      the money
//   export.cc          the export for a federation
#ifndef SKAT_SERVICES_SEASON_SEASON_SERVICE_H_
#define SKAT_SERVICES_SEASON_SEASON_SERVICE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "services/season/event_placings.h"
#include "services/season/export_table.h"
#include "services/season/season_event_scores.h"
#include "services/season/season_money.h"
#include "services/store/event_store.h"
#include "services/store/registry_store.h"
#include "services/store/season_store.h"
#include "services/store/session_store.h"
#include "services/store/store.h"
#include "services/store/team_sheet_store.h"
#include "skat/v1/season_service.grpc.pb.h"

namespace skat::service {

// The parts of the store the season service reads and writes. Passed by value (it holds
// references).
struct SeasonStores {
  // Every part from the whole store (skatd, the tests).
  SeasonStores(store::Store& store)  // NOLINT: implicit
      : seasons(store), registries(store), events(store), sessions(store), team_sheets(store) {}

  store::SeasonStore& seasons;
  store::RegistryStore& registries;    // the registry token, persons
  store::EventStore& events;           // events' names and registries
  store::SessionStore& sessions;       // clubs and players of events (team sheets)
  store::TeamSheetStore& team_sheets;  // docs/seasons.md "League table": team sheets
};

// ToGrpc (services/common/grpc_status.h) with a reason of the season service's own instead of the
// code's name, for the refusals season_service.proto names ("season-not-a-league",
// "season-without-money"): the code's gRPC status, the message, and `reason` as the trailing
// metadata skat-reason when context is given.
grpc::Status ToGrpcWithReason(const Status& status, std::string_view reason,
                              grpc::ServerContextBase* context);

class SeasonServiceImpl final : public skat::v1::SeasonService::Service {
 public:
  // REQUIRES: the store outlives the service; `scores` scores an event for the public (skatd
  // hands it the scoring service's loading).
  SeasonServiceImpl(SeasonStores store, EventScoresSource scores)
      : store_(store), scores_(std::move(scores)) {}

  // season_service.cc
  grpc::Status CreateSeason(grpc::ServerContext* context, const v1::CreateSeasonRequest* request,
                            v1::Season* response) override;
  grpc::Status GetSeason(grpc::ServerContext* context, const v1::GetSeasonRequest* request,
                         v1::Season* response) override;
  grpc::Status ListSeasons(grpc::ServerContext* context, const v1::ListSeasonsRequest* request,
                           v1::ListSeasonsResponse* response) override;
  grpc::Status UpdateSeason(grpc::ServerContext* context, const v1::UpdateSeasonRequest* request,
                            v1::Season* response) override;
  // season_events.cc
  grpc::Status AddSeasonEvent(grpc::ServerContext* context,
                              const v1::AddSeasonEventRequest* request,
                              v1::Season* response) override;
  grpc::Status RemoveSeasonEvent(grpc::ServerContext* context,
                                 const v1::RemoveSeasonEventRequest* request,
                                 v1::Season* response) override;
  // standings.cc
  grpc::Status GetSeasonStandings(grpc::ServerContext* context,
                                  const v1::GetSeasonStandingsRequest* request,
                                  v1::SeasonStandings* response) override;
  // league.cc
  grpc::Status GetLeagueTable(grpc::ServerContext* context,
                              const v1::GetLeagueTableRequest* request,
                              v1::LeagueTable* response) override;
  // team_sheets.cc
  grpc::Status SetTeamSheet(grpc::ServerContext* context, const v1::SetTeamSheetRequest* request,
                            v1::TeamSheet* response) override;
  grpc::Status ListTeamSheets(grpc::ServerContext* context,
                              const v1::ListTeamSheetsRequest* request,
                              v1::ListTeamSheetsResponse* response) override;
  // statements.cc
  grpc::Status GetSeasonStatements(grpc::ServerContext* context,
                                   const v1::GetSeasonStatementsRequest* request,
                                   v1::SeasonStatements* response) override;
  // export.cc
  grpc::Status ExportResults(grpc::ServerContext* context, const v1::ExportResultsRequest* request,
                             v1::ExportResultsResponse* response) override;

 private:
  // The registry `registry_id` when the request carries its token: kUnauthenticated without a
  // token, kPermissionDenied with another (an event's director token too), kNotFound without the
  // registry.
  Result<store::RegistryRecord> Managed(const grpc::ServerContext& context,
                                        const std::string& registry_id);
  // The season `name` ("seasons/{season}", or with the given `leaf`: "seasons/{season}/standings")
  // when the request carries its registry's token; errors as Managed and the name's.
  Result<store::SeasonRecord> ManagedSeason(const grpc::ServerContext& context,
                                            const std::string& name);

  // For the parts (standings, league, statements, export): the season `name` read (no token
  // needed); kInvalidArgument for a malformed name, kNotFound.
  Result<store::SeasonRecord> ReadSeason(const std::string& name, const std::string& leaf);
  // Each event of the season, in the season's order, with its overall standings and persons
  // (event_placings.h; one PersonLinks for all, so a person is read once).
  Result<std::vector<EventPlacings>> SeasonPlacings(const store::SeasonRecord& season);
  // standings.cc: the season table over `placings` (SeasonPlacings) as GetSeasonStandings
  // answers it; statements.cc: the season's money over the same placings with its pot paid over
  // that table's ranked persons (docs/seasons.md "Money"). One load serves both, so they agree.
  static v1::SeasonStandings SeasonTableOf(const store::SeasonRecord& season,
                                           const std::vector<EventPlacings>& placings);
  static Result<SeasonMoneyResult> SeasonMoneyOf(const store::SeasonRecord& season,
                                                 const std::vector<EventPlacings>& placings,
                                                 const v1::SeasonStandings& table);
  // export.cc: the tables of a season's export ("seasons/{season}") and of an event's
  // ("events/{event}"), before they are written as CSV or JSON.
  struct Export {
    std::string display_name;
    std::vector<ExportTable> tables;
  };
  Result<Export> ExportSeason(const std::string& name);
  Result<Export> ExportEvent(const std::string& name);

  SeasonStores store_;
  EventScoresSource scores_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_SEASON_SERVICE_H_
