// What the league table reads of an event (services/season/league_days.h; docs/seasons.md "League
// table"), without a database: a four-club day's series sums from the travellers (artificial
// seats and players of no club left out, a series without results of the clubs left out), a
// two-club day's sides of the team matches, and the events that are no match day.
#include "services/season/league_days.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace skat::service {
namespace {

SeasonEventScores Event(const std::vector<std::string>& clubs) {
  SeasonEventScores e;
  e.event.id = "ev-aaaaaaaaaa";
  e.event.name = "Spieltag";
  for (size_t c = 0; c < clubs.size(); ++c) {
    e.clubs.push_back({.event_id = e.event.id,
                       .id = "cl-" + std::to_string(c),
                       .name = clubs[c],
                       .position = static_cast<int>(c)});
  }
  return e;
}

void AddPlayer(SeasonEventScores& e, const std::string& id, const std::string& club) {
  store::PlayerRecord p;
  p.event_id = e.event.id;
  p.id = id;
  p.name = id;
  p.club_id = club;
  e.players.push_back(p);
}

scoring::TravellerRow Row(const std::string& player, long long score, bool artificial = false) {
  scoring::TravellerRow r;
  r.player = player;
  r.board_score = score;
  r.artificial = artificial;
  return r;
}

// Four clubs W, X, Y, Z of one player each (and a guest of none). Session 1, two boards:
// W 30 + 20, X 10 + 20, Y 40 - 10, Z -10 + 0, the guest 99, an artificial seat of W's 77.
// Session 2 has no result; session 3: W 5, X 5, Y 0, Z -5.
TEST(LeagueDaysTest, SeriesSumsOfAFourClubDay) {
  SeasonEventScores e = Event({"W", "X", "Y", "Z", "Without players"});
  for (const char* c : {"0", "1", "2", "3"})
    AddPlayer(e, std::string("pl-") + c, "cl-" + std::string(c));
  AddPlayer(e, "pl-guest", "");
  e.sessions.resize(3);
  scoring::Traveller b1, b2, b3;
  b1.rows = {Row("pl-0", 30), Row("pl-1", 10), Row("pl-2", 40), Row("pl-3", -10),
             Row("pl-guest", 99)};
  b2.rows = {Row("pl-0", 20), Row("pl-1", 20), Row("pl-2", -10), Row("pl-3", 0),
             Row("pl-0", 77, true)};
  b3.rows = {Row("pl-0", 5), Row("pl-1", 5), Row("pl-2", 0), Row("pl-3", -5)};
  e.sessions[0].sheet.travellers = {b1, b2};
  e.sessions[2].sheet.travellers = {b3};
  const std::vector<std::string> clubs = ClubsWithPlayers(e);
  EXPECT_EQ(clubs, (std::vector<std::string>{"cl-0", "cl-1", "cl-2", "cl-3"}));
  const std::optional<season::MatchDay> day = MatchDayOf(e);
  ASSERT_TRUE(day.has_value());
  EXPECT_EQ(day->event, "ev-aaaaaaaaaa");
  EXPECT_EQ(day->display_name, "Spieltag");
  EXPECT_EQ(day->clubs, (std::vector<std::string>{"W", "X", "Y", "Z"}));
  ASSERT_EQ(day->scores.size(), 2u);
  EXPECT_EQ(day->scores[0], (std::vector<long long>{50, 30, 30, -10}));
  EXPECT_EQ(day->scores[1], (std::vector<long long>{5, 5, 0, -5}));
}

// Two clubs: each session's team match, sides by club id (session 2 has B as its club A).
TEST(LeagueDaysTest, TwoClubDayIsTheTeamMatchTotals) {
  SeasonEventScores e = Event({"Berlin", "Hamburg"});
  AddPlayer(e, "pl-b", "cl-0");
  AddPlayer(e, "pl-h", "cl-1");
  e.sessions.resize(3);
  scoring::TeamLine line;
  e.sessions[0].sheet.team = {.club_a = "cl-0",
                              .club_b = "cl-1",
                              .lines = {line},
                              .total_a = 120,
                              .total_b = 80,
                              .net = 40};
  e.sessions[1].sheet.team = {.club_a = "cl-1",
                              .club_b = "cl-0",
                              .lines = {line},
                              .total_a = 15,
                              .total_b = 25,
                              .net = -10};
  // Session 3 seats one club only: no team match.
  const std::optional<season::MatchDay> day = MatchDayOf(e);
  ASSERT_TRUE(day.has_value());
  EXPECT_EQ(day->clubs, (std::vector<std::string>{"Berlin", "Hamburg"}));
  ASSERT_EQ(day->scores.size(), 1u);
  EXPECT_EQ(day->scores[0], (std::vector<long long>{145, 95}));
}

TEST(LeagueDaysTest, NoMatchDayWithoutTwoClubsOfPlayers) {
  SeasonEventScores e = Event({"Berlin", "Hamburg"});
  AddPlayer(e, "pl-b", "cl-0");
  AddPlayer(e, "pl-x", "");
  EXPECT_FALSE(MatchDayOf(e).has_value());
  // Two clubs of players but no result yet: a match day without series.
  AddPlayer(e, "pl-h", "cl-1");
  const std::optional<season::MatchDay> day = MatchDayOf(e);
  ASSERT_TRUE(day.has_value());
  EXPECT_TRUE(day->scores.empty());
}

}  // namespace
}  // namespace skat::service
