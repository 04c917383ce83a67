// The libpqxx implementation of store.h, shared by its source files (internal to services/store/):
// pg_store.cc (the pool, Connect, events, board sets), pg_table_store.cc (tables, seats, leases,
// the act log), pg_seat_token_store.cc (rotating seat tokens), pg_result_store.cc
// (results) and pg_refused_store.cc (refused reports).
//
// Every method is one transaction on one pooled connection: a read-only REPEATABLE READ
// transaction for reads (one snapshot across its statements), pqxx::work for writes, committed
// only when the method succeeds, and an autocommit statement (pqxx::nontransaction) for writes
// that are one statement (one round trip instead of three). Statements are named, prepared once
// per connection and declared beside their one caller; parameters are always bound. A connection
// that breaks is dropped and the pool opens a new one on demand; a call that loses its connection
// before committing is retried once on a fresh one.
#ifndef SKAT_SERVICES_STORE_PG_STORE_H_
#define SKAT_SERVICES_STORE_PG_STORE_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <pqxx/pqxx>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "services/store/pg_error.h"
#include "services/store/store.h"

namespace skat::store {

using ReadTransaction = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;
using WriteTransaction = pqxx::work;
// One statement, committed by the server when it ends. Retried like the others when the
// connection is lost, so the caller must cope with a first attempt that may have committed.
using AutocommitTransaction = pqxx::nontransaction;

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
  std::unique_ptr<PooledConnection> Acquire();
  // Returns a connection for reuse, or closes it when `lost` (and with it every idle one).
  void Release(std::unique_ptr<PooledConnection> conn, bool lost);
  // How many times Acquire was called: one per transaction (and per retry).
  uint64_t acquired() const { return acquired_.load(std::memory_order_relaxed); }

 private:
  void Forget();

  const std::string url_;
  const int size_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<PooledConnection>> idle_;
  int open_ = 0;  // idle and in use
  std::atomic<uint64_t> acquired_{0};
};

// A PostgreSQL array literal of text values, each quoted (quotes and backslashes escaped).
std::string ArrayLiteral(const std::vector<std::string>& values);
std::string ArrayLiteral(const std::vector<int>& values);
std::string ArrayLiteral(const std::vector<int64_t>& values);
// The integers of an int[] field (NULL elements read as 0).
std::vector<int> IntsFromArray(const pqxx::field& field);

// "board set events/{event}/boardSets/{id}", "table events/{event}/tables/{id}".
std::string SetName(const std::string& event_id, const std::string& id);
std::string TableName(const std::string& event_id, const std::string& table_id);

// OK for a keyset page's limit of 1..kMaxPageRows rows, else kInvalidArgument naming the rows
// (`what`: "events", "refused reports").
Status CheckPageLimit(int limit, const std::string& what);

// kNotFound unless the event exists (and keeps it from being deleted until commit).
template <typename Tx>
Status CheckEventExists(Tx& tx, PooledConnection& conn, const std::string& event_id) {
  static constexpr Statement kEventExists = {"event_exists", "SELECT 1 FROM events WHERE id = $1"};
  if (tx.exec_prepared(conn.Prepare(kEventExists), event_id).empty()) {
    return Status::NotFound("event " + event_id + " not found");
  }
  return Status::Ok();
}

// kNotFound unless the table exists.
template <typename Tx>
Status CheckTableExists(Tx& tx, PooledConnection& conn, const std::string& event_id,
                        const std::string& table_id) {
  static constexpr Statement kTableExists = {
      "table_exists", "SELECT 1 FROM play_tables WHERE event_id = $1 AND id = $2"};
  if (tx.exec_prepared(conn.Prepare(kTableExists), event_id, table_id).empty()) {
    return Status::NotFound(TableName(event_id, table_id) + " not found");
  }
  return Status::Ok();
}

// Inserts `result` as a new row for its game (event_id, table_id, board_index): board number from
// the games row, source from `result` or else the games row, confirmed at now() when
// confirmed_by is set, with the given id when `id` > 0. Returns the stored record; kNotFound when
// the game does not exist. Throws what libpqxx throws (a current result exists: unique
// violation).
Result<ResultRecord> InsertResult(WriteTransaction& tx, PooledConnection& conn,
                                  const ResultRecord& result, int64_t id = 0);

// Locks the table's row until `tx` ends (so that refused reports and results of its boards are
// counted and written one at a time) and returns how many refused reports of the board are
// stored. kNotFound for no such table.
Result<int> LockRefusedCount(WriteTransaction& tx, PooledConnection& conn,
                             const std::string& event_id, const std::string& table_id,
                             int board_index);

