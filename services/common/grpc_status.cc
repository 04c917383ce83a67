#include "services/common/grpc_status.h"

namespace skat::service {

grpc::StatusCode ToGrpcCode(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return grpc::StatusCode::OK;
    case ErrorCode::kInvalidArgument: return grpc::StatusCode::INVALID_ARGUMENT;
    case ErrorCode::kWrongPhase:
    case ErrorCode::kOutOfTurn:
    case ErrorCode::kIllegalBid:
    case ErrorCode::kIllegalCard:
    case ErrorCode::kIllegalDiscard:
    case ErrorCode::kIllegalDeclaration:
    case ErrorCode::kNotAllowed:
    case ErrorCode::kSequenceReused:
    case ErrorCode::kBoardInPlay: return grpc::StatusCode::FAILED_PRECONDITION;
    case ErrorCode::kNotFound: return grpc::StatusCode::NOT_FOUND;
    case ErrorCode::kAlreadyExists: return grpc::StatusCode::ALREADY_EXISTS;
    case ErrorCode::kUnauthenticated: return grpc::StatusCode::UNAUTHENTICATED;
    case ErrorCode::kPermissionDenied: return grpc::StatusCode::PERMISSION_DENIED;
    case ErrorCode::kAborted: return grpc::StatusCode::ABORTED;
    case ErrorCode::kResourceExhausted: return grpc::StatusCode::RESOURCE_EXHAUSTED;
    case ErrorCode::kTableOwnedElsewhere:
    case ErrorCode::kUnavailable: return grpc::StatusCode::UNAVAILABLE;
    case ErrorCode::kInternal: return grpc::StatusCode::INTERNAL;
  }
  return grpc::StatusCode::INTERNAL;
}

grpc::Status ToGrpc(const Status& status, grpc::ServerContextBase* context) {
  if (status.ok()) return grpc::Status::OK;
  if (context != nullptr) {
    context->AddTrailingMetadata(kReasonKey, std::string(ErrorCodeName(status.code())));
  }
  return grpc::Status(ToGrpcCode(status.code()), status.message());
}

grpc::Status ToGrpcRetryAfter(const Status& status, std::chrono::seconds retry_after,
                              grpc::ServerContextBase* context) {
  if (!status.ok() && context != nullptr) {
    context->AddTrailingMetadata(kRetryAfterKey, std::to_string(retry_after.count()));
  }
  return ToGrpc(status, context);
}

std::string ReasonOf(const grpc::ClientContext& context) {
  const auto& trailers = context.GetServerTrailingMetadata();
  auto it = trailers.find(kReasonKey);
  return it == trailers.end() ? "" : std::string(it->second.data(), it->second.size());
}

std::optional<std::chrono::seconds> RetryAfterOf(const grpc::ClientContext& context) {
  constexpr int64_t kMaxSeconds = 86400;
  const auto& trailers = context.GetServerTrailingMetadata();
  auto it = trailers.find(kRetryAfterKey);
  if (it == trailers.end() || it->second.empty() || it->second.size() > 5) return std::nullopt;
  int64_t seconds = 0;
  for (char c : it->second) {
    if (c < '0' || c > '9') return std::nullopt;
    seconds = seconds * 10 + (c - '0');
  }
  if (seconds > kMaxSeconds) return std::nullopt;
  return std::chrono::seconds(seconds);
}

int HttpStatusOf(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return 200;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE: return 400;
    case grpc::StatusCode::UNAUTHENTICATED: return 401;
    case grpc::StatusCode::PERMISSION_DENIED: return 403;
    case grpc::StatusCode::NOT_FOUND: return 404;
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED: return 409;
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return 429;
    case grpc::StatusCode::CANCELLED: return 499;
    case grpc::StatusCode::UNIMPLEMENTED: return 501;
    case grpc::StatusCode::UNAVAILABLE: return 503;
    case grpc::StatusCode::DEADLINE_EXCEEDED: return 504;
    default: return 500;
  }
}

const char* GrpcCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "UNKNOWN";
  }
}

}  // namespace skat::service
