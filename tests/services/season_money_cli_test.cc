// A season's money and its export from the command line (label e2e; docs/seasons.md "Money",
// "Export"): skatd on the throwaway database, `skat` as a club's treasurer runs it. Two club
// evenings with real cards (two tables of three, three boards, results imported from score
// slips), the players linked to the registry's persons by member number and one guest who is no
// person; a season with an entry fee, loss fees in two tiers, a pot share and a prize split. The
// statements are compared with the money computed here from the events' own standings and the
// games each player lost as declarer (known from the slips); the CSV and JSON exports are read
// back (a name a spreadsheet would run as a formula is marked with '); the refusals.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "skat/v1/scoring_service.grpc.pb.h"
#include "skat/v1/season_service.grpc.pb.h"
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
namespace v1 = skat::v1;

// The season's rules: entry 5.00; 0.50 for the first game lost in an evening, 1.00 for each
// after; 10 % to the season pot; prizes 50 / 30 / 20 %; the pot to the top half.
constexpr int64_t kEntry = 500, kLossFee = 50, kLossAfter = 100;
constexpr int kLossGames = 1, kPotPermille = 100;
const std::vector<int> kSplit = {500, 300, 200};

int64_t LossFees(int lost) {
  return std::min(lost, kLossGames) * kLossFee + std::max(lost - kLossGames, 0) * kLossAfter;
}

struct Player {
  std::string name;
  int member = 0;  // 0: a guest, no person
};

// One evening as the test knows it: its players and the games each lost as declarer.
struct Evening {
  std::string event;
  std::vector<Player> players;  // table 1 chairs 1..3, table 2 chairs 1..3
  std::map<std::string, int> lost;
  std::map<std::string, int> rank;  // from the event's own standings
};

class SeasonMoneyCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-season-money", "Not in a season");
    if (HasFatalFailure()) return;
    auto channel = grpc::CreateChannel(skatd_->server(), grpc::InsecureChannelCredentials());
    seasons_ = v1::SeasonService::NewStub(channel);
    scoring_ = v1::ScoringService::NewStub(channel);
  }

  fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  // A file name for the evening `title` ("Abend 1" -> "Abend_1").
  static std::string File(std::string title) {
    std::replace(title.begin(), title.end(), ' ', '_');
    return title;
  }

  // The session's resource name in `sessions start`'s output.
  static std::string SessionIn(const std::string& out) {
    const size_t at = out.find("\nevents/");
    return at == std::string::npos ? "" : FirstWord(out.substr(at + 1));
  }

  // Creates the evening in the registry, seats its six players at two tables of three (by their
  // numbers) and imports the score slips `slips` (lines of table,board,declarer,game,points,
  // floor and the Ramsch columns); then reads each player's rank from the event's standings.
  void Play(const std::string& title, const std::string& registry, Evening& evening,
            const std::string& slips) {
    const Output made = Skat("events create --name '" + title + "' --registry " + registry);
    ASSERT_EQ(made.exit_code, 0) << made.out;
    evening.event = FirstWord(made.out);
    const std::string token =
        " --token-file " +
        Write(File(title) + "-director", ValueAfter(made.out, "director token: ") + "\n").string();
    for (const Player& p : evening.players) {
      const Output added =
          Skat("players add --event " + evening.event + " '" + p.name + "'" +
               (p.member ? " --member-number " + std::to_string(p.member) : "") + token);
      ASSERT_EQ(added.exit_code, 0) << added.out;
    }
    const Output set = Skat("boards create --event " + evening.event + " --boards 3" + token);
    ASSERT_EQ(set.exit_code, 0) << set.out;
    const std::string seating =
        "round,table,boards,chair 1,chair 2,chair 3\n1,1,1-3,1,2,3\n1,2,1-3,4,5,6\n";
    const Output started =
        Skat("sessions start --event " + evening.event + " --board-set " + FirstWord(set.out) +
             " --movement manual --physical --accept-warnings --seating " +
             Write(File(title) + "-seating.csv", seating).string() + " --tokens-file " +
             (root_ / (File(title) + "-tokens")).string() + token);
    ASSERT_EQ(started.exit_code, 0) << started.out;
    const Output imported = Skat(
        "results import --session " + SessionIn(started.out) + " --file " +
        Write(
            File(title) + "-slips.csv",
            "table,board,declarer,game,points,floor,ramsch,card-points,ramsch-tricks,last-trick\n" +
                slips)
            .string() +
        token);
    ASSERT_EQ(imported.exit_code, 0) << imported.out;
    v1::GetStandingsRequest request;
    request.set_name(evening.event + "/standings");
    v1::Standings standings;
    grpc::ClientContext context;
    ASSERT_TRUE(scoring_->GetStandings(&context, request, &standings).ok());
    ASSERT_EQ(standings.overall_size(), 6);
    for (const v1::Standing& s : standings.overall()) evening.rank[s.display_name()] = s.rank();
  }

  std::string CreateSeason(const std::string& registry, const std::string& registry_token,
                           bool money, const std::vector<std::string>& events) {
    v1::CreateSeasonRequest request;
    request.set_parent(registry);
    v1::Season* s = request.mutable_season();
    s->set_display_name(money ? "Herbst 2026" : "Ohne Geld");
    if (money) {
      s->set_entry_fee_cents(kEntry);
      s->set_loss_fee_cents(kLossFee);
      s->set_loss_fee_games(kLossGames);
      s->set_loss_fee_after_cents(kLossAfter);
      s->set_pot_permille(kPotPermille);
      for (int share : kSplit) s->add_prize_split_permille(share);
    }
    v1::Season made;
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + registry_token);
    const grpc::Status created = seasons_->CreateSeason(&context, request, &made);
    EXPECT_TRUE(created.ok()) << created.error_message();
    for (const std::string& event : events) {
      v1::AddSeasonEventRequest add;
      add.set_season(made.name());
      add.set_event(event);
      v1::Season added;
      grpc::ClientContext add_context;
      add_context.AddMetadata("authorization", "Bearer " + registry_token);
      const grpc::Status status = seasons_->AddSeasonEvent(&add_context, add, &added);
      EXPECT_TRUE(status.ok()) << status.error_message();
    }
    return made.name();
  }

  // The season table's ranked persons by name, from GetSeasonStandings.
  std::map<std::string, int> SeasonRanks(const std::string& season) {
    v1::GetSeasonStandingsRequest request;
    request.set_name(season + "/standings");
    v1::SeasonStandings table;
    grpc::ClientContext context;
    const grpc::Status read = seasons_->GetSeasonStandings(&context, request, &table);
    EXPECT_TRUE(read.ok()) << read.error_message();
    std::map<std::string, int> ranks;
    for (const v1::SeasonStanding& s : table.standings()) {
      if (s.rank() > 0) ranks[s.display_name()] = s.rank();
    }
    return ranks;
  }

  v1::SeasonStatements Statements(const std::string& season) {
    v1::GetSeasonStatementsRequest request;
    request.set_name(season + "/statements");
    v1::SeasonStatements statements;
    grpc::ClientContext context;
    const grpc::Status read = seasons_->GetSeasonStatements(&context, request, &statements);
    EXPECT_TRUE(read.ok()) << read.error_message();
    return statements;
  }

  std::unique_ptr<v1::SeasonService::Stub> seasons_;
  std::unique_ptr<v1::ScoringService::Stub> scoring_;
};

// The money the test expects, computed from the evenings alone.
struct Expected {
  std::vector<int64_t> in, to_pot;
  std::vector<std::map<std::string, int64_t>> prize;  // per evening, by name
  int64_t pot = 0, pot_paid = 0;
  std::map<std::string, int64_t> pot_prize, balance;  // by name
};

