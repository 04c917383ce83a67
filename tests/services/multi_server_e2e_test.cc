// More than one server process on one database (docs/reliability.md "More than one machine"; labels
// db and e2e): the layout of deploy/ (a Deployment per service) as real processes on loopback.
//
//   TwoTableServersPlayAsOneServerDoes: on the throwaway database of test_database.h run
//     - skatd E: --services=event,deal,scoring (the director's calls and the standings),
//     - skatd T1 and T2: --services=table, --server-id table-1 / table-2,
//     - skatd A: every service (the single-process layout, for the reference run).
//     Through E a director creates an event of nine bot players and one board set, and starts
//     two sessions alike on it (the 1909 congress, comparative, 2 rounds, the same draw seed):
//     six tables of three each. Session 1 is played by two `skat bot` processes at once, the
//     seats of every other table through T1 and the rest through T2; session 2 by one `skat bot`
//     through A. Both use the same seed and slip, and a bot's choices are a pure function of the
//     seed, the table's label ("round r, table t"), the chair, the board and the view
//     (services/cli/seat/bot_driver.h), so the two sessions must play alike. Checks: every process
//     exits 0; each bot process saw exactly its own tables finish; all 36 results count (18 a
//     session; the counts are the event's); E's GetStandings for session 1 equals, player by
//     player (by name), A's GetStandings for session 2: rank, tie, boards (at least one),
//     matchpoints, top, percentage, total and own points; and not every player scored alike. (Both
//     sessions share the board set because a board set is dealt from the server's fresh secret
//     seed: two events would get different cards.)
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "services/common/names.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_cli::Skat;
using skat::testing_program::ReadFile;
using skat::testing_program::RunProgram;
using skat::testing_program::RunResult;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;
using skat::testing_skatd::ValueAfter;

constexpr int kServerPlayers = 9;
constexpr int kRounds = 2;
constexpr int kServerResults = 18;  // 2 rounds x 3 tables x 3 boards

// The "table chair token" lines of a tokens file (comments skipped), by table in file order.
std::vector<std::pair<std::string, std::vector<std::string>>> TokensByTable(const fs::path& file) {
  std::vector<std::pair<std::string, std::vector<std::string>>> tables;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::string table = line.substr(0, line.find(' '));
    if (tables.empty() || tables.back().first != table) tables.push_back({table, {}});
    tables.back().second.push_back(line);
  }
  return tables;
}

class MultiServerEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(skat::testing_db::DatabaseUrl().empty()) << skat::testing_db::SetupError();
    root_ = MakeRoot("skat-multi");
    ASSERT_FALSE(root_.empty());
    // Every skatd reads SKAT_DATABASE_URL: one database for all four.
    setenv("SKAT_DATABASE_URL", skat::testing_db::DatabaseUrl().c_str(), 1);
  }
  void TearDown() override {
    for (auto& [name, skatd] : servers_) EXPECT_EQ(skatd->Stop(SIGTERM), 0) << name;
    servers_.clear();
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }

  Skatd& Start(const std::string& name, const std::string& services,
               const std::string& server_id = "") {
    const fs::path dir = root_ / name;
    fs::create_directories(dir);
    auto skatd = std::make_unique<Skatd>(dir, server_id);
    skatd->set_services(services);
    skatd->Start();
    EXPECT_FALSE(skatd->server().empty()) << name << ": see " << dir / "skatd.log";
    servers_.emplace_back(name, std::move(skatd));
    return *servers_.back().second;
  }

  // `skat ARGS --server E` with the director token; fails the test on a non-zero exit.
  std::string Director(const std::string& args) {
    const Output run = Skat(args + " --server " + event_server_, "SKAT_DIRECTOR_TOKEN=" + token_);
    EXPECT_EQ(run.exit_code, 0) << "skat " << args << "\n" << run.out;
    return run.out;
  }

  // `skat bot` on every seat of `tokens_file` through `server`, seeded alike for every run. The
  // slip is high enough that the tables rarely all play alike (the cards are fresh each run: at
  // 15 % one run in about fifteen saw every player score alike).
  RunResult Bots(const std::string& server, const fs::path& tokens_file) {
    const std::string base = tokens_file.string();
    return RunProgram({SKAT_BINARY, "bot", "--server", server, "--tokens-file", base, "--seed",
                       "1909", "--policy", "heuristic", "--slip", "35", "--retry-for", "60"},
                      base + ".out", base + ".err");
  }

  skat::v1::Standings Standings(const std::string& server, int session) {
    auto stub = skat::v1::ScoringService::NewStub(
        grpc::CreateChannel(server, grpc::InsecureChannelCredentials()));
    skat::v1::GetStandingsRequest request;
    request.set_name(skat::service::SessionScopedName(event_, session, "standings"));
    skat::v1::Standings standings;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    const grpc::Status s = stub->GetStandings(&context, request, &standings);
    EXPECT_TRUE(s.ok()) << server << " session " << session << ": " << s.error_message();
    return standings;
  }

  fs::path root_;
  std::vector<std::pair<std::string, std::unique_ptr<Skatd>>> servers_;
  std::string event_server_;
  std::string token_;
  std::string event_;
};

