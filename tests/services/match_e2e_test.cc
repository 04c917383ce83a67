// `skat match` end to end (labels db and e2e): skatd as a real process on the throwaway database
// of tests/services/test_database.h, `skat match` as a real process against it, and the test
// reading the results back over gRPC as any client would.
//
//   MatchPlaysEveryBoardScoresItAndWritesThePages: a match of 12 boards (6 under the sanitizers,
//     tests/test_scale.h); exit 0; 12 players in the printed standings and in GetStandings, every
//     (board, direction) compared at its four tables (48 of 48 results; 24 of 24), percentages in
//     [0, 100] averaging 50, matchpoints exactly half the tops (each comparison gives 2 per pair of
//     results, split between them); the club score's net is total A - total B, printed and over
//     gRPC; index.html and standings.csv (12 overall rows) written, boards.html with every board's
//     par table; a second run on the same server is a new event (its pages without the analysis:
//     --no-analysis).
//   MatchWaitsOutTheCreateEventRateLimit: with skatd's CreateEvent allowance used up, `skat match`
//     waits the seconds skatd announces (saying so on stderr), tries again and plays.
//   WatcherSeesTheStandingsChangeEveryRound: WatchStandings on the match's event, opened as soon
//     as the event exists on a second skatd that serves only scoring (the acts go through the
//     first), receives standings with results of every round: PostgreSQL's notifications cross
//     processes.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "services/common/names.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"
#include "tests/test_scale.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;

constexpr int kPlayers = 12;
constexpr int kResults = 48;  // 4 tables x 12 boards
// The boards of MatchPlaysEveryBoardScoresItAndWritesThePages: `skat match`'s default of 12
// optimised, 6 under the sanitizers (tests/test_scale.h); every player plays every board at one
// of the 4 tables.
constexpr int kPagesBoards = skat::testing_scale::Scaled(12, 6);

// An exact fraction, from skatd's decimal text: "17.5", "36" or "35/3".
struct Fraction {
  long long num = 0;
  long long den = 1;
};

Fraction Parse(const std::string& text) {
  Fraction f;
  if (const size_t slash = text.find('/'); slash != std::string::npos) {
    f.num = std::stoll(text.substr(0, slash));
    f.den = std::stoll(text.substr(slash + 1));
    return f;
  }
  const size_t dot = text.find('.');
  const std::string digits =
      dot == std::string::npos ? text : text.substr(0, dot) + text.substr(dot + 1);
  f.num = std::stoll(digits);
  if (dot != std::string::npos) {
    for (size_t i = dot + 1; i < text.size(); ++i) f.den *= 10;
  }
  return f;
}

Fraction Add(Fraction a, Fraction b) {
  Fraction sum{a.num * b.den + b.num * a.den, a.den * b.den};
  const long long g = std::gcd(sum.num, sum.den);
  if (g > 1) sum = {sum.num / g, sum.den / g};
  return sum;
}

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

int Occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<std::string> Words(const std::string& line) {
  std::stringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The rows of the printed standings: the lines after the "rank  player" header up to a blank
// line.
std::vector<std::string> StandingsRows(const std::string& out) {
  std::vector<std::string> rows;
  std::stringstream in(out);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("rank  player", 0) == 0) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.find_first_not_of(' ') == std::string::npos) break;
    rows.push_back(line);
  }
  return rows;
}

// The number after the first match of `pattern`'s group 1; false when absent.
bool FindNumber(const std::string& out, const std::string& pattern, long long* value,
                size_t from = 0) {
  std::smatch m;
  const std::string rest = out.substr(from);
  if (!std::regex_search(rest, m, std::regex(pattern))) return false;
  *value = std::stoll(m[1].str());
  return true;
}

class MatchEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(skat::testing_db::DatabaseUrl().empty()) << skat::testing_db::SetupError();
    root_ = MakeRoot("skat-match");
    ASSERT_FALSE(root_.empty());
    // skatd reads SKAT_DATABASE_URL when given no --database-url: the throwaway database.
    setenv("SKAT_DATABASE_URL", skat::testing_db::DatabaseUrl().c_str(), 1);
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->Start();
    ASSERT_FALSE(skatd_->server().empty());
    channel_ = grpc::CreateChannel(skatd_->server(), grpc::InsecureChannelCredentials());
  }
  void TearDown() override {
    if (skatd_) {
      EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    }
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }

  Output Match(const std::string& args) {
    return skat::testing_cli::Skat("match --server " + skatd_->server() + " " + args);
  }

  fs::path root_;
  std::unique_ptr<Skatd> skatd_;
  std::shared_ptr<grpc::Channel> channel_;
};

