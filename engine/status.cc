#include "engine/status.h"

namespace skat {

std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "ok";
    case ErrorCode::kInvalidArgument: return "invalid-argument";
    case ErrorCode::kWrongPhase: return "wrong-phase";
    case ErrorCode::kOutOfTurn: return "out-of-turn";
    case ErrorCode::kIllegalBid: return "illegal-bid";
    case ErrorCode::kIllegalCard: return "illegal-card";
    case ErrorCode::kIllegalDiscard: return "illegal-discard";
    case ErrorCode::kIllegalDeclaration: return "illegal-declaration";
    case ErrorCode::kNotAllowed: return "not-allowed";
    case ErrorCode::kNotFound: return "not-found";
    case ErrorCode::kAlreadyExists: return "already-exists";
    case ErrorCode::kUnauthenticated: return "unauthenticated";
    case ErrorCode::kPermissionDenied: return "permission-denied";
    case ErrorCode::kAborted: return "aborted";
    case ErrorCode::kSequenceReused: return "sequence-reused";
    case ErrorCode::kTableOwnedElsewhere: return "table-owned-elsewhere";
    case ErrorCode::kBoardInPlay: return "board-in-play";
    case ErrorCode::kResourceExhausted: return "resource-exhausted";
    case ErrorCode::kUnavailable: return "unavailable";
    case ErrorCode::kInternal: return "internal";
  }
  return "unknown";
}

std::string Status::ToString() const {
  if (ok()) return "ok";
  return std::string(ErrorCodeName(code_)) + ": " + message_;
}

}  // namespace skat
