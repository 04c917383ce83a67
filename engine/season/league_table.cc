#include "engine/season/league_table.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace skat::season {
namespace {

constexpr const char* kRule = " (docs/seasons.md \"League table\")";

// `name` without surrounding spaces and tabs.
std::string_view Trimmed(std::string_view name) {
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!name.empty() && blank(name.front())) name.remove_prefix(1);
  while (!name.empty() && blank(name.back())) name.remove_suffix(1);
  return name;
}

Status Refuse(const MatchDay& day, const std::string& what) {
  return Status::InvalidArgument("match day \"" + day.event + "\": " + what + kRule);
}

Status CheckDay(const MatchDay& day) {
  if (day.clubs.size() < 2) {
    return Refuse(day, std::to_string(day.clubs.size()) + " clubs; a match day has two or more");
  }
  std::set<std::string> keys;
  for (const std::string& club : day.clubs) {
    const std::string key = ClubKey(club);
    if (key.empty()) return Refuse(day, "a club without a name");
    if (!keys.insert(key).second) return Refuse(day, "club \"" + club + "\" twice");
  }
  if (day.clubs.size() == 2 && day.scores.size() > 1) {
    return Refuse(day, std::to_string(day.scores.size()) +
                           " score rows; a two-club day has one, the team match totals");
  }
  for (const std::vector<long long>& row : day.scores) {
    if (row.size() != day.clubs.size()) {
      return Refuse(day, std::to_string(row.size()) + " scores in a series of " +
                             std::to_string(day.clubs.size()) + " clubs");
    }
  }
  return Status::Ok();
}

Status CheckRules(const LeagueRules& rules) {
  if (rules.win_points < 0 || rules.draw_points < 0 || rules.loss_points < 0) {
    return Status::InvalidArgument(
        "league points below 0: win " + std::to_string(rules.win_points) + ", draw " +
        std::to_string(rules.draw_points) + ", loss " + std::to_string(rules.loss_points) + kRule);
  }
  if (rules.placing_points.empty()) {
    return Status::InvalidArgument(std::string("placing_points is empty") + kRule);
  }
  for (int p : rules.placing_points) {
    if (p < 0) return Status::InvalidArgument("placing points " + std::to_string(p) + kRule);
  }
  return Status::Ok();
}

LeagueMatch Match(const MatchDay& day, long long score, long long opponent_score, int points,
                  MatchOutcome outcome) {
  return LeagueMatch{day.event, day.display_name, score, opponent_score, points, outcome};
}

// The two clubs' matches: the higher team match total wins.
std::vector<LeagueMatch> TwoClubDay(const MatchDay& day, const LeagueRules& rules) {
  std::vector<LeagueMatch> out;
  for (int c = 0; c < 2; ++c) {
    const long long own = day.scores[0][c], other = day.scores[0][1 - c];
    if (own > other) {
      out.push_back(Match(day, own, other, rules.win_points, MatchOutcome::kWin));
    } else if (own == other) {
      out.push_back(Match(day, own, other, rules.draw_points, MatchOutcome::kDraw));
    } else {
      out.push_back(Match(day, own, other, rules.loss_points, MatchOutcome::kLoss));
    }
  }
  return out;
}

// The placing points of each series summed; the opponents' score is the others' mean.
std::vector<LeagueMatch> ManyClubDay(const MatchDay& day, const LeagueRules& rules) {
  const size_t n = day.clubs.size();
  std::vector<long long> total(n, 0);
  std::vector<int> points(n, 0);
  for (const std::vector<long long>& series : day.scores) {
    for (size_t c = 0; c < n; ++c) {
      total[c] += series[c];
      // Equal scores share the better place: 1 + the clubs that scored more.
      const size_t place = 1 + std::count_if(series.begin(), series.end(),
                                             [&](long long s) { return s > series[c]; });
      if (place <= rules.placing_points.size()) points[c] += rules.placing_points[place - 1];
    }
  }
  long long all = 0;
  for (long long t : total) all += t;
  std::vector<LeagueMatch> out;
  for (size_t c = 0; c < n; ++c) {
    const long long others = DivideRoundingHalfAway(all - total[c], static_cast<long long>(n) - 1);
    out.push_back(Match(day, total[c], others, points[c], MatchOutcome::kPlace));
  }
  return out;
}

