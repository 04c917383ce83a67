// skat value: the value of a described outcome (RULES N1-N11): game, matadors or the declarer's
// 12 cards, announcements, card points and tricks, floor -> value, pad entry, rule ids applied.
// With --board and --declarer it scores a result reported from physical play (docs/tables.md
// "Physical play"; RULES P2, P3): matadors from the board, irregularities and fines, every seat's
// pad entry, the fines column and the settlement (S1, S2), and it refuses a report that contradicts
// the board.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/physical_result.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/results/physical_report_options.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// "with 2", "without 3", "w2", "wo3".
std::optional<Matadors> ParseMatadors(const std::string& text) {
  std::istringstream in(text);
  std::string word;
  int count = 0;
  if (!(in >> word >> count)) return std::nullopt;
  std::string rest;
  if (in >> rest) return std::nullopt;
  if (word == "with") return Matadors{count, true};
  if (word == "without") return Matadors{count, false};
  return std::nullopt;
}

// The names of the profile's games (GameName), in the order of the handlings and game types:
// what `skat value` tells a user who named a game the profile does not have.
std::string ProfileGameNames(const Profile& profile) {
  std::string out;
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (const bool ouvert : {false, true}) {
        const Declaration d{static_cast<SkatHandling>(h), static_cast<GameType>(t), ouvert};
        if (profile.Allows(d)) out += (out.empty() ? "" : ", ") + GameName(d);
      }
    }
  }
  return out;
}

std::optional<Party> ParseParty(const std::string& text) {
  if (text == "dealer" || text == "D" || text == "d") return Party::kDealer;
  std::optional<Direction> d = ParseSeat(text);
  if (!d) return std::nullopt;
  return PartyOf(*d);
}

// The physical-play options (RULES P2, P3); used only with --board.
struct PhysicalOptions {
  std::string board;
  std::string declarer;
  std::string turned;
  int players = 3;
  std::string level;
  int conceded_after = -1;
  bool claim_accepted = false;
  std::string revoke_by;
  std::string wrong_lead_by;
  int after_tricks = -1;
  int tricks_before = 0;
  int points_before = 0;
  int defender_points_before = 0;
  int discarded = -1;
  bool declarer_looked = false;
  std::string defender_looked;
  std::vector<std::string> wrong_count;
  std::vector<std::string> fines;
  std::string contra_by;
  bool recontra = false;

  // Any option that needs the board.
  bool any() const {
    return !declarer.empty() || !turned.empty() || players != 3 || !level.empty() ||
           conceded_after >= 0 || claim_accepted || !revoke_by.empty() || !wrong_lead_by.empty() ||
           after_tricks >= 0 || discarded >= 0 || declarer_looked || !defender_looked.empty() ||
           !wrong_count.empty() || !fines.empty() || !contra_by.empty() || recontra;
  }
};

// Prints one row per party: "pad: forehand +40, middlehand -40, rearhand 0" (the parties in
// the reader's language: Party is forehand, middlehand, rearhand, dealer in this order).
template <typename Numbers>
void PrintRow(const std::string& label, const Numbers& values, int players) {
  std::cout << label << ":";
  for (int i = 0; i < players; ++i) {
    const std::string party =
        i < 3 ? DirectionText(static_cast<v1::Direction>(i + 1)) : Tr("dealer");
    std::cout << (i ? ", " : " ") << party << " " << Signed(values[i]);
  }
  std::cout << "\n";
}

std::string MatadorWords(Matadors m) {
  return m.with ? Tr("with {0}", m.count) : Tr("without {0}", m.count);
}

// "game: ...", the outcome's card points and tricks (and under the ISkO who gave up).
void PrintGameAndOutcome(const std::string& game, const Declaration& d, Matadors matadors,
                         const PlayOutcome& outcome, bool until_error) {
  std::cout << Tr("game: {0}", game);
  if (d.type != GameType::kNull) std::cout << ", " << MatadorWords(matadors);
  std::cout << "\n";
  if (d.type == GameType::kNull) return;
  std::cout << Tr("outcome: {0} card points, {1} tricks", outcome.declarer_points,
                  outcome.declarer_tricks)
            << (until_error ? " " + Tr("until the error") : "");
  if (IskoGaveUp(outcome.end)) {
    std::cout << "; "
              << (outcome.end == GameEnd::kDeclarerGaveUp
                      ? Tr("the defenders {0} card points, {1} tricks; given up by the declarer "
                           "(ISkO 4.3.3-4.3.6)",
                           outcome.defender_points, outcome.defender_tricks)
                      : Tr("the defenders {0} card points, {1} tricks; given up by the defenders "
                           "(ISkO 4.3.3-4.3.6)",
                           outcome.defender_points, outcome.defender_tricks));
  }
  std::cout << "\n";
}

