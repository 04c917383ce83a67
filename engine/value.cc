#include "engine/value.h"

#include <algorithm>
#include <optional>

namespace skat {

std::string ToString(Matadors m) {
  return std::string(m.with ? "with " : "without ") + std::to_string(m.count);
}

void TrumpOrder(GameType type, Card* out) {
  // RULES C2: J♣ J♠ J♥ J♦, then A 10 K Q 9 8 7 of the trump suit.
  int n = 0;
  for (Suit s : {Suit::kClubs, Suit::kSpades, Suit::kHearts, Suit::kDiamonds}) {
    out[n++] = Card(s, Rank::kJack);
  }
  if (!IsSuitGame(type)) return;
  const Suit t = TrumpSuit(type);
  for (Rank r : {Rank::kAce, Rank::kTen, Rank::kKing, Rank::kQueen, Rank::kNine, Rank::kEight,
                 Rank::kSeven}) {
    out[n++] = Card(t, r);
  }
}

Matadors CountMatadors(CardSet cards, GameType type) {
  // RULES N1: the unbroken run from J♣ ("with n") or the trumps above the highest held
  // ("without n").
  Card order[11];
  TrumpOrder(type, order);
  const int max = MaxMatadors(type);
  const bool with = cards.contains(order[0]);
  int n = 1;
  while (n < max && cards.contains(order[n]) == with) ++n;
  return {n, with};
}

std::string RuleNames(uint32_t rules) {
  constexpr const char* kNames[] = {"N1", "N2", "N3",  "N4",  "N5",  "N6", "N7",
                                    "N8", "N9", "N10", "N11", "N12", "G7"};
  std::string out;
  for (int i = 0; i < 13; ++i) {
    if (!(rules & (1u << i))) continue;
    if (!out.empty()) out += ' ';
    out += kNames[i];
  }
  return out;
}

namespace {

// A suit or grand game given up under ISkO 4.3.3-4.3.6, settled by 4.1.3-4.1.5
// (docs/rules-decisions.md D73, D74; GameEnd kDeclarerGaveUp, kDefendersGaveUp).
Valuation ValueGivenUp(const Profile& profile, const Declaration& d, Matadors matadors, int floor,
                       const PlayOutcome& outcome) {
  auto given_up = [](Valuation v) {
    v.rules |= kRuleN11;
    return v;
  };
  // 4.1.3: a game the declarer has already won stays won, with the card points he has.
  const Valuation now = ValueGameUnchecked(profile, d, matadors, floor,
                                           {outcome.declarer_points, outcome.declarer_tricks});
  if (now.won) return given_up(now);
  // Whether the declarer can still reach a level: 61 card points (the defenders hold at most
  // 59), schneider (at most 30), schwarz (no trick yet).
  auto reachable = [&](Announcement level) {
    switch (level) {
      case Announcement::kNone: return outcome.defender_points <= 120 - profile.win_points;
      case Announcement::kSchneider:
        return outcome.defender_points <= 120 - profile.schneider_points;
      case Announcement::kSchwarz: return outcome.defender_tricks == 0;
    }
    return false;
  };
  // 4.1.5: the smallest level at which the game is won, its announcement and the bid both met
  // (played out at that level, the outcome's value).
  Announcement announced = d.announced;
  if (d.ouvert && profile.ouvert_announces_schwarz) announced = Announcement::kSchwarz;
  std::optional<Valuation> needed;
  bool needed_reachable = false;
  for (int a = static_cast<int>(announced); a <= static_cast<int>(Announcement::kSchwarz); ++a) {
    const auto level = static_cast<Announcement>(a);
    const PlayOutcome at = level == Announcement::kSchwarz ? PlayOutcome{120, 10}
                           : level == Announcement::kSchneider
                               ? PlayOutcome{profile.schneider_points, 9}
                               : PlayOutcome{profile.win_points, 5};
    const Valuation v = ValueGameUnchecked(profile, d, matadors, floor, at);
    if (!v.won) continue;
    needed = v;
    needed_reachable = reachable(Announcement::kNone) && reachable(level);
    break;
  }
  // 4.1.4, 4.1.5: the defenders gave up a game the declarer can still win: won at that level.
  if (outcome.end == GameEnd::kDefendersGaveUp && needed && needed_reachable) {
    return given_up(*needed);
  }
  // Lost: 4.1.3, a game the defenders have already won counts their card points (the declarer
  // schneidered when they hold 90 or more, never schwarz: tricks are still to come); 4.1.4, the
  // declarer who gives up an undecided game loses simple. Announced levels and the overbid
  // charge as ever (RULES N5, N8, N9).
  const bool schneidered = outcome.defender_points >= 120 - profile.schneidered_points;
  const PlayOutcome lost = schneidered ? PlayOutcome{profile.schneidered_points, 1}
                                       : PlayOutcome{profile.win_points - 1, 1};
  Valuation v = ValueGameUnchecked(profile, d, matadors, floor, lost);
  v.achieved = Announcement::kNone;
  return given_up(v);
}

}  // namespace

Valuation ValueGameUnchecked(const Profile& profile, const Declaration& d, Matadors matadors,
                             int floor, const PlayOutcome& outcome) {
  const int h = static_cast<int>(d.handling);
  Valuation v;
  if (outcome.end != GameEnd::kPlayedOut) v.rules |= kRuleN11;
  if (IskoGaveUp(outcome.end) && !profile.FixedValue(d)) {
    return ValueGivenUp(profile, d, matadors, floor, outcome);
  }

  if (profile.FixedValue(d)) {
    // Null and Revolution: a fixed value, won by taking no trick (RULES N6); Uno and Duo: won by
    // taking exactly one or two tricks (001:L31, D28). Lost or conceded at the value.
    v.value = profile.Unit(d);
    v.won = DefendersGaveUp(outcome.end) || (outcome.end == GameEnd::kPlayedOut &&
                                             outcome.declarer_tricks == profile.TargetTricks(d));
    if (!v.won && profile.loss_factor[h] > 1) {
      v.value *= profile.loss_factor[h];
      v.rules |= kRuleN7;
    }
    v.pad = v.won ? v.value : -v.value;
    return v;
  }

  v.rules |= kRuleN1 | kRuleN2 | kRuleN4;
  const int unit = profile.Unit(d);
  const LevelTable& levels = profile.levels[h];
  Announcement announced = d.announced;
  if (d.ouvert && profile.ouvert_announces_schwarz) {
    announced = Announcement::kSchwarz;  // RULES N3: Grand Ouvert counts level 5, won or lost
    v.rules |= kRuleN3;
  }
  // isko: "+ ouvert" on top of schneider and schwarz announced (ISkO 5.2); 0 elsewhere.
  const int ouvert_level = d.ouvert ? levels.ouvert : 0;
  // RULES N4: schwarz is all ten tricks (not 120 points); schneider at >= 91.
  v.achieved = outcome.declarer_tricks == 10                         ? Announcement::kSchwarz
               : outcome.declarer_points >= profile.schneider_points ? Announcement::kSchneider
                                                                     : Announcement::kNone;
  switch (outcome.end) {
    case GameEnd::kPlayedOut:
      v.won = outcome.declarer_points >= profile.win_points && v.achieved >= announced;
      break;
    case GameEnd::kDeclarerConceded:
    case GameEnd::kDeclarerConcededAsStands:
    case GameEnd::kDeclarerResigned:
    case GameEnd::kDeclarerTimedOut:
    case GameEnd::kDeclarerGaveUp: v.won = false; break;  // (suit and grand: ValueGivenUp)
    case GameEnd::kDefendersConceded:
    case GameEnd::kDefendersResigned:
    case GameEnd::kDefenderTimedOut:
    case GameEnd::kDefendersGaveUp:
      // RULES N11: won at the level reached or announced.
      v.won = true;
      v.achieved = std::max(v.achieved, announced);
      break;
  }
  int loss_outcome = 0;  // RULES N5; a conceded game keeps outcome level 1 (N11)
  if (v.won) {
    v.level = levels.Won(announced, v.achieved) + ouvert_level;
    // The gucki variation's factor and bonus (LevelTable); 1 and 0 elsewhere.
    v.value = unit * (matadors.count + v.level) * levels.Factor(announced) +
              unit * levels.WonBonus(announced, v.achieved);
    if (v.value >= floor) {
      v.pad = v.value;
      return v;
    }
    v.won = false;  // RULES N8: overbid, lost even with >= 61
  } else if (outcome.end == GameEnd::kPlayedOut ||
             outcome.end == GameEnd::kDeclarerConcededAsStands ||
             outcome.end == GameEnd::kDeclarerResigned ||
             outcome.end == GameEnd::kDeclarerTimedOut) {
    if (outcome.declarer_tricks == 0) {
      loss_outcome = 2;
    } else if (outcome.declarer_points <= profile.schneidered_points) {
      loss_outcome = 1;
    }
  }
  // RULES N5: the lost level from the outcome and the announcement (profile data).
  v.rules |= kRuleN5;
  if (profile.loss_factor[h] > 1 || profile.lost_unit[h] != 0) v.rules |= kRuleN7;
  v.level = levels.Lost(announced, loss_outcome) + ouvert_level;
  const int factor = levels.Factor(announced);
  const int loss =
      profile.LostUnit(d) * (matadors.count + v.level) * factor * profile.loss_factor[h];
  v.value = loss;
  if (unit * (matadors.count + v.level) * factor < floor) {
    // RULES N8/N9: overbid charge = max(L, d * u * ceil(F / u)).
    v.overbid = true;
    v.rules |= kRuleN8 | kRuleN9;
    const int multiple = (floor + unit - 1) / unit;
    v.value = std::max(loss, profile.overbid_factor[h] * unit * multiple);
  }
  v.pad = -v.value;
  return v;
}

Status CheckDeclaration(const Profile& profile, const Declaration& d) {
  if (!profile.Allows(d)) {
    return Status(ErrorCode::kIllegalDeclaration,
                  ToString(d) + " is not a game of " + std::string(profile.id) + " (RULES G4-G6)");
  }
  const int h = static_cast<int>(d.handling);
  if (d.announced != Announcement::kNone && !profile.levels[h].AllowsAnnouncement(d.announced)) {
    return Status(ErrorCode::kIllegalDeclaration,
                  "announcing " + std::string(AnnouncementName(d.announced)) + " in a " +
                      std::string(HandlingName(d.handling)) + " game is not allowed under " +
                      std::string(profile.id) + " (RULES G4)");
  }
  return Status::Ok();
}

Status CheckFloor(const Profile& profile, const Declaration& d, int floor) {
  if (!profile.FixedValue(d) || profile.Unit(d) >= floor) return Status::Ok();
  return Status(ErrorCode::kIllegalDeclaration,
                "declare " + ToString(d) + ": its value " + std::to_string(profile.Unit(d)) +
                    " is below the bid " + std::to_string(floor) + " (RULES G7)");
}

Result<Valuation> ValueGame(const Profile& profile, const Declaration& d, Matadors matadors,
                            int floor, const PlayOutcome& outcome) {
  if (Status s = CheckDeclaration(profile, d); !s.ok()) return s;
  if (outcome.declarer_points < 0 || outcome.declarer_points > 120) {
    return Status::InvalidArgument("declarer card points " +
                                   std::to_string(outcome.declarer_points) +
                                   " are outside 0..120 (RULES C1)");
  }
  if (outcome.declarer_tricks < 0 || outcome.declarer_tricks > 10) {
    return Status(
        ErrorCode::kInvalidArgument,
        "declarer tricks " + std::to_string(outcome.declarer_tricks) + " are outside 0..10");
  }
  if (IskoGaveUp(outcome.end)) {
    // ISkO 4.3.3-4.3.6: the card points and tricks taken until the game was given up.
    if (outcome.defender_points < 0 || outcome.declarer_points + outcome.defender_points > 120) {
      return Status::InvalidArgument(
          "defender card points " + std::to_string(outcome.defender_points) + " with " +
          std::to_string(outcome.declarer_points) +
          " for the declarer: the two sides hold 0..120 together (RULES C1)");
    }
    if (outcome.defender_tricks < 0 || outcome.declarer_tricks + outcome.defender_tricks > 10) {
      return Status::InvalidArgument("defender tricks " + std::to_string(outcome.defender_tricks) +
                                     " with " + std::to_string(outcome.declarer_tricks) +
                                     " for the declarer: ten tricks at most");
    }
  }
  if (outcome.end == GameEnd::kPlayedOut && d.type != GameType::kNull) {
    // The skat alone holds at most 22 points (two aces); ten tricks leave the defenders nothing.
    if (outcome.declarer_tricks == 0 && outcome.declarer_points > 22) {
      return Status(
          ErrorCode::kInvalidArgument,
          std::to_string(outcome.declarer_points) +
              " card points are impossible without a trick (the skat holds at most 22: two aces)");
    }
    if (outcome.declarer_tricks == 10 && outcome.declarer_points != 120) {
      return Status::InvalidArgument(
          "a declarer who takes all ten tricks has 120 card points, not " +
          std::to_string(outcome.declarer_points));
    }
  }
  if (d.type != GameType::kNull && (matadors.count < 1 || matadors.count > MaxMatadors(d.type))) {
    return Status::InvalidArgument(std::to_string(matadors.count) + " matadors are impossible in " +
                                   std::string(GameTypeName(d.type)) + " (1.." +
                                   std::to_string(MaxMatadors(d.type)) + ", RULES N1)");
  }
  if (floor < 0) {
    return Status::InvalidArgument("floor " + std::to_string(floor) + " is negative");
  }
  if (Status s = CheckFloor(profile, d, floor); !s.ok()) return s;
  return ValueGameUnchecked(profile, d, matadors, floor, outcome);
}

}  // namespace skat