void Add(LeagueRow& row, LeagueMatch match) {
  ++row.played;
  if (match.outcome == MatchOutcome::kWin) ++row.won;
  if (match.outcome == MatchOutcome::kDraw) ++row.drawn;
  if (match.outcome == MatchOutcome::kLoss) ++row.lost;
  row.match_points += match.match_points;
  row.score_difference += match.score - match.opponent_score;
  row.matches.push_back(std::move(match));
}

// Best first by match points, then score difference; equal rows share the better rank.
void Rank(std::vector<LeagueRow>& rows) {
  auto key = [](const LeagueRow& r) { return std::make_pair(r.match_points, r.score_difference); };
  std::stable_sort(rows.begin(), rows.end(), [&](const LeagueRow& a, const LeagueRow& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return ClubKey(a.club) < ClubKey(b.club);
  });
  for (size_t i = 0; i < rows.size(); ++i) {
    const bool same = i > 0 && key(rows[i]) == key(rows[i - 1]);
    rows[i].rank = same ? rows[i - 1].rank : static_cast<int>(i) + 1;
    if (same) rows[i].tied = rows[i - 1].tied = true;
  }
}

}  // namespace

std::string_view MatchOutcomeName(MatchOutcome outcome) {
  switch (outcome) {
    case MatchOutcome::kWin: return "win";
    case MatchOutcome::kDraw: return "draw";
    case MatchOutcome::kLoss: return "loss";
    case MatchOutcome::kPlace: return "place";
  }
  return "place";
}

std::string ClubKey(std::string_view name) {
  std::string key(Trimmed(name));
  for (size_t i = 0; i < key.size(); ++i) {
    const auto b = static_cast<unsigned char>(key[i]);
    if (b >= 'A' && b <= 'Z') {
      key[i] = static_cast<char>(b - 'A' + 'a');
    } else if (b == 0xC3 && i + 1 < key.size()) {
      // U+00C0..U+00DE (but U+00D7, the multiplication sign) is C3 80..C3 9E in UTF-8; its small
      // letter is 0x20 further on.
      const auto next = static_cast<unsigned char>(key[i + 1]);
      if (next >= 0x80 && next <= 0x9E && next != 0x97) key[i + 1] = static_cast<char>(next + 0x20);
      ++i;
    }
  }
  return key;
}

long long DivideRoundingHalfAway(long long x, long long n) {
  long long q = x / n;
  const long long r = x % n;  // the sign of x
  const long long twice = r < 0 ? -2 * r : 2 * r;
  if (twice >= n) q += x < 0 ? -1 : 1;
  return q;
}

Result<std::vector<LeagueRow>> LeagueTable(const std::vector<MatchDay>& days,
                                           const LeagueRules& rules) {
  if (Status s = CheckRules(rules); !s.ok()) return s;
  std::vector<LeagueRow> rows;
  std::map<std::string, size_t> row_of;  // ClubKey -> index in rows
  for (const MatchDay& day : days) {
    if (Status s = CheckDay(day); !s.ok()) return s;
    const bool played = !day.scores.empty();
    std::vector<LeagueMatch> matches;
    if (played) matches = day.clubs.size() == 2 ? TwoClubDay(day, rules) : ManyClubDay(day, rules);
    for (size_t c = 0; c < day.clubs.size(); ++c) {
      const std::string key = ClubKey(day.clubs[c]);
      auto [it, added] = row_of.emplace(key, rows.size());
      if (added) {
        rows.emplace_back();
        rows.back().club = std::string(Trimmed(day.clubs[c]));
      }
      if (played) Add(rows[it->second], std::move(matches[c]));
    }
  }
  Rank(rows);
  return rows;
}

}  // namespace skat::season
