// The BSA rating (docs/ratings.md "The BSA rating"): the worked example by hand, and Replay against
// an independent recomputation from the rating's other statement (a player is credited their
// previous rating for the rounds they missed) over generated seasons with partial attendance and
// New Year's Eves.
#include "engine/rating/bsa_rating.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace skat::rating {
namespace bsa_rating_test {

std::string TwoDecimals(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x);
  return text;
}

// docs/ratings.md "Worked example".
TEST(BsaRatingTest, WorkedExample) {
  EXPECT_NEAR(EventWeight(15 * 72), 0.280093, 1e-6);
  EXPECT_NEAR(EventWeight(12 * 60), 0.235343, 1e-6);
  EXPECT_EQ(EventWeight(0), 0);
  const std::vector<RatedEvent> events = {
      {"a", 2025, 15 * 72, {{"ann", 0.30, 15 * 72}}},
      {"b", 2025, 12 * 60, {{"ann", 0.45, 12 * 40}}},
  };
  const Result<Ratings> r = Replay(events, 2026);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->steps.size(), 3u);
  EXPECT_EQ(TwoDecimals(r->steps[0].after), "22.80");
  EXPECT_NEAR(r->steps[1].weight, 0.156895, 1e-6);
  EXPECT_EQ(TwoDecimals(r->steps[1].after), "26.28");
  EXPECT_EQ(r->steps[2].event, "");  // New Year's Eve 2025
  EXPECT_EQ(r->steps[2].year, 2025);
  EXPECT_EQ(TwoDecimals(r->current.at("ann")), "25.66");
}

// One generated event: rounds of fields of players x boards; per round and player the matchpoints
// won of those available (available = 2 x players x boards: in proportion to player-hands, which
// is when the two statements of the rating agree).
struct Round {
  int boards = 0;
  std::map<std::string, double> won;  // person -> matchpoints, of 2 x players x boards
};
struct Generated {
  std::string id;
  int year = 0;
  std::vector<Round> rounds;
};

std::vector<Generated> Season(std::mt19937_64& rng, int events) {
  std::vector<Generated> out;
  int year = 2023;
  for (int e = 0; e < events; ++e) {
    if (rng() % 4 == 0) year += 1 + static_cast<int>(rng() % 2);  // sometimes a year or two later
    Generated g{"ev" + std::to_string(e), year, {}};
    const int rounds = 1 + static_cast<int>(rng() % 4);
    for (int r = 0; r < rounds; ++r) {
      Round round{6 + static_cast<int>(rng() % 30), {}};
      for (int p = 0; p < 30; ++p) {
        if (rng() % 3 == 0) round.won["p" + std::to_string(p)] = 0;  // a third of 30 play a round
      }
      for (auto& [person, won] : round.won) {
        const double available = 2.0 * static_cast<double>(round.won.size()) * round.boards;
        won = std::uniform_real_distribution<double>(0, available)(rng);
      }
      if (!round.won.empty()) g.rounds.push_back(round);
    }
    if (!g.rounds.empty()) out.push_back(g);
  }
  return out;
}

// Replay's input: per person the score over the rounds played and their player-hands.
RatedEvent ToRated(const Generated& g) {
  RatedEvent e{g.id, g.year, 0, {}};
  std::map<std::string, std::array<double, 3>> sums;  // won, available, player-hands
  for (const Round& round : g.rounds) {
    const long long ph = static_cast<long long>(round.won.size()) * round.boards;
    e.player_hands += ph;
    for (const auto& [person, won] : round.won) {
      sums[person][0] += won;
      sums[person][1] += 2.0 * static_cast<double>(ph);
      sums[person][2] += static_cast<double>(ph);
    }
  }
  for (const auto& [person, s] : sums) {
    e.results.push_back({person, s[0] / s[1], static_cast<long long>(s[2])});
  }
  return e;
}

// The other statement: a player's percentage over the whole event, the rounds missed credited
// with their rating before it, at the event's full weight; New Year's Eve scores everyone 20.
std::map<std::string, double> Recompute(const std::vector<Generated>& season, int through_year) {
  std::map<std::string, double> rating;
  int year = season.front().year;
  const auto new_years = [&](int until) {
    for (; year < until; ++year) {
      for (auto& [person, r] : rating) r = 0.9 * r + 0.1 * 20;
    }
  };
  for (const Generated& g : season) {
    new_years(g.year);
    double player_hands = 0, available = 0;
    for (const Round& round : g.rounds) {
      player_hands += static_cast<double>(round.won.size()) * round.boards;
      available += 2.0 * static_cast<double>(round.won.size()) * round.boards;
    }
    std::map<std::string, bool> played;
    for (const Round& round : g.rounds) {
      for (const auto& [person, w] : round.won) played[person] = true;
    }
    for (const auto& [person, yes] : played) {
      const double before = rating.count(person) ? rating[person] : 20.0;
      double credited = 0;
      for (const Round& round : g.rounds) {
        const double round_available = 2.0 * static_cast<double>(round.won.size()) * round.boards;
        auto it = round.won.find(person);
        credited += it != round.won.end() ? it->second : before / 100 * round_available;
      }
      const double w = 1 - std::exp(-std::sqrt(player_hands) / 100);
      rating[person] = (1 - w) * before + 100 * w * credited / available;
    }
  }
  new_years(through_year);
  return rating;
}