TEST_F(MatchEndToEndTest, MatchPlaysEveryBoardScoresItAndWritesThePages) {
  const fs::path out_dir = root_ / "pages";
  const std::string boards = std::to_string(kPagesBoards);
  // The default bots (sampling players, docs/bots.md) with a small budget per card decision.
  const Output run = Match("--seed 7 --worlds 4 --boards " + boards + " --out " + out_dir.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::string event = FirstWord(run.out);
  ASSERT_EQ(event.rfind("events/", 0), 0u) << run.out;

  // The printed standings: 12 rows ending in percentage, matchpoints/top and diff.
  const std::vector<std::string> rows = StandingsRows(run.out);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kPlayers)) << run.out;
  double printed_percent = 0;
  for (const std::string& row : rows) {
    const std::vector<std::string> w = Words(row);
    ASSERT_GE(w.size(), 7u) << row;
    const double percent = std::stod(w[w.size() - 5]);  // percent MP top diff total
    EXPECT_GE(percent, 0.0) << row;
    EXPECT_LE(percent, 100.0) << row;
    printed_percent += percent;
  }
  EXPECT_NEAR(printed_percent / kPlayers, 50.0, 0.005) << run.out;

  // The same over gRPC, exactly.
  auto scoring = skat::v1::ScoringService::NewStub(channel_);
  skat::v1::GetStandingsRequest request;
  request.set_name(skat::service::SessionScopedName(event, 0, "standings"));
  skat::v1::Standings standings;
  {
    grpc::ClientContext context;
    const grpc::Status s = scoring->GetStandings(&context, request, &standings);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(standings.results(), 4 * kPagesBoards);
  EXPECT_EQ(standings.results_expected(), 4 * kPagesBoards);
  ASSERT_EQ(standings.overall_size(), kPlayers);
  Fraction matchpoints;
  Fraction tops;
  double percent = 0;
  for (const skat::v1::Standing& st : standings.overall()) {
    EXPECT_GE(st.percentage(), 0.0);
    EXPECT_LE(st.percentage(), 100.0);
    EXPECT_EQ(st.boards(), kPagesBoards) << st.display_name();
    percent += st.percentage();
    matchpoints = Add(matchpoints, Parse(st.matchpoints()));
    tops = Add(tops, Parse(st.top()));
  }
  EXPECT_NEAR(percent / kPlayers, 50.0, 1e-9);
  EXPECT_EQ(matchpoints.num * 2 * tops.den, tops.num * matchpoints.den)
      << matchpoints.num << "/" << matchpoints.den << " vs top " << tops.num << "/" << tops.den;

  // The club score: net = total A - total B, as printed and as GetTeamMatch says.
  const size_t club = run.out.find("Club score");
  ASSERT_NE(club, std::string::npos) << run.out;
  long long total_a = 0;
  long long total_b = 0;
  long long net = 0;
  const size_t totals = run.out.find("total ", club);
  ASSERT_NE(totals, std::string::npos) << run.out;
  ASSERT_TRUE(FindNumber(run.out, R"(total +([+-]?\d+))", &total_a, totals)) << run.out;
  ASSERT_TRUE(FindNumber(run.out, R"(total +([+-]?\d+))", &total_b, totals + 1)) << run.out;
  ASSERT_TRUE(FindNumber(run.out, R"(net \([^)]*\) +([+-]?\d+))", &net, totals)) << run.out;
  EXPECT_EQ(net, total_a - total_b);
  skat::v1::GetTeamMatchRequest team_request;
  team_request.set_name(skat::service::SessionScopedName(event, 0, "teamMatch"));
  skat::v1::TeamMatch team;
  {
    grpc::ClientContext context;
    const grpc::Status s = scoring->GetTeamMatch(&context, team_request, &team);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(team.total_a(), total_a);
  EXPECT_EQ(team.total_b(), total_b);
  EXPECT_EQ(team.net(), net);

  // The pages.
  EXPECT_TRUE(fs::exists(out_dir / "index.html")) << run.out;
  std::ifstream csv(out_dir / "standings.csv");
  ASSERT_TRUE(csv) << run.out;
  int overall_rows = 0;
  for (std::string line; std::getline(csv, line);) {
    if (line.rfind("overall,", 0) == 0) ++overall_rows;
  }
  EXPECT_EQ(overall_rows, kPlayers);
  // every board with its par table (docs/par.md), the analysis asked with progress.
  EXPECT_EQ(Occurrences(ReadAll(out_dir / "boards.html"), "<details class=\"par\">"), kPagesBoards);
  EXPECT_NE(run.out.find("analysing boards: " + boards + " of " + boards), std::string::npos)
      << run.out;

  // Again on the same server: a new event; without the analysis this time.
  const Output again = Match("--quiet --no-analysis --bots heuristic --boards " + boards +
                             " --out " + (root_ / "pages2").string());
  ASSERT_EQ(again.exit_code, 0) << again.out;
  const std::string second_event = FirstWord(again.out);
  EXPECT_EQ(second_event.rfind("events/", 0), 0u) << again.out;
  EXPECT_NE(second_event, event);
  EXPECT_EQ(StandingsRows(again.out).size(), static_cast<size_t>(kPlayers)) << again.out;
  EXPECT_EQ(Occurrences(ReadAll(root_ / "pages2" / "boards.html"), "<details class=\"par\">"), 0);
}

// A skatd that lets a client create one event at once and one a second after that: the event
// made just before uses the allowance, so `skat match`'s CreateEvent is refused; the match says
// on stderr that it waits the second skatd announces, tries again, and plays.
TEST_F(MatchEndToEndTest, MatchWaitsOutTheCreateEventRateLimit) {
  ASSERT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_->set_args({"--create-event-burst", "1", "--create-event-per-minute", "60"});
  skatd_->Start();
  channel_ = grpc::CreateChannel(skatd_->server(), grpc::InsecureChannelCredentials());
  auto events = skat::v1::EventService::NewStub(channel_);
  skat::v1::CreateEventRequest request;
  request.set_display_name("The allowance");
  skat::v1::CreateEventResponse created;
  grpc::ClientContext context;
  ASSERT_TRUE(events->CreateEvent(&context, request, &created).ok());

  const auto start = std::chrono::steady_clock::now();
  const Output run = Match("--quiet --no-analysis --bots heuristic --boards 3 --out " +
                           (root_ / "pages").string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("skat match: create the event: resource-exhausted: "), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("; waiting 1 s, then trying again"), std::string::npos) << run.out;
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(900));
  EXPECT_EQ(StandingsRows(run.out).size(), static_cast<size_t>(kPlayers)) << run.out;
}

