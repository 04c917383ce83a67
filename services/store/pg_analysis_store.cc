// Par tables and the archive (store.h; migration 0005; docs/par.md).
#include <optional>
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {

Result<std::optional<ParTableRecord>> PgStore::GetParTable(uint64_t deal_number,
                                                           const std::string& profile,
                                                           int version) {
  return Run<ReadTransaction>(
      "read the par table of deal " + std::to_string(deal_number),
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::optional<ParTableRecord>> {
        static constexpr Statement kGet = {
            "get_par_table",
            "SELECT par_game, par_handling, par_summary, analysis FROM par_tables "
            "WHERE deal_number = $1 AND profile = $2 AND version = $3"};
        const pqxx::result rows = tx.exec_prepared(
            conn.Prepare(kGet), static_cast<int64_t>(deal_number), profile, version);
        if (rows.empty()) return std::optional<ParTableRecord>();
        ParTableRecord r;
        r.deal_number = deal_number;
        r.profile = profile;
        r.version = version;
        r.par_game = rows[0][0].as<std::string>();
        r.par_handling = rows[0][1].as<std::string>();
        r.par_summary = rows[0][2].as<std::string>();
        r.analysis = rows[0][3].as<std::string>();
        return std::optional<ParTableRecord>(std::move(r));
      });
}

Status PgStore::PutParTable(const ParTableRecord& r) {
  if (r.profile.empty() || r.version < 1 || r.par_game.empty() || r.par_summary.empty() ||
      r.analysis.empty()) {
    return Status::InvalidArgument(
        "a par table needs its profile, version (>= 1), par contract and analysis");
  }
  return Run<WriteTransaction>(
      "store the par table of deal " + std::to_string(r.deal_number),
      [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kPut = {
            "put_par_table",
            "INSERT INTO par_tables (deal_number, profile, version, par_game, par_handling, "
            "par_summary, analysis) VALUES ($1, $2, $3, $4, $5, $6, $7) "
            "ON CONFLICT (deal_number, profile, version) DO NOTHING"};
        tx.exec_prepared(conn.Prepare(kPut), static_cast<int64_t>(r.deal_number), r.profile,
                         r.version, r.par_game, r.par_handling, r.par_summary, r.analysis);
        return Status::Ok();
      });
}

Status PgStore::PutGameStudy(const std::string& event_id, const std::string& table_id, int board,
                             int version, int declarer_lost, int defenders_lost) {
  return Run<WriteTransaction>(
      "keep the study of board " + std::to_string(board) + " at table " + table_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kPut = {
            "put_game_study",
            "INSERT INTO game_studies (event_id, table_id, board, version, declarer_lost, "
            "defenders_lost) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING"};
        tx.exec_prepared0(conn.Prepare(kPut), event_id, table_id, board, version, declarer_lost,
                          defenders_lost);
        return Status::Ok();
      });
}

Result<std::vector<ArchiveBoardRecord>> PgStore::ListArchiveBoards(int par_version) {
  return Run<ReadTransaction>(
      "list the archive's boards",
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<ArchiveBoardRecord>> {
        // The spread per (event, set, board): the largest max - min of one direction's pad entry
        // over the current, confirmed results of the set's tables (pad[1..3] = F, M, R).
        static constexpr Statement kList = {
            "list_archive_boards",
            "WITH counted AS ("
            "  SELECT t.event_id, t.set_id, r.board_number, r.pad FROM results r"
            "  JOIN play_tables t ON t.event_id = r.event_id AND t.id = r.table_id"
            "  WHERE r.replaced_by IS NULL AND r.confirmed_by IS NOT NULL), "
            "spread AS ("
            "  SELECT event_id, set_id, board_number, count(*) AS tables,"
            "    GREATEST(max(pad[1]) - min(pad[1]), max(pad[2]) - min(pad[2]),"
            "             max(pad[3]) - min(pad[3])) AS spread"
            "  FROM counted GROUP BY event_id, set_id, board_number) "
            "SELECT e.id, e.name, e.profile, s.id, s.label, s.source, b.number, b.deal_number,"
            "  b.forehand, b.middlehand, b.rearhand, b.skat, p.par_game IS NOT NULL,"
            "  COALESCE(p.par_game, ''), COALESCE(p.par_handling, ''),"
            "  COALESCE(p.par_summary, ''), COALESCE(sp.spread, 0), COALESCE(sp.tables, 0) "
            "FROM boards b"
            "  JOIN board_sets s ON s.event_id = b.event_id AND s.id = b.set_id"
            "  JOIN events e ON e.id = b.event_id"
            "  LEFT JOIN par_tables p ON p.deal_number = b.deal_number AND p.profile = e.profile"
            "    AND p.version = $1"
            "  LEFT JOIN spread sp ON sp.event_id = b.event_id AND sp.set_id = b.set_id"
            "    AND sp.board_number = b.number "
            "WHERE s.revealed "
            "ORDER BY e.created_at, e.id, s.created_at, s.id, b.number"};
        std::vector<ArchiveBoardRecord> boards;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kList), par_version)) {
          ArchiveBoardRecord b;
          b.event_id = row[0].as<std::string>();
          b.event_name = row[1].as<std::string>();
          b.profile = row[2].as<std::string>();
          b.set_id = row[3].as<std::string>();
          b.set_label = row[4].as<std::string>();
          b.source = row[5].as<std::string>();
          b.number = row[6].as<int>();
          b.deal_number = static_cast<uint64_t>(row[7].as<int64_t>());
          b.forehand = row[8].as<std::string>();
          b.middlehand = row[9].as<std::string>();
          b.rearhand = row[10].as<std::string>();
          b.skat = row[11].as<std::string>();
          b.has_par = row[12].as<bool>();
          b.par_game = row[13].as<std::string>();
          b.par_handling = row[14].as<std::string>();
          b.par_summary = row[15].as<std::string>();
          b.spread = row[16].as<int64_t>();
          b.tables = row[17].as<int>();
          boards.push_back(std::move(b));
        }
        return boards;
      });
}

}  // namespace skat::store
