// The restore drill of docs/reliability.md "Backups" (label e2e), with real processes: PostgreSQL
// 15 with WAL archiving, skatd, pg_basebackup through deploy/backup, and three
// tests/services/resilient_seat.h seats that count the acts the server acknowledged.
//
//   BaseBackupAndArchivedWalKeepEveryAcknowledgedAct: a private cluster (the embedded layout,
//   DIR/pg) archives every WAL segment into a directory (archive_mode, an archive_command that
//   copies). A table of kBoards boards is played through skatd; after kActsBeforeBackup
//   acknowledged acts deploy/backup takes a base backup while the seats play on (at most
//   kActsDuringBackup acts, then they wait for its end); after kActsAfterBackup more acts (they
//   exist only in WAL written after the backup) the seats are held, skatd stops, the last segment
//   is switched out and archived, PostgreSQL is stopped with -m immediate and its data directory
//   removed. The base backup is copied back with a restore_command reading the archive and
//   recovery.signal (recovery to the end of the archive). Asserted: the restored database holds
//   exactly the acknowledged acts (none lost, none extra), the server log shows the last segment
//   restored from the archive, and skatd on the restored database serves the table: the same seats
//   rejoin and finish it, every game replays in the engine and every answer a seat got is in the
//   log. The cluster, the backup and the archive live in /dev/shm when it has room, else in /tmp.
#include <gtest/gtest.h>
#include <pwd.h>
#include <signal.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "services/store/embedded_postgres.h"
#include "tests/services/event_faults.h"
#include "tests/services/run_program.h"
#include "tests/services/table_driver.h"

