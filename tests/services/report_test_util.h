// Shared by the event report's tests (report_csv_test.cc, report_render_test.cc): the report's data
// for an event of two clubs, nine players (six with awkward names) and two boards at three tables.
#ifndef SKAT_TESTS_SERVICES_REPORT_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_REPORT_TEST_UTIL_H_

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "services/report/report.h"

namespace skat::report::testing_report {

// ---------------------------------------------------------------------------------------------
// The event: two clubs, nine players (six with awkward names), two boards at three tables.

inline const std::vector<std::string> kNames = {
    "O'Brien \"Ace\"",
    "<script>x</script>",
    "Robert'); DROP TABLE players;--",
    "M\u00fcller \u03a9\u03bc\u03ad\u03b3\u03b1 \u5f20\u4f1f",
    "Anna, Smith",
    "Bartholomew-Maximilian-Fitzgerald-Worthington-Smythe & Co",
    "Carl Jansen",
    "Dora Weiss",
    "Emil Braun",
};
inline const std::string kClubA = "Milwaukee Skat-Verein";
inline const std::string kClubB = "Chicago \"Germania\" <Club>";
inline constexpr int kPlayers = 9;

inline std::string Player(int i) { return "events/ev-1/players/p" + std::to_string(i + 1); }
inline std::string Club(int i) { return i % 2 == 0 ? kClubA : kClubB; }

// The 32 cards in pack order.
inline std::vector<std::string> Pack() {
  std::vector<std::string> cards;
  for (const char* suit : {"C", "S", "H", "D"}) {
    for (const char* rank : {"A", "K", "Q", "J", "10", "9", "8", "7"}) {
      cards.push_back(std::string(suit) + "-" + rank);
    }
  }
  return cards;
}

// Board b's hands: card i of the pack goes to position (5i + b) mod 32; positions 0-9 forehand,
// 10-19 middlehand, 20-29 rearhand, 30-31 the skat. Each hand is listed in position order (not
// sorted), as a server might.
inline std::vector<std::string> Deal(int board) {
  const std::vector<std::string> pack = Pack();
  std::vector<std::string> at(32);
  for (int i = 0; i < 32; ++i) at[(5 * i + board) % 32] = pack[i];
  std::vector<std::string> parts(4);
  for (int p = 0; p < 32; ++p) {
    std::string& part = parts[p < 30 ? p / 10 : 3];
    part += (part.empty() ? "" : " ") + at[p];
  }
  return parts;
}

struct RowSpec {
  int player;
  int64_t score;
  std::string mp;
  double diff;
};

inline ReportData MakeData() {
  ReportData data;
  v1::Standings& st = data.standings;
  st.set_event("events/ev-1");
  st.set_display_name("Duplicate <Night> & \"Friends\"");
  st.set_board_score(v1::BOARD_SCORE_SETTLED);
  st.set_comparison(v1::COMPARISON_MATCHPOINTS);
  st.set_results(18);
  st.set_results_expected(27);
  st.add_notes("Board 3 is still in play at table 2.");
  st.mutable_compute_time()->set_seconds(1795000000);
  const double percentages[kPlayers] = {62.5, 58.333333333333336, 58.333333333333336, 55.0,
                                        50.0, 45.83333333333333,  41.666666666666664, 37.5,
                                        12.5};
  const char* mps[kPlayers] = {"7.5", "7", "7", "35/3", "6", "5.5", "5", "4.5", "1.5"};
  for (int i = 0; i < kPlayers; ++i) {
    v1::Standing* s = st.add_overall();
    s->set_rank(i == 2 ? 2 : i + 1);
    s->set_tied(i == 1 || i == 2);
    s->set_player(Player(i));
    s->set_display_name(kNames[i]);
    s->set_club(Club(i));
    s->set_boards(2);
    for (int d = 0; d < 3; ++d) s->add_direction_boards(d == i % 3 ? 0 : 1);
    s->set_matchpoints(mps[i]);
    s->set_top("12");
    s->set_percentage(percentages[i]);
    s->set_diff(68.5 - 17.25 * i);
    s->set_total(240 - 37 * i);
    s->set_own_points(1001 + 111 * i);
    for (int r = 1; r <= 2; ++r) {
      v1::RoundPercentage* rp = s->add_rounds();
      rp->set_round(r);
      rp->set_percentage(r == 1 ? percentages[i] + 10 - 2.5 * i : percentages[kPlayers - 1 - i]);
    }
  }
  for (v1::Direction d :
       {v1::DIRECTION_FOREHAND, v1::DIRECTION_MIDDLEHAND, v1::DIRECTION_REARHAND}) {
    v1::DirectionStandings* ds = st.add_by_direction();
    ds->set_direction(d);
    for (int i = 0; i < kPlayers; i += 2) *ds->add_standings() = st.overall(i);
  }

  // Travellers: board b at tables 1-3; docs/comparative.md "Worked example" on board 1.
  const std::vector<std::vector<std::vector<RowSpec>>> boards = {
      {{{0, 60, "4", 68}, {3, 36, "2", 44}, {6, -120, "0", -112}},
       {{1, 0, "2", 0}, {4, 0, "2", 0}, {7, 0, "2", 0}},
       {{2, -60, "1", -20}, {5, -60, "1", -20}, {8, 0, "4", 40}}},
      {{{4, 96, "35/3", 74.66666666666667},
        {8, -48, "1/3", -69.33333333333333},
        {1, 24, "2", 2.6666666666666665}},
       {{5, -36, "0", -72}, {0, 72, "4", 36}, {6, 72, "4", 36}},
       {{3, 0, "2", 0}, {2, 18, "4", 18}, {7, -18, "0", -18}}}};
  for (int b = 0; b < 2; ++b) {
    v1::Traveller t;
    t.set_event("events/ev-1");
    t.set_session(1);
    t.set_board(b + 1);
    t.set_deal_number(1234567890123ull + static_cast<uint64_t>(b));
    const std::vector<std::string> deal = Deal(b + 1);
    for (int h = 0; h < 3; ++h) t.add_hands(deal[h]);
    t.set_skat(deal[3]);
    for (int d = 0; d < 3; ++d) {
      v1::DirectionTraveller* dt = t.add_directions();
      dt->set_direction(static_cast<v1::Direction>(d + 1));
      dt->set_version(1);
      dt->set_planned(3);
      double sum = 0;
      for (const RowSpec& r : boards[b][d]) sum += static_cast<double>(r.score);
      dt->set_datum(sum / 3);
      for (int k = 0; k < 3; ++k) {
        const RowSpec& spec = boards[b][d][k];
        v1::TravellerRow* row = dt->add_rows();
        row->set_table("events/ev-1/tables/t" + std::to_string(k + 1));
        row->set_table_label(k == 2 ? "Table 3 <east>" : "Table " + std::to_string(k + 1));
        row->set_player(Player(spec.player));
        row->set_display_name(kNames[spec.player]);
        row->set_board_score(spec.score);
        row->set_matchpoints(spec.mp);
        row->set_top("4");
        row->set_diff(spec.diff);
        row->set_assigned(b == 1 && d == 2 && k == 0);
        v1::GameResult* g = row->mutable_result();
        g->set_kind(v1::GameResult::KIND_DECLARER_GAME);
        g->set_declarer(static_cast<v1::Direction>(k % 3 + 1));
        g->set_won(spec.score >= 0);
        g->set_value(30 + 6 * k);
        g->set_summary("declarer's hearts solo with 2, \"schneider\": " +
                       std::string(spec.score >= 0 ? "won " : "lost ") +
                       std::to_string(30 + 6 * k));
      }
    }
    data.travellers.push_back(t);
  }

  // Scorecards from the travellers.
  data.scorecards.resize(kPlayers);
  for (int i = 0; i < kPlayers; ++i) {
    data.scorecards[i].set_event("events/ev-1");
    *data.scorecards[i].mutable_standing() = st.overall(i);
  }
  for (const v1::Traveller& t : data.travellers) {
    for (const v1::DirectionTraveller& d : t.directions()) {
      for (const v1::TravellerRow& row : d.rows()) {
        const int i = std::stoi(row.player().substr(row.player().rfind('p') + 1)) - 1;
        v1::ScorecardRow* s = data.scorecards[i].add_rows();
        s->set_session(1);
        s->set_round(t.board());
        s->set_board(t.board());
        s->set_direction(d.direction());
        s->set_table(row.table());
        s->set_board_score(row.board_score());
        s->set_matchpoints(row.matchpoints());
        s->set_top(row.top());
        s->set_diff(row.diff());
        s->set_summary(row.result().summary());
      }
    }
  }

  v1::TeamMatch team;
  team.set_event("events/ev-1");
  team.set_club_a(kClubA);
  team.set_club_b(kClubB);
  int64_t total_a = 0, total_b = 0;
  for (int b = 1; b <= 2; ++b) {
    for (int d = 1; d <= 3; ++d) {
      v1::TeamLine* line = team.add_lines();
      line->set_board(b);
      line->set_direction(static_cast<v1::Direction>(d));
      line->set_club_a(17 * b * d - 40);
      line->set_club_b(-9 * b + 5 * d);
      line->set_net(line->club_a() - line->club_b());
      total_a += line->club_a();
      total_b += line->club_b();
    }
  }
  team.set_total_a(total_a);
  team.set_total_b(total_b);
  team.set_net(total_a - total_b);
  data.team = team;

  v1::PrizeList prizes;
  prizes.set_event("events/ev-1");
  const std::vector<std::tuple<int, std::string, std::string>> list = {
      {0, "most games won less lost", "3 won, 0 lost"},
      {3, "most own points", "1334 own points,\r\nthen \"net games\""},
      {1, "Solo against the most matadors", "clubs solo against 4"}};
  int place = 1;
  for (const auto& [player, category, detail] : list) {
    v1::Prize* p = prizes.add_prizes();
    p->set_sitting(1);
    p->set_place(place++);
    p->set_category(category);
    p->set_player(Player(player));
    p->set_display_name(kNames[player]);
    p->set_detail(detail);
  }
  data.prizes = prizes;
  return data;
}

inline std::map<std::string, std::string> ByPath(const std::vector<File>& files) {
  std::map<std::string, std::string> out;
  for (const File& f : files) out[f.path] = f.content;
  return out;
}

}  // namespace skat::report::testing_report

#endif  // SKAT_TESTS_SERVICES_REPORT_TEST_UTIL_H_
