// Clubs, players, sessions and adjustments (store.h "Clubs, players and sessions"; pg_store.h
// describes the transactions). Positions record the order of adding: the recorded lot.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "services/store/pg_store.h"
#include "services/store/stored_enums.h"

namespace skat::store {
namespace {

ClubRecord ClubFromRow(const std::string& event_id, const pqxx::row& row) {
  return ClubRecord{.event_id = event_id,
                    .id = row[0].as<std::string>(),
                    .name = row[1].as<std::string>(),
                    .position = row[2].as<int>()};
}

PlayerRecord PlayerFromRow(const std::string& event_id, const pqxx::row& row) {
  return PlayerRecord{.event_id = event_id,
                      .id = row[0].as<std::string>(),
                      .name = row[1].as<std::string>(),
                      .club_id = row[2].as<std::string>(),
                      .bot = row[3].as<bool>(),
                      .position = row[4].as<int>(),
                      .person_id = row[5].as<std::string>(),
                      .registry_id = row[6].as<std::string>()};
}

#define SKAT_ADJUSTMENT_COLUMNS                                                     \
  "id, kind, session, COALESCE(board_number, 0), COALESCE(table_id, ''), "          \
  "COALESCE(direction, ''), COALESCE(player_id, ''), COALESCE(assigned_score, 0), " \
  "COALESCE(artificial_percent, 0), COALESCE(penalty, ''), reason, created_by, "    \
  "EXTRACT(EPOCH FROM created_at)::bigint, COALESCE(version, 0)"

// An adjustment's direction (-1: none) as stored (stored_enums.h): NULL for none; a value
// outside 0..2 as its number, which the column's CHECK refuses.
std::string AdjustmentDirectionText(int direction) {
  if (direction == -1) return "";
  if (direction < 0 || direction > 2) return std::to_string(direction);
  return std::string(DirectionName(static_cast<Direction>(direction)));
}

int StoredAdjustmentDirection(const std::string& text) {
  return text.empty() ? -1 : Index(StoredDirection(text));
}

AdjustmentRecord AdjustmentFromRow(const std::string& event_id, const pqxx::row& row) {
  return AdjustmentRecord{.id = row[0].as<int64_t>(),
                          .event_id = event_id,
                          .kind = row[1].as<std::string>(),
                          .session = row[2].as<int>(),
                          .board_number = row[3].as<int>(),
                          .table_id = row[4].as<std::string>(),
                          .direction = StoredAdjustmentDirection(row[5].as<std::string>()),
                          .player_id = row[6].as<std::string>(),
                          .assigned_score = row[7].as<int64_t>(),
                          .artificial_percent = row[8].as<int>(),
                          .penalty = row[9].as<std::string>(),
                          .version = row[13].as<int>(),
                          .reason = row[10].as<std::string>(),
                          .created_by = row[11].as<std::string>(),
                          .created_unix = row[12].as<int64_t>()};
}

// The columns of a session's table and one of its seatings, as TablesFromRows reads them.
#define SKAT_SESSION_TABLE_COLUMNS                                                      \
  "t.id, t.label, t.set_id, t.boards, t.chairs, t.mode = 'physical', "                  \
  "EXTRACT(EPOCH FROM t.created_at)::bigint, t.forehand_chair, t.session_id, t.round, " \
  "t.table_number, s.chair, s.player_name, COALESCE(s.player_id, ''), t.mode = 'imported'"

// Tables with player names and ids by chair from rows of SKAT_SESSION_TABLE_COLUMNS, a table's
// seatings in chair order after each other.
std::vector<TableRecord> TablesFromRows(const std::string& event_id, const pqxx::result& rows) {
  std::vector<TableRecord> tables;
  for (const pqxx::row& row : rows) {
    const std::string id = row[0].as<std::string>();
    if (tables.empty() || tables.back().id != id) {
      TableRecord t;
      t.event_id = event_id;
      t.id = id;
      t.label = row[1].as<std::string>();
      t.set_id = row[2].as<std::string>();
      t.boards = IntsFromArray(row[3]);
      t.chairs = row[4].as<int>();
      t.physical = row[5].as<bool>();
      t.imported = row[14].as<bool>();
      t.created_unix = row[6].as<int64_t>();
      t.forehand_chair = row[7].as<int>();
      t.session_id = row[8].as<std::string>();
      t.round = row[9].as<int>();
      t.table_number = row[10].as<int>();
      t.player_names.resize(t.chairs);
      t.player_ids.resize(t.chairs);
      tables.push_back(std::move(t));
    }
    const int chair = row[11].as<int>();
    if (chair >= 1 && chair <= tables.back().chairs) {
      tables.back().player_names[chair - 1] = row[12].as<std::string>();
      tables.back().player_ids[chair - 1] = row[13].as<std::string>();
    }
  }
  return tables;
}

// The tables of the event's sessions (session_id empty: every session's), with player names and
// ids by chair, ordered by session, round and table number.
template <typename Tx>
std::vector<TableRecord> SessionTables(Tx& tx, PooledConnection& conn, const std::string& event_id,
                                       const std::string& session_id) {
  static constexpr Statement kSessionTables = {
      "session_tables",
      "SELECT " SKAT_SESSION_TABLE_COLUMNS
      " FROM play_tables t JOIN seatings s ON s.event_id = t.event_id AND s.table_id = t.id "
      "WHERE t.event_id = $1 AND t.session_id IS NOT NULL AND ($2 = '' OR t.session_id = $2) "
      "ORDER BY t.session_id, t.round, t.table_number, s.chair"};
  return TablesFromRows(event_id,
                        tx.exec_prepared(conn.Prepare(kSessionTables), event_id, session_id));
}

#define SKAT_SESSION_COLUMNS                                                                     \
  "id, number, set_id, movement, warnings, validation, EXTRACT(EPOCH FROM created_at)::bigint, " \
  "COALESCE(request_id, ''), COALESCE(request_sha256, '')"

SessionRecord SessionFromRow(const std::string& event_id, const pqxx::row& row) {
  return SessionRecord{.event_id = event_id,
                       .id = row[0].as<std::string>(),
                       .number = row[1].as<int>(),
                       .set_id = row[2].as<std::string>(),
                       .movement = row[3].as<std::string>(),
                       .warnings = row[4].as<std::string>(),
                       .validation = row[5].as<std::string>(),
                       .tables = {},
                       .created_unix = row[6].as<int64_t>(),
                       .request_id = row[7].as<std::string>(),
                       .request_sha256 = row[8].as<std::string>()};
}

}  // namespace

Result<ClubRecord> PgStore::CreateClub(const ClubRecord& club) {
  const std::vector<Refusal> refusals = {
      {"clubs_event_id_name_key", ErrorCode::kAlreadyExists,
       "a club named '" + club.name + "' is already in event " + club.event_id}};
  return Run<WriteTransaction>(
      "create club '" + club.name + "' of event " + club.event_id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<ClubRecord> {
        if (Status s = CheckEventExists(tx, conn, club.event_id); !s.ok()) return s;
        static constexpr Statement kInsertClub = {
            "insert_club",
            "INSERT INTO clubs (event_id, id, name, position) "
            "SELECT $1, $2, $3, count(*) FROM clubs WHERE event_id = $1 "
            "RETURNING id, name, position"};
        return ClubFromRow(club.event_id, tx.exec_prepared1(conn.Prepare(kInsertClub),
                                                            club.event_id, club.id, club.name));
      });
}

Result<PlayerRecord> PgStore::CreatePlayer(const PlayerRecord& player) {
  const std::vector<Refusal> refusals = {
      {"players_event_id_name_key", ErrorCode::kAlreadyExists,
       "a player named '" + player.name + "' is already in event " + player.event_id},
      {"players_event_id_club_id_fkey", ErrorCode::kNotFound,
       "club events/" + player.event_id + "/clubs/" + player.club_id + " not found"},
      {"players_person_once", ErrorCode::kAlreadyExists,
       "person " + player.person_id + " plays in event " + player.event_id + " already"},
      {"players_person_fkey", ErrorCode::kNotFound,
       "person " + player.person_id + " is not in the registry of event " + player.event_id}};
  return Run<WriteTransaction>(
      "create player '" + player.name + "' of event " + player.event_id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<PlayerRecord> {
        if (Status s = CheckEventExists(tx, conn, player.event_id); !s.ok()) return s;
        if (!player.club_id.empty()) {
          static constexpr Statement kClubExists = {
              "club_exists", "SELECT 1 FROM clubs WHERE event_id = $1 AND id = $2"};
          if (tx.exec_prepared(conn.Prepare(kClubExists), player.event_id, player.club_id)
                  .empty()) {
            return Status::NotFound("club events/" + player.event_id + "/clubs/" + player.club_id +
                                    " not found");
          }
        }
        static constexpr Statement kInsertPlayer = {
            "insert_player",
            "INSERT INTO players (event_id, id, name, club_id, bot, position, registry_id, "
            "person_id) SELECT $1, $2, $3, NULLIF($4, ''), $5, count(*), "
            "CASE WHEN $6 = '' THEN NULL ELSE (SELECT registry_id FROM events WHERE id = $1) END, "
            "NULLIF($6, '') FROM players WHERE event_id = $1 "
            "RETURNING id, name, COALESCE(club_id, ''), bot, position, COALESCE(person_id, ''), "
            "COALESCE(registry_id, '')"};
        PlayerRecord stored = PlayerFromRow(
            player.event_id,
            tx.exec_prepared1(conn.Prepare(kInsertPlayer), player.event_id, player.id, player.name,
                              player.club_id, player.bot, player.person_id));
        if (!player.person_id.empty()) {  // the director's act, in the registry's log
          static constexpr Statement kLogLink = {
              "log_player_link",
              "INSERT INTO registry_log (registry_id, act, person_id, detail) "
              "SELECT registry_id, 'link', $2, 'events/' || $1 || '/players/' || $3 "
              "FROM events WHERE id = $1"};
          tx.exec_prepared0(conn.Prepare(kLogLink), player.event_id, player.person_id, player.id);
        }
        return stored;
      });
}

Result<std::vector<ClubRecord>> PgStore::ListClubs(const std::string& event_id) {
  return Run<ReadTransaction>(
      "list clubs of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<ClubRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kListClubs = {
            "list_clubs",
            "SELECT id, name, position FROM clubs WHERE event_id = $1 ORDER BY position"};
        std::vector<ClubRecord> clubs;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListClubs), event_id)) {
          clubs.push_back(ClubFromRow(event_id, row));
        }
        return clubs;
      });
}

