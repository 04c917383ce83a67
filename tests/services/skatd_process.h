// skatd as a real process for end-to-end tests (label e2e), with its embedded PostgreSQL in a
// throwaway directory, and the small readers of `skat`'s output those tests share.
//
// Contract:
// - MakeRoot() makes the directory a test owns; the test removes it at the end (it stays after a
//   failure, with skatd's log in it).
// - Skatd(root) runs SKATD_BINARY (its path, passed in by CMake) with --data-dir root/data,
//   --port-file root/port and --listen 127.0.0.1:<port> (set_listen_host: another host, such as
//   0.0.0.0), the arguments of set_args, its stderr appended to root/skatd.log. A restarted skatd
//   finds its data (and adopts a cluster a killed one left running).
// - Start() returns once skatd wrote its port (at most about a minute; a fatal test failure
//   otherwise); server() is then "127.0.0.1:<port>".
// - Stop(signal) and Wait() reap the process and return its wait status; Exited() reaps one that
//   ended by itself without waiting. The destructor stops a running skatd with SIGTERM. One thread
//   uses a Skatd.
#ifndef SKAT_TESTS_SERVICES_SKATD_PROCESS_H_
#define SKAT_TESTS_SERVICES_SKATD_PROCESS_H_

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace skat::testing_skatd {

// A new directory /tmp/<prefix>-XXXXXX that the embedded cluster's processes may enter (mode
// 0711). Empty, after a test failure, when none could be made.
inline std::filesystem::path MakeRoot(const std::string& prefix) {
  std::string dir_template = "/tmp/" + prefix + "-XXXXXX";
  if (mkdtemp(dir_template.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp " << dir_template << " failed";
    return {};
  }
  namespace fs = std::filesystem;
  fs::permissions(dir_template,
                  fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  return dir_template;
}

class Skatd {
 public:
  // server_id: skatd's --server-id (empty: skatd's own). A fixed one lets a restarted skatd take
  // its tables' leases back at once.
  explicit Skatd(std::filesystem::path root, std::string server_id = "")
      : root_(std::move(root)), server_id_(std::move(server_id)) {}
  ~Skatd() {
    if (pid_ > 0) Stop(SIGTERM);
  }
  Skatd(const Skatd&) = delete;
  Skatd& operator=(const Skatd&) = delete;

  // skatd's --services for the next Start() (empty: all).
  void set_services(std::string services) { services_ = std::move(services); }
  // The host of --listen for the next Start(); server() still dials 127.0.0.1.
  void set_listen_host(std::string host) { listen_host_ = std::move(host); }
  // More arguments for the next Start().
  void set_args(std::vector<std::string> args) { args_ = std::move(args); }

  // Starts skatd and waits until it serves. port 0: any free port. failpoint: SKAT_FAILPOINT.
  void Start(int port = 0, const std::string& failpoint = "") {
    const std::filesystem::path port_file = root_ / "port";
    std::filesystem::remove(port_file);
    const std::string listen = listen_host_ + ":" + std::to_string(port);
    const std::string data = (root_ / "data").string();
    pid_ = fork();
    if (pid_ == 0) {
      const std::string log = (root_ / "skatd.log").string();
      if (freopen(log.c_str(), "a", stderr) == nullptr) _exit(126);
      if (!failpoint.empty()) setenv("SKAT_FAILPOINT", failpoint.c_str(), 1);
      std::vector<std::string> args = {SKATD_BINARY,  "--listen",        listen, "--data-dir", data,
                                       "--port-file", port_file.string()};
      if (!server_id_.empty()) args.insert(args.end(), {"--server-id", server_id_});
      if (!services_.empty()) args.insert(args.end(), {"--services", services_});
      args.insert(args.end(), args_.begin(), args_.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(SKATD_BINARY, argv.data());
      _exit(127);
    }
    for (int i = 0; i < 600 && !std::filesystem::exists(port_file); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the file's content
    std::ifstream in(port_file);
    port_ = 0;
    in >> port_;
    ASSERT_GT(port_, 0) << "skatd did not start; see " << root_ / "skatd.log";
    server_ = "127.0.0.1:" + std::to_string(port_);
  }

  // Sends the signal and waits for the process; its wait status (-1 when none runs).
  int Stop(int signal = SIGTERM) {
    if (pid_ <= 0) return -1;  // never kill(-1, ...): that is every process
    kill(pid_, signal);
    return Wait();
  }
  // Waits for the process to end by itself; its wait status.
  int Wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

  // True (and the wait status) once the process has ended by itself; false while it runs.
  bool Exited(int* status) {
    if (pid_ <= 0) return true;
    if (waitpid(pid_, status, WNOHANG) != pid_) return false;
    pid_ = -1;
    return true;
  }

  const std::string& server() const { return server_; }
  int port() const { return port_; }

 private:
  std::filesystem::path root_;
  std::string server_id_;
  std::string services_;
  std::string listen_host_ = "127.0.0.1";
  std::vector<std::string> args_;
  pid_t pid_ = -1;
  int port_ = 0;
  std::string server_;
};

// The first word of the text (up to a space or a line's end): a name `skat ... create` printed.
inline std::string FirstWord(const std::string& text) {
  return text.substr(0, text.find_first_of(" \n"));
}

// The word after the first `key` in the text ("" when the key is absent).
inline std::string ValueAfter(const std::string& text, const std::string& key) {
  const size_t at = text.find(key);
  if (at == std::string::npos) return "";
  const size_t start = at + key.size();
  return text.substr(start, text.find_first_of(" \n", start) - start);
}

}  // namespace skat::testing_skatd

#endif  // SKAT_TESTS_SERVICES_SKATD_PROCESS_H_