// "result: won, overbid (floor 24), level 1", then "value: 48" and "pad entry: +48".
void PrintValuation(const Valuation& v, int floor) {
  std::cout << Tr("result: {0}", v.won ? Tr("won") : Tr("lost"));
  if (v.overbid) std::cout << ", " << Tr("overbid (floor {0})", floor);
  if (v.level > 0) std::cout << ", " << Tr("level {0}", v.level);
  std::cout << "\n" << Tr("value: {0}", v.value) << "\n";
  std::cout << Tr("pad entry: {0}", Signed(v.pad)) << "\n";
}

// skat value --board ...: a reported outcome scored on its board.
// The errors and irregularities of physical play into `r`: the error that ended the game, the
// discards, who looked at the skat, wrong card counts and fines. Returns 0, or 1 after the
// problem is printed.
int ReadPhysicalErrors(const PhysicalOptions& o, ReportedOutcome& r) {
  if (!o.revoke_by.empty() && !o.wrong_lead_by.empty()) {
    return Fail("value",
                Tr("--revoke-by and --wrong-lead-by: report the one error that ended the game"));
  }
  if (!o.revoke_by.empty() || !o.wrong_lead_by.empty()) {
    const bool revoke = !o.revoke_by.empty();
    const std::string& who = revoke ? o.revoke_by : o.wrong_lead_by;
    std::optional<Direction> seat = ParseSeat(who);
    if (!seat) return Fail("value", Tr("unknown seat '{0}'", who));
    if (o.after_tricks < 0)
      return Fail("value", Tr("give the tricks complete before the error: --after-tricks"));
    r.play_error = PlayError{revoke ? PlayError::Kind::kRevoke : PlayError::Kind::kLeadOutOfTurn,
                             *seat,
                             o.after_tricks,
                             o.tricks_before,
                             o.points_before,
                             o.defender_points_before};
  } else if (o.after_tricks >= 0) {
    return Fail("value", Tr("--after-tricks belongs to --revoke-by or --wrong-lead-by"));
  }
  if (o.discarded >= 0) r.discarded = o.discarded;
  r.declarer_looked_at_skat = o.declarer_looked;
  if (!o.defender_looked.empty()) {
    std::optional<Direction> seat = ParseSeat(o.defender_looked);
    if (!seat) return Fail("value", Tr("unknown seat '{0}'", o.defender_looked));
    r.defender_looked_at_skat = *seat;
  }
  for (const std::string& w : o.wrong_count) {
    std::optional<Direction> seat = ParseSeat(w);
    if (!seat) return Fail("value", Tr("unknown seat '{0}' for {1}", w, "--wrong-count"));
    r.wrong_card_count[Index(*seat)] = true;
  }
  for (const std::string& f : o.fines) {
    const size_t colon = f.find(':');
    std::optional<FineKind> kind = ParseFineKind(f.substr(0, colon));
    std::optional<Party> party = colon == std::string::npos ? std::optional<Party>(Party::kDealer)
                                                            : ParseParty(f.substr(colon + 1));
    if (!kind || !party) {
      return Fail("value",
                  Tr("--fine '{0}': write KIND:SEAT, KIND misdeal, dealer-looks, player-looks or "
                     "skat-in-hand, SEAT forehand, middlehand, rearhand or dealer",
                     f));
    }
    r.fines.push_back(FineReport{*kind, *party});
  }
  return 0;
}

