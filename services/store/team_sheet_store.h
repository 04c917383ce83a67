// The store's team sheets of a season's match days (store.h; docs/seasons.md "League table"):
// for a club of an event of the season, who played, and substitutes with the player replaced and
// the first round played. Migration 0018's team_sheet_entries.
#ifndef SKAT_SERVICES_STORE_TEAM_SHEET_STORE_H_
#define SKAT_SERVICES_STORE_TEAM_SHEET_STORE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::store {

// At most this many entries on one sheet (the schema's position 1..50).
inline constexpr int kMaxTeamSheetEntries = 50;

struct TeamSheetEntryRecord {
  std::string player_id;
  std::string replaces;  // a player id of the same sheet; empty for a starting player
  int from_round = 1;    // a substitute's first round; 1 for a starting player
};

struct TeamSheetRecord {
  std::string season_id, event_id, club_id;
  std::vector<TeamSheetEntryRecord> entries;  // in the order of the sheet
  int64_t updated_unix = 0;
};

class TeamSheetStore {
 public:
  virtual ~TeamSheetStore() = default;

  // Replaces the club's recorded sheet for the season's event by `sheet.entries` (at most
  // kMaxTeamSheetEntries; none removes the recorded sheet) in one transaction, one at a time per
  // match day, and returns it with its time. kNotFound when the event is not in the season; the
  // caller checked the players and the club.
  virtual Result<TeamSheetRecord> SetTeamSheet(const TeamSheetRecord& sheet) = 0;
  // The season's recorded sheets of event `event_id` (of every event when empty), by the order
  // of the season's events, then club id. Bounded by the season's events (at most 100), their
  // clubs and kMaxTeamSheetEntries.
  virtual Result<std::vector<TeamSheetRecord>> ListTeamSheets(const std::string& season_id,
                                                              const std::string& event_id) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_TEAM_SHEET_STORE_H_
