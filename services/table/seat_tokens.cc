// TableService: who a request comes from, and seat tokens replaced (docs/tables.md "Seats and
// tokens").
//
// A seat token opens its chair while its SHA-256 is the chair's in the database. Calls that do not
// play (GetTable, results) ask the database every time. JoinSeat and WatchSeat ask it too, then
// check the table this server holds. Act, the one call of every move, checks only the held
// table's copy of the hashes, read after its lease was taken: replacing a token (store
// ReplaceSeatTokens) changes the lease's version, so a server whose copy is stale cannot commit
// an act before it reloaded the table; it answers that act ABORTED (retry), and the retry is
// checked against the reloaded copy.
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/table_code.h"
#include "services/table/table_host.h"

namespace skat::service {

Result<Caller> TableHost::AuthorizeSeat(const grpc::ServerContext& context,
                                        const std::string& table) {
  return AuthorizeSeatToken(BearerToken(context), table);
}

Result<Caller> TableHost::AuthorizeSeatToken(const std::string& token, const std::string& table) {
  StoreReads db{tables_, events_};
  return SeatCaller(db, token, table);
}

Result<Caller> TableHost::AuthorizeDirector(const grpc::ServerContext& context,
                                            const std::string& table) {
  StoreReads db{tables_, events_};
  return DirectorCaller(db, context, table);
}

Result<Caller> TableHost::AuthorizeSeatOrDirector(const grpc::ServerContext& context,
                                                  const std::string& table) {
  StoreReads db{tables_, events_};
  return SeatOrDirectorCaller(db, context, table, *code_guesses_);
}

int TableHost::ChairOf(const std::vector<std::string>& hashes, const std::string& hash) {
  for (size_t i = 0; i < hashes.size(); ++i) {
    if (hashes[i] == hash) return static_cast<int>(i) + 1;
  }
  return 0;
}

Result<std::shared_ptr<TableHost::Held>> TableHost::HoldSeat(const std::string& token,
                                                             const std::string& table,
                                                             bool check_store, Caller& caller,
                                                             std::unique_lock<std::mutex>& lock) {
  std::optional<Caller> stored;  // the seat as the database has it, once asked
  if (check_store) {
    Result<Caller> seat = AuthorizeSeatToken(token, table);
    if (!seat.ok()) return seat.status();
    stored = *seat;
  }
  Result<TableName> name = ParseTableName(table);
  if (!name.ok()) return name.status();
  if (token.empty()) {
    return Status::Unauthenticated(table +
                                   " needs a seat token (metadata authorization: Bearer <token>)");
  }
  const std::string hash = Sha256Hex(token);
  // Twice at most: the held copy, then (when the database knows a token the copy does not) the
  // table reloaded.
  for (int attempt = 0; attempt < 2; ++attempt) {
    Result<std::shared_ptr<Held>> held = Hold(*name, lock);
    if (!held.ok()) return held;
    const int chair = ChairOf((*held)->seat_sha256, hash);
    if (chair > 0 && (!stored || stored->chair == chair)) {
      caller = Caller{.table = *name, .chair = chair};
      return held;
    }
    lock.unlock();
    if (!stored) {
      Result<Caller> seat = AuthorizeSeatToken(token, table);
      if (!seat.ok()) return seat.status();
      stored = *seat;
    }
    std::unique_lock reload = LockIdle(**held);
    if (!(*held)->dropped) Drop(Key(*name), **held);
  }
  return NotASeatOf(table);  // replaced again while the table was reloaded
}

grpc::Status TableHost::RotateSeatToken(grpc::ServerContext* context,
                                        const v1::RotateSeatTokenRequest* request,
                                        v1::RotateSeatTokenResponse* response) {
  Result<Caller> caller = AuthorizeDirector(*context, request->table());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  const TableName& name = caller->table;
  Result<store::TableRecord> table = tables_.GetTable(name.event, name.table);
  if (!table.ok()) return ToGrpc(table.status(), context);
  if (table->imported) {
    return ToGrpc(
        Status::NotAllowed(request->table() + " holds an imported game: it has no seats to play"),
        context);
  }
  if (request->chair() < 1 || request->chair() > table->chairs) {
    return ToGrpc(Status::InvalidArgument("chair " + std::to_string(request->chair()) +
                                          " is not a chair of " + request->table() + " (1.." +
                                          std::to_string(table->chairs) + ")"),
                  context);
  }
  const std::string token = NewToken();
  const store::SeatTokenChange change{
      .table_id = name.table, .chair = request->chair(), .token_sha256 = Sha256Hex(token)};
  // A physical table's code opens every chair: it is replaced with any of them (docs/tables.md
  // "Table codes").
  const std::string code = table->physical ? NewTableCode() : "";
  std::vector<store::TableCodeChange> codes;
  if (table->physical) codes.push_back({.table_id = name.table, .code_sha256 = Sha256Hex(code)});
  if (Status s = tables_.ReplaceSeatTokens(name.event, {change}, codes); !s.ok()) {
    return ToGrpc(s, context);
  }
  // This server's copy goes at once: its streams are authorized again as they reattach, and the
  // old token's stream ends.
  std::shared_ptr<Held> held;
  {
    std::lock_guard registry(held_mutex_);
    if (auto it = held_.find(Key(name)); it != held_.end()) held = it->second;
  }
  if (held != nullptr) {
    std::unique_lock lock = LockIdle(*held);
    if (!held->dropped) Drop(Key(name), *held);
  }
  response->set_table(request->table());
  response->set_chair(request->chair());
  response->set_seat_token(token);
  if (table->physical) response->set_table_code(PrintedTableCode(code));
  return grpc::Status::OK;
}

}  // namespace skat::service
