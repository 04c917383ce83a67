// The one place that maps engine and store errors to gRPC status codes (ARCHITECTURE.md
// "Services"): INVALID_ARGUMENT for malformed input, FAILED_PRECONDITION for acts not allowed
// now, NOT_FOUND, ALREADY_EXISTS, UNAUTHENTICATED, PERMISSION_DENIED, ABORTED,
// RESOURCE_EXHAUSTED (a per-client or server-wide limit), UNAVAILABLE,
// INTERNAL. The machine-readable reason (ErrorCodeName) travels as trailing metadata
// "skat-reason".
#ifndef SKAT_SERVICES_COMMON_GRPC_STATUS_H_
#define SKAT_SERVICES_COMMON_GRPC_STATUS_H_

#include <grpcpp/grpcpp.h>

#include "engine/status.h"

namespace skat::service {

inline constexpr char kReasonKey[] = "skat-reason";

grpc::StatusCode ToGrpcCode(ErrorCode code);

// The gRPC status for an engine or store status; adds the reason to the trailing metadata
// when context is given.
grpc::Status ToGrpc(const Status& status, grpc::ServerContextBase* context = nullptr);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_GRPC_STATUS_H_
