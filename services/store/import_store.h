// The store's imports of ISS game records (store.h; docs/iss-game-records.md).
#ifndef SKAT_SERVICES_STORE_IMPORT_STORE_H_
#define SKAT_SERVICES_STORE_IMPORT_STORE_H_

#include "engine/status.h"
#include "services/store/import_records.h"

namespace skat::store {

class ImportStore {
 public:
  virtual ~ImportStore() = default;

  // Imported games (docs/iss-game-records.md; import_records.h). Writes the batch in one
  // transaction: the new event if any; the games the event does not have yet (by game key),
  // numbered on from the set's last board, each as a board, a table of its session, seatings,
  // players by name, its game, act log, result and imported_games row; a new set and session (with
  // the first new game) or the named set's grown board count. Nothing when every game is a
  // duplicate. kNotFound for no such event or set; kNotAllowed for a set that was not imported;
  // kInvalidArgument for a game without table id, game key or record, or with an act of another
  // board index or chair.
  virtual Result<ImportOutcome> ImportGames(const ImportBatch& batch) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_IMPORT_STORE_H_
