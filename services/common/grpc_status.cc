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

}  // namespace skat::service
