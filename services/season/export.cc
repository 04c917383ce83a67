// ExportResults (season_service.proto): the export for a federation (docs/seasons.md "Export").
// Not built yet: UNIMPLEMENTED.
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::ExportResults(grpc::ServerContext* /*context*/,
                                              const v1::ExportResultsRequest* /*request*/,
                                              v1::ExportResultsResponse* /*response*/) {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "ExportResults is not built yet");
}

}  // namespace skat::service
