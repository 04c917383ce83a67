// GetLeagueTable (season_service.proto): the league table (docs/seasons.md "League table"),
// computed by league_compute.h from each event's public scores.
#include "services/common/grpc_status.h"
#include "services/season/league_compute.h"
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::GetLeagueTable(grpc::ServerContext* context,
                                               const v1::GetLeagueTableRequest* request,
                                               v1::LeagueTable* response) {
  Result<store::SeasonRecord> season = ReadSeason(request->name(), "leagueTable");
  if (!season.ok()) return ToGrpc(season.status(), context);
  bool not_a_league = false;
  const Status s = LeagueTableOf(*season, scores_, response, &not_a_league);
  return not_a_league ? ToGrpcWithReason(s, "season-not-a-league", context) : ToGrpc(s, context);
}

}  // namespace skat::service
