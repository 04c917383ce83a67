// Team sheets (team_sheet_store.h; pg_store.h describes the transactions).
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {

Result<TeamSheetRecord> PgStore::SetTeamSheet(const TeamSheetRecord& sheet) {
  return Run<WriteTransaction>(
      "set team sheet of club " + sheet.club_id + " of event " + sheet.event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<TeamSheetRecord> {
        if (sheet.entries.size() > static_cast<size_t>(kMaxTeamSheetEntries)) {
          return Status::InvalidArgument(std::to_string(sheet.entries.size()) +
                                         " team sheet entries; at most 50");
        }
        // Locks the match day: sheets of one event are replaced one at a time.
        static constexpr Statement kLock = {
            "lock_season_event",
            "SELECT EXTRACT(EPOCH FROM now())::bigint FROM season_events "
            "WHERE season_id = $1 AND event_id = $2 FOR UPDATE"};
        static constexpr Statement kDelete = {
            "delete_team_sheet",
            "DELETE FROM team_sheet_entries WHERE season_id = $1 AND event_id = $2 AND "
            "club_id = $3"};
        static constexpr Statement kInsert = {
            "insert_team_sheet_entry",
            "INSERT INTO team_sheet_entries (season_id, event_id, club_id, player_id, position, "
            "replaces, from_round) VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''), $7)"};
        const pqxx::result lock =
            tx.exec_prepared(conn.Prepare(kLock), sheet.season_id, sheet.event_id);
        if (lock.empty()) {
          return Status::NotFound("event events/" + sheet.event_id + " is not in season seasons/" +
                                  sheet.season_id);
        }
        tx.exec_prepared0(conn.Prepare(kDelete), sheet.season_id, sheet.event_id, sheet.club_id);
        for (size_t i = 0; i < sheet.entries.size(); ++i) {
          const TeamSheetEntryRecord& e = sheet.entries[i];
          tx.exec_prepared0(conn.Prepare(kInsert), sheet.season_id, sheet.event_id, sheet.club_id,
                            e.player_id, static_cast<int>(i) + 1, e.replaces, e.from_round);
        }
        TeamSheetRecord out = sheet;
        out.updated_unix = lock[0][0].as<int64_t>();
        return out;
      });
}

Result<std::vector<TeamSheetRecord>> PgStore::ListTeamSheets(const std::string& season_id,
                                                             const std::string& event_id) {
  return Run<ReadTransaction>(
      "list team sheets of season " + season_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<TeamSheetRecord>> {
        static constexpr Statement kList = {
            "list_team_sheets",
            "SELECT t.event_id, t.club_id, t.player_id, COALESCE(t.replaces, ''), t.from_round, "
            "EXTRACT(EPOCH FROM t.updated_at)::bigint FROM team_sheet_entries t "
            "JOIN season_events e ON e.season_id = t.season_id AND e.event_id = t.event_id "
            "WHERE t.season_id = $1 AND ($2 = '' OR t.event_id = $2) "
            "ORDER BY e.seq, t.club_id, t.position"};
        std::vector<TeamSheetRecord> sheets;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kList), season_id, event_id)) {
          const std::string event = row[0].as<std::string>(), club = row[1].as<std::string>();
          if (sheets.empty() || sheets.back().event_id != event || sheets.back().club_id != club) {
            sheets.push_back(TeamSheetRecord{.season_id = season_id,
                                             .event_id = event,
                                             .club_id = club,
                                             .entries = {},
                                             .updated_unix = row[5].as<int64_t>()});
          }
          sheets.back().entries.push_back(
              TeamSheetEntryRecord{.player_id = row[2].as<std::string>(),
                                   .replaces = row[3].as<std::string>(),
                                   .from_round = row[4].as<int>()});
        }
        return sheets;
      });
}

}  // namespace skat::store
