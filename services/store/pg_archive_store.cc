// Event archives in the store (archive_store.h; docs/event-archive.md): one statement builds the
// content as JSON in PostgreSQL, and an import is one INSERT ... SELECT per table from the
// content's JSON, all in one transaction. Timestamps travel as microseconds since the epoch
// (exact both ways: EXTRACT gives a numeric, the way back adds whole microseconds).
#include "services/store/pg_store.h"

namespace skat::store {
namespace {

#define SKAT_US(column) "(EXTRACT(EPOCH FROM " column ") * 1000000)::bigint"
#define SKAT_TS(us) "(timestamptz 'epoch' + (" us ") * interval '1 microsecond')"

// The content, one part per key; arrays in the order docs/event-archive.md states.
constexpr Statement kReadArchive = {
    "read_event_archive",
    "WITH rs AS (SELECT r.*, row_number() OVER (ORDER BY r.id) AS n FROM results r "
    "  WHERE r.event_id = $1), "
    "cts AS (SELECT c.*, row_number() OVER (ORDER BY c.id) AS n FROM chair_totals c "
    "  WHERE c.event_id = $1) "
    "SELECT json_build_object("
    "'event', (SELECT json_build_object('id', e.id, 'name', e.name, 'profile', e.profile, "
    "  'board_score', e.board_score, 'comparison', e.comparison, 'tie_breaks', e.tie_breaks, "
    "  'ranking', e.ranking, 'language', e.language, 'deck', e.deck, "
    "  'created_us', " SKAT_US("e.created_at") ", 'registry_name', g.name, 'rated', e.rated) "
    "  FROM events e LEFT JOIN registries g ON g.id = e.registry_id WHERE e.id = $1), "
    "'clubs', (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, "
    "  'position', position) ORDER BY position, id), '[]') FROM clubs WHERE event_id = $1), "
    "'players', (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, "
    "  'club_id', p.club_id, 'bot', p.bot, 'position', p.position, 'registry_name', g.name, "
    "  'person_name', pe.name, 'person_member_number', pe.member_number) "
    "  ORDER BY p.position, p.id), '[]') FROM players p "
    "  LEFT JOIN registries g ON g.id = p.registry_id "
    "  LEFT JOIN persons pe ON pe.registry_id = p.registry_id AND pe.id = p.person_id "
    "  WHERE p.event_id = $1), "
    "'board_sets', (SELECT coalesce(json_agg(json_build_object('id', id, 'label', label, "
    "  'generator_version', generator_version, 'commitment', commitment, "
    "  'beacon_source', beacon_source, 'beacon_value', beacon_value, "
    "  'seed', CASE WHEN revealed THEN secret_seed END, 'revealed', revealed, "
    "  'revealed_us', " SKAT_US("revealed_at") ", 'reveal_forced', reveal_forced, "
    "  'reveal_reason', reveal_reason, 'table_size', table_size, 'board_count', board_count, "
    "  'source', source, 'source_file', source_file, 'source_sha256', source_sha256, "
    "  'created_us', " SKAT_US("created_at") ") ORDER BY created_at, id), '[]') "
    "  FROM board_sets WHERE event_id = $1), "
    "'boards', (SELECT coalesce(json_agg(json_build_object('set_id', set_id, 'number', number, "
    "  'deal_number', deal_number, 'forehand', forehand, 'middlehand', middlehand, "
    "  'rearhand', rearhand, 'skat', skat) ORDER BY set_id, number), '[]') "
    "  FROM boards WHERE event_id = $1), "
    "'sessions', (SELECT coalesce(json_agg(json_build_object('id', id, 'number', number, "
    "  'set_id', set_id, 'movement', movement, 'warnings', warnings, 'validation', validation, "
    "  'created_us', " SKAT_US("created_at") ") ORDER BY number), '[]') "
    "  FROM sessions WHERE event_id = $1), "
    "'tables', (SELECT coalesce(json_agg(json_build_object('id', id, 'label', label, "
    "  'set_id', set_id, 'boards', boards, 'chairs', chairs, 'mode', mode, "
    "  'forehand_chair', forehand_chair, 'session_id', session_id, 'round', round, "
    "  'table_number', table_number, 'move_seconds', move_seconds, "
    "  'has_code', code_sha256 IS NOT NULL, 'created_us', " SKAT_US("created_at") ") "
    "  ORDER BY created_at, id), '[]') FROM play_tables WHERE event_id = $1), "
    "'seats', (SELECT coalesce(json_agg(json_build_object('table_id', table_id, 'chair', chair, "
    "  'player_name', player_name, 'player_id', player_id, 'bot', bot) "
    "  ORDER BY table_id, chair), '[]') FROM seatings WHERE event_id = $1), "
    "'games', (SELECT coalesce(json_agg(json_build_object('table_id', table_id, "
    "  'board_index', board_index, 'board_number', board_number, 'source', source, "
    "  'finished_us', " SKAT_US("finished_at") ") ORDER BY table_id, board_index), '[]') "
    "  FROM games WHERE event_id = $1), "
    "'acts', (SELECT coalesce(json_agg(json_build_object('table_id', table_id, "
    "  'board_index', board_index, 'act_index', act_index, 'chair', chair, "
    "  'sequence', sequence, 'act', act, 'made_by', made_by, "
    "  'created_us', " SKAT_US("created_at") ") ORDER BY table_id, board_index, act_index), "
    "  '[]') FROM game_acts WHERE event_id = $1), "
    "'results', (SELECT coalesce(json_agg(json_build_object('number', a.n, "
    "  'table_id', a.table_id, 'board_index', a.board_index, 'board_number', a.board_number, "
    "  'source', a.source, 'kind', a.kind, 'declarer', a.declarer, 'handling', a.handling, "
    "  'game_type', a.game_type, 'ouvert', a.ouvert, 'announced', a.announced, "
    "  'matadors', a.matadors, 'level', a.level, 'won', a.won, 'value', a.value, "
    "  'pad', a.pad, 'card_points', a.card_points, 'tricks', a.tricks, 'summary', a.summary, "
    "  'report_json', a.report_json, 'entered_by', a.entered_by, "
    "  'entered_us', " SKAT_US("a.entered_at") ", 'confirmed_by', a.confirmed_by, "
    "  'confirmed_us', " SKAT_US("a.confirmed_at") ", 'replaced_by', b.n, "
    "  'replaced_us', " SKAT_US("a.replaced_at") ", 'corrected_by', a.corrected_by, "
    "  'correction_reason', a.correction_reason) ORDER BY a.n), '[]') "
    "  FROM rs a LEFT JOIN rs b ON b.id = a.replaced_by), "
    "'chair_totals', (SELECT coalesce(json_agg(json_build_object('number', a.n, "
    "  'table_id', a.table_id, 'chair', a.chair, 'total', a.total, "
    "  'entered_us', " SKAT_US("a.entered_at") ", 'replaced_by', b.n) ORDER BY a.n), '[]') "
    "  FROM cts a LEFT JOIN cts b ON b.id = a.replaced_by), "
    "'adjustments', (SELECT coalesce(json_agg(json_build_object('number', n, 'kind', kind, "
    "  'session', session, 'board_number', board_number, 'table_id', table_id, "
    "  'direction', direction, 'player_id', player_id, 'assigned_score', assigned_score, "
    "  'artificial_percent', artificial_percent, 'penalty', penalty, 'version', version, "
    "  'reason', reason, 'created_by', created_by, 'created_us', " SKAT_US("created_at") ") "
    "  ORDER BY n), '[]') FROM (SELECT *, row_number() OVER (ORDER BY id) AS n "
    "  FROM adjustments WHERE event_id = $1) a)"
    ")::text"};

// The import, table by table in the order of the foreign keys. $1 the content, $2 the new
// event's id; a registry or person is linked when exactly one of that name is on this server.
constexpr Statement kWriteEvent = {
    "archive_write_event",
    "INSERT INTO events (id, name, profile, director_token_sha256, board_score, comparison, "
    "tie_breaks, ranking, language, deck, created_at, registry_id, rated) "
    "SELECT $2, x.name, x.profile, $3, x.board_score, x.comparison, x.tie_breaks, x.ranking, "
    "x.language, x.deck, " SKAT_TS("x.created_us") ", g.id, x.rated AND g.id IS NOT NULL "
    "FROM json_to_record($1::json -> 'event') AS x(name text, profile text, board_score text, "
    "comparison text, tie_breaks text, ranking text, language text, deck text, "
    "created_us bigint, registry_name text, rated boolean) "
    "LEFT JOIN LATERAL (SELECT min(id) AS id FROM registries WHERE name = x.registry_name "
    "HAVING count(*) = 1) g ON true"};

constexpr Statement kWriteClubs = {
    "archive_write_clubs",
    "INSERT INTO clubs (event_id, id, name, position) SELECT $2, x.id, x.name, x.position "
    "FROM json_to_recordset($1::json -> 'clubs') AS x(id text, name text, position int)"};

constexpr Statement kWritePlayers = {
    "archive_write_players",
    "INSERT INTO players (event_id, id, name, club_id, bot, position, registry_id, person_id) "
    "SELECT $2, x.id, x.name, x.club_id, x.bot, x.position, pe.registry_id, pe.id "
    "FROM json_to_recordset($1::json -> 'players') AS x(id text, name text, club_id text, "
    "bot boolean, position int, registry_name text, person_name text, "
    "person_member_number text) "
    "LEFT JOIN LATERAL (SELECT min(p.registry_id) AS registry_id, min(p.id) AS id "
    "FROM events e JOIN persons p ON p.registry_id = e.registry_id "
    "WHERE e.id = $2 AND p.merged_into IS NULL AND p.name = x.person_name "
    "AND p.member_number IS NOT DISTINCT FROM x.person_member_number "
    "HAVING count(*) = 1) pe ON true"};

constexpr Statement kWriteBoardSets = {
    "archive_write_board_sets",
    "INSERT INTO board_sets (event_id, id, label, generator_version, commitment, "
    "beacon_source, beacon_value, secret_seed, seed_withheld, revealed, revealed_at, "
    "reveal_forced, reveal_reason, table_size, board_count, source, source_file, "
    "source_sha256, created_at) "
    "SELECT $2, x.id, x.label, x.generator_version, x.commitment, x.beacon_source, "
    "x.beacon_value, coalesce(x.seed, repeat('0', 64)), x.seed IS NULL, x.revealed, "
    "" SKAT_TS("x.revealed_us") ", x.reveal_forced, x.reveal_reason, x.table_size, "
    "x.board_count, x.source, x.source_file, x.source_sha256, " SKAT_TS("x.created_us") " "
    "FROM json_to_recordset($1::json -> 'board_sets') AS x(id text, label text, "
    "generator_version int, commitment text, beacon_source text, beacon_value text, seed text, "
    "revealed boolean, revealed_us bigint, reveal_forced boolean, reveal_reason text, "
    "table_size int, board_count int, source text, source_file text, source_sha256 text, "
    "created_us bigint)"};

constexpr Statement kWriteBoards = {
    "archive_write_boards",
    "INSERT INTO boards (event_id, set_id, number, deal_number, forehand, middlehand, rearhand, "
    "skat) SELECT $2, x.set_id, x.number, x.deal_number, x.forehand, x.middlehand, x.rearhand, "
    "x.skat FROM json_to_recordset($1::json -> 'boards') AS x(set_id text, number int, "
    "deal_number bigint, forehand text, middlehand text, rearhand text, skat text)"};

constexpr Statement kWriteSessions = {
    "archive_write_sessions",
    "INSERT INTO sessions (event_id, id, number, set_id, movement, warnings, validation, "
    "created_at) SELECT $2, x.id, x.number, x.set_id, x.movement, x.warnings, x.validation, "
    "" SKAT_TS("x.created_us") " FROM json_to_recordset($1::json -> 'sessions') AS x(id text, "
    "number int, set_id text, movement text, warnings text, validation text, created_us bigint)"};

// $3: the new table codes' hashes.
constexpr Statement kWriteTables = {
    "archive_write_tables",
    "INSERT INTO play_tables (event_id, id, label, set_id, boards, chairs, mode, "
    "forehand_chair, session_id, round, table_number, move_seconds, code_sha256, created_at) "
    "SELECT $2, x.id, x.label, x.set_id, x.boards, x.chairs, x.mode, x.forehand_chair, "
    "x.session_id, x.round, x.table_number, x.move_seconds, c.code_sha256, "
    "" SKAT_TS("x.created_us") " FROM json_to_recordset($1::json -> 'tables') AS x(id text, "
    "label text, set_id text, boards int[], chairs int, mode text, forehand_chair int, "
    "session_id text, round int, table_number int, move_seconds int, created_us bigint) "
    "LEFT JOIN json_to_recordset($3::json) AS c(table_id text, code_sha256 text) "
    "ON c.table_id = x.id"};

// $3: the new seat tokens' hashes (an inner join: the service hashes one for every seat).
constexpr Statement kWriteSeats = {
    "archive_write_seats",
    "INSERT INTO seatings (event_id, table_id, chair, player_name, token_sha256, player_id, bot) "
    "SELECT $2, x.table_id, x.chair, x.player_name, t.token_sha256, x.player_id, x.bot "
    "FROM json_to_recordset($1::json -> 'seats') AS x(table_id text, chair int, "
    "player_name text, player_id text, bot boolean) "
    "JOIN json_to_recordset($3::json) AS t(table_id text, chair int, token_sha256 text) "
    "ON t.table_id = x.table_id AND t.chair = x.chair"};

constexpr Statement kWriteGames = {
    "archive_write_games",
    "INSERT INTO games (event_id, table_id, board_index, board_number, source, finished_at) "
    "SELECT $2, x.table_id, x.board_index, x.board_number, x.source, "
    "" SKAT_TS("x.finished_us") " FROM json_to_recordset($1::json -> 'games') AS x("
    "table_id text, board_index int, board_number int, source text, finished_us bigint)"};

constexpr Statement kWriteActs = {
    "archive_write_acts",
    "INSERT INTO game_acts (event_id, table_id, board_index, act_index, chair, sequence, act, "
    "made_by, created_at) SELECT $2, x.table_id, x.board_index, x.act_index, x.chair, "
    "x.sequence, x.act, x.made_by, " SKAT_TS("x.created_us") " "
    "FROM json_to_recordset($1::json -> 'acts') AS x(table_id text, board_index int, "
    "act_index int, chair int, sequence bigint, act text, made_by text, created_us bigint)"};

// New ids in the file's order; replaced_by maps through them (its foreign key is deferred).
constexpr Statement kWriteResults = {
    "archive_write_results",
    "WITH x AS (SELECT * FROM json_to_recordset($1::json -> 'results') AS x(number bigint, "
    "table_id text, board_index int, board_number int, source text, kind text, declarer text, "
    "handling text, game_type text, ouvert boolean, announced text, matadors int, level int, "
    "won boolean, value int, pad int[], card_points int[], tricks int[], summary text, "
    "report_json text, entered_by text, entered_us bigint, confirmed_by text, "
    "confirmed_us bigint, replaced_by bigint, replaced_us bigint, corrected_by text, "
    "correction_reason text)), "
    "ids AS (SELECT o.number, nextval(pg_get_serial_sequence('results', 'id')) AS id "
    "FROM (SELECT number FROM x ORDER BY number) o) "
    "INSERT INTO results (id, event_id, table_id, board_index, board_number, source, kind, "
    "declarer, handling, game_type, ouvert, announced, matadors, level, won, value, pad, "
    "card_points, tricks, summary, report_json, entered_by, entered_at, confirmed_by, "
    "confirmed_at, replaced_by, replaced_at, corrected_by, correction_reason) "
    "SELECT i.id, $2, x.table_id, x.board_index, x.board_number, x.source, x.kind, x.declarer, "
    "x.handling, x.game_type, x.ouvert, x.announced, x.matadors, x.level, x.won, x.value, "
    "x.pad, x.card_points, x.tricks, x.summary, x.report_json, x.entered_by, "
    "" SKAT_TS("x.entered_us") ", x.confirmed_by, " SKAT_TS("x.confirmed_us") ", r.id, "
    "" SKAT_TS("x.replaced_us") ", x.corrected_by, x.correction_reason "
    "FROM x JOIN ids i ON i.number = x.number LEFT JOIN ids r ON r.number = x.replaced_by "
    "ORDER BY x.number"};

constexpr Statement kWriteChairTotals = {
    "archive_write_chair_totals",
    "WITH x AS (SELECT * FROM json_to_recordset($1::json -> 'chair_totals') AS x("
    "number bigint, table_id text, chair int, total bigint, entered_us bigint, "
    "replaced_by bigint)), "
    "ids AS (SELECT o.number, nextval(pg_get_serial_sequence('chair_totals', 'id')) AS id "
    "FROM (SELECT number FROM x ORDER BY number) o) "
    "INSERT INTO chair_totals (id, event_id, table_id, chair, total, entered_at, replaced_by) "
    "SELECT i.id, $2, x.table_id, x.chair, x.total, " SKAT_TS("x.entered_us") ", r.id "
    "FROM x JOIN ids i ON i.number = x.number LEFT JOIN ids r ON r.number = x.replaced_by "
    "ORDER BY x.number"};

constexpr Statement kWriteAdjustments = {
    "archive_write_adjustments",
    "INSERT INTO adjustments (event_id, kind, session, board_number, table_id, direction, "
    "player_id, assigned_score, artificial_percent, penalty, version, reason, created_by, "
    "created_at) SELECT $2, x.kind, x.session, x.board_number, x.table_id, x.direction, "
    "x.player_id, x.assigned_score, x.artificial_percent, x.penalty, x.version, x.reason, "
    "x.created_by, " SKAT_TS("x.created_us") " "
    "FROM json_to_recordset($1::json -> 'adjustments') AS x(number bigint, kind text, "
    "session int, board_number int, table_id text, direction text, player_id text, "
    "assigned_score bigint, artificial_percent int, penalty text, version int, reason text, "
    "created_by text, created_us bigint) ORDER BY x.number"};

#undef SKAT_US
#undef SKAT_TS

}  // namespace

Result<std::string> PgStore::ReadEventArchive(const std::string& event_id) {
  return Run<ReadTransaction>(
      "export event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::string> {
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        return tx.exec_prepared1(conn.Prepare(kReadArchive), event_id)[0].as<std::string>();
      });
}

Result<EventRecord> PgStore::WriteEventArchive(const ArchiveImport& import) {
  return Run<WriteTransaction>(
      "event archive: the schema refuses a row (docs/event-archive.md \"Validation\")",
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
        const std::string& content = import.content_json;
        const std::string& id = import.event_id;
        tx.exec_prepared(conn.Prepare(kWriteEvent), content, id, import.director_token_sha256);
        for (const Statement* s :
             {&kWriteClubs, &kWritePlayers, &kWriteBoardSets, &kWriteBoards, &kWriteSessions}) {
          tx.exec_prepared(conn.Prepare(*s), content, id);
        }
        tx.exec_prepared(conn.Prepare(kWriteTables), content, id, import.table_codes_json);
        tx.exec_prepared(conn.Prepare(kWriteSeats), content, id, import.seat_tokens_json);
        for (const Statement* s :
             {&kWriteGames, &kWriteActs, &kWriteResults, &kWriteChairTotals, &kWriteAdjustments}) {
          tx.exec_prepared(conn.Prepare(*s), content, id);
        }
        return ReadEvent(tx, conn, id);
      });
}

}  // namespace skat::store
