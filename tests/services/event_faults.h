// The parts of tests/services/event_faults_test.cc (docs/reliability.md "Faults"): skatd and `skat
// bot` as real processes, one event of a congress session played by seeded bots, and what the runs
// are compared by. Header-only, for that one test.
//
// Contract:
// - SkatdProcess is tests/services/database_skatd.h's skatd on the test's database, all services,
//   with a fixed --server-id (SkatdOn gives its options).
// - BotProcess runs `SKAT_BINARY bot --tokens-file F --seed S --slip kSlip` with its stdout and
//   stderr appended to dir/<name>.out and dir/<name>.err; every start plays the same seats with
//   the same tokens.
// - MakeEvent creates the event the runs share the shape of: kPlayers bot players, a board set
//   of kBoards boards (a copy of another event's set when given: CreateBoardSet takes no seed, so
//   the test copies the secret seed, commitment and boards row by row through SQL before the
//   session starts), and a comparative congress session of kRounds rounds with a fixed draw
//   seed; the seat tokens go to kBotProcesses files, split by player.
// - Snapshot reads every session table's act log (ListGames, keyed "round r, table t") and the
//   standings (GetStandings, once every result is counted) with the event's own names cleared;
//   two runs of the same event compare equal when they played alike.
#ifndef SKAT_TESTS_SERVICES_EVENT_FAULTS_H_
#define SKAT_TESTS_SERVICES_EVENT_FAULTS_H_

#include <google/protobuf/util/message_differencer.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/common/names.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/database_skatd.h"
#include "tests/services/table_driver.h"

namespace skat::service::testing_faults {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Congress of 9: three tables of three per round, each round the same 3 boards at every table.
constexpr int kPlayers = 9;
constexpr int kRounds = 2;
constexpr int kBoards = 6;
constexpr uint64_t kDrawSeed = 1909;
constexpr int kBotProcesses = 3;
constexpr int kSlip = 25;  // percent of card plays at random: the tables differ

inline std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

inline std::string Tail(const std::string& text, size_t n = 3000) {
  return text.size() > n ? text.substr(text.size() - n) : text;
}

inline size_t CountOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// --- processes ------------------------------------------------------------------------------

using SkatdProcess = testing_skatd::DatabaseSkatd;

// SkatdProcess::Options for a server id of this test on the database.
inline SkatdProcess::Options SkatdOn(const fs::path& dir, const std::string& database_url,
                                     const std::string& server_id) {
  SkatdProcess::Options o;
  o.database_url = database_url;
  o.server_id = server_id;
  o.dir = dir;
  return o;
}

class BotProcess {
 public:
  BotProcess(fs::path dir, std::string name) : dir_(std::move(dir)), name_(std::move(name)) {}
  ~BotProcess() {
    if (pid_ > 0) Kill(SIGKILL);
  }

  void Start(const std::string& server, const fs::path& tokens, uint64_t seed) {
    ++starts_;
    const std::string seed_text = std::to_string(seed);
    const std::string slip = std::to_string(kSlip);
    const std::string out = (dir_ / (name_ + ".out")).string();
    const std::string err = (dir_ / (name_ + ".err")).string();
    std::fflush(nullptr);  // the child must not write the test's buffered output again
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (freopen(out.c_str(), "a", stdout) == nullptr) _exit(126);
      if (freopen(err.c_str(), "a", stderr) == nullptr) _exit(126);
      execl(SKAT_BINARY, SKAT_BINARY, "bot", "--server", server.c_str(), "--tokens-file",
            tokens.c_str(), "--seed", seed_text.c_str(), "--policy", "heuristic", "--slip",
            slip.c_str(), "--retry-for", "120", static_cast<char*>(nullptr));
      _exit(127);
    }
  }

