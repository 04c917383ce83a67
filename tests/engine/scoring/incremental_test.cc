// The incremental scoresheet (engine/scoring/incremental.h) against the full Score after every
// change of random sequences (docs/comparative.md "Scoring, in two layers"): results, corrections,
// removals, assigned, artificial and penalty adjustments, fouled boards' versions, under every
// board score, comparison, ranking key and tie-break chain; and a change recomputing one board.
#include "engine/scoring/incremental.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/scoring/ranking.h"
#include "engine/scoring/scoring.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace incremental_test {

// Every field of the sheet as text, doubles in hexadecimal so that equal text is equal bits.
std::string Hex(double d) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", d);
  return buffer;
}

std::string Text(const Fraction& f) { return f.ToString(); }

void Dump(const std::vector<Standing>& standings, std::string& out) {
  for (const Standing& s : standings) {
    out += s.player + " club=" + s.club + " boards=" + std::to_string(s.boards) +
           " d=" + std::to_string(s.direction_boards[0]) + "/" +
           std::to_string(s.direction_boards[1]) + "/" + std::to_string(s.direction_boards[2]) +
           " mp=" + Text(s.matchpoints) + " top=" + Text(s.top) + " pct=" + Hex(s.percentage) +
           " ratio=" + Text(s.ratio) + " diff=" + Hex(s.diff) + "/" + Text(s.diff_exact) +
           " total=" + std::to_string(s.total) + " own=" + std::to_string(s.own_points) +
           " pen=" + Text(s.penalty) + " rank=" + std::to_string(s.rank) + (s.tied ? " tied" : "") +
           " rounds=";
    for (const auto& [round, pct] : s.percentage_by_round) {
      out += std::to_string(round) + ":" + Hex(pct) + ",";
    }
    out += "\n";
  }
}

std::string Dump(const Scoresheet& sheet);

std::string Dump(const Result<Scoresheet>& sheet) { return sheet.ok() ? Dump(*sheet) : "error"; }

std::string Dump(const Scoresheet& sheet) {
  std::string out;
  for (const Traveller& t : sheet.travellers) {
    out += "field " + std::to_string(t.board) + " " + std::string(DirectionName(t.direction)) +
           " v" + std::to_string(t.version) + " N=" + std::to_string(t.planned) +
           " n=" + std::to_string(t.results) + " datum=" + Hex(t.datum) + "/" +
           Text(t.datum_exact) + "\n";
    for (const TravellerRow& r : t.rows) {
      out += "  " + r.table + " " + r.player + " score=" + std::to_string(r.board_score) +
             " mp=" + Text(r.matchpoints) + " top=" + Text(r.top) + " diff=" + Hex(r.diff) + "/" +
             Text(r.diff_exact) + " zs=" + Text(r.zero_sum) + (r.assigned ? " assigned" : "") +
             (r.artificial ? " artificial " + std::to_string(r.artificial_percent) : "") + " s" +
             std::to_string(r.session) + " r" + std::to_string(r.round) +
             " pad=" + std::to_string(r.pad) + "\n";
    }
  }
  out += "overall\n";
  Dump(sheet.overall, out);
  for (int d = 0; d < 3; ++d) {
    out += "direction " + std::to_string(d) + "\n";
    Dump(sheet.by_direction[d], out);
  }
  const TeamMatch& team = sheet.team;
  out += "team " + team.club_a + " " + team.club_b + " " + std::to_string(team.total_a) + " " +
         std::to_string(team.total_b) + " " + std::to_string(team.net) + "\n";
  for (const TeamLine& l : team.lines) {
    out += "  " + std::to_string(l.board) + " " + std::string(DirectionName(l.direction)) + " " +
           std::to_string(l.club_a) + " " + std::to_string(l.club_b) + " " + std::to_string(l.net) +
           "\n";
  }
  for (const Note& n : sheet.notes) {
    out += "note " + n.code + ":";
    for (const std::string& a : n.args) out += " " + a;
    out += " | " + n.text + "\n";
  }
  return out;
}

