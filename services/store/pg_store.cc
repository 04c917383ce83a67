// Store::Connect: the libpqxx implementation of store.h with a small connection pool.
//
// Every method is one transaction on one pooled connection: a read-only REPEATABLE READ
// transaction for reads (one snapshot across its statements), pqxx::work for writes, committed
// only when the method succeeds. Statements are named, prepared once per connection and declared
// beside their one caller; parameters are always bound. A connection that breaks is dropped and
// the pool opens a new one on demand; a call that loses its connection before committing is
// retried once on a fresh one.
#include <condition_variable>
#include <mutex>
#include <pqxx/pqxx>
#include <set>
#include <type_traits>
#include <utility>

#include "services/store/migrations.h"
#include "services/store/pg_error.h"
#include "services/store/store.h"

namespace skat::store {
namespace {

using ReadTransaction = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;
using WriteTransaction = pqxx::work;

// A named prepared statement.
struct Statement {
  const char* name;
  const char* sql;
};

// One pooled connection and the statements prepared on it.
struct PooledConnection {
  explicit PooledConnection(const std::string& url) : conn(url) {}

  // Prepares the statement on this connection the first time; returns its name for
  // exec_prepared.
  std::string Prepare(const Statement& statement) {
    if (prepared.insert(statement.name).second) conn.prepare(statement.name, statement.sql);
    return statement.name;
  }

  pqxx::connection conn;
  std::set<std::string> prepared;
};

// At most `size` connections, opened on demand; Acquire waits while all are in use.
class ConnectionPool {
 public:
  ConnectionPool(std::string url, int size) : url_(std::move(url)), size_(size < 1 ? 1 : size) {}

  // Throws what pqxx::connection throws when a new connection cannot be opened.
  std::unique_ptr<PooledConnection> Acquire() {
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

  // Returns a connection for reuse, or closes it when `lost`.
  void Release(std::unique_ptr<PooledConnection> conn, bool lost) {
    if (lost || !conn->conn.is_open()) {
      conn.reset();
      Forget();
      return;
    }
    {
      std::lock_guard lock(mutex_);
      idle_.push_back(std::move(conn));
    }
    available_.notify_one();
  }

 private:
  void Forget() {
    {
      std::lock_guard lock(mutex_);
      --open_;
    }
    available_.notify_one();
  }

  const std::string url_;
  const int size_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<PooledConnection>> idle_;
  int open_ = 0;  // idle and in use
};

std::string SetName(const std::string& event_id, const std::string& id) {
  return "board set events/" + event_id + "/boardSets/" + id;
}

// "C-J S-10": the engine notation of the skat, skat card 1 first.
std::string SkatText(const Board& board) {
  return ToString(board.skat[0]) + " " + ToString(board.skat[1]);
}

// kInvalidArgument unless `boards` are board_count valid boards numbered 1..board_count.
Status CheckBoards(const std::string& set_name, const std::vector<SetBoard>& boards,
                   int board_count) {
  if (static_cast<int>(boards.size()) != board_count) {
    return Status(ErrorCode::kInvalidArgument, set_name + ": " + std::to_string(boards.size()) +
                                                   " boards given for " +
                                                   std::to_string(board_count) + " planned");
  }
  std::vector<bool> seen(board_count + 1, false);
  for (const SetBoard& board : boards) {
    if (board.number < 1 || board.number > board_count || seen[board.number]) {
      return Status(ErrorCode::kInvalidArgument,
                    set_name + ": board number " + std::to_string(board.number) +
                        " is out of range 1.." + std::to_string(board_count) + " or repeated");
    }
    seen[board.number] = true;
    if (Status status = CheckBoard(board.board); !status.ok()) {
      return Status(ErrorCode::kInvalidArgument,
                    set_name + ": board " + std::to_string(board.number) + ": " + status.message());
    }
  }
  return Status::Ok();
}

// A PostgreSQL array literal of text values that need no escaping (cards, digits, spaces).
std::string ArrayLiteral(const std::vector<std::string>& values) {
  std::string out = "{";
  for (const std::string& v : values) {
    if (out.size() > 1) out += ',';
    out += '"' + v + '"';
  }
  return out + "}";
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
  "EXTRACT(EPOCH FROM created_at)::bigint"

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
  return record;
}

#define SKAT_EVENT_COLUMNS \
  "id, name, profile, director_token_sha256, EXTRACT(EPOCH FROM created_at)::bigint"

EventRecord EventFromRow(const pqxx::row& row) {
  return EventRecord{.id = row[0].as<std::string>(),
                     .name = row[1].as<std::string>(),
                     .profile = row[2].as<std::string>(),
                     .director_token_sha256 = row[3].as<std::string>(),
                     .created_unix = row[4].as<int64_t>()};
}

// kNotFound unless the event exists (and keeps it from being deleted until commit).
template <typename Tx>
Status CheckEventExists(Tx& tx, PooledConnection& conn, const std::string& event_id) {
  static constexpr Statement kEventExists = {"event_exists", "SELECT 1 FROM events WHERE id = $1"};
  if (tx.exec_prepared(conn.Prepare(kEventExists), event_id).empty()) {
    return Status(ErrorCode::kNotFound, "event " + event_id + " not found");
  }
  return Status::Ok();
}

class PgStore final : public Store {
 public:
  PgStore(std::string url, int pool_size) : url_(url), pool_(std::move(url), pool_size) {}

