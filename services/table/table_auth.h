// Who sent a TableService request (docs/tables.md "Seats and tokens"): a chair of the table, by
// the seat token the request carries (or, for the calls of a physical table's results, by its
// table code and a chair: docs/tables.md "Table codes"), or the event's director, by the director
// token. Decided
// from the database as it is now: `Db` is the store (StoreReads) or a transaction of it
// (store::ResultTransaction, so that SubmitResult authorizes in its one transaction); it answers
// FindSeat, FindTableCode and GetEvent as store::TableStore and store::EventStore do.
#ifndef SKAT_SERVICES_TABLE_TABLE_AUTH_H_
#define SKAT_SERVICES_TABLE_TABLE_AUTH_H_

#include <grpcpp/grpcpp.h>

#include <optional>
#include <string>

#include "engine/status.h"
#include "services/common/auth.h"
#include "services/common/names.h"
#include "services/common/peer.h"
#include "services/common/rate_limit.h"
#include "services/common/table_code.h"
#include "services/store/event_store.h"
#include "services/store/table_store.h"

namespace skat::service {

// Who sent a request: a chair of the table, or the event's director.
struct Caller {
  TableName table;
  int chair = 0;  // 0: the director
};

// The store's reads that authorization and the results' helpers (table_results.cc) make, by the
// names store::ResultTransaction gives them.
struct StoreReads {
  store::TableStore& tables;
  store::EventStore& events;

  Result<store::SeatRecord> FindSeat(const std::string& sha256) { return tables.FindSeat(sha256); }
  Result<store::TableCodeRecord> FindTableCode(const std::string& sha256) {
    return tables.FindTableCode(sha256);
  }
  Result<store::EventRecord> GetEvent(const std::string& id) { return events.GetEvent(id); }
  Result<store::TableRecord> GetTable(const std::string& event_id, const std::string& id) {
    return tables.GetTable(event_id, id);
  }
  Result<store::BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                            store::BoardRange boards) {
    return events.GetBoardSet(event_id, id, boards);
  }
};

inline Status NotASeatOf(const std::string& table) {
  return Status::PermissionDenied("the token given is not a seat token of " + table);
}

// How many wrong table codes a client may try (docs/tables.md "Table codes"): 20 at once, then
// 10 a minute. Each code tried takes one call, which a right code gives back; while a client has
// none left every code it sends is refused RESOURCE_EXHAUSTED, right or wrong, so a refusal tells
// nothing about the code. Seat tokens (256 random bits) are not counted.
inline constexpr RateLimit kTableCodeGuesses{.burst = 20, .per_minute = 10};

// The chair a table code credential speaks for (table_code.h ParseTableCodeCredential), refused
// exactly as a wrong seat token is (NotASeatOf) when the code is not the table's now or the chair
// is not one of its chairs. `guesses` counts the tries of `peer`.
template <typename Db>
Result<Caller> TableCodeCaller(Db& db, const TableCodeCredential& code, const TableName& name,
                               const std::string& table, PeerRateLimiter& guesses,
                               const std::string& peer) {
  if (RateDecision d = guesses.Take(peer); !d.ok()) return d.status;
  Result<store::TableCodeRecord> found = db.FindTableCode(Sha256Hex(code.code));
  if (!found.ok() && found.status().code() != ErrorCode::kNotFound) {
    guesses.GiveBack(peer);  // the database failed: no guess was made
    return found.status();
  }
  if (!found.ok() || found->event_id != name.event || found->table_id != name.table ||
      code.chair > found->chairs) {
    return NotASeatOf(table);
  }
  guesses.GiveBack(peer);
  return Caller{.table = name, .chair = code.chair};
}

// The chair whose seat token `token` is (kUnauthenticated without a token, kPermissionDenied
// with a token that is not a seat token of `table`). Only seat tokens: the online seat calls
// (JoinSeat, WatchSeat, Act) take no table code.
template <typename Db>
Result<Caller> SeatCaller(Db& db, const std::string& token, const std::string& table) {
  Result<TableName> name = ParseTableName(table);
  if (!name.ok()) return name.status();
  if (token.empty()) {
    return Status::Unauthenticated(table +
                                   " needs a seat token (metadata authorization: Bearer <token>)");
  }
  Result<store::SeatRecord> seat = db.FindSeat(Sha256Hex(token));
  if (!seat.ok() && seat.status().code() != ErrorCode::kNotFound) return seat.status();
  if (!seat.ok() || seat->event_id != name->event || seat->table_id != name->table) {
    return NotASeatOf(table);
  }
  return Caller{.table = *name, .chair = seat->chair};
}

// The director of the table's event (services/common/director.h: kNotFound without the event).
template <typename Db>
Result<Caller> DirectorCaller(Db& db, const grpc::ServerContextBase& context,
                              const std::string& table) {
  Result<TableName> name = ParseTableName(table);
  if (!name.ok()) return name.status();
  Result<store::EventRecord> event = db.GetEvent(name->event);
  if (!event.ok()) return event.status();
  if (Status s = CheckDirector(context, event->director_token_sha256, table); !s.ok()) return s;
  return Caller{.table = *name, .chair = 0};
}

// A seat of the table, by its seat token or by the table code (the calls of the table page:
// GetTable, SubmitResult, ConfirmResult, ListResults), or the event's director.
template <typename Db>
Result<Caller> SeatOrDirectorCaller(Db& db, const grpc::ServerContextBase& context,
                                    const std::string& table, PeerRateLimiter& code_guesses) {
  const std::string token = BearerToken(context);
  Result<Caller> seat = Status::Unauthenticated("");
  if (std::optional<TableCodeCredential> code = ParseTableCodeCredential(token)) {
    Result<TableName> name = ParseTableName(table);
    if (!name.ok()) return name.status();
    seat = TableCodeCaller(db, *code, *name, table, code_guesses, ClientPeer(context));
  } else {
    seat = SeatCaller(db, token, table);
  }
  if (seat.ok() || seat.status().code() != ErrorCode::kPermissionDenied) return seat;
  Result<Caller> director = DirectorCaller(db, context, table);
  if (director.ok() || director.status().code() != ErrorCode::kPermissionDenied) return director;
  return Status::PermissionDenied("the token given is neither a seat token of " + table +
                                  " nor its event's director token");
}

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_TABLE_AUTH_H_
