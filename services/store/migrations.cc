#include "services/store/migrations.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <pqxx/pqxx>
#include <regex>
#include <sstream>
#include <utility>

#include "services/store/pg_error.h"

#ifndef SKAT_MIGRATIONS_DIR
#error "SKAT_MIGRATIONS_DIR must name the source tree's migrations/ (services/store/CMakeLists.txt)"
#endif

namespace skat::store {
namespace {

// pg_advisory_xact_lock key for migrations: "skat" in ASCII.
constexpr int64_t kMigrationLock = 0x736b6174;

// One half of a migration while pairing the files.
struct Half {
  std::string title;
  std::optional<std::string> up;
  std::optional<std::string> down;
};

void CreateMigrationsTable(pqxx::work& tx) {
  tx.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
  tx.exec0(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      "  version integer PRIMARY KEY,"
      "  name text NOT NULL,"
      "  applied_at timestamptz NOT NULL DEFAULT now())");
}

std::vector<AppliedMigration> ReadApplied(pqxx::transaction_base& tx) {
  std::vector<AppliedMigration> applied;
  const pqxx::result rows = tx.exec(
      "SELECT version, name, EXTRACT(EPOCH FROM applied_at)::bigint FROM schema_migrations "
      "ORDER BY version");
  for (const pqxx::row& row : rows) {
    applied.push_back(AppliedMigration{.version = row[0].as<int>(),
                                       .name = row[1].as<std::string>(),
                                       .applied_unix = row[2].as<int64_t>()});
  }
  return applied;
}

bool TableExists(pqxx::transaction_base& tx) {
  return !tx.exec_params("SELECT to_regclass($1)", "schema_migrations")[0][0].is_null();
}

}  // namespace

Result<std::vector<Migration>> ParseMigrations(const std::vector<MigrationFile>& files) {
  static const std::regex kName(R"(^([0-9]{4})_([A-Za-z0-9_-]+)\.(up|down)\.sql$)");
  std::map<int, Half> halves;
  for (const MigrationFile& file : files) {
    if (!file.name.ends_with(".sql")) continue;
    std::smatch match;
    if (!std::regex_match(file.name, match, kName)) {
      return Status::InvalidArgument("migration file " + file.name +
                                     ": the name must be NNNN_title.up.sql or NNNN_title.down.sql");
    }
    const int version = std::stoi(match[1].str());
    const std::string title = match[1].str() + "_" + match[2].str();
    Half& half = halves[version];
    if (!half.title.empty() && half.title != title) {
      return Status::InvalidArgument("migration file " + file.name + ": version " + match[1].str() +
                                     " is already used by " + half.title);
    }
    half.title = title;
    std::optional<std::string>& slot = match[3] == "up" ? half.up : half.down;
    if (slot.has_value())
      return Status::InvalidArgument("migration file " + file.name + " appears twice");
    slot = file.content;
  }
  std::vector<Migration> migrations;
  for (auto& [version, half] : halves) {
    if (!half.up)
      return Status::InvalidArgument("migration " + half.title + ".down.sql has no .up.sql");
    if (!half.down)
      return Status::InvalidArgument("migration " + half.title + ".up.sql has no .down.sql");
    migrations.push_back(Migration{.version = version,
                                   .name = half.title,
                                   .up_sql = std::move(*half.up),
                                   .down_sql = std::move(*half.down)});
  }
  return migrations;
}

Result<std::vector<Migration>> ReadMigrations(const std::string& dir) {
  std::error_code error;
  std::filesystem::directory_iterator it(dir, error);
  if (error) {
    return Status::NotFound("cannot read migrations directory " + dir + ": " + error.message());
  }
  std::vector<MigrationFile> files;
  for (const std::filesystem::directory_entry& entry : it) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with(".sql")) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    if (!in) {
      return Status::NotFound("cannot read migration file " + entry.path().string());
    }
    files.push_back(MigrationFile{.name = name, .content = content.str()});
  }
  Result<std::vector<Migration>> migrations = ParseMigrations(files);
  if (!migrations.ok()) {
    return Status(migrations.status().code(), dir + ": " + migrations.status().message());
  }
  return migrations;
}

Result<std::vector<Migration>> EmbeddedMigrations() {
  return ParseMigrations(EmbeddedMigrationFiles());
}

std::string SourceMigrationsDir() { return SKAT_MIGRATIONS_DIR; }

Migrator::Migrator(std::string url, std::vector<Migration> migrations)
    : url_(std::move(url)), migrations_(std::move(migrations)) {}

Status Migrator::Up() {
  std::string context = "connect to database";
  try {
    pqxx::connection conn(url_);
    context = "create schema_migrations";
    std::vector<AppliedMigration> applied;
    {
      pqxx::work tx(conn);
      CreateMigrationsTable(tx);
      applied = ReadApplied(tx);
      tx.commit();
    }
    // A recorded version must be one of ours under the same name: otherwise the database was
    // migrated by a newer program, or a migration was edited after it was applied.
    for (const AppliedMigration& done : applied) {
      const auto known =
          std::find_if(migrations_.begin(), migrations_.end(),
                       [&](const Migration& m) { return m.version == done.version; });
      if (known == migrations_.end()) {
        return Status::Internal("the database records migration " + done.name +
                                ", which this program does not have (a newer schema?)");
      }
      if (known->name != done.name) {
        return Status::Internal("the database records migration " + done.name +
                                " where this program has " + known->name);
      }
    }
    for (const Migration& migration : migrations_) {
      context = "migration " + migration.name + ".up.sql";
      pqxx::work tx(conn);
      tx.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
      // Another process may have applied it since we looked.
      if (!tx.exec_params("SELECT 1 FROM schema_migrations WHERE version = $1", migration.version)
               .empty()) {
        continue;
      }
      tx.exec(migration.up_sql);
      tx.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                      migration.version, migration.name);
      tx.commit();
    }
    return Status::Ok();
  } catch (const std::exception& e) {
    return StatusFromException(e, context);
  }
}

Status Migrator::Down(int n) {
  std::string context = "connect to database";
  try {
    pqxx::connection conn(url_);
    for (int i = 0; i < n; ++i) {
      context = "revert a migration";
      pqxx::work tx(conn);
      tx.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
      if (!TableExists(tx)) return Status::Ok();
      const pqxx::result last =
          tx.exec("SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1");
      if (last.empty()) return Status::Ok();
      const int version = last[0][0].as<int>();
      const std::string name = last[0][1].as<std::string>();
      const auto known = std::find_if(migrations_.begin(), migrations_.end(),
                                      [&](const Migration& m) { return m.version == version; });
      if (known == migrations_.end() || known->name != name) {
        return Status::Internal("cannot revert migration " + name + ": this program has no " +
                                name + ".down.sql");
      }
      context = "migration " + name + ".down.sql";
      tx.exec(known->down_sql);
      tx.exec_params0("DELETE FROM schema_migrations WHERE version = $1", version);
      tx.commit();
    }
    return Status::Ok();
  } catch (const std::exception& e) {
    return StatusFromException(e, context);
  }
}

Status Migrator::DownAll() {
  Result<std::vector<AppliedMigration>> applied = Applied();
  if (!applied.ok()) return applied.status();
  return Down(static_cast<int>(applied->size()));
}

Result<std::vector<AppliedMigration>> Migrator::Applied() {
  try {
    pqxx::connection conn(url_);
    pqxx::read_transaction tx(conn);
    if (!TableExists(tx)) return std::vector<AppliedMigration>{};
    return ReadApplied(tx);
  } catch (const std::exception& e) {
    return StatusFromException(e, "read schema_migrations");
  }
}

}  // namespace skat::store
