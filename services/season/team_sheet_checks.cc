#include "services/season/team_sheet_checks.h"

#include <algorithm>
#include <map>
#include <set>

#include "services/common/names.h"

namespace skat::service {
namespace {

constexpr const char* kSheetRule = " (docs/seasons.md \"League table\")";

const store::PlayerRecord* SheetPlayer(const SeasonEventScores& event, const std::string& id) {
  for (const store::PlayerRecord& p : event.players) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const store::ClubRecord* SheetClub(const SeasonEventScores& event, const std::string& id) {
  for (const store::ClubRecord& c : event.clubs) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

// The id of player `name` of the event, who must be of club `club_id`.
Result<std::string> SheetClubPlayer(const SeasonEventScores& event, const std::string& club_id,
                                    const std::string& name) {
  Result<ChildName> player = ParseChildName(name, "players");
  if (!player.ok()) return player.status();
  const store::PlayerRecord* p =
      player->event == event.event.id ? SheetPlayer(event, player->id) : nullptr;
  if (p == nullptr) {
    return Status::InvalidArgument("player " + name + " is not a player of event events/" +
                                   event.event.id + kSheetRule);
  }
  if (p->club_id != club_id) {
    return Status::InvalidArgument("player " + name + " (" + p->name + ") is not of club " +
                                   ChildResourceName(event.event.id, "clubs", club_id) +
                                   kSheetRule);
  }
  return p->id;
}

// A substitute's replaced player and round: a starting player of the sheet not replaced before,
// a round of the event.
Status CheckSubstitute(const v1::TeamSheet::Entry& entry, const store::TeamSheetEntryRecord& e,
                       const std::set<std::string>& starters, std::set<std::string>& replaced,
                       int rounds) {
  if (starters.count(e.replaces) == 0) {
    return Status::InvalidArgument("substitute " + entry.player() + " replaces " +
                                   entry.replaces() +
                                   ", who is not a starting player of the sheet" + kSheetRule);
  }
  if (!replaced.insert(e.replaces).second) {
    return Status::InvalidArgument("player " + entry.replaces() + " is replaced twice" +
                                   kSheetRule);
  }
  if (rounds == 0) {
    return Status::InvalidArgument("substitute " + entry.player() + ": from_round " +
                                   std::to_string(e.from_round) + "; the event has no rounds yet" +
                                   kSheetRule);
  }
  if (e.from_round < 1 || e.from_round > rounds) {
    return Status::InvalidArgument(
        "substitute " + entry.player() + ": from_round " + std::to_string(e.from_round) +
        " is not a round of the event (1.." + std::to_string(rounds) + ")" + kSheetRule);
  }
  return Status::Ok();
}

// The entries, starting players first checked; then each substitute against them.
Result<std::vector<store::TeamSheetEntryRecord>> CheckSheetEntries(const v1::TeamSheet& sheet,
                                                                   const SeasonEventScores& event,
                                                                   const std::string& club_id) {
  std::vector<store::TeamSheetEntryRecord> entries;
  std::set<std::string> seen, starters;
  for (const v1::TeamSheet::Entry& entry : sheet.entries()) {
    Result<std::string> player = SheetClubPlayer(event, club_id, entry.player());
    if (!player.ok()) return player.status();
    if (!seen.insert(*player).second) {
      return Status::InvalidArgument("player " + entry.player() + " is on the sheet twice" +
                                     kSheetRule);
    }
    store::TeamSheetEntryRecord e{.player_id = *player, .replaces = "", .from_round = 1};
    if (entry.replaces().empty()) {
      if (entry.from_round() != 0 && entry.from_round() != 1) {
        return Status::InvalidArgument("starting player " + entry.player() + ": from_round " +
                                       std::to_string(entry.from_round()) +
                                       "; a starting player plays from round 1" + kSheetRule);
      }
      starters.insert(*player);
    } else {
      Result<std::string> replaces = SheetClubPlayer(event, club_id, entry.replaces());
      if (!replaces.ok()) return replaces.status();
      e.replaces = *replaces;
      e.from_round = entry.from_round();
    }
    entries.push_back(std::move(e));
  }
  std::set<std::string> replaced;
  const int rounds = EventRounds(event);
  for (int i = 0; i < sheet.entries_size(); ++i) {
    if (entries[i].replaces.empty()) continue;
    Status s = CheckSubstitute(sheet.entries(i), entries[i], starters, replaced, rounds);
    if (!s.ok()) return s;
  }
  return entries;
}

}  // namespace

int EventRounds(const SeasonEventScores& event) {
  int rounds = 0;
  for (const SeasonEventScores::Session& s : event.sessions) {
    for (const store::TableRecord& t : s.session.tables) rounds = std::max(rounds, t.round);
  }
  return rounds;
}

Result<store::TeamSheetRecord> CheckTeamSheet(const std::string& season_id,
                                              const v1::TeamSheet& sheet,
                                              const SeasonEventScores& event) {
  Result<ChildName> club = ParseChildName(sheet.club(), "clubs");
  if (!club.ok()) return club.status();
  if (club->event != event.event.id || SheetClub(event, club->id) == nullptr) {
    return Status::NotFound("club " + sheet.club() + " is not a club of event events/" +
                            event.event.id);
  }
  if (sheet.entries_size() > store::kMaxTeamSheetEntries) {
    return Status::InvalidArgument(std::to_string(sheet.entries_size()) +
                                   " team sheet entries; at most 50" + kSheetRule);
  }
  Result<std::vector<store::TeamSheetEntryRecord>> entries =
      CheckSheetEntries(sheet, event, club->id);
  if (!entries.ok()) return entries.status();
  return store::TeamSheetRecord{.season_id = season_id,
                                .event_id = event.event.id,
                                .club_id = club->id,
                                .entries = std::move(entries).value(),
                                .updated_unix = 0};
}

store::TeamSheetRecord DefaultTeamSheet(const std::string& season_id,
                                        const SeasonEventScores& event,
                                        const std::string& club_id) {
  store::TeamSheetRecord sheet{.season_id = season_id,
                               .event_id = event.event.id,
                               .club_id = club_id,
                               .entries = {},
                               .updated_unix = 0};
  for (const store::PlayerRecord& p : event.players) {
    if (p.club_id == club_id)
      sheet.entries.push_back({.player_id = p.id, .replaces = "", .from_round = 1});
  }
  return sheet;
}

void TeamSheetProto(const store::TeamSheetRecord& sheet, const SeasonEventScores& event,
                    bool recorded, v1::TeamSheet* out) {
  out->set_name("seasons/" + sheet.season_id + "/teamSheets/" + sheet.event_id + "~" +
                sheet.club_id);
  out->set_event(EventName(sheet.event_id));
  out->set_club(ChildResourceName(sheet.event_id, "clubs", sheet.club_id));
  if (const store::ClubRecord* c = SheetClub(event, sheet.club_id)) {
    out->set_club_display_name(c->name);
  }
  for (const store::TeamSheetEntryRecord& e : sheet.entries) {
    v1::TeamSheet::Entry* entry = out->add_entries();
    entry->set_player(ChildResourceName(sheet.event_id, "players", e.player_id));
    if (const store::PlayerRecord* p = SheetPlayer(event, e.player_id)) {
      entry->set_display_name(p->name);
    }
    if (!e.replaces.empty()) {
      entry->set_replaces(ChildResourceName(sheet.event_id, "players", e.replaces));
    }
    entry->set_from_round(e.from_round);
  }
  if (recorded) out->mutable_update_time()->set_seconds(sheet.updated_unix);
}

}  // namespace skat::service