Result<std::vector<PlayerRecord>> PgStore::ListPlayers(const std::string& event_id) {
  return Run<ReadTransaction>(
      "list players of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<PlayerRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kListPlayers = {
            "list_players",
            "SELECT id, name, COALESCE(club_id, ''), bot, position, COALESCE(person_id, ''), "
            "COALESCE(registry_id, '') "
            "FROM players "
            "WHERE event_id = $1 ORDER BY position"};
        std::vector<PlayerRecord> players;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListPlayers), event_id)) {
          players.push_back(PlayerFromRow(event_id, row));
        }
        return players;
      });
}

Result<ClubsAndPlayers> PgStore::ListClubsAndPlayers(const std::string& event_id,
                                                     const std::string& after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "clubs and players"); !s.ok()) return s;
  const bool after_club = after_id.rfind("cl-", 0) == 0;
  const bool after_player = after_id.rfind("pl-", 0) == 0;
  if (!after_id.empty() && !after_club && !after_player) {
    return Status::InvalidArgument(
        "a page of clubs and players starts after a club or a player, not '" +
        after_id.substr(0, 40) + "'");
  }
  return Run<ReadTransaction>(
      "list clubs and players of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<ClubsAndPlayers> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        // Keys: (position, id) of the previous page's last club or player.
        static constexpr Statement kClubsAfter = {
            "list_clubs_after",
            "SELECT id, name, position FROM clubs WHERE event_id = $1 AND ($2::text = '' OR "
            "(position, id) > (SELECT position, id FROM clubs WHERE event_id = $1 AND id = "
            "$2::text)) ORDER BY position, id LIMIT $3"};
        static constexpr Statement kPlayersAfter = {
            "list_players_after",
            "SELECT id, name, COALESCE(club_id, ''), bot, position, COALESCE(person_id, ''), "
            "COALESCE(registry_id, '') "
            "FROM players WHERE event_id = "
            "$1 AND ($2::text = '' OR (position, id) > (SELECT position, id FROM players WHERE "
            "event_id = $1 AND id = $2::text)) ORDER BY position, id LIMIT $3"};
        ClubsAndPlayers page;
        if (!after_player) {
          for (const pqxx::row& row :
               tx.exec_prepared(conn.Prepare(kClubsAfter), event_id, after_id, limit)) {
            page.clubs.push_back(ClubFromRow(event_id, row));
          }
        }
        if (after_club && page.clubs.empty()) {
          static constexpr Statement kAfterClubExists = {
              "page_club_exists", "SELECT 1 FROM clubs WHERE event_id = $1 AND id = $2"};
          if (tx.exec_prepared(conn.Prepare(kAfterClubExists), event_id, after_id).empty()) {
            return page;  // after no club of the event: the end
          }
        }
        const int left = limit - static_cast<int>(page.clubs.size());
        if (left > 0) {
          for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kPlayersAfter), event_id,
                                                       after_player ? after_id : "", left)) {
            page.players.push_back(PlayerFromRow(event_id, row));
          }
        }
        return page;
      });
}

