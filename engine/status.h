// Errors as values (docs/development.md "LevelDB": Status).
// Every public engine entry point that can refuse its
// input returns a Status or a Result<T>; nothing throws across the engine's boundary. The code is
// machine-readable (services map it to a gRPC status in one place); the message names the value
// and the rule: "bid 17 is not a value any game can reach under nasl-1909 (RULES B2)".
#ifndef SKAT_ENGINE_STATUS_H_
#define SKAT_ENGINE_STATUS_H_

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace skat {

enum class ErrorCode : uint8_t {
  kOk = 0,
  kInvalidArgument,     // malformed input: unreadable card, number out of range, unknown name
  kWrongPhase,          // the act does not belong to this moment of the game
  kOutOfTurn,           // another seat is to act
  kIllegalBid,          // not a legal bid value, or not above the current bid (RULES B1, B2)
  kIllegalCard,         // not in hand, or fails to follow suit (RULES T2)
  kIllegalDiscard,      // not two cards of the declarer's hand (RULES G1)
  kIllegalDeclaration,  // the profile has no such game, or it may not be declared now (G4, G7)
  kNotAllowed,          // the act exists but the rules forbid it now (concede too late, N11)
  // Service and store codes. One enum with the engine's, not two: a refusal passes from the
  // engine through a service unchanged, and services/common/grpc_status.h maps every code to
  // one gRPC status in one switch. The engine returns none of these but kInternal (a bot or
  // solver invariant broken).
  kNotFound,             // unknown event, board set, board
  kAlreadyExists,        // a name taken, a set revealed twice
  kUnauthenticated,      // no token
  kPermissionDenied,     // a token that does not open this resource
  kAborted,              // a concurrent update won (optimistic version check), a lease was lost
  kSequenceReused,       // an act's sequence number was used before for another act
  kTableOwnedElsewhere,  // another table server holds the table's lease; retry
  kBoardInPlay,          // a board's traveller stays closed until every table finished it
  kResourceExhausted,    // a per-client or server-wide limit is reached; retry later
  kUnavailable,          // the database cannot be reached; clients retry
  kInternal,             // a bug or a broken invariant
};

// "invalid-argument", "wrong-phase", ...: the machine-readable reason.
std::string_view ErrorCodeName(ErrorCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}
  static Status Ok() { return Status(); }
  // Named constructors for the codes used in many places (LevelDB's Status::NotFound and so
  // on); the message names the value and the rule. The game's own refusals (kIllegalCard...)
  // are built where their rule is checked.
  static Status InvalidArgument(std::string message) {
    return Status(ErrorCode::kInvalidArgument, std::move(message));
  }
  static Status NotAllowed(std::string message) {
    return Status(ErrorCode::kNotAllowed, std::move(message));
  }
  static Status NotFound(std::string message) {
    return Status(ErrorCode::kNotFound, std::move(message));
  }
  static Status AlreadyExists(std::string message) {
    return Status(ErrorCode::kAlreadyExists, std::move(message));
  }
  static Status Unauthenticated(std::string message) {
    return Status(ErrorCode::kUnauthenticated, std::move(message));
  }
  static Status PermissionDenied(std::string message) {
    return Status(ErrorCode::kPermissionDenied, std::move(message));
  }
  static Status Aborted(std::string message) {
    return Status(ErrorCode::kAborted, std::move(message));
  }
  static Status ResourceExhausted(std::string message) {
    return Status(ErrorCode::kResourceExhausted, std::move(message));
  }
  static Status Unavailable(std::string message) {
    return Status(ErrorCode::kUnavailable, std::move(message));
  }
  static Status Internal(std::string message) {
    return Status(ErrorCode::kInternal, std::move(message));
  }

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "illegal-card: ..." or "ok".
  std::string ToString() const;

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}        // NOLINT: implicit
  Result(Status status) : data_(std::move(status)) {  // NOLINT: implicit
    assert(!std::get<Status>(data_).ok());
  }

  bool ok() const { return std::holds_alternative<T>(data_); }
  // REQUIRES: ok().
  const T& value() const& { return std::get<T>(data_); }
  T& value() & { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  // Status::Ok() when ok().
  Status status() const { return ok() ? Status::Ok() : std::get<Status>(data_); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace skat

#endif  // SKAT_ENGINE_STATUS_H_
