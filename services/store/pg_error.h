// Maps libpqxx exceptions to Status (store.h "Errors"). Internal to services/store/.
#ifndef SKAT_SERVICES_STORE_PG_ERROR_H_
#define SKAT_SERVICES_STORE_PG_ERROR_H_

#include <exception>
#include <string>

#include "engine/status.h"

namespace skat::store {

// What a caller is told when the database cannot be reached.
inline constexpr char kDatabaseUnavailable[] = "the database is unavailable; retry";

// kUnavailable for a broken connection, a commit whose outcome is unknown, or a server shutting
// down; kAlreadyExists for a unique violation; kNotFound for a foreign-key violation (the parent
// row is missing); kInvalidArgument for a check or not-null violation; kAborted for a
// serialization failure or deadlock; kInternal otherwise. The message is `context`, ": " and the
// server's message, except for a broken connection: then `context`, ": " and
// kDatabaseUnavailable, because libpq's reason names the socket path or the host (a caller need
// not know where the database lives); that reason goes to stderr instead.
Status StatusFromException(const std::exception& e, const std::string& context);

// True when `e` means the connection is gone (it must not be reused).
bool IsConnectionLost(const std::exception& e);

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_PG_ERROR_H_
