// Store::Connect, the connection pool, events and board sets (pg_store.h describes the
// transactions, statements and retries all PgStore methods share).
#include "services/store/pg_store.h"

#include <tuple>

#include "services/store/migrations.h"
#include "services/store/stored_enums.h"

namespace skat::store {

std::unique_ptr<PooledConnection> ConnectionPool::Acquire() {
  acquired_.fetch_add(1, std::memory_order_relaxed);
  {
    std::unique_lock lock(mutex_);
    available_.wait(lock, [&] { return !idle_.empty() || open_ < size_; });
    if (!idle_.empty()) {
      std::unique_ptr<PooledConnection> conn = std::move(idle_.back());
      idle_.pop_back();
      return conn;
    }
    ++open_;
  }
  try {
    return std::make_unique<PooledConnection>(url_);
  } catch (...) {
    Forget();
    throw;
  }
}

void ConnectionPool::Release(std::unique_ptr<PooledConnection> conn, bool lost) {
  if (lost || !conn->conn.is_open()) {
    // One lost connection usually means the server restarted: the idle ones are lost too, so
    // close them all rather than hand them to the next callers.
    std::vector<std::unique_ptr<PooledConnection>> stale;
    {
      std::lock_guard lock(mutex_);
      stale.swap(idle_);
      open_ -= static_cast<int>(stale.size());
    }
    conn.reset();
    Forget();
    available_.notify_all();
    return;
  }
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(conn));
  }
  available_.notify_one();
}

void ConnectionPool::Forget() {
  {
    std::lock_guard lock(mutex_);
    --open_;
  }
  available_.notify_one();
}

