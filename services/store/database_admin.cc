#include "services/store/database_admin.h"

#include <algorithm>
#include <pqxx/pqxx>

#include "services/store/pg_error.h"

namespace skat::store {
namespace {

bool ValidName(const std::string& name) {
  return !name.empty() && name.size() <= 63 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

Status CheckName(const std::string& name, const std::string& what) {
  if (ValidName(name)) return Status::Ok();
  return Status::InvalidArgument(what + " name '" + name +
                                 "' must be 1..63 characters of a-z, 0-9 and _");
}

// Runs one statement outside a transaction (CREATE/DROP DATABASE cannot run inside one). The
// name is an identifier, which cannot be a bound parameter: it is checked by ValidName and
// quoted by the server's rules.
Status RunOutsideTransaction(const std::string& server_url, const std::string& name,
                             const std::string& before, const std::string& after,
                             const std::string& context) {
  if (Status s = CheckName(name, "database"); !s.ok()) return s;
  try {
    pqxx::connection conn(server_url);
    pqxx::nontransaction tx(conn);
    tx.exec0(before + conn.quote_name(name) + after);
    return Status::Ok();
  } catch (const std::exception& e) {
    if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e);
        sql != nullptr && sql->sqlstate() == "42P04") {  // duplicate_database
      return Status::AlreadyExists(context + ": database " + name + " exists");
    }
    if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e);
        sql != nullptr && sql->sqlstate() == "3D000") {  // invalid_catalog_name
      return Status::NotFound(context + ": " + sql->what());
    }
    return StatusFromException(e, context);
  }
}

}  // namespace

std::string UrlWithDatabase(const std::string& url, const std::string& database) {
  const size_t scheme = url.find("://");
  if (scheme == std::string::npos) return url;  // not a URL; nothing to replace
  const size_t authority = scheme + 3;
  const size_t query = std::min(url.find('?', authority), url.size());
  const size_t slash = url.find('/', authority);
  if (slash == std::string::npos || slash > query) {
    return url.substr(0, query) + "/" + database + url.substr(query);
  }
  return url.substr(0, slash + 1) + database + url.substr(query);
}

Status CreateDatabase(const std::string& server_url, const std::string& name,
                      const std::string& template_name) {
  if (template_name.empty()) {
    return RunOutsideTransaction(server_url, name, "CREATE DATABASE ", "",
                                 "create database " + name);
  }
  if (Status s = CheckName(template_name, "template database"); !s.ok()) return s;
  // The template's name is checked above: it needs no escaping inside the quotes.
  return RunOutsideTransaction(server_url, name, "CREATE DATABASE ",
                               " TEMPLATE \"" + template_name + "\"",
                               "create database " + name + " from " + template_name);
}

Status DropDatabase(const std::string& server_url, const std::string& name) {
  return RunOutsideTransaction(server_url, name, "DROP DATABASE IF EXISTS ", " WITH (FORCE)",
                               "drop database " + name);
}

}  // namespace skat::store
