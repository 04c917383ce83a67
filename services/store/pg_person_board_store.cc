// A person's boards (person_board_store.h; migrations/0014_person_boards.up.sql).
#include <cstdio>
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

// The persons whose rows count for $2: $2 and every person merged into it, transitively.
#define SKAT_PERSON_IDS                                                                   \
  "WITH RECURSIVE ids(id) AS (SELECT $2::text UNION SELECT p.id FROM persons p JOIN ids " \
  "ON p.registry_id = $1 AND p.merged_into = ids.id) "

std::string Exact(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

PersonBoardRecord BoardFromRow(const pqxx::row& row, PersonBoardKey* key) {
  PersonBoardRecord r{.event_id = row[0].as<std::string>(),
                      .player_id = row[1].as<std::string>(),
                      .registry_id = row[2].as<std::string>(),
                      .person_id = row[3].as<std::string>(),
                      .event_name = row[4].as<std::string>(),
                      .par = row[5].as<std::string>(),
                      .event_unix = row[6].as<int64_t>() / 1000000,
                      .profile = row[7].as<std::string>(),
                      .set_id = row[8].as<std::string>(),
                      .session = row[9].as<int>(),
                      .round = row[10].as<int>(),
                      .board = row[11].as<int>(),
                      .direction = row[12].as<std::string>(),
                      .table_id = row[13].as<std::string>(),
                      .role = row[14].as<std::string>(),
                      .game_type = row[15].as<std::string>(),
                      .summary = row[16].as<std::string>(),
                      .board_score = row[17].as<int64_t>(),
                      .matchpoints = row[18].as<std::string>(),
                      .top = row[19].as<std::string>(),
                      .diff = row[20].as<double>()};
  if (!row[21].is_null()) r.declarer_won = row[21].as<bool>();
  if (!row[22].is_null()) r.side_lost = row[22].as<int>();
  *key = PersonBoardKey{.event_micros = row[6].as<int64_t>(),
                        .event_id = r.event_id,
                        .session = r.session,
                        .board = r.board};
  return r;
}

}  // namespace

Result<std::vector<PersonBoardStore::BuiltStamp>> PgStore::ListPersonBoardStamps(
    const std::string& registry_id, const std::string& person_id) {
  return Run<ReadTransaction>(
      "list the boards' stamps of person " + person_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<BuiltStamp>> {
        static constexpr Statement kPerson = {
            "person_boards_person", "SELECT 1 FROM persons WHERE registry_id = $1 AND id = $2"};
        if (tx.exec_prepared(conn.Prepare(kPerson), registry_id, person_id).empty()) {
          return Status::NotFound("person registries/" + registry_id + "/persons/" + person_id +
                                  " not found");
        }
        static constexpr Statement kStamps = {
            "person_board_stamps", SKAT_PERSON_IDS
            "SELECT DISTINCT pl.event_id, COALESCE(s.stamp, '') FROM players pl "
            "LEFT JOIN person_board_stamps s ON s.event_id = pl.event_id "
            "WHERE pl.registry_id = $1 AND pl.person_id IN (SELECT id FROM ids) "
            "ORDER BY pl.event_id LIMIT 100000"};
        std::vector<BuiltStamp> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kStamps), registry_id, person_id)) {
          out.push_back({row[0].as<std::string>(), row[1].as<std::string>()});
        }
        return out;
      });
}

