// Tokens given to `skat` and token files it writes (services/cli/token_files.h), through the real
// processes (label e2e): skatd on the throwaway database of test_database.h, `skat` run as a user
// runs it. A token given as an argument is visible in /proc/PID/cmdline, so every token option
// has a file form and an environment variable; the argument still works but warns. Files of
// tokens that `skat` writes are replaced atomically and have mode 0600.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_event_test.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"
#include "tests/services/test_text.h"

namespace {

using skat::testing_text::Contains;
using skat::testing_text::Mode;

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_program::ReadFile;
using skat::testing_skatd::FirstWord;
using skat::testing_skatd::ValueAfter;

// Entries of `dir` whose name starts with `prefix`.
int CountStartingWith(const fs::path& dir, const std::string& prefix) {
  int n = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) ++n;
  }
  return n;
}

class TokenCliTest : public skat::testing_skatd::SkatdEventTest {
 protected:
  void SetUp() override {
    StartWithEvent("skat-tokens", "Token test");
    if (HasFatalFailure()) return;
    director_file_ = Write("director-token", director_ + "\n");
  }

  // A file under the test's directory with mode 0600; its path.
  fs::path Write(const std::string& name, const std::string& content) {
    const fs::path path = root_ / name;
    std::ofstream(path) << content;
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    return path;
  }

  // A board set of three boards, made with the director token from its file.
  std::string CreateSet() {
    const Output set = Skat("boards create --event " + event_ + " --boards 3 --token-file " +
                            director_file_.string());
    EXPECT_EQ(set.exit_code, 0) << set.out;
    return FirstWord(set.out);
  }

  fs::path director_file_;
};

TEST_F(TokenCliTest, DirectorTokenFromAFileOrTheEnvironmentWithoutWarning) {
  const std::string create = "boards create --event " + event_ + " --boards 2";
  const Output from_file = Skat(create + " --token-file " + director_file_.string());
  ASSERT_EQ(from_file.exit_code, 0) << from_file.out;
  EXPECT_EQ(FirstWord(from_file.out).rfind(event_ + "/boardSets/", 0), 0u) << from_file.out;
  EXPECT_FALSE(Contains(from_file.out, "warning")) << from_file.out;

  const Output from_env = Skat(create, "SKAT_DIRECTOR_TOKEN=" + director_);
  ASSERT_EQ(from_env.exit_code, 0) << from_env.out;
  EXPECT_FALSE(Contains(from_env.out, "warning")) << from_env.out;

  // What the file holds is what is sent: another event's token is refused, and the file wins
  // over the environment.
  const fs::path wrong = Write("wrong-token", std::string(64, 'a'));
  const Output refused = Skat(create + " --token-file " + wrong.string());
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_TRUE(Contains(refused.out, "permission-denied")) << refused.out;
  const Output file_wins = Skat(create + " --token-file " + director_file_.string(),
                                "SKAT_DIRECTOR_TOKEN=" + std::string(64, 'a'));
  EXPECT_EQ(file_wins.exit_code, 0) << file_wins.out;
}

TEST_F(TokenCliTest, TokenOnTheCommandLineWorksButWarns) {
  const Output given = Skat("boards create --event " + event_ + " --boards 2 --token " + director_);
  ASSERT_EQ(given.exit_code, 0) << given.out;
  EXPECT_TRUE(Contains(given.out,
                       "skat boards create: warning: the token given with --token is "
                       "visible to other users of this machine in the process list"))
      << given.out;
  EXPECT_TRUE(Contains(given.out,
                       "--token-file PATH or the environment variable "
                       "SKAT_DIRECTOR_TOKEN"))
      << given.out;

  const std::string set = CreateSet();
  const Output opened =
      Skat("tables open --board-set " + set + " --boards 1-3", "SKAT_DIRECTOR_TOKEN=" + director_);
  ASSERT_EQ(opened.exit_code, 0) << opened.out;
  const std::string table = FirstWord(opened.out);
  const std::string seat = ValueAfter(opened.out, "chair 1  ");
  ASSERT_EQ(seat.size(), 64u) << opened.out;
  const Output shown = Skat("tables show " + table + " --seat-token " + seat);
  EXPECT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_TRUE(Contains(shown.out, "skat tables show: warning: the token given with --seat-token"))
      << shown.out;
  EXPECT_TRUE(Contains(shown.out,
                       "--seat-token-file PATH or the environment variable "
                       "SKAT_SEAT_TOKEN"))
      << shown.out;

  // skat bot's seat tokens: the tokens file is the alternative.
  const Output bot = skat::testing_cli::Skat("bot --server 127.0.0.1:1 --retry-for 1 --table " +
                                             table + " --seat-token " + seat);
  EXPECT_TRUE(Contains(bot.out, "skat bot: warning: the token given with --seat-token is visible"))
      << bot.out;
  EXPECT_TRUE(Contains(bot.out, "use --tokens-file PATH")) << bot.out;
}

