#include "engine/scoring/session_total.h"

#include <map>
#include <set>
#include <utility>

#include "engine/scoring/comparison.h"

namespace skat::scoring {

void CompareSessionTotals(const std::vector<Traveller>& travellers,
                          std::vector<Standing>& standings, std::vector<std::string>& notes) {
  struct Seat {
    std::set<std::pair<int, int>> chair;  // (board, direction) held
    long long total = 0;
  };
  std::map<int, std::map<std::string, Seat>> sessions;  // session -> player -> seat
  std::map<int, std::set<std::string>> tables;          // session -> tables
  for (const Traveller& t : travellers) {
    for (const TravellerRow& r : t.rows) {
      Seat& seat = sessions[r.session][r.player];
      seat.chair.insert({t.board, Index(t.direction)});
      if (!r.artificial) seat.total += r.board_score;
      tables[r.session].insert(r.table);
    }
  }
  struct Sums {
    Fraction matchpoints, top, diff;
  };
  std::map<std::string, Sums> sums;
  for (const auto& [session, players] : sessions) {
    std::map<std::set<std::pair<int, int>>, std::vector<std::pair<std::string, long long>>> chairs;
    for (const auto& [player, seat] : players) chairs[seat.chair].push_back({player, seat.total});
    const size_t table_count = tables[session].size();
    for (const auto& [chair, members] : chairs) {
      const std::string where =
          "session " + std::to_string(session) + ", chair of " + members.front().first;
      if (members.size() != table_count) {
        notes.push_back(where + ": held at " + std::to_string(members.size()) + " of " +
                        std::to_string(table_count) + " tables");
      }
      if (members.size() == 1) notes.push_back(where + ": one player, no matchpoints");
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
  for (Standing& s : standings) {
    const Sums& in = sums[s.player];
    s.matchpoints = in.matchpoints;
    s.top = in.top;
    s.diff_exact = in.diff;
    s.percentage_by_round.clear();
  }
}

}  // namespace skat::scoring