// The scored result: the game, its value, every seat's pad entry, the fines and the settlement.
void PrintPhysical(const Profile& profile, const Declaration& d, int floor,
                   const ReportedOutcome& r, const PhysicalResult& p) {
  PrintGameAndOutcome(DirectionText(service::ToProto(r.declarer)) + " " + DeclarationText(d), d,
                      p.game.matadors, p.game.outcome, r.play_error.has_value());
  PrintValuation(p.game.valuation, floor);
  if (p.game.contra > 0) {
    const std::string by = DirectionText(service::ToProto(p.game.contra_by));
    std::cout << (p.game.contra == 2 ? Tr("re-contra by {0}", by) : Tr("contra by {0}", by))
              << " (000 §11, D25)\n";
  }
  PrintRow(Tr("pad"), p.pad, p.players);
  PrintRow(profile.fines_on_pad ? Tr("fines (on the pad)") : Tr("fines (kept apart)"), p.fines,
           p.players);
  PrintRow(Tr("settled"), p.settled, p.players);
  std::cout << Tr("rules: {0} ({1})", p.rules, profile.id) << "\n";
}

int RunPhysical(const Profile& profile, const Declaration& d, const std::string& matadors_text,
                const PlayOutcome& outcome, int floor, const PhysicalOptions& o) {
  Result<Board> board = ParseBoard(o.board);
  if (!board.ok()) return Fail("value", "--board: " + board.status().message());
  if (o.declarer.empty())
    return Fail("value", Tr("--board needs --declarer (forehand, middlehand, rearhand)"));
  ReportedOutcome r;
  r.kind = ResultKind::kDeclarerGame;
  r.players = o.players;
  std::optional<Direction> declarer = ParseSeat(o.declarer);
  if (!declarer) return Fail("value", Tr("unknown seat '{0}' for {1}", o.declarer, "--declarer"));
  r.declarer = *declarer;
  r.declaration = d;
  r.floor = floor;
  r.declarer_points = outcome.declarer_points;
  r.declarer_tricks = outcome.declarer_tricks;
  r.end = outcome.end;
  if (IskoGaveUp(outcome.end)) {  // D73, D74: the defenders' numbers when it was given up
    r.defender_points = outcome.defender_points;
    r.defender_tricks = outcome.defender_tricks;
  }
  if (!o.turned.empty()) {
    std::optional<Card> card = ParseCard(o.turned);
    if (!card) return Fail("value", Tr("--turned: unreadable card '{0}'", o.turned));
    r.turned = *card;
  }
  if (!matadors_text.empty()) {
    std::optional<Matadors> m = ParseMatadors(matadors_text);
    if (!m)
      return Fail("value", Tr("matadors '{0}': write \"with N\" or \"without N\"", matadors_text));
    r.matadors = *m;
  }
  if (!o.level.empty()) {
    if (o.level == "simple") {
      r.level = Announcement::kNone;
    } else {
      std::optional<Announcement> a = ParseAnnouncement(o.level);
      if (!a || *a == Announcement::kNone) {
        return Fail("value", Tr("--level '{0}': simple, schneider or schwarz", o.level));
      }
      r.level = *a;
    }
  }
  if (o.conceded_after >= 0) r.conceded_after_tricks = o.conceded_after;
  r.claim_accepted = o.claim_accepted;
  if (int code = ReadPhysicalErrors(o, r); code != 0) return code;
  if (!o.contra_by.empty()) {
    std::optional<Direction> seat = ParseSeat(o.contra_by);
    if (!seat) return Fail("value", Tr("unknown seat '{0}' for {1}", o.contra_by, "--contra-by"));
    r.contra = o.recontra ? 2 : 1;
    r.contra_by = *seat;
  } else if (o.recontra) {
    return Fail("value", Tr("--recontra answers a Contra: give --contra-by too (000 §11)"));
  }
  Result<PhysicalResult> scored = ScorePhysicalResult(profile, *board, r);
  if (!scored.ok()) return Fail("value", scored.status().message());
  PrintPhysical(profile, d, floor, r, *scored);
  return 0;
}

// The options of a described game; those of physical play are PhysicalOptions.
struct ValueOptions {
  std::string profile = "nasl-1909";
  std::string game;
  std::string matadors;
  std::string cards;
  std::string announce = "none";
  int points = -1;
  int tricks = -1;
  int floor = 0;
  bool conceded = false;
  bool defenders_conceded = false;
  // A game given up under a profile that settles it by the ISkO (isko; D73, D74): the
  // defenders' card points and tricks until then.
  int defender_points = -1;
  int defender_tricks = -1;
};

