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
// one-line messages read better in the log.
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

// The server's text of a refusal, for the operator: callers get a sentence of the domain.
void Log(const std::string& context, const std::string& server_text) {
  std::cerr << "store: " + context + ": " + server_text + "\n";  // one write: one line
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
  std::cerr << "store: " << context << ": " << detail;
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
    // connect now. 25006 (read-only transaction) on a write: every write of the store runs in a
    // read-write transaction, so the server is a standby: a primary demoted under the connection,
    // or a proxy that still routes to it (docs/reliability.md "High availability"). The
    // connection is dropped; the next one goes to the primary.
    const std::string& state = sql->sqlstate();
    return state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03" ||
           state == "25006";
  }
  return false;
}

Status StatusFromException(const std::exception& e, const std::string& context,
                           const std::vector<Refusal>& refusals) {
  const std::string server_text = Trimmed(e.what());
  if (dynamic_cast<const pqxx::in_doubt_error*>(&e) != nullptr) {
    Log(context, server_text);
    return Status::Unavailable(context + ": " + kDatabaseUnavailable +
                               " (the connection broke during commit: whether it took effect "
                               "is unknown)");
  }
  if (IsConnectionLost(e)) {
    LogConnectionDetail(context, Trimmed(e.what()));
    return Status::Unavailable(context + ": " + kDatabaseUnavailable);
  }
  const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e);
  const std::string state = sql != nullptr ? sql->sqlstate() : "";
  if (state.starts_with("23")) {  // integrity constraint violation
    if (const Refusal* own = FindRefusal(e.what(), refusals)) {
      return Status(own->code, own->message);
    }
    if (const Refusal* schema = FindRefusal(e.what(), SchemaRefusals())) {
      return Status(schema->code, context + ": " + schema->message);
    }
    Log(context, server_text);
    const ErrorCode code = state == "23505"   ? ErrorCode::kAlreadyExists
                           : state == "23503" ? ErrorCode::kNotFound
                                              : ErrorCode::kInvalidArgument;
    return Status(code, context + ": refused by a rule of the stored records");
  }
  Log(context, server_text);
  if (state.starts_with("22")) {  // data exception
    return Status::InvalidArgument(context + ": a value is outside what the database can hold");
  }
  if (state == "40001" || state == "40P01") {
    return Status::Aborted(context + ": it conflicted with a concurrent change; try again");
  }
  return Status::Internal(context + ": the database failed (see the server's log)");
}

}  // namespace skat::store
