#include "engine/scoring/incremental.h"

#include <cmath>
#include <utility>

#include "engine/scoring/comparison.h"
#include "engine/scoring/ranking.h"
#include "engine/scoring/standings.h"
#include "engine/scoring/team.h"

namespace skat::scoring {
namespace {

constexpr int kPenaltyBoard = -1;  // adjustment_board_'s mark for a penalty

}  // namespace

IncrementalScoresheet::IncrementalScoresheet(Options options) : options_(std::move(options)) {
  Refresh();
}

void IncrementalScoresheet::PutResult(const TableResult& r) {
  inputs_[r.board].results[r.table] = r;
  MarkDirty(r.board);
}

void IncrementalScoresheet::RemoveResult(int board, const std::string& table) {
  auto input = inputs_.find(board);
  if (input == inputs_.end() || input->second.results.erase(table) == 0) return;
  MarkDirty(board);
}

void IncrementalScoresheet::PutAdjustment(int64_t key, const Adjustment& a) {
  RemoveAdjustment(key);
  if (a.kind == Adjustment::Kind::kPenalty) {
    penalties_[key] = a;
    adjustment_board_[key] = kPenaltyBoard;
    return;
  }
  inputs_[a.board].adjustments[key] = a;
  adjustment_board_[key] = a.board;
  MarkDirty(a.board);
}

void IncrementalScoresheet::RemoveAdjustment(int64_t key) {
  auto it = adjustment_board_.find(key);
  if (it == adjustment_board_.end()) return;
  if (it->second == kPenaltyBoard) {
    penalties_.erase(key);
  } else {
    inputs_[it->second].adjustments.erase(key);
    MarkDirty(it->second);
  }
  adjustment_board_.erase(it);
}

void IncrementalScoresheet::SetChairTotals(std::vector<ChairTotal> chair_totals) {
  chair_totals_ = std::move(chair_totals);
}

std::shared_ptr<const BoardPart> IncrementalScoresheet::ComputePart(int board) const {
  auto part = std::make_shared<BoardPart>();
  part->board = board;
  const BoardInput& input = inputs_.at(board);
  std::vector<TableResult> results;
  results.reserve(input.results.size());
  for (const auto& [table, r] : input.results) results.push_back(r);
  std::vector<Adjustment> adjustments;
  adjustments.reserve(input.adjustments.size());
  for (const auto& [key, a] : input.adjustments) adjustments.push_back(a);
  Result<std::vector<Traveller>> travellers =
      CompareFields(results, adjustments, options_, part->notes);
  if (!travellers.ok()) {
    part->status = travellers.status();
    part->notes.clear();
    return part;
  }
  part->travellers = std::move(travellers).value();
  std::vector<Note> unused;  // the team-clubs note is the sheet's, not the board's
  part->team_lines =
      TeamScore(part->travellers, options_.club_of, options_.club_order, unused).lines;
  return part;
}

int IncrementalScoresheet::SlotOf(const std::string& player) {
  const auto [it, added] = slot_of_.try_emplace(player, static_cast<int>(sums_.size()));
  if (added) {
    Sums sums;
    sums.standing.player = player;
    const auto club = options_.club_of.find(player);
    if (club != options_.club_of.end()) sums.standing.club = club->second;
    sums_.push_back(sums);
    for (SumsBySlot& direction : direction_sums_) direction.push_back(sums);
  }
  return it->second;
}

std::vector<int> IncrementalScoresheet::SlotsOf(const BoardPart& part) {
  std::vector<int> slots;
  for (const Traveller& t : part.travellers) {
    for (const TravellerRow& r : t.rows) slots.push_back(SlotOf(r.player));
  }
  return slots;
}

void IncrementalScoresheet::AddRow(Sums& player, const Traveller& t, const TravellerRow& r,
                                   int sign) {
  Standing& s = player.standing;
  s.boards += sign;
  s.direction_boards[Index(t.direction)] += sign;
  auto& [mp, top] = player.rounds[r.round];
  // Exact either way; a zero term (an artificial seat's diff, a field of one) costs nothing.
  auto add = [sign](Fraction& sum, const Fraction& term) {
    if (term == Fraction()) return;
    sum = sign > 0 ? sum + term : sum - term;
  };
  add(s.matchpoints, r.matchpoints);
  add(s.top, r.top);
  add(s.diff_exact, r.diff_exact);
  add(mp, r.matchpoints);
  add(top, r.top);
  if (!r.artificial) s.total += sign * r.board_score;
  s.own_points += sign * r.pad;
}

void IncrementalScoresheet::AddRows(const BoardPart& part, const std::vector<int>& slots,
                                    int sign) {
  size_t row = 0;
  for (const Traveller& t : part.travellers) {
    for (const TravellerRow& r : t.rows) {
      const int slot = slots[row++];
      AddRow(sums_[slot], t, r, sign);
      AddRow(direction_sums_[Index(t.direction)][slot], t, r, sign);
    }
  }
}

// As Accumulate's second half (standings.cc): the standings of the players with rows, not
// ranked, in slot order (the sums are read in their order in memory).
std::vector<Standing> IncrementalScoresheet::StandingsOf(int list, bool finish,
                                                         std::vector<int>& slots) const {
  const SumsBySlot& sums = list == 0 ? sums_ : direction_sums_[list - 1];
  std::vector<Standing> out;
  out.reserve(sums.size());
  slots.clear();
  slots.reserve(sums.size());
  for (size_t slot = 0; slot < sums.size(); ++slot) {
    const Sums& player_sums = sums[slot];
    if (player_sums.standing.boards == 0) continue;
    Standing& s = out.emplace_back(player_sums.standing);
    for (const auto& [round, mp_top] : player_sums.rounds) {
      if (mp_top.second > Fraction()) {
        s.percentage_by_round[round] = 100 * (mp_top.first / mp_top.second).ToDouble();
      }
    }
    if (finish) Finish(s);
    slots.push_back(static_cast<int>(slot));
  }
  return out;
}

std::vector<size_t> IncrementalScoresheet::Hint(int list, const std::vector<int>& slots) const {
  std::vector<int> position(slot_of_.size(), -1);
  for (size_t i = 0; i < slots.size(); ++i) position[slots[i]] = static_cast<int>(i);
  std::vector<size_t> hint;
  hint.reserve(slots.size());
  for (int slot : ranked_slots_[list]) {
    if (position[slot] >= 0) hint.push_back(static_cast<size_t>(position[slot]));
  }
  return hint;
}

void IncrementalScoresheet::KeepOrder(int list, const std::vector<int>& slots,
                                      const std::vector<size_t>& order) {
  std::vector<int>& ranked = ranked_slots_[list];
  ranked.clear();
  // A standing past slots (a player with written chair totals alone) has no sums to keep.
  for (size_t index : order) {
    if (index < slots.size()) ranked.push_back(slots[index]);
  }
}

// As Score's (standings.cc, docs/comparative.md "Procedural penalties"): deducted after the
// comparison, in key order.
Status IncrementalScoresheet::ApplyPenalties(std::vector<Standing>& overall) const {
  if (penalties_.empty()) return Status::Ok();
  std::map<std::string, Standing*> index;
  for (Standing& s : overall) index[s.player] = &s;
  for (const auto& [key, a] : penalties_) {
    std::string player = a.player;
    if (player.empty()) {
      auto input = inputs_.find(a.board);
      if (input != inputs_.end()) {
        auto r = input->second.results.find(a.table);
        if (r != input->second.results.end()) player = r->second.players[Index(a.direction)];
      }
    }
    if (Status st = DeductPenalty(index, player, a, options_.comparison); !st.ok()) return st;
  }
  return Status::Ok();
}

// TeamScore's header and note, with the lines of every part and their totals.
TeamMatch IncrementalScoresheet::ComputeTeam(std::vector<Note>& notes) const {
  TeamMatch team = TeamScore({}, options_.club_of, options_.club_order, notes);
  if (team.club_a.empty()) return team;
  for (const auto& [board, part] : parts_) {
    for (const TeamLine& line : part->team_lines) {
      team.total_a += line.club_a;
      team.total_b += line.club_b;
      team.net += line.net;
      team.lines.push_back(line);
    }
  }
  return team;
}

void IncrementalScoresheet::Refresh() {
  for (int board : dirty_) {
    auto old = parts_.find(board);
    if (old != parts_.end()) {
      if (old->second->status.ok()) AddRows(*old->second, part_slots_.at(board), -1);
      parts_.erase(old);
      part_slots_.erase(board);
    }
    auto input = inputs_.find(board);
    if (input->second.results.empty() && input->second.adjustments.empty()) {
      inputs_.erase(input);
      continue;
    }
    std::shared_ptr<const BoardPart> part = ComputePart(board);
    ++parts_computed_;
    if (part->status.ok()) {
      std::vector<int> slots = SlotsOf(*part);
      AddRows(*part, slots, +1);
      part_slots_.emplace(board, std::move(slots));
    }
    parts_.emplace(board, std::move(part));
  }
  dirty_.clear();

  status_ = CheckRanking(options_.comparison, options_.ranking);
  for (const auto& [board, part] : parts_) {
    if (!status_.ok()) break;
    status_ = part->status;
  }
  // A new sheet each time: the one before may still be read (shared_sheet()).
  auto sheet = std::make_shared<Scoresheet>();
  for (const auto& [board, part] : parts_) {
    sheet->notes.insert(sheet->notes.end(), part->notes.begin(), part->notes.end());
  }
  std::vector<Standing>& overall = sheet->overall;
  std::vector<int> slots;
  std::vector<size_t> order;
  overall = StandingsOf(0, /*finish=*/false, slots);  // finished below, after the penalties
  if (status_.ok() && options_.comparison == ComparisonKind::kSessionTotal) {
    // A whole-session comparison: every traveller of the session (docs/performance.md "Standings
    // that grow with the change": what stays a full recompute).
    std::vector<Traveller> travellers;
    for (const auto& [board, part] : parts_) {
      travellers.insert(travellers.end(), part->travellers.begin(), part->travellers.end());
    }
    CompareSessionTotals(travellers, chair_totals_, overall, sheet->notes);
    for (Standing& s : overall) {
      const auto club = options_.club_of.find(s.player);
      if (s.club.empty() && club != options_.club_of.end()) s.club = club->second;
    }
  }
  if (status_.ok()) status_ = ApplyPenalties(overall);
  for (Standing& s : overall) Finish(s);
  order = Hint(0, slots);
  Rank(overall, options_.comparison, options_, &order);
  KeepOrder(0, slots, order);
  const ComparisonKind per_board = options_.comparison == ComparisonKind::kSessionTotal
                                       ? ComparisonKind::kMatchpoints
                                       : options_.comparison;
  for (Direction d : kDirections) {
    const int list = 1 + Index(d);
    sheet->by_direction[Index(d)] = StandingsOf(list, /*finish=*/true, slots);
    order = Hint(list, slots);
    Rank(sheet->by_direction[Index(d)], per_board, options_, &order);
    KeepOrder(list, slots, order);
  }
  sheet->team = ComputeTeam(sheet->notes);
  sheet_ = std::move(sheet);
}

Result<Scoresheet> IncrementalScoresheet::Sheet(bool with_travellers) const {
  if (!status_.ok()) return status_;
  Scoresheet sheet = *sheet_;
  if (with_travellers) {
    for (const auto& [board, part] : parts_) {
      sheet.travellers.insert(sheet.travellers.end(), part->travellers.begin(),
                              part->travellers.end());
    }
  }
  return sheet;
}

}  // namespace skat::scoring
