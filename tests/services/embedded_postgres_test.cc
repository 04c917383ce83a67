// The embedded PostgreSQL (label db): real initdb, pg_ctl and postmaster processes in a temporary
// directory; a restart keeps the data; a second Start adopts a live server; a Start after kill -9
// of the postmaster restarts and recovers it; Restart keeps the URL after the socket directory
// was removed; nothing is left running.
#include "services/store/embedded_postgres.h"

#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "gtest/gtest.h"
#include "services/store/store.h"

namespace skat::store {
namespace {

namespace fs = std::filesystem;

// A /proc file of a process that exits while it is read fails with ESRCH, and libstdc++'s filebuf
// throws then (seen under AddressSanitizer's timing); inserting the streambuf catches that and
// leaves the text short, which reads as a process that is gone.
std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// True while `pid` exists and is not a zombie.
bool Alive(pid_t pid) {
  const std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
  const size_t close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

std::set<pid_t> ChildrenOf(pid_t parent) {
  std::set<pid_t> children;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string stat = ReadFile(entry.path() / "stat");
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    // "pid (comm) state ppid ...".
    const pid_t ppid = std::atoi(stat.c_str() + close + 4);
    if (ppid == parent) children.insert(std::stoi(name));
  }
  return children;
}

// The postmaster and its children, from pg/postmaster.pid.
std::set<pid_t> ClusterProcesses(const fs::path& data_dir) {
  const pid_t postmaster = std::atoi(ReadFile(data_dir / "pg" / "postmaster.pid").c_str());
  if (postmaster <= 0) return {};
  std::set<pid_t> pids = ChildrenOf(postmaster);
  pids.insert(postmaster);
  return pids;
}

// Waits up to 20 s for every pid to be gone.
bool AllGone(const std::set<pid_t>& pids) {
  for (int i = 0; i < 200; ++i) {
    bool any = false;
    for (pid_t pid : pids) any = any || Alive(pid);
    if (!any) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

EmbeddedPostgres::Options TestOptions() {
  EmbeddedPostgres::Options options;
  options.fast_for_tests = true;
  return options;
}

EventRecord Event(const std::string& id) {
  return EventRecord{.id = id,
                     .name = "Embedded",
                     .profile = "nasl-1909",
                     .director_token_sha256 = std::string(64, 'e')};
}

class EmbeddedPostgresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/skat-embedded-test-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    root_ = dir;
    // As root the cluster runs as user postgres, which must be able to pass through.
    fs::permissions(root_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  }
  void TearDown() override {
    // Whatever happened above, leave no server behind.
    if (fs::exists(data_dir() / "pg" / "PG_VERSION")) {
      Result<EmbeddedPostgres> server = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
      if (server.ok()) {
        EXPECT_TRUE(server.value().Stop().ok());
      }
    }
    const std::string socket_dir = ReadFile(data_dir() / "socket_dir");
    std::error_code ignored;
    if (!socket_dir.empty()) fs::remove_all(socket_dir.substr(0, socket_dir.find('\n')), ignored);
    fs::remove_all(root_, ignored);
  }

  // Longer than a Unix socket path may be: the socket must live elsewhere.
  fs::path data_dir() const { return root_ / std::string(120, 'd'); }

  Result<std::unique_ptr<Store>> Connect(const EmbeddedPostgres& server) {
    Result<std::unique_ptr<Store>> store = Store::Connect(server.url());
    if (!store.ok()) return store;
    if (Status s = (*store)->Migrate(); !s.ok()) return s;
    return store;
  }

  fs::path root_;
};

TEST_F(EmbeddedPostgresTest, RestartKeepsTheData) {
  Result<EmbeddedPostgres> server = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(server.ok()) << server.status().ToString();
  EXPECT_FALSE(server->adopted());
  EXPECT_LE(server->socket_dir().size() + 16, 107u);
  Result<std::unique_ptr<Store>> store = Connect(*server);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  ASSERT_TRUE((*store)->CreateEvent(Event("ev-embedded01")).ok());
  const std::set<pid_t> processes = ClusterProcesses(data_dir());
  EXPECT_GE(processes.size(), 2u);

  ASSERT_TRUE(server.value().Stop().ok());
  EXPECT_TRUE(AllGone(processes));
  EXPECT_EQ((*store)->GetEvent("ev-embedded01").status().code(), ErrorCode::kUnavailable);

  Result<EmbeddedPostgres> again = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_FALSE(again->adopted());
  EXPECT_EQ(again->url(), server->url());  // same socket directory and port
  // The old store's pool reconnects; a new store sees the same data.
  Result<EventRecord> event = (*store)->GetEvent("ev-embedded01");
  EXPECT_TRUE(event.ok()) << event.status().ToString();
  Result<std::unique_ptr<Store>> second = Connect(*again);
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_TRUE((*second)->GetEvent("ev-embedded01").ok());

  const std::set<pid_t> last = ClusterProcesses(data_dir());
  ASSERT_TRUE(again.value().Stop().ok());
  EXPECT_TRUE(AllGone(last));
  EXPECT_TRUE(again.value().Stop().ok());  // stopping a stopped server is fine
}

TEST_F(EmbeddedPostgresTest, AdoptsALiveServerAndRecoversAfterKill) {
  Result<EmbeddedPostgres> first = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(first.ok()) << first.status().ToString();

  // A second start (skatd killed and started again) adopts the running postmaster.
  Result<EmbeddedPostgres> adopted = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(adopted.ok()) << adopted.status().ToString();
  EXPECT_TRUE(adopted->adopted());
  EXPECT_EQ(adopted->url(), first->url());
  {
    Result<std::unique_ptr<Store>> store = Connect(*adopted);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    ASSERT_TRUE((*store)->CreateEvent(Event("ev-beforekill")).ok());
  }

  // kill -9 of the postmaster: its children follow it; the next Start restarts and recovers.
  const std::set<pid_t> processes = ClusterProcesses(data_dir());
  const pid_t postmaster = std::atoi(ReadFile(data_dir() / "pg" / "postmaster.pid").c_str());
  ASSERT_GT(postmaster, 0);
  ASSERT_EQ(kill(postmaster, SIGKILL), 0);
  EXPECT_TRUE(AllGone(processes));

  Result<EmbeddedPostgres> recovered = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(recovered.ok()) << recovered.status().ToString();
  EXPECT_FALSE(recovered->adopted());
  {
    Result<std::unique_ptr<Store>> store = Connect(*recovered);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    Result<EventRecord> event = (*store)->GetEvent("ev-beforekill");
    EXPECT_TRUE(event.ok()) << event.status().ToString();
  }
  const std::set<pid_t> last = ClusterProcesses(data_dir());
  ASSERT_TRUE(recovered.value().Stop().ok());
  EXPECT_TRUE(AllGone(last));
  EXPECT_FALSE(fs::exists(data_dir() / "pg" / "postmaster.pid"));
}

// What skatd's supervisor does (services/skatd/database_supervisor.h): Running() tells a stopped
// server; Restart() starts it again under the same URL even when its socket directory was
// removed meanwhile; the store's old pool answers again. While it is down, Ping is kUnavailable
// and its message does not say where the database lives.
TEST_F(EmbeddedPostgresTest, RestartKeepsTheUrlWhenTheSocketDirectoryWasRemoved) {
  Result<EmbeddedPostgres> server = EmbeddedPostgres::Start(data_dir().string(), TestOptions());
  ASSERT_TRUE(server.ok()) << server.status().ToString();
  const std::string url = server->url();
  const std::string socket_dir = server->socket_dir();
  Result<std::unique_ptr<Store>> store = Connect(*server);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  ASSERT_TRUE((*store)->CreateEvent(Event("ev-restarted1")).ok());
  EXPECT_TRUE(server->Running());
  EXPECT_TRUE((*store)->Ping().ok());

  ASSERT_TRUE(server.value().Stop().ok());
  EXPECT_FALSE(server->Running());
  const Status down = (*store)->Ping();
  EXPECT_EQ(down.code(), ErrorCode::kUnavailable);
  EXPECT_EQ(down.message(), "ping the database: the database is unavailable; retry");
  EXPECT_EQ(down.message().find(socket_dir), std::string::npos) << down.message();
  fs::remove_all(socket_dir);

  ASSERT_TRUE(server.value().Restart().ok());
  EXPECT_TRUE(server->Running());
  EXPECT_FALSE(server->adopted());
  EXPECT_EQ(server->url(), url);
  EXPECT_TRUE(fs::is_directory(socket_dir));
  EXPECT_TRUE((*store)->Ping().ok());
  EXPECT_TRUE((*store)->GetEvent("ev-restarted1").ok());
  // Restart of a running server adopts it.
  ASSERT_TRUE(server.value().Restart().ok());
  EXPECT_TRUE(server->adopted());
  EXPECT_EQ(server->url(), url);
}

TEST_F(EmbeddedPostgresTest, MissingProgramsAreNotFound) {
  EmbeddedPostgres::Options options = TestOptions();
  options.bin_dir = "/nonexistent/postgresql/bin";
  EXPECT_EQ(EmbeddedPostgres::Start(data_dir().string(), options).status().code(),
            ErrorCode::kNotFound);
}

TEST_F(EmbeddedPostgresTest, UnusableDataDirectoryIsRefused) {
  const fs::path file = root_ / "a-file";
  std::ofstream(file) << "not a directory\n";
  EXPECT_EQ(EmbeddedPostgres::Start((file / "data").string(), TestOptions()).status().code(),
            ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace skat::store
