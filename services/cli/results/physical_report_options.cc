#include "services/cli/results/physical_report_options.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "engine/card.h"
#include "engine/declaration.h"
#include "engine/physical_result.h"
#include "services/cli/i18n/tr.h"
#include "services/common/game_proto.h"

namespace skat::cli {

std::optional<Direction> ParseSeat(const std::string& text) {
  for (Direction d : kDirections) {
    if (text == DirectionName(d) || (text.size() == 1 && std::toupper(static_cast<unsigned char>(
                                                             text[0])) == DirectionLetter(d))) {
      return d;
    }
  }
  return std::nullopt;
}

namespace {

Result<v1::Direction> Seat(const std::string& text, const std::string& option) {
  if (std::optional<Direction> d = ParseSeat(text)) return service::ToProto(*d);
  return Status::InvalidArgument(option + " '" + text +
                                 "': forehand, middlehand or rearhand (or F, M, R)");
}

// A fine "KIND:SEAT" (SEAT: a seat, or "dealer" for the resting dealer at a table of four).
Result<v1::Fine> ReadFine(const std::string& text) {
  const size_t colon = text.find(':');
  const std::string usage =
      "--fine '" + text +
      "': write KIND:SEAT, KIND misdeal, dealer-looks, player-looks or skat-in-hand, SEAT "
      "forehand, middlehand, rearhand or dealer (the resting dealer at a table of four)";
  if (colon == std::string::npos) return Status::InvalidArgument(usage);
  const std::string kind = text.substr(0, colon);
  const std::string party = text.substr(colon + 1);
  if (!ParseFineKind(kind)) return Status::InvalidArgument(usage);
  v1::Fine fine;
  fine.set_kind(kind);
  if (party == "dealer") {
    fine.set_party(4);
  } else {
    Result<v1::Direction> seat = Seat(party, "--fine");
    if (!seat.ok()) return Status::InvalidArgument(usage);
    fine.set_party(static_cast<int>(*seat));  // DIRECTION_FOREHAND = 1 ... REARHAND = 3
  }
  return fine;
}

// The error that ended the game, if any (--revoke-by or --wrong-lead-by, after --after-tricks
// complete tricks, with the tricks and points before it).
Status ReadPlayError(const PhysicalReportOptions& o, v1::PhysicalReport& r) {
  const bool error = !o.revoke_by.empty() || !o.wrong_lead_by.empty();
  if (!o.revoke_by.empty() && !o.wrong_lead_by.empty()) {
    return Status::InvalidArgument(
        "--revoke-by and --wrong-lead-by: report the one error that ended the game");
  }
  if (error) {
    const bool revoke = !o.revoke_by.empty();
    Result<v1::Direction> seat =
        revoke ? Seat(o.revoke_by, "--revoke-by") : Seat(o.wrong_lead_by, "--wrong-lead-by");
    if (!seat.ok()) return seat.status();
    if (o.after_tricks < 0) {
      return Status::InvalidArgument("give the tricks complete before the error: --after-tricks");
    }
    v1::PlayError* e = r.mutable_play_error();
    e->set_kind(revoke ? v1::PlayError::KIND_REVOKE : v1::PlayError::KIND_LEAD_OUT_OF_TURN);
    e->set_seat(*seat);
    e->set_after_tricks(o.after_tricks);
    e->set_declarer_tricks(o.tricks_before);
    e->set_declarer_points(o.points_before);
    e->set_defender_points(o.defender_points_before);
  } else if (o.after_tricks >= 0) {
    return Status::InvalidArgument("--after-tricks belongs to --revoke-by or --wrong-lead-by");
  }
  return Status::Ok();
}

Status ReadDeclarerGame(const PhysicalReportOptions& o, v1::PhysicalReport& r) {
  if (o.declarer.empty()) return Status::InvalidArgument("give the declarer: --declarer SEAT");
  Result<v1::Direction> declarer = Seat(o.declarer, "--declarer");
  if (!declarer.ok()) return declarer.status();
  r.set_declarer(*declarer);
  if (o.game.empty()) return Status::InvalidArgument("give the game: --game NAME");
  std::optional<Declaration> d = ParseGame(o.game);
  if (!d) {
    return Status::InvalidArgument("--game '" + o.game +
                                   "' is no game: tournee-<suit>, grand-tournee, "
                                   "passt-mir-nicht-<suit>, guckser, solo-<suit>, grand-solo, "
                                   "grand-ouvert, null, null-ouvert, ... (skat value --help)");
  }
  std::optional<Announcement> announced = ParseAnnouncement(o.announce);
  if (!announced) {
    return Status::InvalidArgument("--announce '" + o.announce + "': none, schneider or schwarz");
  }
  d->announced = *announced;
  service::ToProto(*d, r.mutable_declaration());
  if (!o.turned.empty()) {
    if (!ParseCard(o.turned)) {
      return Status::InvalidArgument("--turned '" + o.turned +
                                     "' is not a card (docs/cards.md: \"H-8\", \"C-J\")");
    }
    r.set_turned_card(o.turned);
  }
  r.set_floor(o.floor);
  const bool error = !o.revoke_by.empty() || !o.wrong_lead_by.empty();
  if (o.points < 0 && !error) {
    return Status::InvalidArgument("give the declarer's card points, skat included: --points N");
  }
  r.set_declarer_points(std::max(o.points, 0));
  r.set_declarer_tricks(o.tricks >= 0                ? o.tricks
                        : r.declarer_points() == 0   ? 0
                        : r.declarer_points() == 120 ? 10
                                                     : 5);
  if (o.defenders_conceded) {
    r.set_defenders_conceded(true);
    r.set_conceded_after_tricks(std::max(o.conceded_after, 0));
  } else if (o.conceded_after >= 0) {
    r.set_conceded(true);
    r.set_conceded_after_tricks(o.conceded_after);
  }
  r.set_defender_points(o.defender_points);
  r.set_defender_tricks(o.defender_tricks);
  r.set_claim_accepted(o.claim_accepted);
  if (!o.contra_by.empty()) {
    Result<v1::Direction> seat = Seat(o.contra_by, "--contra-by");
    if (!seat.ok()) return seat.status();
    r.set_contra_by(*seat);
  }
  r.set_recontra(o.recontra);
  if (Status played = ReadPlayError(o, r); !played.ok()) return played;
  if (o.discarded >= 0) r.set_discarded(o.discarded);
  r.set_declarer_looked_at_skat(o.declarer_looked);
  if (!o.defender_looked.empty()) {
    Result<v1::Direction> seat = Seat(o.defender_looked, "--defender-looked-at-skat");
    if (!seat.ok()) return seat.status();
    r.set_defender_looked_at_skat(*seat);
  }
  for (const std::string& w : o.wrong_count) {
    Result<v1::Direction> seat = Seat(w, "--wrong-count");
    if (!seat.ok()) return seat.status();
    r.add_wrong_card_count(*seat);
  }
  return Status::Ok();
}

Status ReadRamsch(const PhysicalReportOptions& o, v1::PhysicalReport& r) {
  if (o.card_points.size() != 3 || o.ramsch_tricks.size() != 3) {
    return Status::InvalidArgument(
        "a Ramsch needs --card-points F,M,R and --ramsch-tricks F,M,R (three seats each)");
  }
  for (int p : o.card_points) r.add_card_points(p);
  for (int t : o.ramsch_tricks) r.add_tricks(t);
  if (o.last_trick.empty()) {
    return Status::InvalidArgument("a Ramsch needs --last-trick SEAT (who won the last trick)");
  }
  Result<v1::Direction> last = Seat(o.last_trick, "--last-trick");
  if (!last.ok()) return last.status();
  r.set_last_trick(*last);
  return Status::Ok();
}

}  // namespace

void AddPhysicalReportOptions(CLI::App& sub, PhysicalReportOptions& o) {
  sub.add_flag("--passed-in", o.passed_in, Tr("all passed and the board was thrown in"));
  sub.add_flag("--ramsch", o.ramsch, Tr("all passed and Ramsch was played (RULES N10)"));
  sub.add_option("--declarer", o.declarer,
                 Tr("the declarer's seat: forehand, middlehand, rearhand"));
  sub.add_option("-g,--game", o.game, Tr("the game declared, as skat value --game takes it"));
  sub.add_option("-a,--announce", o.announce, Tr("none, schneider or schwarz"))
      ->capture_default_str();
  sub.add_option("--turned", o.turned, Tr("the turned card of a Tournée or passt mir nicht"));
  sub.add_option("-f,--floor", o.floor, Tr("the highest bid"));
  sub.add_option("-p,--points", o.points, Tr("the declarer's card points, skat included (0-120)"));
  sub.add_option("-t,--tricks", o.tricks,
                 Tr("tricks the declarer took (default: 0 with 0 points, 10 with 120, else 5)"));
  sub.add_option("--conceded-after", o.conceded_after,
                 Tr("complete tricks when the declarer conceded (RULES N11; isko: when either side "
                    "gave up, D73)"));
  sub.add_flag("--defenders-conceded", o.defenders_conceded,
               Tr("the defenders conceded (RULES N11; isko: one defender gave up for both, D73); "
                  "--conceded-after then counts the tricks complete when they did"));
  sub.add_option("--defender-points", o.defender_points,
                 Tr("isko, a game given up: card points in the defenders' tricks then (D73, D74)"));
  sub.add_option("--defender-tricks", o.defender_tricks,
                 Tr("isko, a game given up: the defenders' tricks then (D73, D74)"));
  sub.add_flag("--claim-accepted", o.claim_accepted, Tr("the outcome of an accepted claim (N12)"));
  sub.add_option("--contra-by", o.contra_by, Tr("the defender who said Contra"));
  sub.add_flag("--recontra", o.recontra, Tr("the declarer answered Re-contra"));
  sub.add_option("--revoke-by", o.revoke_by, Tr("the seat that revoked (RULES P2)"));
  sub.add_option("--wrong-lead-by", o.wrong_lead_by,
                 Tr("the seat that led out of turn (RULES P2)"));
  sub.add_option("--after-tricks", o.after_tricks, Tr("complete tricks before the error"));
  sub.add_option("--tricks-before", o.tricks_before, Tr("the declarer's tricks before the error"));
  sub.add_option("--points-before", o.points_before,
                 Tr("card points in the declarer's tricks before the error"));
  sub.add_option("--defender-points-before", o.defender_points_before,
                 Tr("card points in the defenders' tricks before the error"));
  sub.add_option("--discarded", o.discarded, Tr("cards the declarer discarded, if not 2"));
  sub.add_flag("--declarer-looked-at-skat", o.declarer_looked,
               Tr("a hand declarer looked at the skat"));
  sub.add_option("--defender-looked-at-skat", o.defender_looked, Tr("the defender who looked"));
  sub.add_option("--wrong-count", o.wrong_count, Tr("a seat found with a wrong number of cards"));
  sub.add_option("--card-points", o.card_points, Tr("Ramsch: forehand,middlehand,rearhand"))
      ->delimiter(',');
  sub.add_option("--ramsch-tricks", o.ramsch_tricks, Tr("Ramsch: forehand,middlehand,rearhand"))
      ->delimiter(',');
  sub.add_option("--last-trick", o.last_trick, Tr("Ramsch: the seat that won the last trick"));
  sub.add_option("--fine", o.fines,
                 Tr("KIND:SEAT, KIND misdeal, dealer-looks, player-looks or skat-in-hand; SEAT a "
                    "seat or dealer (the resting dealer of four) (RULES P3)"));
}

Result<v1::PhysicalReport> ReadPhysicalReport(const PhysicalReportOptions& o) {
  if (o.passed_in && o.ramsch) {
    return Status::InvalidArgument("--passed-in and --ramsch: a board is one or the other");
  }
  v1::PhysicalReport r;
  Status read = Status::Ok();
  if (o.passed_in) {
    r.set_kind(v1::GameResult::KIND_PASSED_IN);
  } else if (o.ramsch) {
    r.set_kind(v1::GameResult::KIND_RAMSCH);
    read = ReadRamsch(o, r);
  } else {
    r.set_kind(v1::GameResult::KIND_DECLARER_GAME);
    read = ReadDeclarerGame(o, r);
  }
  if (!read.ok()) return read;
  for (const std::string& f : o.fines) {
    Result<v1::Fine> fine = ReadFine(f);
    if (!fine.ok()) return fine.status();
    *r.add_fines() = *fine;
  }
  return r;
}

}  // namespace skat::cli