Result<SessionRecord> PgStore::CreateSession(const SessionRecord& session) {
  const std::vector<Refusal> refusals = {
      {"sessions_pkey", ErrorCode::kAlreadyExists,
       "session events/" + session.event_id + "/sessions/" + session.id + " exists already"},
      {"sessions_event_id_request_id_key", ErrorCode::kAlreadyExists,
       "event " + session.event_id + " has a session started with request_id " +
           session.request_id + " already"}};
  return Run<WriteTransaction>(
      "create session of event " + session.event_id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<SessionRecord> {
        if (Status s = CheckEventExists(tx, conn, session.event_id); !s.ok()) return s;
        // Sessions of one event are numbered in the order they commit: lock the event row.
        static constexpr Statement kLockEvent = {"lock_event_for_session",
                                                 "SELECT 1 FROM events WHERE id = $1 FOR UPDATE"};
        tx.exec_prepared(conn.Prepare(kLockEvent), session.event_id);
        static constexpr Statement kInsertSession = {
            "insert_session",
            "INSERT INTO sessions (event_id, id, number, set_id, movement, warnings, validation, "
            "request_id, request_sha256) "
            "SELECT $1, $2, COALESCE(max(number), 0) + 1, $3, $4, $5, $6, NULLIF($7, ''), "
            "NULLIF($8, '') FROM sessions WHERE event_id = $1 RETURNING " SKAT_SESSION_COLUMNS};
        SessionRecord stored = SessionFromRow(
            session.event_id,
            tx.exec_prepared1(conn.Prepare(kInsertSession), session.event_id, session.id,
                              session.set_id, session.movement, session.warnings,
                              session.validation, session.request_id, session.request_sha256));
        for (TableRecord table : session.tables) {
          table.event_id = session.event_id;
          table.session_id = session.id;
          table.set_id = session.set_id;
          Result<TableRecord> inserted = InsertTable(tx, conn, table);
          if (!inserted.ok()) return inserted.status();
          TableRecord t = std::move(inserted).value();
          t.seat_token_sha256.clear();
          stored.tables.push_back(std::move(t));
        }
        return stored;
      });
}