// The statements of the store's methods on a transaction of the caller's (the methods run them
// in their own; pg_result_transaction.cc runs several in one): each answers as the method of the
// same name (ReadEvent as GetEvent, ReadResults as ListResults, WriteResult as SubmitResult, ...)
// and throws what libpqxx throws.
Result<EventRecord> ReadEvent(pqxx::transaction_base& tx, PooledConnection& conn,
                              const std::string& id);
Result<BoardSetRecord> ReadBoardSet(pqxx::transaction_base& tx, PooledConnection& conn,
                                    const std::string& event_id, const std::string& id,
                                    BoardRange boards);
Result<TableRecord> ReadTable(pqxx::transaction_base& tx, PooledConnection& conn,
                              const std::string& event_id, const std::string& id);
Result<SeatRecord> ReadSeat(pqxx::transaction_base& tx, PooledConnection& conn,
                            const std::string& token_sha256);
// pg_seat_token_store.cc: the physical table of a table code's SHA-256 (kNotFound for none).
Result<TableCodeRecord> ReadTableCode(pqxx::transaction_base& tx, PooledConnection& conn,
                                      const std::string& code_sha256);
Result<SessionRecord> ReadSession(pqxx::transaction_base& tx, PooledConnection& conn,
                                  const std::string& event_id, const std::string& id);
Result<std::vector<ResultRecord>> ReadResults(pqxx::transaction_base& tx, PooledConnection& conn,
                                              const std::string& event_id,
                                              const std::string& table_id, bool include_history);
Result<std::vector<ChairTotalRecord>> ReadChairTotals(pqxx::transaction_base& tx,
                                                      PooledConnection& conn,
                                                      const std::string& event_id,
                                                      const std::string& table_id);
// ReadScoreDelta's parts (pg_score_delta.cc): the event's rows of each table written at or
// after the transaction id `since`, in id order; and the frame stamp's SQL for the event whose id
// is the SQL expression `id_sql` (pg_session_store.cc).
std::vector<ResultRecord> ReadChangedResults(pqxx::transaction_base& tx, PooledConnection& conn,
                                             const std::string& event_id, const std::string& since);
std::vector<AdjustmentRecord> ReadChangedAdjustments(pqxx::transaction_base& tx,
                                                     PooledConnection& conn,
                                                     const std::string& event_id,
                                                     const std::string& since);
std::vector<ChairTotalRecord> ReadChangedChairTotals(pqxx::transaction_base& tx,
                                                     PooledConnection& conn,
                                                     const std::string& event_id,
                                                     const std::string& since);
std::string FrameStampSql(const std::string& id_sql);
Result<ResultRecord> WriteResult(WriteTransaction& tx, PooledConnection& conn,
                                 const ResultRecord& result, int refused_limit);
Result<bool> WriteRefusedReport(WriteTransaction& tx, PooledConnection& conn,
                                const RefusedReportRecord& report, int limit);
// SubmitResult's context and refusals (pg_error.h) for a failed statement.
std::string SubmitResultContext(const ResultRecord& result);
std::vector<Refusal> SubmitResultRefusals(const ResultRecord& result);

// Inserts a table with its seatings and games (store.h CreateTable) in `tx`.
Result<TableRecord> InsertTable(WriteTransaction& tx, PooledConnection& conn,
                                const TableRecord& table);

class PgStore final : public Store {
 public:
  PgStore(std::string url, int pool_size) : url_(url), pool_(std::move(url), pool_size) {}

  // Opens the first connection so that Connect reports an unreachable server.
  Status Open();

  Status Migrate() override;
  Status Ping() override;
  uint64_t TransactionsBegun() const override { return pool_.acquired(); }

