// Maps libpqxx exceptions to Status (store.h "Errors"). Internal to services/store/.
#ifndef SKAT_SERVICES_STORE_PG_ERROR_H_
#define SKAT_SERVICES_STORE_PG_ERROR_H_

#include <exception>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/constraints.h"

namespace skat::store {

// What a caller is told when the database cannot be reached.
inline constexpr char kDatabaseUnavailable[] = "the database is unavailable; retry";

// The Status of an exception thrown while doing `context` ("create player 'Anna' of event
// ev-..."). Its message is a sentence of the domain and never carries the server's text, which is
// written to stderr instead (one line, "store: <context>: <server text>") where it is dropped:
// - a violated constraint: the first of `refusals` (the operation's own sentences, naming its
//   values) or else of SchemaRefusals() that the server's message names, as its code and
//   "<context>: <sentence>" (an operation's message as it is); a violation of no listed
//   constraint (a not-null column, a constraint of a newer migration): kAlreadyExists (unique),
//   kNotFound (foreign key) or kInvalidArgument, "<context>: refused by a rule of the stored
//   records";
// - a broken connection, a server shutting down, or a write refused as read-only (the server is
//   a standby, not the primary): kUnavailable, "<context>: " and
//   kDatabaseUnavailable (libpq's reason names the socket path or the host, which a caller need
//   not know; it goes to stderr, at most one line a second); a commit whose outcome is unknown:
//   kUnavailable, the same sentence and that the commit's outcome is unknown;
// - a value the database cannot hold (class 22): kInvalidArgument; a serialization failure or
//   deadlock: kAborted, "try again"; anything else: kInternal.
Status StatusFromException(const std::exception& e, const std::string& context,
                           const std::vector<Refusal>& refusals = {});

// True when `e` means the connection is gone or reaches a standby (it must not be reused).
bool IsConnectionLost(const std::exception& e);

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_PG_ERROR_H_
