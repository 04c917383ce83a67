// skatd stopped with seat clients connected (docs/reliability.md "Stopping skatd"), label e2e:
// skatd on the throwaway database of test_database.h, a table of one board, `skat bot` playing
// chairs 1 and 2 and this test holding chair 3's channel. Once chair 3 is to act the bot's seats
// wait on their WatchSeat streams; the bot is frozen (SIGSTOP: a client that reads nothing, as a
// laptop gone to sleep) and skatd gets SIGTERM. No call is in flight, so skatd must exit 0 at
// once: its 5 s grace is for calls in flight, not for connections that do not answer (gRPC's
// graceful close waits for the client's PING acknowledgement; an idle C++ channel reads its
// socket every 5 s at most, a frozen one never).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/database_skatd.h"
#include "tests/services/resilient_seat.h"
#include "tests/services/table_driver.h"
#include "tests/services/test_database.h"

extern char** environ;

namespace skat::service::skatd_stop_test {

// `skat bot` for the seats in tokens_file, its output in log; the pid, or -1.
pid_t StartBot(const std::string& server, const std::string& table, const std::string& tokens_file,
               const std::string& log) {
  std::vector<std::string> args = {SKAT_BINARY, "bot",      "--server",      server,
                                   "--table",   table,      "--tokens-file", tokens_file,
                                   "--policy",  "heuristic"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&files, 1, 2);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, SKAT_BINARY, &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  return error == 0 ? pid : -1;
}

TEST(SkatdStopTest, StopsAtOnceWithSeatClientsConnected) {
  namespace fs = std::filesystem;
  ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
  char dir_template[] = "/tmp/skat-stop-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const fs::path dir = dir_template;
  testing_skatd::DatabaseSkatd::Options options;
  options.services = "event,deal,table";
  options.database_url = testing_db::DatabaseUrl();
  options.server_id = "stop";
  options.dir = dir;
  testing_skatd::DatabaseSkatd skatd(options);
  ASSERT_EQ(skatd.Start(0), "");
  const testing_table::EventAndSet e = testing_table::CreateEventAndSet(skatd.address(), 1);
  const v1::OpenTableResponse opened = testing_table::OpenTable(skatd.address(), e, 1, "stop");
  ASSERT_EQ(opened.seat_tokens_size(), 3);
  const std::string tokens = (dir / "bot-tokens").string();
  std::ofstream(tokens) << "1 " << opened.seat_tokens(0) << "\n2 " << opened.seat_tokens(1) << "\n";
  const pid_t bot = StartBot(skatd.address(), opened.table().name(), tokens, (dir / "bot.log"));
  ASSERT_GT(bot, 0);

  // Chair 3 is asked to act: the bot's two seats now wait on their streams.
  auto chair3 = v1::TableService::NewStub(testing_table::Channel(skatd.address()));
  bool asked = false;
  for (int i = 0; i < 1000 && !asked; ++i) {
    v1::JoinSeatRequest join;
    join.set_table(opened.table().name());
    v1::Seat seat;
    const grpc::Status status =
        chair3->JoinSeat(testing_table::Context(opened.seat_tokens(2)).get(), join, &seat);
    ASSERT_TRUE(status.ok()) << status.error_message();
    asked = testing_seat::AskedToAct(seat.view());
    if (!asked) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(asked) << "chair 3 never came to act; the bot wrote:\n"
                     << std::ifstream(dir / "bot.log").rdbuf();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // its streams are open
  ASSERT_EQ(kill(bot, SIGSTOP), 0);

  const auto start = std::chrono::steady_clock::now();
  const int status = skatd.Kill(SIGTERM);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  kill(bot, SIGKILL);
  waitpid(bot, nullptr, 0);
  std::cout << "skatd stopped in " << took.count() << " ms\n";
  EXPECT_EQ(status, 0) << skatd.LogTail();
  // Well under the 5 s grace (it took 5.0 s every time before); 2 s leave room for the sanitizers.
  EXPECT_LT(took.count(), 2000) << skatd.LogTail();
  if (!::testing::Test::HasFailure()) fs::remove_all(dir);
}

}  // namespace skat::service::skatd_stop_test
