#include "services/store/pg_error.h"

#include <chrono>
#include <iostream>
#include <mutex>
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

// libpq's reason names the socket file or the host and port (connection to server on socket
// "/tmp/skat-pg-.../.s.PGSQL.5432" failed: ...): for the server's log only. While the database is
// down every call fails alike, so at most one line a second, with the count of those skipped.
void LogConnectionDetail(const std::string& context, const std::string& detail) {
  using Clock = std::chrono::steady_clock;
  static std::mutex mutex;
  static Clock::time_point last;
  static int skipped = 0;
  std::lock_guard lock(mutex);
  const Clock::time_point now = Clock::now();
  if (last != Clock::time_point() && now - last < std::chrono::seconds(1)) {
    ++skipped;
    return;
  }
  std::cerr << "skatd: " << context << ": database unavailable: " << detail;
  if (skipped > 0) std::cerr << " (" << skipped << " more like it since the last line)";
  std::cerr << "\n";
  last = now;
  skipped = 0;
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
    LogConnectionDetail(context, Trimmed(e.what()));
    return Status(ErrorCode::kUnavailable, context + ": " + kDatabaseUnavailable);
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
