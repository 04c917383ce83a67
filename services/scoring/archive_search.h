// The archive search of the ScoringService (docs/par.md "Archive search"):
// filters the archive's boards (store.h ArchiveBoardRecord: revealed sets only) by a holding and
// by the cached par contract (or its absence: "unanalysed"), and orders them by how much the
// tables differed. Pure: the store read is the caller's.
#ifndef SKAT_SERVICES_SCORING_ARCHIVE_SEARCH_H_
#define SKAT_SERVICES_SCORING_ARCHIVE_SEARCH_H_

#include <vector>

#include "engine/status.h"
#include "services/store/records.h"
#include "skat/v1/analysis.pb.h"

namespace skat::service {

// kInvalidArgument for an unreadable holding (naming the card), an unknown par kind or order,
// or a limit outside 0..1000 (0: 50). Boards in archive order unless order is "spread" (largest
// first, ties in archive order).
Status SearchArchive(const std::vector<store::ArchiveBoardRecord>& archive,
                     const v1::SearchBoardsRequest& request, v1::SearchBoardsResponse* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_ARCHIVE_SEARCH_H_