Result<SessionRecord> ReadSession(pqxx::transaction_base& tx, PooledConnection& conn,
                                  const std::string& event_id, const std::string& id) {
  static constexpr Statement kGetSession = {"get_session",
                                            "SELECT " SKAT_SESSION_COLUMNS
                                            " FROM sessions WHERE event_id = $1 AND id = $2"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGetSession), event_id, id);
  if (rows.empty()) {
    return Status::NotFound("session events/" + event_id + "/sessions/" + id + " not found");
  }
  SessionRecord session = SessionFromRow(event_id, rows[0]);
  session.tables = SessionTables(tx, conn, event_id, id);
  return session;
}

Result<SessionRecord> PgStore::GetSession(const std::string& event_id, const std::string& id) {
  return Run<ReadTransaction>("get session " + id + " of event " + event_id,
                              [&](ReadTransaction& tx, PooledConnection& conn) {
                                return ReadSession(tx, conn, event_id, id);
                              });
}

Result<std::optional<SessionRecord>> PgStore::FindSessionByRequest(const std::string& event_id,
                                                                   const std::string& request_id) {
  return Run<ReadTransaction>(
      "find the session of request_id " + request_id + " of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::optional<SessionRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kFindSession = {
            "find_session_by_request", "SELECT " SKAT_SESSION_COLUMNS
                                       " FROM sessions WHERE event_id = $1 AND request_id = $2"};
        const pqxx::result rows =
            tx.exec_prepared(conn.Prepare(kFindSession), event_id, request_id);
        if (rows.empty()) return std::optional<SessionRecord>();
        SessionRecord session = SessionFromRow(event_id, rows[0]);
        session.tables = SessionTables(tx, conn, event_id, session.id);
        return std::optional<SessionRecord>(std::move(session));
      });
}

