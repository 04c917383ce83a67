// What the league table reads of one event (docs/seasons.md "League table"): its match day, the
// clubs that have players and their scores as the public sees them.
#ifndef SKAT_SERVICES_SEASON_LEAGUE_DAYS_H_
#define SKAT_SERVICES_SEASON_LEAGUE_DAYS_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/season/league_table.h"
#include "services/season/season_event_scores.h"

namespace skat::service {

// The ids of the event's clubs that have players, in the order the clubs were added.
std::vector<std::string> ClubsWithPlayers(const SeasonEventScores& scores);

// The event's match day, or nullopt when fewer than two clubs have players. MatchDay::event is
// the event id. Two clubs: one row, each club's side of the team match total (the sessions' team
// matches summed, as GetTeamMatch), or none before a session has a team match line. More: one
// row per session with a result of the clubs' players, each club's players' board scores summed
// (artificial seats carry none).
std::optional<season::MatchDay> MatchDayOf(const SeasonEventScores& scores);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_LEAGUE_DAYS_H_