  int Kill(int signal) {
    if (pid_ <= 0) return -1;
    kill(pid_, signal);
    return Wait();
  }
  int Wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    status_ = status;
    return status;
  }
  // True once the process ended (its wait status in status()).
  bool Exited() {
    if (pid_ <= 0) return true;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
    pid_ = -1;
    status_ = status;
    return true;
  }
  int status() const { return status_; }
  int starts() const { return starts_; }
  std::string Out() const { return ReadFile(dir_ / (name_ + ".out")); }
  std::string Err() const { return ReadFile(dir_ / (name_ + ".err")); }

 private:
  fs::path dir_;
  std::string name_;
  pid_t pid_ = -1;
  int status_ = -1;
  int starts_ = 0;
};

// The bot processes of one run.
struct Bots {
  std::vector<std::unique_ptr<BotProcess>> processes;

  Bots(const fs::path& dir, const std::string& run) {
    for (int i = 0; i < kBotProcesses; ++i) {
      processes.push_back(std::make_unique<BotProcess>(dir, run + "-bot" + std::to_string(i)));
    }
  }
  bool AllExited() {
    bool all = true;
    for (auto& p : processes) all = p->Exited() && all;
    return all;
  }
  // Resends the seat clients told about, and how many of them were repeats of committed acts.
  int Resends() const {
    int n = 0;
    for (const auto& p : processes)
      n += static_cast<int>(CountOf(p->Err(), "resent with the same sequence number"));
    return n;
  }
  int Repeats() const {
    int n = 0;
    for (const auto& p : processes)
      n += static_cast<int>(CountOf(p->Err(), "committed before the failure"));
    return n;
  }
  void ExpectAllExitedZero() const {
    for (const auto& p : processes) {
      EXPECT_TRUE(WIFEXITED(p->status()) && WEXITSTATUS(p->status()) == 0)
          << "status " << p->status() << "\nstdout:\n"
          << Tail(p->Out()) << "\nstderr:\n"
          << Tail(p->Err());
    }
  }
};

// --- gRPC -------------------------------------------------------------------------------------

inline std::unique_ptr<grpc::ClientContext> Context(const std::string& token, int seconds = 20) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(seconds));
  return context;
}

inline std::shared_ptr<grpc::Channel> Channel(const std::string& address) {
  return grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
}

struct Event {
  std::string name;  // events/{id}
  std::string id;
  std::string director;
  std::string set;  // events/{id}/boardSets/{set}
  std::string set_id;
  std::map<std::string, std::string> tables;  // "round r, table t" -> events/{id}/tables/{t}
  std::vector<fs::path> token_files;          // one per bot process
};

inline std::string LastPart(const std::string& name) { return name.substr(name.rfind('/') + 1); }

// Copies the boards (and the seed they come from) of `from`'s set into `to`'s set.
inline void CopyBoardSet(const std::string& database_url, const Event& from, const Event& to) {
  pqxx::connection conn(database_url);
  pqxx::work tx(conn);
  const pqxx::result sets = tx.exec_params(
      "UPDATE board_sets b SET secret_seed = a.secret_seed, commitment = a.commitment "
      "FROM board_sets a WHERE a.event_id = $1 AND a.id = $2 AND b.event_id = $3 AND b.id = $4",
      from.id, from.set_id, to.id, to.set_id);
  ASSERT_EQ(sets.affected_rows(), 1u);
  const pqxx::result boards = tx.exec_params(
      "UPDATE boards b SET deal_number = a.deal_number, forehand = a.forehand, "
      "middlehand = a.middlehand, rearhand = a.rearhand, skat = a.skat FROM boards a "
      "WHERE a.event_id = $1 AND a.set_id = $2 AND b.event_id = $3 AND b.set_id = $4 "
      "AND a.number = b.number",
      from.id, from.set_id, to.id, to.set_id);
  ASSERT_EQ(boards.affected_rows(), static_cast<size_t>(kBoards));
  tx.commit();
}