  // Opens the first connection so that Connect reports an unreachable server.
  Status Open() {
    return Run<ReadTransaction>("connect to database",
                                [](ReadTransaction&, PooledConnection&) { return Status::Ok(); });
  }

  Status Migrate() override {
    Result<std::vector<Migration>> migrations = EmbeddedMigrations();
    if (!migrations.ok()) return migrations.status();
    return Migrator(url_, std::move(migrations).value()).Up();
  }

  Result<EventRecord> CreateEvent(const EventRecord& event) override {
    return Run<WriteTransaction>(
        "create event " + event.id,
        [&](WriteTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
          static constexpr Statement kInsertEvent = {
              "insert_event",
              "INSERT INTO events (id, name, profile, director_token_sha256) "
              "VALUES ($1, $2, $3, $4) RETURNING EXTRACT(EPOCH FROM created_at)::bigint"};
          const pqxx::row row = tx.exec_prepared1(conn.Prepare(kInsertEvent), event.id, event.name,
                                                  event.profile, event.director_token_sha256);
          EventRecord stored = event;
          stored.created_unix = row[0].as<int64_t>();
          return stored;
        });
  }

  Result<EventRecord> GetEvent(const std::string& id) override {
    return Run<ReadTransaction>(
        "get event " + id, [&](ReadTransaction& tx, PooledConnection& conn) -> Result<EventRecord> {
          static constexpr Statement kGetEvent = {
              "get_event", "SELECT " SKAT_EVENT_COLUMNS " FROM events WHERE id = $1"};
          const pqxx::result rows = tx.exec_prepared(conn.Prepare(kGetEvent), id);
          if (rows.empty()) return Status(ErrorCode::kNotFound, "event " + id + " not found");
          return EventFromRow(rows[0]);
        });
  }

  Result<std::vector<EventRecord>> ListEvents() override {
    return Run<ReadTransaction>(
        "list events",
        [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<EventRecord>> {
          static constexpr Statement kListEvents = {
              "list_events", "SELECT " SKAT_EVENT_COLUMNS " FROM events ORDER BY created_at, id"};
          std::vector<EventRecord> events;
          for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListEvents))) {
            events.push_back(EventFromRow(row));
          }
          return events;
        });
  }

