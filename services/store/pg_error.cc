#include "services/store/pg_error.h"

#include <pqxx/pqxx>
#include <string_view>

namespace skat::store {
namespace {

// libpqxx messages end in a new line, and libpq's connection errors carry a hint on a second,
// indented line ("...failed: No such file or directory\n\tIs the server running locally...");
// one-line messages read better in logs and statuses (issue 7: "a clear message").
std::string Trimmed(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

bool IsConnectionLost(const std::exception& e) {
  if (dynamic_cast<const pqxx::broken_connection*>(&e) != nullptr) return true;
  if (dynamic_cast<const pqxx::in_doubt_error*>(&e) != nullptr) return true;
  if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e)) {
    // Class 08: connection exception; 57P01..57P03: admin shutdown, crash shutdown, cannot
    // connect now.
    const std::string& state = sql->sqlstate();
    return state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03";
  }
  return false;
}

Status StatusFromException(const std::exception& e, const std::string& context) {
  const std::string message = context + ": " + Trimmed(e.what());
  if (dynamic_cast<const pqxx::in_doubt_error*>(&e) != nullptr) {
    return Status(ErrorCode::kUnavailable,
                  context + ": the connection broke during commit; the outcome is unknown");
  }
  if (IsConnectionLost(e)) {
    return Status(ErrorCode::kUnavailable,
                  context + ": database unavailable: " + Trimmed(e.what()));
  }
  if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e)) {
    const std::string& state = sql->sqlstate();
    if (state == "23505") return Status(ErrorCode::kAlreadyExists, message);
    if (state == "23503") return Status(ErrorCode::kNotFound, message);
    if (state == "23514" || state == "23502" || state.starts_with("22")) {
      return Status(ErrorCode::kInvalidArgument, message);
    }
    if (state == "40001" || state == "40P01") return Status(ErrorCode::kAborted, message);
  }
  return Status(ErrorCode::kInternal, message);
}

}  // namespace skat::store