// The event, its players, its board set (a copy of `boards_of`'s when given) and its session.
inline void MakeEvent(const std::string& address, const std::string& database_url,
                      const fs::path& dir, const std::string& run, const Event* boards_of,
                      Event* e) {
  auto channel = Channel(address);
  auto events = v1::EventService::NewStub(channel);
  v1::CreateEventRequest create;
  create.set_display_name("Faults event");
  v1::CreateEventResponse created;
  grpc::Status s = events->CreateEvent(Context("").get(), create, &created);
  ASSERT_TRUE(s.ok()) << s.error_message();
  e->name = created.event().name();
  e->id = LastPart(e->name);
  e->director = created.director_token();

  std::vector<std::string> players;
  std::map<std::string, int> index_of;
  for (int i = 1; i <= kPlayers; ++i) {
    v1::AddPlayerRequest add;
    add.set_parent(e->name);
    add.set_display_name("Player " + std::to_string(i));
    add.set_bot(true);
    v1::Player player;
    s = events->AddPlayer(Context(e->director).get(), add, &player);
    ASSERT_TRUE(s.ok()) << s.error_message();
    index_of[player.name()] = i - 1;
    players.push_back(player.name());
  }

  v1::CreateBoardSetRequest set;
  set.set_parent(e->name);
  set.set_board_count(kBoards);
  set.set_table_size(3);
  v1::BoardSet made;
  s = v1::DealService::NewStub(channel)->CreateBoardSet(Context(e->director).get(), set, &made);
  ASSERT_TRUE(s.ok()) << s.error_message();
  e->set = made.name();
  e->set_id = LastPart(e->set);
  if (boards_of != nullptr) {
    ASSERT_NO_FATAL_FAILURE(CopyBoardSet(database_url, *boards_of, *e));
  }

  v1::StartSessionRequest start;
  start.set_parent(e->name);
  start.set_board_set(e->set);
  start.set_movement(v1::MOVEMENT_KIND_CONGRESS);
  for (const std::string& p : players) start.add_players(p);
  start.set_rounds(kRounds);
  start.set_comparative(true);
  start.set_draw_seed(kDrawSeed);
  start.set_mode(v1::TABLE_MODE_ONLINE);
  v1::StartSessionResponse session;
  s = events->StartSession(Context(e->director).get(), start, &session);
  ASSERT_TRUE(s.ok()) << s.error_message();
  for (const v1::SessionTable& t : session.session().tables()) {
    e->tables["round " + std::to_string(t.round()) + ", table " +
              std::to_string(t.table_number())] = t.table();
  }
  ASSERT_GE(e->tables.size(), 6u);
  std::vector<std::ofstream> files;
  for (int i = 0; i < kBotProcesses; ++i) {
    e->token_files.push_back(dir / (run + "-tokens" + std::to_string(i)));
    files.emplace_back(e->token_files.back());
  }
  for (const v1::SeatToken& t : session.seat_tokens()) {
    files[index_of.at(t.player()) * kBotProcesses / kPlayers] << t.table() << " " << t.chair()
                                                              << " " << t.token() << "\n";
  }
}

// --- the outcome of a run ---------------------------------------------------------------------

struct Snapshot {
  std::map<std::string, v1::ListGamesResponse> games;  // by label
  v1::Standings standings;                             // the event's own names cleared
  int acts = 0;
};

// Clears the players' resource names (each event has its own) and orders tied players by name:
// the server orders ties by resource name, which differs between two events played alike.
inline void ClearNames(google::protobuf::RepeatedPtrField<v1::Standing>* standings) {
  for (v1::Standing& s : *standings) s.clear_player();
  std::stable_sort(standings->begin(), standings->end(),
                   [](const v1::Standing& x, const v1::Standing& y) {
                     return std::make_pair(x.rank(), x.display_name()) <
                            std::make_pair(y.rank(), y.display_name());
                   });
}