Result<SessionPage> PgStore::GetSessionPage(const std::string& event_id, const std::string& id,
                                            int after_round, int after_table, int limit) {
  if (limit < 1 || limit > 1000) {
    return Status::InvalidArgument("a page of tables holds 1 to 1000 tables, not " +
                                   std::to_string(limit));
  }
  return Run<ReadTransaction>(
      "read a page of the tables of session " + id + " of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<SessionPage> {
        static constexpr Statement kGetSession = {
            "get_session_of_page",
            "SELECT " SKAT_SESSION_COLUMNS
            ", (SELECT count(*) FROM play_tables WHERE event_id = $1 AND session_id = $2), "
            "(SELECT count(*) FROM play_tables WHERE event_id = $1 AND session_id = $2 "
            "AND (round, table_number) <= ($3, $4)) FROM sessions "
            "WHERE event_id = $1 AND id = $2"};
        const pqxx::result rows =
            tx.exec_prepared(conn.Prepare(kGetSession), event_id, id, after_round, after_table);
        if (rows.empty()) {
          return Status::NotFound("session events/" + event_id + "/sessions/" + id + " not found");
        }
        SessionPage page{.session = SessionFromRow(event_id, rows[0]),
                         .table_count = rows[0][9].as<int>(),
                         .tables_before = rows[0][10].as<int>()};
        // Keyset pagination on the unique index play_tables_session_round.
        static constexpr Statement kTablePage = {
            "session_table_page",
            "SELECT " SKAT_SESSION_TABLE_COLUMNS
            " FROM (SELECT * FROM play_tables WHERE event_id = $1 AND session_id = $2 "
            "AND (round, table_number) > ($3, $4) ORDER BY round, table_number LIMIT $5) t "
            "JOIN seatings s ON s.event_id = t.event_id AND s.table_id = t.id "
            "ORDER BY t.round, t.table_number, s.chair"};
        page.session.tables =
            TablesFromRows(event_id, tx.exec_prepared(conn.Prepare(kTablePage), event_id, id,
                                                      after_round, after_table, limit));
        return page;
      });
}

