// The checks of an archive's content before an import (docs/event-archive.md "Validation"): the
// file is untrusted input, so every id, enumeration and reference is checked, every board read
// and compared with its deal number, and every table's act log replayed through the engine as
// the table service replays it when it loads a table (services/common/logged_act.h).
// The schema's constraints check the rest (lengths, ranges) when the import writes.
#ifndef SKAT_SERVICES_EVENT_ARCHIVE_CHECKS_H_
#define SKAT_SERVICES_EVENT_ARCHIVE_CHECKS_H_

#include "engine/status.h"
#include "skat/v1/event_archive.pb.h"

namespace skat::service {

// The most seats a file may hold (docs/event-archive.md "Limits"): an import answers a new token
// for each, streamed at most kArchiveTokensPerMessage to a message, so the bound is the work of
// one import (about 100 sessions of a 1,020-player congress), not a message's size.
inline constexpr int kMaxArchiveSeats = 100'000;
// The most seat tokens, and the most table codes, in one message of ImportEvent's answer (about
// 150 bytes each: far below gRPC's 4 MiB).
inline constexpr int kArchiveTokensPerMessage = 1'000;

// OK, or kInvalidArgument naming the first wrong value, where it is, and the rule.
Status CheckArchive(const v1::EventArchive& archive);

// OK when every table's acts replay through the engine under the event's profile (REQUIRES:
// CheckArchive(archive).ok()); kInvalidArgument naming the act otherwise.
Status ReplayArchive(const v1::EventArchive& archive);

}  // namespace skat::service

#endif  // SKAT_SERVICES_EVENT_ARCHIVE_CHECKS_H_
