// Registries, persons and the registry log (registry_store.h; pg_store.h describes the
// transactions). Every change of persons is logged in the transaction that makes it.
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

#define SKAT_PERSON_COLUMNS                                            \
  "registry_id, id, name, club, COALESCE(member_number, ''), hidden, " \
  "COALESCE(merged_into, ''), seq, EXTRACT(EPOCH FROM created_at)::bigint"

PersonRecord PersonFromRow(const pqxx::row& row) {
  return PersonRecord{.registry_id = row[0].as<std::string>(),
                      .id = row[1].as<std::string>(),
                      .name = row[2].as<std::string>(),
                      .club = row[3].as<std::string>(),
                      .member_number = row[4].as<std::string>(),
                      .hidden = row[5].as<bool>(),
                      .merged_into = row[6].as<std::string>(),
                      .seq = row[7].as<int64_t>(),
                      .created_unix = row[8].as<int64_t>()};
}

// NULL for an empty member number (the unique index ignores NULLs).
const char* OrNull(const std::string& text) { return text.empty() ? nullptr : text.c_str(); }

void Log(WriteTransaction& tx, PooledConnection& conn, const std::string& registry_id,
         const std::string& act, const std::string& person_id, const std::string& other_id,
         const std::string& detail) {
  static constexpr Statement kLog = {
      "registry_log",
      "INSERT INTO registry_log (registry_id, act, person_id, other_id, detail) "
      "VALUES ($1, $2, $3, $4, $5)"};
  tx.exec_prepared0(conn.Prepare(kLog), registry_id, act, person_id, other_id, detail);
}

Result<PersonRecord> ReadPerson(pqxx::transaction_base& tx, PooledConnection& conn,
                                const std::string& registry_id, const std::string& id, bool lock) {
  static constexpr Statement kGet = {"get_person",
                                     "SELECT " SKAT_PERSON_COLUMNS
                                     " FROM persons WHERE registry_id = $1 AND id = $2"};
  static constexpr Statement kLock = {
      "lock_person",
      "SELECT " SKAT_PERSON_COLUMNS " FROM persons WHERE registry_id = $1 AND id = $2 FOR UPDATE"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(lock ? kLock : kGet), registry_id, id);
  if (rows.empty()) {
    return Status::NotFound("person registries/" + registry_id + "/persons/" + id + " not found");
  }
  return PersonFromRow(rows[0]);
}

Status CheckRegistryExists(pqxx::transaction_base& tx, PooledConnection& conn,
                           const std::string& id) {
  static constexpr Statement kExists = {"registry_exists",
                                        "SELECT 1 FROM registries WHERE id = $1"};
  if (tx.exec_prepared(conn.Prepare(kExists), id).empty()) {
    return Status::NotFound("registry " + id + " not found");
  }
  return Status::Ok();
}

std::vector<Refusal> MemberNumberRefusals(const std::string& number) {
  return {{"persons_member_number", ErrorCode::kAlreadyExists,
           "member number " + number + " is another person's of the registry"}};
}

}  // namespace

Result<RegistryRecord> PgStore::CreateRegistry(const RegistryRecord& registry) {
  return Run<WriteTransaction>(
      "create registry " + registry.id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<RegistryRecord> {
        static constexpr Statement kInsert = {
            "insert_registry",
            "INSERT INTO registries (id, name, token_sha256) VALUES ($1, $2, $3) "
            "RETURNING EXTRACT(EPOCH FROM created_at)::bigint"};
        const pqxx::row row = tx.exec_prepared1(conn.Prepare(kInsert), registry.id, registry.name,
                                                registry.token_sha256);
        RegistryRecord stored = registry;
        stored.created_unix = row[0].as<int64_t>();
        return stored;
      });
}

Result<RegistryRecord> PgStore::GetRegistry(const std::string& id) {
  return Run<ReadTransaction>(
      "get registry " + id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<RegistryRecord> {
        static constexpr Statement kGet = {
            "get_registry",
            "SELECT name, token_sha256, EXTRACT(EPOCH FROM created_at)::bigint FROM registries "
            "WHERE id = $1"};
        const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGet), id);
        if (rows.empty()) return Status::NotFound("registry " + id + " not found");
        return RegistryRecord{.id = id,
                              .name = rows[0][0].as<std::string>(),
                              .token_sha256 = rows[0][1].as<std::string>(),
                              .created_unix = rows[0][2].as<int64_t>()};
      });
}

Status PgStore::RotateRegistryToken(const std::string& id, const std::string& old_sha256,
                                    const std::string& new_sha256) {
  return Run<WriteTransaction>(
      "rotate the token of registry " + id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        if (Status s = CheckRegistryExists(tx, conn, id); !s.ok()) return s;
        static constexpr Statement kRotate = {
            "rotate_registry_token",
            "UPDATE registries SET token_sha256 = $3 WHERE id = $1 AND token_sha256 = $2"};
        if (tx.exec_prepared(conn.Prepare(kRotate), id, old_sha256, new_sha256).affected_rows() !=
            1) {
          return Status::Aborted("registry " + id + ": its token was replaced meanwhile");
        }
        Log(tx, conn, id, "rotate-token", "", "", "");
        return Status::Ok();
      });
}

