// The result of one game: who declared what, how it ended, its valuation and every seat's pad
// entry (RULES S1), including Ramsch (N10) and a passed-in board.
#ifndef SKAT_ENGINE_GAME_RESULT_H_
#define SKAT_ENGINE_GAME_RESULT_H_

#include <array>
#include <string>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/profile.h"
#include "engine/value.h"

namespace skat {

enum class ResultKind : uint8_t { kDeclarerGame, kRamsch, kPassedIn };

struct GameResult {
  ResultKind kind = ResultKind::kPassedIn;
  // Declarer games.
  Direction declarer = Direction::kForehand;
  Declaration declaration;
  int floor = 0;
  Matadors matadors;
  PlayOutcome outcome;
  bool early_end = false;       // RULES N6
  bool claim_accepted = false;  // RULES N12
  // Contra / Re-contra (000 §11): 0 none, 1 contra, 2 re-contra; contra_by said Contra.
  int contra = 0;
  Direction contra_by = Direction::kForehand;
  Valuation valuation;
  // Every kind: card points and tricks per seat (the skat counted where the rules put it).
  std::array<int, 3> card_points{};
  std::array<int, 3> tricks{};
  // Ramsch: who was charged (RULES N10).
  std::array<bool, 3> ramsch_loser{};
  // RULES S1: one entry per seat.
  std::array<int, 3> pad{};
};

// RULES N10: the Ramsch charges from card points and tricks per seat (the skat already added to
// the winner of the last trick) and who took the last trick. Fills ramsch_loser and pad.
void ChargeRamsch(const Profile& profile, Direction last_trick, GameResult& result);

// 000 §11, D25: Contra (contra 1) or Re-contra (2) said by the defender `by` on a declarer game
// whose pad entry result.pad[declarer] = result.valuation.pad is set. Sets result.contra and
// contra_by; the declarer's entry becomes V x (1 + contra), the defender's -V x contra, the other
// defender's stays. The one place both online play and physical reports score a Contra.
void ApplyContra(int contra, Direction by, GameResult& result);

// One line: "middlehand hearts solo with 2: won 30 (61 card points, 6 tricks)".
std::string Describe(const GameResult& result);
// Describe's parts of a declarer game: "won 30" (", overbid (bid 36)" when it was) and
// "(61 card points, 6 tricks)" with how the play ended, a claim and a Contra.
std::string DescribeValue(const GameResult& result);
std::string DescribePlay(const GameResult& result);

}  // namespace skat

#endif  // SKAT_ENGINE_GAME_RESULT_H_