namespace skat::service::restore_drill {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using testing_faults::ActCounter;
using testing_seat::ResilientSeatLog;
using testing_seat::ResilientSeatOptions;
using testing_table::TableDriver;

// The drill needs about 40 acts before the seats are held; a board takes about 30 (a passed one
// 4, and board sets are random), and the rest of the table is played after the restore.
constexpr int kBoards = 4;
constexpr int kActsBeforeBackup = 10;  // acknowledged before the backup starts, at least
constexpr int kActsDuringBackup = 20;  // about: then the seats wait
constexpr int kActsAfterBackup = 10;   // acknowledged after it ended, at least
constexpr auto kPatience = std::chrono::seconds(60);

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// True once `done` holds, polled every `every`; false after kPatience.
bool WaitFor(const std::function<bool()>& done,
             std::chrono::milliseconds every = std::chrono::milliseconds(20)) {
  const auto until = Clock::now() + kPatience;
  while (!done()) {
    if (Clock::now() > until) return false;
    std::this_thread::sleep_for(every);
  }
  return true;
}

// Waits until the seats' acknowledgements reach `n` or the table finished, polled every
// millisecond (on a fast disk the seats make several acts in 20 ms).
bool WaitForAcks(const std::atomic<int>& acks, int n, TableDriver& driver) {
  return WaitFor([&] { return acks >= n || driver.done(); }, std::chrono::milliseconds(1));
}

// The cluster's user: postgres when we are root (PostgreSQL refuses root), else ourselves.
bool AsRoot() { return geteuid() == 0; }

// Hands a path we made to the cluster's user.
void GiveToClusterUser(const fs::path& path) {
  if (!AsRoot()) return;
  const passwd* pw = getpwnam("postgres");
  ASSERT_NE(pw, nullptr) << "as root the drill needs the postgres system user";
  ASSERT_EQ(chown(path.c_str(), pw->pw_uid, pw->pw_gid), 0) << path;
}

// Runs a program (as the cluster's user when asked) with its output in dir/<name>.out and .err;
// "" when it exited 0, else what happened with the end of its output.
std::string RunTool(const fs::path& dir, const std::string& name, std::vector<std::string> argv,
                    bool as_cluster_user) {
  if (as_cluster_user && AsRoot()) {
    argv.insert(argv.begin(), {testing_program::FindProgram("runuser"), "-u", "postgres", "--"});
  }
  const fs::path out = dir / (name + ".out");
  const fs::path err = dir / (name + ".err");
  const testing_program::RunResult run = testing_program::RunProgram(argv, out, err);
  if (run.exit_code == 0) return "";
  return name + ": exit " + std::to_string(run.exit_code) + (run.timed_out ? " (timed out)" : "") +
         " " + run.error + "\n" + testing_faults::Tail(testing_program::ReadFile(out), 1000) +
         testing_faults::Tail(testing_program::ReadFile(err), 2000);
}

// The first column of the first row of a statement run outside a transaction ("" when NULL).
std::string Query(const std::string& url, const std::string& sql) {
  pqxx::connection conn(url);
  pqxx::nontransaction tx(conn);
  const pqxx::row row = tx.exec1(sql);
  return row[0].is_null() ? "" : row[0].c_str();
}

// A statement without rows (ALTER SYSTEM cannot run in a transaction).
void Execute(const std::string& url, const std::string& sql) {
  pqxx::connection conn(url);
  pqxx::nontransaction tx(conn);
  tx.exec0(sql);
}

class RestoreDrillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // In memory when /dev/shm has room (the drill writes about 200 MB): it checks the procedure,
    // not the disk, and the fsyncs (the restored cluster is synced before its recovery) take
    // seconds on a slow disk.
    struct statvfs shm;
    const bool in_memory = statvfs("/dev/shm", &shm) == 0 && access("/dev/shm", W_OK) == 0 &&
                           static_cast<double>(shm.f_bavail) * shm.f_frsize > 1e9;
    std::string dir =
        in_memory ? "/dev/shm/skat-restore-drill-XXXXXX" : "/tmp/skat-restore-drill-XXXXXX";
    ASSERT_NE(mkdtemp(dir.data()), nullptr) << dir;
    dir_ = dir;
    fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    data_ = dir_ / "pg-data";
    drill_ = dir_ / "drill";
    archive_ = drill_ / "archive";
    fs::create_directories(archive_);
    ASSERT_NO_FATAL_FAILURE(GiveToClusterUser(drill_));
    ASSERT_NO_FATAL_FAILURE(GiveToClusterUser(archive_));
    options_.port = 5432;  // names the socket file in the cluster's private directory only
    options_.fast_for_tests = true;
  }
  void TearDown() override {
    if (pg_) (void)pg_->Stop();
    std::error_code ignored;
    if (!socket_dir_.empty()) fs::remove(socket_dir_, ignored);  // empty once it stopped
    if (!HasFailure()) {
      fs::remove_all(dir_);
    } else if (dir_.string().starts_with("/dev/shm/")) {
      fs::remove_all(data_ / "pg");  // memory: only the logs stay
      fs::remove_all(drill_);
      std::cerr << "logs kept in " << dir_ << "\n";
    } else {
      std::cerr << "logs, cluster, backup and archive kept in " << dir_ << "\n";
    }
  }

  // The cluster of data_/pg started (or restarted) with options_.
  void StartPostgres() {
    Result<store::EmbeddedPostgres> pg = store::EmbeddedPostgres::Start(data_.string(), options_);
    ASSERT_TRUE(pg.ok()) << pg.status().ToString();
    pg_ = std::move(pg).value();
    socket_dir_ = pg_->socket_dir();
  }

  // Continuous archiving as docs/reliability.md "Backups" sets it up: ALTER SYSTEM, restart.
  void EnableArchiving() {
    const std::string archive = archive_.string();
    Execute(pg_->admin_url(), "ALTER SYSTEM SET archive_mode = 'on'");
    Execute(pg_->admin_url(), "ALTER SYSTEM SET archive_command = 'test ! -f " + archive +
                                  "/%f && cp %p " + archive + "/%f'");
    const Status stopped = pg_->Stop();
    ASSERT_TRUE(stopped.ok()) << stopped.ToString();
    ASSERT_NO_FATAL_FAILURE(StartPostgres());
    ASSERT_EQ(Query(pg_->admin_url(), "SHOW archive_mode"), "on");
  }

  // Switches to a new WAL segment and waits until the one switched out is archived; its name.
  std::string SwitchAndArchive() {
    const std::string url = pg_->admin_url();
    const std::string last = Query(url, "SELECT pg_walfile_name(pg_switch_wal())");
    const bool archived = WaitFor(
        [&] { return Query(url, "SELECT last_archived_wal FROM pg_stat_archiver") >= last; });
    EXPECT_TRUE(archived) << "segment " << last << " not archived: "
                          << Query(url, "SELECT row(s.*)::text FROM pg_stat_archiver s");
    return last;
  }

  // The disaster: PostgreSQL killed (pg_ctl stop -m immediate) and its data directory gone.
  void LoseTheDatabase() {
    const fs::path pg = data_ / "pg";
    ASSERT_EQ(
        RunTool(dir_, "pg_ctl-stop",
                {BinDir() + "/pg_ctl", "-D", pg.string(), "-m", "immediate", "-w", "stop"}, true),
        "");
    pg_.reset();
    fs::remove_all(pg);
    ASSERT_FALSE(fs::exists(pg));
  }

  // The base backup copied back, recovery from the archive to its end, the cluster started and
  // out of recovery.
  void Restore(const fs::path& backup) {
    const fs::path pg = data_ / "pg";
    ASSERT_EQ(
        RunTool(dir_, "cp",
                {testing_program::FindProgram("cp"), "-a", backup.string(), pg.string()}, true),
        "");
    {
      std::ofstream conf(pg / "postgresql.conf", std::ios::app);
      conf << "\nrestore_command = 'cp " << archive_.string() << "/%f %p'\n";
      std::ofstream marker(pg / "recovery.signal");
      ASSERT_TRUE(conf.flush().good() && marker.flush().good());
    }
    ASSERT_NO_FATAL_FAILURE(GiveToClusterUser(pg / "recovery.signal"));
    ASSERT_NO_FATAL_FAILURE(StartPostgres());
    // pg_ctl returns once read-only connections are accepted; the archive may still be replayed.
    ASSERT_TRUE(WaitFor([&] {
      return Query(pg_->admin_url(), "SELECT pg_is_in_recovery()") == "f";
    })) << "still in recovery";
    EXPECT_FALSE(fs::exists(pg / "recovery.signal"));
  }

  std::string BinDir() const {
    const char* env = std::getenv("SKAT_PG_BIN_DIR");
    return env != nullptr && *env != '\0' ? env : "/usr/lib/postgresql/15/bin";
  }

  fs::path dir_;
  fs::path data_;     // the embedded layout: data_/pg, data_/pg.log, data_/socket_dir
  fs::path drill_;    // the backup and the archive, the cluster user's
  fs::path archive_;  // archived WAL segments
  store::EmbeddedPostgres::Options options_;
  std::optional<store::EmbeddedPostgres> pg_;
  std::string socket_dir_;  // the cluster's, in /tmp; removed at the end
};