// A random session and the inputs the full Score reads, kept beside the incremental sheet.
class RandomSession {
 public:
  explicit RandomSession(uint64_t seed) : rng_(seed) {
    tables_ = 3 + Pick(5);
    boards_ = 2 + Pick(3);
    // Every comparison under every board score, in turn.
    options_.board_score = static_cast<BoardScoreKind>(seed / 5 % 3);
    options_.comparison = static_cast<ComparisonKind>(seed % 5);
    const bool matchpoints = options_.comparison == ComparisonKind::kMatchpoints ||
                             options_.comparison == ComparisonKind::kSessionTotal;
    const int ranking = Pick(3);
    options_.ranking = ranking == 0  ? RankingKey::kPercentage
                       : matchpoints ? RankingKey::kMatchpointSum
                                     : RankingKey::kTotal;
    const std::vector<std::vector<TieBreak>> chains = {{TieBreak::kDiff, TieBreak::kShared},
                                                       {TieBreak::kShared},
                                                       {TieBreak::kLot},
                                                       {TieBreak::kDiff, TieBreak::kLot}};
    options_.tie_breaks = chains[Pick(chains.size())];
    for (int b = 1; b <= boards_; ++b) {
      const int plan = Pick(3);  // absent, all tables, one table short (N raised)
      if (plan == 1) options_.planned[b] = tables_;
      if (plan == 2) options_.planned[b] = tables_ - 1;
    }
    const int clubs = Pick(4);  // 0..3 clubs
    for (int p = 0; p < 3 * tables_; ++p) {
      const std::string id = Player(p);
      if (Pick(2) == 0) options_.lot.push_back(id);
      if (clubs > 0 && Pick(3) != 0) options_.club_of[id] = "club" + std::to_string(Pick(clubs));
    }
    if (clubs > 1) options_.club_order = {"club1"};
    if (options_.comparison == ComparisonKind::kSessionTotal && Pick(2) == 0) {
      for (int c = 0; c < 3; ++c) {
        chair_totals_.push_back(ChairTotal{.session = 1,
                                           .table = "paper",
                                           .chair = "chair " + std::to_string(c),
                                           .player = "paper" + std::to_string(c),
                                           .total = static_cast<long long>(Pick(100)) - 50,
                                           .boards = boards_});
      }
    }
  }

  const Options& options() const { return options_; }
  const std::vector<ChairTotal>& chair_totals() const { return chair_totals_; }

  // One random change, applied to both the reference inputs and `sheet`.
  void Change(IncrementalScoresheet& sheet) {
    const int what = Pick(100);
    if (what < 45 || results_.empty()) return PutResult(sheet);
    if (what < 53) return RemoveResult(sheet);
    if (what < 60) return Foul(sheet);
    if (what < 88) return PutAdjustment(sheet);
    return RemoveAdjustment(sheet);
  }

  Result<Scoresheet> Full() const {
    std::vector<TableResult> results;
    for (const auto& [key, r] : results_) results.push_back(r);
    std::vector<Adjustment> adjustments;
    for (const auto& [key, a] : adjustments_) adjustments.push_back(a);
    return Score(results, adjustments, options_, chair_totals_);
  }

 private:
  int Pick(size_t n) { return static_cast<int>(rng_() % n); }
  static std::string Player(int p) { return "p" + std::to_string(p); }
  std::string Table(int t) const { return "t" + std::to_string(t); }

  // Table t's players rotate their directions from board to board.
  std::array<std::string, 3> PlayersAt(int t, int board) const {
    std::array<std::string, 3> players;
    for (int k = 0; k < 3; ++k) players[k] = Player(3 * t + (k + board) % 3);
    return players;
  }

  GameResult RandomGame() {
    const int kind = Pick(10);
    if (kind == 0) return testing::PassedIn();
    if (kind == 1) return testing::Ramsch({-Pick(60), 0, -Pick(30)});
    return testing::Game(kDirections[Pick(3)], 18 + 6 * Pick(8), Pick(3) != 0);
  }

  void PutResult(IncrementalScoresheet& sheet) {
    const int t = Pick(tables_), board = 1 + Pick(boards_);
    TableResult r = testing::At(board, Table(t), RandomGame(), PlayersAt(t, board));
    r.round = 1 + t % 2;
    auto old = results_.find({board, r.table});
    if (old != results_.end()) r.version = old->second.version;  // a correction keeps it
    results_[{board, r.table}] = r;
    sheet.PutResult(r);
  }

  std::pair<int, std::string> SomeResult() {
    auto it = results_.begin();
    std::advance(it, Pick(results_.size()));
    return it->first;
  }

  void RemoveResult(IncrementalScoresheet& sheet) {
    const auto [board, table] = SomeResult();
    results_.erase({board, table});
    sheet.RemoveResult(board, table);
  }

  // docs/comparative.md "Fouled boards": the director marks another version of a table's board.
  void Foul(IncrementalScoresheet& sheet) {
    TableResult& r = results_.at(SomeResult());
    r.version = Pick(3);
    sheet.PutResult(r);
  }

