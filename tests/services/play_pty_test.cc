// End to end with real processes (label e2e): `skat play` for chair 1 in a pseudo-terminal, as a
// person would use it, with `skat bot` playing chairs 2 and 3, against skatd with its embedded
// PostgreSQL in a temporary data directory. The test reads the screen and answers every prompt:
// a card by its name when the first menu entry plays one, else the first menu entry by number.
// The screen must show the hand with legal cards marked, the menu and every board's result, and
// the table must finish.
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <string>
#include <thread>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"

namespace {

namespace fs = std::filesystem;

using skat::testing_cli::Output;
using namespace skat::testing_skatd;  // NOLINT

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The answer to the prompt that ends `screen`: the card of a first menu entry "play X", else "1".
std::string Answer(const std::string& screen) {
  const size_t menu = screen.rfind("your move:\n");
  if (menu == std::string::npos) return "1";
  const std::string first = "   1) play ";
  const size_t entry = screen.find(first, menu);
  if (entry == std::string::npos || entry > screen.find('\n', menu + 11)) return "1";
  const size_t card = entry + first.size();
  return screen.substr(card, screen.find('\n', card) - card);
}

TEST(PlayPtyTest, APersonAtATerminalPlaysChairOneAgainstTwoBots) {
  const fs::path root = MakeRoot("skat-play");
  ASSERT_FALSE(root.empty());
  Skatd skatd(root);
  skatd.Start();
  const std::string env = "SKAT_SERVER=" + skatd.server();
  Output event = skat::testing_cli::Skat("events create --name 'Play test'", env);
  ASSERT_EQ(event.exit_code, 0) << event.out;
  const std::string director =
      env + " SKAT_DIRECTOR_TOKEN=" + ValueAfter(event.out, "director token: ");
  Output set = skat::testing_cli::Skat(
      "boards create --event " + FirstWord(event.out) + " --boards 3", director);
  ASSERT_EQ(set.exit_code, 0) << set.out;
  Output open = skat::testing_cli::Skat(
      "tables open --board-set " + FirstWord(set.out) + " --boards 1-3", director);
  ASSERT_EQ(open.exit_code, 0) << open.out;
  const std::string table = FirstWord(open.out);
  const std::string chair1 = ValueAfter(open.out, "chair 1  ");
  ASSERT_EQ(chair1.size(), 64u) << open.out;

  auto bot = std::async(std::launch::async, [&] {
    return skat::testing_cli::Skat("bot --table " + table + " --seat-token " +
                                       ValueAfter(open.out, "chair 2  ") + " " +
                                       ValueAfter(open.out, "chair 3  "),
                                   env);
  });

  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    setenv("SKAT_SERVER", skatd.server().c_str(), 1);
    setenv("SKAT_SEAT_TOKEN", chair1.c_str(), 1);
    setenv("TERM", "dumb", 1);
    execl(SKAT_BINARY, SKAT_BINARY, "play", "--table", table.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::string screen;
  size_t answered = 0;
  int typed_cards = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(180);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd fd{master, POLLIN, 0};
    if (poll(&fd, 1, 1000) <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(master, buffer, sizeof buffer);
    if (n <= 0) break;  // EIO: the client exited and the terminal closed
    for (ssize_t i = 0; i < n; ++i) {
      if (buffer[i] != '\r') screen += buffer[i];  // the terminal writes "\r\n"
    }
    if (Count(screen, "play> ") > answered) {
      answered = Count(screen, "play> ");
      const std::string answer = Answer(screen) + "\n";
      if (answer != "1\n") ++typed_cards;
      ASSERT_EQ(write(master, answer.data(), answer.size()), static_cast<ssize_t>(answer.size()));
    }
  }
  // The terminal closes as the client exits: give it a moment to be gone.
  int status = 0;
  pid_t waited = 0;
  for (int i = 0; i < 100 && (waited = waitpid(pid, &status, WNOHANG)) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (waited == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    ADD_FAILURE() << "skat play did not finish:\n" << screen;
  }
  close(master);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status << "\n" << screen;

  // What the person saw: the hand with legal cards marked, the menu, a card typed by name, the
  // results of the three boards and the end of the table.
  EXPECT_NE(screen.find("your hand: "), std::string::npos) << screen;
  EXPECT_NE(screen.find("(* = legal now)"), std::string::npos) << screen;
  EXPECT_NE(screen.find("* "), std::string::npos) << screen;
  EXPECT_NE(screen.find("your move:\n   1) "), std::string::npos) << screen;
  EXPECT_NE(screen.find("you: play "), std::string::npos) << screen;
  EXPECT_GT(typed_cards, 0) << screen;
  EXPECT_GT(answered, 3u) << screen;
  for (int board = 1; board <= 3; ++board) {
    EXPECT_NE(screen.find("result: board " + std::to_string(board) + ": "), std::string::npos)
        << screen;
  }
  EXPECT_NE(screen.find("running pad:"), std::string::npos) << screen;
  EXPECT_NE(screen.find(" finished; pad by chair:"), std::string::npos) << screen;

  ASSERT_EQ(bot.wait_for(std::chrono::seconds(60)), std::future_status::ready);
  const Output bots = bot.get();
  EXPECT_EQ(bots.exit_code, 0) << bots.out;
  EXPECT_EQ(Count(bots.out, "table " + table.substr(table.rfind('/') + 1) + " board "), 3u)
      << bots.out;
  Output shown = skat::testing_cli::Skat("tables show " + table, director);
  EXPECT_NE(shown.out.find("finished (3 of 3 boards)"), std::string::npos) << shown.out;

  EXPECT_EQ(skatd.Stop(), 0);
  fs::remove_all(root);
}

}  // namespace