std::string ArrayLiteral(const std::vector<std::string>& values) {
  std::string out = "{";
  for (const std::string& v : values) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (const char c : v) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

std::string ArrayLiteral(const std::vector<int>& values) {
  std::string out = "{";
  for (const int v : values) {
    if (out.size() > 1) out += ',';
    out += std::to_string(v);
  }
  return out + "}";
}

std::string ArrayLiteral(const std::vector<int64_t>& values) {
  std::string out = "{";
  for (const int64_t v : values) {
    if (out.size() > 1) out += ',';
    out += std::to_string(v);
  }
  return out + "}";
}

std::vector<int> IntsFromArray(const pqxx::field& field) {
  std::vector<int> values;
  pqxx::array_parser parser = field.as_array();
  for (auto [juncture, text] = parser.get_next(); juncture != pqxx::array_parser::done;
       std::tie(juncture, text) = parser.get_next()) {
    if (juncture == pqxx::array_parser::string_value) values.push_back(std::stoi(text));
    if (juncture == pqxx::array_parser::null_value) values.push_back(0);
  }
  return values;
}

std::string SetName(const std::string& event_id, const std::string& id) {
  return "board set events/" + event_id + "/boardSets/" + id;
}

std::string TableName(const std::string& event_id, const std::string& table_id) {
  return "table events/" + event_id + "/tables/" + table_id;
}

namespace {

// The reason of a forced reveal, in bytes (migration 0006).
constexpr size_t kMaxRevealReason = 500;

// kInvalidArgument unless `boards` are board_count valid boards numbered 1..board_count.
Status CheckBoards(const std::string& set_name, const std::vector<SetBoard>& boards,
                   int board_count) {
  if (static_cast<int>(boards.size()) != board_count) {
    return Status::InvalidArgument(set_name + ": " + std::to_string(boards.size()) +
                                   " boards given for " + std::to_string(board_count) + " planned");
  }
  std::vector<bool> seen(board_count + 1, false);
  for (const SetBoard& board : boards) {
    if (board.number < 1 || board.number > board_count || seen[board.number]) {
      return Status::InvalidArgument(set_name + ": board number " + std::to_string(board.number) +
                                     " is out of range 1.." + std::to_string(board_count) +
                                     " or repeated");
    }
    seen[board.number] = true;
    if (Status status = CheckBoard(board.board); !status.ok()) {
      return Status::InvalidArgument(set_name + ": board " + std::to_string(board.number) + ": " +
                                     status.message());
    }
  }
  return Status::Ok();
}

// All boards of a set in one statement (one round trip, not one per board).
void InsertBoards(WriteTransaction& tx, PooledConnection& conn, const std::string& event_id,
                  const std::string& set_id, const std::vector<SetBoard>& boards) {
  if (boards.empty()) return;
  static constexpr Statement kInsertBoards = {
      "insert_boards",
      "INSERT INTO boards (event_id, set_id, number, deal_number, forehand, middlehand, "
      "rearhand, skat) SELECT $1, $2, b.* FROM unnest($3::int[], $4::bigint[], $5::text[], "
      "$6::text[], $7::text[], $8::text[]) AS b"};
  std::vector<std::string> numbers, deals, forehand, middlehand, rearhand, skat;
  for (const SetBoard& b : boards) {
    numbers.push_back(std::to_string(b.number));
    deals.push_back(std::to_string(DealNumber(b.board)));
    forehand.push_back(ToString(b.board.hand(Direction::kForehand)));
    middlehand.push_back(ToString(b.board.hand(Direction::kMiddlehand)));
    rearhand.push_back(ToString(b.board.hand(Direction::kRearhand)));
    skat.push_back(SkatText(b.board));
  }
  tx.exec_prepared0(conn.Prepare(kInsertBoards), event_id, set_id, ArrayLiteral(numbers),
                    ArrayLiteral(deals), ArrayLiteral(forehand), ArrayLiteral(middlehand),
                    ArrayLiteral(rearhand), ArrayLiteral(skat));
}

// The columns BoardSetFromRow reads, in its order.
#define SKAT_BOARD_SET_COLUMNS                                                        \
  "event_id, id, label, generator_version, commitment, beacon_source, beacon_value, " \
  "secret_seed, revealed, table_size, board_count, version, "                         \
  "EXTRACT(EPOCH FROM created_at)::bigint, "                                          \
  "COALESCE(EXTRACT(EPOCH FROM revealed_at)::bigint, 0), reveal_forced, reveal_reason"

BoardSetRecord BoardSetFromRow(const pqxx::row& row) {
  BoardSetRecord record;
  record.event_id = row[0].as<std::string>();
  record.id = row[1].as<std::string>();
  record.set.label = row[2].as<std::string>();
  record.set.generator_version = row[3].as<int>();
  record.set.commitment = row[4].as<std::string>();
  record.set.beacon_source = row[5].as<std::string>();
  record.set.beacon_value = row[6].is_null() ? "" : row[6].as<std::string>();
  record.secret_seed = row[7].as<std::string>();
  record.revealed = row[8].as<bool>();
  if (record.revealed) record.set.seed = record.secret_seed;
  record.set.table_size = row[9].as<int>();
  record.board_count = row[10].as<int>();
  record.version = row[11].as<int64_t>();
  record.created_unix = row[12].as<int64_t>();
  record.revealed_unix = row[13].as<int64_t>();
  record.reveal_forced = row[14].as<bool>();
  record.reveal_reason = row[15].as<std::string>();
  return record;
}

#define SKAT_EVENT_COLUMNS                                                                  \
  "id, name, profile, director_token_sha256, EXTRACT(EPOCH FROM created_at)::bigint, "      \
  "board_score, comparison, tie_breaks, COALESCE(registry_id, ''), rated, language, deck, " \
  "ranking"

// The number of SKAT_EVENT_COLUMNS: a query's own columns after them start at this index.
constexpr int kEventColumns = 13;

EventRecord EventFromRow(const pqxx::row& row) {
  return EventRecord{.id = row[0].as<std::string>(),
                     .name = row[1].as<std::string>(),
                     .profile = row[2].as<std::string>(),
                     .director_token_sha256 = row[3].as<std::string>(),
                     .board_score = row[5].as<std::string>(),
                     .comparison = row[6].as<std::string>(),
                     .tie_breaks = row[7].as<std::string>(),
                     .created_unix = row[4].as<int64_t>(),
                     .registry_id = row[8].as<std::string>(),
                     .rated = row[9].as<bool>(),
                     .language = row[10].as<std::string>(),
                     .deck = row[11].as<std::string>(),
                     .ranking = row[12].as<std::string>()};
}

}  // namespace

Status CheckPageLimit(int limit, const std::string& what) {
  if (limit >= 1 && limit <= kMaxPageRows) return Status::Ok();
  return Status::InvalidArgument("a page of " + what + " reads 1.." + std::to_string(kMaxPageRows) +
                                 " rows, not " + std::to_string(limit));
}

Status PgStore::Open() {
  return Run<ReadTransaction>("connect to database",
                              [](ReadTransaction&, PooledConnection&) { return Status::Ok(); });
}

Status PgStore::Ping() {
  return Run<AutocommitTransaction>("ping the database",
                                    [](AutocommitTransaction& tx, PooledConnection&) {
                                      tx.exec1("SELECT 1");
                                      return Status::Ok();
                                    });
}

Status PgStore::Migrate() {
  Result<std::vector<Migration>> migrations = EmbeddedMigrations();
  if (!migrations.ok()) return migrations.status();
  return Migrator(url_, std::move(migrations).value()).Up();
}

Result<EventRecord> PgStore::CreateEvent(const EventRecord& event) {
  const std::vector<Refusal> refusals = {
      {"events_pkey", ErrorCode::kAlreadyExists, "event " + event.id + " exists already"}};
  return Run<WriteTransaction>(
      "create event " + event.id, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
        static constexpr Statement kInsertEvent = {
            "insert_event",
            "INSERT INTO events (id, name, profile, director_token_sha256, board_score, "
            "comparison, tie_breaks, registry_id, language, deck, ranking) VALUES ($1, $2, $3, "
            "$4, $5, $6, $7, NULLIF($8, ''), $9, $10, $11) "
            "RETURNING EXTRACT(EPOCH FROM created_at)::bigint"};
        const pqxx::row row = tx.exec_prepared1(
            conn.Prepare(kInsertEvent), event.id, event.name, event.profile,
            event.director_token_sha256, event.board_score, event.comparison, event.tie_breaks,
            event.registry_id, event.language, event.deck, event.ranking);
        EventRecord stored = event;
        stored.created_unix = row[0].as<int64_t>();
        return stored;
      });
}