  void PutAdjustment(IncrementalScoresheet& sheet) {
    // A new key, or a change to an existing one.
    const int64_t key = !adjustments_.empty() && Pick(4) == 0
                            ? std::next(adjustments_.begin(), Pick(adjustments_.size()))->first
                            : next_key_++;
    Adjustment a;
    const int kind = Pick(3);
    a.kind = static_cast<Adjustment::Kind>(kind);
    const int t = Pick(tables_);
    a.board = 1 + Pick(boards_);
    a.table = Table(t);
    a.direction = kDirections[Pick(3)];
    a.round = 1 + t % 2;
    // A seat without a result must name its player; one with a result mostly does not.
    const bool seated = results_.count({a.board, a.table}) > 0;
    if (!seated || Pick(3) == 0) a.player = PlayersAt(t, a.board)[Index(a.direction)];
    a.assigned_score = 10 * Pick(13) - 60;
    a.artificial_percent = 40 + 10 * Pick(3);
    if (Pick(40) == 0) a.artificial_percent = 150;  // an input error, until removed
    if (a.kind == Adjustment::Kind::kPenalty) {
      a.penalty = Fraction(1 + Pick(6), 1 + Pick(2));
      if (Pick(3) == 0) {
        a.table.clear();  // a penalty on a player's total
        a.board = 0;
        a.player = Player(Pick(3 * tables_));  // may have no result: Score's error
      } else if (!seated) {
        a.player = PlayersAt(t, a.board)[Index(a.direction)];
      }
    }
    adjustments_[key] = a;
    sheet.PutAdjustment(key, a);
  }

  void RemoveAdjustment(IncrementalScoresheet& sheet) {
    if (adjustments_.empty()) return;
    const int64_t key = std::next(adjustments_.begin(), Pick(adjustments_.size()))->first;
    adjustments_.erase(key);
    sheet.RemoveAdjustment(key);
  }

  std::mt19937_64 rng_;
  int tables_ = 0, boards_ = 0;
  Options options_;
  std::vector<ChairTotal> chair_totals_;
  std::map<std::pair<int, std::string>, TableResult> results_;
  std::map<int64_t, Adjustment> adjustments_;
  int64_t next_key_ = 1;
};

TEST(IncrementalScoresheetTest, EqualsFullScoreAfterEveryChange) {
  int errors = 0, checks = 0, left = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    RandomSession session(seed);
    IncrementalScoresheet sheet(session.options());
    sheet.SetChairTotals(session.chair_totals());
    size_t players = 0;
    for (int change = 0; change < 30; ++change) {
      // The sheet a reader kept from the last refresh does not change under it.
      const std::shared_ptr<const Scoresheet> kept = sheet.shared_sheet();
      const std::string kept_text = Dump(*kept);
      session.Change(sheet);
      sheet.Refresh();
      ASSERT_EQ(Dump(*kept), kept_text) << "seed " << seed << " change " << change;
      const Result<Scoresheet> full = session.Full();
      const Result<Scoresheet> incremental = sheet.Sheet();
      ASSERT_EQ(incremental.ok(), full.ok())
          << "seed " << seed << " change " << change << ": " << full.status().ToString();
      ASSERT_EQ(Dump(incremental), Dump(full)) << "seed " << seed << " change " << change;
      errors += full.ok() ? 0 : 1;
      ++checks;
      if (full.ok()) {
        // A player whose last row left (his sums kept at zero, his slot and place kept).
        if (full->overall.size() < players) ++left;
        players = full->overall.size();
      }
    }
  }
  // The sequences reach both outcomes: mostly scores, sometimes an input error; and players
  // leave the standings.
  EXPECT_GT(errors, 0);
  EXPECT_LT(errors, checks / 2);
  EXPECT_GT(left, 0);
}

// A full event's single change: one board part is recomputed, the others are kept as they were.
TEST(IncrementalScoresheetTest, OneChangeRecomputesOneBoard) {
  Options options;
  const int tables = 200, boards = 20;
  for (int b = 1; b <= boards; ++b) options.planned[b] = tables;
  IncrementalScoresheet sheet(options);
  for (int b = 1; b <= boards; ++b) {
    for (int t = 0; t < tables; ++t) {
      const std::string table = std::to_string(t);
      sheet.PutResult(testing::At(b, table, testing::Game(kDirections[(b + t) % 3], 24, t % 3 > 0),
                                  {"F" + table, "M" + table, "R" + table}));
    }
  }
  sheet.Refresh();
  EXPECT_EQ(sheet.parts_computed(), static_cast<uint64_t>(boards));
  const std::map<int, std::shared_ptr<const BoardPart>> before = sheet.parts();

  sheet.PutResult(testing::At(7, "5", testing::Game(Direction::kMiddlehand, 48, true)));
  sheet.Refresh();
  EXPECT_EQ(sheet.parts_computed(), static_cast<uint64_t>(boards) + 1);
  for (const auto& [board, part] : sheet.parts()) {
    EXPECT_EQ(part == before.at(board), board != 7) << "board " << board;
  }
  ASSERT_TRUE(sheet.status().ok());
  EXPECT_EQ(sheet.overall().size(), static_cast<size_t>(3 * tables));
  // A refresh with nothing changed recomputes no board.
  sheet.Refresh();
  EXPECT_EQ(sheet.parts_computed(), static_cast<uint64_t>(boards) + 1);
}

