// RegistryService (proto/skat/v1/registry_service.proto; docs/persons.md): registries of persons
// above events. Validate, store, answer.
#ifndef SKAT_SERVICES_REGISTRY_REGISTRY_SERVICE_H_
#define SKAT_SERVICES_REGISTRY_REGISTRY_SERVICE_H_

#include <string>

#include "services/common/rate_limit.h"
#include "services/store/registry_store.h"
#include "skat/v1/registry_service.grpc.pb.h"

namespace skat::service {

// At most this many rows per ImportPersons call (`skat persons import` sends a file in batches).
inline constexpr int kMaxImportRows = 1000;

class RegistryServiceImpl final : public skat::v1::RegistryService::Service {
 public:
  // REQUIRES: the store outlives the service. `create` bounds CreateRegistry per client address.
  RegistryServiceImpl(store::RegistryStore& store, RateLimit create)
      : store_(store), create_limit_(create, "registries created") {}

  grpc::Status CreateRegistry(grpc::ServerContext* context,
                              const v1::CreateRegistryRequest* request,
                              v1::CreateRegistryResponse* response) override;
  grpc::Status GetRegistry(grpc::ServerContext* context, const v1::GetRegistryRequest* request,
                           v1::Registry* response) override;
  grpc::Status RotateRegistryToken(grpc::ServerContext* context,
                                   const v1::RotateRegistryTokenRequest* request,
                                   v1::RotateRegistryTokenResponse* response) override;
  grpc::Status ListRegistryLog(grpc::ServerContext* context,
                               const v1::ListRegistryLogRequest* request,
                               v1::ListRegistryLogResponse* response) override;
  grpc::Status SetEventRated(grpc::ServerContext* context, const v1::SetEventRatedRequest* request,
                             v1::SetEventRatedResponse* response) override;

  // persons.cc
  grpc::Status CreatePerson(grpc::ServerContext* context, const v1::CreatePersonRequest* request,
                            v1::CreatePersonResponse* response) override;
  grpc::Status GetPerson(grpc::ServerContext* context, const v1::GetPersonRequest* request,
                         v1::Person* response) override;
  grpc::Status ListPersons(grpc::ServerContext* context, const v1::ListPersonsRequest* request,
                           v1::ListPersonsResponse* response) override;
  grpc::Status UpdatePerson(grpc::ServerContext* context, const v1::UpdatePersonRequest* request,
                            v1::Person* response) override;
  grpc::Status ImportPersons(grpc::ServerContext* context, const v1::ImportPersonsRequest* request,
                             v1::ImportPersonsResponse* response) override;
  grpc::Status MergePersons(grpc::ServerContext* context, const v1::MergePersonsRequest* request,
                            v1::Person* response) override;

 private:
  // The registry `name` ("registries/{registry}") when the request carries its token:
  // kUnauthenticated without a token, kPermissionDenied with another, kNotFound without it.
  Result<store::RegistryRecord> Managed(const grpc::ServerContext& context,
                                        const std::string& name);
  // Whether the request carries the registry's token (no refusal: for what hidden persons show).
  bool Manages(const grpc::ServerContext& context, const store::RegistryRecord& registry);

  store::RegistryStore& store_;
  PeerRateLimiter create_limit_;
};

void ToProto(const store::PersonRecord& person, v1::Person* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_REGISTRY_REGISTRY_SERVICE_H_
