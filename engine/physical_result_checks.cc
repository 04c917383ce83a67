#include "engine/physical_result_checks.h"

#include <algorithm>
#include <string>

#include "engine/num.h"

namespace skat::physical {
namespace {

// The hand games, Revolution, Uno and Duo leave the skat untouched.
bool TakesSkat(SkatHandling h) { return !SkatUntouched(h); }

}  // namespace

Announcement Reached(const Profile& profile, int points, int tricks) {
  if (tricks == 10) return Announcement::kSchwarz;
  if (points >= profile.schneider_points) return Announcement::kSchneider;
  return Announcement::kNone;
}

Status CheckRamsch(const Profile& profile, const ReportedOutcome& r) {
  if (!profile.ramsch) {
    return Status::InvalidArgument(std::string(profile.id) + " plays no Ramsch (RULES B3)");
  }
  int points = 0;
  int tricks = 0;
  for (Direction d : kDirections) {
    const int p = r.card_points[Index(d)];
    const int t = r.tricks[Index(d)];
    const std::string who(DirectionName(d));
    if (p < 0 || p > 120) {
      return Status::InvalidArgument("ramsch: " + who + "'s card points " + Num(p) +
                                     " are outside 0..120 (RULES C1)");
    }
    if (t < 0 || t > 10) {
      return Status::InvalidArgument("ramsch: " + who + "'s tricks " + Num(t) +
                                     " are outside 0..10");
    }
    if (t == 0 && p != 0) {
      return Status::InvalidArgument("ramsch: " + who + " took no trick but has " + Num(p) +
                                     " card points (RULES N10)");
    }
    points += p;
    tricks += t;
  }
  if (points != 120) {
    return Status::InvalidArgument("ramsch: the card points add up to " + Num(points) +
                                   ", not 120 (RULES C1)");
  }
  if (tricks != 10) {
    return Status::InvalidArgument("ramsch: the tricks add up to " + Num(tricks) + ", not 10");
  }
  if (r.tricks[Index(r.last_trick)] == 0) {
    return Status::InvalidArgument("ramsch: " + std::string(DirectionName(r.last_trick)) +
                                   " took the last trick but has no trick");
  }
  return Status::Ok();
}

int IrregularityCount(const ReportedOutcome& r) {
  int n = 0;
  n += r.play_error ? 1 : 0;
  n += r.discarded ? 1 : 0;
  n += r.declarer_looked_at_skat ? 1 : 0;
  n += r.defender_looked_at_skat ? 1 : 0;
  n += std::any_of(r.wrong_card_count.begin(), r.wrong_card_count.end(), [](bool b) { return b; })
           ? 1
           : 0;
  return n;
}

// 000 §11 (D24, D25, D71): who may have said Contra, under which profile, and with what.
Status CheckContra(const Profile& profile, const ReportedOutcome& r) {
  if (r.contra == 0) return Status::Ok();
  if (r.contra < 0 || r.contra > 2) {
    return Status::InvalidArgument("contra " + Num(r.contra) +
                                   " is not 0 (none), 1 (Contra) or 2 (Re-contra) (000 §11)");
  }
  if (!profile.contra) {
    return Status::NotAllowed(
        std::string(profile.id) +
        " has no Contra (000 §11: only where agreed; the eichhorn-1898 option "
        "\"contra\")");
  }
  if (r.kind != ResultKind::kDeclarerGame) {
    return Status::InvalidArgument(r.kind == ResultKind::kRamsch
                                       ? "a Ramsch has no declarer to double (000 §11)"
                                       : "a passed-in deal has no game to double "
                                         "(000 §11)");
  }
  if (r.contra_by == r.declarer) {
    return Status::InvalidArgument("contra by " + std::string(DirectionName(r.contra_by)) +
                                   ", the declarer: only a defender says Contra (000 §11)");
  }
  if (IrregularityCount(r) > 0) {
    return Status::InvalidArgument(
        "a Contra with an irregularity of play is not scored: 000 §11 and Section XI do not "
        "say how they combine (D71); enter the result without the Contra and an adjustment");
  }
  return Status::Ok();
}

namespace {

// RULES G1, G2: the turned card makes its suit trump; a jack also allows a Grand Tournée.
bool Allows(Card turned, GameType type) {
  return type == SuitGame(turned.suit()) || (turned.is_jack() && type == GameType::kGrand);
}

bool Turns(SkatHandling h) {
  return h == SkatHandling::kTournee || h == SkatHandling::kPasstMirNicht;
}

// The declaration, the floor, the turned card the report names and the matadors it states.
Status CheckGame(const Profile& profile, const ReportedOutcome& r) {
  const Declaration& d = r.declaration;
  const std::string game = ToString(d);
  if (Status s = CheckDeclaration(profile, d); !s.ok()) return s;
  if (r.floor < 0 || (r.floor > 0 && !profile.IsLegalBid(r.floor))) {
    return Status::InvalidArgument("floor " + Num(r.floor) + " is not a legal bid under " +
                                   std::string(profile.id) + " (RULES B2)");
  }
  if (Status s = CheckFloor(profile, d, r.floor); !s.ok()) return s;  // refused in play (G7)
  if (Turns(d.handling)) {
    if (d.type == GameType::kNull) {
      return Status::InvalidArgument(game +
                                     ": a turned card makes its suit trump, a jack also grand; "
                                     "it never makes a null game (RULES G1, G2)");
    }
    if (r.turned && !Allows(*r.turned, d.type)) {
      return Status::InvalidArgument("turned card " + ToString(*r.turned) + " does not allow a " +
                                     game +
                                     ": the turned card makes its suit trump, a jack also grand "
                                     "(RULES G1, G2)");
    }
  } else if (r.turned) {
    return Status::InvalidArgument("a turned card belongs to a tournee or passt mir nicht, not a " +
                                   game + " (RULES G1, G2)");
  }
  if (r.matadors && d.type == GameType::kNull) {
    return Status::InvalidArgument("a null game has no matadors (RULES N1)");
  }
  if (r.matadors && (r.matadors->count < 1 || r.matadors->count > MaxMatadors(d.type))) {
    return Status::InvalidArgument("matadors reported " + ToString(*r.matadors) +
                                   " are impossible in " + std::string(GameTypeName(d.type)) +
                                   " (1.." + Num(MaxMatadors(d.type)) + ", RULES N1)");
  }
  return Status::Ok();
}

// Card points, tricks and the level written down (RULES C1, N2, N4, N6), as far as they follow
// from the report: two cards (the skat, or two discards) hold at most 22 points.
Status CheckNumbers(const Profile& profile, const ReportedOutcome& r) {
  const int points = r.declarer_points;
  const int tricks = r.declarer_tricks;
  if (r.declaration.type == GameType::kNull) {
    if (points != 0) {
      return Status::InvalidArgument("a null game has no card points, reported " + Num(points) +
                                     " (RULES N6)");
    }
    if (r.level) {
      return Status::InvalidArgument("a null game has no schneider or schwarz (RULES N2)");
    }
  }
  if (points < 0 || points > 120) {
    return Status::InvalidArgument("declarer card points " + Num(points) +
                                   " are outside 0..120 (RULES C1)");
  }
  if (tricks < 0 || tricks > 10) {
    return Status::InvalidArgument("declarer tricks " + Num(tricks) + " are outside 0..10");
  }
  if (r.declaration.type != GameType::kNull) {
    if (tricks == 0 && points > 22) {
      return Status::InvalidArgument(Num(points) +
                                     " card points are impossible without a trick: two cards "
                                     "(the skat or two discards) hold two aces at most (RULES N4)");
    }
    if (tricks == 10 && points != 120) {
      return Status::InvalidArgument(
          "a declarer who takes all ten tricks has 120 card points, not " + Num(points) +
          " (RULES N4)");
    }
  }
  if (!r.level) return Status::Ok();
  if (*r.level == Announcement::kSchwarz && tricks < 10) {
    return Status::InvalidArgument("schwarz reported with " + Num(tricks) +
                                   " tricks: schwarz is all ten tricks (RULES N4)");
  }
  if (*r.level == Announcement::kSchneider && points < profile.schneider_points) {
    return Status::InvalidArgument("schneider reported with " + Num(points) +
                                   " card points: schneider needs " +
                                   Num(profile.schneider_points) + " (RULES N4)");
  }
  if (*r.level == Announcement::kSchneider && tricks == 10) {
    return Status::InvalidArgument(
        "schneider reported with ten tricks: that is schwarz (RULES N4)");
  }
  if (*r.level == Announcement::kNone && r.end == GameEnd::kPlayedOut &&
      Reached(profile, points, tricks) != Announcement::kNone) {
    return Status::InvalidArgument("a simple game reported with " + Num(points) +
                                   " card points and " + Num(tricks) + " tricks, which are " +
                                   std::string(AnnouncementName(Reached(profile, points, tricks))) +
                                   " (RULES N4)");
  }
  return Status::Ok();
}

// ISkO 4.3.3-4.3.6 (isko; docs/rules-decisions.md D73, D74): a game given up, by the declarer at
// any time or by one defender for both, with each side's card points and tricks at that moment.
Status CheckGivenUp(const ReportedOutcome& r) {
  const int points = r.defender_points;
  const int tricks = r.defender_tricks;
  if (points < 0 || points > 120 || r.declarer_points + points > 120) {
    return Status::InvalidArgument("defender card points " + Num(points) + " with the declarer's " +
                                   Num(r.declarer_points) + " are outside 0..120 (RULES C1)");
  }
  if (tricks < 0 || r.declarer_tricks + tricks > 10) {
    return Status::InvalidArgument("defender tricks " + Num(tricks) + " with the declarer's " +
                                   Num(r.declarer_tricks) + " are outside 0..10");
  }
  if (tricks == 0 && points != 0) {
    return Status::InvalidArgument("the defenders took no trick but have " + Num(points) +
                                   " card points in tricks (docs/rules-decisions.md D73)");
  }
  if (r.declaration.type == GameType::kNull && points != 0) {
    return Status::InvalidArgument("a null game has no card points, reported " + Num(points) +
                                   " for the defenders (RULES N6)");
  }
  if (r.conceded_after_tricks && *r.conceded_after_tricks != r.declarer_tricks + tricks) {
    return Status::InvalidArgument(
        "given up after " + Num(*r.conceded_after_tricks) + " tricks, but the declarer's " +
        Num(r.declarer_tricks) + " and the defenders' " + Num(tricks) + " make " +
        Num(r.declarer_tricks + tricks) + " (docs/rules-decisions.md D73)");
  }
  return Status::Ok();
}

}  // namespace

GameEnd SettledEnd(const Profile& profile, GameEnd reported) {
  if (!profile.isko_give_up) return reported;
  if (reported == GameEnd::kDeclarerConceded) return GameEnd::kDeclarerGaveUp;
  if (reported == GameEnd::kDefendersConceded) return GameEnd::kDefendersGaveUp;
  return reported;
}

namespace {

// RULES N11, N12, X.19: the declarer concedes before the second card of trick 2; a claim
// accepted excludes a concession. Under isko a concession is a party giving up (CheckGivenUp).
Status CheckConcession(const Profile& profile, const ReportedOutcome& r) {
  const GameEnd end = SettledEnd(profile, r.end);
  if (IskoGaveUp(end) && !profile.isko_give_up) {
    return Status::InvalidArgument(
        "a game given up as the ISkO settles it belongs to a profile that has that rule (isko; "
        "docs/rules-decisions.md D73); under " +
        std::string(profile.id) + " report a concession (RULES N11)");
  }
  if (!IskoGaveUp(end) && (r.defender_points != 0 || r.defender_tricks != 0)) {
    return Status::InvalidArgument(
        "the defenders' card points and tricks describe a game given up under a profile that "
        "settles it by the ISkO (isko; docs/rules-decisions.md D73)");
  }
  if (r.conceded_after_tricks && r.end == GameEnd::kPlayedOut) {
    return Status::InvalidArgument("conceded_after_tricks given for a game nobody conceded");
  }
  if (IskoGaveUp(end)) {
    if (Status s = CheckGivenUp(r); !s.ok()) return s;
  } else if (r.end == GameEnd::kDeclarerConceded) {
    const int tricks = r.declarer_tricks;
    const int window = profile.concede_max_cards_played / 3;  // complete tricks
    const int after = r.conceded_after_tricks.value_or(tricks);
    if (after < 0 || after > 10) {
      return Status::InvalidArgument("conceded after " + Num(after) + " tricks: outside 0..10");
    }
    if (after > window || tricks > window) {
      return Status::InvalidArgument(
          "the declarer conceded after " + Num(std::max(after, tricks)) +
          " tricks, but may concede only before the second card of trick " + Num(window + 1) +
          " (RULES N11, X.19)");
    }
  } else if (r.conceded_after_tricks &&
             (*r.conceded_after_tricks < r.declarer_tricks || *r.conceded_after_tricks > 10)) {
    return Status::InvalidArgument("the defenders conceded after " + Num(*r.conceded_after_tricks) +
                                   " tricks, outside the declarer's " + Num(r.declarer_tricks) +
                                   "..10 (RULES N11)");
  }
  if (r.claim_accepted && r.end != GameEnd::kPlayedOut) {
    return Status::InvalidArgument(
        "an accepted claim and a concession exclude each other (RULES N11, N12)");
  }
  return Status::Ok();
}

// RULES P2, N6, D28: a revoke or a lead out of turn, its tricks and card points so far.
Status CheckPlayError(const Profile& profile, const ReportedOutcome& r) {
  const PlayError& e = *r.play_error;
  const Declaration& d = r.declaration;
  const std::string game = ToString(d);
  if (e.after_tricks < 0 || e.after_tricks > 9) {
    return Status::InvalidArgument("error after " + Num(e.after_tricks) +
                                   " tricks: outside 0..9 (RULES P2)");
  }
  if (e.declarer_tricks < 0 || e.declarer_tricks > e.after_tricks) {
    return Status::InvalidArgument("the declarer's " + Num(e.declarer_tricks) +
                                   " tricks before the error " + "are outside 0.." +
                                   Num(e.after_tricks) + " (RULES P2)");
  }
  if (e.declarer_points < 0 || e.defender_points < 0 ||
      e.declarer_points + e.defender_points > 120) {
    return Status::InvalidArgument("card points before the error " + Num(e.declarer_points) +
                                   " and " + Num(e.defender_points) +
                                   " are outside 0..120 (RULES C1)");
  }
  if (e.declarer_tricks == 0 && e.declarer_points != 0) {
    return Status::InvalidArgument("the declarer took no trick before the error but has " +
                                   Num(e.declarer_points) + " card points in tricks (RULES P2)");
  }
  if (e.after_tricks == e.declarer_tricks && e.defender_points != 0) {
    return Status::InvalidArgument("the defenders took no trick before the error but have " +
                                   Num(e.defender_points) + " card points in tricks (RULES P2)");
  }
  // RULES N6: these games ended at the first trick that decided them; no later error exists.
  const bool schwarz_announced =
      !profile.FixedValue(d) &&
      (d.announced == Announcement::kSchwarz || (d.ouvert && profile.ouvert_announces_schwarz));
  if (schwarz_announced && e.after_tricks > e.declarer_tricks) {
    return Status::InvalidArgument("an error after the defenders took a trick: " + game +
                                   " was already lost at that trick (RULES N6)");
  }
  if (d.type == GameType::kNull && e.declarer_tricks > 0) {
    return Status::InvalidArgument("an error after the declarer took a trick: " + game +
                                   " was already lost at that trick (RULES N6)");
  }
  // D28: Uno and Duo end once exactly the target can no longer be reached.
  const int target = profile.TargetTricks(d);
  if (target > 0 &&
      (e.declarer_tricks > target || e.declarer_tricks + (10 - e.after_tricks) < target)) {
    return Status::InvalidArgument("an error after " + Num(e.after_tricks) +
                                   " tricks, the declarer's " + Num(e.declarer_tricks) + ": " +
                                   game + " (exactly " + Num(target) +
                                   (target == 1 ? " trick" : " tricks") +
                                   ") was already lost then, and ended there (D28, RULES N6)");
  }
  return Status::Ok();
}

// The irregularities (RULES P2, Section XI): one at most, and each where it can happen.
Status CheckIrregularities(const Profile& profile, const ReportedOutcome& r) {
  const std::string game = ToString(r.declaration);
  const int irregularities = IrregularityCount(r);
  if (irregularities > 1) {
    return Status::InvalidArgument("report the one irregularity that decided the game, not " +
                                   Num(irregularities) + " (RULES P2)");
  }
  if (irregularities == 1 && (r.end != GameEnd::kPlayedOut || r.claim_accepted)) {
    return Status::InvalidArgument(
        "a game decided by an irregularity has no concession or claim (RULES P2)");
  }
  if (r.play_error) {
    if (Status s = CheckPlayError(profile, r); !s.ok()) return s;
  }
  if (r.discarded) {
    if (!TakesSkat(r.declaration.handling)) {
      return Status::InvalidArgument("a " + game + " has no discards (RULES G4, XI.2)");
    }
    if (*r.discarded == 2 || *r.discarded < 0 || *r.discarded > 12) {
      return Status::InvalidArgument(
          "discarded " + Num(*r.discarded) +
          " cards: the irregularity is discarding other than 2 of 12 (XI.2)");
    }
  }
  if (r.declarer_looked_at_skat && TakesSkat(r.declaration.handling)) {
    return Status::InvalidArgument(
        "the declarer of a " + game +
        " may look at the skat; XI.4 punishes it in a Solo (hand game) only");
  }
  if (r.defender_looked_at_skat && *r.defender_looked_at_skat == r.declarer) {
    return Status::InvalidArgument(std::string(DirectionName(r.declarer)) +
                                   " is the declarer, not a defender (XI.5)");
  }
  return Status::Ok();
}

}  // namespace

Status CheckDeclarerReport(const Profile& profile, const ReportedOutcome& r) {
  if (Status s = CheckGame(profile, r); !s.ok()) return s;
  if (Status s = CheckNumbers(profile, r); !s.ok()) return s;
  if (Status s = CheckConcession(profile, r); !s.ok()) return s;
  return CheckIrregularities(profile, r);
}

}  // namespace skat::physical
