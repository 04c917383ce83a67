// The checks of a declarer game's report against its board (engine/physical_result_checks.h):
// what only the board's cards decide. Only ScorePhysicalResult runs them, never a seat's check.
#include <string>

#include "engine/num.h"
#include "engine/physical_result_checks.h"

namespace skat::physical {
namespace {

// The card points of the two highest-scoring of these cards: what a declarer who took the skat
// can have discarded.
int BestTwo(CardSet cards) {
  int first = 0;
  int second = 0;
  for (Card c : cards) {
    const int p = c.points();
    if (p > first) {
      second = first;
      first = p;
    } else if (p > second) {
      second = p;
    }
  }
  return first + second;
}

// RULES G1, G2, C4: the turned card is skat card 1 (Tournée) or card 2 (Passt mir nicht), and
// its suit is trump; a jack allows its suit or Grand Tournée.
Status CheckTurned(const Board& board, const ReportedOutcome& r) {
  const Declaration& d = r.declaration;
  if (d.handling != SkatHandling::kTournee && d.handling != SkatHandling::kPasstMirNicht) {
    return Status::Ok();
  }
  const int which = d.handling == SkatHandling::kTournee ? 0 : 1;
  const Card expected = board.skat[which];
  if (r.turned && *r.turned != expected) {
    return Status::InvalidArgument("turned card " + ToString(*r.turned) + " is not skat card " +
                                   Num(which + 1) + " of the board, which a " +
                                   std::string(HandlingName(d.handling)) +
                                   " turns (RULES G1, G2, C4)");
  }
  const bool fits =
      d.type == SuitGame(expected.suit()) || (expected.is_jack() && d.type == GameType::kGrand);
  if (!fits) {
    return Status::InvalidArgument(
        ToString(d) + " is not what skat card " + Num(which + 1) +
        " of the board allows: the turned card makes its suit trump, a jack also "
        "grand (RULES G1, G2)");
  }
  return Status::Ok();
}

// RULES N4, G4: the card points a declarer without a trick can hold (the skat in a hand game,
// two discards otherwise), and the skat's points a hand game's declarer always has.
Status CheckSkatPoints(const Board& board, const ReportedOutcome& r, CardSet twelve) {
  const bool takes_skat = !SkatUntouched(r.declaration.handling);
  const int points = r.declarer_points;
  const int skat_points = board.skat_set().points();
  if (r.declarer_tricks == 0) {
    const int most = takes_skat ? BestTwo(twelve) : skat_points;
    if (points > most) {
      return Status::InvalidArgument(Num(points) + " card points are impossible without a trick: " +
                                     (takes_skat
                                          ? "two discards from the declarer's 12 cards hold fewer"
                                          : "the skat holds fewer") +
                                     " (RULES N4)");
    }
  }
  if (!takes_skat && r.end == GameEnd::kPlayedOut && !r.play_error && points < skat_points) {
    return Status::InvalidArgument(Num(points) +
                                   " card points are fewer than the skat's, which count for the " +
                                   "declarer of a hand game (RULES G4, N4)");
  }
  return Status::Ok();
}

}  // namespace

Status CheckDeclarerOnBoard(const Board& board, const ReportedOutcome& r, Matadors* matadors) {
  if (Status s = CheckTurned(board, r); !s.ok()) return s;
  const GameType type = r.declaration.type;
  if (type == GameType::kNull) return Status::Ok();
  // RULES N1: matadors over the declarer's 12 cards.
  const CardSet twelve = board.hand(r.declarer) | board.skat_set();
  *matadors = CountMatadors(twelve, type);
  if (r.matadors && *r.matadors != *matadors) {
    return Status::InvalidArgument("matadors reported " + ToString(*r.matadors) +
                                   " do not agree with " + std::string(DirectionName(r.declarer)) +
                                   "'s 12 cards (hand and skat) in " +
                                   std::string(GameTypeName(type)) + " (RULES N1)");
  }
  return CheckSkatPoints(board, r, twelve);
}

}  // namespace skat::physical