Expected Compute(const std::vector<Evening>& evenings, const std::map<std::string, int>& season) {
  Expected x;
  for (const Evening& e : evenings) {
    int64_t in = 0;
    for (const Player& p : e.players) {
      const int lost = e.lost.count(p.name) ? e.lost.at(p.name) : 0;
      in += kEntry + LossFees(lost);
      x.balance[p.name] -= kEntry + LossFees(lost);
    }
    const int64_t share = in * kPotPermille / 1000;
    x.prize.push_back(Split(in - share, kSplit, e.rank));
    int64_t paid = 0;
    for (const auto& [name, prize] : x.prize.back()) paid += prize, x.balance[name] += prize;
    x.in.push_back(in);
    x.to_pot.push_back(in - paid);
    x.pot += in - paid;
  }
  x.pot_prize = Split(x.pot, {}, season);
  for (const auto& [name, prize] : x.pot_prize) x.pot_paid += prize, x.balance[name] += prize;
  return x;
}

// The records of a CSV text split at its empty line: the results, then the season table.
std::vector<std::vector<std::vector<std::string>>> Tables(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::string error;
  EXPECT_TRUE(skat::testing_csv::ParseCsv(text, records, error)) << error;
  std::vector<std::vector<std::vector<std::string>>> tables(1);
  for (auto& r : records) {
    if (r.size() == 1 && r[0].empty()) {
      tables.emplace_back();
      continue;
    }
    tables.back().push_back(std::move(r));
  }
  return tables;
}

// The cell of `column` (by the header) in `row`; a cell marked with ' reads back without it.
std::string Cell(const std::vector<std::vector<std::string>>& table, size_t row,
                 const std::string& column) {
  for (size_t c = 0; c < table[0].size(); ++c) {
    if (table[0][c] != column) continue;
    const std::string& cell = table.at(row).at(c);
    return !cell.empty() && cell[0] == '\'' ? cell.substr(1) : cell;
  }
  ADD_FAILURE() << "no column " << column;
  return "";
}

