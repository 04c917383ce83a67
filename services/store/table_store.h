// The store's tables (store.h; docs/tables.md): a table with its seatings and games, seat
// tokens, the table leases of the table servers, and the append-only act log.
#ifndef SKAT_SERVICES_STORE_TABLE_STORE_H_
#define SKAT_SERVICES_STORE_TABLE_STORE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

// One accepted act of AppendActs: its table's lease, the act, and the game's result when the act
// finished its game (null otherwise; it must outlive the call).
struct BatchedAct {
  TableLease lease;
  LoggedActRecord act;
  const ResultRecord* finished_game = nullptr;
};

class TableStore {
 public:
  virtual ~TableStore() = default;

  // Tables (docs/tables.md). Stores the table, one seating per chair (token hash, player name) and
  // one games row per board (source "online" or "physical"), in one transaction. kNotFound when the
  // event or board set is missing; kInvalidArgument for a board number outside the set or
  // repeated, chairs other than the set's table size (allowed for a session's table), or not one
  // token (and none or one name) per chair; kAlreadyExists for a taken id or seat token. Returns
  // it with created_unix and one player name per chair.
  virtual Result<TableRecord> CreateTable(const TableRecord& table) = 0;
  // seat_token_sha256 is left empty.
  virtual Result<TableRecord> GetTable(const std::string& event_id, const std::string& id) = 0;
  // The chair whose token hashes to token_sha256; kNotFound for none.
  virtual Result<SeatRecord> FindSeat(const std::string& token_sha256) = 0;
  // The physical table whose table code hashes to code_sha256 (docs/tables.md "Table codes");
  // kNotFound for none.
  virtual Result<TableCodeRecord> FindTableCode(const std::string& code_sha256) = 0;

  // Seat and director tokens (docs/tables.md "Seats and tokens"). The SHA-256 of each chair's seat
  // token now, chair 1 first; kNotFound for no such table.
  virtual Result<std::vector<std::string>> SeatTokenHashes(const std::string& event_id,
                                                           const std::string& table_id) = 0;
  // Replaces the seat token hashes of the given chairs of the event's tables and increments each
  // of those tables' lease version, in one transaction: the old tokens open nothing from then
  // on, and a table server that holds one of the tables with the old hashes loses its lease (its
  // next act or renewal is kAborted) and reloads the table. kNotFound (nothing changed) when a
  // chair is not seated at a table of the event; kInvalidArgument for no change, a hash that is
  // not 64 hex digits, or a chair listed twice; kAlreadyExists for a hash another seat has.
  // In the same transaction every table of `changes` loses its table code (docs/tables.md
  // "Table codes"), or gets the new one `codes` gives it: replacing seat tokens always voids the
  // old code. kInvalidArgument for a code of a table without a changed seat, or of a table that
  // is not physical (nothing changed).
  virtual Status ReplaceSeatTokens(const std::string& event_id,
                                   const std::vector<SeatTokenChange>& changes,
                                   const std::vector<TableCodeChange>& codes) = 0;

  // Takes the table's lease for `owner` for lease_ms milliseconds and bumps its version: when
  // nobody holds it, the lease expired, or `owner` holds it already (a restarted server). Else
  // kTableOwnedElsewhere naming the holder and when its lease ends; kNotFound for no such table.
  // Times are the database server's clock.
  virtual Result<TableLease> AcquireTable(const std::string& event_id, const std::string& id,
                                          const std::string& owner, int lease_ms) = 0;
  // Extends the lease by lease_ms from now; kAborted when (owner, version) no longer holds the
  // table. Acts do not extend it (docs/reliability.md "Leases and acts"): the holder renews.
  virtual Status RenewLease(const TableLease& lease, int lease_ms) = 0;
  // RenewLease for many leases in one statement: one status per lease, in order. kInvalidArgument
  // (nothing renewed) for more than kMaxBatchedActs leases.
  virtual Result<std::vector<Status>> RenewLeases(std::span<const TableLease> leases,
                                                  int lease_ms) = 0;
  // Sets whether a bot plays the chair (TableService.SetSeatBot), fenced by the lease, and extends
  // the lease. kAborted when (lease.owner, lease.version) no longer holds the
  // table or the chair is not seated at it (the caller checks the chair first).
  virtual Status SetSeatBot(const TableLease& lease, int chair, bool bot, int lease_ms) = 0;
  // Gives the lease up: anyone may acquire the table at once, and (owner, version) no longer holds
  // it (AppendAct and RenewLease return kAborted). A no-op when it was lost.
  virtual Status ReleaseTable(const TableLease& lease) = 0;

  // Every act of the table in order (board_index, act_index). kNotFound for no such table.
  virtual Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                        const std::string& table_id) = 0;
  // The acts of the boards first_index..last_index (0-based places, inclusive) only, in order.
  virtual Result<std::vector<LoggedActRecord>> ListActs(const std::string& event_id,
                                                        const std::string& table_id,
                                                        int first_index, int last_index) = 0;
  // Appends one accepted act and, when it finished its game, the game's result (confirmed by
  // "engine") and the game's finish time, in one transaction committed before returning. The
  // table's row stays locked until the commit, so the lease cannot pass to another server in
  // between; the lease is not extended. kAborted when (lease.owner, lease.version) no longer holds
  // the table (nothing is written); kAlreadyExists when the act index or the chair's sequence
  // number is taken; kNotFound for a board index the table does not have. The result is stored for
  // the lease's table and the act's board index (the record's ids are ignored), entered by its
  // entered_by or else "engine".
  virtual Status AppendAct(const TableLease& lease, const LoggedActRecord& act,
                           const ResultRecord* finished_game) = 0;
  // Group commit (docs/reliability.md "Group commit"): appends acts of different tables as
  // AppendAct does, each fenced by its own lease, with the finished games'
  // results, all in one transaction committed before returning. Returns one status per act, in
  // order: OK (stored), or kAborted when its lease no longer holds its table (that act alone is
  // not written). An error for the whole call means nothing was written (a refused statement,
  // e.g. a taken act index: retry each act alone with AppendAct for its own message), or, as
  // kUnavailable, that the commit's outcome is unknown. kInvalidArgument (nothing written) for
  // two acts of one table or more than kMaxBatchedActs acts. `before_commit`, when given, is
  // called after the statements and before COMMIT.
  static constexpr size_t kMaxBatchedActs = 1024;
  virtual Result<std::vector<Status>> AppendActs(std::span<const BatchedAct> acts,
                                                 const std::function<void()>& before_commit) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_TABLE_STORE_H_
