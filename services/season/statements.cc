// GetSeasonStatements (season_service.proto): the money (docs/seasons.md "Money").
// Not built yet: UNIMPLEMENTED.
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::GetSeasonStatements(
    grpc::ServerContext* /*context*/, const v1::GetSeasonStatementsRequest* /*request*/,
    v1::SeasonStatements* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "GetSeasonStatements is not built yet");
}

}  // namespace skat::service