// The options of a result from physical play (RULES P2, P3), with --board; --board excludes
// --cards.
void AddPhysicalOptions(CLI::App& sub, PhysicalOptions& po, CLI::Option* cards) {
  auto* b = sub.add_option("--board", po.board,
                           Tr("the board \"F: ...; M: ...; R: ...; S: c1 c2\": score a result "
                              "from physical play on it"));
  b->excludes(cards);
  sub.add_option("--declarer", po.declarer, Tr("the declarer's seat (with --board)"));
  sub.add_option("--turned", po.turned,
                 Tr("Tournée / passt mir nicht: the turned card (checked against the board)"));
  sub.add_option("--players", po.players, Tr("3, or 4 with a resting dealer"))
      ->check(CLI::IsMember({3, 4}));
  sub.add_option("--level", po.level,
                 Tr("the level written down as made: simple, schneider, schwarz (checked)"));
  sub.add_option("--conceded-after", po.conceded_after,
                 Tr("complete tricks when the declarer conceded (RULES N11; isko: when either side "
                    "gave up, D73)"));
  sub.add_flag("--claim-accepted", po.claim_accepted, Tr("the outcome of an accepted claim (N12)"));
  sub.add_option("--revoke-by", po.revoke_by, Tr("the seat that revoked (RULES P2, XI.7, XI.8)"));
  sub.add_option("--wrong-lead-by", po.wrong_lead_by,
                 Tr("the seat that led out of turn (RULES P2, XI.7, XI.8)"));
  sub.add_option("--after-tricks", po.after_tricks, Tr("complete tricks before the error"));
  sub.add_option("--tricks-before", po.tricks_before, Tr("the declarer's tricks before the error"))
      ->capture_default_str();
  sub.add_option("--points-before", po.points_before,
                 Tr("card points in the declarer's tricks before the error"))
      ->capture_default_str();
  sub.add_option("--defender-points-before", po.defender_points_before,
                 Tr("card points in the defenders' tricks before the error"))
      ->capture_default_str();
  sub.add_option("--discarded", po.discarded, Tr("cards the declarer discarded, if not 2 (XI.2)"));
  sub.add_flag("--declarer-looked-at-skat", po.declarer_looked,
               Tr("a Solo declarer looked at the skat (XI.4)"));
  sub.add_option("--defender-looked-at-skat", po.defender_looked,
                 Tr("the defender who looked at the skat (XI.5)"));
  sub.add_option("--wrong-count", po.wrong_count,
                 Tr("a seat found with a wrong number of cards (XI.1); repeatable"));
  sub.add_option("--contra-by", po.contra_by,
                 Tr("the defender who said Contra (000 §11; profiles with the option \"contra\")"));
  sub.add_flag("--recontra", po.recontra, Tr("the declarer answered Re-contra (000 §11)"));
  sub.add_option("--fine", po.fines,
                 Tr("KIND:SEAT, KIND misdeal, dealer-looks, player-looks, skat-in-hand; SEAT "
                    "forehand, middlehand, rearhand, dealer (RULES P3); repeatable"));
}

// The matadors of a suit or grand game: counted from --cards, else read from --matadors.
// Returns 0, or 1 after the problem is printed.
int ReadMatadors(const ValueOptions& o, GameType type, Matadors* matadors) {
  if (!o.cards.empty()) {
    std::optional<CardSet> cards = ParseCardSet(o.cards);
    if (!cards || cards->size() != 12) {
      return Fail("value",
                  Tr("--cards needs the declarer's 12 different cards, got '{0}'", o.cards));
    }
    *matadors = CountMatadors(*cards, type);
  } else if (!o.matadors.empty()) {
    std::optional<Matadors> parsed = ParseMatadors(o.matadors);
    if (!parsed)
      return Fail("value", Tr("matadors '{0}': write \"with N\" or \"without N\"", o.matadors));
    *matadors = *parsed;
  } else {
    return Fail("value", Tr("give --matadors or --cards for a {0} game", GameTypeName(type)));
  }
  return 0;
}