inline void TakeSnapshot(const std::string& address, const Event& e, Snapshot* out) {
  auto channel = Channel(address);
  auto tables = v1::TableService::NewStub(channel);
  for (const auto& [label, table] : e.tables) {
    v1::ListGamesRequest request;
    request.set_table(table);
    v1::ListGamesResponse& games = out->games[label];
    const grpc::Status s = tables->ListGames(Context(e.director).get(), request, &games);
    ASSERT_TRUE(s.ok()) << s.error_message();
    for (const v1::GameLog& g : games.games()) out->acts += g.acts_size();
  }
  // The standings once every result is counted (scoring follows the results' notifications).
  auto scoring = v1::ScoringService::NewStub(channel);
  v1::GetStandingsRequest request;
  request.set_name(SessionScopedName(e.name, 0, "standings"));
  const auto until = Clock::now() + std::chrono::seconds(30);
  for (;;) {
    out->standings.Clear();
    const grpc::Status s =
        scoring->GetStandings(Context(e.director).get(), request, &out->standings);
    ASSERT_TRUE(s.ok()) << s.error_message();
    if (out->standings.results() == out->standings.results_expected() || Clock::now() > until) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GT(out->standings.results(), 0);
  EXPECT_EQ(out->standings.results(), out->standings.results_expected());
  out->standings.clear_event();
  out->standings.clear_name();
  out->standings.clear_compute_time();
  ClearNames(out->standings.mutable_overall());
  for (v1::DirectionStandings& d : *out->standings.mutable_by_direction()) {
    ClearNames(d.mutable_standings());
  }
}

// Every game finished and replays in the engine to its logged result; each chair's sequence
// numbers run 1, 2, 3, ... without gap or repeat.
inline void ExpectLogsReplay(const Snapshot& run) {
  for (const auto& [label, games] : run.games) {
    SCOPED_TRACE(label);
    ASSERT_GT(games.games_size(), 0);
    ASSERT_NO_FATAL_FAILURE(testing_table::ExpectGamesReplay(games));
  }
}

// The same act logs (game, sequence, chair, act, result) table by table, and the same standings.
inline void ExpectSameRun(const Snapshot& a, const Snapshot& b) {
  using google::protobuf::util::MessageDifferencer;
  EXPECT_EQ(a.acts, b.acts);
  ASSERT_EQ(a.games.size(), b.games.size());
  for (const auto& [label, games] : a.games) {
    auto it = b.games.find(label);
    ASSERT_NE(it, b.games.end()) << label;
    ASSERT_EQ(games.games_size(), it->second.games_size()) << label;
    for (int i = 0; i < games.games_size(); ++i) {
      EXPECT_TRUE(MessageDifferencer::Equals(games.games(i), it->second.games(i)))
          << label << " game " << i << "\nA " << games.games(i).ShortDebugString() << "\nB "
          << it->second.games(i).ShortDebugString();
    }
  }
  EXPECT_TRUE(MessageDifferencer::Equals(a.standings, b.standings))
      << "A " << a.standings.ShortDebugString() << "\nB " << b.standings.ShortDebugString();
}

// The acts the event's tables logged so far, straight from PostgreSQL; -1 while it cannot be
// reached. Keeps one connection and opens a new one after a failure.
class ActCounter {
 public:
  explicit ActCounter(std::string url) : url_(std::move(url)) {}
  int Count(const std::string& event_id) {
    try {
      if (!conn_) conn_ = std::make_unique<pqxx::connection>(url_);
      pqxx::nontransaction tx(*conn_);
      return tx.exec_params1("SELECT count(*) FROM game_acts WHERE event_id = $1", event_id)[0]
          .as<int>();
    } catch (const std::exception&) {
      conn_.reset();
      return -1;
    }
  }

 private:
  std::string url_;
  std::unique_ptr<pqxx::connection> conn_;
};

}  // namespace skat::service::testing_faults

#endif  // SKAT_TESTS_SERVICES_EVENT_FAULTS_H_
