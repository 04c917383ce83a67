#include "engine/game_result.h"

#include <algorithm>

namespace skat {

void ChargeRamsch(const Profile& profile, Direction last_trick, GameResult& r) {
  // RULES N10: the most card points loses; 20, 30 if one player took no trick, 50 if two.
  const int most = *std::max_element(r.card_points.begin(), r.card_points.end());
  const int trickless = static_cast<int>(std::count(r.tricks.begin(), r.tricks.end(), 0));
  const int charge = profile.ramsch_charge[std::min(trickless, 2)];
  int tied = 0;
  for (int p : r.card_points) tied += p == most ? 1 : 0;
  r.ramsch_loser = {};
  r.pad = {};
  for (Direction d : kDirections) {
    if (r.card_points[Index(d)] != most) continue;
    // A tie goes against the tied player who took the last trick; if none of the tied players
    // took it, each tied player is charged.
    if (tied == 1 || d == last_trick || r.card_points[Index(last_trick)] != most) {
      r.ramsch_loser[Index(d)] = true;
      r.pad[Index(d)] = -charge;
    }
  }
}

std::string Describe(const GameResult& r) {
  switch (r.kind) {
    case ResultKind::kPassedIn: return "passed in";
    case ResultKind::kRamsch: {
      std::string out = "ramsch:";
      for (Direction d : kDirections) {
        out += " " + std::string(DirectionName(d)) + " " + std::to_string(r.card_points[Index(d)]);
        if (r.ramsch_loser[Index(d)]) out += " (charged " + std::to_string(-r.pad[Index(d)]) + ")";
      }
      return out;
    }
    case ResultKind::kDeclarerGame: break;
  }
  std::string out = std::string(DirectionName(r.declarer)) + " " + ToString(r.declaration);
  if (r.declaration.type != GameType::kNull) out += " " + ToString(r.matadors);
  out += r.valuation.won ? ": won " : ": lost ";
  out += std::to_string(r.valuation.value);
  if (r.valuation.overbid) out += ", overbid (bid " + std::to_string(r.floor) + ")";
  out += " (" + std::to_string(r.outcome.declarer_points) + " card points, " +
         std::to_string(r.outcome.declarer_tricks) +
         (r.outcome.declarer_tricks == 1 ? " trick" : " tricks");
  if (r.outcome.end == GameEnd::kDeclarerConceded) out += ", conceded";
  if (r.outcome.end == GameEnd::kDefendersConceded) out += ", defenders conceded";
  if (r.claim_accepted) out += ", claim accepted";
  if (r.early_end) out += ", early end";
  return out + ")";
}

}  // namespace skat
