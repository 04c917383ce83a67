// End to end with real processes (label e2e): skatd with its embedded PostgreSQL in a temporary
// data directory, driven by the `skat` command line exactly as a director would; skatd stopped
// and restarted (the data stays), killed with SIGKILL and restarted (it adopts the cluster it
// left running), and stopped at the end with nothing left running.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/types.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"

namespace {

namespace fs = std::filesystem;

using skat::testing_cli::Output;
using namespace skat::testing_skatd;  // NOLINT

// Runs `skat ARGS` against the server.
Output Skat(const std::string& server, const std::string& args) {
  return skat::testing_cli::Skat(args, "SKAT_SERVER=" + server);
}

// True while a postmaster for this data directory runs (not a zombie).
bool PostmasterRunning(const fs::path& data_dir) {
  std::ifstream pid_file(data_dir / "pg" / "postmaster.pid");
  pid_t pid = 0;
  if (!(pid_file >> pid) || pid <= 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  const size_t close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

TEST(SkatdEndToEndTest, DirectorRunsABoardSetThroughRestartsAndACrash) {
  const fs::path root = MakeRoot("skat-e2e");
  ASSERT_FALSE(root.empty());
  const fs::path data_dir = root / "data";
  Skatd skatd(root);
  skatd.Start();

  Output event = Skat(skatd.server(), "events create --name 'Chicago vs Milwaukee'");
  ASSERT_EQ(event.exit_code, 0) << event.out;
  const std::string event_name = FirstWord(event.out);
  const std::string token = ValueAfter(event.out, "director token: ");
  ASSERT_EQ(token.size(), 64u) << event.out;
  // The token from a file, as the README shows: on the command line it would be visible to
  // every user in the process list (and skat would warn about it on stderr).
  const fs::path token_file = root / "director-token";
  std::ofstream(token_file) << token << "\n";
  fs::permissions(token_file, fs::perms::owner_read | fs::perms::owner_write);
  const std::string director = "--token-file " + token_file.string() + " ";

  Output set = Skat(skatd.server(), "boards create " + director + "--event " + event_name +
                                        " --boards 6 --label 'Chicago vs Milwaukee, round 1'");
  ASSERT_EQ(set.exit_code, 0) << set.out;
  const std::string set_name = FirstWord(set.out);
  const std::string commitment = ValueAfter(set.out, "commitment:  ");
  ASSERT_EQ(commitment.size(), 64u) << set.out;

  // Before the reveal a player without the token sees no board.
  EXPECT_EQ(Skat(skatd.server(), "boards show " + set_name + " --board 1").exit_code, 1);
  Output board = Skat(skatd.server(), "boards show " + director + set_name + " --board 1");
  ASSERT_EQ(board.exit_code, 0) << board.out;

  // A clean restart keeps everything.
  EXPECT_EQ(skatd.Stop(SIGTERM), 0);
  EXPECT_FALSE(PostmasterRunning(data_dir));  // skatd stops the cluster it started
  skatd.Start();
  EXPECT_NE(Skat(skatd.server(), "events list").out.find(event_name), std::string::npos);

  // A crash leaves the cluster running; the next skatd adopts it.
  skatd.Stop(SIGKILL);
  EXPECT_TRUE(PostmasterRunning(data_dir));
  skatd.Start();
  Output again = Skat(skatd.server(), "boards show " + director + set_name + " --board 1");
  EXPECT_EQ(again.out, board.out);

  // A table still playing boards of the set: the reveal is refused and changes nothing
  // (docs/board-sets.md "Reveal"); forced, it needs a reason, which the set then shows.
  Output table =
      Skat(skatd.server(), "tables open " + director + "--board-set " + set_name + " --boards 1-2");
  ASSERT_EQ(table.exit_code, 0) << table.out;
  Output refused = Skat(skatd.server(), "boards reveal " + director + set_name);
  EXPECT_EQ(refused.exit_code, 1) << refused.out;
  EXPECT_NE(refused.out.find("board-in-play: board set " + set_name +
                             " is in play: board 1 of table " + FirstWord(table.out)),
            std::string::npos)
      << refused.out;
  EXPECT_NE(Skat(skatd.server(), "boards show " + set_name).out.find("revealed:    no"),
            std::string::npos);
  EXPECT_EQ(Skat(skatd.server(), "boards reveal --force " + director + set_name).exit_code, 2);
  Output forced = Skat(skatd.server(), "boards reveal " + director + set_name +
                                           " --force --reason 'Table 1 gave up after board 0'");
  ASSERT_EQ(forced.exit_code, 0) << forced.out;
  EXPECT_NE(forced.out.find("  revealed:    yes at "), std::string::npos) << forced.out;
  const std::string forced_line =
      "  forced:      while boards may have been in play; reason: "
      "Table 1 gave up after board 0\n";
  EXPECT_NE(forced.out.find(forced_line), std::string::npos) << forced.out;
  Output listed = Skat(skatd.server(), "boards list --event " + event_name);
  EXPECT_NE(listed.out.find(forced_line), std::string::npos) << listed.out;

  // After the event: export, verify online and offline from the file alone.
  const fs::path archive = root / "set.skatboards";
  ASSERT_EQ(
      Skat(skatd.server(), "boards export " + set_name + " --out " + archive.string()).exit_code,
      0);
  EXPECT_EQ(Skat(skatd.server(), "boards verify " + set_name).exit_code, 0);
  EXPECT_EQ(Skat("127.0.0.1:1", "boards verify --file " + archive.string()).exit_code, 0);
  const fs::path printouts = root / "printouts";
  Output printed =
      Skat(skatd.server(), "boards print " + set_name + " --pdf --out " + printouts.string());
  ASSERT_EQ(printed.exit_code, 0) << printed.out;
  // HTML, text and the PDF printed by headless Chromium.
  EXPECT_EQ(std::distance(fs::directory_iterator(printouts), fs::directory_iterator()), 3);

  // One changed card in the file fails verification (the reader or the generator names it).
  std::ifstream in(archive);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const size_t f = text.find("board 4 ");
  ASSERT_NE(f, std::string::npos);
  const size_t line_end = text.find('\n', f);
  std::string line = text.substr(f, line_end - f);
  const size_t skat = line.find("S: ");
  const std::string a = line.substr(skat + 3, line.find(' ', skat + 3) - skat - 3);
  const std::string b = line.substr(skat + 4 + a.size());
  line = line.substr(0, skat + 3) + b + " " + a;  // skat order swapped
  text = text.substr(0, f) + line + text.substr(line_end);
  std::ofstream(archive) << text;
  Output tampered = Skat("127.0.0.1:1", "boards verify --file " + archive.string());
  EXPECT_EQ(tampered.exit_code, 1);
  EXPECT_NE(tampered.out.find("board 4"), std::string::npos) << tampered.out;

  EXPECT_EQ(skatd.Stop(SIGTERM), 0);
  EXPECT_FALSE(PostmasterRunning(data_dir));
  fs::remove_all(root);
}

}  // namespace