Result<EventRecord> ReadEvent(pqxx::transaction_base& tx, PooledConnection& conn,
                              const std::string& id) {
  static constexpr Statement kGetEvent = {
      "get_event", "SELECT " SKAT_EVENT_COLUMNS " FROM events WHERE id = $1"};
  const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGetEvent), id);
  if (rows.empty()) return Status::NotFound("event " + id + " not found");
  return EventFromRow(rows[0]);
}

Result<std::vector<EventRecord>> PgStore::ListRatedEvents(const std::string& registry_id) {
  return Run<ReadTransaction>(
      "list the rated events of registry " + registry_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<EventRecord>> {
        static constexpr Statement kList = {"list_rated_events",
                                            "SELECT " SKAT_EVENT_COLUMNS
                                            " FROM events WHERE registry_id = $1 AND rated "
                                            "ORDER BY created_at, id LIMIT 10000"};
        std::vector<EventRecord> events;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kList), registry_id)) {
          events.push_back(EventFromRow(row));
        }
        return events;
      });
}

Result<std::vector<RegistryStore::PersonEvent>> PgStore::ListPersonEvents(
    const std::string& registry_id, const std::string& person_id, const std::string& after_event_id,
    int limit) {
  if (Status s = CheckPageLimit(limit, "events"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list the events of person " + person_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<PersonEvent>> {
        static constexpr Statement kPerson = {
            "person_exists", "SELECT 1 FROM persons WHERE registry_id = $1 AND id = $2"};
        if (tx.exec_prepared(conn.Prepare(kPerson), registry_id, person_id).empty()) {
          return Status::NotFound("person registries/" + registry_id + "/persons/" + person_id +
                                  " not found");
        }
        static constexpr Statement kList = {
            "list_person_events",
            "WITH RECURSIVE ids(id) AS (SELECT $2::text UNION SELECT p.id FROM persons p "
            "JOIN ids ON p.registry_id = $1 AND p.merged_into = ids.id) "
            "SELECT " SKAT_EVENT_COLUMNS
            ", pl.player_id FROM events JOIN (SELECT event_id, id AS player_id FROM players "
            "WHERE registry_id = $1 AND person_id IN (SELECT id FROM ids)) pl "
            "ON pl.event_id = events.id WHERE "
            "($3::text = '' OR (events.created_at, events.id) < "
            "(SELECT created_at, id FROM events WHERE id = $3::text)) "
            "ORDER BY events.created_at DESC, events.id DESC LIMIT $4"};
        std::vector<PersonEvent> out;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kList), registry_id, person_id, after_event_id, limit)) {
          out.push_back({EventFromRow(row), row[kEventColumns].as<std::string>()});
        }
        return out;
      });
}

