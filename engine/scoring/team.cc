#include "engine/scoring/team.h"

#include <set>
#include <utility>

namespace skat::scoring {

TeamMatch TeamScore(const std::vector<Traveller>& travellers,
                    const std::map<std::string, std::string>& club_of,
                    const std::vector<std::string>& club_order, std::vector<Note>& notes) {
  TeamMatch match;
  std::set<std::string> present;
  for (const auto& [player, club] : club_of) present.insert(club);
  if (present.size() < 2) return match;
  std::vector<std::string> clubs;
  for (const std::string& c : club_order) {
    if (present.erase(c) == 1) clubs.push_back(c);
  }
  clubs.insert(clubs.end(), present.begin(), present.end());
  match.club_a = clubs[0];
  match.club_b = clubs[1];
  if (clubs.size() > 2) {
    const std::string count = std::to_string(clubs.size());
    notes.push_back({"team-clubs",
                     {count, match.club_a, match.club_b},
                     "team score: " + count + " clubs; only \"" + match.club_a + "\" against \"" +
                         match.club_b + "\" is scored"});
  }
  std::map<std::pair<int, int>, TeamLine> lines;
  for (const Traveller& t : travellers) {
    for (const TravellerRow& r : t.rows) {
      if (r.artificial) continue;
      const auto club = club_of.find(r.player);
      if (club == club_of.end()) continue;
      const bool a = club->second == match.club_a, b = club->second == match.club_b;
      if (!a && !b) continue;
      TeamLine& line = lines[{t.board, Index(t.direction)}];
      line.board = t.board;
      line.direction = t.direction;
      (a ? line.club_a : line.club_b) += r.board_score;
    }
  }
  for (auto& [key, line] : lines) {
    line.net = line.club_a - line.club_b;
    match.total_a += line.club_a;
    match.total_b += line.club_b;
    match.net += line.net;
    match.lines.push_back(line);
  }
  return match;
}

}  // namespace skat::scoring
