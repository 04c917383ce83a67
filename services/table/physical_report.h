// A board played with real cards as the table reports it (v1::PhysicalReport) -> the engine's
// ReportedOutcome (engine/physical_result.h), and the one-line summary of the scored result.
// The conversion checks the wire form only (enums set and known, no negative numbers, fields
// that belong to the reported kind of deal); the engine checks the report against the board.
#ifndef SKAT_SERVICES_TABLE_PHYSICAL_REPORT_H_
#define SKAT_SERVICES_TABLE_PHYSICAL_REPORT_H_

#include <string>

#include "engine/physical_result.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "skat/v1/table_service.pb.h"

namespace skat::service {

// The report for a table of `chairs` (3 or 4) chairs. kInvalidArgument naming the field
// ("report.declarer", "report.fines[1].party", ...) for an unspecified or unknown enum, a
// missing declaration, a negative number, a field of another kind of deal, an unknown fine or
// the resting dealer (party 4) at a 3-chair table.
Result<ReportedOutcome> ReportFromProto(const v1::PhysicalReport& report, int chairs);

// Describe(result.game), followed by the fines when there are any:
// "passed in; fines (kept apart): rearhand -10 (misdeal)".
std::string SummaryOf(const Profile& profile, const ReportedOutcome& report,
                      const PhysicalResult& result);

// The same for a seat's check (PreviewPhysicalResult): Describe(preview), which names no
// matadors the report does not state, followed by the fines.
std::string PreviewSummaryOf(const Profile& profile, const ReportedOutcome& report,
                             const PhysicalPreview& preview);

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_PHYSICAL_REPORT_H_
