// The store's par tables and the archive of revealed boards (store.h; docs/par.md).
#ifndef SKAT_SERVICES_STORE_ANALYSIS_STORE_H_
#define SKAT_SERVICES_STORE_ANALYSIS_STORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

class AnalysisStore {
 public:
  virtual ~AnalysisStore() = default;

  // Par tables (docs/par.md): the cached table of (deal number, profile, version), or nullopt.
  virtual Result<std::optional<ParTableRecord>> GetParTable(uint64_t deal_number,
                                                            const std::string& profile,
                                                            int version) = 0;
  // Caches a par table unless one is stored for its key already (then nothing changes: a par
  // table is a function of its key). kInvalidArgument for empty fields or a version < 1.
  virtual Status PutParTable(const ParTableRecord& record) = 0;
  // Keeps what one table's game of a board lost against open-hand play under the engine's par
  // `version` (docs/par.md "The study of a played game"), unless kept already (a study is a
  // function of its key).
  virtual Status PutGameStudy(const std::string& event_id, const std::string& table_id, int board,
                              int version, int declarer_lost, int defenders_lost) = 0;
  // Every board of every revealed board set, in the order events, sets and boards were made,
  // with the par tables cached under `par_version`.
  virtual Result<std::vector<ArchiveBoardRecord>> ListArchiveBoards(int par_version) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_ANALYSIS_STORE_H_
