// AddSeasonEvent and RemoveSeasonEvent (season_service.proto): the season's events, each of the
// season's registry (docs/seasons.md), checked by the store in the transaction that adds it.
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/season/season_rules.h"
#include "services/season/season_service.h"

namespace skat::service {

grpc::Status SeasonServiceImpl::AddSeasonEvent(grpc::ServerContext* context,
                                               const v1::AddSeasonEventRequest* request,
                                               v1::Season* response) {
  Result<store::SeasonRecord> season = ManagedSeason(*context, request->season());
  if (!season.ok()) return ToGrpc(season.status(), context);
  Result<std::string> event_id = ParseEventName(request->event());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  Result<store::SeasonRecord> stored = store_.seasons.AddSeasonEvent(season->id, *event_id);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status SeasonServiceImpl::RemoveSeasonEvent(grpc::ServerContext* context,
                                                  const v1::RemoveSeasonEventRequest* request,
                                                  v1::Season* response) {
  Result<store::SeasonRecord> season = ManagedSeason(*context, request->season());
  if (!season.ok()) return ToGrpc(season.status(), context);
  Result<std::string> event_id = ParseEventName(request->event());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  Result<store::SeasonRecord> stored = store_.seasons.RemoveSeasonEvent(season->id, *event_id);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

}  // namespace skat::service