Result<std::vector<SessionRecord>> PgStore::ListSessions(const std::string& event_id) {
  return Run<ReadTransaction>(
      "list sessions of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<SessionRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kListSessions = {
            "list_sessions",
            "SELECT " SKAT_SESSION_COLUMNS " FROM sessions WHERE event_id = $1 ORDER BY number"};
        std::vector<SessionRecord> sessions;
        std::map<std::string, size_t> index;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListSessions), event_id)) {
          index[row[0].as<std::string>()] = sessions.size();
          sessions.push_back(SessionFromRow(event_id, row));
        }
        for (TableRecord& t : SessionTables(tx, conn, event_id, "")) {
          auto it = index.find(t.session_id);
          if (it != index.end()) sessions[it->second].tables.push_back(std::move(t));
        }
        return sessions;
      });
}

Result<AdjustmentRecord> PgStore::AddAdjustment(const AdjustmentRecord& a) {
  return Run<WriteTransaction>(
      "add an adjustment to event " + a.event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<AdjustmentRecord> {
        if (Status s = CheckEventExists(tx, conn, a.event_id); !s.ok()) return s;
        if (!a.table_id.empty()) {
          if (Status s = CheckTableExists(tx, conn, a.event_id, a.table_id); !s.ok()) return s;
        }
        if (!a.player_id.empty()) {
          static constexpr Statement kPlayerExists = {
              "player_exists", "SELECT 1 FROM players WHERE event_id = $1 AND id = $2"};
          if (tx.exec_prepared(conn.Prepare(kPlayerExists), a.event_id, a.player_id).empty()) {
            return Status::NotFound("player events/" + a.event_id + "/players/" + a.player_id +
                                    " not found");
          }
        }
        static constexpr Statement kInsertAdjustment = {
            "insert_adjustment",
            "INSERT INTO adjustments (event_id, kind, session, board_number, table_id, "
            "direction, player_id, assigned_score, artificial_percent, penalty, reason, "
            "created_by, version) VALUES ($1, $2, $3, NULLIF($4, 0), NULLIF($5, ''), "
            "NULLIF($6::text, ''), NULLIF($7, ''), CASE WHEN $2 = 'assigned' THEN $8::bigint END, "
            "NULLIF($9, 0), NULLIF($10, ''), $11, $12, NULLIF($13, 0)) "
            "RETURNING " SKAT_ADJUSTMENT_COLUMNS};
        return AdjustmentFromRow(
            a.event_id,
            tx.exec_prepared1(conn.Prepare(kInsertAdjustment), a.event_id, a.kind, a.session,
                              a.board_number, a.table_id, AdjustmentDirectionText(a.direction),
                              a.player_id, a.assigned_score, a.artificial_percent, a.penalty,
                              a.reason, a.created_by, a.version));
      });
}

std::vector<AdjustmentRecord> ReadChangedAdjustments(pqxx::transaction_base& tx,
                                                     PooledConnection& conn,
                                                     const std::string& event_id,
                                                     const std::string& since) {
  static constexpr Statement kListChanged = {"list_changed_adjustments",
                                             "SELECT " SKAT_ADJUSTMENT_COLUMNS
                                             " FROM adjustments WHERE event_id = $1 "
                                             "AND changed_xid >= $2::xid8 ORDER BY id"};
  std::vector<AdjustmentRecord> out;
  for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListChanged), event_id, since)) {
    out.push_back(AdjustmentFromRow(event_id, row));
  }
  return out;
}

Result<std::vector<AdjustmentRecord>> PgStore::ListAdjustments(const std::string& event_id) {
  return Run<ReadTransaction>(
      "list adjustments of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<AdjustmentRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kListAdjustments = {
            "list_adjustments",
            "SELECT " SKAT_ADJUSTMENT_COLUMNS " FROM adjustments WHERE event_id = $1 ORDER BY id"};
        std::vector<AdjustmentRecord> out;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListAdjustments), event_id)) {
          out.push_back(AdjustmentFromRow(event_id, row));
        }
        return out;
      });
}