// How the game ended: played out or conceded, the declarer's card points and tricks. Returns 0,
// or 1 after the problem is printed.
int ReadOutcome(const Profile& profile, const ValueOptions& o, const PhysicalOptions& po,
                const Declaration& d, PlayOutcome* outcome) {
  if (o.conceded && o.defenders_conceded) {
    return Fail("value", Tr("--conceded and --defenders-conceded exclude each other"));
  }
  // ISkO 4.3.3-4.3.6 (isko): the card points as they stood when the game was given up (D73).
  // With --board as without: a physical table's report is settled by the same rule.
  const bool isko_give_up = profile.isko_give_up && (o.conceded || o.defenders_conceded);
  if ((o.defender_points >= 0 || o.defender_tricks >= 0) && !isko_give_up) {
    return Fail("value",
                Tr("--defender-points and --defender-tricks describe a game given up under a "
                   "profile that settles it by the ISkO (isko; --conceded or --defenders-conceded; "
                   "docs/rules-decisions.md D73)"));
  }
  outcome->end = o.conceded             ? GameEnd::kDeclarerConceded
                 : o.defenders_conceded ? GameEnd::kDefendersConceded
                                        : GameEnd::kPlayedOut;
  if (isko_give_up) {
    outcome->end = o.conceded ? GameEnd::kDeclarerGaveUp : GameEnd::kDefendersGaveUp;
    outcome->defender_points = std::max(o.defender_points, 0);
    outcome->defender_tricks = o.defender_tricks >= 0          ? o.defender_tricks
                               : outcome->defender_points == 0 ? 0
                                                               : 1;
    if (o.defender_tricks < 0 && po.conceded_after >= 0 && o.tricks >= 0) {
      outcome->defender_tricks = po.conceded_after - o.tricks;  // the tricks complete then
    }
  }
  if (o.points < 0 && outcome->end == GameEnd::kPlayedOut && d.type != GameType::kNull &&
      po.revoke_by.empty() && po.wrong_lead_by.empty()) {
    return Fail("value", Tr("give the declarer's card points with --points"));
  }
  outcome->declarer_points = std::max(o.points, 0);
  outcome->declarer_tricks = o.tricks >= 0                     ? o.tricks
                             : outcome->declarer_points == 0   ? 0
                             : outcome->declarer_points == 120 ? 10
                             : isko_give_up                    ? 1
                                                               : 5;
  return 0;
}

// skat value: the game valued, or with --board scored as physical play (RunPhysical).
int RunValue(const ValueOptions& o, const PhysicalOptions& po) {
  const Profile* profile = FindProfile(o.profile);
  if (!profile) return Fail("value", Tr("unknown profile '{0}'", o.profile));
  std::optional<Declaration> d = ParseGame(o.game);
  if (!d) return Fail("value", Tr("unknown game '{0}' (see skat value --help)", o.game));
  if (!profile->Allows(*d)) {
    return Fail("value", o.game + ": " +
                             Tr("{0} is not a game of {1} (RULES G4-G6); its games: {2}",
                                DeclarationText(*d), profile->id, ProfileGameNames(*profile)));
  }
  std::optional<Announcement> a = ParseAnnouncement(o.announce);
  if (!a)
    return Fail("value", Tr("unknown announcement '{0}': none, schneider, schwarz", o.announce));
  d->announced = *a;
  const bool physical = !po.board.empty();
  if (!physical && po.any()) {
    return Fail(
        "value",
        Tr("the physical-play options (--declarer, --revoke-by, --fine, ...) need --board"));
  }
  Matadors matadors;
  if (d->type != GameType::kNull && !physical) {
    if (int code = ReadMatadors(o, d->type, &matadors); code != 0) return code;
  }
  PlayOutcome outcome;
  if (int code = ReadOutcome(*profile, o, po, *d, &outcome); code != 0) return code;
  if (physical) return RunPhysical(*profile, *d, o.matadors, outcome, o.floor, po);
  Result<Valuation> v = ValueGame(*profile, *d, matadors, o.floor, outcome);
  if (!v.ok()) return Fail("value", v.status().message());
  PrintGameAndOutcome(DeclarationText(*d), *d, matadors, outcome, false);
  PrintValuation(*v, o.floor);
  std::cout << Tr("rules: {0} ({1})", RuleNames(v->rules), profile->id) << "\n";
  return 0;
}

}  // namespace

