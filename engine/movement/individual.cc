// Individual comparative (docs/comparative.md "Movements", "Individual comparative"): the checked
// 4-table schedule, the moving schedule over Z_T or GF(T), and board copies for the other table
// counts.
#include <numeric>

#include "engine/movement/movement.h"
#include "engine/movement/validator.h"

namespace skat::movement {
namespace {

// A finite ring on 0 .. size - 1 with addition and multiplication tables: Z_T, or GF(p^k) with
// elements written base p (digit i = coefficient of x^i) modulo an irreducible polynomial.
struct Ring {
  int size = 0;
  std::vector<std::vector<int>> add, mul;
  std::array<int, 3> line_speed = {0, 0, 0};  // pairwise distinct, each != 1 (the board speed)
};

Ring Integers(int t) {
  Ring ring;
  ring.size = t;
  ring.add.assign(t, std::vector<int>(t));
  ring.mul.assign(t, std::vector<int>(t));
  for (int a = 0; a < t; ++a) {
    for (int b = 0; b < t; ++b) {
      ring.add[a][b] = (a + b) % t;
      ring.mul[a][b] = (a * b) % t;
    }
  }
  // 0, -1, +2: the speeds' differences from each other (1, 2, 3) and from the boards' (1, 2, 1)
  // are units when gcd(T, 6) = 1.
  ring.line_speed = {0, t - 1, 2};
  return ring;
}

// GF(p^k) modulo the monic irreducible x^k + low(x); `low` holds the coefficients of x^0..x^k-1.
Ring GaloisField(int p, int k, const std::vector<int>& low) {
  int q = 1;
  for (int i = 0; i < k; ++i) q *= p;
  auto digits = [p, k](int a) {
    std::vector<int> d(k);
    for (int i = 0; i < k; ++i, a /= p) d[i] = a % p;
    return d;
  };
  auto value = [p](const std::vector<int>& d) {
    int a = 0;
    for (int i = static_cast<int>(d.size()) - 1; i >= 0; --i) a = a * p + d[i];
    return a;
  };
  Ring ring;
  ring.size = q;
  ring.add.assign(q, std::vector<int>(q));
  ring.mul.assign(q, std::vector<int>(q));
  for (int a = 0; a < q; ++a) {
    for (int b = 0; b < q; ++b) {
      const std::vector<int> x = digits(a), y = digits(b);
      std::vector<int> sum(k), product(2 * k - 1, 0);
      for (int i = 0; i < k; ++i) sum[i] = (x[i] + y[i]) % p;
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) product[i + j] = (product[i + j] + x[i] * y[j]) % p;
      }
      // x^k = -low(x): fold the high coefficients down.
      for (int i = 2 * k - 2; i >= k; --i) {
        for (int j = 0; j < k; ++j) {
          product[i - k + j] = (product[i - k + j] + (p - low[j]) * product[i]) % p;
        }
        product[i] = 0;
      }
      product.resize(k);
      ring.add[a][b] = value(sum);
      ring.mul[a][b] = value(product);
    }
  }
  // Three distinct elements other than 1: 0, x, x + 1 in characteristic 2 (2 and 3 written base
  // 2); 0, -1 = 2, x = 3 in characteristic 3.
  ring.line_speed = {0, 2, 3};
  return ring;
}

// The ring for a moving schedule on t tables, or size 0 when there is none.
Ring RingFor(int t) {
  if (std::gcd(t, 6) == 1) return Integers(t);
  switch (t) {
    case 4: return GaloisField(2, 2, {1, 1});            // x^2 + x + 1
    case 8: return GaloisField(2, 3, {1, 1, 0});         // x^3 + x + 1
    case 9: return GaloisField(3, 2, {1, 0});            // x^2 + 1
    case 16: return GaloisField(2, 4, {1, 1, 0, 0});     // x^4 + x + 1
    case 27: return GaloisField(3, 3, {1, 2, 0});        // x^3 + 2x + 1
    case 32: return GaloisField(2, 5, {1, 0, 1, 0, 0});  // x^5 + x^2 + 1
    default: return Ring();
  }
}

std::vector<int> Group(int group, int boards_per_round) {  // group is 0-based
  std::vector<int> boards(boards_per_round);
  std::iota(boards.begin(), boards.end(), group * boards_per_round + 1);
  return boards;
}

// Table t (0-based ring element) in round r (ring element r): board group t - r; the line-c
// player whose home table is i sits at i + speed_c * r, in chair ((first - 1 + c + r) mod 3) + 1
// where `first` is the group's first board: the line then holds forehand on the group's first
// board in round c + r (mod 3), so with any number of boards per round the odd boards go to each
// direction in turn and every player holds F/M/R within one of each other. Player index 3i + c,
// so round 1 seats players 3t - 2 .. 3t at table t (1-based).
Movement Moving(const Ring& ring, int boards_per_round, int rounds) {
  const int t_count = ring.size;
  Movement m;
  m.kind = "individual";
  m.players = 3 * t_count;
  m.boards = t_count * boards_per_round;
  m.planned_tables.assign(m.boards, rounds);
  std::vector<int> neg(t_count);
  for (int a = 0; a < t_count; ++a) {
    for (int b = 0; b < t_count; ++b) neg[a] = ring.add[a][b] == 0 ? b : neg[a];
  }
  for (int r = 0; r < rounds; ++r) {
    Round round;
    for (int t = 0; t < t_count; ++t) {
      TableRound tr;
      tr.table = t + 1;
      tr.players.assign(3, -1);
      for (int c = 0; c < 3; ++c) {
        const int home = ring.add[t][neg[ring.mul[ring.line_speed[c]][r]]];
        const int first = ring.add[t][neg[r]] * boards_per_round + 1;
        tr.players[(first - 1 + c + r) % 3] = 3 * home + c;
      }
      tr.boards = Group(ring.add[t][neg[r]], boards_per_round);
      round.tables.push_back(tr);
    }
    m.rounds.push_back(round);
  }
  return m;
}