  Result<BoardSetRecord> CreateBoardSet(const BoardSetRecord& set) override {
    const std::string name = SetName(set.event_id, set.id);
    if (!set.set.boards.empty()) {
      if (Status status = CheckBoards(name, set.set.boards, set.board_count); !status.ok()) {
        return status;
      }
    }
    return Run<WriteTransaction>(
        "create " + name,
        [&](WriteTransaction& tx, PooledConnection& conn) -> Result<BoardSetRecord> {
          if (Status status = CheckEventExists(tx, conn, set.event_id); !status.ok()) {
            return status;
          }
          static constexpr Statement kInsertSet = {
              "insert_board_set",
              "INSERT INTO board_sets (event_id, id, label, generator_version, commitment, "
              "beacon_source, beacon_value, secret_seed, revealed, table_size, board_count) "
              "VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8, $9, $10, $11) "
              "RETURNING version, EXTRACT(EPOCH FROM created_at)::bigint"};
          const pqxx::row row =
              tx.exec_prepared1(conn.Prepare(kInsertSet), set.event_id, set.id, set.set.label,
                                set.set.generator_version, set.set.commitment,
                                set.set.beacon_source, set.set.beacon_value, set.secret_seed,
                                set.revealed, set.set.table_size, set.board_count);
          InsertBoards(tx, conn, set.event_id, set.id, set.set.boards);
          BoardSetRecord stored = set;
          stored.version = row[0].as<int64_t>();
          stored.created_unix = row[1].as<int64_t>();
          stored.set.seed = stored.revealed ? std::optional(stored.secret_seed) : std::nullopt;
          return stored;
        });
  }

  Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                     BoardRange boards) override {
    const std::string name = SetName(event_id, id);
    return Run<ReadTransaction>(
        "get " + name, [&](ReadTransaction& tx, PooledConnection& conn) -> Result<BoardSetRecord> {
          static constexpr Statement kGetSet = {"get_board_set",
                                                "SELECT " SKAT_BOARD_SET_COLUMNS
                                                " FROM board_sets WHERE event_id = $1 AND id = $2"};
          const pqxx::result sets = tx.exec_prepared(conn.Prepare(kGetSet), event_id, id);
          if (sets.empty()) return Status(ErrorCode::kNotFound, name + " not found");
          BoardSetRecord record = BoardSetFromRow(sets[0]);
          if (boards.first > boards.last) return record;

          static constexpr Statement kGetBoards = {
              "get_boards",
              "SELECT number, deal_number, forehand, middlehand, rearhand, skat FROM boards "
              "WHERE event_id = $1 AND set_id = $2 AND number BETWEEN $3 AND $4 ORDER BY number"};
          for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kGetBoards), event_id, id,
                                                       boards.first, boards.last)) {
            const int number = row[0].as<int>();
            const std::string text =
                "F: " + row[2].as<std::string>() + "; M: " + row[3].as<std::string>() +
                "; R: " + row[4].as<std::string>() + "; S: " + row[5].as<std::string>();
            Result<Board> board = ParseBoard(text);
            if (!board.ok() || DealNumber(*board) != row[1].as<uint64_t>()) {
              return Status(ErrorCode::kInternal, name + ": stored board " +
                                                      std::to_string(number) +
                                                      " is unreadable or disagrees with its "
                                                      "deal number");
            }
            record.set.boards.push_back(SetBoard{.number = number, .board = *board});
          }
          return record;
        });
  }

  Result<std::vector<BoardSetRecord>> ListBoardSets(const std::string& event_id) override {
    return Run<ReadTransaction>(
        "list board sets of event " + event_id,
        [&](ReadTransaction& tx, PooledConnection& conn) -> Result<std::vector<BoardSetRecord>> {
          if (Status status = CheckEventExists(tx, conn, event_id); !status.ok()) return status;
          static constexpr Statement kListSets = {
              "list_board_sets", "SELECT " SKAT_BOARD_SET_COLUMNS
                                 " FROM board_sets WHERE event_id = $1 ORDER BY created_at, id"};
          std::vector<BoardSetRecord> sets;
          for (const pqxx::row& row : tx.exec_prepared(conn.Prepare(kListSets), event_id)) {
            sets.push_back(BoardSetFromRow(row));
          }
          return sets;
        });
  }

  Status SetBeacon(const std::string& event_id, const std::string& id,
                   const std::string& beacon_value, const std::vector<SetBoard>& boards,
                   int64_t expected_version) override {
    const std::string name = SetName(event_id, id);
    if (beacon_value.empty()) {
      return Status(ErrorCode::kInvalidArgument, name + ": the beacon value is empty");
    }
    return Run<WriteTransaction>(
        "enter beacon value of " + name,
        [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
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
            if (state.empty()) return Status(ErrorCode::kNotFound, name + " not found");
            if (state[0][0].as<std::string>().empty()) {
              return Status(ErrorCode::kNotAllowed, name + " uses no beacon");
            }
            if (state[0][1].as<bool>()) {
              return Status(ErrorCode::kNotAllowed, name + ": the beacon value was entered before");
            }
            return Status(ErrorCode::kAborted, name + " changed: version " +
                                                   state[0][2].as<std::string>() + ", expected " +
                                                   std::to_string(expected_version));
          }
          if (Status status = CheckBoards(name, boards, updated[0][0].as<int>()); !status.ok()) {
            return status;
          }
          InsertBoards(tx, conn, event_id, id, boards);
          return Status::Ok();
        });
  }

  Status Reveal(const std::string& event_id, const std::string& id,
                int64_t expected_version) override {
    const std::string name = SetName(event_id, id);
    return Run<WriteTransaction>(
        "reveal " + name, [&](WriteTransaction& tx, PooledConnection& conn) -> Status {
          static constexpr Statement kReveal = {
              "reveal_board_set",
              "UPDATE board_sets SET revealed = true, version = version + 1 "
              "WHERE event_id = $1 AND id = $2 AND version = $3 AND NOT revealed "
              "AND (beacon_source = '' OR beacon_value IS NOT NULL)"};
          const pqxx::result updated =
              tx.exec_prepared(conn.Prepare(kReveal), event_id, id, expected_version);
          if (updated.affected_rows() == 1) return Status::Ok();
          static constexpr Statement kRevealState = {
              "reveal_state",
              "SELECT revealed, beacon_source = '' OR beacon_value IS NOT NULL, version "
              "FROM board_sets WHERE event_id = $1 AND id = $2"};
          const pqxx::result state = tx.exec_prepared(conn.Prepare(kRevealState), event_id, id);
          if (state.empty()) return Status(ErrorCode::kNotFound, name + " not found");
          if (state[0][0].as<bool>()) {
            return Status(ErrorCode::kAlreadyExists, name + " was revealed before");
          }
          if (!state[0][1].as<bool>()) {
            return Status(ErrorCode::kNotAllowed,
                          name + " has no boards yet: its beacon value was not entered");
          }
          return Status(ErrorCode::kAborted, name + " changed: version " +
                                                 state[0][2].as<std::string>() + ", expected " +
                                                 std::to_string(expected_version));
        });
  }

 private:
  // Runs f(tx, conn) in a new transaction of type Tx on a pooled connection and commits when f
  // returns OK (rolls back otherwise). Exceptions become Status (pg_error.h); a connection lost
  // before the commit is dropped and the call tried once more on a fresh connection.
  template <typename Tx, typename F>
  auto Run(const std::string& context, F&& f) -> std::invoke_result_t<F, Tx&, PooledConnection&> {
    using R = std::invoke_result_t<F, Tx&, PooledConnection&>;
    for (int attempt = 0;; ++attempt) {
      std::unique_ptr<PooledConnection> conn;
      try {
        conn = pool_.Acquire();
        R result = [&] {
          Tx tx(conn->conn);
          R r = f(tx, *conn);
          if (r.ok()) tx.commit();
          return r;
        }();
        pool_.Release(std::move(conn), false);
        return result;
      } catch (const std::exception& e) {
        const bool lost = IsConnectionLost(e);
        if (conn != nullptr) pool_.Release(std::move(conn), lost);
        const bool in_doubt = dynamic_cast<const pqxx::in_doubt_error*>(&e) != nullptr;
        if (lost && !in_doubt && attempt == 0) continue;
        return StatusFromException(e, context);
      }
    }
  }

  const std::string url_;
  ConnectionPool pool_;
};

}  // namespace

Result<std::unique_ptr<Store>> Store::Connect(const std::string& url, int pool_size) {
  auto store = std::make_unique<PgStore>(url, pool_size);
  if (Status status = store->Open(); !status.ok()) return status;
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace skat::store
