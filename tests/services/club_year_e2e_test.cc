// A club's year from the command line alone (label e2e; docs/seasons.md): skatd on the throwaway
// database and `skat` as the club's director and treasurer run it. Three monthly evenings with
// real cards (two tables of three, two rounds, six boards, score slips imported),
// the players linked to the registry's persons by member number; a season of them, best 2 of 3
// with a minimum attendance of 2, with an entry fee, loss fees in two tiers, a pot share and a
// prize split. The season table, the money statements and both exports are compared with numbers
// computed here from the events' own standings (read with `skat scores standings`) and from the
// slips. (The league of three match days is league_cli_test.cc.)
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/services/csv_test_util.h"
#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/season_test_util.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/test_text.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_season::Amount;
using skat::testing_season::Split;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;
using skat::testing_text::Contains;

// The season's money: 5.00 entry; 0.50 for each of the first three games lost in an evening,
// 1.00 for each after; 10 % to the season pot; prizes 50 / 30 / 20 %; the pot to the top half.
constexpr int64_t kEntry = 500, kLossFee = 50, kLossAfter = 100;
constexpr int kLossGames = 3, kPotPermille = 100;
const std::vector<int> kSplit = {500, 300, 200};

int64_t LossFees(int lost) {
  return std::min(lost, kLossGames) * kLossFee + std::max(lost - kLossGames, 0) * kLossAfter;
}

// Card points of the declarer of board b (1..6) at table t (1..2) on evening e: 61 and more
// wins. The declarer sits in chair (b + t + e) mod 3 + 1, on the first evening always in chair 1
// (so Anna there loses four games: the loss fee's second tier).
constexpr int kPoints[3][2][6] = {
    {{45, 30, 90, 55, 40, 75}, {55, 65, 90, 75, 30, 45}},
    {{90, 30, 65, 55, 75, 45}, {30, 90, 55, 65, 45, 75}},
    {{65, 55, 30, 90, 45, 75}, {65, 75, 45, 30, 90, 55}},
};
const char* const kDirections[] = {"forehand", "middlehand", "rearhand"};

// An evening's six players (p0..p5) sit: round 1 (boards 1-3) p0 p1 p2 | p5 p3 p4; round 2
// (boards 4-6) p0 p3 p4 | p1 p2 p5. Forehand of board b sits in chair ((b − 1) mod 3) + 1.
constexpr int kSeat[2][2][3] = {{{0, 1, 2}, {5, 3, 4}}, {{0, 3, 4}, {1, 2, 5}}};

struct Evening {
  Evening(std::string t, std::vector<std::string> p) : title(std::move(t)), players(std::move(p)) {}
  std::string title;
  std::vector<std::string> players;
  std::string event;
  std::map<std::string, int> lost;        // games lost as declarer, from the slips
  std::map<std::string, int> rank;        // from `skat scores standings`
  std::map<std::string, double> percent;  // the same
  std::map<std::string, double> diff;     // the same
};

class ClubYearTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override { StartWithEvent("skat-club-year", "unused"); }

  fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  // Creates an event of the registry; returns its name and sets token_ to its director token's
  // option.
  std::string CreateEvent(const std::string& title) {
    const Output made = Skat("events create --name '" + title + "' --registry " + registry_);
    EXPECT_EQ(made.exit_code, 0) << made.out;
    token_ = " --token-file " + Write(FirstWord(made.out).substr(7) + "-director",
                                      ValueAfter(made.out, "director token: ") + "\n")
                                    .string();
    return FirstWord(made.out);
  }

  // The session's resource name in `sessions start`'s output.
  static std::string SessionIn(const std::string& out) {
    const size_t at = out.find("\nevents/");
    return at == std::string::npos ? "" : FirstWord(out.substr(at + 1));
  }

  // Plays evening `e` (0..2): its players by member number, the seating above, the slips of
  // kPoints; then reads the event's standings.
  void Play(int e, Evening& evening) {
    evening.event = CreateEvent(evening.title);
    for (const std::string& p : evening.players) {
      const Output added = Skat("players add --event " + evening.event + " " + p +
                                " --member-number " + std::to_string(members_.at(p)) + token_);
      ASSERT_EQ(added.exit_code, 0) << added.out;
    }
    const Output set = Skat("boards create --event " + evening.event + " --boards 6" + token_);
    ASSERT_EQ(set.exit_code, 0) << set.out;
    std::string seating = "round,table,boards,chair 1,chair 2,chair 3\n";
    std::string slips = "table,board,declarer,game,points,floor\n";
    for (int r = 0; r < 2; ++r) {
      for (int t = 0; t < 2; ++t) {
        seating +=
            std::to_string(r + 1) + "," + std::to_string(t + 1) + "," + (r == 0 ? "1-3" : "4-6");
        for (int c = 0; c < 3; ++c) seating += "," + evening.players[kSeat[r][t][c]];
        seating += "\n";
        for (int b = 3 * r + 1; b <= 3 * r + 3; ++b) {
          const int chair = e == 0 ? 0 : (b + t + 1 + e) % 3;  // 0-based
          const int direction = (chair - (b - 1) % 3 + 3) % 3;
          const int points = kPoints[e][t][b - 1];
          if (points < 61) ++evening.lost[evening.players[kSeat[r][t][chair]]];
          slips += "round " + std::to_string(r + 1) + " table " + std::to_string(t + 1) + "," +
                   std::to_string(b) + "," + kDirections[direction] + ",solo-hearts," +
                   std::to_string(points) + ",18\n";
        }
      }
    }
    const Output started =
        Skat("sessions start --event " + evening.event + " --board-set " + FirstWord(set.out) +
             " --movement manual --physical --seating " +
             Write(evening.title + "-seating.csv", seating).string() + " --tokens-file " +
             (root_ / (evening.title + "-tokens")).string() + token_);
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const Output imported = Skat("results import --session " + SessionIn(started.out) + " --file " +
                                 Write(evening.title + "-slips.csv", slips).string() + token_);
    ASSERT_EQ(imported.exit_code, 0) << imported.out;
    ReadStandings(evening);
  }

  // rank, name, percent, MP, top, diff, total: one line per player after the heading.
  void ReadStandings(Evening& evening) {
    const Output standings = Skat("scores standings --event " + evening.event);
    ASSERT_EQ(standings.exit_code, 0) << standings.out;
    std::istringstream lines(standings.out.substr(standings.out.find("\nrank ") + 1));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line) && !line.empty()) {
      std::istringstream words(line);
      std::string rank, name, percent, matchpoints, top, diff;
      words >> rank >> name >> percent >> matchpoints >> top >> diff;
      evening.rank[name] = std::stoi(rank);
      evening.percent[name] = std::stod(percent);
      evening.diff[name] = std::stod(diff);
    }
    ASSERT_EQ(evening.rank.size(), 6u) << standings.out;
  }

  std::string registry_, reg_, token_;
  std::map<std::string, int> members_;
};

// The season table as docs/seasons.md "Season table" says, from the evenings' percentages and
// diffs (as printed; a diff here is a multiple of 0.5, so one place is exact): a person's best two
// evenings count (of equal percentages the earlier), summed; then the counted diffs; fewer than
// two evenings: unranked, listed after the ranked.
struct SeasonRow {
  std::string name;
  int played = 0;
  int64_t value = 0, diff = 0;  // hundredths
  int rank = 0;
};

std::vector<SeasonRow> SeasonTable(const std::vector<Evening>& evenings) {
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> results;
  for (const Evening& e : evenings) {
    for (const auto& [name, p] : e.percent) {
      results[name].push_back({std::llround(p * 100), std::llround(e.diff.at(name) * 100)});
    }
  }
  std::vector<SeasonRow> rows;
  for (auto& [name, list] : results) {
    std::stable_sort(list.begin(), list.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    SeasonRow row{name, static_cast<int>(list.size()), 0, 0, 0};
    for (size_t i = 0; i < list.size() && i < 2; ++i) {
      row.value += list[i].first;
      row.diff += list[i].second;
    }
    rows.push_back(row);
  }
  const auto key = [](const SeasonRow& r) { return std::tuple(r.played >= 2, r.value, r.diff); };
  std::stable_sort(rows.begin(), rows.end(),
                   [&](const SeasonRow& a, const SeasonRow& b) { return key(a) > key(b); });
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].played < 2) continue;
    rows[i].rank =
        i > 0 && key(rows[i - 1]) == key(rows[i]) ? rows[i - 1].rank : static_cast<int>(i) + 1;
  }
  return rows;
}

