#include "engine/scoring/series_list.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace skat::scoring {
namespace {

constexpr long long kGameBonus = 50;         // per game won, minus per game lost (ISkO)
constexpr long long kThreePlayerBonus = 40;  // per opponent's lost game, 3-player table
constexpr long long kFourPlayerBonus = 30;   // the same at a 4-player table (all three others)

SeriesRow& RowOf(std::vector<SeriesRow>& rows, const std::string& player) {
  for (SeriesRow& r : rows) {
    if (r.player == player) return r;
  }
  rows.push_back(SeriesRow{});
  rows.back().player = player;
  return rows.back();
}

// Equal on every key before the lot.
bool Equal(const SeriesRow& a, const SeriesRow& b) {
  return a.total == b.total && a.won == b.won && a.lost == b.lost;
}

}  // namespace

uint64_t SeriesLot(std::string_view seed, std::string_view player) {
  uint64_t h = 14695981039346656037ULL;  // FNV-1a 64 offset basis
  auto mix = [&h](std::string_view text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ULL;  // FNV prime
    }
  };
  mix(seed);
  mix("\n");
  mix(player);
  return h;
}

SeriesList Serie(const std::vector<TableResult>& results, const std::vector<std::string>& players,
                 std::string_view seed) {
  SeriesList list;
  if (!results.empty()) {
    list.table = results.front().table;
    list.session = results.front().session;
    list.round = results.front().round;
  }
  std::vector<SeriesRow> rows;
  for (const std::string& p : players) RowOf(rows, p);
  for (const TableResult& r : results) {
    for (const std::string& p : r.players) RowOf(rows, p);
    if (!r.resting_dealer.empty()) {
      RowOf(rows, r.resting_dealer);
      list.four_players = true;
    }
    if (r.game.kind != ResultKind::kDeclarerGame) continue;  // passed in, Ramsch: nothing
    const std::string& declarer = r.players[Index(r.game.declarer)];
    SeriesRow& d = RowOf(rows, declarer);
    d.game_points += r.game.pad[Index(r.game.declarer)];
    if (r.game.valuation.won) {
      ++d.won;
      continue;
    }
    ++d.lost;
    const bool four = !r.resting_dealer.empty();
    std::vector<std::string> others;
    for (const std::string& p : r.players) {
      if (p != declarer) others.push_back(p);
    }
    if (four) others.push_back(r.resting_dealer);
    for (const std::string& p : others) {
      SeriesRow& o = RowOf(rows, p);
      ++o.opponents_lost;
      o.opponents_points += four ? kFourPlayerBonus : kThreePlayerBonus;
    }
  }
  for (SeriesRow& r : rows) {
    r.total = r.game_points + kGameBonus * (r.won - r.lost) + r.opponents_points;
  }
  std::sort(rows.begin(), rows.end(), [&seed](const SeriesRow& a, const SeriesRow& b) {
    const auto ka = std::make_tuple(-a.total, -a.won, a.lost, SeriesLot(seed, a.player), a.player);
    const auto kb = std::make_tuple(-b.total, -b.won, b.lost, SeriesLot(seed, b.player), b.player);
    return ka < kb;
  });
  for (size_t i = 0; i < rows.size(); ++i) {
    rows[i].rank = static_cast<int>(i) + 1;
    const bool above = i > 0 && Equal(rows[i - 1], rows[i]);
    const bool below = i + 1 < rows.size() && Equal(rows[i], rows[i + 1]);
    rows[i].lot = above || below;
  }
  list.rows = std::move(rows);
  return list;
}

std::vector<SeriesList> SeriesLists(const std::vector<TableResult>& results,
                                    std::string_view seed) {
  std::vector<std::pair<int, std::string>> order;
  std::map<std::pair<int, std::string>, std::vector<TableResult>> by_table;
  for (const TableResult& r : results) {
    const std::pair<int, std::string> key{r.session, r.table};
    auto [it, inserted] = by_table.try_emplace(key);
    if (inserted) order.push_back(key);
    it->second.push_back(r);
  }
  std::vector<SeriesList> out;
  for (const auto& key : order) out.push_back(Serie(by_table[key], {}, seed));
  return out;
}

}  // namespace skat::scoring