Result<std::vector<PersonRecord>> PgStore::AddPersons(const std::vector<PersonRecord>& persons,
                                                      const std::string& act) {
  const std::string registry_id = persons.empty() ? "" : persons.front().registry_id;
  std::vector<Refusal> refusals;
  for (const PersonRecord& p : persons) {
    if (!p.member_number.empty()) refusals = MemberNumberRefusals(p.member_number);
  }
  if (persons.size() != 1) refusals.clear();  // a batch's refusal cannot name the number
  return Run<WriteTransaction>(
      "add persons to registry " + registry_id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<std::vector<PersonRecord>> {
        if (Status s = CheckRegistryExists(tx, conn, registry_id); !s.ok()) return s;
        static constexpr Statement kInsert = {
            "insert_person",
            "INSERT INTO persons (registry_id, id, name, club, member_number, hidden) "
            "VALUES ($1, $2, $3, $4, $5, $6) "
            "RETURNING seq, EXTRACT(EPOCH FROM created_at)::bigint"};
        std::vector<PersonRecord> stored;
        for (const PersonRecord& p : persons) {
          const pqxx::row row = tx.exec_prepared1(conn.Prepare(kInsert), registry_id, p.id, p.name,
                                                  p.club, OrNull(p.member_number), p.hidden);
          PersonRecord s = p;
          s.seq = row[0].as<int64_t>();
          s.created_unix = row[1].as<int64_t>();
          Log(tx, conn, registry_id, act, p.id, "", p.name);
          stored.push_back(std::move(s));
        }
        return stored;
      });
}

Result<PersonRecord> PgStore::GetPerson(const std::string& registry_id, const std::string& id) {
  return Run<ReadTransaction>("get person " + id, [&](ReadTransaction& tx, PooledConnection& conn) {
    return ReadPerson(tx, conn, registry_id, id, false);
  });
}

Result<std::vector<PersonRecord>> PgStore::ListPersons(const std::string& registry_id,
                                                       int64_t after_seq, int limit,
                                                       bool with_hidden) {
  if (Status s = CheckPageLimit(limit, "persons"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list the persons of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<PersonRecord>> {
        if (Status s = CheckRegistryExists(tx, conn, registry_id); !s.ok()) return s;
        static constexpr Statement kList = {
            "list_persons",
            "SELECT " SKAT_PERSON_COLUMNS
            " FROM persons WHERE registry_id = $1 AND seq > $2 AND merged_into IS NULL "
            "AND (NOT hidden OR $4) ORDER BY seq LIMIT $3"};
        std::vector<PersonRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kList), registry_id, after_seq, limit, with_hidden)) {
          out.push_back(PersonFromRow(row));
        }
        return out;
      });
}

Result<std::string> PgStore::PersonsStamp(const std::string& registry_id) {
  return Run<ReadTransaction>(
      "read the persons stamp of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::string> {
        if (Status s = CheckRegistryExists(tx, conn, registry_id); !s.ok()) return s;
        static constexpr Statement kStamp = {
            "persons_stamp",
            "SELECT count(*) || ':' || COALESCE(sum(xmin::text::bigint), 0) FROM persons "
            "WHERE registry_id = $1"};
        return tx.exec_prepared1(conn.Prepare(kStamp), registry_id)[0].as<std::string>();
      });
}

Result<std::vector<PersonRecord>> PgStore::FindPersons(
    const std::string& registry_id, const std::vector<std::string>& numbers,
    const std::vector<std::pair<std::string, std::string>>& names) {
  std::vector<std::string> person_names, clubs;
  for (const auto& [name, club] : names) {
    person_names.push_back(name);
    clubs.push_back(club);
  }
  return Run<ReadTransaction>(
      "find persons of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<PersonRecord>> {
        static constexpr Statement kFind = {
            "find_persons", "SELECT " SKAT_PERSON_COLUMNS
                            " FROM persons WHERE registry_id = $1 AND merged_into IS NULL AND "
                            "(member_number = ANY($2::text[]) OR (lower(name), club) IN "
                            "(SELECT lower(n), c FROM unnest($3::text[], $4::text[]) AS u(n, c))) "
                            "ORDER BY seq LIMIT 1000"};
        std::vector<PersonRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kFind), registry_id, ArrayLiteral(numbers),
                              ArrayLiteral(person_names), ArrayLiteral(clubs))) {
          out.push_back(PersonFromRow(row));
        }
        return out;
      });
}