TEST_F(SeasonMoneyCliTest, StatementsAndExportsAddUpToTheCent) {
  const Output made = Skat("registries create --name 'Herz Dame'");
  ASSERT_EQ(made.exit_code, 0) << made.out;
  const std::string registry = FirstWord(made.out);
  const std::string registry_token = ValueAfter(made.out, "registry token: ");
  const fs::path key = Write("registry", registry_token + "\n");
  const std::string reg = " --registry-token-file " + key.string();
  // A member whose name a spreadsheet would run as a formula.
  const Output members =
      Skat("persons import " + registry + " --file " +
           Write("members.csv",
                 "name,club,member_number\n=Anna,Herz Dame,101\nBert,Herz Dame,102\nCarl,,103\n"
                 "Dora,,104\nEmil,,105\nFrida,,106\n")
               .string() +
           reg);
  ASSERT_EQ(members.exit_code, 0) << members.out;

  // Board b's forehand sits in chair ((b − 1) mod 3) + 1, middlehand in the next chair.
  Evening one{.event = "",
              .players = {{"=Anna", 101},
                          {"Bert", 102},
                          {"Carl", 103},
                          {"Dora", 104},
                          {"Emil", 105},
                          {"Frida", 106}},
              .lost = {{"=Anna", 2}, {"Frida", 1}},
              .rank = {}};
  Play("Abend 1", registry, one,
       "round 1 table 1,1,forehand,solo-hearts,30,18,,,,\n"           // =Anna (chair 1) lost
       "round 1 table 1,2,middlehand,solo-hearts,80,18,,,,\n"         // Carl (chair 3) won
       "round 1 table 1,3,middlehand,solo-hearts,24,18,,,,\n"         // =Anna (chair 1) lost
       "round 1 table 2,1,forehand,solo-hearts,85,18,,,,\n"           // Dora won
       "round 1 table 2,2,,,,,yes,\"40,50,30\",\"3,4,3\",rearhand\n"  // Ramsch: no declarer
       "round 1 table 2,3,forehand,solo-hearts,25,18,,,,\n");         // Frida (chair 3) lost
  if (HasFatalFailure()) return;
  Evening two{
      .event = "",
      .players =
          {{"=Anna", 101}, {"Dora", 104}, {"Gast", 0}, {"Bert", 102}, {"Carl", 103}, {"Emil", 105}},
      .lost = {{"=Anna", 1}, {"Dora", 1}, {"Gast", 1}, {"Carl", 1}},
      .rank = {}};
  Play("Abend 2", registry, two,
       "round 1 table 1,1,forehand,solo-hearts,30,18,,,,\n"    // =Anna lost
       "round 1 table 1,2,forehand,solo-hearts,24,18,,,,\n"    // Dora (chair 2) lost
       "round 1 table 1,3,forehand,solo-hearts,23,18,,,,\n"    // Gast (chair 3) lost
       "round 1 table 2,1,forehand,solo-hearts,90,18,,,,\n"    // Bert won
       "round 1 table 2,2,forehand,solo-hearts,40,18,,,,\n"    // Carl (chair 2) lost
       "round 1 table 2,3,forehand,solo-hearts,70,18,,,,\n");  // Emil won
  if (HasFatalFailure()) return;
  const std::string season = CreateSeason(registry, registry_token, true, {one.event, two.event});
  const std::string no_money = CreateSeason(registry, registry_token, false, {one.event});

  const std::map<std::string, int> season_ranks = SeasonRanks(season);
  EXPECT_EQ(season_ranks.size(), 6u);  // every person; the guest is none
  const Expected x = Compute({one, two}, season_ranks);
  EXPECT_EQ(x.in[0], 6 * kEntry + LossFees(2) + LossFees(1));  // 3000 + 150 + 50

  // GetSeasonStatements: every amount as computed here.
  const v1::SeasonStatements statements = Statements(season);
  ASSERT_EQ(statements.evenings_size(), 2);
  for (int e = 0; e < 2; ++e) {
    const v1::EveningMoney& m = statements.evenings(e);
    EXPECT_EQ(m.event(), (e == 0 ? one : two).event);
    EXPECT_EQ(m.in_cents(), x.in[e]);
    EXPECT_EQ(m.to_pot_cents(), x.to_pot[e]);
    EXPECT_EQ(m.prizes_cents() + m.to_pot_cents(), m.in_cents());
  }
  EXPECT_EQ(statements.pot_cents(), x.pot);
  EXPECT_EQ(statements.pot_paid_cents(), x.pot_paid);
  EXPECT_EQ(statements.pot_left_cents(), x.pot - x.pot_paid);
  ASSERT_EQ(statements.statements_size(), 7);  // six persons and the guest
  int64_t sum = statements.pot_left_cents();
  for (const v1::PersonStatement& s : statements.statements()) {
    EXPECT_EQ(s.balance_cents(), x.balance.at(s.display_name())) << s.display_name();
    sum += s.balance_cents();
    for (const v1::StatementLine& line : s.lines()) {
      if (line.event().empty()) {
        EXPECT_EQ(line.prize_cents(), x.pot_prize.at(s.display_name()));
        continue;
      }
      const int e = line.event() == one.event ? 0 : 1;
      const Evening& evening = e == 0 ? one : two;
      const int lost = evening.lost.count(s.display_name()) ? evening.lost.at(s.display_name()) : 0;
      EXPECT_EQ(line.lost_games(), lost) << s.display_name();
      EXPECT_EQ(line.loss_fees_cents(), LossFees(lost));
      EXPECT_EQ(line.rank(), evening.rank.at(s.display_name()));
      EXPECT_EQ(line.prize_cents(), x.prize[e].at(s.display_name())) << s.display_name();
    }
  }
  EXPECT_EQ(sum, 0);
  const v1::PersonStatement& guest =
      *std::find_if(statements.statements().begin(), statements.statements().end(),
                    [](const v1::PersonStatement& s) { return s.display_name() == "Gast"; });
  EXPECT_EQ(guest.person().rfind(two.event + "/players/", 0), 0u) << guest.person();

  // skat seasons statements in German: the pot and =Anna's balance as a treasurer reads them.
  const Output printed = Skat("--lang de seasons statements " + season);
  ASSERT_EQ(printed.exit_code, 0) << printed.out;
  EXPECT_TRUE(Contains(printed.out, "Saisonkasse: " + Amount(x.pot, true) + ", ausgezahlt " +
                                        Amount(x.pot_paid, true) + ", verbleibt " +
                                        Amount(x.pot - x.pot_paid, true)))
      << printed.out;
  EXPECT_TRUE(Contains(printed.out, "=Anna (" + registry + "/persons/"));
  EXPECT_TRUE(Contains(printed.out, "Saldo " + Amount(x.balance.at("=Anna"), true, true)))
      << printed.out;

  // The season's CSV export: the results, an empty line, the season table.
  const fs::path csv = root_ / "season.csv";
  const Output exported = Skat("seasons export " + season + " --format csv --out " + csv.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  const std::string text = skat::testing_program::ReadFile(csv);
  EXPECT_TRUE(Contains(text, "\"'=Anna\"")) << text;  // a formula would run: marked
  const auto tables = Tables(text);
  ASSERT_EQ(tables.size(), 2u);
  const auto& results = tables[0];
  ASSERT_EQ(results.size(), 13u);  // header and 2 × 6 players
  EXPECT_EQ(results[0],
            (std::vector<std::string>{"event", "event_name", "player", "person", "member_number",
                                      "display_name", "club", "rank", "tied", "percentage",
                                      "matchpoints", "top", "diff", "total", "boards", "lost_games",
                                      "entry_fee_cents", "loss_fees_cents", "prize_cents"}));
  for (size_t r = 1; r < results.size(); ++r) {
    const int e = Cell(results, r, "event") == one.event ? 0 : 1;
    const Evening& evening = e == 0 ? one : two;
    const std::string name = Cell(results, r, "display_name");
    const int lost = evening.lost.count(name) ? evening.lost.at(name) : 0;
    EXPECT_EQ(Cell(results, r, "event_name"), e == 0 ? "Abend 1" : "Abend 2");
    EXPECT_EQ(Cell(results, r, "rank"), std::to_string(evening.rank.at(name))) << name;
    EXPECT_EQ(Cell(results, r, "lost_games"), std::to_string(lost)) << name;
    EXPECT_EQ(Cell(results, r, "entry_fee_cents"), "500");
    EXPECT_EQ(Cell(results, r, "loss_fees_cents"), std::to_string(LossFees(lost)));
    EXPECT_EQ(Cell(results, r, "prize_cents"), std::to_string(x.prize[e].at(name))) << name;
    EXPECT_EQ(Cell(results, r, "boards"), "3");  // three boards, each in one direction
    if (name == "Gast") {
      EXPECT_EQ(Cell(results, r, "person"), "");
    } else {
      EXPECT_EQ(Cell(results, r, "person").rfind(registry + "/persons/", 0), 0u);
    }
  }
  const auto& season_table = tables[1];
  ASSERT_EQ(season_table.size(), 7u);
  EXPECT_EQ(season_table[0],
            (std::vector<std::string>{"rank", "tied", "person", "member_number", "display_name",
                                      "club", "value", "diff", "events_played", "pot_prize_cents",
                                      "balance_cents"}));
  for (size_t r = 1; r < season_table.size(); ++r) {
    const std::string name = Cell(season_table, r, "display_name");
    EXPECT_EQ(Cell(season_table, r, "rank"), std::to_string(season_ranks.at(name)));
    EXPECT_EQ(Cell(season_table, r, "pot_prize_cents"), std::to_string(x.pot_prize.at(name)));
    EXPECT_EQ(Cell(season_table, r, "balance_cents"), std::to_string(x.balance.at(name)));
    if (name == "=Anna") {
      EXPECT_EQ(Cell(season_table, r, "member_number"), "101");
      EXPECT_EQ(Cell(season_table, r, "events_played"), "2");
    }
  }

  // One evening's JSON export: the money of its season with money.
  const fs::path json = root_ / "evening.json";
  const Output evening_export =
      Skat("events export-results " + two.event + " --format json --out " + json.string());
  ASSERT_EQ(evening_export.exit_code, 0) << evening_export.out;
  google::protobuf::Struct parsed;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(skat::testing_program::ReadFile(json), &parsed)
          .ok());
  EXPECT_EQ(parsed.fields().at("name").string_value(), two.event);
  EXPECT_EQ(parsed.fields().count("season_table"), 0u);
  const auto& rows = parsed.fields().at("results").list_value().values();
  ASSERT_EQ(rows.size(), 6);
  for (const auto& row : rows) {
    const auto& f = row.struct_value().fields();
    const std::string name = f.at("display_name").string_value();  // "=Anna" as it is
    EXPECT_EQ(f.at("rank").number_value(), two.rank.at(name)) << name;
    EXPECT_EQ(f.at("prize_cents").number_value(), x.prize[1].at(name)) << name;
    EXPECT_EQ(f.at("tied").kind_case(), google::protobuf::Value::kBoolValue);
    EXPECT_EQ(f.at("percentage").kind_case(), google::protobuf::Value::kStringValue);
    if (name == "Gast") {
      EXPECT_EQ(f.at("person").kind_case(), google::protobuf::Value::kNullValue);
    }
  }
  // An event in no season with money: the money columns are empty.
  const Output outside = Skat("events export-results " + event_ + " --format csv");
  ASSERT_EQ(outside.exit_code, 0) << outside.out;
  EXPECT_TRUE(Contains(outside.out, "event,event_name,player")) << outside.out;

  // A person the registry hides (docs/persons.md "Privacy"): their statement is the player's, and
  // the season table and its pot leave them out.
  const auto frida =
      std::find_if(statements.statements().begin(), statements.statements().end(),
                   [](const v1::PersonStatement& s) { return s.display_name() == "Frida"; });
  ASSERT_NE(frida, statements.statements().end());
  const Output hide = Skat("persons update " + frida->person() + " --hidden" + reg);
  ASSERT_EQ(hide.exit_code, 0) << hide.out;
  const std::map<std::string, int> shown = SeasonRanks(season);
  EXPECT_EQ(shown.size(), 5u);
  EXPECT_EQ(shown.count("Frida"), 0u);
  const Expected y = Compute({one, two}, shown);
  const v1::SeasonStatements hidden = Statements(season);
  EXPECT_EQ(hidden.pot_paid_cents(), y.pot_paid);
  int64_t hidden_sum = hidden.pot_left_cents();
  for (const v1::PersonStatement& s : hidden.statements()) {
    EXPECT_EQ(s.balance_cents(), y.balance.at(s.display_name())) << s.display_name();
    hidden_sum += s.balance_cents();
    if (s.display_name() == "Frida") {
      EXPECT_EQ(s.person().rfind(one.event + "/players/", 0), 0u) << s.person();
    }
  }
  EXPECT_EQ(hidden_sum, 0);

  // Refusals.
  const Output format = Skat("seasons export " + season + " --format xml");
  EXPECT_EQ(format.exit_code, 1);
  EXPECT_TRUE(Contains(format.out, "invalid-argument")) << format.out;
  const Output unknown = Skat("seasons statements seasons/se-aaaaaaaaaa");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_TRUE(Contains(unknown.out, "not-found")) << unknown.out;
  const Output without = Skat("seasons statements " + no_money);
  EXPECT_EQ(without.exit_code, 1);
  EXPECT_TRUE(Contains(without.out, "season-without-money")) << without.out;
  const Output without_export = Skat("seasons export " + no_money + " --format csv");
  EXPECT_EQ(without_export.exit_code, 0) << without_export.out;  // results without money
}

}  // namespace
