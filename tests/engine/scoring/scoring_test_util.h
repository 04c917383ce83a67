// Builders for the scoring tests: results with the GameResult fields scoring reads.
#ifndef SKAT_TESTS_ENGINE_SCORING_SCORING_TEST_UTIL_H_
#define SKAT_TESTS_ENGINE_SCORING_SCORING_TEST_UTIL_H_

#include <array>
#include <string>

#include "engine/scoring/scoring.h"

namespace skat::scoring::testing {

// A declarer game: the declarer's pad entry is +value when won, -value when lost (RULES S1).
inline GameResult Game(Direction declarer, int value, bool won,
                       Declaration declaration = {SkatHandling::kHand, GameType::kHearts},
                       Matadors matadors = {1, true}) {
  GameResult g;
  g.kind = ResultKind::kDeclarerGame;
  g.declarer = declarer;
  g.declaration = declaration;
  g.matadors = matadors;
  g.valuation.won = won;
  g.valuation.value = value;
  g.valuation.level = 1;
  g.valuation.pad = won ? value : -value;
  g.pad[Index(declarer)] = g.valuation.pad;
  return g;
}

inline GameResult PassedIn() { return GameResult{}; }

inline GameResult Ramsch(std::array<int, 3> pad) {
  GameResult g;
  g.kind = ResultKind::kRamsch;
  g.pad = pad;
  for (int i = 0; i < 3; ++i) g.ramsch_loser[i] = pad[i] < 0;
  return g;
}

// Players "F<table>", "M<table>", "R<table>" unless given.
inline TableResult At(int board, const std::string& table, GameResult game,
                      std::array<std::string, 3> players = {}) {
  TableResult r;
  r.board = board;
  r.table = table;
  r.players = players[0].empty() ? std::array<std::string, 3>{"F" + table, "M" + table, "R" + table}
                                 : players;
  r.game = game;
  return r;
}

inline const Traveller* Find(const Scoresheet& sheet, int board, Direction d, int version = 0) {
  for (const Traveller& t : sheet.travellers) {
    if (t.board == board && t.direction == d && t.version == version) return &t;
  }
  return nullptr;
}

inline const TravellerRow* Row(const Traveller& t, const std::string& table) {
  for (const TravellerRow& r : t.rows) {
    if (r.table == table) return &r;
  }
  return nullptr;
}

inline const Standing* Player(const std::vector<Standing>& standings, const std::string& id) {
  for (const Standing& s : standings) {
    if (s.player == id) return &s;
  }
  return nullptr;
}

}  // namespace skat::scoring::testing

#endif  // SKAT_TESTS_ENGINE_SCORING_SCORING_TEST_UTIL_H_
