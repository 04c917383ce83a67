#include "services/season/league_days.h"

#include <map>
#include <set>

namespace skat::service {
namespace {

// Two clubs: the sessions' team match totals by club id; nullopt when no session has a line.
std::optional<std::vector<long long>> TeamTotals(const SeasonEventScores& scores,
                                                 const std::vector<std::string>& clubs) {
  std::map<std::string, long long> total;
  bool any = false;
  for (const SeasonEventScores::Session& s : scores.sessions) {
    const scoring::TeamMatch& team = s.sheet.team;
    if (team.club_a.empty() || team.club_b.empty() || team.lines.empty()) continue;
    any = true;
    total[team.club_a] += team.total_a;
    total[team.club_b] += team.total_b;
  }
  if (!any) return std::nullopt;
  return std::vector<long long>{total[clubs[0]], total[clubs[1]]};
}

// More clubs: per session with a result of the clubs' players, each club's board scores summed.
std::vector<std::vector<long long>> SeriesSums(const SeasonEventScores& scores,
                                               const std::vector<std::string>& clubs) {
  std::map<std::string, size_t> index;
  for (size_t c = 0; c < clubs.size(); ++c) index[clubs[c]] = c;
  std::map<std::string, size_t> club_of_player;
  for (const store::PlayerRecord& p : scores.players) {
    if (auto it = index.find(p.club_id); it != index.end()) club_of_player[p.id] = it->second;
  }
  std::vector<std::vector<long long>> rows;
  for (const SeasonEventScores::Session& s : scores.sessions) {
    std::vector<long long> row(clubs.size(), 0);
    bool any = false;
    for (const scoring::Traveller& t : s.sheet.travellers) {
      for (const scoring::TravellerRow& r : t.rows) {
        if (r.artificial) continue;
        const auto club = club_of_player.find(r.player);
        if (club == club_of_player.end()) continue;
        row[club->second] += r.board_score;
        any = true;
      }
    }
    if (any) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::vector<std::string> ClubsWithPlayers(const SeasonEventScores& scores) {
  std::set<std::string> with_players;
  for (const store::PlayerRecord& p : scores.players) {
    if (!p.club_id.empty()) with_players.insert(p.club_id);
  }
  std::vector<std::string> clubs;
  for (const store::ClubRecord& c : scores.clubs) {
    if (with_players.count(c.id) != 0) clubs.push_back(c.id);
  }
  return clubs;
}

std::optional<season::MatchDay> MatchDayOf(const SeasonEventScores& scores) {
  const std::vector<std::string> clubs = ClubsWithPlayers(scores);
  if (clubs.size() < 2) return std::nullopt;
  season::MatchDay day;
  day.event = scores.event.id;
  day.display_name = scores.event.name;
  for (const std::string& id : clubs) {
    for (const store::ClubRecord& c : scores.clubs) {
      if (c.id == id) day.clubs.push_back(c.name);
    }
  }
  // No result yet: no series (its clubs are in the table, the day counts for none of them).
  if (clubs.size() == 2) {
    std::optional<std::vector<long long>> totals = TeamTotals(scores, clubs);
    if (totals) day.scores.push_back(std::move(*totals));
  } else {
    day.scores = SeriesSums(scores, clubs);
  }
  return day;
}

}  // namespace skat::service