// Two tables (6 players): lines cannot separate everyone (two of three speeds agree mod 2), so
// the copies run through the 10 ways to split the players into two tables, in an order whose
// first two rounds already link every player to every other by comparisons (each pair sits
// together in 4 of the 10). Players by chair; board copies as below.
constexpr int kTwoTables[10][2][3] = {
    {{0, 1, 2}, {5, 3, 4}}, {{0, 3, 4}, {1, 2, 5}}, {{1, 3, 0}, {4, 5, 2}}, {{2, 4, 0}, {3, 5, 1}},
    {{5, 0, 1}, {2, 3, 4}}, {{3, 0, 2}, {4, 1, 5}}, {{4, 1, 0}, {5, 2, 3}}, {{0, 5, 2}, {1, 4, 3}},
    {{5, 3, 0}, {2, 1, 4}}, {{4, 0, 5}, {3, 2, 1}},
};

// Every table plays group r in round r; line c moves c tables per round and sits in chair
// ((c + r + t) mod 3) + 1 at table t (0-based): since every table plays the same boards, the
// chairs must differ between tables for a direction's field to hold players of every line.
Movement Copies(int tables, int boards_per_round, int rounds) {
  Movement m;
  m.kind = "copies";
  m.players = 3 * tables;
  m.boards = rounds * boards_per_round;
  m.planned_tables.assign(m.boards, tables);
  for (int r = 0; r < rounds; ++r) {
    Round round;
    for (int t = 0; t < tables; ++t) {
      TableRound tr;
      tr.table = t + 1;
      tr.players.assign(3, -1);
      for (int c = 0; c < 3; ++c) {
        const int home = ((t - c * r) % tables + tables) % tables;
        tr.players[(c + r + t) % 3] = 3 * home + c;
      }
      if (tables == 2) tr.players.assign(kTwoTables[r % 10][t], kTwoTables[r % 10][t] + 3);
      tr.boards = Group(r, boards_per_round);
      round.tables.push_back(tr);
    }
    m.rounds.push_back(round);
  }
  return m;
}

}  // namespace

Movement CheckedIndividual4() {
  // docs/comparative.md "Individual comparative", verbatim: per round, per table: board group, then
  // the players (1-based) in chairs 1, 2, 3.
  static constexpr int kSchedule[4][4][4] = {
      {{1, 1, 2, 3}, {2, 4, 5, 6}, {3, 7, 8, 9}, {4, 10, 11, 12}},  // R1
      {{4, 4, 7, 1}, {1, 8, 10, 5}, {2, 9, 11, 2}, {3, 6, 12, 3}},  // R2
      {{3, 11, 1, 5}, {4, 8, 2, 6}, {1, 12, 4, 9}, {2, 10, 3, 7}},  // R3
      {{2, 1, 8, 12}, {3, 2, 4, 10}, {4, 3, 5, 9}, {1, 6, 7, 11}},  // R4
  };
  Movement m;
  m.kind = "stored";
  m.players = 12;
  m.boards = 12;
  m.planned_tables.assign(12, 4);
  for (const auto& schedule_round : kSchedule) {
    Round round;
    for (int t = 0; t < 4; ++t) {
      const int* row = schedule_round[t];
      TableRound tr;
      tr.table = t + 1;
      tr.players = {row[1] - 1, row[2] - 1, row[3] - 1};
      tr.boards = Group(row[0] - 1, 3);
      round.tables.push_back(tr);
    }
    m.rounds.push_back(round);
  }
  return m;
}

Result<Movement> Individual(int tables, int boards_per_round, int rounds) {
  const std::string what = std::to_string(tables) + " tables, " + std::to_string(boards_per_round) +
                           " boards per round, " + std::to_string(rounds) + " rounds: ";
  if (tables < 2 || tables > 40) {
    return Status::InvalidArgument(what + "an individual comparative has 2 to 40 tables");
  }
  if (boards_per_round < 1) return Status::InvalidArgument(what + "a round has at least one board");
  const Ring ring = RingFor(tables);
  if (rounds < 2 || (ring.size > 0 && rounds > tables)) {
    return Status::InvalidArgument(
        what + (ring.size > 0
                    ? "this moving schedule has 2 to " + std::to_string(tables) + " rounds"
                    : std::string("board copies need at least 2 rounds")));
  }
  if (ring.size == 0 && boards_per_round % 3 != 0) {
    return Status::InvalidArgument(
        what + "board copies need a multiple of 3 boards per round, so that every " +
        "player holds forehand, middlehand and rearhand equally");
  }
  Movement m;
  if (tables == 4 && boards_per_round == 3) {
    m = CheckedIndividual4();
    m.rounds.resize(rounds);
    m.planned_tables.assign(m.boards, rounds);
  } else if (ring.size > 0) {
    m = Moving(ring, boards_per_round, rounds);
  } else {
    m = Copies(tables, boards_per_round, rounds);
  }
  const Validation v = Validate(m);
  if (!v.ok()) return Status::InvalidArgument(what + v.errors.front());
  return m;
}

}  // namespace skat::movement
