#include "services/season/season_service.h"

#include <algorithm>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/season/season_names.h"
#include "services/season/season_rules.h"

namespace skat::service {
namespace {

// ListSeasons' page sizes (season_service.proto).
constexpr int kDefaultSeasons = 50;
constexpr int kMaxSeasons = 500;

}  // namespace

grpc::Status ToGrpcWithReason(const Status& status, std::string_view reason,
                              grpc::ServerContextBase* context) {
  if (status.ok()) return grpc::Status::OK;
  if (context != nullptr) context->AddTrailingMetadata(kReasonKey, std::string(reason));
  return grpc::Status(ToGrpcCode(status.code()), status.message());
}

Result<store::RegistryRecord> SeasonServiceImpl::Managed(const grpc::ServerContext& context,
                                                         const std::string& registry_id) {
  const std::string name = "registries/" + registry_id;
  Result<store::RegistryRecord> registry = store_.registries.GetRegistry(registry_id);
  if (!registry.ok()) return registry.status();
  const Status s = CheckDirector(context, registry->token_sha256, name);
  if (s.code() == ErrorCode::kUnauthenticated) {
    return Status::Unauthenticated("the seasons of " + name +
                                   " need its registry token (metadata authorization: Bearer "
                                   "<token>)");
  }
  if (!s.ok()) return Status(s.code(), "the token given is not the registry token of " + name);
  return registry;
}

Result<store::SeasonRecord> SeasonServiceImpl::ManagedSeason(const grpc::ServerContext& context,
                                                             const std::string& name) {
  Result<store::SeasonRecord> season = ReadSeason(name, "");
  if (!season.ok()) return season;
  Result<store::RegistryRecord> registry = Managed(context, season->registry_id);
  if (!registry.ok()) return registry.status();
  return season;
}

Result<store::SeasonRecord> SeasonServiceImpl::ReadSeason(const std::string& name,
                                                          const std::string& leaf) {
  Result<std::string> id = ParseSeasonName(name, leaf);
  if (!id.ok()) return id.status();
  return store_.seasons.GetSeason(*id);
}

Result<std::vector<EventPlacings>> SeasonServiceImpl::SeasonPlacings(
    const store::SeasonRecord& season) {
  PersonLinks links(store_.registries, season.registry_id);
  std::vector<EventPlacings> out;
  for (const std::string& event_id : season.event_ids) {
    Result<EventPlacings> placings = LoadEventPlacings(scores_, links, event_id);
    if (!placings.ok()) return placings.status();
    out.push_back(std::move(placings).value());
  }
  return out;
}

grpc::Status SeasonServiceImpl::CreateSeason(grpc::ServerContext* context,
                                             const v1::CreateSeasonRequest* request,
                                             v1::Season* response) {
  Result<std::string> registry_id = ParseRegistryName(request->parent());
  if (!registry_id.ok()) return ToGrpc(registry_id.status(), context);
  Result<store::RegistryRecord> registry = Managed(*context, *registry_id);
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  store::SeasonRecord season;
  season.id = NewId("se-");
  season.registry_id = *registry_id;
  if (Status s = MergeSeason(request->season(), SeasonFieldPaths(), season); !s.ok()) {
    return ToGrpc(s, context);
  }
  if (Status s = CheckSeasonRules(season); !s.ok()) return ToGrpc(s, context);
  Result<store::SeasonRecord> stored = store_.seasons.CreateSeason(season);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status SeasonServiceImpl::GetSeason(grpc::ServerContext* context,
                                          const v1::GetSeasonRequest* request,
                                          v1::Season* response) {
  Result<store::SeasonRecord> season = ReadSeason(request->name(), "");
  if (!season.ok()) return ToGrpc(season.status(), context);
  ToProto(*season, response);
  return grpc::Status::OK;
}

grpc::Status SeasonServiceImpl::ListSeasons(grpc::ServerContext* context,
                                            const v1::ListSeasonsRequest* request,
                                            v1::ListSeasonsResponse* response) {
  Result<std::string> registry_id = ParseRegistryName(request->parent());
  if (!registry_id.ok()) return ToGrpc(registry_id.status(), context);
  const std::string list = "ListSeasons " + request->parent();
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const int size = request->page_size() == 0 ? kDefaultSeasons : std::min(page->size, kMaxSeasons);
  Result<std::vector<store::SeasonRecord>> read =
      store_.seasons.ListSeasons(*registry_id, page->after ? page->after->numbers[0] : 0,
                                 page->after ? page->after->text : "", size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::SeasonRecord> seasons = std::move(read).value();
  response->set_next_page_token(EndPage(list, size, seasons, [](const auto& s) {
    return PageKey{.numbers = {s.created_micros}, .text = s.id};
  }));
  for (const store::SeasonRecord& s : seasons) ToProto(s, response->add_seasons());
  return grpc::Status::OK;
}

grpc::Status SeasonServiceImpl::UpdateSeason(grpc::ServerContext* context,
                                             const v1::UpdateSeasonRequest* request,
                                             v1::Season* response) {
  Result<store::SeasonRecord> read = ManagedSeason(*context, request->season().name());
  if (!read.ok()) return ToGrpc(read.status(), context);
  const std::vector<std::string> paths(request->update_mask().begin(),
                                       request->update_mask().end());
  Result<store::SeasonRecord> stored =
      store_.seasons.UpdateSeason(read->id, [&](store::SeasonRecord& season) {
        if (Status s = MergeSeason(request->season(), paths, season); !s.ok()) return s;
        return CheckSeasonRules(season);
      });
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

}  // namespace skat::service
