// Creating and dropping whole databases, for the throwaway database of each test run
// (docs/development.md "cgimap") and for tools. The store's methods work inside one database;
// these work on a server.
#ifndef SKAT_SERVICES_STORE_DATABASE_ADMIN_H_
#define SKAT_SERVICES_STORE_DATABASE_ADMIN_H_

#include <string>

#include "engine/status.h"

namespace skat::store {

// `url` (a libpq URL, "postgresql://host:port/db?opts" or "postgresql:///db?host=/tmp/x") with
// its database name replaced by `database` (added when absent). Other parts are kept as written.
std::string UrlWithDatabase(const std::string& url, const std::string& database);

// CREATE DATABASE `name` on the server that `server_url` reaches (connected to the database it
// names, e.g. postgres). kInvalidArgument unless name is 1..63 characters of [a-z0-9_];
// kAlreadyExists, kUnavailable or kInternal from the server.
Status CreateDatabase(const std::string& server_url, const std::string& name);
// DROP DATABASE IF EXISTS `name` WITH (FORCE): closes the sessions still connected to it.
Status DropDatabase(const std::string& server_url, const std::string& name);

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_DATABASE_ADMIN_H_
