// The director's own seating as a movement (movement.h "Manual").
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/movement/movement.h"

namespace skat::movement {
namespace {

constexpr int kMaxManual = 1000;

}  // namespace

Result<Movement> Manual(int players, std::vector<Round> rounds) {
  if (rounds.empty()) return Status::InvalidArgument("a manual movement needs at least one round");
  if (rounds.size() > kMaxManual) {
    return Status::InvalidArgument("a manual movement has at most " + std::to_string(kMaxManual) +
                                   " rounds, not " + std::to_string(rounds.size()));
  }
  Movement m;
  m.kind = kManualKind;
  m.players = players;
  for (size_t r = 0; r < rounds.size(); ++r) {
    const std::vector<TableRound>& tables = rounds[r].tables;
    if (tables.empty() || tables.size() > kMaxManual) {
      return Status::InvalidArgument("round " + std::to_string(r + 1) + " has " +
                                     std::to_string(tables.size()) + " tables (a round has 1.." +
                                     std::to_string(kMaxManual) + ")");
    }
    for (const TableRound& t : tables) {
      for (int b : t.boards) {
        if (b < 1 || b > kMaxManual) {
          return Status::InvalidArgument("round " + std::to_string(r + 1) + " table " +
                                         std::to_string(t.table) + ": board " + std::to_string(b) +
                                         " is not in 1.." + std::to_string(kMaxManual));
        }
        m.boards = std::max(m.boards, b);
      }
    }
  }
  m.planned_tables.assign(m.boards, 0);
  for (const Round& round : rounds) {
    for (const TableRound& t : round.tables) {
      for (int b : t.boards) ++m.planned_tables[b - 1];
    }
  }
  m.rounds = std::move(rounds);
  return m;
}

}  // namespace skat::movement
