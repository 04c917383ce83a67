// The one place that maps engine and store errors to gRPC status codes (docs/architecture.md
// "Services"): INVALID_ARGUMENT for malformed input, FAILED_PRECONDITION for acts not allowed
// now, NOT_FOUND, ALREADY_EXISTS, UNAUTHENTICATED, PERMISSION_DENIED, ABORTED,
// RESOURCE_EXHAUSTED (a per-client or server-wide limit), UNAVAILABLE,
// INTERNAL. The machine-readable reason (ErrorCodeName) travels as trailing metadata
// "skat-reason"; a refusal that may be repeated after a known wait (a rate limit) also carries
// "retry-after", the wait in whole seconds. The web side answers the same statuses as HTTP
// statuses, mapped here too.
#ifndef SKAT_SERVICES_COMMON_GRPC_STATUS_H_
#define SKAT_SERVICES_COMMON_GRPC_STATUS_H_

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <optional>
#include <string>

#include "engine/status.h"

namespace skat::service {

inline constexpr char kReasonKey[] = "skat-reason";
// Named and written as HTTP's Retry-After header (delay-seconds): "6".
inline constexpr char kRetryAfterKey[] = "retry-after";

grpc::StatusCode ToGrpcCode(ErrorCode code);

// The gRPC status for an engine or store status; adds the reason to the trailing metadata
// when context is given.
grpc::Status ToGrpc(const Status& status, grpc::ServerContextBase* context = nullptr);

// ToGrpc for a refusal the caller may repeat once `retry_after` (>= 1 s) has passed; adds that
// wait to the trailing metadata (kRetryAfterKey) when context is given.
grpc::Status ToGrpcRetryAfter(const Status& status, std::chrono::seconds retry_after,
                              grpc::ServerContextBase* context);

// The reason (kReasonKey) a reply's trailing metadata carried; empty for none. For clients.
std::string ReasonOf(const grpc::ClientContext& context);

// The wait (kRetryAfterKey) a reply's trailing metadata carried; nullopt for none, or for a value
// that is not a whole number of seconds from 0 to a day. For clients.
std::optional<std::chrono::seconds> RetryAfterOf(const grpc::ClientContext& context);

// The HTTP status googleapis answer for a gRPC code (google/rpc/code.proto: INVALID_ARGUMENT,
// FAILED_PRECONDITION and OUT_OF_RANGE 400, UNAUTHENTICATED 401, PERMISSION_DENIED 403,
// NOT_FOUND 404, ALREADY_EXISTS and ABORTED 409, RESOURCE_EXHAUSTED 429, CANCELLED 499,
// UNIMPLEMENTED 501, UNAVAILABLE 503, DEADLINE_EXCEEDED 504, the rest 500; OK 200).
int HttpStatusOf(grpc::StatusCode code);

// The code's name as google.rpc.Code spells it: "INVALID_ARGUMENT", "NOT_FOUND", ...
const char* GrpcCodeName(grpc::StatusCode code);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_GRPC_STATUS_H_
