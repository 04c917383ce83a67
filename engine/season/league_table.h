// The league table of a season (docs/seasons.md "League table"): clubs ranked by match points over
// the season's inter-club match days. Pure: the services gather each match day's club scores (the
// team match totals of a two-club day, each series' club sums of a day of more clubs) and store
// nothing of what LeagueTable returns.
#ifndef SKAT_ENGINE_SEASON_LEAGUE_TABLE_H_
#define SKAT_ENGINE_SEASON_LEAGUE_TABLE_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::season {

// The season's league rules: match points of a two-club day, and of each series of a day of more
// clubs by place (best club first; a place past the list earns 0).
struct LeagueRules {
  int win_points = 2;
  int draw_points = 1;
  int loss_points = 0;
  std::vector<int> placing_points = {3, 2, 1, 0};
};

// One match day: an event of two or more clubs that have players.
struct MatchDay {
  std::string event;               // carried through to LeagueMatch::event
  std::string display_name;        // the event's
  std::vector<std::string> clubs;  // the clubs' display names, each once
  // scores[s][c]: club c's score in series s. Two clubs: one row, the team match totals (A, B).
  // More clubs: one row per series (session), each club's players' board scores summed. No row:
  // the day has no result yet; its clubs are in the table, the day counts for none of them.
  std::vector<std::vector<long long>> scores;
};

enum class MatchOutcome { kWin, kDraw, kLoss, kPlace };

// "win", "draw", "loss", "place".
std::string_view MatchOutcomeName(MatchOutcome outcome);

// A club's result of one match day.
struct LeagueMatch {
  std::string event, display_name;
  long long score = 0;           // the club's: its team match total, or its series summed
  long long opponent_score = 0;  // the other club's, or the others' total / their number
  int match_points = 0;
  MatchOutcome outcome = MatchOutcome::kPlace;
};

struct LeagueRow {
  int rank = 1;
  bool tied = false;  // shares its rank with another club
  std::string club;   // the display name as first met (trimmed)
  int played = 0;
  int won = 0, drawn = 0, lost = 0;  // two-club days only
  int match_points = 0;
  long long score_difference = 0;    // sum of (score - opponent_score)
  std::vector<LeagueMatch> matches;  // in the order of the days
};

// The key by which clubs of different days are one club: the name without surrounding blanks
// (spaces, tabs), ASCII and Latin-1 letters in lower case ("SC Öhringen " and "sc öhringen").
std::string ClubKey(std::string_view display_name);

// x / n rounded half away from zero. REQUIRES: n > 0.
long long DivideRoundingHalfAway(long long x, long long n);

// Ranks the clubs of `days` by match points, then score difference, then a shared place (1, 2,
// 2, 4; equal clubs listed by ClubKey). kInvalidArgument naming the event for a day of fewer
// than two clubs, two of its clubs with one ClubKey (or an empty one), or a series whose scores
// do not match the clubs (a two-club day has at most one row); and for a negative rule value or
// an empty placing_points.
Result<std::vector<LeagueRow>> LeagueTable(const std::vector<MatchDay>& days,
                                           const LeagueRules& rules);

}  // namespace skat::season

#endif  // SKAT_ENGINE_SEASON_LEAGUE_TABLE_H_
