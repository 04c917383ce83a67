// End to end with real processes (label e2e): skatd with its embedded PostgreSQL in a temporary
// data directory, driven by the `skat` command line exactly as a director would; skatd stopped
// and restarted (the data stays), killed with SIGKILL and restarted (it adopts the cluster it
// left running), and stopped at the end with nothing left running.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tests/services/run_skat.h"

namespace {

namespace fs = std::filesystem;

using skat::testing_cli::Output;

// Runs `skat ARGS` against the server.
Output Skat(const std::string& server, const std::string& args) {
  return skat::testing_cli::Skat(args, "SKAT_SERVER=" + server);
}

// The first whitespace-separated word of the first line.
std::string FirstWord(const std::string& text) { return text.substr(0, text.find_first_of(" \n")); }

std::string ValueAfter(const std::string& text, const std::string& key) {
  const size_t at = text.find(key);
  if (at == std::string::npos) return "";
  const size_t start = at + key.size();
  return text.substr(start, text.find_first_of(" \n", start) - start);
}

class Skatd {
 public:
  explicit Skatd(const fs::path& data_dir) : data_dir_(data_dir) {}
  ~Skatd() {
    if (pid_ > 0) Stop(SIGTERM);
  }

  // Starts skatd on a free port and waits until it serves.
  void Start() {
    const fs::path port_file = data_dir_.parent_path() / "port";
    fs::remove(port_file);
    pid_ = fork();
    if (pid_ == 0) {
      const std::string log = (data_dir_.parent_path() / "skatd.log").string();
      freopen(log.c_str(), "a", stderr);
      execl(SKATD_BINARY, SKATD_BINARY, "--listen", "127.0.0.1:0", "--data-dir", data_dir_.c_str(),
            "--port-file", port_file.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 600 && !fs::exists(port_file); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the file's content
    std::ifstream in(port_file);
    int port = 0;
    in >> port;
    ASSERT_GT(port, 0) << "skatd did not start; see " << data_dir_.parent_path() / "skatd.log";
    server_ = "127.0.0.1:" + std::to_string(port);
  }

  // Sends the signal and waits for the process; returns its exit status.
  int Stop(int signal) {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

  const std::string& server() const { return server_; }

 private:
  fs::path data_dir_;
  pid_t pid_ = -1;
  std::string server_;
};

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
  char dir_template[] = "/tmp/skat-e2e-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const fs::path root(dir_template);
  fs::permissions(root, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  const fs::path data_dir = root / "data";
  Skatd skatd(data_dir);
  skatd.Start();

  Output event = Skat(skatd.server(), "events create --name 'Chicago vs Milwaukee'");
  ASSERT_EQ(event.exit_code, 0) << event.out;
  const std::string event_name = FirstWord(event.out);
  const std::string token = ValueAfter(event.out, "director token: ");
  ASSERT_EQ(token.size(), 64u) << event.out;
  const std::string director = "--token " + token + " ";

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

  // After the event: reveal, export, verify online and offline from the file alone.
  ASSERT_EQ(Skat(skatd.server(), "boards reveal " + director + set_name).exit_code, 0);
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
