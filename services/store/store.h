// The PostgreSQL store (docs/architecture.md "Store"; docs/development.md "cgimap").
// The only code that includes
// libpqxx. SQL lives here only, with named prepared statements beside their one caller and
// parameters always bound; one transaction per request; read-only transactions for reads.
// Thread-safe: a small pool of connections serves concurrent RPCs.
//
// Errors: kNotFound, kAlreadyExists, kFailedPrecondition-like codes as engine ErrorCodes,
// kUnavailable when the database cannot be reached (clients retry), kInternal otherwise. Every
// message is a sentence of the domain ("a player named 'Anna' is already in event ev-..."), never
// PostgreSQL's text, which goes to the server's stderr (pg_error.h, constraints.h).
//
// The interface is split by the seams of its implementation: EventStore (events, board sets),
// TableStore (tables, seats, leases, acts), ResultStore (results, refused reports), SessionStore
// (clubs, players, sessions, adjustments, the score stamp), ImportStore and AnalysisStore; a
// service or helper that needs one part takes that part. Store is all of them with the
// connection, the migrations and the health check.
#ifndef SKAT_SERVICES_STORE_STORE_H_
#define SKAT_SERVICES_STORE_STORE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/analysis_store.h"
#include "services/store/archive_store.h"
#include "services/store/event_store.h"
#include "services/store/import_store.h"
#include "services/store/person_board_store.h"
#include "services/store/records.h"
#include "services/store/registry_store.h"
#include "services/store/result_store.h"
#include "services/store/season_store.h"
#include "services/store/session_store.h"
#include "services/store/table_store.h"
#include "services/store/team_sheet_store.h"

namespace skat::store {

class Store : public EventStore,
              public TableStore,
              public ResultStore,
              public SessionStore,
              public ImportStore,
              public AnalysisStore,
              public RegistryStore,
              public PersonBoardStore,
              public SeasonStore,
              public TeamSheetStore,
              public ArchiveStore {
 public:
  virtual ~Store() = default;

  // Connects with a libpq URL ("postgresql:///skat?host=/tmp/x&port=5432"). kUnavailable when
  // the server cannot be reached.
  static Result<std::unique_ptr<Store>> Connect(const std::string& url, int pool_size = 4);

  // Applies every migration in migrations/ not yet recorded in schema_migrations, in order.
  virtual Status Migrate() = 0;

  // One statement on a pooled connection (SELECT 1): OK when the database answers, kUnavailable
  // when it cannot be reached. skatd's health check; a call after the database came back also
  // clears the pool of connections to the old server.
  virtual Status Ping() = 0;

  // How many transactions this store has begun since it connected (each method is one, a retry
  // after a lost connection another). For tests and measurements of what a call costs.
  virtual uint64_t TransactionsBegun() const = 0;
};

// Notifications of changed scores: a dedicated connection that LISTENs on channel
// 'skat_scores' (migration 0003's trigger sends the event id of every changed result or
// adjustment at commit).
class ScoreListener {
 public:
  virtual ~ScoreListener() = default;
  // kUnavailable when the server cannot be reached.
  static Result<std::unique_ptr<ScoreListener>> Open(const std::string& url);
  // Waits up to `timeout_ms` and returns the event ids notified since the last call (possibly
  // none). kUnavailable when the connection broke (open a new listener).
  virtual Result<std::vector<std::string>> Await(int timeout_ms) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_STORE_H_
