// SetTeamSheet and ListTeamSheets (season_service.proto): the team sheets of a season's match days
// (docs/seasons.md "League table"). What a sheet may hold is team_sheet_checks.h's; the store
// keeps the recorded ones, and a club without one lists its players of the event.
#include <algorithm>
#include <map>
#include <utility>

#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/season/league_days.h"
#include "services/season/season_names.h"
#include "services/season/season_service.h"
#include "services/season/team_sheet_checks.h"

namespace skat::service {
namespace {

// ListTeamSheets' page sizes (season_service.proto).
constexpr int kDefaultSheets = 50;
constexpr int kMaxSheets = 500;

// The index of event `event_name` in the season; kNotFound when it is not one of its events.
Result<size_t> SeasonEventIndex(const store::SeasonRecord& season, const std::string& event_name) {
  Result<std::string> event = ParseEventName(event_name);
  if (!event.ok()) return event.status();
  const auto it = std::find(season.event_ids.begin(), season.event_ids.end(), *event);
  if (it == season.event_ids.end()) {
    return Status::NotFound("event " + event_name + " is not in season " +
                            SeasonResourceName(season.id));
  }
  return static_cast<size_t>(it - season.event_ids.begin());
}

}  // namespace

grpc::Status SeasonServiceImpl::SetTeamSheet(grpc::ServerContext* context,
                                             const v1::SetTeamSheetRequest* request,
                                             v1::TeamSheet* response) {
  Result<store::SeasonRecord> season = ManagedSeason(*context, request->season());
  if (!season.ok()) return ToGrpc(season.status(), context);
  Result<size_t> index = SeasonEventIndex(*season, request->team_sheet().event());
  if (!index.ok()) return ToGrpc(index.status(), context);
  Result<std::shared_ptr<const SeasonEventScores>> event = scores_(season->event_ids[*index]);
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<store::TeamSheetRecord> sheet = CheckTeamSheet(season->id, request->team_sheet(), **event);
  if (!sheet.ok()) return ToGrpc(sheet.status(), context);
  Result<store::TeamSheetRecord> stored = store_.team_sheets.SetTeamSheet(*sheet);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  if (stored->entries.empty()) {  // removed: the club's players count again
    TeamSheetProto(DefaultTeamSheet(season->id, **event, stored->club_id), **event, false,
                   response);
  } else {
    TeamSheetProto(*stored, **event, true, response);
  }
  return grpc::Status::OK;
}

grpc::Status SeasonServiceImpl::ListTeamSheets(grpc::ServerContext* context,
                                               const v1::ListTeamSheetsRequest* request,
                                               v1::ListTeamSheetsResponse* response) {
  Result<store::SeasonRecord> season = ReadSeason(request->parent(), "");
  if (!season.ok()) return ToGrpc(season.status(), context);
  const bool every = request->event().empty() || request->event() == "-";
  size_t first = 0, last = season->event_ids.size();
  if (!every) {
    Result<size_t> index = SeasonEventIndex(*season, request->event());
    if (!index.ok()) return ToGrpc(index.status(), context);
    first = *index;
    last = *index + 1;
  }
  const std::string list =
      "ListTeamSheets " + request->parent() + " " + (every ? "-" : request->event());
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 2);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const int size = request->page_size() == 0 ? kDefaultSheets : std::min(page->size, kMaxSheets);
  Result<std::vector<store::TeamSheetRecord>> recorded =
      store_.team_sheets.ListTeamSheets(season->id, every ? "" : season->event_ids[first]);
  if (!recorded.ok()) return ToGrpc(recorded.status(), context);
  std::map<std::pair<std::string, std::string>, const store::TeamSheetRecord*> by_club;
  for (const store::TeamSheetRecord& r : *recorded) by_club[{r.event_id, r.club_id}] = &r;
  // Rows keyed by (the event's index in the season, the club's among those with players), read
  // from the page's first event on until one row beyond the page.
  struct Row {
    int64_t event, club;
    v1::TeamSheet sheet;
  };
  std::vector<Row> rows;
  if (page->after) first = std::max<size_t>(first, page->after->numbers[0]);
  for (size_t e = first; e < last && rows.size() <= static_cast<size_t>(size); ++e) {
    Result<std::shared_ptr<const SeasonEventScores>> event = scores_(season->event_ids[e]);
    if (!event.ok()) return ToGrpc(event.status(), context);
    const std::vector<std::string> clubs = ClubsWithPlayers(**event);
    if (clubs.size() < 2) continue;  // not a match day
    for (size_t c = 0; c < clubs.size() && rows.size() <= static_cast<size_t>(size); ++c) {
      const PageKey key{.numbers = {static_cast<int64_t>(e), static_cast<int64_t>(c)}, .text = ""};
      if (page->after && key.numbers <= page->after->numbers) continue;
      Row row{.event = key.numbers[0], .club = key.numbers[1], .sheet = {}};
      const auto found = by_club.find({season->event_ids[e], clubs[c]});
      if (found != by_club.end()) {
        TeamSheetProto(*found->second, **event, true, &row.sheet);
      } else {
        TeamSheetProto(DefaultTeamSheet(season->id, **event, clubs[c]), **event, false, &row.sheet);
      }
      rows.push_back(std::move(row));
    }
  }
  response->set_next_page_token(EndPage(list, size, rows, [](const Row& r) {
    return PageKey{.numbers = {r.event, r.club}, .text = ""};
  }));
  for (Row& r : rows) *response->add_team_sheets() = std::move(r.sheet);
  return grpc::Status::OK;
}

}  // namespace skat::service
