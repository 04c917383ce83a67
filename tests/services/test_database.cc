#include "tests/services/test_database.h"

#include <unistd.h>

#include <pqxx/pqxx>

#include "services/common/auth.h"
#include "services/store/migrations.h"
#include "services/store/pg_error.h"
#include "services/store/store.h"

namespace skat::testing_db {
namespace {

// The template of one set of migrations: named by the SHA-256 of their names and SQL.
std::string TemplateName(const std::vector<store::Migration>& migrations) {
  std::string all;
  for (const store::Migration& m : migrations) {
    all.append(m.name).append(1, '\0').append(m.up_sql).append(1, '\0').append(m.down_sql);
    all.append(1, '\0');
  }
  return "skat_test_template_" + service::Sha256Hex(all).substr(0, 16);
}

// Makes `template_name` unless the server has it: migrates a database of another name, then
// renames it. One process at a time (an advisory lock of the admin session).
Status MakeTemplate(const std::string& server, const std::string& template_name) {
  try {
    pqxx::connection admin(server);
    pqxx::nontransaction tx(admin);
    constexpr int64_t kLock = 0x736b61745f746d70;  // "skat_tmp"
    tx.exec_params("SELECT pg_advisory_lock($1)", kLock);
    const bool exists =
        !tx.exec_params("SELECT 1 FROM pg_database WHERE datname = $1", template_name).empty();
    Status made = Status::Ok();
    if (!exists) {
      const std::string building = "skat_test_building_" + std::to_string(getpid());
      made = store::DropDatabase(server, building);
      if (made.ok()) made = store::CreateDatabase(server, building);
      if (made.ok()) {
        Result<std::unique_ptr<store::Store>> store =
            store::Store::Connect(store::UrlWithDatabase(server, building), 1);
        made = store.ok() ? (*store)->Migrate() : store.status();
      }  // the store's connections close here: a database in use cannot be renamed
      if (made.ok()) {
        tx.exec0("ALTER DATABASE " + admin.quote_name(building) + " RENAME TO " +
                 admin.quote_name(template_name));
      }
    }
    tx.exec_params("SELECT pg_advisory_unlock($1)", kLock);
    return made;
  } catch (const std::exception& e) {
    return store::StatusFromException(e, "make the test template " + template_name);
  }
}

}  // namespace

Status CreateMigratedDatabase(const std::string& server, const std::string& name) {
  Result<std::vector<store::Migration>> migrations = store::EmbeddedMigrations();
  if (!migrations.ok()) return migrations.status();
  const std::string template_name = TemplateName(*migrations);
  Status created = store::CreateDatabase(server, name, template_name);
  if (created.code() != ErrorCode::kNotFound) return created;
  if (Status made = MakeTemplate(server, template_name); !made.ok()) return made;
  return store::CreateDatabase(server, name, template_name);
}

}  // namespace skat::testing_db