// Rank (ranking.h) gives one order whether its input comes nearly sorted (by insertion) or not
// (a full sort after a bounded try): shuffled, reversed and nearly sorted inputs of a large field
// with many ties rank alike, as the order of the comparison and then the player id.
TEST(RankTest, NearlySortedAndShuffledInputsRankAlike) {
  std::mt19937_64 rng(7);
  std::vector<Standing> standings(3000);
  for (size_t i = 0; i < standings.size(); ++i) {
    Standing& s = standings[i];
    char id[32];
    std::snprintf(id, sizeof id, "p%04zu", i);
    s.player = id;
    s.matchpoints = Fraction(static_cast<int64_t>(rng() % 40));
    s.top = Fraction(39);
    s.diff_exact = Fraction(static_cast<int64_t>(rng() % 3));
    Finish(s);
  }
  Options options;
  options.tie_breaks = {TieBreak::kDiff, TieBreak::kShared};
  std::vector<Standing> expected = standings;
  std::sort(expected.begin(), expected.end(), [](const Standing& a, const Standing& b) {
    if (a.ratio != b.ratio) return a.ratio > b.ratio;
    if (a.diff_exact != b.diff_exact) return a.diff_exact > b.diff_exact;
    return a.player < b.player;
  });
  // hint: Rank's order on the way in.
  auto ranked = [&](std::vector<Standing> in, std::vector<size_t> hint = {}) {
    std::vector<size_t> order = std::move(hint);
    const std::vector<Standing> given = in;
    Rank(in, ComparisonKind::kMatchpoints, options, &order);
    std::string text;
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(given[order[i]].player, in[i].player) << "place " << i;
      text += in[i].player + " " + std::to_string(in[i].rank) + (in[i].tied ? "=" : "") + "\n";
    }
    return text;
  };
  const std::string sorted = ranked(expected);
  std::vector<Standing> reversed(expected.rbegin(), expected.rend());
  std::vector<Standing> shuffled = standings;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  std::vector<Standing> nearly = expected;
  for (int swap = 0; swap < 100; ++swap) {
    const size_t at = rng() % (nearly.size() - 1);
    std::swap(nearly[at], nearly[at + 1]);
  }
  EXPECT_EQ(ranked(reversed), sorted);
  EXPECT_EQ(ranked(shuffled), sorted);
  EXPECT_EQ(ranked(nearly), sorted);
  // A hint of the shuffled standings' ranked positions (with positions repeated and out of
  // range, and some left out), as the incremental sheet gives its last ranking; and a wrong one.
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < shuffled.size(); ++i) position[shuffled[i].player] = i;
  std::vector<size_t> hint;
  for (size_t i = 0; i + 10 < expected.size(); ++i) {
    hint.push_back(position.at(expected[i].player));
    if (i % 500 == 0) hint.push_back(hint.back());
    if (i % 700 == 0) hint.push_back(expected.size() + i);
  }
  EXPECT_EQ(ranked(shuffled, hint), sorted);
  std::reverse(hint.begin(), hint.end());
  EXPECT_EQ(ranked(shuffled, hint), sorted);
  // The order is the comparison's, and equal keys share the lowest place.
  std::vector<Standing> in = shuffled;
  Rank(in, ComparisonKind::kMatchpoints, options);
  ASSERT_EQ(in.size(), expected.size());
  int tied = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(in[i].player, expected[i].player) << "place " << i;
    const bool same =
        i > 0 && in[i].ratio == in[i - 1].ratio && in[i].diff_exact == in[i - 1].diff_exact;
    EXPECT_EQ(in[i].rank, same ? in[i - 1].rank : static_cast<int>(i) + 1) << "place " << i;
    tied += in[i].tied ? 1 : 0;
  }
  EXPECT_GT(tied, 1000);  // 120 keys over 3,000 players
}

}  // namespace incremental_test
}  // namespace skat::scoring
