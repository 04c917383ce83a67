#include "services/table/physical_report.h"

#include <optional>
#include <string>
#include <utility>

#include "engine/game_result.h"
#include "engine/num.h"
#include "services/common/game_proto.h"

namespace skat::service {
namespace {

constexpr int kMaxFines = 20;

// A direction that must be set.
Result<Direction> RequiredDirection(v1::Direction d, const std::string& field,
                                    const std::string& why) {
  if (d == v1::DIRECTION_UNSPECIFIED) return Status::InvalidArgument(field + " is unset: " + why);
  std::optional<Direction> out = FromProto(d);
  if (!out) {
    return Status::InvalidArgument(
        field + " " + Num(d) + " is not a direction (DIRECTION_FOREHAND, _MIDDLEHAND, _REARHAND)");
  }
  return *out;
}

// A direction that may be unset.
Result<std::optional<Direction>> OptionalDirection(v1::Direction d, const std::string& field) {
  if (d == v1::DIRECTION_UNSPECIFIED) return std::optional<Direction>();
  std::optional<Direction> out = FromProto(d);
  if (!out) {
    return Status::InvalidArgument(
        field + " " + Num(d) + " is not a direction (DIRECTION_FOREHAND, _MIDDLEHAND, _REARHAND)");
  }
  return out;
}

Status NotNegative(int value, const std::string& field) {
  if (value < 0) return Status::InvalidArgument(field + " " + Num(value) + " is negative");
  return Status::Ok();
}

// The fields only a declarer game has, by name, when one of them is set.
std::optional<std::string> DeclarerGameField(const v1::PhysicalReport& r) {
  if (r.declarer() != v1::DIRECTION_UNSPECIFIED) return "report.declarer";
  if (r.has_declaration()) return "report.declaration";
  if (!r.turned_card().empty()) return "report.turned_card";
  if (r.floor() != 0) return "report.floor";
  if (r.declarer_points() != 0) return "report.declarer_points";
  if (r.declarer_tricks() != 0) return "report.declarer_tricks";
  if (r.conceded()) return "report.conceded";
  if (r.conceded_after_tricks() != 0) return "report.conceded_after_tricks";
  if (r.claim_accepted()) return "report.claim_accepted";
  if (r.defenders_conceded()) return "report.defenders_conceded";
  if (r.defender_points() != 0) return "report.defender_points";
  if (r.defender_tricks() != 0) return "report.defender_tricks";
  if (r.has_play_error() && r.play_error().ByteSizeLong() != 0) return "report.play_error";
  if (r.discarded() != 0) return "report.discarded";
  if (r.declarer_looked_at_skat()) return "report.declarer_looked_at_skat";
  if (r.defender_looked_at_skat() != v1::DIRECTION_UNSPECIFIED) {
    return "report.defender_looked_at_skat";
  }
  if (r.wrong_card_count_size() != 0) return "report.wrong_card_count";
  if (r.contra_by() != v1::DIRECTION_UNSPECIFIED) return "report.contra_by";
  if (r.recontra()) return "report.recontra";
  return std::nullopt;
}

// The fields only a Ramsch has, by name, when one of them is set.
std::optional<std::string> RamschField(const v1::PhysicalReport& r) {
  if (r.card_points_size() != 0) return "report.card_points";
  if (r.tricks_size() != 0) return "report.tricks";
  if (r.last_trick() != v1::DIRECTION_UNSPECIFIED) return "report.last_trick";
  return std::nullopt;
}

Status PlayErrorFromProto(const v1::PlayError& e, ReportedOutcome& out) {
  const std::string f = "report.play_error";
  if (e.kind() == v1::PlayError::KIND_UNSPECIFIED) {
    if (e.seat() != v1::DIRECTION_UNSPECIFIED || e.after_tricks() != 0 ||
        e.declarer_tricks() != 0 || e.declarer_points() != 0 || e.defender_points() != 0) {
      return Status::InvalidArgument(f +
                                     ".kind is unset, but the error's other fields are given: "
                                     "KIND_REVOKE or KIND_LEAD_OUT_OF_TURN (RULES P2)");
    }
    return Status::Ok();  // no error
  }
  PlayError error;
  switch (e.kind()) {
    case v1::PlayError::KIND_REVOKE: error.kind = PlayError::Kind::kRevoke; break;
    case v1::PlayError::KIND_LEAD_OUT_OF_TURN: error.kind = PlayError::Kind::kLeadOutOfTurn; break;
    default:
      return Status::InvalidArgument(
          f + ".kind " + Num(e.kind()) +
          " is not an error of play (KIND_REVOKE, KIND_LEAD_OUT_OF_TURN)");
  }
  Result<Direction> seat =
      RequiredDirection(e.seat(), f + ".seat", "who revoked or led out of turn");
  if (!seat.ok()) return seat.status();
  error.seat = *seat;
  for (const auto& [value, name] : {std::pair{e.after_tricks(), ".after_tricks"},
                                    std::pair{e.declarer_tricks(), ".declarer_tricks"},
                                    std::pair{e.declarer_points(), ".declarer_points"},
                                    std::pair{e.defender_points(), ".defender_points"}}) {
    if (Status s = NotNegative(value, f + name); !s.ok()) return s;
  }
  error.after_tricks = e.after_tricks();
  error.declarer_tricks = e.declarer_tricks();
  error.declarer_points = e.declarer_points();
  error.defender_points = e.defender_points();
  out.play_error = error;
  return Status::Ok();
}

Status DeclarerGameFromProto(const v1::PhysicalReport& r, ReportedOutcome& out) {
  if (std::optional<std::string> field = RamschField(r)) {
    return Status::InvalidArgument(*field + " belongs to a Ramsch, not a declarer game");
  }
  Result<Direction> declarer =
      RequiredDirection(r.declarer(), "report.declarer", "a declarer game needs its declarer");
  if (!declarer.ok()) return declarer.status();
  out.declarer = *declarer;
  if (!r.has_declaration()) {
    return Status::InvalidArgument(
        "report.declaration is missing: a declarer game needs the skat handling and "
        "the game");
  }
  Result<Declaration> declaration = FromProto(r.declaration());
  if (!declaration.ok()) return Status::InvalidArgument("report." + declaration.status().message());
  out.declaration = *declaration;
  if (!r.turned_card().empty()) {
    std::optional<Card> card = ParseCard(r.turned_card());
    if (!card) {
      return Status::InvalidArgument("report.turned_card '" + r.turned_card().substr(0, 40) +
                                     "' is not a card (docs/cards.md: \"H-8\", \"C-J\")");
    }
    out.turned = *card;
  }
  for (const auto& [value, name] :
       {std::pair{r.floor(), "report.floor"},
        std::pair{r.declarer_points(), "report.declarer_points"},
        std::pair{r.declarer_tricks(), "report.declarer_tricks"},
        std::pair{r.conceded_after_tricks(), "report.conceded_after_tricks"},
        std::pair{r.defender_points(), "report.defender_points"},
        std::pair{r.defender_tricks(), "report.defender_tricks"},
        std::pair{r.discarded(), "report.discarded"}}) {
    if (Status s = NotNegative(value, name); !s.ok()) return s;
  }
  out.floor = r.floor();
  out.declarer_points = r.declarer_points();
  out.declarer_tricks = r.declarer_tricks();
  if (r.conceded() && r.defenders_conceded()) {
    return Status::InvalidArgument(
        "report.conceded and report.defenders_conceded: one side conceded (RULES N11)");
  }
  if (r.conceded() || r.defenders_conceded()) {
    out.end = r.conceded() ? GameEnd::kDeclarerConceded : GameEnd::kDefendersConceded;
    if (r.conceded_after_tricks() < r.declarer_tricks()) {
      return Status::InvalidArgument("report.conceded_after_tricks " +
                                     Num(r.conceded_after_tricks()) +
                                     " is fewer than the declarer's " + Num(r.declarer_tricks()) +
                                     " tricks (report.declarer_tricks)");
    }
    out.conceded_after_tricks = r.conceded_after_tricks();
  } else if (r.conceded_after_tricks() != 0) {
    return Status::InvalidArgument("report.conceded_after_tricks " +
                                   Num(r.conceded_after_tricks()) +
                                   " given, but neither report.conceded nor "
                                   "report.defenders_conceded is set (RULES N11)");
  }
  // isko (docs/rules-decisions.md D73, D74): the defenders' numbers when the game was given up;
  // the engine refuses them where the profile does not settle giving up by the ISkO.
  out.defender_points = r.defender_points();
  out.defender_tricks = r.defender_tricks();
  out.claim_accepted = r.claim_accepted();
  if (r.has_play_error()) {
    if (Status s = PlayErrorFromProto(r.play_error(), out); !s.ok()) return s;
  }
  if (r.discarded() != 0) out.discarded = r.discarded();
  out.declarer_looked_at_skat = r.declarer_looked_at_skat();
  Result<std::optional<Direction>> looked =
      OptionalDirection(r.defender_looked_at_skat(), "report.defender_looked_at_skat");
  if (!looked.ok()) return looked.status();
  out.defender_looked_at_skat = *looked;
  for (int i = 0; i < r.wrong_card_count_size(); ++i) {
    const std::string field = "report.wrong_card_count[" + Num(i) + "]";
    Result<Direction> seat =
        RequiredDirection(r.wrong_card_count(i), field, "name the seat with a wrong count");
    if (!seat.ok()) return seat.status();
    if (out.wrong_card_count[Index(*seat)]) {
      return Status::InvalidArgument(field + ": " + std::string(DirectionName(*seat)) +
                                     " is listed twice");
    }
    out.wrong_card_count[Index(*seat)] = true;
  }
  Result<std::optional<Direction>> contra = OptionalDirection(r.contra_by(), "report.contra_by");
  if (!contra.ok()) return contra.status();
  if (*contra) {
    out.contra = r.recontra() ? 2 : 1;
    out.contra_by = **contra;
  } else if (r.recontra()) {
    return Status::InvalidArgument(
        "report.recontra is set, but report.contra_by is not: Re-contra answers a "
        "Contra (000 §11)");
  }
  return Status::Ok();
}

Status RamschFromProto(const v1::PhysicalReport& r, ReportedOutcome& out) {
  if (std::optional<std::string> field = DeclarerGameField(r)) {
    return Status::InvalidArgument(*field + " belongs to a declarer game, not a Ramsch");
  }
  if (r.card_points_size() != kDirectionCount || r.tricks_size() != kDirectionCount) {
    return Status::InvalidArgument(
        "report.card_points and report.tricks: a Ramsch needs 3 of each (forehand, "
        "middlehand, rearhand), got " +
        Num(r.card_points_size()) + " and " + Num(r.tricks_size()));
  }
  for (int i = 0; i < kDirectionCount; ++i) {
    const std::string at = "[" + Num(i) + "]";
    if (Status s = NotNegative(r.card_points(i), "report.card_points" + at); !s.ok()) return s;
    if (Status s = NotNegative(r.tricks(i), "report.tricks" + at); !s.ok()) return s;
    out.card_points[i] = r.card_points(i);
    out.tricks[i] = r.tricks(i);
  }
  Result<Direction> last = RequiredDirection(
      r.last_trick(), "report.last_trick", "the skat goes to who took the last trick (RULES N10)");
  if (!last.ok()) return last.status();
  out.last_trick = *last;
  return Status::Ok();
}

Status FinesFromProto(const v1::PhysicalReport& r, int chairs, ReportedOutcome& out) {
  if (r.fines_size() > kMaxFines) {
    return Status::InvalidArgument("report.fines: " + Num(r.fines_size()) + " fines, at most " +
                                   Num(kMaxFines));
  }
  for (int i = 0; i < r.fines_size(); ++i) {
    const v1::Fine& fine = r.fines(i);
    const std::string field = "report.fines[" + Num(i) + "]";
    std::optional<FineKind> kind = ParseFineKind(fine.kind());
    if (!kind) {
      return Status::InvalidArgument(
          field + ".kind '" + fine.kind().substr(0, 40) +
          "' is not a fine: misdeal, dealer-looks, player-looks or skat-in-hand "
          "(RULES P3)");
    }
    if (fine.party() < 1 || fine.party() > 4) {
      return Status::InvalidArgument(
          field + ".party " + Num(fine.party()) +
          " is not a party: 1 forehand, 2 middlehand, 3 rearhand, 4 the resting "
          "dealer");
    }
    if (fine.party() == 4 && chairs != 4) {
      return Status::InvalidArgument(
          field + ".party 4 is the resting dealer of a 4-chair table; at this " + Num(chairs) +
          "-chair table the dealer is rearhand (3) (RULES C3)");
    }
    out.fines.push_back(FineReport{*kind, static_cast<Party>(fine.party() - 1)});
  }
  return Status::Ok();
}

}  // namespace

Result<ReportedOutcome> ReportFromProto(const v1::PhysicalReport& report, int chairs) {
  ReportedOutcome out;
  out.players = chairs;
  switch (report.kind()) {
    case v1::GameResult::KIND_DECLARER_GAME:
      out.kind = ResultKind::kDeclarerGame;
      if (Status s = DeclarerGameFromProto(report, out); !s.ok()) return s;
      break;
    case v1::GameResult::KIND_RAMSCH:
      out.kind = ResultKind::kRamsch;
      if (Status s = RamschFromProto(report, out); !s.ok()) return s;
      break;
    case v1::GameResult::KIND_PASSED_IN:
      out.kind = ResultKind::kPassedIn;
      if (std::optional<std::string> field = DeclarerGameField(report)) {
        return Status::InvalidArgument(*field +
                                       " belongs to a declarer game, not a passed-in deal");
      }
      if (std::optional<std::string> field = RamschField(report)) {
        return Status::InvalidArgument(*field + " belongs to a Ramsch, not a passed-in deal");
      }
      break;
    case v1::GameResult::KIND_UNSPECIFIED:
      return Status::InvalidArgument(
          "report.kind is unset: KIND_DECLARER_GAME, KIND_RAMSCH or KIND_PASSED_IN");
    default:
      return Status::InvalidArgument(
          "report.kind " + Num(report.kind()) +
          " is not a kind of deal (KIND_DECLARER_GAME, KIND_RAMSCH, KIND_PASSED_IN)");
  }
  if (Status s = FinesFromProto(report, chairs, out); !s.ok()) return s;
  return out;
}

namespace {

// `described` followed by the fines when there are any.
std::string WithFines(const Profile& profile, const ReportedOutcome& report,
                      const PhysicalResult& result, std::string described) {
  std::string out = std::move(described);
  if (report.fines.empty()) return out;
  out += profile.fines_on_pad ? "; fines (on the pad):" : "; fines (kept apart):";
  bool first = true;
  for (int party = 0; party < result.players; ++party) {
    if (result.fines[party] == 0) continue;
    // The engine's column: the dealer is rearhand at a 3-player table (RULES C3).
    std::string kinds;
    for (const FineReport& f : report.fines) {
      int column = static_cast<int>(f.party);
      if (result.players == 3 && f.party == Party::kDealer) column = Index(Direction::kRearhand);
      if (column != party) continue;
      kinds += (kinds.empty() ? "" : ", ") + std::string(FineKindName(f.kind));
    }
    const std::string name = party == static_cast<int>(Party::kDealer)
                                 ? "resting dealer"
                                 : std::string(PartyName(static_cast<Party>(party)));
    out += (first ? " " : ", ") + name + " " + std::to_string(result.fines[party]) + " (" + kinds +
           ")";
    first = false;
  }
  return out;
}

}  // namespace

std::string SummaryOf(const Profile& profile, const ReportedOutcome& report,
                      const PhysicalResult& result) {
  return WithFines(profile, report, result, Describe(result.game));
}

std::string PreviewSummaryOf(const Profile& profile, const ReportedOutcome& report,
                             const PhysicalPreview& preview) {
  return WithFines(profile, report, preview.result, Describe(preview));
}

}  // namespace skat::service
