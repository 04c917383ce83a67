#include "engine/game_result.h"

#include <algorithm>

namespace skat {

void ApplyContra(int contra, Direction by, GameResult& r) {
  r.contra = contra;
  r.contra_by = by;
  r.pad[Index(r.declarer)] = r.valuation.pad * (1 + contra);
  r.pad[Index(by)] = -r.valuation.pad * contra;
}

void ChargeRamsch(const Profile& profile, Direction last_trick, GameResult& r) {
  // RULES N10: the most card points loses; 20, 30 if one player took no trick, 50 if two (the
  // profile's ramsch_charge).
  const int most = *std::max_element(r.card_points.begin(), r.card_points.end());
  const int trickless = static_cast<int>(std::count(r.tricks.begin(), r.tricks.end(), 0));
  const int charge = profile.ramsch_charge[std::min(trickless, 2)];
  int tied = 0;
  for (int p : r.card_points) tied += p == most ? 1 : 0;
  r.ramsch_loser = {};
  r.pad = {};
  // laws-1900 (003:L17): 40-40-40 is no score.
  if (tied == 3 && profile.ramsch_three_way_tie_no_score) return;
  const bool last_tied = r.card_points[Index(last_trick)] == most;
  for (Direction d : kDirections) {
    if (r.card_points[Index(d)] != most) continue;
    int pay = charge;
    if (tied > 1 && profile.ramsch_tie == RamschTieRule::kLastTrickOrAllTied) {
      // A tie goes against the tied player who took the last trick; if none of the tied players
      // took it, each tied player is charged (ramsch_tied_charge where the profile sets one).
      if (last_tied && d != last_trick) continue;
      if (!last_tied && profile.ramsch_tied_charge > 0) pay = profile.ramsch_tied_charge;
    }
    r.ramsch_loser[Index(d)] = true;
    r.pad[Index(d)] = -pay;
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
  return out + ": " + DescribeValue(r) + " " + DescribePlay(r);
}

std::string DescribeValue(const GameResult& r) {
  std::string out = r.valuation.won ? "won " : "lost ";
  out += std::to_string(r.valuation.value);
  if (r.valuation.overbid) out += ", overbid (bid " + std::to_string(r.floor) + ")";
  return out;
}

std::string DescribePlay(const GameResult& r) {
  std::string out = "(" + std::to_string(r.outcome.declarer_points) + " card points, " +
                    std::to_string(r.outcome.declarer_tricks) +
                    (r.outcome.declarer_tricks == 1 ? " trick" : " tricks");
  if (r.outcome.end == GameEnd::kDeclarerConceded) out += ", conceded";
  if (r.outcome.end == GameEnd::kDeclarerConcededAsStands) out += ", conceded as it stood";
  if (r.outcome.end == GameEnd::kDefendersConceded) out += ", defenders conceded";
  if (r.outcome.end == GameEnd::kDeclarerResigned) out += ", resigned";
  if (r.outcome.end == GameEnd::kDeclarerTimedOut) out += ", timed out";
  if (r.outcome.end == GameEnd::kDefendersResigned) out += ", defenders resigned";
  if (r.outcome.end == GameEnd::kDefenderTimedOut) out += ", a defender timed out";
  if (r.outcome.end == GameEnd::kDeclarerGaveUp) out += ", given up";
  if (r.outcome.end == GameEnd::kDefendersGaveUp) {
    out += ", defenders gave up with " + std::to_string(r.outcome.defender_points) + " card points";
  }
  if (r.claim_accepted) out += ", claim accepted";
  if (r.contra > 0) {
    out += std::string(r.contra == 2 ? ", re-contra" : ", contra") + " by " +
           std::string(DirectionName(r.contra_by));
  }
  if (r.early_end) out += ", early end";
  return out + ")";
}

}  // namespace skat