TEST_F(MatchEndToEndTest, WatcherSeesTheStandingsChangeEveryRound) {
  const std::string name = "Watched match " + std::to_string(getpid());
  std::vector<int> seen;  // results counted, per message
  std::string watch_error;
  const fs::path scoring_root = root_ / "scoring-only";
  fs::create_directories(scoring_root);
  Skatd scoring_only(scoring_root);
  scoring_only.set_services("scoring");
  scoring_only.Start();
  ASSERT_FALSE(scoring_only.server().empty());
  auto scoring_channel =
      grpc::CreateChannel(scoring_only.server(), grpc::InsecureChannelCredentials());
  std::thread watcher([&] {
    auto events = skat::v1::EventService::NewStub(channel_);
    auto scoring = skat::v1::ScoringService::NewStub(scoring_channel);
    std::string event;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (event.empty() && std::chrono::steady_clock::now() < give_up) {
      grpc::ClientContext context;
      skat::v1::ListEventsResponse list;
      if (events->ListEvents(&context, skat::v1::ListEventsRequest(), &list).ok()) {
        for (const skat::v1::Event& e : list.events()) {
          if (e.display_name() == name) event = e.name();
        }
      }
      if (event.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (event.empty()) {
      watch_error = "the match's event never appeared";
      return;
    }
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
    skat::v1::WatchStandingsRequest request;
    request.set_name(skat::service::SessionScopedName(event, 0, "standings"));
    auto stream = scoring->WatchStandings(&context, request);
    skat::v1::Standings standings;
    while (stream->Read(&standings)) {
      seen.push_back(standings.results());
      if (standings.results() >= kResults) {
        context.TryCancel();
        break;
      }
    }
    const grpc::Status s = stream->Finish();
    if (!s.ok() && s.error_code() != grpc::StatusCode::CANCELLED) watch_error = s.error_message();
  });
  const Output run = Match("--quiet --no-analysis --bots heuristic --name '" + name + "' --out " +
                           (root_ / "pages").string());
  watcher.join();
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_TRUE(watch_error.empty()) << watch_error;
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), kResults);
  // Every round (16 results each) shows up in some message. The watcher opens its stream while
  // the match sets up (adding players, opening tables), before the first board ends; should it
  // come late, its first message already holds round 1's results.
  for (int round = 1; round <= 3; ++round) {
    bool found = false;
    for (int results : seen) found |= results > 16 * (round - 1) && results <= 16 * round;
    if (round == 1 && seen.front() > 16) found = true;
    EXPECT_TRUE(found) << "round " << round << "; the results counted in each message: "
                       << ::testing::PrintToString(seen);
  }
  EXPECT_GE(seen.size(), 3u);
}

}  // namespace
