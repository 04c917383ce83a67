#include "engine/scoring/board_score.h"

namespace skat::scoring {

long long BoardScore(BoardScoreKind kind, const GameResult& game, Direction d) {
  const long long own = game.pad[Index(d)];
  switch (kind) {
    case BoardScoreKind::kPad: return own;
    case BoardScoreKind::kSettled: {
      // RULES S2, k = 3 (docs/comparative.md "Board score of a seat": k = 3 for every table).
      const long long sum = static_cast<long long>(game.pad[0]) + game.pad[1] + game.pad[2];
      return 3 * own - sum;
    }
    case BoardScoreKind::kSeegerFabian: {
      if (game.kind == ResultKind::kPassedIn) return 0;
      if (game.kind == ResultKind::kRamsch) return own;
      const bool won = game.valuation.won;
      if (d == game.declarer) return own + (won ? 50 : -50);
      return own + (won ? 0 : 40);
    }
  }
  return 0;
}

}  // namespace skat::scoring
