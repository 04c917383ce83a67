#include "services/registry/registry_service.h"

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/common/peer.h"

namespace skat::service {

namespace {

void ToProto(const store::RegistryRecord& registry, v1::Registry* out) {
  out->set_name("registries/" + registry.id);
  out->set_display_name(registry.name);
  out->mutable_create_time()->set_seconds(registry.created_unix);
}

}  // namespace

Result<store::RegistryRecord> RegistryServiceImpl::Managed(const grpc::ServerContext& context,
                                                           const std::string& name) {
  Result<std::string> id = ParseRegistryName(name);
  if (!id.ok()) return id.status();
  Result<store::RegistryRecord> registry = store_.GetRegistry(*id);
  if (!registry.ok()) return registry.status();
  const Status s = CheckDirector(context, registry->token_sha256, name);
  if (s.code() == ErrorCode::kUnauthenticated) {
    return Status::Unauthenticated(
        name + " needs its registry token (metadata authorization: Bearer <token>)");
  }
  if (!s.ok()) return Status(s.code(), "the token given is not the registry token of " + name);
  return registry;
}

bool RegistryServiceImpl::Manages(const grpc::ServerContext& context,
                                  const store::RegistryRecord& registry) {
  const std::string token = BearerToken(context);
  return !token.empty() && CheckDirectorToken(token, registry.token_sha256, "").ok();
}

grpc::Status RegistryServiceImpl::CreateRegistry(grpc::ServerContext* context,
                                                 const v1::CreateRegistryRequest* request,
                                                 v1::CreateRegistryResponse* response) {
  const std::string& name = request->display_name();
  if (name.empty() || name.size() > kMaxDisplayName) {
    return ToGrpc(Status::InvalidArgument("display_name must have 1 to 200 bytes, has " +
                                          std::to_string(name.size())),
                  context);
  }
  if (Status s = CheckStorableText("display_name", name); !s.ok()) return ToGrpc(s, context);
  const RateDecision taken = create_limit_.Take(PeerAddress(ClientPeer(*context)));
  if (!taken.ok()) return ToGrpcRetryAfter(taken.status, taken.retry_after, context);
  const std::string token = NewToken();
  Result<store::RegistryRecord> stored = store_.CreateRegistry(
      {.id = NewId("rg-"), .name = name, .token_sha256 = Sha256Hex(token), .created_unix = 0});
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response->mutable_registry());
  response->set_registry_token(token);
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::GetRegistry(grpc::ServerContext* context,
                                              const v1::GetRegistryRequest* request,
                                              v1::Registry* response) {
  Result<std::string> id = ParseRegistryName(request->name());
  if (!id.ok()) return ToGrpc(id.status(), context);
  Result<store::RegistryRecord> registry = store_.GetRegistry(*id);
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  ToProto(*registry, response);
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::RotateRegistryToken(grpc::ServerContext* context,
                                                      const v1::RotateRegistryTokenRequest* request,
                                                      v1::RotateRegistryTokenResponse* response) {
  Result<store::RegistryRecord> registry = Managed(*context, request->name());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  const std::string token = NewToken();
  const Status rotated =
      store_.RotateRegistryToken(registry->id, registry->token_sha256, Sha256Hex(token));
  if (rotated.code() == ErrorCode::kAborted) {
    return ToGrpc(Status::PermissionDenied("the token given is no longer the registry token of " +
                                           request->name() + ": another rotation replaced it"),
                  context);
  }
  if (!rotated.ok()) return ToGrpc(rotated, context);
  response->set_registry_token(token);
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::ListRegistryLog(grpc::ServerContext* context,
                                                  const v1::ListRegistryLogRequest* request,
                                                  v1::ListRegistryLogResponse* response) {
  Result<store::RegistryRecord> registry = Managed(*context, request->parent());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  const std::string list = "ListRegistryLog " + request->parent();
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::RegistryLogRecord>> read = store_.ListRegistryLog(
      registry->id, page->after ? page->after->numbers[0] : 0, page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::RegistryLogRecord> entries = std::move(read).value();
  response->set_next_page_token(EndPage(list, page->size, entries, [](const auto& e) {
    return PageKey{.numbers = {e.seq}, .text = ""};
  }));
  for (const store::RegistryLogRecord& e : entries) {
    v1::RegistryLogEntry* out = response->add_entries();
    out->mutable_time()->set_seconds(e.at_unix);
    out->set_act(e.act);
    if (!e.person_id.empty()) out->set_person(PersonResourceName(registry->id, e.person_id));
    if (!e.other_id.empty()) out->set_other(PersonResourceName(registry->id, e.other_id));
    out->set_detail(e.detail);
  }
  return grpc::Status::OK;
}

grpc::Status RegistryServiceImpl::SetEventRated(grpc::ServerContext* context,
                                                const v1::SetEventRatedRequest* request,
                                                v1::SetEventRatedResponse* response) {
  Result<store::RegistryRecord> registry = Managed(*context, request->registry());
  if (!registry.ok()) return ToGrpc(registry.status(), context);
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  const Status set = store_.SetEventRated(registry->id, *event, request->rated());
  if (!set.ok()) return ToGrpc(set, context);
  response->set_event(request->event());
  response->set_rated(request->rated());
  return grpc::Status::OK;
}

}  // namespace skat::service