Result<EventRecord> PgStore::GetEvent(const std::string& id) {
  return Run<ReadTransaction>("get event " + id, [&](ReadTransaction& tx, PooledConnection& conn) {
    return ReadEvent(tx, conn, id);
  });
}

Result<std::vector<EventRecord>> PgStore::ListEvents(const std::string& after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "events"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list events",
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<EventRecord>> {
        // The key is the previous page's last event: (created_at, id) is unique and never
        // changes, and events are never deleted.
        static constexpr Statement kListEvents = {
            "list_events", "SELECT " SKAT_EVENT_COLUMNS
                           " FROM events WHERE $1::text = '' OR (created_at, id) > "
                           "(SELECT created_at, id FROM events WHERE id = $1::text) "
                           "ORDER BY created_at, id LIMIT $2"};
        std::vector<EventRecord> events;
        for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListEvents), after_id, limit)) {
          events.push_back(EventFromRow(row));
        }
        return events;
      });
}

Result<EventRecord> PgStore::UpdateEventSettings(const std::string& event_id,
                                                 const std::string& language,
                                                 const std::string& deck,
                                                 const std::string& ranking) {
  return Run<WriteTransaction>(
      "set the language, deck and ranking of event " + event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
        // docs/comparative.md "Ranking": the ranking changes only before the first session. The
        // event's row is locked first, as starting a session locks it, so that the update's own
        // statement sees a session started meanwhile (read committed: a snapshot per statement).
        static constexpr Statement kLock = {"lock_event_settings",
                                            "SELECT 1 FROM events WHERE id = $1 FOR UPDATE"};
        tx.exec_prepared(conn.Prepare(kLock), event_id);
        static constexpr Statement kUpdate = {
            "update_event_settings",
            "UPDATE events SET language = $2, deck = $3, ranking = $4 WHERE id = $1 AND "
            "(ranking = $4 OR NOT EXISTS (SELECT 1 FROM sessions WHERE event_id = $1)) "
            "RETURNING " SKAT_EVENT_COLUMNS};
        const pqxx::result rows =
            tx.exec_prepared(conn.Prepare(kUpdate), event_id, language, deck, ranking);
        if (!rows.empty()) return EventFromRow(rows[0]);
        Result<EventRecord> event = ReadEvent(tx, conn, event_id);
        if (!event.ok()) return event.status();
        return Status::NotAllowed("event " + event_id + " has a session: its ranking stays \"" +
                                  event->ranking + "\" (docs/comparative.md \"Ranking\")");
      });
}

