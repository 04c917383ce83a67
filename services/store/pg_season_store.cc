// Seasons and their events (season_store.h; pg_store.h describes the transactions). A season's
// events are read with it, in the order of adding.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

#define SKAT_SEASON_COLUMNS                                                                      \
  "s.id, s.registry_id, s.name, EXTRACT(EPOCH FROM s.created_at)::bigint, "                      \
  "(EXTRACT(EPOCH FROM s.created_at) * 1000000)::bigint, s.aggregate, s.best_of, "               \
  "s.min_attendance, s.win_points, s.draw_points, s.loss_points, s.placing_points, "             \
  "s.entry_fee_cents, s.prize_split_permille, s.pot_permille, s.pot_split_permille, "            \
  "s.loss_fee_cents, s.loss_fee_games, s.loss_fee_after_cents, "                                 \
  "array_to_string(ARRAY(SELECT e.event_id FROM season_events e WHERE e.season_id = s.id ORDER " \
  "BY e.seq), ',')"

std::vector<std::string> SplitIds(const std::string& text) {
  std::vector<std::string> ids;
  std::stringstream in(text);
  std::string id;
  while (std::getline(in, id, ',')) {
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

SeasonRecord SeasonFromRow(const pqxx::row& row) {
  SeasonRecord s;
  s.id = row[0].as<std::string>();
  s.registry_id = row[1].as<std::string>();
  s.name = row[2].as<std::string>();
  s.created_unix = row[3].as<int64_t>();
  s.created_micros = row[4].as<int64_t>();
  s.aggregate = row[5].as<std::string>();
  s.best_of = row[6].as<int>();
  s.min_attendance = row[7].as<int>();
  s.win_points = row[8].as<int>();
  s.draw_points = row[9].as<int>();
  s.loss_points = row[10].as<int>();
  s.placing_points = IntsFromArray(row[11]);
  s.entry_fee_cents = row[12].as<int64_t>();
  s.prize_split_permille = IntsFromArray(row[13]);
  s.pot_permille = row[14].as<int>();
  s.pot_split_permille = IntsFromArray(row[15]);
  s.loss_fee_cents = row[16].as<int64_t>();
  s.loss_fee_games = row[17].as<int>();
  s.loss_fee_after_cents = row[18].as<int64_t>();
  s.event_ids = SplitIds(row[19].as<std::string>());
  return s;
}

Result<SeasonRecord> ReadSeason(pqxx::transaction_base& tx, PooledConnection& conn,
                                const std::string& id) {
  static constexpr Statement kGet = {
      "get_season", "SELECT " SKAT_SEASON_COLUMNS " FROM seasons s WHERE s.id = $1"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGet), id);
  if (rows.empty()) return Status::NotFound("season seasons/" + id + " not found");
  return SeasonFromRow(rows[0]);
}

// Locks the season's row until `tx` ends (adding and removing events one at a time, so that the
// bound of kMaxSeasonEvents holds). kNotFound for no such season.
Status LockSeason(WriteTransaction& tx, PooledConnection& conn, const std::string& id) {
  static constexpr Statement kLock = {"lock_season",
                                      "SELECT 1 FROM seasons WHERE id = $1 FOR UPDATE"};
  if (tx.exec_prepared(conn.Prepare(kLock), id).empty()) {
    return Status::NotFound("season seasons/" + id + " not found");
  }
  return Status::Ok();
}

}  // namespace