TEST_F(TokenCliTest, SeatTokenFromAFileOrTheEnvironment) {
  const std::string set = CreateSet();
  const fs::path seats = root_ / "seats";
  const Output opened = Skat("tables open --board-set " + set + " --boards 1-3 --tokens-file " +
                             seats.string() + " --token-file " + director_file_.string());
  ASSERT_EQ(opened.exit_code, 0) << opened.out;
  const std::string table = FirstWord(opened.out);
  const std::string seat = ValueAfter(ReadFile(seats), "1 ");
  ASSERT_EQ(seat.size(), 64u) << ReadFile(seats);

  // No director token here: the seat token alone opens the table.
  EXPECT_EQ(Skat("tables show " + table).exit_code, 1);
  const fs::path seat_file = Write("seat-token", seat + "\n");
  const Output from_file =
      Skat("tables show " + table + " --seat-token-file " + seat_file.string());
  EXPECT_EQ(from_file.exit_code, 0) << from_file.out;
  EXPECT_TRUE(Contains(from_file.out, table)) << from_file.out;
  EXPECT_FALSE(Contains(from_file.out, "warning")) << from_file.out;
  const Output from_env = Skat("tables show " + table, "SKAT_SEAT_TOKEN=" + seat);
  EXPECT_EQ(from_env.exit_code, 0) << from_env.out;
  EXPECT_FALSE(Contains(from_env.out, "warning")) << from_env.out;

  // The tokens file of tables open ("chair token" lines) is not a token file.
  const Output lines = Skat("tables show " + table + " --seat-token-file " + seats.string());
  EXPECT_EQ(lines.exit_code, 1) << lines.out;
  EXPECT_TRUE(
      Contains(lines.out, "--seat-token-file " + seats.string() + ": holds more than one word"))
      << lines.out;
}

TEST_F(TokenCliTest, TokenFilesAreWrittenAtomicallyWithMode0600) {
  // The director token from the environment here (this test is about the files skat writes).
  const std::string director = "SKAT_DIRECTOR_TOKEN=" + director_;
  const Output made = Skat("boards create --event " + event_ + " --boards 3", director);
  ASSERT_EQ(made.exit_code, 0) << made.out;
  const std::string set = FirstWord(made.out);
  // Files that exist with mode 0644 are replaced, not rewritten in place.
  const fs::path seats = root_ / "seats";
  const fs::path session_seats = root_ / "session-seats";
  for (const fs::path& p : {seats, session_seats}) {
    std::ofstream(p) << "old content\n";
    fs::permissions(p, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                           fs::perms::others_read);
    ASSERT_EQ(Mode(p), 0644u);
  }
  const Output opened = Skat(
      "tables open --board-set " + set + " --boards 1-3 --tokens-file " + seats.string(), director);
  ASSERT_EQ(opened.exit_code, 0) << opened.out;
  EXPECT_EQ(Mode(seats), 0600u);
  EXPECT_FALSE(Contains(ReadFile(seats), "old content"));
  EXPECT_EQ(ValueAfter(ReadFile(seats), "1 "), ValueAfter(opened.out, "chair 1  "));

  ASSERT_EQ(Skat("players add --event " + event_ + " Anna Bernd Clara", director).exit_code, 0);
  const Output started =
      Skat("sessions start --event " + event_ + " --board-set " + set +
               " --movement congress --rounds 1 --tokens-file " + session_seats.string(),
           director);
  ASSERT_EQ(started.exit_code, 0) << started.out;
  EXPECT_EQ(Mode(session_seats), 0600u);
  EXPECT_FALSE(Contains(ReadFile(session_seats), "old content"));
  EXPECT_TRUE(Contains(ReadFile(session_seats), "# round 1, Anna")) << ReadFile(session_seats);

  // A new file gets 0600 too, and no temporary file is left beside any of them.
  const fs::path fresh = root_ / "fresh-seats";
  ASSERT_EQ(Skat("tables open --board-set " + set + " --boards 1 --tokens-file " + fresh.string(),
                 director)
                .exit_code,
            0);
  EXPECT_EQ(Mode(fresh), 0600u);
  EXPECT_EQ(CountStartingWith(root_, "seats.tmp-"), 0);
  EXPECT_EQ(CountStartingWith(root_, "session-seats.tmp-"), 0);
  EXPECT_EQ(CountStartingWith(root_, "fresh-seats.tmp-"), 0);
}

TEST_F(TokenCliTest, BadTokenFilesAreClearErrors) {
  const fs::path missing = root_ / "no-such-file";
  const fs::path empty = Write("empty", "");
  const fs::path blank = Write("blank", " \n\t\n");
  const fs::path two_words = Write("two-words", director_ + " " + director_ + "\n");
  const fs::path dir = root_ / "a-directory";
  fs::create_directory(dir);
  struct Bad {
    fs::path path;
    std::string says;
  };
  std::vector<Bad> cases = {{missing, "cannot read it (No such file or directory)"},
                            {empty, "is empty"},
                            {blank, "is empty"},
                            {two_words, "holds more than one word"},
                            {dir, "is a directory"}};
  if (geteuid() != 0) {  // root reads any file
    const fs::path unreadable = Write("unreadable", director_);
    fs::permissions(unreadable, fs::perms::none);
    cases.push_back({unreadable, "cannot read it (Permission denied)"});
  }
  for (const Bad& bad : cases) {
    SCOPED_TRACE(bad.path);
    const Output director =
        Skat("boards list --event " + event_ + " --token-file " + bad.path.string());
    EXPECT_EQ(director.exit_code, 1) << director.out;
    EXPECT_TRUE(Contains(director.out,
                         "skat boards list: --token-file " + bad.path.string() + ": " + bad.says))
        << director.out;
    EXPECT_FALSE(Contains(director.out, "no board sets")) << "the command ran: " << director.out;
    const Output seat = Skat("play --table " + event_ + "/tables/tb-0000000000 --seat-token-file " +
                             bad.path.string());
    EXPECT_EQ(seat.exit_code, 1) << seat.out;
    EXPECT_TRUE(
        Contains(seat.out, "skat play: --seat-token-file " + bad.path.string() + ": " + bad.says))
        << seat.out;
  }
  // Both forms at once are a usage error.
  EXPECT_EQ(Skat("boards list --event " + event_ + " --token " + director_ + " --token-file " +
                 director_file_.string())
                .exit_code,
            2);
}

}  // namespace