Result<PersonRecord> PgStore::UpdatePerson(const PersonRecord& person, const std::string& detail) {
  return Run<WriteTransaction>(
      "update person " + person.id, MemberNumberRefusals(person.member_number),
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<PersonRecord> {
        Result<PersonRecord> current = ReadPerson(tx, conn, person.registry_id, person.id, true);
        if (!current.ok()) return current.status();
        if (!current->merged_into.empty()) {
          return Status::NotFound("person " + person.id + " was merged into " +
                                  current->merged_into);
        }
        static constexpr Statement kUpdate = {
            "update_person",
            "UPDATE persons SET name = $3, club = $4, member_number = $5, hidden = $6 "
            "WHERE registry_id = $1 AND id = $2"};
        tx.exec_prepared0(conn.Prepare(kUpdate), person.registry_id, person.id, person.name,
                          person.club, OrNull(person.member_number), person.hidden);
        Log(tx, conn, person.registry_id, "update", person.id, "", detail);
        return ReadPerson(tx, conn, person.registry_id, person.id, false);
      });
}

Result<PersonRecord> PgStore::MergePersons(const std::string& registry_id, const std::string& from,
                                           const std::string& into) {
  return Run<WriteTransaction>(
      "merge person " + from + " into " + into,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<PersonRecord> {
        Result<PersonRecord> a = ReadPerson(tx, conn, registry_id, from, true);
        if (!a.ok()) return a.status();
        Result<PersonRecord> b = ReadPerson(tx, conn, registry_id, into, true);
        if (!b.ok()) return b.status();
        for (const PersonRecord* p : {&*a, &*b}) {
          if (!p->merged_into.empty()) {
            return Status::NotFound("person " + p->id + " was merged into " + p->merged_into +
                                    " already");
          }
        }
        static constexpr Statement kMerge = {
            "merge_person",
            "UPDATE persons SET merged_into = $3 WHERE registry_id = $1 AND id = $2"};
        tx.exec_prepared0(conn.Prepare(kMerge), registry_id, from, into);
        if (b->member_number.empty() && !a->member_number.empty()) {
          static constexpr Statement kTakeNumber = {
              "take_member_number",
              "UPDATE persons SET member_number = $3 WHERE registry_id = $1 AND id = $2"};
          tx.exec_prepared0(conn.Prepare(kTakeNumber), registry_id, into, a->member_number);
        }
        Log(tx, conn, registry_id, "merge", from, into, a->name + " into " + b->name);
        return ReadPerson(tx, conn, registry_id, into, false);
      });
}

Result<std::vector<RegistryLogRecord>> PgStore::ListRegistryLog(const std::string& registry_id,
                                                                int64_t after_seq, int limit) {
  if (Status s = CheckPageLimit(limit, "log entries"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list the log of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<RegistryLogRecord>> {
        if (Status s = CheckRegistryExists(tx, conn, registry_id); !s.ok()) return s;
        static constexpr Statement kList = {
            "list_registry_log",
            "SELECT seq, EXTRACT(EPOCH FROM at)::bigint, act, person_id, other_id, detail "
            "FROM registry_log WHERE registry_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"};
        std::vector<RegistryLogRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kList), registry_id, after_seq, limit)) {
          out.push_back({.seq = row[0].as<int64_t>(),
                         .at_unix = row[1].as<int64_t>(),
                         .act = row[2].as<std::string>(),
                         .person_id = row[3].as<std::string>(),
                         .other_id = row[4].as<std::string>(),
                         .detail = row[5].as<std::string>()});
        }
        return out;
      });
}

Status PgStore::SetEventRated(const std::string& registry_id, const std::string& event_id,
                              bool rated) {
  return Run<WriteTransaction>(
      "rate event " + event_id, [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kLock = {
            "lock_rated_event",
            "SELECT EXISTS (SELECT 1 FROM sessions WHERE event_id = $1) FROM events "
            "WHERE id = $1 AND registry_id = $2 FOR UPDATE"};
        const pqxx::result rows = tx.exec_prepared(conn.Prepare(kLock), event_id, registry_id);
        if (rows.empty()) {
          return Status::NotFound("event " + event_id + " is not an event of registry " +
                                  registry_id);
        }
        if (rows[0][0].as<bool>()) {
          return Status::NotAllowed("event " + event_id +
                                    " has started: whether it is rated is decided before its "
                                    "first session (docs/ratings.md \"Order\")");
        }
        static constexpr Statement kRate = {"rate_event",
                                            "UPDATE events SET rated = $2 WHERE id = $1"};
        tx.exec_prepared0(conn.Prepare(kRate), event_id, rated);
        Log(tx, conn, registry_id, "rate", "", "",
            "events/" + event_id + (rated ? " rated" : " not rated"));
        return Status::Ok();
      });
}

#undef SKAT_PERSON_COLUMNS

}  // namespace skat::store
