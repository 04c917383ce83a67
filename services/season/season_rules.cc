#include "services/season/season_rules.h"

#include <cstdint>

#include "services/common/names.h"
#include "services/season/season_names.h"

namespace skat::service {
namespace {

constexpr int64_t kMaxCents = 100'000'000;  // 1,000,000.00 per fee (migration 0018)
constexpr int kMaxListLength = 100;         // ranks of a split
constexpr int kMaxPlacings = 20;            // clubs placed in a series
// The citation every refusal of a rule value ends with.
constexpr char kRuleValues[] = " (docs/seasons.md \"Rule values\")";

Status OutOfRange(const std::string& field, int64_t value, int64_t low, int64_t high) {
  return Status::InvalidArgument(field + " is " + std::to_string(value) + ", must be " +
                                 std::to_string(low) + " to " + std::to_string(high) + kRuleValues);
}

Status CheckRange(const std::string& field, int64_t value, int64_t low, int64_t high) {
  return value < low || value > high ? OutOfRange(field, value, low, high) : Status::Ok();
}

// Shares of a split in per mille, rank 1 first: at most kMaxListLength, each 0..1000, summing to
// at most 1000.
Status CheckPermilleList(const std::string& field, const std::vector<int>& shares) {
  if (static_cast<int>(shares.size()) > kMaxListLength) {
    return Status::InvalidArgument(field + " has " + std::to_string(shares.size()) +
                                   " shares, at most 100" + kRuleValues);
  }
  int64_t sum = 0;
  for (size_t i = 0; i < shares.size(); ++i) {
    const std::string one = field + "[" + std::to_string(i) + "]";
    if (Status s = CheckRange(one, shares[i], 0, 1000); !s.ok()) return s;
    sum += shares[i];
  }
  if (sum > 1000) {
    return Status::InvalidArgument(field + " sums to " + std::to_string(sum) +
                                   " per mille, more than 1000" + kRuleValues);
  }
  return Status::Ok();
}

Status CheckLeague(const store::SeasonRecord& s) {
  if (Status c = CheckRange("win_points", s.win_points, 0, 100); !c.ok()) return c;
  if (Status c = CheckRange("draw_points", s.draw_points, 0, 100); !c.ok()) return c;
  if (Status c = CheckRange("loss_points", s.loss_points, 0, 100); !c.ok()) return c;
  if (s.win_points < s.draw_points || s.draw_points < s.loss_points) {
    return Status::InvalidArgument(
        "win_points " + std::to_string(s.win_points) + ", draw_points " +
        std::to_string(s.draw_points) + ", loss_points " + std::to_string(s.loss_points) +
        ": a win must earn at least a draw, a draw at least a loss" + kRuleValues);
  }
  if (s.placing_points.empty() || static_cast<int>(s.placing_points.size()) > kMaxPlacings) {
    return Status::InvalidArgument("placing_points has " + std::to_string(s.placing_points.size()) +
                                   " values, must have 1 to 20" + kRuleValues);
  }
  for (size_t i = 0; i < s.placing_points.size(); ++i) {
    const std::string one = "placing_points[" + std::to_string(i) + "]";
    if (Status c = CheckRange(one, s.placing_points[i], 0, 100); !c.ok()) return c;
    if (i > 0 && s.placing_points[i] > s.placing_points[i - 1]) {
      return Status::InvalidArgument(one + " is " + std::to_string(s.placing_points[i]) +
                                     ", more than the better place's " +
                                     std::to_string(s.placing_points[i - 1]) + kRuleValues);
    }
  }
  return Status::Ok();
}

Status CheckMoney(const store::SeasonRecord& s) {
  if (Status c = CheckRange("entry_fee_cents", s.entry_fee_cents, 0, kMaxCents); !c.ok()) return c;
  if (Status c = CheckPermilleList("prize_split_permille", s.prize_split_permille); !c.ok()) {
    return c;
  }
  if (Status c = CheckRange("pot_permille", s.pot_permille, 0, 1000); !c.ok()) return c;
  if (Status c = CheckPermilleList("pot_split_permille", s.pot_split_permille); !c.ok()) return c;
  if (Status c = CheckRange("loss_fee_cents", s.loss_fee_cents, 0, kMaxCents); !c.ok()) return c;
  if (Status c = CheckRange("loss_fee_games", s.loss_fee_games, 0, 1000); !c.ok()) return c;
  return CheckRange("loss_fee_after_cents", s.loss_fee_after_cents, 0, kMaxCents);
}

// One field of `paths` copied; false for an unknown path.
bool CopyField(const v1::Season& from, const std::string& path, store::SeasonRecord& into) {
  auto ints = [](const auto& repeated) {
    return std::vector<int>(repeated.begin(), repeated.end());
  };
  if (path == "display_name") {
    into.name = from.display_name();
  } else if (path == "aggregate") {
    into.aggregate = from.aggregate() == v1::SEASON_AGGREGATE_AVERAGE ? "average"
                     : from.aggregate() == v1::SEASON_AGGREGATE_SUM ||
                             from.aggregate() == v1::SEASON_AGGREGATE_UNSPECIFIED
                         ? "sum"
                         : "unknown " + std::to_string(from.aggregate());
  } else if (path == "best_of") {
    into.best_of = from.best_of();
  } else if (path == "min_attendance") {
    into.min_attendance = from.min_attendance();
  } else if (path == "win_points") {
    into.win_points = from.win_points();
  } else if (path == "draw_points") {
    into.draw_points = from.draw_points();
  } else if (path == "loss_points") {
    into.loss_points = from.loss_points();
  } else if (path == "placing_points") {
    into.placing_points = ints(from.placing_points());
  } else if (path == "entry_fee_cents") {
    into.entry_fee_cents = from.entry_fee_cents();
  } else if (path == "prize_split_permille") {
    into.prize_split_permille = ints(from.prize_split_permille());
  } else if (path == "pot_permille") {
    into.pot_permille = from.pot_permille();
  } else if (path == "pot_split_permille") {
    into.pot_split_permille = ints(from.pot_split_permille());
  } else if (path == "loss_fee_cents") {
    into.loss_fee_cents = from.loss_fee_cents();
  } else if (path == "loss_fee_games") {
    into.loss_fee_games = from.loss_fee_games();
  } else if (path == "loss_fee_after_cents") {
    into.loss_fee_after_cents = from.loss_fee_after_cents();
  } else {
    return false;
  }
  return true;
}

}  // namespace

const std::vector<std::string>& SeasonFieldPaths() {
  static const std::vector<std::string> paths = {
      "display_name",         "aggregate",      "best_of",
      "min_attendance",       "win_points",     "draw_points",
      "loss_points",          "placing_points", "entry_fee_cents",
      "prize_split_permille", "pot_permille",   "pot_split_permille",
      "loss_fee_cents",       "loss_fee_games", "loss_fee_after_cents"};
  return paths;
}

Status MergeSeason(const v1::Season& from, const std::vector<std::string>& paths,
                   store::SeasonRecord& into) {
  if (paths.empty()) {
    return Status::InvalidArgument("update_mask names no field (display_name or a rule: " +
                                   SeasonFieldPaths()[1] + ", ..., loss_fee_after_cents)");
  }
  for (const std::string& path : paths) {
    if (!CopyField(from, path, into)) {
      return Status::InvalidArgument("update_mask path '" + path.substr(0, 40) +
                                     "' is not display_name or a rule of Season "
                                     "(season_service.proto)");
    }
  }
  if (into.win_points == 0 && into.draw_points == 0 && into.loss_points == 0) {
    into.win_points = 2;
    into.draw_points = 1;
  }
  if (into.placing_points.empty()) into.placing_points = {3, 2, 1, 0};
  return Status::Ok();
}

Status CheckSeasonRules(const store::SeasonRecord& s) {
  if (s.name.empty() || s.name.size() > kMaxDisplayName) {
    return Status::InvalidArgument("display_name must have 1 to 200 bytes, has " +
                                   std::to_string(s.name.size()));
  }
  if (Status c = CheckStorableText("display_name", s.name); !c.ok()) return c;
  if (s.aggregate != "sum" && s.aggregate != "average") {
    return Status::InvalidArgument("aggregate is " + s.aggregate +
                                   ", must be SEASON_AGGREGATE_SUM or SEASON_AGGREGATE_AVERAGE");
  }
  if (Status c = CheckRange("best_of", s.best_of, 0, 100); !c.ok()) return c;
  if (Status c = CheckRange("min_attendance", s.min_attendance, 0, 100); !c.ok()) return c;
  if (Status c = CheckLeague(s); !c.ok()) return c;
  return CheckMoney(s);
}

void ToProto(const store::SeasonRecord& s, v1::Season* out) {
  out->set_name(SeasonResourceName(s.id));
  out->set_registry("registries/" + s.registry_id);
  out->set_display_name(s.name);
  out->mutable_create_time()->set_seconds(s.created_unix);
  for (const std::string& e : s.event_ids) out->add_events(EventName(e));
  out->set_aggregate(s.aggregate == "average" ? v1::SEASON_AGGREGATE_AVERAGE
                                              : v1::SEASON_AGGREGATE_SUM);
  out->set_best_of(s.best_of);
  out->set_min_attendance(s.min_attendance);
  out->set_win_points(s.win_points);
  out->set_draw_points(s.draw_points);
  out->set_loss_points(s.loss_points);
  for (int p : s.placing_points) out->add_placing_points(p);
  out->set_entry_fee_cents(s.entry_fee_cents);
  for (int p : s.prize_split_permille) out->add_prize_split_permille(p);
  out->set_pot_permille(s.pot_permille);
  for (int p : s.pot_split_permille) out->add_pot_split_permille(p);
  out->set_loss_fee_cents(s.loss_fee_cents);
  out->set_loss_fee_games(s.loss_fee_games);
  out->set_loss_fee_after_cents(s.loss_fee_after_cents);
}

}  // namespace skat::service