Result<std::vector<AdjustmentRecord>> PgStore::ListAdjustments(const std::string& event_id,
                                                               int64_t after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "adjustments"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list adjustments of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<AdjustmentRecord>> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        static constexpr Statement kListAdjustmentsAfter = {
            "list_adjustments_after", "SELECT " SKAT_ADJUSTMENT_COLUMNS
                                      " FROM adjustments WHERE event_id = $1 AND id > $2 "
                                      "ORDER BY id LIMIT $3"};
        std::vector<AdjustmentRecord> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kListAdjustmentsAfter), event_id, after_id, limit)) {
          out.push_back(AdjustmentFromRow(event_id, row));
        }
        return out;
      });
}

namespace {

// What a row of `table` adds to the stamp. A table server's lease bookkeeping rewrites its
// play_tables row with every act and releases it when the table is done; a seat token's
// replacement and the bot flag rewrite seatings rows. None of that is read by scoring, so those two
// tables give a digest of the columns scoring reads (SKAT_SESSION_TABLE_COLUMNS); the others give
// the sum of their rows' inserting transaction ids, which change with every write.
std::string StampOfRows(std::string_view table) {
  if (table == "play_tables") {
    return "md5(string_agg(concat_ws('|', id, label, set_id, boards::text, chairs, mode, "
           "created_at, forehand_chair, session_id, round, table_number), ',' ORDER BY id))";
  }
  if (table == "seatings") {
    return "md5(string_agg(concat_ws('|', table_id, chair, player_name, player_id), ',' "
           "ORDER BY table_id, chair))";
  }
  return "sum(xmin::text::bigint)";
}

// The stamp of the event whose id is `id_sql` (an SQL expression): per table of `tables`
// "count:digest" of the event's rows (StampOfRows).
template <size_t n>
std::string StampSql(const std::string& id_sql, const std::array<std::string_view, n>& tables) {
  std::string sql = "concat_ws(' '";
  for (std::string_view table : tables) {
    sql += ", (SELECT count(*) || ':' || COALESCE(" + StampOfRows(table) + "::text, '0') FROM " +
           std::string(table) + (table == "events" ? " WHERE id = " : " WHERE event_id = ") +
           id_sql + ")";
  }
  return sql + ")";
}

std::string StampSql(const std::string& id_sql) { return StampSql(id_sql, kScoreInputTables); }

}  // namespace

// The events row's stamp and the frame's change mark (migration 0021: set by triggers on the
// other tables of kScoreFrameTables), one row each: a refresh reads no table or seating
// (docs/performance.md "Standings that grow with the change").
std::string FrameStampSql(const std::string& id_sql) {
  static_assert(kScoreFrameTables[0] == "events");
  return "concat_ws(' ', " + StampSql(id_sql, std::array<std::string_view, 1>{"events"}) +
         ", COALESCE((SELECT changed_xid::text FROM score_frame_changes WHERE event_id = " +
         id_sql + "), '0'))";
}

Result<std::string> PgStore::EventStamp(const std::string& event_id) {
  return Run<ReadTransaction>(
      "read the stamp of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::string> {
        static const std::string kSql = "SELECT " + StampSql("$1");
        static const Statement kEventStamp = {"event_stamp", kSql.c_str()};
        const pqxx::row row = tx.exec_prepared1(conn.Prepare(kEventStamp), event_id);
        return row[0].as<std::string>();
      });
}

Result<std::map<std::string, std::string>> PgStore::EventStamps(
    const std::vector<std::string>& event_ids) {
  if (event_ids.size() > 10000) {
    return Status::InvalidArgument("stamps of " + std::to_string(event_ids.size()) +
                                   " events asked at once: at most 10000");
  }
  return Run<ReadTransaction>(
      "read the stamps of " + std::to_string(event_ids.size()) + " events",
      [&](ReadTransaction& tx,
          PooledConnection& conn) -> Result<std::map<std::string, std::string>> {
        static const std::string kSql =
            "SELECT e.id, " + StampSql("e.id") + " FROM unnest($1::text[]) AS e(id)";
        static const Statement kEventStamps = {"event_stamps", kSql.c_str()};
        std::map<std::string, std::string> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kEventStamps), ArrayLiteral(event_ids))) {
          out[row[0].as<std::string>()] = row[1].as<std::string>();
        }
        return out;
      });
}

}  // namespace skat::store