TEST_F(MultiServerEndToEndTest, TwoTableServersPlayAsOneServerDoes) {
  const Skatd& directors = Start("event-deal-scoring", "event,deal,scoring");
  const Skatd& table_1 = Start("table-1", "table", "table-1");
  const Skatd& table_2 = Start("table-2", "table", "table-2");
  const Skatd& single = Start("all-services", "");
  ASSERT_FALSE(HasFailure());
  event_server_ = directors.server();

  // The director's event, through E only.
  const Output created =
      Skat("events create --server " + event_server_ + " --name 'Congress across table servers'");
  ASSERT_EQ(created.exit_code, 0) << created.out;
  event_ = FirstWord(created.out);
  token_ = ValueAfter(created.out, "director token: ");
  ASSERT_EQ(event_.rfind("events/", 0), 0u) << created.out;
  ASSERT_FALSE(token_.empty()) << created.out;
  std::string names;
  for (int i = 1; i <= kServerPlayers; ++i) names += " 'Congress Player " + std::to_string(i) + "'";
  Director("players add --bot --event " + event_ + names);
  const std::string set = FirstWord(
      Director("boards create --event " + event_ + " --boards " + std::to_string(kRounds * 3)));
  ASSERT_NE(set.find("/boardSets/"), std::string::npos) << set;
  const std::string start = "sessions start --event " + event_ + " --board-set " + set +
                            " --movement congress --comparative --rounds " +
                            std::to_string(kRounds) + " --seed 1909 --tokens-file ";
  Director(start + (root_ / "session-1.tokens").string());
  Director(start + (root_ / "session-2.tokens").string());
  ASSERT_FALSE(HasFailure());

  // Session 1: every other table through T1, the rest through T2, both bot processes at once.
  const auto tables = TokensByTable(root_ / "session-1.tokens");
  ASSERT_EQ(tables.size(), 6u);  // 2 rounds x 3 tables
  std::set<std::string> on_table_1;
  {
    std::ofstream first(root_ / "t1.tokens");
    std::ofstream second(root_ / "t2.tokens");
    for (size_t i = 0; i < tables.size(); ++i) {
      if (i % 2 == 0) on_table_1.insert(tables[i].first);
      for (const std::string& line : tables[i].second)
        (i % 2 == 0 ? first : second) << line << "\n";
    }
  }
  RunResult bots_1;
  RunResult bots_2;
  std::thread second([&] { bots_2 = Bots(table_2.server(), root_ / "t2.tokens"); });
  bots_1 = Bots(table_1.server(), root_ / "t1.tokens");
  second.join();
  EXPECT_EQ(bots_1.exit_code, 0) << ReadFile(root_ / "t1.tokens.err");
  EXPECT_EQ(bots_2.exit_code, 0) << ReadFile(root_ / "t2.tokens.err");

  // Session 2, the reference: every seat through the single all-services skatd.
  const RunResult reference = Bots(single.server(), root_ / "session-2.tokens");
  EXPECT_EQ(reference.exit_code, 0) << ReadFile(root_ / "session-2.tokens.err");
  ASSERT_FALSE(HasFailure());

  // Each table server printed only its own tables' results.
  const std::string out_1 = ReadFile(root_ / "t1.tokens.out");
  const std::string out_2 = ReadFile(root_ / "t2.tokens.out");
  for (const auto& [table, lines] : tables) {
    const std::string short_name = "table " + table.substr(table.rfind('/') + 1) + " finished";
    const bool first = on_table_1.count(table) > 0;
    EXPECT_NE((first ? out_1 : out_2).find(short_name), std::string::npos) << short_name;
    EXPECT_EQ((first ? out_2 : out_1).find(short_name), std::string::npos) << short_name;
  }

  const skat::v1::Standings split = Standings(directors.server(), 1);
  const skat::v1::Standings alone = Standings(single.server(), 2);
  // The counts are the event's (both sessions), wherever they are asked.
  EXPECT_EQ(split.results(), 2 * kServerResults);
  EXPECT_EQ(split.results_expected(), 2 * kServerResults);
  EXPECT_EQ(alone.results(), 2 * kServerResults);
  ASSERT_EQ(split.overall_size(), kServerPlayers);
  ASSERT_EQ(alone.overall_size(), kServerPlayers);
  std::map<std::string, const skat::v1::Standing*> by_name;
  for (const skat::v1::Standing& s : alone.overall()) by_name[s.display_name()] = &s;
  ASSERT_EQ(by_name.size(), static_cast<size_t>(kServerPlayers));
  std::set<std::string> percentages;  // the bots slip: not every player scores alike
  for (const skat::v1::Standing& s : split.overall()) {
    SCOPED_TRACE(s.display_name());
    ASSERT_EQ(by_name.count(s.display_name()), 1u);
    const skat::v1::Standing& r = *by_name[s.display_name()];
    EXPECT_EQ(s.rank(), r.rank());
    EXPECT_EQ(s.tied(), r.tied());
    EXPECT_EQ(s.boards(), r.boards());
    EXPECT_GT(s.boards(), 0);
    EXPECT_EQ(s.matchpoints(), r.matchpoints());
    EXPECT_EQ(s.top(), r.top());
    EXPECT_EQ(s.percentage(), r.percentage());
    EXPECT_EQ(s.total(), r.total());
    EXPECT_EQ(s.own_points(), r.own_points());
    percentages.insert(s.matchpoints());
  }
  EXPECT_GT(percentages.size(), 1u) << "every player scored alike: the comparison proves little";
}

}  // namespace