Runner AddValueCommand(CLI::App& app) {
  auto o = std::make_shared<ValueOptions>();
  auto po = std::make_shared<PhysicalOptions>();
  CLI::App* sub = app.add_subcommand(
      "value", Tr("Value a described game: value, pad entry and the rule ids applied."));
  sub->footer(Tr(
      "Games: tournee-<suit>, grand-tournee, passt-mir-nicht-<suit>, passt-mir-nicht-grand,\n"
      "guckser, solo-<suit>, grand-solo, grand-ouvert, null, null-ouvert; laws-1900 also\n"
      "gucki-null, gucki-null-ouvert; isko also <suit>-ouvert; isko and gucki-variation the\n"
      "games after taking the skat: pickup-<suit>, pickup-grand, pickup-grand-ouvert,\n"
      "pickup-null, pickup-null-ouvert; with profile options also frage-<suit>, revolution,\n"
      "uno, uno-ouvert, duo, duo-ouvert; suits are clubs, spades, hearts, diamonds. A game\n"
      "the profile does not have is refused with the list of its games. Card notation:\n"
      "docs/cards.md.\n"
      "Examples:\n"
      "  skat value --game solo-clubs --matadors \"with 4\" --points 75\n"
      "  skat value --game tournee-hearts --matadors \"with 1\" --points 70 --floor 27\n"
      "  skat value --game guckser --matadors \"without 4\" --points 0 --tricks 0\n"
      "  skat value --profile gucki-variation --game pickup-spades --announce schneider \\\n"
      "    --matadors \"with 1\" --points 95 --tricks 9\n"
      "Under isko a game given up is valued with the card points as they stood (ISkO 4.3.3-\n"
      "4.3.6 with 4.1.3-4.1.5; docs/rules-decisions.md D73, D74):\n"
      "  skat value --profile isko --game pickup-clubs --matadors \"without 2\" --floor 18 \\\n"
      "    --defenders-conceded --points 40 --tricks 2 --defender-points 60 --defender-tricks 4\n"
      "Results from physical play (RULES P2, P3): give --board and --declarer; matadors are\n"
      "counted from the board (a --matadors given must agree), and every seat's pad entry, the\n"
      "fines column and the settlement (RULES S1, S2) are printed:\n"
      "  skat value --game solo-hearts --board \"F: ...; M: ...; R: ...; S: ...\" \\\n"
      "    --declarer forehand --revoke-by middlehand --after-tricks 3 --tricks-before 2 \\\n"
      "    --points-before 25 --defender-points-before 14 --fine misdeal:dealer\n"
      "Under isko a game given up at a physical table is settled as above (D73, D74): add\n"
      "--conceded-after and --defender-points to --conceded or --defenders-conceded."));
  sub->add_option("--profile", o->profile, Tr("rule profile"))->capture_default_str();
  sub->add_option("-g,--game", o->game, Tr("the game declared"))->required();
  auto* m = sub->add_option("-m,--matadors", o->matadors, Tr("\"with N\" or \"without N\""));
  auto* c = sub->add_option("--cards", o->cards,
                            Tr("the declarer's 12 cards (hand and skat); matadors are counted"));
  m->excludes(c);
  sub->add_option(
         "-a,--announce", o->announce,
         Tr("none, schneider or schwarz (hand games; gucki-variation: every suit or grand)"))
      ->capture_default_str();
  sub->add_option("-p,--points", o->points,
                  Tr("the declarer's card points, skat included (0-120)"));
  sub->add_option("-t,--tricks", o->tricks,
                  Tr("tricks the declarer took (default: 0 with 0 points, 10 with 120, else 5)"));
  sub->add_option("-f,--floor", o->floor,
                  Tr("the contract floor: the highest bid (default: none)"));
  sub->add_flag("--conceded", o->conceded, Tr("the declarer conceded (RULES N11)"));
  sub->add_flag("--defenders-conceded", o->defenders_conceded,
                Tr("both defenders conceded (RULES N11; isko: one defender gave up for both)"));
  sub->add_option("--defender-points", o->defender_points,
                  Tr("isko, with --conceded or --defenders-conceded (also with --board): the card "
                     "points in the defenders' tricks when the game was given up (default 0; D73, "
                     "D74)"));
  sub->add_option("--defender-tricks", o->defender_tricks,
                  Tr("isko, as --defender-points: the defenders' tricks (default: --conceded-after "
                     "less --tricks where both are given, else 0 with 0 points, else 1)"));
  AddPhysicalOptions(*sub, *po, c);
  return [o, po]() { return RunValue(*o, *po); };
}

}  // namespace skat::cli
