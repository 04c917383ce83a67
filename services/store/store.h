// The PostgreSQL store (ARCHITECTURE.md "Store"; STYLE: cgimap). The only code that includes
// libpqxx. SQL lives here only, with named prepared statements beside their one caller and
// parameters always bound; one transaction per request; read-only transactions for reads.
// Thread-safe: a small pool of connections serves concurrent RPCs.
//
// Errors: kNotFound, kAlreadyExists, kFailedPrecondition-like codes as engine ErrorCodes,
// kUnavailable when the database cannot be reached (clients retry), kInternal otherwise.
#ifndef SKAT_SERVICES_STORE_STORE_H_
#define SKAT_SERVICES_STORE_STORE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/board_set.h"
#include "engine/status.h"

namespace skat::store {

struct EventRecord {
  std::string id;       // "ev-" + 10 lower-case base32 characters; resource name events/{id}
  std::string name;     // the director's name for it, 1..200 characters
  std::string profile;  // rule profile id, e.g. "nasl-1909"
  std::string director_token_sha256;  // hex; the token itself is never stored
  int64_t created_unix = 0;
};

struct BoardSetRecord {
  std::string event_id;
  std::string id;  // "bs-" + 10 lower-case base32 characters; events/{event}/boardSets/{id}
  BoardSet set;    // boards empty while a beacon value is awaited; set.seed only once revealed
  std::string secret_seed;  // hex; stored from creation, returned to the service layer only
  bool revealed = false;
  int board_count = 0;  // planned number of boards
  int64_t created_unix = 0;
  int64_t version = 0;  // optimistic concurrency (STYLE: cgimap)
};

// Which boards a read brings along with a set.
struct BoardRange {
  int first = 1;
  int last = 1 << 30;
  static BoardRange All() { return {}; }
  static BoardRange None() { return {1, 0}; }
  static BoardRange One(int number) { return {number, number}; }
};

class Store {
 public:
  virtual ~Store() = default;

  // Connects with a libpq URL ("postgresql:///skat?host=/tmp/x&port=5432"). kUnavailable when
  // the server cannot be reached.
  static Result<std::unique_ptr<Store>> Connect(const std::string& url, int pool_size = 4);

  // Applies every migration in migrations/ not yet recorded in schema_migrations, in order.
  virtual Status Migrate() = 0;

  virtual Result<EventRecord> CreateEvent(const EventRecord& event) = 0;
  virtual Result<EventRecord> GetEvent(const std::string& id) = 0;
  virtual Result<std::vector<EventRecord>> ListEvents() = 0;

  // Stores a new set with its boards (if generated) and its secret seed, in one transaction.
  virtual Result<BoardSetRecord> CreateBoardSet(const BoardSetRecord& set) = 0;
  // With the boards in `boards` (all by default) and, once revealed, the seed in set.seed.
  virtual Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                             BoardRange boards = BoardRange::All()) = 0;
  // Metadata only: set.boards empty.
  virtual Result<std::vector<BoardSetRecord>> ListBoardSets(const std::string& event_id) = 0;
  // Enters the beacon value and the boards it produced. kFailedPrecondition-like
  // (kNotAllowed) if a value was entered before; kAborted on a version conflict.
  virtual Status SetBeacon(const std::string& event_id, const std::string& id,
                           const std::string& beacon_value, const std::vector<SetBoard>& boards,
                           int64_t expected_version) = 0;
  // Marks the set revealed (its seed becomes public). kAlreadyExists if it was revealed before.
  virtual Status Reveal(const std::string& event_id, const std::string& id,
                        int64_t expected_version) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_STORE_H_