TEST(BsaRatingTest, ReplayAgreesWithTheCreditedRoundsStatement) {
  std::mt19937_64 rng(20261129);
  for (int season = 0; season < 20; ++season) {
    const std::vector<Generated> generated = Season(rng, 24);
    std::vector<RatedEvent> events;
    for (const Generated& g : generated) events.push_back(ToRated(g));
    const int through = generated.back().year + 1;
    const Result<Ratings> replayed = Replay(events, through);
    ASSERT_TRUE(replayed.ok()) << replayed.status().ToString();
    const std::map<std::string, double> expected = Recompute(generated, through);
    ASSERT_EQ(replayed->current.size(), expected.size());
    for (const auto& [person, r] : expected) {
      ASSERT_NEAR(replayed->current.at(person), r, 1e-9) << "season " << season << " " << person;
      EXPECT_EQ(TwoDecimals(replayed->current.at(person)), TwoDecimals(r));
    }
  }
}

TEST(BsaRatingTest, ACorrectionToAnOldEventChangesOnlyWhatFollowsIt) {
  std::mt19937_64 rng(7);
  std::vector<RatedEvent> events;
  for (const Generated& g : Season(rng, 24)) events.push_back(ToRated(g));
  const int through = events.back().year + 1;
  const Ratings before = *Replay(events, through);
  RatedResult& corrected = events[3].results.front();
  corrected.score = corrected.score > 0.5 ? corrected.score - 0.2 : corrected.score + 0.2;
  const Ratings after = *Replay(events, through);
  ASSERT_EQ(before.steps.size(), after.steps.size());
  bool reached = false;
  int changed_later = 0;
  for (size_t i = 0; i < before.steps.size(); ++i) {
    const RatingStep &b = before.steps[i], &a = after.steps[i];
    reached = reached || (a.event == events[3].id && a.person == corrected.person);
    if (!reached) {
      EXPECT_EQ(a.after, b.after) << i;  // everything before the corrected event stands
    } else if (a.person == corrected.person) {
      EXPECT_NE(a.after, b.after) << i;
      ++changed_later;
    } else {
      EXPECT_EQ(a.after, b.after) << i;  // a rating depends on one's own results only
    }
  }
  EXPECT_GE(changed_later, 2);  // the corrected event and at least one step after it
  EXPECT_NE(after.current.at(corrected.person), before.current.at(corrected.person));
}

TEST(BsaRatingTest, NewYearsEvesPullTowardTwenty) {
  const Result<Ratings> r =
      Replay({{"a", 2024, 900, {{"top", 1.0, 900}, {"low", 0.0, 900}}}}, 2027);
  ASSERT_TRUE(r.ok());
  const double w = EventWeight(900);
  double top = (1 - w) * 20 + 100 * w, low = (1 - w) * 20;
  for (int y = 0; y < 3; ++y) top = 0.9 * top + 2, low = 0.9 * low + 2;
  EXPECT_DOUBLE_EQ(r->current.at("top"), top);
  EXPECT_DOUBLE_EQ(r->current.at("low"), low);
  EXPECT_EQ(r->steps.size(), 2u + 3 * 2);
}

TEST(BsaRatingTest, RefusesWhatIsNoRatedEvent) {
  const auto refusal = [](const std::vector<RatedEvent>& events) {
    const Result<Ratings> r = Replay(events, 2030);
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.status().message();
  };
  EXPECT_NE(refusal({{"a", 2025, 100, {{"x", 1.5, 100}}}}).find("score 1.5"), std::string::npos);
  EXPECT_NE(refusal({{"a", 2025, 100, {{"x", 0.5, 101}}}}).find("player-hands 101"),
            std::string::npos);
  EXPECT_NE(refusal({{"a", 2025, 100, {{"x", 0.5, 50}, {"x", 0.5, 50}}}}).find("twice"),
            std::string::npos);
  EXPECT_NE(refusal({{"a", 2025, 100, {}}, {"b", 2024, 100, {}}}).find("before the previous"),
            std::string::npos);
  EXPECT_NE(refusal({{"a", 2031, 100, {}}}).find("after 2030"), std::string::npos);
  EXPECT_NE(refusal({{"a", 2025, 0, {}}}).find("must be positive"), std::string::npos);
}

}  // namespace bsa_rating_test
}  // namespace skat::rating
