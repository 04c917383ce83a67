// Chair totals under the session-total comparison (engine/scoring/session_total.h), checked
// against a real result list: the 53rd Lancaster Hall Hotel tournament of the British Skat
// Association (Duplikat Skat, 7 players, two tables of three, four sessions of 18 boards; one
// player sits out each of the first two sessions). Every per-session line of the published list
// (table, seat, score, MP, diff) is reproduced from the totals alone (docs/events-and-scoring.md
// 4.12).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/scoring/standings.h"

namespace skat::scoring {
namespace chair_totals_test {

struct Line {
  int session, table, seat;
  const char* player;
  long long score;
  int mp;
  int twice_diff;  // the published diff times 2 (it has halves)
};

// The published list, session by session.
const std::vector<Line> kPublished = {
    {1, 1, 1, "Konstantin Mack", 457, 0, -123}, {1, 1, 2, "Saskia Ottignon", 384, 2, 292},
    {1, 1, 3, "Kai Kessler", 419, 0, -20},      {1, 2, 1, "Miriam Wagner", 580, 2, 123},
    {1, 2, 2, "Mike Tobias", 92, 0, -292},      {1, 2, 3, "Torsten Sauer", 439, 2, 20},
    {2, 1, 1, "Mike Hawkins", 648, 2, 628},     {2, 1, 2, "Kai Kessler", 246, 0, -319},
    {2, 1, 3, "Torsten Sauer", 320, 0, -415},   {2, 2, 1, "Saskia Ottignon", 20, 0, -628},
    {2, 2, 2, "Miriam Wagner", 565, 2, 319},    {2, 2, 3, "Mike Tobias", 735, 2, 415},
    {3, 1, 1, "Mike Hawkins", 668, 2, 8},       {3, 1, 2, "Torsten Sauer", 105, 0, -112},
    {3, 1, 3, "Mike Tobias", 851, 2, 358},      {3, 2, 1, "Kai Kessler", 660, 0, -8},
    {3, 2, 2, "Saskia Ottignon", 217, 2, 112},  {3, 2, 3, "Miriam Wagner", 493, 0, -358},
    {4, 1, 1, "Mike Hawkins", 704, 2, 191},     {4, 1, 2, "Mike Tobias", 835, 2, 202},
    {4, 1, 3, "Miriam Wagner", 214, 0, -58},    {4, 2, 1, "Torsten Sauer", 513, 0, -191},
    {4, 2, 2, "Kai Kessler", 633, 0, -202},     {4, 2, 3, "Saskia Ottignon", 272, 2, 58},
};

std::vector<ChairTotal> Totals(int session) {
  std::vector<ChairTotal> out;
  for (const Line& l : kPublished) {
    if (l.session != session) continue;
    // Both tables play boards 1-18 in the same chair order: seat s is the same chair at both.
    out.push_back(ChairTotal{.session = session,
                             .table = "table " + std::to_string(l.table),
                             .chair = "boards 1-18, chair " + std::to_string(l.seat),
                             .player = l.player,
                             .total = l.score,
                             .boards = 18});
  }
  return out;
}

const Standing& Of(const std::vector<Standing>& standings, const std::string& player) {
  for (const Standing& s : standings) {
    if (s.player == player) return s;
  }
  ADD_FAILURE() << "no standing for " << player;
  return standings.front();
}

TEST(ChairTotalsTest, ReproducesThePublishedSessionLines) {
  Options options;
  options.comparison = ComparisonKind::kSessionTotal;
  std::vector<std::vector<Standing>> sessions;
  for (int session = 1; session <= 4; ++session) {
    Result<Scoresheet> sheet = Score({}, {}, options, Totals(session));
    ASSERT_TRUE(sheet.ok()) << sheet.status().message();
    EXPECT_TRUE(sheet->notes.empty()) << sheet->notes.front().text;
    ASSERT_EQ(sheet->overall.size(), 6u);
    for (const Line& l : kPublished) {
      if (l.session != session) continue;
      const Standing& s = Of(sheet->overall, l.player);
      EXPECT_EQ(s.matchpoints, Fraction(l.mp)) << l.player << " session " << session;
      EXPECT_EQ(s.top, Fraction(2));
      EXPECT_EQ(s.diff_exact, Fraction(l.twice_diff, 2)) << l.player << " session " << session;
      EXPECT_EQ(s.total, l.score);
      EXPECT_EQ(s.boards, 18);
    }
    sessions.push_back(sheet->overall);
  }
  // The day: matchpoints and difference summed. The published list ranks by MP, then diff:
  // Mike Hawkins 6 (+413½), Mike Tobias 6 (+341½), Saskia Ottignon 6 (-83), Miriam Wagner 4
  // (+13), Torsten Sauer 2 (-349), then Kai Kessler and Konstantin Mack. Its total column gives
  // Kai 1 MP, which is not the sum of his own session columns (0, 0, 0, 0): 0 here.
  const std::vector<Standing> day = CombineSessions(sessions, options);
  const std::map<std::string, std::pair<int, int>> expected = {
      {"Mike Hawkins", {6, 827}},    {"Mike Tobias", {6, 683}},    {"Saskia Ottignon", {6, -166}},
      {"Miriam Wagner", {4, 26}},    {"Torsten Sauer", {2, -698}}, {"Kai Kessler", {0, -549}},
      {"Konstantin Mack", {0, -123}}};
  for (const auto& [player, mp_diff] : expected) {
    const Standing& s = Of(day, player);
    EXPECT_EQ(s.matchpoints, Fraction(mp_diff.first)) << player;
    EXPECT_EQ(s.diff_exact, Fraction(mp_diff.second, 2)) << player;
  }
  std::vector<std::string> top;
  for (size_t i = 0; i < 5; ++i) top.push_back(day[i].player);
  EXPECT_EQ(top, (std::vector<std::string>{"Mike Hawkins", "Mike Tobias", "Saskia Ottignon",
                                           "Miriam Wagner", "Torsten Sauer"}));
}

// A player with board results in one session and a chair total in another has both counted.
TEST(ChairTotalsTest, AddToAPlayersBoardsAndTotal) {
  Options options;
  options.comparison = ComparisonKind::kSessionTotal;
  std::vector<ChairTotal> totals = {
      {.session = 1, .table = "a", .chair = "1", .player = "x", .total = 100, .boards = 12},
      {.session = 1, .table = "b", .chair = "1", .player = "y", .total = 100, .boards = 12}};
  Result<Scoresheet> sheet = Score({}, {}, options, totals);
  ASSERT_TRUE(sheet.ok());
  EXPECT_EQ(Of(sheet->overall, "x").matchpoints, Fraction(1));  // a tie
  EXPECT_TRUE(sheet->overall[0].tied);
  // Ignored by another comparison.
  options.comparison = ComparisonKind::kMatchpoints;
  EXPECT_TRUE(Score({}, {}, options, totals)->overall.empty());
}

}  // namespace chair_totals_test
}  // namespace skat::scoring