  // pg_store.cc
  Result<EventRecord> CreateEvent(const EventRecord& event) override;
  Result<EventRecord> GetEvent(const std::string& id) override;
  Result<std::vector<EventRecord>> ListEvents(const std::string& after_id, int limit) override;
  Result<EventRecord> UpdateEventSettings(const std::string& event_id, const std::string& language,
                                          const std::string& deck,
                                          const std::string& ranking) override;
  Result<EventRecord> RotateDirectorToken(const std::string& event_id,
                                          const std::string& old_sha256,
                                          const std::string& new_sha256) override;
  Result<BoardSetRecord> CreateBoardSet(const BoardSetRecord& set) override;
  Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                     BoardRange boards) override;
  Result<std::vector<BoardSetRecord>> ListBoardSets(const std::string& event_id,
                                                    const std::string& after_id,
                                                    int limit) override;
  Status SetBeacon(const std::string& event_id, const std::string& id,
                   const std::string& beacon_value, const std::vector<SetBoard>& boards,
                   int64_t expected_version) override;
  Result<BoardSetRecord> Reveal(const std::string& event_id, const std::string& id,
                                int64_t expected_version,
                                const std::string& forced_reason) override;

  // pg_archive_store.cc
  Result<std::string> ReadEventArchive(const std::string& event_id) override;
  Result<EventRecord> WriteEventArchive(const ArchiveImport& import) override;

  // pg_table_store.cc
  Result<TableRecord> CreateTable(const TableRecord& table) override;
  Result<TableRecord> GetTable(const std::string& event_id, const std::string& id) override;
  Result<SeatRecord> FindSeat(const std::string& token_sha256) override;
  Result<TableCodeRecord> FindTableCode(const std::string& code_sha256) override;

  // pg_seat_token_store.cc
  Result<std::vector<std::string>> SeatTokenHashes(const std::string& event_id,
                                                   const std::string& table_id) override;
  Status ReplaceSeatTokens(const std::string& event_id, const std::vector<SeatTokenChange>& changes,
                           const std::vector<TableCodeChange>& codes) override;
  Result<TableLease> AcquireTable(const std::string& event_id, const std::string& id,
                                  const std::string& owner, int lease_ms) override;
  Status RenewLease(const TableLease& lease, int lease_ms) override;
  Result<std::vector<Status>> RenewLeases(std::span<const TableLease> leases,
                                          int lease_ms) override;
  Status SetSeatBot(const TableLease& lease, int chair, bool bot, int lease_ms) override;
  Status ReleaseTable(const TableLease& lease) override;
  Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                const std::string& table_id) override;
  Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                const std::string& table_id, int first_index,
                                                int last_index) override;
  Status AppendAct(const TableLease& lease, const LoggedActRecord& act,
                   const ResultRecord* finished_game) override;
  Result<std::vector<Status>> AppendActs(std::span<const BatchedAct> acts,
                                         const std::function<void()>& before_commit) override;

  // pg_result_store.cc
  Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                const std::string& table_id,
                                                bool include_history) override;
  Result<std::vector<ResultRecord>> ListResults(const std::string& event_id,
                                                const std::string& table_id, bool include_history,
                                                const ResultPageKey& after, int limit) override;
  Result<ResultRecord> SubmitResult(const ResultRecord& result, int refused_limit) override;
  Result<bool> AddRefusedReport(const RefusedReportRecord& report, int limit) override;
  Result<int> CountRefusedReports(const std::string& event_id, const std::string& table_id,
                                  int board_index) override;
  Result<std::vector<RefusedReportRecord>> ListRefusedReports(const std::string& event_id,
                                                              const std::string& table_id,
                                                              int64_t after_id, int limit) override;
  Result<ResultRecord> ConfirmResult(const std::string& event_id, const std::string& table_id,
                                     int board_index, const std::string& by) override;
  Result<ResultRecord> CorrectResult(const ResultRecord& replacement, const std::string& by,
                                     const std::string& reason) override;
  // pg_result_transaction.cc
  Status InResultTransaction(const std::string& what,
                             const std::function<Status(ResultTransaction&)>& work) override;

  // pg_chair_total_store.cc
  Result<ChairTotalRecord> PutChairTotal(const ChairTotalRecord& total, bool replace) override;
  Result<std::vector<ChairTotalRecord>> ListChairTotals(const std::string& event_id,
                                                        const std::string& table_id) override;

  // pg_session_store.cc
  Result<ClubRecord> CreateClub(const ClubRecord& club) override;
  Result<PlayerRecord> CreatePlayer(const PlayerRecord& player) override;
  Result<std::vector<ClubRecord>> ListClubs(const std::string& event_id) override;
  Result<std::vector<PlayerRecord>> ListPlayers(const std::string& event_id) override;
  Result<ClubsAndPlayers> ListClubsAndPlayers(const std::string& event_id,
                                              const std::string& after_id, int limit) override;
  Result<SessionRecord> CreateSession(const SessionRecord& session) override;
  Result<SessionRecord> GetSession(const std::string& event_id, const std::string& id) override;
  Result<std::optional<SessionRecord>> FindSessionByRequest(const std::string& event_id,
                                                            const std::string& request_id) override;
  Result<SessionPage> GetSessionPage(const std::string& event_id, const std::string& id,
                                     int after_round, int after_table, int limit) override;
  Result<std::vector<SessionRecord>> ListSessions(const std::string& event_id) override;
  Result<AdjustmentRecord> AddAdjustment(const AdjustmentRecord& adjustment) override;
  Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id) override;
  Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id,
                                                        int64_t after_id, int limit) override;
  Result<std::string> EventStamp(const std::string& event_id) override;
  Result<std::map<std::string, std::string>> EventStamps(
      const std::vector<std::string>& event_ids) override;
  // pg_score_delta.cc
  Result<ScoreDelta> ReadScoreDelta(const std::string& event_id, const std::string& since) override;

  // pg_import_store.cc
  Result<ImportOutcome> ImportGames(const ImportBatch& batch) override;

  // pg_registry_store.cc
  Result<RegistryRecord> CreateRegistry(const RegistryRecord& registry) override;
  Result<RegistryRecord> GetRegistry(const std::string& id) override;
  Status RotateRegistryToken(const std::string& id, const std::string& old_sha256,
                             const std::string& new_sha256) override;
  Result<std::vector<PersonRecord>> AddPersons(const std::vector<PersonRecord>& persons,
                                               const std::string& act) override;
  Result<PersonRecord> GetPerson(const std::string& registry_id, const std::string& id) override;
  Result<std::vector<PersonRecord>> ListPersons(const std::string& registry_id, int64_t after_seq,
                                                int limit, bool with_hidden) override;
  Result<std::string> PersonsStamp(const std::string& registry_id) override;
  Result<std::vector<PersonRecord>> FindPersons(
      const std::string& registry_id, const std::vector<std::string>& numbers,
      const std::vector<std::pair<std::string, std::string>>& names) override;
  Result<PersonRecord> UpdatePerson(const PersonRecord& person, const std::string& detail) override;
  Result<PersonRecord> MergePersons(const std::string& registry_id, const std::string& from,
                                    const std::string& into) override;
  Result<std::vector<RegistryLogRecord>> ListRegistryLog(const std::string& registry_id,
                                                         int64_t after_seq, int limit) override;
  Status SetEventRated(const std::string& registry_id, const std::string& event_id,
                       bool rated) override;
  Result<std::vector<EventRecord>> ListRatedEvents(const std::string& registry_id) override;
  Result<std::vector<PersonEvent>> ListPersonEvents(const std::string& registry_id,
                                                    const std::string& person_id,
                                                    const std::string& after_event_id,
                                                    int limit) override;

  // pg_person_board_store.cc
  Result<std::vector<BuiltStamp>> ListPersonBoardStamps(const std::string& registry_id,
                                                        const std::string& person_id) override;
  Status ReplacePersonBoards(const std::string& event_id, const std::string& stamp,
                             const std::vector<PersonBoardRecord>& rows) override;
  Result<BoardPage> ListPersonBoards(const std::string& registry_id, const std::string& person_id,
                                     const PersonBoardFilter& filter, const PersonBoardKey* after,
                                     int limit, int par_version) override;
  Result<std::vector<PersonTotalRecord>> ListPersonTotals(const std::string& registry_id,
                                                          const std::string& person_id) override;

  // pg_season_store.cc
  Result<SeasonRecord> CreateSeason(const SeasonRecord& season) override;
  Result<SeasonRecord> GetSeason(const std::string& id) override;
  Result<std::vector<SeasonRecord>> ListSeasons(const std::string& registry_id,
                                                int64_t after_micros, const std::string& after_id,
                                                int limit) override;
  Result<SeasonRecord> UpdateSeason(const std::string& id,
                                    const std::function<Status(SeasonRecord&)>& merge) override;
  Result<SeasonRecord> AddSeasonEvent(const std::string& season_id,
                                      const std::string& event_id) override;
  Result<SeasonRecord> RemoveSeasonEvent(const std::string& season_id,
                                         const std::string& event_id) override;
  Result<std::optional<SeasonRecord>> MoneySeasonOfEvent(const std::string& event_id) override;

  // pg_team_sheet_store.cc
  Result<TeamSheetRecord> SetTeamSheet(const TeamSheetRecord& sheet) override;
  Result<std::vector<TeamSheetRecord>> ListTeamSheets(const std::string& season_id,
                                                      const std::string& event_id) override;

  // pg_analysis_store.cc
  Result<std::optional<ParTableRecord>> GetParTable(uint64_t deal_number,
                                                    const std::string& profile,
                                                    int version) override;
  Status PutParTable(const ParTableRecord& record) override;
  Status PutGameStudy(const std::string& event_id, const std::string& table_id, int board,
                      int version, int declarer_lost, int defenders_lost) override;
  Result<std::vector<ArchiveBoardRecord>> ListArchiveBoards(int par_version) override;

 private:
  // Runs f(tx, conn) in a new transaction of type Tx on a pooled connection and commits when f
  // returns OK (rolls back otherwise). Exceptions become Status (pg_error.h): a violated
  // constraint answers with its sentence of `refusals` (the operation's, naming its values) or of
  // the schema's, never with the server's text. A connection lost before the commit is dropped
  // and the call tried once more on a fresh connection.
  template <typename Tx, typename F>
  auto Run(const std::string& context, F&& f) -> std::invoke_result_t<F, Tx&, PooledConnection&> {
    return Run<Tx>(context, {}, std::forward<F>(f));
  }
  template <typename Tx, typename F>
  auto Run(const std::string& context, const std::vector<Refusal>& refusals, F&& f)
      -> std::invoke_result_t<F, Tx&, PooledConnection&> {
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
        return StatusFromException(e, context, refusals);
      }
    }
  }

  const std::string url_;
  ConnectionPool pool_;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_PG_STORE_H_
