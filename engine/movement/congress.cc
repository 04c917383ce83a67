// The 1909 congress (docs/comparative.md "Movements", "Congress"): seats drawn by lot every round,
// every player deals once per round, tables of 3 and 4.
#include <utility>

#include "engine/movement/movement.h"
#include "engine/movement/validator.h"
#include "engine/random.h"

namespace skat::movement {
namespace {

void Shuffle(std::vector<int>& v, Rng& rng) {  // Fisher-Yates
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.Below(i)]);
}

}  // namespace

Result<Movement> Congress(int players, int rounds, bool comparative, uint64_t seed) {
  const std::string what =
      std::to_string(players) + " players, " + std::to_string(rounds) + " rounds: ";
  if (players < 3) {
    return Status::InvalidArgument(what + "a congress needs at least 3 players (tables of 3 or 4)");
  }
  if (rounds < 1) {
    return Status::InvalidArgument(what + "a congress has at least one round");
  }
  if (players == 5 && rounds < 5) {
    return Status::InvalidArgument(
        what + "with 5 players one sits out each round in turn, so at least 5 rounds");
  }
  // docs/comparative.md "Player counts not divisible by 3": remainder 1 → one table of 4;
  // remainder 2 → two tables of 4 (8 or more
  // players); 5 players → one table of 4 and a sit-out.
  const int sit_outs = players == 5 ? 1 : 0;
  const int fours = players == 5 ? 1 : players % 3;
  const int threes = (players - sit_outs - 4 * fours) / 3;
  const int tables = threes + fours;

  Movement m;
  m.kind = "congress";
  m.players = players;
  Rng rng(seed);
  std::vector<int> sit_out_order(players);
  for (int p = 0; p < players; ++p) sit_out_order[p] = p;
  Shuffle(sit_out_order, rng);
  // Comparative: round r plays group r of `group` boards; tables of 3 the first three.
  const int group = fours > 0 ? 4 : 3;
  for (int r = 0; r < rounds; ++r) {
    std::vector<int> seated;
    for (int p = 0; p < players; ++p) {
      if (sit_outs == 0 || p != sit_out_order[r % players]) seated.push_back(p);
    }
    Shuffle(seated, rng);
    Round round;
    size_t next = 0;
    for (int t = 0; t < tables; ++t) {
      const int chairs = t < threes ? 3 : 4;
      TableRound tr;
      tr.table = t + 1;
      tr.players.assign(seated.begin() + next, seated.begin() + next + chairs);
      next += chairs;
      for (int k = 0; k < chairs; ++k) {
        if (comparative) {
          tr.boards.push_back(r * group + k + 1);
        } else {
          tr.boards.push_back(++m.boards);
          m.planned_tables.push_back(1);
        }
      }
      round.tables.push_back(tr);
    }
    m.rounds.push_back(round);
  }
  if (comparative) {
    m.boards = rounds * group;
    for (int r = 0; r < rounds; ++r) {
      for (int k = 0; k < group; ++k) m.planned_tables.push_back(k < 3 ? tables : fours);
    }
  }
  const Validation v = Validate(m);
  if (!v.ok()) return Status::InvalidArgument(what + v.errors.front());
  return m;
}

}  // namespace skat::movement