TEST_F(RestoreDrillTest, BaseBackupAndArchivedWalKeepEveryAcknowledgedAct) {
  const auto start = Clock::now();
  ASSERT_NO_FATAL_FAILURE(StartPostgres());
  ASSERT_NO_FATAL_FAILURE(EnableArchiving());
  const std::string url = pg_->url();

  testing_faults::SkatdProcess::Options skatd_options =
      testing_faults::SkatdOn(dir_, url, "restore-drill");
  skatd_options.services = "event,deal,table";
  testing_faults::SkatdProcess skatd(skatd_options);
  ASSERT_EQ(skatd.Start(0), "");
  std::mutex address_mutex;
  std::string address = skatd.address();
  const testing_table::EventAndSet e = testing_table::CreateEventAndSet(address, kBoards);
  const v1::OpenTableResponse table = testing_table::OpenTable(address, e, kBoards, "drill");
  ASSERT_FALSE(HasFailure());
  const std::string event_id = testing_faults::LastPart(e.event);

  std::atomic<int> acks{0};
  std::atomic<bool> hold{false};
  ResilientSeatOptions seat;
  seat.address = [&] {
    std::lock_guard lock(address_mutex);
    return address;
  };
  seat.seed = 20261129;
  seat.acknowledged = &acks;
  seat.hold = &hold;
  auto driver_owner = std::make_unique<TableDriver>(table, seat);
  TableDriver& driver = *driver_owner;

  // The base backup, taken while the seats play: at most kActsDuringBackup acts, then they wait
  // for its end (a fast machine would otherwise finish the table meanwhile).
  ASSERT_TRUE(WaitForAcks(acks, kActsBeforeBackup, driver));
  const int before_backup = acks;
  const auto backup_start = Clock::now();
  const fs::path backup = drill_ / "base";
  std::string backup_error = "not run";
  std::atomic<bool> backup_done{false};
  std::thread backup_thread([&] {
    backup_error = RunTool(dir_, "backup",
                           {std::string(SKAT_SOURCE_DIR) + "/deploy/backup", "--data-dir",
                            data_.string(), "--out", backup.string(), "--no-sync"},
                           false);
    backup_done = true;
  });
  while (!backup_done) {
    if (acks >= before_backup + kActsDuringBackup) hold = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  backup_thread.join();
  ASSERT_EQ(backup_error, "");
  const double backup_s = SecondsSince(backup_start);
  const int at_backup_end = acks;
  hold = false;

  // More acts, then the seats are held and nothing is in flight: the database holds exactly the
  // acknowledged acts.
  ASSERT_TRUE(WaitForAcks(acks, at_backup_end + kActsAfterBackup, driver));
  hold = true;
  ActCounter counter(url);
  int stable_since_ms = 0;
  ASSERT_TRUE(WaitFor([&] {
    stable_since_ms = counter.Count(event_id) == acks ? stable_since_ms + 20 : 0;
    return stable_since_ms >= 300;
  })) << counter.Count(event_id)
      << " acts logged, " << acks << " acknowledged";
  ASSERT_FALSE(driver.done()) << "the table finished before the drill (" << before_backup
                              << " acts before the backup, " << at_backup_end << " at its end, "
                              << acks << " in all); play more boards";
  const int acknowledged = acks;
  EXPECT_GE(before_backup, kActsBeforeBackup);
  EXPECT_GE(acknowledged - at_backup_end, kActsAfterBackup);  // only in WAL after the backup

  ASSERT_EQ(skatd.Kill(SIGTERM), 0) << skatd.LogTail();
  const std::string last_segment = SwitchAndArchive();
  ASSERT_FALSE(HasFailure());
  const auto lost = Clock::now();
  ASSERT_NO_FATAL_FAILURE(LoseTheDatabase());
  ASSERT_NO_FATAL_FAILURE(Restore(backup));
  const double restore_s = SecondsSince(lost);

  ActCounter restored(url);
  EXPECT_EQ(restored.Count(event_id), acknowledged);
  const std::string log = testing_faults::ReadFile(data_ / "pg.log");
  EXPECT_NE(log.find("restored log file \"" + last_segment + "\" from archive"), std::string::npos)
      << testing_faults::Tail(log);

  // skatd on the restored database: the same seats rejoin and finish the table.
  ASSERT_EQ(skatd.Start(0), "");
  {
    std::lock_guard lock(address_mutex);
    address = skatd.address();
  }
  hold = false;
  ASSERT_TRUE(WaitFor([&] { return driver.done(); })) << "the table did not finish";
  std::vector<ResilientSeatLog> seats = driver.Join();
  driver_owner.reset();  // the seats' channels: while they are open skatd's shutdown waits 5 s
  testing_table::ExpectSeatsFinished(seats);
  const v1::ListGamesResponse games =
      testing_table::ListGames(skatd.address(), e.director, table.table().name());
  ASSERT_NO_FATAL_FAILURE(testing_table::ExpectCompleteLogThatReplays(games, kBoards));
  testing_table::ExpectResponsesMatchLog(seats, games);
  int repeats = 0;
  for (const ResilientSeatLog& s : seats) repeats += s.repeats;
  EXPECT_EQ(repeats, 0);
  EXPECT_EQ(testing_table::ActCount(games), acks.load());
  std::cout << "restore drill: " << before_backup << " acts acknowledged before the backup, "
            << at_backup_end - before_backup << " during it (" << backup_s << " s), "
            << acknowledged - at_backup_end << " after it (only in the archived WAL, up to "
            << last_segment << "); all " << acknowledged << " found after the restore ("
            << restore_s << " s from the kill to a database out of recovery); the table finished "
            << "on the restored database with " << testing_table::ActCount(games) << " acts; "
            << SecondsSince(start) << " s in all\n"
            << testing_table::Summary(seats);
  EXPECT_EQ(skatd.Kill(SIGTERM), 0) << skatd.LogTail();
}

}  // namespace
}  // namespace skat::service::restore_drill
