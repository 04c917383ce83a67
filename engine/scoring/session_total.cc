#include "engine/scoring/session_total.h"

#include <map>
#include <set>
#include <utility>

#include "engine/scoring/comparison.h"

namespace skat::scoring {

namespace {

// A chair: the (board, direction) pairs held, written out, or a chair total's key.
using Chair = std::string;
using Members = std::vector<std::pair<std::string, long long>>;  // player, total
using Chairs = std::map<int, std::map<Chair, Members>>;          // session -> chair -> members
using Tables = std::map<int, std::set<std::string>>;             // session -> tables
// Per player, what chair totals add to his standing: boards played and the totals.
using Written = std::map<std::string, std::pair<int, long long>>;

struct Sums {
  Fraction matchpoints, top, diff;
};

// Each session's chairs with their members' totals, from the travellers' rows and the chair
// totals; the tables of each session and what the chair totals add.
Chairs ChairsOf(const std::vector<Traveller>& travellers,
                const std::vector<ChairTotal>& chair_totals, Tables& tables, Written& written) {
  struct Seat {
    std::set<std::pair<int, int>> held;  // (board, direction)
    long long total = 0;
  };
  std::map<int, std::map<std::string, Seat>> sessions;  // session -> player -> seat
  for (const Traveller& t : travellers) {
    for (const TravellerRow& r : t.rows) {
      Seat& seat = sessions[r.session][r.player];
      seat.held.insert({t.board, Index(t.direction)});
      if (!r.artificial) seat.total += r.board_score;
      tables[r.session].insert(r.table);
    }
  }
  Chairs chairs;
  for (const auto& [session, players] : sessions) {
    for (const auto& [player, seat] : players) {
      Chair chair;
      for (const auto& [board, direction] : seat.held) {
        chair += std::to_string(board) + "/" + std::to_string(direction) + " ";
      }
      chairs[session][chair].push_back({player, seat.total});
    }
  }
  for (const ChairTotal& c : chair_totals) {
    chairs[c.session]["chair total " + c.chair].push_back({c.player, c.total});
    tables[c.session].insert(c.table);
    written[c.player].first += c.boards;
    written[c.player].second += c.total;
  }
  return chairs;
}

// Each player's matchpoints, top and difference from the mean, summed over the chairs he held;
// a note for a chair held at fewer tables than its session has, or by one player alone.
std::map<std::string, Sums> SumChairs(const Chairs& chairs, Tables& tables,
                                      std::vector<Note>& notes) {
  std::map<std::string, Sums> sums;
  for (const auto& [session, by_chair] : chairs) {
    const size_t table_count = tables[session].size();
    for (const auto& [chair, members] : by_chair) {
      const std::string& chair_of = members.front().first;
      const std::string where = "session " + std::to_string(session) + ", chair of " + chair_of;
      if (members.size() != table_count) {
        const std::string held = std::to_string(members.size());
        const std::string of = std::to_string(table_count);
        notes.push_back({"session-held-at",
                         {std::to_string(session), chair_of, held, of},
                         where + ": held at " + held + " of " + of + " tables"});
      }
      if (members.size() == 1) {
        notes.push_back({"session-one-player",
                         {std::to_string(session), chair_of},
                         where + ": one player, no matchpoints"});
      }
      std::vector<long long> totals;
      Fraction sum;
      for (const auto& [player, total] : members) {
        totals.push_back(total);
        sum += Fraction(total);
      }
      const int m = static_cast<int>(members.size());
      const Fraction mean = sum / Fraction(m);
      const std::vector<Fraction> mp = RawMatchpoints(totals);
      for (int i = 0; i < m; ++i) {
        Sums& s = sums[members[i].first];
        s.matchpoints += mp[i];
        s.top += Fraction(2 * (m - 1));
        s.diff += Fraction(members[i].second) - mean;
      }
    }
  }
  return sums;
}

}  // namespace

void CompareSessionTotals(const std::vector<Traveller>& travellers,
                          const std::vector<ChairTotal>& chair_totals,
                          std::vector<Standing>& standings, std::vector<Note>& notes) {
  Tables tables;
  Written written;
  const Chairs chairs = ChairsOf(travellers, chair_totals, tables, written);
  std::map<std::string, Sums> sums = SumChairs(chairs, tables, notes);
  std::set<std::string> present;
  for (const Standing& s : standings) present.insert(s.player);
  for (const auto& [player, added] : written) {
    if (present.count(player) > 0) continue;
    Standing only_written;
    only_written.player = player;
    standings.push_back(std::move(only_written));
  }
  for (Standing& s : standings) {
    if (auto it = written.find(s.player); it != written.end()) {
      s.boards += it->second.first;
      s.total += it->second.second;
    }
    const Sums& in = sums[s.player];
    s.matchpoints = in.matchpoints;
    s.top = in.top;
    s.diff_exact = in.diff;
    s.percentage_by_round.clear();
  }
}

}  // namespace skat::scoring
