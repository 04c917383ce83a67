#include "engine/scoring/comparison.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "engine/scoring/board_score.h"

namespace skat::scoring {
namespace {

using FieldKey = std::tuple<int, int, int>;         // board, direction, version
using SeatKey = std::tuple<int, std::string, int>;  // board, table, direction

std::string Where(int board, const std::string& table) {
  return "board " + std::to_string(board) + " at table \"" + table + "\"";
}

std::string FieldName(const Traveller& t) {
  std::string out =
      "board " + std::to_string(t.board) + " " + std::string(DirectionName(t.direction));
  if (t.version != 0) out += " version " + std::to_string(t.version);
  return out;
}

// A note on a field: its code, the field's board, direction and version, then `more`
// (engine/scoring/note.h).
Note FieldNote(const Traveller& t, std::string code, const std::vector<std::string>& more,
               const std::string& text) {
  Note note{
      std::move(code),
      {std::to_string(t.board), std::string(DirectionName(t.direction)), std::to_string(t.version)},
      FieldName(t) + ": " + text};
  note.args.insert(note.args.end(), more.begin(), more.end());
  return note;
}

// Compares one field in place (docs/comparative.md "Comparison across tables",
// "Director adjustments").
void CompareField(Traveller& t, const Options& options, std::vector<Note>& notes) {
  std::vector<long long> scores;
  for (const TravellerRow& r : t.rows) {
    if (!r.artificial) scores.push_back(r.board_score);
  }
  const int n = static_cast<int>(scores.size());
  const int seats = static_cast<int>(t.rows.size());
  const auto planned = options.planned.find(t.board);
  int N = planned == options.planned.end() ? seats : planned->second;
  if (N < seats) {
    notes.push_back(FieldNote(t, "field-seats-differ", {std::to_string(seats), std::to_string(N)},
                              std::to_string(seats) + " seats but N = " + std::to_string(N) +
                                  " planned; N raised to " + std::to_string(seats)));
    N = seats;
  }
  t.planned = N;
  t.results = n;
  if (n == 0) {
    notes.push_back(
        FieldNote(t, "no-real-result", {}, "no real result (n = 0), only artificial scores"));
  }
  if (N == 1) {
    notes.push_back(FieldNote(t, "single-result", {}, "N = 1, the board carries no matchpoints"));
  }

  // The datum: the mean of the real results, or under synchron of their zero-sum scores.
  const bool synchron = options.comparison == ComparisonKind::kSynchron;
  auto value = [&](const TravellerRow& r) {
    return synchron ? r.zero_sum : Fraction(r.board_score);
  };
  Fraction sum;
  for (const TravellerRow& r : t.rows) {
    if (!r.artificial) sum += value(r);
  }
  t.datum_exact = n == 0 ? Fraction() : sum / Fraction(n);
  t.datum = t.datum_exact.ToDouble();

  const std::vector<Fraction> raw = RawMatchpoints(scores);
  const Fraction top = N > 1 ? Fraction(2 * (N - 1)) : Fraction();
  int i = 0;
  for (TravellerRow& r : t.rows) {
    if (r.artificial) {
      // An artificial score is not a result: the seat gets its percentage with the board's weight.
      r.top = top;
      r.matchpoints = top * Fraction(r.artificial_percent, 100);
      continue;
    }
    r.top = top;
    r.matchpoints = N > 1 ? Neuberg(raw[i], n, N) : Fraction();
    r.diff_exact = value(r) - t.datum_exact;
    r.diff = r.diff_exact.ToDouble();
    ++i;
  }
  std::stable_sort(t.rows.begin(), t.rows.end(), [](const TravellerRow& a, const TravellerRow& b) {
    if (a.matchpoints != b.matchpoints) return a.matchpoints > b.matchpoints;
    if (a.artificial != b.artificial) return !a.artificial;
    if (a.board_score != b.board_score) return a.board_score > b.board_score;
    return a.table < b.table;
  });
}

}  // namespace

std::vector<Fraction> RawMatchpoints(std::span<const long long> scores) {
  std::vector<long long> sorted(scores.begin(), scores.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<Fraction> out;
  out.reserve(scores.size());
  for (long long s : scores) {
    const auto lo = std::lower_bound(sorted.begin(), sorted.end(), s);
    const auto hi = std::upper_bound(sorted.begin(), sorted.end(), s);
    const long long beaten = lo - sorted.begin();
    const long long tied = (hi - lo) - 1;
    out.push_back(Fraction(2 * beaten + tied));
  }
  return out;
}

Fraction Neuberg(const Fraction& mp_n, int n, int N) {
  return (mp_n + Fraction(1)) * Fraction(N, n) - Fraction(1);
}

namespace {

// The results by (board, table): kInvalidArgument for a board < 1, a seat without a player id or
// two results of one board at one table.
Result<std::map<std::pair<int, std::string>, const TableResult*>> ResultsByTable(
    const std::vector<TableResult>& results) {
  std::map<std::pair<int, std::string>, const TableResult*> by_table;
  for (const TableResult& r : results) {
    if (r.board < 1) {
      return Status::InvalidArgument("board " + std::to_string(r.board) + " at table \"" + r.table +
                                     "\" is < 1");
    }
    for (const std::string& p : r.players) {
      if (p.empty()) {
        return Status::InvalidArgument(Where(r.board, r.table) + " has no player id");
      }
    }
    if (!by_table.emplace(std::make_pair(r.board, r.table), &r).second) {
      return Status::InvalidArgument(Where(r.board, r.table) + " has two results");
    }
  }
  return by_table;
}

// Director adjustments on seats (penalties are not): those on a seat with a result, by seat (a
// later one for the same seat replacing an earlier one), and those at tables without a result
// of the board (`unseated`, which must name their player).
Status SortAdjustments(const std::vector<Adjustment>& adjustments,
                       const std::map<std::pair<int, std::string>, const TableResult*>& by_table,
                       std::map<SeatKey, const Adjustment*>& seat_adjustment,
                       std::vector<const Adjustment*>& unseated) {
  for (const Adjustment& a : adjustments) {
    if (a.kind == Adjustment::Kind::kPenalty) continue;
    if (a.kind == Adjustment::Kind::kArtificial &&
        (a.artificial_percent < 0 || a.artificial_percent > 100)) {
      return Status::InvalidArgument("artificial score " + std::to_string(a.artificial_percent) +
                                     " % on " + Where(a.board, a.table) + " is outside 0..100");
    }
    if (by_table.count({a.board, a.table}) == 0) {
      if (a.player.empty()) {
        return Status(
            ErrorCode::kInvalidArgument,
            Where(a.board, a.table) + " has no result and the adjustment names no player");
      }
      unseated.push_back(&a);
      continue;
    }
    seat_adjustment[{a.board, a.table, Index(a.direction)}] = &a;
  }
  return Status::Ok();
}

// An assigned or artificial score on a traveller's row.
void ApplyAdjustment(const Adjustment& a, TravellerRow& row) {
  if (a.kind == Adjustment::Kind::kAssigned) {
    row.assigned = true;  // docs/comparative.md "Assigned scores": enters the field like a result
    row.board_score = a.assigned_score;
  } else {
    row.artificial = true;  // docs/comparative.md "Artificial scores": leaves the field,
                            // gets the percentage
    row.artificial_percent = a.artificial_percent;
    row.board_score = 0;
  }
}

// The field of one board, direction and version, made on first use.
Traveller& FieldOf(std::map<FieldKey, Traveller>& fields, int board, Direction d, int version) {
  Traveller& t = fields[{board, Index(d), version}];
  t.board = board;
  t.direction = d;
  t.version = version;
  return t;
}

// The fields' rows: each seat of each result, adjusted where the director scored it, then the
// adjusted seats without a result.
std::map<FieldKey, Traveller> FieldRows(const std::vector<TableResult>& results,
                                        const Options& options,
                                        const std::map<SeatKey, const Adjustment*>& seat_adjustment,
                                        const std::vector<const Adjustment*>& unseated) {
  std::map<FieldKey, Traveller> fields;
  for (const TableResult& r : results) {
    for (Direction d : kDirections) {
      TravellerRow row;
      row.table = r.table;
      row.player = r.players[Index(d)];
      row.board_score = BoardScore(options.board_score, r.game, d);
      row.pad = r.game.pad[Index(d)];
      row.session = r.session;
      row.round = r.round;
      const auto adj = seat_adjustment.find({r.board, r.table, Index(d)});
      if (adj != seat_adjustment.end()) ApplyAdjustment(*adj->second, row);
      FieldOf(fields, r.board, d, r.version).rows.push_back(std::move(row));
    }
  }
  for (const Adjustment* a : unseated) {
    TravellerRow row;
    row.table = a->table;
    row.player = a->player;
    row.session = a->session;  // the adjusted table's, as a result there would give
    row.round = a->round;
    ApplyAdjustment(*a, row);
    FieldOf(fields, a->board, a->direction, 0).rows.push_back(std::move(row));
  }
  return fields;
}

// Synchron (docs/comparative.md "Synchron-Skat"): each table's list of a board made zero-sum.
// A row's zero_sum is its board score minus the mean of the real seats (assigned included,
// artificial not) its table has on that board and version, over all three directions.
void SetZeroSumScores(std::map<FieldKey, Traveller>& fields) {
  using TableKey = std::tuple<int, int, std::string>;  // board, version, table
  std::map<TableKey, std::pair<Fraction, int>> sums;   // sum of board scores, seats
  for (const auto& [key, t] : fields) {
    for (const TravellerRow& r : t.rows) {
      if (r.artificial) continue;
      auto& [sum, seats] = sums[{t.board, t.version, r.table}];
      sum += Fraction(r.board_score);
      ++seats;
    }
  }
  for (auto& [key, t] : fields) {
    for (TravellerRow& r : t.rows) {
      if (r.artificial) continue;
      const auto& [sum, seats] = sums.at({t.board, t.version, r.table});
      r.zero_sum = Fraction(r.board_score) - sum / Fraction(seats);
    }
  }
}

}  // namespace

Result<std::vector<Traveller>> CompareFields(const std::vector<TableResult>& results,
                                             const std::vector<Adjustment>& adjustments,
                                             const Options& options, std::vector<Note>& notes) {
  Result<std::map<std::pair<int, std::string>, const TableResult*>> by_table =
      ResultsByTable(results);
  if (!by_table.ok()) return by_table.status();
  std::map<SeatKey, const Adjustment*> seat_adjustment;
  std::vector<const Adjustment*> unseated;
  if (Status s = SortAdjustments(adjustments, *by_table, seat_adjustment, unseated); !s.ok()) {
    return s;
  }
  std::map<FieldKey, Traveller> fields = FieldRows(results, options, seat_adjustment, unseated);
  if (options.comparison == ComparisonKind::kSynchron) SetZeroSumScores(fields);
  std::vector<Traveller> out;
  out.reserve(fields.size());
  for (auto& [key, t] : fields) {
    CompareField(t, options, notes);
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace skat::scoring
