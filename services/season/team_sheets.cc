// SetTeamSheet and ListTeamSheets (season_service.proto): the team sheets of a season's match days
// (docs/seasons.md "League table"). Not built yet: UNIMPLEMENTED.
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::SetTeamSheet(grpc::ServerContext* /*context*/,
                                             const v1::SetTeamSheetRequest* /*request*/,
                                             v1::TeamSheet* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "SetTeamSheet is not built yet");
}

grpc::Status SeasonServiceImpl::ListTeamSheets(grpc::ServerContext* /*context*/,
                                               const v1::ListTeamSheetsRequest* /*request*/,
                                               v1::ListTeamSheetsResponse* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "ListTeamSheets is not built yet");
}

}  // namespace skat::service
