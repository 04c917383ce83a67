// Team sheets of a season's match days (docs/seasons.md "League table"): who played for a club of
// an event, and substitutes (a player who came in for a starting player from a round). What
// SetTeamSheet accepts and what ListTeamSheets shows; the store keeps the recorded ones.
#ifndef SKAT_SERVICES_SEASON_TEAM_SHEET_CHECKS_H_
#define SKAT_SERVICES_SEASON_TEAM_SHEET_CHECKS_H_

#include <string>

#include "engine/status.h"
#include "services/season/season_event_scores.h"
#include "services/store/team_sheet_store.h"
#include "skat/v1/season_service.pb.h"

namespace skat::service {

// The most rounds of a session of the event (0 before its first session).
int EventRounds(const SeasonEventScores& event);

// The sheet of SetTeamSheet as a record of season `season_id`, checked against `event` (the
// event sheet.event names). kInvalidArgument, naming the value: a malformed name, more than
// kMaxTeamSheetEntries entries, a player not of the event or not of the club, a player twice, a
// starting player with a from_round other than 0 or 1, a substitute replacing a player who is not
// a starting player of the sheet or is replaced twice, or a from_round outside the event's
// rounds (1..EventRounds). kNotFound: the club is not one of the event's.
Result<store::TeamSheetRecord> CheckTeamSheet(const std::string& season_id,
                                              const v1::TeamSheet& sheet,
                                              const SeasonEventScores& event);

// The club's sheet when none is recorded: its players of the event, all starting.
store::TeamSheetRecord DefaultTeamSheet(const std::string& season_id,
                                        const SeasonEventScores& event, const std::string& club_id);

// `sheet` as the API shows it (update_time only when `recorded`).
void TeamSheetProto(const store::TeamSheetRecord& sheet, const SeasonEventScores& event,
                    bool recorded, v1::TeamSheet* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_TEAM_SHEET_CHECKS_H_