Result<EventRecord> PgStore::RotateDirectorToken(const std::string& event_id,
                                                 const std::string& old_sha256,
                                                 const std::string& new_sha256) {
  return Run<WriteTransaction>(
      "rotate the director token of event " + event_id,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
        // Compare and set: of two rotations with the same old token, one wins.
        static constexpr Statement kRotate = {
            "rotate_director_token",
            "UPDATE events SET director_token_sha256 = $3 "
            "WHERE id = $1 AND director_token_sha256 = $2 RETURNING " SKAT_EVENT_COLUMNS};
        const pqxx::result rows =
            tx.exec_prepared(conn.Prepare(kRotate), event_id, old_sha256, new_sha256);
        if (!rows.empty()) return EventFromRow(rows[0]);
        if (Status s = CheckEventExists(tx, conn, event_id); !s.ok()) return s;
        return Status::Aborted("the director token of event " + event_id +
                               " was replaced by another rotation meanwhile");
      });
}

Result<BoardSetRecord> PgStore::CreateBoardSet(const BoardSetRecord& set) {
  const std::string name = SetName(set.event_id, set.id);
  if (!set.set.boards.empty()) {
    if (Status status = CheckBoards(name, set.set.boards, set.board_count); !status.ok()) {
      return status;
    }
  }
  const std::vector<Refusal> refusals = {
      {"board_sets_pkey", ErrorCode::kAlreadyExists, name + " exists already"}};
  return Run<WriteTransaction>(
      "create " + name, refusals,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<BoardSetRecord> {
        if (Status status = CheckEventExists(tx, conn, set.event_id); !status.ok()) {
          return status;
        }
        static constexpr Statement kInsertSet = {
            "insert_board_set",
            "INSERT INTO board_sets (event_id, id, label, generator_version, commitment, "
            "beacon_source, beacon_value, secret_seed, revealed, revealed_at, table_size, "
            "board_count) VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8, $9, "
            "CASE WHEN $9 THEN now() END, $10, $11) "
            "RETURNING version, EXTRACT(EPOCH FROM created_at)::bigint, "
            "COALESCE(EXTRACT(EPOCH FROM revealed_at)::bigint, 0)"};
        const pqxx::row row =
            tx.exec_prepared1(conn.Prepare(kInsertSet), set.event_id, set.id, set.set.label,
                              set.set.generator_version, set.set.commitment, set.set.beacon_source,
                              set.set.beacon_value, set.secret_seed, set.revealed,
                              set.set.table_size, set.board_count);
        InsertBoards(tx, conn, set.event_id, set.id, set.set.boards);
        BoardSetRecord stored = set;
        stored.version = row[0].as<int64_t>();
        stored.created_unix = row[1].as<int64_t>();
        stored.revealed_unix = row[2].as<int64_t>();
        stored.reveal_forced = false;  // only a forced Reveal sets it
        stored.reveal_reason.clear();
        stored.set.seed = stored.revealed ? std::optional(stored.secret_seed) : std::nullopt;
        return stored;
      });
}

Result<BoardSetRecord> ReadBoardSet(pqxx::transaction_base& tx, PooledConnection& conn,
                                    const std::string& event_id, const std::string& id,
                                    BoardRange boards) {
  const std::string name = SetName(event_id, id);
  static constexpr Statement kGetSet = {"get_board_set",
                                        "SELECT " SKAT_BOARD_SET_COLUMNS
                                        " FROM board_sets WHERE event_id = $1 AND id = $2"};
  const pqxx::result sets = tx.exec_prepared(conn.Prepare(kGetSet), event_id, id);
  if (sets.empty()) return Status::NotFound(name + " not found");
  BoardSetRecord record = BoardSetFromRow(sets[0]);
  if (boards.first > boards.last) return record;

  static constexpr Statement kGetBoards = {
      "get_boards",
      "SELECT number, deal_number, forehand, middlehand, rearhand, skat FROM boards "
      "WHERE event_id = $1 AND set_id = $2 AND number BETWEEN $3 AND $4 ORDER BY number"};
  for (const pqxx::row& row :
       tx.exec_prepared(conn.Prepare(kGetBoards), event_id, id, boards.first, boards.last)) {
    const int number = row[0].as<int>();
    const std::string text = "F: " + row[2].as<std::string>() + "; M: " + row[3].as<std::string>() +
                             "; R: " + row[4].as<std::string>() +
                             "; S: " + row[5].as<std::string>();
    Result<Board> board = ParseBoard(text);
    if (!board.ok() || DealNumber(*board) != row[1].as<uint64_t>()) {
      return Status::Internal(name + ": stored board " + std::to_string(number) +
                              " is unreadable or disagrees with its "
                              "deal number");
    }
    record.set.boards.push_back(SetBoard{.number = number, .board = *board});
  }
  return record;
}

