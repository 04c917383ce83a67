#include "engine/analysis/outcome.h"

#include <array>

namespace skat {

std::string_view OutcomeClassName(OutcomeClass c) {
  constexpr std::array<std::string_view, kOutcomeClassCount> kNames = {
      "no trick", "schneidered", "lost", "won", "schneider", "schwarz"};
  return kNames[static_cast<int>(c)];
}

OutcomeClass ClassOf(const Profile& profile, int declarer_points, int declarer_tricks) {
  // RULES N4: schwarz is all ten tricks; schneider and schneidered by card points.
  if (declarer_tricks == 0) return OutcomeClass::kNoTrick;
  if (declarer_tricks == 10) return OutcomeClass::kSchwarz;
  if (declarer_points >= profile.schneider_points) return OutcomeClass::kSchneider;
  if (declarer_points >= profile.win_points) return OutcomeClass::kWon;
  if (declarer_points > profile.schneidered_points) return OutcomeClass::kLost;
  return OutcomeClass::kSchneidered;
}

PlayOutcome RepresentativeOutcome(const Profile& profile, OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kNoTrick: return {0, 0};
    case OutcomeClass::kSchneidered: return {profile.schneidered_points, 1};
    case OutcomeClass::kLost: return {profile.win_points - 1, 3};
    case OutcomeClass::kWon: return {profile.win_points, 6};
    case OutcomeClass::kSchneider: return {profile.schneider_points, 9};
    case OutcomeClass::kSchwarz: return {120, 10};
  }
  return {};
}

int ClassPad(const Profile& profile, const Declaration& d, Matadors matadors, OutcomeClass c) {
  // Par sets bids aside (docs/par.md): floor 0, so no game is overbid.
  return ValueGameUnchecked(profile, d, matadors, 0, RepresentativeOutcome(profile, c)).pad;
}

namespace {

bool Ask(Solver& solver, const Profile& profile, const Position& position, Direction declarer,
         int credited, OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kNoTrick: return true;
    case OutcomeClass::kSchneidered:
      return !solver.DefendersHoldDeclarerTrickless(position, declarer);
    case OutcomeClass::kLost:
      return solver.DeclarerReaches(position, declarer, credited, profile.schneidered_points + 1);
    case OutcomeClass::kWon:
      return solver.DeclarerReaches(position, declarer, credited, profile.win_points);
    case OutcomeClass::kSchneider:
      return solver.DeclarerReaches(position, declarer, credited, profile.schneider_points);
    case OutcomeClass::kSchwarz: return solver.DeclarerTakesAllTricks(position, declarer);
  }
  return false;
}

}  // namespace

bool SecuresClass(Solver& solver, const Profile& profile, const Position& position,
                  Direction declarer, int credited, OutcomeClass c, uint64_t* nodes) {
  if (c == OutcomeClass::kNoTrick) return true;
  const bool secured = Ask(solver, profile, position, declarer, credited, c);
  if (nodes) *nodes += solver.nodes();
  return secured;
}

OutcomeClass SecuredClass(Solver& solver, const Profile& profile, const Position& position,
                          Direction declarer, int credited, uint64_t* nodes) {
  auto secures = [&](OutcomeClass c) {
    return SecuresClass(solver, profile, position, declarer, credited, c, nodes);
  };
  // The win question first: it splits the six classes into two halves of three.
  if (secures(OutcomeClass::kWon)) {
    if (!secures(OutcomeClass::kSchneider)) return OutcomeClass::kWon;
    return secures(OutcomeClass::kSchwarz) ? OutcomeClass::kSchwarz : OutcomeClass::kSchneider;
  }
  if (secures(OutcomeClass::kLost)) return OutcomeClass::kLost;
  return secures(OutcomeClass::kSchneidered) ? OutcomeClass::kSchneidered : OutcomeClass::kNoTrick;
}

OutcomeClass SecuredNullClass(Solver& solver, const Position& position, Direction declarer,
                              uint64_t* nodes) {
  const bool avoids = solver.DeclarerAvoidsAllTricks(position, declarer);
  if (nodes) *nodes += solver.nodes();
  return avoids ? OutcomeClass::kNoTrick : OutcomeClass::kSchneidered;
}

}  // namespace skat
