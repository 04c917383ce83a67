// GetSeasonStandings (season_service.proto): the season table (docs/seasons.md "Season table").
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::GetSeasonStandings(grpc::ServerContext* /*context*/,
                                                   const v1::GetSeasonStandingsRequest* /*request*/,
                                                   v1::SeasonStandings* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "GetSeasonStandings is not built yet");
}

}  // namespace skat::service