Status PgStore::ReplacePersonBoards(const std::string& event_id, const std::string& stamp,
                                    const std::vector<PersonBoardRecord>& rows) {
  return Run<WriteTransaction>(
      "store the persons' boards of event " + event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        // One rebuild of an event at a time: two would both delete and both insert.
        static constexpr Statement kLock = {
            "person_boards_lock", "SELECT pg_advisory_xact_lock(hashtext('person_boards ' || $1))"};
        tx.exec_prepared(conn.Prepare(kLock), event_id);
        static constexpr Statement kDelete = {"person_boards_delete",
                                              "DELETE FROM person_boards WHERE event_id = $1"};
        tx.exec_prepared0(conn.Prepare(kDelete), event_id);
        // Every text column as one array ("" for a NULL declarer_won), then the numbers.
        std::vector<std::string> text[17];
        std::vector<int> ints[3];
        for (const PersonBoardRecord& r : rows) {
          const std::string won = !r.declarer_won ? "" : *r.declarer_won ? "t" : "f";
          const std::string values[17] = {r.player_id,
                                          r.registry_id,
                                          r.person_id,
                                          r.profile,
                                          r.set_id,
                                          r.direction,
                                          r.table_id,
                                          r.role,
                                          r.game_type,
                                          r.summary,
                                          r.matchpoints,
                                          r.top,
                                          std::to_string(r.board_score),
                                          Exact(r.diff),
                                          Exact(r.matchpoints_value),
                                          Exact(r.top_value),
                                          won};
          for (int i = 0; i < 17; ++i) text[i].push_back(values[i]);
          ints[0].push_back(r.session);
          ints[1].push_back(r.round);
          ints[2].push_back(r.board);
        }
        static constexpr Statement kInsert = {
            "person_boards_insert",
            "INSERT INTO person_boards (event_id, player_id, registry_id, person_id, event_time, "
            "profile, set_id, direction, table_id, role, game_type, summary, matchpoints, top, "
            "board_score, diff, matchpoints_value, top_value, declarer_won, session, round, board) "
            "SELECT $1, r.pl, r.rg, r.pe, (SELECT created_at FROM events WHERE id = $1), r.pr, "
            "r.st, r.di, r.tb, r.ro, r.gt, r.su, r.mp, r.tp, r.bs::bigint, r.df::double precision, "
            "r.mv::double precision, r.tv::double precision, NULLIF(r.wo, '')::boolean, "
            "r.se, r.rn, r.bo FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], "
            "$6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], "
            "$12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], "
            "$18::text[], $19::int[], $20::int[], $21::int[]) "
            "AS r(pl, rg, pe, pr, st, di, tb, ro, gt, su, mp, tp, bs, df, mv, tv, wo, se, rn, bo) "
            "ON CONFLICT DO NOTHING"};
        if (!rows.empty()) {
          tx.exec_prepared0(conn.Prepare(kInsert), event_id, ArrayLiteral(text[0]),
                            ArrayLiteral(text[1]), ArrayLiteral(text[2]), ArrayLiteral(text[3]),
                            ArrayLiteral(text[4]), ArrayLiteral(text[5]), ArrayLiteral(text[6]),
                            ArrayLiteral(text[7]), ArrayLiteral(text[8]), ArrayLiteral(text[9]),
                            ArrayLiteral(text[10]), ArrayLiteral(text[11]), ArrayLiteral(text[12]),
                            ArrayLiteral(text[13]), ArrayLiteral(text[14]), ArrayLiteral(text[15]),
                            ArrayLiteral(text[16]), ArrayLiteral(ints[0]), ArrayLiteral(ints[1]),
                            ArrayLiteral(ints[2]));
        }
        static constexpr Statement kStamp = {
            "person_boards_stamp",
            "INSERT INTO person_board_stamps (event_id, stamp) VALUES ($1, $2) "
            "ON CONFLICT (event_id) DO UPDATE SET stamp = $2, built_at = now()"};
        tx.exec_prepared0(conn.Prepare(kStamp), event_id, stamp);
        return Status::Ok();
      });
}

namespace {

// The page of ListPersonBoards for the persons `who` (an SQL condition on pb.person_id with $2):
// the rows are chosen and ordered by the index person_boards_by_person alone (the keyset as a row
// comparison it can seek to; "infinity" before the first row), then joined with their event and
// par. $1 registry, $3 event, $4/$5 start/end seconds, $6 profile, $7 role, $8 game type, $9..$12
// the key (micros, event, session, board), $13 limit, $14 par version.
std::string ListSql(const std::string& who) {
  return "SELECT pb.event_id, pb.player_id, pb.registry_id, pb.person_id, e.name, "
         "COALESCE(pt.par_summary, ''), (EXTRACT(EPOCH FROM pb.event_time) * 1000000)::bigint, "
         "pb.profile, pb.set_id, pb.session, pb.round, pb.board, pb.direction, pb.table_id, "
         "pb.role, pb.game_type, pb.summary, pb.board_score, pb.matchpoints, pb.top, pb.diff, "
         "pb.declarer_won, CASE pb.role WHEN 'declarer' THEN gs.declarer_lost WHEN 'defender' "
         "THEN gs.defenders_lost END FROM (SELECT * FROM person_boards pb WHERE pb.registry_id = "
         "$1 AND " +
         who +
         " AND ($3 = '' OR pb.event_id = $3) "
         "AND ($4 = 0 OR pb.event_time >= to_timestamp($4)) "
         "AND ($5 = 0 OR pb.event_time < to_timestamp($5)) "
         "AND ($6 = '' OR pb.profile = $6) AND ($7 = '' OR pb.role = $7) "
         "AND ($8 = '' OR pb.game_type = $8) "
         "AND (pb.event_time, pb.event_id, pb.session, pb.board) < (CASE WHEN $9::bigint = 0 "
         "THEN timestamptz 'infinity' ELSE timestamptz 'epoch' + $9::bigint * interval "
         "'1 microsecond' END, $10, $11, $12) "
         "ORDER BY pb.event_time DESC, pb.event_id DESC, pb.session DESC, pb.board DESC "
         "LIMIT $13) pb JOIN events e ON e.id = pb.event_id "
         "LEFT JOIN boards b ON b.event_id = pb.event_id AND b.set_id = pb.set_id "
         "AND b.number = pb.board "
         "LEFT JOIN par_tables pt ON pt.deal_number = b.deal_number AND pt.profile = pb.profile "
         "AND pt.version = $14 "
         "LEFT JOIN game_studies gs ON gs.event_id = pb.event_id AND gs.table_id = pb.table_id "
         "AND gs.board = pb.board AND gs.version = $14 "
         "ORDER BY pb.event_time DESC, pb.event_id DESC, pb.session DESC, pb.board DESC";
}

}  // namespace