Result<SeasonRecord> PgStore::CreateSeason(const SeasonRecord& season) {
  return Run<WriteTransaction>(
      "create season " + season.id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<SeasonRecord> {
        // The registry's row is locked so that concurrent creations count one after another.
        static constexpr Statement kLockRegistry = {
            "season_lock_registry", "SELECT 1 FROM registries WHERE id = $1 FOR UPDATE"};
        if (tx.exec_prepared(conn.Prepare(kLockRegistry), season.registry_id).empty()) {
          return Status::NotFound("registry registries/" + season.registry_id + " not found");
        }
        static constexpr Statement kCount = {"count_seasons",
                                             "SELECT count(*) FROM seasons WHERE registry_id = $1"};
        if (tx.exec_prepared1(conn.Prepare(kCount), season.registry_id)[0].as<int>() >=
            kMaxSeasonsPerRegistry) {
          return Status::ResourceExhausted("registry registries/" + season.registry_id +
                                           " holds 1,000 seasons, the most it may hold "
                                           "(docs/seasons.md)");
        }
        static constexpr Statement kInsert = {
            "insert_season",
            "INSERT INTO seasons (id, registry_id, name, aggregate, best_of, min_attendance, "
            "win_points, draw_points, loss_points, placing_points, entry_fee_cents, "
            "prize_split_permille, pot_permille, pot_split_permille, loss_fee_cents, "
            "loss_fee_games, loss_fee_after_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
            "$10::integer[], $11, $12::integer[], $13, $14::integer[], $15, $16, $17)"};
        tx.exec_prepared0(conn.Prepare(kInsert), season.id, season.registry_id, season.name,
                          season.aggregate, season.best_of, season.min_attendance,
                          season.win_points, season.draw_points, season.loss_points,
                          ArrayLiteral(season.placing_points), season.entry_fee_cents,
                          ArrayLiteral(season.prize_split_permille), season.pot_permille,
                          ArrayLiteral(season.pot_split_permille), season.loss_fee_cents,
                          season.loss_fee_games, season.loss_fee_after_cents);
        return ReadSeason(tx, conn, season.id);
      });
}

Result<SeasonRecord> PgStore::GetSeason(const std::string& id) {
  return Run<ReadTransaction>("get season " + id, [&](ReadTransaction& tx, PooledConnection& conn) {
    return ReadSeason(tx, conn, id);
  });
}

Result<std::vector<SeasonRecord>> PgStore::ListSeasons(const std::string& registry_id,
                                                       int64_t after_micros,
                                                       const std::string& after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "seasons"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list the seasons of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<SeasonRecord>> {
        static constexpr Statement kExists = {"season_registry_exists",
                                              "SELECT 1 FROM registries WHERE id = $1"};
        if (tx.exec_prepared(conn.Prepare(kExists), registry_id).empty()) {
          return Status::NotFound("registry registries/" + registry_id + " not found");
        }
        static constexpr Statement kList = {
            "list_seasons",
            "SELECT " SKAT_SEASON_COLUMNS
            " FROM seasons s WHERE s.registry_id = $1 AND ($3 = '' OR "
            "((EXTRACT(EPOCH FROM s.created_at) * 1000000)::bigint, s.id) < ($2, $3)) "
            "ORDER BY s.created_at DESC, s.id DESC LIMIT $4"};
        std::vector<SeasonRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kList), registry_id, after_micros, after_id, limit)) {
          out.push_back(SeasonFromRow(row));
        }
        return out;
      });
}

Result<SeasonRecord> PgStore::UpdateSeason(const std::string& id,
                                           const std::function<Status(SeasonRecord&)>& merge) {
  return Run<WriteTransaction>(
      "update season " + id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<SeasonRecord> {
        if (Status locked = LockSeason(tx, conn, id); !locked.ok()) return locked;
        Result<SeasonRecord> read = ReadSeason(tx, conn, id);
        if (!read.ok()) return read.status();
        SeasonRecord season = std::move(read).value();
        if (Status merged = merge(season); !merged.ok()) return merged;
        static constexpr Statement kUpdate = {
            "update_season",
            "UPDATE seasons SET name = $2, aggregate = $3, best_of = $4, min_attendance = $5, "
            "win_points = $6, draw_points = $7, loss_points = $8, "
            "placing_points = $9::integer[], entry_fee_cents = $10, "
            "prize_split_permille = $11::integer[], pot_permille = $12, "
            "pot_split_permille = $13::integer[], loss_fee_cents = $14, loss_fee_games = $15, "
            "loss_fee_after_cents = $16 WHERE id = $1"};
        if (tx.exec_prepared(conn.Prepare(kUpdate), season.id, season.name, season.aggregate,
                             season.best_of, season.min_attendance, season.win_points,
                             season.draw_points, season.loss_points,
                             ArrayLiteral(season.placing_points), season.entry_fee_cents,
                             ArrayLiteral(season.prize_split_permille), season.pot_permille,
                             ArrayLiteral(season.pot_split_permille), season.loss_fee_cents,
                             season.loss_fee_games, season.loss_fee_after_cents)
                .affected_rows() != 1) {
          return Status::NotFound("season seasons/" + season.id + " not found");
        }
        return ReadSeason(tx, conn, season.id);
      });
}

