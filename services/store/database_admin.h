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
// names, e.g. postgres), a copy of `template_name` when given (else of template1).
// kInvalidArgument unless both names are 1..63 characters of [a-z0-9_]; kNotFound when the
// template does not exist; kAlreadyExists, kUnavailable or kInternal from the server.
Status CreateDatabase(const std::string& server_url, const std::string& name,
                      const std::string& template_name = "");
// DROP DATABASE IF EXISTS `name` WITH (FORCE): closes the sessions still connected to it.
Status DropDatabase(const std::string& server_url, const std::string& name);

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_DATABASE_ADMIN_H_