Result<BoardSetRecord> PgStore::GetBoardSet(const std::string& event_id, const std::string& id,
                                            BoardRange boards) {
  return Run<ReadTransaction>("get " + SetName(event_id, id),
                              [&](ReadTransaction& tx, PooledConnection& conn) {
                                return ReadBoardSet(tx, conn, event_id, id, boards);
                              });
}

Result<std::vector<BoardSetRecord>> PgStore::ListBoardSets(const std::string& event_id,
                                                           const std::string& after_id, int limit) {
  if (Status s = CheckPageLimit(limit, "board sets"); !s.ok()) return s;
  return Run<ReadTransaction>(
      "list board sets of event " + event_id,
      [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<BoardSetRecord>> {
        if (Status status = CheckEventExists(tx, conn, event_id); !status.ok()) return status;
        static constexpr Statement kListSets = {
            "list_board_sets",
            "SELECT " SKAT_BOARD_SET_COLUMNS
            " FROM board_sets WHERE event_id = $1 AND ($2::text = '' OR (created_at, id) > "
            "(SELECT created_at, id FROM board_sets WHERE event_id = $1 AND id = $2::text)) "
            "ORDER BY created_at, id LIMIT $3"};
        std::vector<BoardSetRecord> sets;
        for (const pqxx::row& row :
             tx.exec_prepared(conn.Prepare(kListSets), event_id, after_id, limit)) {
          sets.push_back(BoardSetFromRow(row));
        }
        return sets;
      });
}

Status PgStore::SetBeacon(const std::string& event_id, const std::string& id,
                          const std::string& beacon_value, const std::vector<SetBoard>& boards,
                          int64_t expected_version) {
  const std::string name = SetName(event_id, id);
  if (beacon_value.empty()) {
    return Status::InvalidArgument(name + ": the beacon value is empty");
  }
  return Run<WriteTransaction>(
      "enter beacon value of " + name, [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
        static constexpr Statement kSetBeacon = {
            "set_beacon",
            "UPDATE board_sets SET beacon_value = $3, version = version + 1 "
            "WHERE event_id = $1 AND id = $2 AND version = $4 AND beacon_value IS NULL "
            "AND beacon_source <> '' RETURNING board_count"};
        const pqxx::result updated = tx.exec_prepared(conn.Prepare(kSetBeacon), event_id, id,
                                                      beacon_value, expected_version);
        if (updated.empty()) {
          static constexpr Statement kBeaconState = {
              "beacon_state",
              "SELECT beacon_source, beacon_value IS NOT NULL, version FROM board_sets "
              "WHERE event_id = $1 AND id = $2"};
          const pqxx::result state = tx.exec_prepared(conn.Prepare(kBeaconState), event_id, id);
          if (state.empty()) return Status::NotFound(name + " not found");
          if (state[0][0].as<std::string>().empty()) {
            return Status::NotAllowed(name + " uses no beacon");
          }
          if (state[0][1].as<bool>()) {
            return Status::NotAllowed(name + ": the beacon value was entered before");
          }
          return Status::Aborted(name + " changed: version " + state[0][2].as<std::string>() +
                                 ", expected " + std::to_string(expected_version));
        }
        if (Status status = CheckBoards(name, boards, updated[0][0].as<int>()); !status.ok()) {
          return status;
        }
        InsertBoards(tx, conn, event_id, id, boards);
        return Status::Ok();
      });
}

Result<BoardSetRecord> PgStore::Reveal(const std::string& event_id, const std::string& id,
                                       int64_t expected_version, const std::string& forced_reason) {
  const std::string name = SetName(event_id, id);
  if (forced_reason.size() > kMaxRevealReason) {
    return Status::InvalidArgument(name + ": the reason of a forced reveal has " +
                                   std::to_string(forced_reason.size()) + " bytes, at most " +
                                   std::to_string(kMaxRevealReason));
  }
  return Run<WriteTransaction>(
      "reveal " + name,
      [&](WriteTransaction& tx, PooledConnection& conn) -> Result<BoardSetRecord> {
        // FOR UPDATE: a table of the set opened concurrently waits for this transaction (its
        // foreign key locks the set's row FOR KEY SHARE), so the check below sees every table.
        static constexpr Statement kRevealState = {
            "reveal_state",
            "SELECT revealed, beacon_source = '' OR beacon_value IS NOT NULL, version, "
            "seed_withheld "
            "FROM board_sets WHERE event_id = $1 AND id = $2 FOR UPDATE"};
        const pqxx::result state = tx.exec_prepared(conn.Prepare(kRevealState), event_id, id);
        if (state.empty()) return Status::NotFound(name + " not found");
        if (state[0][0].as<bool>()) {
          return Status::AlreadyExists(name + " was revealed before");
        }
        if (!state[0][1].as<bool>()) {
          return Status::NotAllowed(name + " has no boards yet: its beacon value was not entered");
        }
        if (state[0][3].as<bool>()) {
          return Status::NotAllowed(name +
                                    " came from an event archive without its secret seed, which "
                                    "stayed on the server it was exported from "
                                    "(docs/event-archive.md \"Board sets\")");
        }
        if (state[0][2].as<int64_t>() != expected_version) {
          return Status::Aborted(name + " changed: version " + state[0][2].as<std::string>() +
                                 ", expected " + std::to_string(expected_version));
        }
        // The boards of the set's tables without a counting result (current and confirmed): the
        // first by table opening and place in the round, and how many.
        static constexpr Statement kOpenBoards = {
            "reveal_open_boards",
            "SELECT count(*), (array_agg(t.id ORDER BY t.created_at, t.id, g.board_index))[1], "
            "(array_agg(g.board_number ORDER BY t.created_at, t.id, g.board_index))[1] "
            "FROM play_tables t JOIN games g ON g.event_id = t.event_id AND g.table_id = t.id "
            "WHERE t.event_id = $1 AND t.set_id = $2 AND NOT EXISTS (SELECT 1 FROM results r "
            "WHERE r.event_id = g.event_id AND r.table_id = g.table_id "
            "AND r.board_index = g.board_index AND r.replaced_by IS NULL "
            "AND r.confirmed_by IS NOT NULL)"};
        const pqxx::row open = tx.exec_prepared1(conn.Prepare(kOpenBoards), event_id, id);
        const int64_t open_boards = open[0].as<int64_t>();
        if (open_boards > 0 && forced_reason.empty()) {
          return Status(ErrorCode::kBoardInPlay,
                        name + " is in play: board " + open[2].as<std::string>() + " of " +
                            TableName(event_id, open[1].as<std::string>()) +
                            " has no counting result yet (" + std::to_string(open_boards) +
                            (open_boards == 1 ? " board" : " boards") +
                            " of the set's tables in all); the seed would show every hand still "
                            "in play (docs/board-sets.md \"Reveal\"): reveal after the last "
                            "board, or force it with a reason");
        }
        static constexpr Statement kReveal = {
            "reveal_board_set",
            "UPDATE board_sets SET revealed = true, revealed_at = now(), reveal_forced = $3, "
            "reveal_reason = $4, version = version + 1 WHERE event_id = $1 AND id = $2 "
            "RETURNING " SKAT_BOARD_SET_COLUMNS};
        const pqxx::row row = tx.exec_prepared1(conn.Prepare(kReveal), event_id, id,
                                                !forced_reason.empty(), forced_reason);
        return BoardSetFromRow(row);
      });
}

Result<std::unique_ptr<Store>> Store::Connect(const std::string& url, int pool_size) {
  auto store = std::make_unique<PgStore>(url, pool_size);
  if (Status status = store->Open(); !status.ok()) return status;
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace skat::store