Result<SeasonRecord> PgStore::AddSeasonEvent(const std::string& season_id,
                                             const std::string& event_id) {
  return Run<WriteTransaction>(
      "add event " + event_id + " to season " + season_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<SeasonRecord> {
        if (Status s = LockSeason(tx, conn, season_id); !s.ok()) return s;
        Result<SeasonRecord> season = ReadSeason(tx, conn, season_id);
        if (!season.ok()) return season;
        static constexpr Statement kEvent = {
            "season_event_registry", "SELECT 1 FROM events WHERE id = $1 AND registry_id = $2"};
        if (tx.exec_prepared(conn.Prepare(kEvent), event_id, season->registry_id).empty()) {
          return Status::NotFound("event events/" + event_id +
                                  " not found in registry registries/" + season->registry_id +
                                  " (docs/seasons.md)");
        }
        for (const std::string& id : season->event_ids) {
          if (id == event_id) {
            return Status::AlreadyExists("event events/" + event_id + " is in season seasons/" +
                                         season_id + " already");
          }
        }
        if (static_cast<int>(season->event_ids.size()) >= kMaxSeasonEvents) {
          return Status::ResourceExhausted("season seasons/" + season_id +
                                           " holds 100 events, the most it may hold "
                                           "(docs/seasons.md)");
        }
        static constexpr Statement kInsert = {
            "insert_season_event",
            "INSERT INTO season_events (season_id, event_id) VALUES ($1, $2)"};
        tx.exec_prepared0(conn.Prepare(kInsert), season_id, event_id);
        SeasonRecord added = std::move(season).value();
        added.event_ids.push_back(event_id);
        return added;
      });
}

Result<SeasonRecord> PgStore::RemoveSeasonEvent(const std::string& season_id,
                                                const std::string& event_id) {
  return Run<WriteTransaction>(
      "remove event " + event_id + " from season " + season_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<SeasonRecord> {
        if (Status s = LockSeason(tx, conn, season_id); !s.ok()) return s;
        static constexpr Statement kDelete = {
            "delete_season_event",
            "DELETE FROM season_events WHERE season_id = $1 AND event_id = $2"};
        if (tx.exec_prepared(conn.Prepare(kDelete), season_id, event_id).affected_rows() != 1) {
          return Status::NotFound("event events/" + event_id + " is not in season seasons/" +
                                  season_id);
        }
        return ReadSeason(tx, conn, season_id);
      });
}

Result<std::optional<SeasonRecord>> PgStore::MoneySeasonOfEvent(const std::string& event_id) {
  return Run<ReadTransaction>(
      "the season with money of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::optional<SeasonRecord>> {
        static constexpr Statement kFind = {
            "money_season_of_event",
            "SELECT " SKAT_SEASON_COLUMNS
            " FROM seasons s JOIN season_events se ON se.season_id = s.id WHERE se.event_id = $1 "
            "AND (s.entry_fee_cents > 0 OR s.loss_fee_cents > 0 OR s.loss_fee_after_cents > 0) "
            "ORDER BY s.created_at, s.id LIMIT 1"};
        const pqxx::result rows = tx.exec_prepared(conn.Prepare(kFind), event_id);
        if (rows.empty()) return std::optional<SeasonRecord>();
        return std::optional<SeasonRecord>(SeasonFromRow(rows[0]));
      });
}

}  // namespace skat::store