Result<PersonBoardStore::BoardPage> PgStore::ListPersonBoards(const std::string& registry_id,
                                                              const std::string& person_id,
                                                              const PersonBoardFilter& filter,
                                                              const PersonBoardKey* after,
                                                              int limit, int par_version) {
  if (Status s = CheckPageLimit(limit, "boards"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list the boards of person " + person_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<BoardPage> {
        static constexpr Statement kIds = {"person_boards_ids",
                                           SKAT_PERSON_IDS "SELECT id FROM ids LIMIT 10000"};
        std::vector<std::string> ids;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kIds), registry_id, person_id)) {
          ids.push_back(row[0].as<std::string>());
        }
        // One person (the common case) reads the index in its order; merged ones are sorted.
        static const std::string kOneSql = ListSql("pb.person_id = $2");
        static const std::string kManySql = ListSql("pb.person_id = ANY($2::text[])");
        static const Statement kOne = {"person_boards_list_one", kOneSql.c_str()};
        static const Statement kMany = {"person_boards_list_many", kManySql.c_str()};
        const PersonBoardKey start = after ? *after : PersonBoardKey{};
        BoardPage out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(ids.size() <= 1 ? kOne : kMany), registry_id,
                              ids.size() <= 1 ? person_id : ArrayLiteral(ids), filter.event_id,
                              filter.start_unix, filter.end_unix, filter.profile, filter.role,
                              filter.game_type, start.event_micros, start.event_id, start.session,
                              start.board, limit, par_version)) {
          PersonBoardKey key;
          out.rows.push_back(BoardFromRow(row, &key));
          out.keys.push_back(std::move(key));
        }
        return out;
      });
}

Result<std::vector<PersonTotalRecord>> PgStore::ListPersonTotals(const std::string& registry_id,
                                                                 const std::string& person_id) {
  return Run<ReadTransaction>(
      "total the boards of person " + person_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<PersonTotalRecord>> {
        // The classes: 0 suit (a suit game), 1 grand, 2 null.
        static constexpr Statement kTotals = {
            "person_boards_totals", SKAT_PERSON_IDS
            "SELECT pb.event_id, e.name, EXTRACT(EPOCH FROM e.created_at)::bigint, count(*), "
            "sum(pb.matchpoints_value), sum(pb.top_value), sum(pb.diff), "
            "ARRAY[count(*) FILTER (WHERE pb.role = 'declarer' AND pb.game_type NOT IN "
            "('grand', 'null')), count(*) FILTER (WHERE pb.role = 'declarer' AND "
            "pb.game_type = 'grand'), count(*) FILTER (WHERE pb.role = 'declarer' AND "
            "pb.game_type = 'null')], "
            "ARRAY[count(*) FILTER (WHERE pb.role = 'declarer' AND pb.declarer_won AND "
            "pb.game_type NOT IN ('grand', 'null')), count(*) FILTER (WHERE pb.role = "
            "'declarer' AND pb.declarer_won AND pb.game_type = 'grand'), count(*) FILTER (WHERE "
            "pb.role = 'declarer' AND pb.declarer_won AND pb.game_type = 'null')] "
            "FROM person_boards pb JOIN events e ON e.id = pb.event_id "
            "WHERE pb.registry_id = $1 AND pb.person_id IN (SELECT id FROM ids) "
            "GROUP BY pb.event_id, e.name, e.created_at ORDER BY e.created_at DESC, pb.event_id "
            "DESC LIMIT 10000"};
        std::vector<PersonTotalRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kTotals), registry_id, person_id)) {
          PersonTotalRecord t{.event_id = row[0].as<std::string>(),
                              .event_name = row[1].as<std::string>(),
                              .event_unix = row[2].as<int64_t>(),
                              .boards = row[3].as<int>(),
                              .matchpoints = row[4].as<double>(),
                              .top = row[5].as<double>(),
                              .diff = row[6].as<double>(),
                              .declared = {},
                              .won = {}};
          const std::vector<int> declared = IntsFromArray(row[7]), won = IntsFromArray(row[8]);
          for (size_t c = 0; c < 3 && c < declared.size() && c < won.size(); ++c) {
            t.declared[c] = declared[c];
            t.won[c] = won[c];
          }
          out.push_back(std::move(t));
        }
        return out;
      });
}

}  // namespace skat::store
