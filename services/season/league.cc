// GetLeagueTable (season_service.proto): the league table (docs/seasons.md "League table").
// Not built yet: UNIMPLEMENTED.
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::GetLeagueTable(grpc::ServerContext* /*context*/,
                                               const v1::GetLeagueTableRequest* /*request*/,
                                               v1::LeagueTable* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "GetLeagueTable is not built yet");
}

}  // namespace skat::service