// "141.66", "-0.50".
std::string Hundredths(int64_t v) {
  const int64_t m = v < 0 ? -v : v;
  return (v < 0 ? "-" : "") + std::to_string(m / 100) + "." + (m % 100 < 10 ? "0" : "") +
         std::to_string(m % 100);
}

TEST_F(ClubYearTest, ASeasonOfThreeEveningsItsMoneyAndExports) {
  const Output made = Skat("registries create --name 'Skatclub Herz Dame'");
  ASSERT_EQ(made.exit_code, 0) << made.out;
  registry_ = FirstWord(made.out);
  reg_ = " --registry-token-file " +
         Write("registry", ValueAfter(made.out, "registry token: ") + "\n").string();
  std::string members = "name,club,member_number\n";
  const char* const names[] = {"Anna", "Bert", "Carl", "Dora", "Emil", "Frida", "Gustav", "Hanna"};
  for (int i = 0; i < 8; ++i) {
    members_[names[i]] = 101 + i;
    members += std::string(names[i]) + ",Herz Dame," + std::to_string(101 + i) + "\n";
  }
  const Output imported = Skat("persons import " + registry_ + " --file " +
                               Write("members.csv", members).string() + reg_);
  ASSERT_EQ(imported.exit_code, 0) << imported.out;

  // Gustav and Hanna come once (unranked), Emil and Frida twice, the others three times.
  std::vector<Evening> evenings = {
      {"Januar", {"Anna", "Bert", "Carl", "Dora", "Emil", "Frida"}},
      {"Februar", {"Bert", "Anna", "Dora", "Carl", "Gustav", "Emil"}},
      {"Maerz", {"Carl", "Dora", "Anna", "Hanna", "Bert", "Frida"}},
  };
  for (int e = 0; e < 3; ++e) {
    Play(e, evenings[e]);
    if (HasFatalFailure()) return;
  }

  const Output created =
      Skat("seasons create " + registry_ +
           " --name 'Jahr 2026' --best-of 2 --min-attendance 2 --entry-fee 5"
           " --loss-fee 0,50 --loss-fee-games 3 --loss-fee-after 1.00 --pot-permille 100"
           " --prize-split 500 300 200" +
           reg_);
  ASSERT_EQ(created.exit_code, 0) << created.out;
  const std::string season = FirstWord(created.out);
  for (const Evening& e : evenings) {
    const Output added = Skat("seasons add-event " + season + " " + e.event + reg_);
    ASSERT_EQ(added.exit_code, 0) << added.out;
  }

  // The season table: `skat seasons standings --format csv` against the table computed here.
  const std::vector<SeasonRow> expected = SeasonTable(evenings);
  ASSERT_EQ(expected.size(), 8u);
  const Output table = Skat("seasons standings " + season + " --format csv");
  ASSERT_EQ(table.exit_code, 0) << table.out;
  std::vector<std::vector<std::string>> rows;
  std::string error;
  ASSERT_TRUE(skat::testing_csv::ParseCsv(table.out, rows, error)) << error << table.out;
  ASSERT_EQ(rows.size(), 9u) << table.out;
  std::map<std::string, int> season_rank;
  for (size_t i = 0; i < expected.size(); ++i) {
    const std::vector<std::string>& row = rows[i + 1];
    SCOPED_TRACE(table.out);
    EXPECT_EQ(row[3], expected[i].name);
    EXPECT_EQ(row[0], std::to_string(expected[i].rank));
    EXPECT_EQ(row[6], std::to_string(expected[i].played));
    EXPECT_EQ(row[7], Hundredths(expected[i].value));
    EXPECT_EQ(row[8], Hundredths(expected[i].diff));
    if (expected[i].rank > 0) season_rank[expected[i].name] = expected[i].rank;
  }
  EXPECT_EQ(season_rank.size(), 6u);

  // The money: per evening in, pot share and prizes; the pot over the season table.
  std::map<std::string, int64_t> balance, pot_prize;
  std::vector<std::map<std::string, int64_t>> prize;
  int64_t pot = 0;
  for (const Evening& e : evenings) {
    int64_t in = 0;
    for (const std::string& p : e.players) {
      const int64_t fees = kEntry + LossFees(e.lost.count(p) ? e.lost.at(p) : 0);
      in += fees;
      balance[p] -= fees;
    }
    prize.push_back(Split(in - in * kPotPermille / 1000, kSplit, e.rank));
    int64_t paid = 0;
    for (const auto& [name, cents] : prize.back()) paid += cents, balance[name] += cents;
    pot += in - paid;
  }
  pot_prize = Split(pot, {}, season_rank);
  int64_t pot_paid = 0;
  for (const auto& [name, cents] : pot_prize) pot_paid += cents, balance[name] += cents;
  EXPECT_EQ(evenings[0].lost.at("Anna"), 4);
  int64_t sum = pot - pot_paid;
  for (const auto& [name, cents] : balance) sum += cents;
  EXPECT_EQ(sum, 0);

  const Output statements = Skat("seasons statements " + season);
  ASSERT_EQ(statements.exit_code, 0) << statements.out;
  EXPECT_TRUE(Contains(statements.out, "Season pot: " + Amount(pot, false) + ", paid " +
                                           Amount(pot_paid, false) + ", left " +
                                           Amount(pot - pot_paid, false)))
      << statements.out;
  for (const auto& [name, cents] : balance) {
    EXPECT_TRUE(Contains(statements.out, "  " + name + " (" + registry_ + "/persons/"));
    EXPECT_TRUE(Contains(statements.out, "): balance " + Amount(cents, false, true) + "\n"))
        << name << "\n"
        << statements.out;
  }
  const Output german = Skat("--lang de seasons statements " + season);
  EXPECT_TRUE(Contains(german.out, "Saisonkasse: " + Amount(pot, true))) << german.out;

  // The JSON export: every player's evening and the season table, to the cent.
  const fs::path json = root_ / "season.json";
  const Output exported =
      Skat("seasons export " + season + " --format json --out " + json.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  google::protobuf::Struct parsed;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(skat::testing_program::ReadFile(json), &parsed)
          .ok());
  const auto& results = parsed.fields().at("results").list_value().values();
  ASSERT_EQ(results.size(), 18);
  for (const auto& row : results) {
    const auto& f = row.struct_value().fields();
    const std::string name = f.at("display_name").string_value();
    const int e = f.at("event").string_value() == evenings[0].event   ? 0
                  : f.at("event").string_value() == evenings[1].event ? 1
                                                                      : 2;
    const int lost = evenings[e].lost.count(name) ? evenings[e].lost.at(name) : 0;
    SCOPED_TRACE(name + " in " + evenings[e].title);
    EXPECT_EQ(f.at("rank").number_value(), evenings[e].rank.at(name));
    EXPECT_EQ(f.at("member_number").string_value(), std::to_string(members_.at(name)));
    EXPECT_EQ(f.at("lost_games").number_value(), lost);
    EXPECT_EQ(f.at("entry_fee_cents").number_value(), kEntry);
    EXPECT_EQ(f.at("loss_fees_cents").number_value(), LossFees(lost));
    EXPECT_EQ(f.at("prize_cents").number_value(), prize[e].at(name));
  }
  const auto& season_rows = parsed.fields().at("season_table").list_value().values();
  ASSERT_EQ(season_rows.size(), 8);
  for (const auto& row : season_rows) {
    const auto& f = row.struct_value().fields();
    const std::string name = f.at("display_name").string_value();
    SCOPED_TRACE(name);
    EXPECT_EQ(f.at("rank").number_value(), season_rank.count(name) ? season_rank.at(name) : 0);
    EXPECT_EQ(f.at("balance_cents").number_value(), balance.at(name));
    EXPECT_EQ(f.at("pot_prize_cents").number_value(),
              pot_prize.count(name) ? pot_prize.at(name) : 0);
  }

  // The CSV export: the same season table, balances to the cent.
  const fs::path csv = root_ / "season.csv";
  ASSERT_EQ(Skat("seasons export " + season + " --format csv --out " + csv.string()).exit_code, 0);
  std::vector<std::vector<std::string>> records;
  ASSERT_TRUE(skat::testing_csv::ParseCsv(skat::testing_program::ReadFile(csv), records, error))
      << error;
  const auto header = std::find_if(records.begin(), records.end(), [](const auto& r) {
    return !r.empty() && r[0] == "rank" && r.back() == "balance_cents";
  });
  ASSERT_NE(header, records.end());
  int checked = 0;
  for (auto r = header + 1; r != records.end(); ++r, ++checked) {
    EXPECT_EQ((*r).back(), std::to_string(balance.at((*r)[4]))) << (*r)[4];
  }
  EXPECT_EQ(checked, 8);
}

}  // namespace
