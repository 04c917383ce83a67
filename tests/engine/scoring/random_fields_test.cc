// Properties of matchpoints on random fields from a fixed seed
// (docs/comparative.md "Comparison across tables"):
// a full field shares n(n-1) matchpoints, Neuberg with n = N is the identity, percentages stay in
// [0, 100], and the exact fractions agree with a brute-force double computation; synchron's
// deviations are zero-sum.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <string>

#include "engine/scoring/scoring.h"
#include "tests/engine/scoring/scoring_test_util.h"

namespace skat::scoring {
namespace random_fields_test {

TEST(ScoringPropertyTest, FullFieldSharesNTimesNMinusOne) {
  std::mt19937_64 rng(20240601);
  for (int trial = 0; trial < 500; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 40);
    std::vector<long long> scores(n);
    for (long long& s : scores) s = static_cast<long long>(rng() % 11) * 12 - 60;  // many ties
    const std::vector<Fraction> mp = RawMatchpoints(scores);
    Fraction sum;
    for (const Fraction& f : mp) sum += f;
    EXPECT_EQ(sum, Fraction(static_cast<int64_t>(n) * (n - 1)));
    for (int i = 0; i < n; ++i) {
      // Brute force: 2 per beaten, 1 per tie.
      int expected = 0;
      for (int j = 0; j < n; ++j) {
        if (j != i) expected += scores[i] > scores[j] ? 2 : scores[i] == scores[j] ? 1 : 0;
      }
      EXPECT_EQ(mp[i], Fraction(expected));
      EXPECT_EQ(Neuberg(mp[i], n, n), mp[i]);
    }
  }
}

TEST(ScoringPropertyTest, RandomEventsAgreeWithDoublesAndStayInRange) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    const int tables = 2 + static_cast<int>(rng() % 9);
    const int boards = 1 + static_cast<int>(rng() % 8);
    const int N = tables + static_cast<int>(rng() % 3);  // some planned tables never reported
    Options options;
    std::vector<TableResult> results;
    for (int b = 1; b <= boards; ++b) {
      options.planned[b] = N;
      for (int t = 0; t < tables; ++t) {
        if (rng() % 5 == 0) continue;  // a missing result
        const Direction d = kDirections[rng() % 3];
        const int value = static_cast<int>(rng() % 6) * 10 + 20;
        // Players rotate so that everyone meets different fields.
        const std::string table = std::to_string(t);
        std::array<std::string, 3> players;
        for (int k = 0; k < 3; ++k)
          players[k] = "p" + std::to_string((3 * t + k + b) % (3 * tables));
        results.push_back(testing::At(b, table, testing::Game(d, value, rng() % 3 != 0), players));
      }
    }
    const Result<Scoresheet> sheet = Score(results, {}, options);
    ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
    std::map<std::string, std::pair<double, double>> brute;  // player -> mp, top
    for (const Traveller& t : sheet->travellers) {
      const int n = static_cast<int>(t.rows.size());
      EXPECT_EQ(t.planned, N);
      double datum = 0;
      for (const TravellerRow& r : t.rows) datum += static_cast<double>(r.board_score) / n;
      EXPECT_NEAR(t.datum, datum, 1e-9);
      for (const TravellerRow& r : t.rows) {
        double raw = 0;
        for (const TravellerRow& o : t.rows) {
          if (&o != &r) raw += r.board_score > o.board_score ? 2 : r.board_score == o.board_score;
        }
        const double mp = (raw + 1) * N / n - 1;
        EXPECT_NEAR(r.matchpoints.ToDouble(), mp, 1e-9);
        EXPECT_NEAR(r.diff, static_cast<double>(r.board_score) - datum, 1e-9);
        EXPECT_TRUE(r.matchpoints.exact());
        brute[r.player].first += mp;
        brute[r.player].second += 2.0 * (N - 1);
      }
    }
    for (const Standing& s : sheet->overall) {
      EXPECT_GE(s.percentage, 0);
      EXPECT_LE(s.percentage, 100);
      EXPECT_NEAR(s.percentage, 100 * brute[s.player].first / brute[s.player].second, 1e-9);
      EXPECT_TRUE(s.matchpoints.exact());
      if (&s != &sheet->overall.front()) {
        EXPECT_GE((&s - 1)->ratio, s.ratio);
      }
    }
  }
}

// docs/comparative.md "Synchron-Skat": every table's list of a board is zero-sum, so are the
// deviations of each (board, direction) field; under `settled` (already zero-sum at every
// table) synchron gives the datum's diffs.
TEST(ScoringPropertyTest, SynchronDeviationsAreZeroSum) {
  std::mt19937_64 rng(46);
  for (int trial = 0; trial < 40; ++trial) {
    const int tables = 2 + static_cast<int>(rng() % 7);
    const int boards = 1 + static_cast<int>(rng() % 6);
    std::vector<TableResult> results;
    for (int b = 1; b <= boards; ++b) {
      for (int t = 0; t < tables; ++t) {
        if (rng() % 4 == 0) continue;  // a table that did not play the board
        const Direction d = kDirections[rng() % 3];
        const int value = static_cast<int>(rng() % 12) * 9 + 18;
        std::array<std::string, 3> players;
        for (int k = 0; k < 3; ++k) {
          players[k] = "p" + std::to_string((3 * t + k + 2 * b) % (3 * tables));
        }
        results.push_back(
            testing::At(b, std::to_string(t), testing::Game(d, value, rng() % 3 != 0), players));
      }
    }
    Options options;
    options.comparison = ComparisonKind::kSynchron;
    options.board_score = rng() % 2 ? BoardScoreKind::kSeegerFabian : BoardScoreKind::kPad;
    const Result<Scoresheet> sheet = Score(results, {}, options);
    ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
    std::map<std::pair<int, std::string>, Fraction> table_sums;
    Fraction all;
    for (const Traveller& t : sheet->travellers) {
      Fraction field;
      for (const TravellerRow& r : t.rows) {
        field += r.diff_exact;
        table_sums[{t.board, r.table}] += r.zero_sum;
        EXPECT_TRUE(r.diff_exact.exact());
      }
      EXPECT_EQ(field, Fraction()) << "board " << t.board;
    }
    for (const auto& [key, sum] : table_sums) EXPECT_EQ(sum, Fraction()) << key.second;
    for (const Standing& s : sheet->overall) all += s.diff_exact;
    EXPECT_EQ(all, Fraction());

    options.board_score = BoardScoreKind::kSettled;
    const Result<Scoresheet> synchron = Score(results, {}, options);
    options.comparison = ComparisonKind::kDatum;
    const Result<Scoresheet> datum = Score(results, {}, options);
    ASSERT_TRUE(synchron.ok() && datum.ok());
    for (size_t i = 0; i < datum->travellers.size(); ++i) {
      for (size_t k = 0; k < datum->travellers[i].rows.size(); ++k) {
        EXPECT_EQ(synchron->travellers[i].rows[k].diff_exact,
                  datum->travellers[i].rows[k].diff_exact);
      }
    }
  }
}

}  // namespace random_fields_test
}  // namespace skat::scoring
