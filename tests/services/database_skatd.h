// skatd as a real process on a given PostgreSQL (not the embedded one), for the fault tests
// (tests/services/table_durability_test.cc, tests/services/event_faults_test.cc).
//
// Contract:
// - DatabaseSkatd runs SKATD_BINARY (its path, passed in by CMake) with --database-url, a fixed
//   --server-id (a restarted skatd takes its tables' leases back at once), --lease-ms and
//   --db-connections from its Options; its stderr is appended to dir/<server id>.log.
// - Start(port, failpoint) starts it on 127.0.0.1:port (0: any free port) with
//   SKAT_FAILPOINT=failpoint (services/common/failpoint.h; none when empty) and returns "" once it
//   serves, else why not (with the log's end). The process dies with the test (PDEATHSIG).
// - Kill(signal) sends the signal and reaps the process; Exited() reaps one that ended by itself.
//   The destructor kills a running skatd with SIGKILL. One thread uses a DatabaseSkatd.
#ifndef SKAT_TESTS_SERVICES_DATABASE_SKATD_H_
#define SKAT_TESTS_SERVICES_DATABASE_SKATD_H_

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>

namespace skat::testing_skatd {

class DatabaseSkatd {
 public:
  struct Options {
    std::string services = "event,deal,table,scoring";
    std::string database_url;
    std::string server_id;
    int lease_ms = 2000;
    int db_connections = 4;
    std::filesystem::path dir;  // port file and log
  };

  explicit DatabaseSkatd(Options options) : o_(std::move(options)) {}
  ~DatabaseSkatd() {
    if (pid_ > 0) Kill(SIGKILL);
  }
  DatabaseSkatd(const DatabaseSkatd&) = delete;
  DatabaseSkatd& operator=(const DatabaseSkatd&) = delete;

  std::string Start(int port, const std::string& failpoint = "") {
    const std::filesystem::path port_file = o_.dir / (o_.server_id + ".port");
    std::filesystem::remove(port_file);
    const std::string listen = "127.0.0.1:" + std::to_string(port);
    const std::string lease = std::to_string(o_.lease_ms);
    const std::string connections = std::to_string(o_.db_connections);
    ++starts_;
    std::fflush(nullptr);  // the child must not write the test's buffered output again
    pid_ = fork();
    if (pid_ == 0) {
      if (failpoint.empty()) {
        unsetenv("SKAT_FAILPOINT");
      } else {
        setenv("SKAT_FAILPOINT", failpoint.c_str(), 1);
      }
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives the test
      if (freopen(log().c_str(), "a", stderr) == nullptr) _exit(126);
      execl(SKATD_BINARY, SKATD_BINARY, "--services", o_.services.c_str(), "--database-url",
            o_.database_url.c_str(), "--listen", listen.c_str(), "--port-file", port_file.c_str(),
            "--server-id", o_.server_id.c_str(), "--lease-ms", lease.c_str(), "--db-connections",
            connections.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 3000; ++i) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return "skatd exited at start (status " + std::to_string(status) + "); log:\n" + LogTail();
      }
      std::ifstream in(port_file);
      int bound = 0;
      if (in >> bound && bound > 0) {
        port_ = bound;
        return "";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return "skatd did not start within 30 s; log:\n" + LogTail();
  }

  // Sends the signal and waits; the wait status.
  int Kill(int signal) {
    if (pid_ <= 0) return -1;
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

  // True (and the wait status) once the process has ended on its own.
  bool Exited(int* status) {
    if (pid_ <= 0) return true;
    if (waitpid(pid_, status, WNOHANG) != pid_) return false;
    pid_ = -1;
    return true;
  }

  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  int port() const { return port_; }
  int starts() const { return starts_; }
  std::string log() const { return (o_.dir / (o_.server_id + ".log")).string(); }
  std::string Log() const {
    std::ifstream in(log());
    return std::string((std::istreambuf_iterator<char>(in)), {});
  }
  std::string LogTail() const {
    const std::string text = Log();
    return text.size() > 3000 ? text.substr(text.size() - 3000) : text;
  }

 private:
  Options o_;
  pid_t pid_ = -1;
  int port_ = 0;
  int starts_ = 0;
};

}  // namespace skat::testing_skatd

#endif  // SKAT_TESTS_SERVICES_DATABASE_SKATD_H_
