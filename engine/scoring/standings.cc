#include "engine/scoring/standings.h"

#include <cmath>
#include <map>
#include <utility>

#include "engine/scoring/comparison.h"
#include "engine/scoring/ranking.h"
#include "engine/scoring/session_total.h"
#include "engine/scoring/team.h"

namespace skat::scoring {
namespace {

bool ComparesMatchpoints(ComparisonKind kind) {
  return kind == ComparisonKind::kMatchpoints || kind == ComparisonKind::kSessionTotal;
}

// The player a penalty falls on, or "" when the seat has no result.
std::string PenalisedPlayer(const Adjustment& a, const std::vector<TableResult>& results) {
  if (!a.player.empty()) return a.player;
  for (const TableResult& r : results) {
    if (r.board == a.board && r.table == a.table) return r.players[Index(a.direction)];
  }
  return "";
}

}  // namespace

Status DeductPenalty(const std::map<std::string, Standing*>& index, const std::string& player,
                     const Adjustment& a, ComparisonKind comparison) {
  const auto it = index.find(player);
  if (it == index.end()) {
    return Status::InvalidArgument("penalty on player \"" + player + "\" (board " +
                                   std::to_string(a.board) + ", table \"" + a.table +
                                   "\"), who has no result");
  }
  Standing& s = *it->second;
  s.penalty += a.penalty;
  if (ComparesMatchpoints(comparison)) {
    s.matchpoints -= a.penalty;
  } else {
    s.total -= std::llround(a.penalty.ToDouble());
    s.diff_exact -= a.penalty;
  }
  return Status::Ok();
}

void Finish(Standing& s) {
  s.ratio = s.top > Fraction() ? s.matchpoints / s.top : Fraction();
  s.percentage = 100 * s.ratio.ToDouble();
  s.diff = s.diff_exact.ToDouble();
}

std::vector<Standing> Accumulate(const std::vector<Traveller>& travellers,
                                 std::optional<Direction> direction, const Options& options) {
  struct Sums {
    Standing standing;
    std::map<int, std::pair<Fraction, Fraction>> rounds;  // round -> matchpoints, top
  };
  std::map<std::string, Sums> by_player;
  for (const Traveller& t : travellers) {
    if (direction && t.direction != *direction) continue;
    for (const TravellerRow& r : t.rows) {
      Sums& sums = by_player[r.player];
      Standing& s = sums.standing;
      s.boards += 1;
      s.direction_boards[Index(t.direction)] += 1;
      s.matchpoints += r.matchpoints;
      s.top += r.top;
      s.diff_exact += r.diff_exact;
      if (!r.artificial) s.total += r.board_score;
      s.own_points += r.pad;
      auto& [mp, top] = sums.rounds[r.round];
      mp += r.matchpoints;
      top += r.top;
    }
  }
  std::vector<Standing> out;
  out.reserve(by_player.size());
  for (auto& [player, sums] : by_player) {
    Standing& s = sums.standing;
    s.player = player;
    const auto club = options.club_of.find(player);
    if (club != options.club_of.end()) s.club = club->second;
    for (const auto& [round, mp_top] : sums.rounds) {
      if (mp_top.second > Fraction()) {
        s.percentage_by_round[round] = 100 * (mp_top.first / mp_top.second).ToDouble();
      }
    }
    Finish(s);
    out.push_back(std::move(s));
  }
  return out;
}

Result<Scoresheet> Score(const std::vector<TableResult>& results,
                         const std::vector<Adjustment>& adjustments, const Options& options,
                         const std::vector<ChairTotal>& chair_totals) {
  if (Status s = CheckRanking(options.comparison, options.ranking); !s.ok()) return s;
  Scoresheet sheet;
  Result<std::vector<Traveller>> travellers =
      CompareFields(results, adjustments, options, sheet.notes);
  if (!travellers.ok()) return travellers.status();
  sheet.travellers = std::move(travellers).value();

  sheet.overall = Accumulate(sheet.travellers, std::nullopt, options);
  if (options.comparison == ComparisonKind::kSessionTotal) {
    CompareSessionTotals(sheet.travellers, chair_totals, sheet.overall, sheet.notes);
    for (Standing& s : sheet.overall) {
      const auto club = options.club_of.find(s.player);
      if (s.club.empty() && club != options.club_of.end()) s.club = club->second;
    }
  }
  // docs/comparative.md "Procedural penalties": they are deducted after the comparison.
  std::map<std::string, Standing*> index;
  for (Standing& s : sheet.overall) index[s.player] = &s;
  for (const Adjustment& a : adjustments) {
    if (a.kind != Adjustment::Kind::kPenalty) continue;
    if (Status st = DeductPenalty(index, PenalisedPlayer(a, results), a, options.comparison);
        !st.ok()) {
      return st;
    }
  }
  for (Standing& s : sheet.overall) Finish(s);
  Rank(sheet.overall, options.comparison, options);

  const ComparisonKind per_board = options.comparison == ComparisonKind::kSessionTotal
                                       ? ComparisonKind::kMatchpoints
                                       : options.comparison;
  for (Direction d : kDirections) {
    sheet.by_direction[Index(d)] = Accumulate(sheet.travellers, d, options);
    Rank(sheet.by_direction[Index(d)], per_board, options);
  }
  sheet.team = TeamScore(sheet.travellers, options.club_of, options.club_order, sheet.notes);
  return sheet;
}

std::vector<Standing> CombineSessions(const std::vector<std::vector<Standing>>& sessions,
                                      const Options& options) {
  struct Sums {
    Standing standing;
    Fraction weighted;  // sum of ratio_s * boards_s
  };
  std::map<std::string, Sums> by_player;
  int round_offset = 0;
  for (const std::vector<Standing>& session : sessions) {
    int last_round = 0;
    for (const Standing& in : session) {
      Sums& sums = by_player[in.player];
      Standing& s = sums.standing;
      s.player = in.player;
      if (!in.club.empty()) s.club = in.club;
      s.boards += in.boards;
      for (int d = 0; d < 3; ++d) s.direction_boards[d] += in.direction_boards[d];
      s.matchpoints += in.matchpoints;
      s.top += in.top;
      s.diff_exact += in.diff_exact;
      s.total += in.total;
      s.own_points += in.own_points;
      s.penalty += in.penalty;
      sums.weighted += in.ratio * Fraction(in.boards);
      for (const auto& [round, percentage] : in.percentage_by_round) {
        s.percentage_by_round[round + round_offset] = percentage;
        last_round = std::max(last_round, round);
      }
    }
    round_offset += last_round;
  }
  std::vector<Standing> out;
  out.reserve(by_player.size());
  for (auto& [player, sums] : by_player) {
    Standing& s = sums.standing;
    s.ratio = s.boards > 0 ? sums.weighted / Fraction(s.boards) : Fraction();
    s.percentage = 100 * s.ratio.ToDouble();
    s.diff = s.diff_exact.ToDouble();
    out.push_back(std::move(s));
  }
  Rank(out, options.comparison, options);
  return out;
}

}  // namespace skat::scoring
