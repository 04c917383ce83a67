#include "engine/movement/validator.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <utility>

#include "engine/board.h"

namespace skat::movement {
namespace {

constexpr int kRestRole = 3;  // Presence::role of the resting dealer

// One player at one board: which board, where, and as what.
struct Presence {
  int board = 0;
  int round = 0;  // 0-based
  int table = 0;
  int role = 0;  // Index(Direction), or kRestRole
};

class UnionFind {
 public:
  explicit UnionFind(int n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  int Find(int x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void Union(int a, int b) { parent_[Find(a)] = Find(b); }

 private:
  std::vector<int> parent_;
};

std::vector<std::string> Names(const Movement& m) {
  std::vector<std::string> names;
  std::array<int, 3> rank = {0, 0, 0};
  const bool clubs = m.club.size() == static_cast<size_t>(m.players);
  for (int i = 0; i < m.players; ++i) {
    const int c = clubs ? m.club[i] : -1;
    if (c >= 0 && c < 3) {
      names.push_back(std::string(1, "ABN"[c]) + std::to_string(++rank[c]));
    } else {
      names.push_back(std::to_string(i + 1));
    }
  }
  return names;
}

// Names(m), each followed by the player's display name when m has names: "A2 Bertha".
std::vector<std::string> Labels(const Movement& m) {
  std::vector<std::string> labels = Names(m);
  for (size_t i = 0; i < labels.size() && i < m.names.size(); ++i) labels[i] += " " + m.names[i];
  return labels;
}

std::string Where(int round, int table) {
  return "round " + std::to_string(round + 1) + " table " + std::to_string(table);
}

std::string RoleName(int role) {
  return role == kRestRole ? std::string("resting dealer")
                           : std::string(DirectionName(kDirections[role]));
}

// "sizes 3, 3: 1 2 3 | 4 5 6", at most 12 names per group.
std::string Groups(UnionFind& uf, const std::vector<bool>& member,
                   const std::vector<std::string>& names, int* count) {
  std::vector<std::vector<int>> groups;
  std::vector<int> group_of_root(member.size(), -1);
  for (size_t p = 0; p < member.size(); ++p) {
    if (!member[p]) continue;
    const int root = uf.Find(static_cast<int>(p));
    if (group_of_root[root] < 0) {
      group_of_root[root] = static_cast<int>(groups.size());
      groups.emplace_back();
    }
    groups[group_of_root[root]].push_back(static_cast<int>(p));
  }
  *count = static_cast<int>(groups.size());
  std::string sizes = "sizes ", members;
  for (size_t g = 0; g < groups.size(); ++g) {
    sizes += (g ? ", " : "") + std::to_string(groups[g].size());
    members += g ? " |" : "";
    for (size_t k = 0; k < groups[g].size() && k < 12; ++k) members += " " + names[groups[g][k]];
    if (groups[g].size() > 12) members += " ...";
  }
  return sizes + ":" + members;
}

// One run of Validate over a movement: the facts gathered round by round, then the rules
// checked on them in the order validator.h lists its findings.
class Check {
 public:
  explicit Check(const Movement& m)
      : m_(m),
        manual_(m.kind == kManualKind),
        n_(std::max(m.players, 0)),
        boards_(std::max(m.boards, 0)),
        names_(Labels(m)),
        clubs_(m.club.size() == static_cast<size_t>(n_)),
        planned_(m.planned_tables.size() == static_cast<size_t>(boards_)),
        presence_(n_),
        tables_per_board_(boards_, 0),
        first_holder_(boards_, {-1, -1, -1}),
        seated_(n_, false),
        compared_(n_, false),
        play_(n_),
        comparison_(n_) {
    v_.direction_counts.assign(n_, {0, 0, 0});
    v_.resting.assign(n_, 0);
    v_.met.assign(n_, std::vector<int>(n_, 0));
  }

  Validation Run() {
    CheckLists();
    for (size_t r = 0; r < m_.rounds.size(); ++r) ReadRound(static_cast<int>(r));
    for (int p = 0; p < n_; ++p) {
      if (!seated_[p]) Error("player " + names_[p] + " is never seated (every player sits)");
    }
    for (int p = 0; p < n_; ++p) CheckPresence(p);
    CheckCounts();
    CheckGroups();
    return std::move(v_);
  }

 private:
  void Error(std::string text) { v_.errors.push_back(std::move(text)); }
  // A manual movement records how a club actually sat: what would make a generated movement
  // unfair is reported, but as a warning (validator.h "Manual movements").
  void Unfair(std::string text) { (manual_ ? v_.warnings : v_.errors).push_back(std::move(text)); }

  // The per-player and per-board lists have their lengths.
  void CheckLists() {
    if (!m_.club.empty() && !clubs_) {
      Error("club lists " + std::to_string(m_.club.size()) + " players, the movement has " +
            std::to_string(n_) + " (one club per player)");
    }
    if (!planned_) {
      Error("planned_tables lists " + std::to_string(m_.planned_tables.size()) +
            " boards, the movement has " + std::to_string(boards_) + " (one entry per board)");
    }
  }

  // The tables of one round (0-based): who sits, who meets whom, who plays which board.
  void ReadRound(int round) {
    std::vector<std::pair<int, int>> seat(n_, {-1, -1});  // (table, chair) this round
    for (const TableRound& tr : m_.rounds[round].tables) {
      const std::string where = Where(round, tr.table);
      const int chairs = static_cast<int>(tr.players.size());
      if (chairs != 3 && chairs != 4) {
        Error(where + ": " + std::to_string(chairs) + " chairs (a table has 3 or 4 chairs)");
        continue;
      }
      if (tr.forehand_chair < 0 || tr.forehand_chair > chairs) {
        Error(where + ": forehand chair " + std::to_string(tr.forehand_chair) +
              " (0 for the default rotation or a chair 1.." + std::to_string(chairs) + ")");
        continue;
      }
      std::vector<int> here;  // valid players at this table
      if (!SeatTable(tr, round, where, seat, here)) continue;
      Meet(where, here);
      PlayBoards(tr, round, where);
    }
  }

  // Seats the table's players in `seat` and `here`; false when a player index is out of range.
  bool SeatTable(const TableRound& tr, int round, const std::string& where,
                 std::vector<std::pair<int, int>>& seat, std::vector<int>& here) {
    bool in_range = true;
    for (int c = 0; c < static_cast<int>(tr.players.size()); ++c) {
      const int p = tr.players[c];
      if (p == -1) continue;
      if (p < 0 || p >= n_) {
        Error(where + " chair " + std::to_string(c + 1) + ": player index " + std::to_string(p) +
              " is out of range 0.." + std::to_string(n_ - 1));
        in_range = false;
        continue;
      }
      if (seat[p].first != -1) {
        Unfair("player " + names_[p] + " is seated twice in round " + std::to_string(round + 1) +
               ": table " + std::to_string(seat[p].first) + " chair " +
               std::to_string(seat[p].second) + " and table " + std::to_string(tr.table) +
               " chair " + std::to_string(c + 1) + " (a player sits once per round)");
        if (!manual_) continue;
      }
      seat[p] = {tr.table, c + 1};
      seated_[p] = true;
      here.push_back(p);
    }
    return in_range;
  }

  // The players at one table meet each other.
  void Meet(const std::string& where, const std::vector<int>& here) {
    for (size_t i = 0; i < here.size(); ++i) {
      for (size_t j = i + 1; j < here.size(); ++j) {
        const int a = here[i], b = here[j];
        ++v_.met[a][b];
        ++v_.met[b][a];
        play_.Union(a, b);
        if (clubs_ && m_.club[a] == m_.club[b] && m_.club[a] != kNeutral) {
          v_.warnings.push_back(where + ": clubmates " + names_[a] + " and " + names_[b] +
                                " at one table (one may defend against the other)");
        }
      }
    }
  }

  // The table's boards: who holds which direction, who rests; holders of one direction of a
  // board are compared.
  void PlayBoards(const TableRound& tr, int round, const std::string& where) {
    for (int b : tr.boards) {
      if (b < 1 || b > boards_) {
        Error(where + ": board " + std::to_string(b) + " is out of range 1.." +
              std::to_string(boards_));
        continue;
      }
      ++tables_per_board_[b - 1];
      const BoardSeating s = SeatingOf(tr, b);
      for (int d = 0; d < 3; ++d) {
        const int p = s.direction_player[d];
        if (p < 0) continue;
        ++v_.direction_counts[p][d];
        presence_[p].push_back({b, round, tr.table, d});
        int& first = first_holder_[b - 1][d];
        if (first < 0) {
          first = p;
        } else {
          play_.Union(first, p);
          comparison_.Union(first, p);
          compared_[first] = compared_[p] = true;
        }
      }
      if (s.resting_dealer >= 0) {
        ++v_.resting[s.resting_dealer];
        presence_[s.resting_dealer].push_back({b, round, tr.table, kRestRole});
      }
    }
  }

  // Player p is present at each board once.
  void CheckPresence(int p) {
    std::vector<Presence>& list = presence_[p];
    std::stable_sort(list.begin(), list.end(),
                     [](const Presence& x, const Presence& y) { return x.board < y.board; });
    for (size_t k = 1; k < list.size(); ++k) {
      const Presence& x = list[k - 1];
      const Presence& y = list[k];
      if (x.board != y.board) continue;
      const std::string both = RoleName(x.role) + " in " + Where(x.round, x.table) + " and " +
                               RoleName(y.role) + " in " + Where(y.round, y.table);
      if ((x.role == kRestRole) != (y.role == kRestRole)) {
        Unfair("player " + names_[p] + " is present at board " + std::to_string(x.board) +
               " twice, " + both + " (a resting dealer is present at that board)");
      } else {
        Unfair("player " + names_[p] + " is present at board " + std::to_string(x.board) +
               " twice, " + both + " (nobody is present at a board twice)");
      }
    }
  }

  // Results per board as planned, balanced directions, and (manual) boards played once.
  void CheckCounts() {
    for (int b = 0; b < boards_ && planned_; ++b) {
      if (tables_per_board_[b] != m_.planned_tables[b]) {
        Error("board " + std::to_string(b + 1) + " is played at " +
              std::to_string(tables_per_board_[b]) + " tables, " +
              std::to_string(m_.planned_tables[b]) +
              " planned (wrong number of results per board)");
      }
    }
    for (int p = 0; p < n_; ++p) {
      const std::array<int, 3>& c = v_.direction_counts[p];
      if (*std::max_element(c.begin(), c.end()) - *std::min_element(c.begin(), c.end()) > 1) {
        Unfair("player " + names_[p] + " holds F/M/R " + std::to_string(c[0]) + "/" +
               std::to_string(c[1]) + "/" + std::to_string(c[2]) +
               " (unbalanced directions: the counts differ by more than 1)");
      }
    }
    for (int b = 0; b < boards_ && manual_; ++b) {
      if (tables_per_board_[b] == 1) {
        v_.warnings.push_back("board " + std::to_string(b + 1) +
                              " is played at one table only (its results are compared with none)");
      }
    }
  }

  // One field of play, and the groups ranked against each other.
  void CheckGroups() {
    int parts = 0;
    const std::string play_groups = Groups(play_, seated_, names_, &parts);
    if (parts > 1) {
      Unfair("fields disconnected: the players fall into " + std::to_string(parts) +
             " parts that never meet and are never compared (" + play_groups + ")");
    }
    const std::string groups = Groups(comparison_, compared_, names_, &v_.comparison_groups);
    if (v_.comparison_groups > 1) {
      v_.warnings.push_back("players are compared in " + std::to_string(v_.comparison_groups) +
                            " separate groups, each ranked only against itself (" + groups + ")");
    }
  }

  const Movement& m_;
  const bool manual_;
  const int n_;
  const int boards_;
  const std::vector<std::string> names_;
  const bool clubs_;
  const bool planned_;
  Validation v_;
  std::vector<std::vector<Presence>> presence_;
  std::vector<int> tables_per_board_;
  std::vector<std::array<int, 3>> first_holder_;  // per board and direction, -1 for none
  std::vector<bool> seated_;
  std::vector<bool> compared_;
  UnionFind play_;
  UnionFind comparison_;
};

}  // namespace

Validation Validate(const Movement& m) { return Check(m).Run(); }

std::string Validation::Print(const Movement& m) const {
  const std::vector<std::string> names = Names(m);
  const std::vector<std::string> labels = Labels(m);
  const int n = static_cast<int>(names.size());
  std::string out = "errors: " + std::to_string(errors.size()) + "\n";
  for (const std::string& e : errors) out += "  " + e + "\n";
  out += "warnings: " + std::to_string(warnings.size()) + "\n";
  for (const std::string& w : warnings) out += "  " + w + "\n";
  out += "directions (F/M/R):\n";
  for (int p = 0; p < n && p < static_cast<int>(direction_counts.size()); ++p) {
    const std::array<int, 3>& c = direction_counts[p];
    out += "  " + labels[p] + ": " + std::to_string(c[0]) + "/" + std::to_string(c[1]) + "/" +
           std::to_string(c[2]);
    if (p < static_cast<int>(resting.size()) && resting[p] > 0) {
      out += ", rested " + std::to_string(resting[p]);
    }
    out += "\n";
  }
  size_t width = 2;
  for (const std::string& name : names) width = std::max(width, name.size());
  auto cell = [width](std::string_view text) {
    return std::string(width + 1 - text.size(), ' ') + std::string(text);
  };
  out += "met (rounds at one table):\n" + std::string(width + 1, ' ');
  for (int j = 0; j < n; ++j) out += cell(names[j]);
  out += "\n";
  std::array<int, 3> pairs = {0, 0, 0};  // never, once, more than once
  for (int i = 0; i < n && i < static_cast<int>(met.size()); ++i) {
    out += cell(names[i]);
    for (int j = 0; j < n; ++j) {
      out += i == j ? cell("-") : cell(std::to_string(met[i][j]));
      if (j > i) ++pairs[std::min(met[i][j], 2)];
    }
    out += "\n";
  }
  out += "pairs: " + std::to_string(pairs[1]) + " met once, " + std::to_string(pairs[2]) +
         " more than once, " + std::to_string(pairs[0]) + " never\n";
  return out;
}

}  // namespace skat::movement
