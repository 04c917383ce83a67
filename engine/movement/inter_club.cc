// Inter-club match (docs/comparative.md "Movements", "Inter-club match"): mirrored table pairs,
// (A,B,A) and (B,A,B), or (A,B,N) and (B,A,N) with a neutral third chair. Three rounds; every
// table plays the round's boards; forehand always in chair 1.
#include "engine/movement/movement.h"
#include "engine/movement/validator.h"

namespace skat::movement {
namespace {

constexpr int kInterClubRounds = 3;

// Players by chair for every table of every round; boards are added by Finish.
using Seating = std::vector<std::vector<std::vector<int>>>;  // [round][table][chair]

// (A,B,A) at table 2j + 1 and (B,A,B) at table 2j + 2, j in 0 .. P - 1. Club A has groups
// g = 0, 1, 2 of P players (index g * P + i), club B likewise after them. In round r, A group g
// takes role (g + r) mod 3: X chair 1, X chair 3, Y chair 2; B group h takes role (h - r) mod 3:
// X chair 2, Y chair 1, Y chair 3; so everyone has each chair once, and since the two clubs run
// through their roles in opposite senses (as in the checked schedule) every A group shares a
// chair with every B group in some round: the comparisons connect everyone. A players sit at
// pair i, B players at pair i + shift[h][r]: every A-B group pair that meets in two rounds has
// shifts differing by 1 there, so nobody meets twice when P >= 2 (A-A and B-B group pairs meet
// once).
Seating Mirrored(int pairs) {
  static constexpr int kShift[3][3] = {{0, 1, 1}, {0, 1, 0}, {0, 0, 1}};
  const int p = pairs;
  Seating s(kInterClubRounds, std::vector<std::vector<int>>(2 * p, std::vector<int>(3, -1)));
  for (int r = 0; r < kInterClubRounds; ++r) {
    for (int g = 0; g < 3; ++g) {
      for (int i = 0; i < p; ++i) {
        const int a = g * p + i;
        switch ((g + r) % 3) {
          case 0: s[r][2 * i][0] = a; break;
          case 1: s[r][2 * i][2] = a; break;
          case 2: s[r][2 * i + 1][1] = a; break;
        }
        const int b = 3 * p + g * p + i;
        const int j = (i + kShift[g][r]) % p;
        switch ((g - r + 3) % 3) {
          case 0: s[r][2 * j][1] = b; break;
          case 1: s[r][2 * j + 1][0] = b; break;
          case 2: s[r][2 * j + 1][2] = b; break;
        }
      }
    }
  }
  return s;
}

// (A,B,N) at table 2j + 1, (B,A,N) at 2j + 2; in round r the three roles sit in chairs r, r + 1,
// r + 2 (0-based, mod 3), so X's A and Y's B share a chair, as do X's B and Y's A: every
// direction is held by as many A as B players, or only by neutrals. Clubs: A at X (index i) and
// A at Y (P + i) keep their pair; B at X (2P + i) and at Y (3P + i) move one pair per round;
// neutral n (4P + n) moves one table per round over all 2P tables.
Seating Neutral(int pairs) {
  const int p = pairs;
  Seating s(kInterClubRounds, std::vector<std::vector<int>>(2 * p, std::vector<int>(3, -1)));
  for (int r = 0; r < kInterClubRounds; ++r) {
    for (int i = 0; i < p; ++i) {
      const int j = (i + r) % p;
      s[r][2 * i][r % 3] = i;                // A at X
      s[r][2 * i + 1][(r + 1) % 3] = p + i;  // A at Y
      s[r][2 * j][(r + 1) % 3] = 2 * p + i;  // B at X
      s[r][2 * j + 1][r % 3] = 3 * p + i;    // B at Y
    }
    for (int n = 0; n < 2 * p; ++n) s[r][(n + r) % (2 * p)][(r + 2) % 3] = 4 * p + n;
  }
  return s;
}

Seating Checked12() {
  // docs/comparative.md "Inter-club match", verbatim: A1..A6 = 0..5, B1..B6 = 6..11; forehand,
  // middlehand, rearhand.
  constexpr int A1 = 0, A2 = 1, A3 = 2, A4 = 3, A5 = 4, A6 = 5;
  constexpr int B1 = 6, B2 = 7, B3 = 8, B4 = 9, B5 = 10, B6 = 11;
  return {
      {{A1, B1, A2}, {B2, A3, B3}, {A4, B4, A5}, {B5, A6, B6}},  // R1 b1-4
      {{A3, B5, A1}, {B3, A2, B4}, {A6, B2, A4}, {B6, A5, B1}},  // R2 b5-8
      {{A2, B6, A3}, {B1, A4, B5}, {A5, B3, A6}, {B4, A1, B2}},  // R3 b9-12
  };
}

Movement Finish(const Seating& seating, int boards_per_round, int players_per_club, bool neutral) {
  const int tables = static_cast<int>(seating[0].size());
  Movement m;
  m.kind = "inter-club";
  m.players = (neutral ? 3 : 2) * players_per_club;
  m.boards = kInterClubRounds * boards_per_round;
  for (int club = 0; club < (neutral ? 3 : 2); ++club) {
    m.club.insert(m.club.end(), players_per_club, club);
  }
  m.planned_tables.assign(m.boards, tables);
  for (int r = 0; r < kInterClubRounds; ++r) {
    Round round;
    for (int t = 0; t < tables; ++t) {
      TableRound tr;
      tr.table = t + 1;
      tr.players = seating[r][t];
      for (int k = 1; k <= boards_per_round; ++k) tr.boards.push_back(r * boards_per_round + k);
      tr.forehand_chair = 1;
      round.tables.push_back(tr);
    }
    m.rounds.push_back(round);
  }
  return m;
}

}  // namespace

Movement CheckedInterClub12() { return Finish(Checked12(), 4, 6, false); }

Result<Movement> InterClub(int tables, int boards_per_round, bool neutral_third_chair) {
  const std::string what = std::to_string(tables) + " tables, " + std::to_string(boards_per_round) +
                           " boards per round: ";
  if (tables < 2 || tables % 2 != 0) {
    return Status::InvalidArgument(what +
                                   "an inter-club match needs an even number of tables >= 2");
  }
  if (boards_per_round < 1) {
    return Status::InvalidArgument(what + "a round has at least one board");
  }
  const int pairs = tables / 2;
  Movement m;
  if (neutral_third_chair) {
    m = Finish(Neutral(pairs), boards_per_round, tables, true);
  } else {
    m = Finish(tables == 4 ? Checked12() : Mirrored(pairs), boards_per_round, 3 * pairs, false);
  }
  const Validation v = Validate(m);
  if (!v.ok()) return Status::InvalidArgument(what + v.errors.front());
  return m;
}

}  // namespace skat::movement
