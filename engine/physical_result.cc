#include "engine/physical_result.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/num.h"
#include "engine/physical_result_checks.h"
#include "engine/settlement.h"

namespace skat {
namespace {

using physical::CheckContra;
using physical::CheckDeclarerOnBoard;
using physical::CheckDeclarerReport;
using physical::CheckRamsch;
using physical::IrregularityCount;
using physical::Reached;
using physical::SettledEnd;

// A loss decided by a rule, not by the card points (RULES P2, XI.1, XI.2, XI.4, XI.7): the lost
// level from these tricks and points (N5: 3 without a trick, 2 at <= 30), announcements, N7 and
// the overbid charge (N8, N9) as ValueGame counts them.
Valuation ForcedLoss(const Profile& profile, const Declaration& d, Matadors m, int floor,
                     int points, int tricks) {
  PlayOutcome o;
  o.end = GameEnd::kPlayedOut;
  if (d.type == GameType::kNull) {
    o.declarer_tricks = 1;  // a Null is lost by a trick (RULES N6)
  } else if (profile.FixedValue(d)) {
    o.declarer_tricks = profile.TargetTricks(d) + 1;  // Uno, Duo: not exactly the target (D28)
  } else if (tricks == 0) {
    o.declarer_points = 0;
    o.declarer_tricks = 0;
  } else {
    // Below 61 so that ValueGame counts a loss, on the same side of the schneider line.
    o.declarer_points = points <= profile.schneidered_points ? points : profile.win_points - 1;
    o.declarer_tricks = std::clamp(tricks, 1, 9);
  }
  Valuation v = ValueGameUnchecked(profile, d, m, floor, o);
  v.achieved = Announcement::kNone;
  return v;
}

// A win decided by a rule (RULES P2, XI.1, XI.5, XI.8): won at the level reached, never below the
// announced one; an overbid declarer so rewarded wins the N9 charge (XI.9).
Valuation ForcedWin(const Profile& profile, const Declaration& d, Matadors m, int floor,
                    Announcement reached, bool* rewarded_overbid) {
  PlayOutcome o;
  o.end = GameEnd::kDefendersConceded;  // ValueGame: won at the level reached or announced
  switch (reached) {
    case Announcement::kSchwarz: o = {120, 10, o.end}; break;
    case Announcement::kSchneider: o = {profile.schneider_points, 9, o.end}; break;
    case Announcement::kNone: o = {profile.win_points, 5, o.end}; break;
  }
  Valuation v = ValueGameUnchecked(profile, d, m, floor, o);
  v.rules &= ~kRuleN11;
  *rewarded_overbid = v.overbid;
  if (v.overbid) {
    v.won = true;
    v.pad = v.value;
  }
  return v;
}

int FineAmount(const Fines& f, FineKind k) {
  switch (k) {
    case FineKind::kMisdeal: return f.misdeal;
    case FineKind::kDealerLooksAtSkat: return f.dealer_looks_at_skat;
    case FineKind::kPlayerLooksAtSkat: return f.player_looks_at_skat;
    case FineKind::kSkatFoundInHand: return f.skat_found_in_hand;
  }
  return 0;
}

std::string_view FineRule(FineKind k) {
  switch (k) {
    case FineKind::kMisdeal: return "XI.1";
    case FineKind::kDealerLooksAtSkat: return "XI.3";
    case FineKind::kPlayerLooksAtSkat: return "X.16";
    case FineKind::kSkatFoundInHand: return "XI.6";
  }
  return "";
}

// Appends a rule id unless it is already there as a whole word ("XI.1" is not "XI.15").
void AddRule(std::string& rules, std::string_view id) {
  size_t at = 0;
  while ((at = rules.find(id, at)) != std::string::npos) {
    const size_t end = at + id.size();
    if ((at == 0 || rules[at - 1] == ' ') && (end == rules.size() || rules[end] == ' ')) return;
    at = end;
  }
  if (!rules.empty()) rules += ' ';
  rules += id;
}

// RULES P3: the fines, checked and entered in the column (by Party).
Status ApplyFines(const Profile& profile, const ReportedOutcome& r,
                  std::array<int, kPartyCount>& column, std::string& rules) {
  for (const FineReport& f : r.fines) {
    const int amount = FineAmount(profile.fines, f.kind);
    const std::string what = "fine " + std::string(FineKindName(f.kind));
    if (amount <= 0) {
      return Status::InvalidArgument(what + ": " + std::string(profile.id) +
                                     " has no such fine (RULES P3)");
    }
    Party party = f.party;
    const bool dealer_fine = f.kind == FineKind::kMisdeal || f.kind == FineKind::kDealerLooksAtSkat;
    if (r.players == 3 && party == Party::kDealer) party = Party::kRearhand;  // RULES C3
    if (dealer_fine) {
      const Party dealer = r.players == 3 ? Party::kRearhand : Party::kDealer;
      if (party != dealer) {
        return Status::InvalidArgument(what + " names " + std::string(PartyName(f.party)) +
                                       ", but it is the dealer's fine (the dealer is " +
                                       std::string(PartyName(dealer)) + " at a " + Num(r.players) +
                                       "-player table; RULES P3, 1909 booklet " +
                                       (f.kind == FineKind::kMisdeal ? "XI.1" : "XI.3") + ")");
      }
    } else {
      if (party == Party::kDealer) {
        return Status::InvalidArgument(
            what +
            " names the resting dealer, who holds no cards; the dealer's own "
            "fine is dealer-looks (RULES P3)");
      }
      if (r.kind == ResultKind::kDeclarerGame && party == PartyOf(r.declarer)) {
        return Status::InvalidArgument(
            what + " names the declarer " + std::string(PartyName(party)) +
            ", but the offender may not play that deal (RULES P3, 1909 booklet " +
            (f.kind == FineKind::kSkatFoundInHand ? "XI.6" : "X.16") + ")");
      }
    }
    column[static_cast<int>(party)] -= amount;
    AddRule(rules, "P3");
    AddRule(rules, FineRule(f.kind));
  }
  if (!r.fines.empty() && !profile.fines_on_pad) AddRule(rules, "XI.15");
  return Status::Ok();
}

// The checks every kind of deal shares: the table's size, irregularities only in a declarer
// game, a Contra (CheckContra), the fines (ApplyFines, into a column thrown away).
Status CheckShared(const Profile& profile, const ReportedOutcome& r) {
  if (r.players != 3 && r.players != 4) {
    return Status::InvalidArgument("a table has 3 or 4 players, not " + Num(r.players) +
                                   " (RULES C3)");
  }
  if (r.kind != ResultKind::kDeclarerGame && IrregularityCount(r) > 0) {
    return Status::InvalidArgument("irregularities of play (RULES P2) belong to a declarer game");
  }
  if (Status s = CheckContra(profile, r); !s.ok()) return s;
  std::array<int, kPartyCount> column{};
  std::string rules;
  return ApplyFines(profile, r, column, rules);
}

// RULES B3, N10: a passed-in deal or a Ramsch, checked and scored into g; its rule ids in *rules.
Status ScoreWithoutDeclarer(const Profile& profile, const ReportedOutcome& r, GameResult& g,
                            std::string& rules) {
  g.kind = r.kind;
  if (r.kind == ResultKind::kPassedIn) {
    const bool voided = std::any_of(r.fines.begin(), r.fines.end(), [](const FineReport& f) {
      return f.kind == FineKind::kMisdeal;
    });
    if (profile.ramsch && !voided) {
      return Status::InvalidArgument("a deal all three pass is played as Ramsch under " +
                                     std::string(profile.id) + " (RULES B3, N10)");
    }
    return Status::Ok();
  }
  if (Status s = CheckRamsch(profile, r); !s.ok()) return s;
  g.card_points = r.card_points;
  g.tricks = r.tricks;
  ChargeRamsch(profile, r.last_trick, g);
  rules = "N10";
  return Status::Ok();
}

// The declarer game as the report states it, without matadors or a valuation. A concession
// under isko is a party giving up (SettledEnd; docs/rules-decisions.md D73, D74), valued by
// ValueGame as online play values it.
void ReportedGame(const Profile& profile, const ReportedOutcome& r, GameResult& g) {
  g.kind = ResultKind::kDeclarerGame;
  g.declarer = r.declarer;
  g.declaration = r.declaration;
  g.floor = r.floor;
  g.outcome = {r.declarer_points, r.declarer_tricks, SettledEnd(profile, r.end)};
  if (IskoGaveUp(g.outcome.end)) {
    g.outcome.defender_points = r.defender_points;
    g.outcome.defender_tricks = r.defender_tricks;
  }
  g.claim_accepted = r.claim_accepted;
  g.card_points[Index(r.declarer)] = r.declarer_points;
  g.tricks[Index(r.declarer)] = r.declarer_tricks;
  g.contra = r.contra;
  g.contra_by = r.contra_by;
}

// The valuation of a checked declarer game with matadors m: the forced loss or win of its
// irregularity (RULES P2, Section XI), else ValueGame on `outcome`. *charged: the offending
// defender; *extra: the P2 and XI ids.
Result<Valuation> ValuationOf(const Profile& profile, const ReportedOutcome& r, Matadors m,
                              const PlayOutcome& outcome, std::optional<Direction>* charged,
                              std::string* extra) {
  const Declaration& d = r.declaration;
  bool rewarded_overbid = false;
  Valuation v;
  const bool any_wrong_count =
      std::any_of(r.wrong_card_count.begin(), r.wrong_card_count.end(), [](bool b) { return b; });
  const Announcement reached = Reached(profile, r.declarer_points, r.declarer_tricks);
  if (r.play_error) {
    const PlayError& e = *r.play_error;
    *extra = "P2";
    if (e.seat == r.declarer) {
      // XI.7: the declarer's revoke or wrong lead loses; the level from his tricks so far.
      v = ForcedLoss(profile, d, m, r.floor, e.declarer_points, e.declarer_tricks);
      *extra += " XI.7";
    } else {
      // XI.8: a defender's error wins the game for the declarer, charged to the offender; the
      // level from the defenders' tricks so far (none: schwarz, <= 30: schneider).
      const int defender_tricks = e.after_tricks - e.declarer_tricks;
      const Announcement level = defender_tricks == 0 ? Announcement::kSchwarz
                                 : e.defender_points <= profile.schneidered_points
                                     ? Announcement::kSchneider
                                     : Announcement::kNone;
      v = ForcedWin(profile, d, m, r.floor, level, &rewarded_overbid);
      *charged = e.seat;
      *extra += " XI.8";
    }
  } else if (r.discarded || r.declarer_looked_at_skat) {
    v = ForcedLoss(profile, d, m, r.floor, r.declarer_points, r.declarer_tricks);
    *extra = r.discarded ? "P2 XI.2" : "P2 XI.4";
  } else if (r.defender_looked_at_skat) {
    v = ForcedWin(profile, d, m, r.floor, reached, &rewarded_overbid);
    *charged = *r.defender_looked_at_skat;
    *extra = "P2 XI.5";
  } else if (any_wrong_count) {
    // XI.1: a declarer with a wrong count loses; with a right count against a defender's wrong
    // count he wins. The value goes to the declarer alone.
    v = r.wrong_card_count[Index(r.declarer)]
            ? ForcedLoss(profile, d, m, r.floor, r.declarer_points, r.declarer_tricks)
            : ForcedWin(profile, d, m, r.floor, reached, &rewarded_overbid);
    *extra = "P2 XI.1";
  } else {
    Result<Valuation> valued = ValueGame(profile, d, m, r.floor, outcome);
    if (!valued.ok()) return valued.status();
    v = *valued;
    if (r.claim_accepted) v.rules |= kRuleN12;
  }
  if (rewarded_overbid) *extra += " XI.9";
  return v;
}

// A checked declarer game valued with matadors m into g: its valuation and pad entries (an
// offending defender charged, RULES P2; a Contra, 000 §11); the rule ids in *rules.
Status ValueDeclarerGame(const Profile& profile, const ReportedOutcome& r, Matadors m,
                         GameResult& g, std::string& rules) {
  ReportedGame(profile, r, g);
  g.matadors = m;
  if (r.play_error) {
    const PlayError& e = *r.play_error;
    g.outcome = {e.declarer_points, e.declarer_tricks, GameEnd::kPlayedOut};
  }
  std::optional<Direction> charged;
  std::string extra;
  Result<Valuation> v = ValuationOf(profile, r, m, g.outcome, &charged, &extra);
  if (!v.ok()) return v.status();
  g.valuation = *v;
  g.card_points = {};
  g.tricks = {};
  g.card_points[Index(r.declarer)] = g.outcome.declarer_points;
  g.tricks[Index(r.declarer)] = g.outcome.declarer_tricks;
  g.contra = 0;
  g.pad = {};
  g.pad[Index(r.declarer)] = v->pad;
  if (charged) g.pad[Index(*charged)] = -v->value;  // RULES P2: the partner is even
  // No irregularity comes with a Contra (CheckContra): nobody is charged besides.
  if (r.contra > 0) ApplyContra(r.contra, r.contra_by, g);
  rules = RuleNames(v->rules);
  if (!extra.empty()) AddRule(rules, extra);
  return Status::Ok();
}

// The result of a scored game g: the pad entries, the fines (RULES P3), the rule ids S1 and S2
// after `rules`, and the settlement (RULES S2 with k = 3, or 4 with the resting dealer).
Result<PhysicalResult> Finish(const Profile& profile, const ReportedOutcome& r, const GameResult& g,
                              std::string rules) {
  PhysicalResult out;
  out.players = r.players;
  out.game = g;
  for (Direction d : kDirections) out.pad[Index(d)] = g.pad[Index(d)];
  if (Status s = ApplyFines(profile, r, out.fines, rules); !s.ok()) return s;
  if (profile.fines_on_pad) {
    for (int i = 0; i < kPartyCount; ++i) out.pad[i] += out.fines[i];
  }
  AddRule(rules, "S1");
  AddRule(rules, "S2");
  out.rules = rules;
  std::vector<long long> totals(out.pad.begin(), out.pad.begin() + r.players);
  out.settled = Settle(totals);
  return out;
}

}  // namespace

std::string_view PartyName(Party p) {
  switch (p) {
    case Party::kForehand: return "forehand";
    case Party::kMiddlehand: return "middlehand";
    case Party::kRearhand: return "rearhand";
    case Party::kDealer: return "dealer";
  }
  return "";
}

std::string_view FineKindName(FineKind k) {
  switch (k) {
    case FineKind::kMisdeal: return "misdeal";
    case FineKind::kDealerLooksAtSkat: return "dealer-looks";
    case FineKind::kPlayerLooksAtSkat: return "player-looks";
    case FineKind::kSkatFoundInHand: return "skat-in-hand";
  }
  return "";
}

std::optional<FineKind> ParseFineKind(std::string_view name) {
  for (FineKind k : {FineKind::kMisdeal, FineKind::kDealerLooksAtSkat, FineKind::kPlayerLooksAtSkat,
                     FineKind::kSkatFoundInHand}) {
    if (name == FineKindName(k)) return k;
  }
  return std::nullopt;
}

Result<PhysicalResult> ScorePhysicalResult(const Profile& profile, const Board& board,
                                           const ReportedOutcome& r) {
  if (Status s = CheckBoard(board); !s.ok()) return s;
  // The checks of the report by itself come first, as in PreviewPhysicalResult, so that a
  // refusal there is the same refusal here.
  if (Status s = CheckShared(profile, r); !s.ok()) return s;
  GameResult g;
  std::string rules;
  if (r.kind != ResultKind::kDeclarerGame) {
    if (Status s = ScoreWithoutDeclarer(profile, r, g, rules); !s.ok()) return s;
  } else {
    if (Status s = CheckDeclarerReport(profile, r); !s.ok()) return s;
    Matadors m;
    if (Status s = CheckDeclarerOnBoard(board, r, &m); !s.ok()) return s;
    if (Status s = ValueDeclarerGame(profile, r, m, g, rules); !s.ok()) return s;
  }
  return Finish(profile, r, g, rules);
}

Result<PhysicalPreview> PreviewPhysicalResult(const Profile& profile, const ReportedOutcome& r) {
  if (Status s = CheckShared(profile, r); !s.ok()) return s;
  PhysicalPreview out;
  GameResult g;
  std::string rules;
  if (r.kind != ResultKind::kDeclarerGame) {
    if (Status s = ScoreWithoutDeclarer(profile, r, g, rules); !s.ok()) return s;
  } else {
    if (Status s = CheckDeclarerReport(profile, r); !s.ok()) return s;
    // Null, Revolution, Uno and Duo have a fixed value: no matadors (RULES N1, N6, D28).
    if (profile.FixedValue(r.declaration) || r.matadors) {
      out.matadors_reported = r.matadors.has_value();
      if (Status s = ValueDeclarerGame(profile, r, r.matadors.value_or(Matadors{}), g, rules);
          !s.ok()) {
        return s;
      }
    } else {
      out.value_withheld = true;
      ReportedGame(profile, r, g);
    }
  }
  Result<PhysicalResult> result = Finish(profile, r, g, rules);
  if (!result.ok()) return result.status();
  out.result = std::move(result).value();
  if (out.value_withheld) {
    out.result.pad = {};
    out.result.settled.clear();
  }
  return out;
}

std::string Describe(const PhysicalPreview& p) {
  const GameResult& g = p.result.game;
  if (g.kind != ResultKind::kDeclarerGame) return Describe(g);
  std::string out = std::string(DirectionName(g.declarer)) + " " + ToString(g.declaration);
  if (p.matadors_reported) out += " " + ToString(g.matadors) + " as reported";
  out += ": ";
  out += p.value_withheld ? "the value is computed when the result is entered" : DescribeValue(g);
  return out + " " + DescribePlay(g);
}

}  // namespace skat
