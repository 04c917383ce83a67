#include "services/cli/arena/arena_programs.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>

#include "services/cli/token_files.h"

extern char** environ;

namespace skat::cli {

OutsidePrograms::~OutsidePrograms() { EndAll(); }

void OutsidePrograms::EndAll() {
  KillAll();
  if (!token_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(token_dir_, ec);
    token_dir_.clear();
  }
}

std::string OutsidePrograms::MakeTokenDirectory() {
  if (!token_dir_.empty()) return "";
  const char* tmp = std::getenv("TMPDIR");
  std::string dir =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/skat-arena-XXXXXX";
  if (mkdtemp(dir.data()) == nullptr) {  // mode 0700
    return "cannot make a directory for the seat tokens (" + dir + "): " + std::strerror(errno);
  }
  token_dir_ = dir;
  return "";
}

std::string OutsidePrograms::Start(const std::string& label, const std::string& command,
                                   const std::string& server, const std::string& table,
                                   const std::string& token, const std::string& log_path) {
  if (std::string error = MakeTokenDirectory(); !error.empty()) return error;
  const std::string token_file = token_dir_ + "/seat-" + std::to_string(programs_.size() + 1);
  std::string error;
  if (!WriteTokenFile(token_file, token + "\n", error)) return label + ": " + error;
  const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log_fd < 0) return label + ": cannot write " + log_path + ": " + std::strerror(errno);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  // sh -c 'COMMAND ARGS... "$@"' sh --server S --table T --token-file F
  std::vector<std::string> argv = {"/bin/sh",      "-c",      command + " \"$@\"", "sh",
                                   "--server",     server,    "--table",           table,
                                   "--token-file", token_file};
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(log_fd);
  if (rc != 0) return label + ": cannot start /bin/sh: " + std::strerror(rc);
  programs_.push_back({label, table, log_path, pid, true});
  ++running_;
  return "";
}

std::vector<OutsidePrograms::Ended> OutsidePrograms::Reap() {
  std::vector<Ended> ended;
  for (size_t i = 0; i < programs_.size(); ++i) {
    Program& p = programs_[i];
    if (!p.running) continue;
    // Wait without reaping first, so that the group id is still ours while what the program
    // left behind is killed.
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(p.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != p.pid) {
      continue;
    }
    kill(-p.pid, SIGKILL);
    int status = 0;
    waitpid(p.pid, &status, 0);
    p.running = false;
    --running_;
    ended.push_back({i, status});
  }
  return ended;
}

void OutsidePrograms::KillAll() {
  if (running_ == 0) return;
  for (const Program& p : programs_) {
    if (p.running) kill(-p.pid, SIGTERM);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (running_ > 0 && std::chrono::steady_clock::now() < deadline) {
    Reap();
    if (running_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (Program& p : programs_) {
    if (!p.running) continue;
    kill(-p.pid, SIGKILL);
    int status = 0;
    waitpid(p.pid, &status, 0);
    p.running = false;
    --running_;
  }
}

std::string OutsidePrograms::Tail(size_t i, int lines) const {
  std::ifstream in(programs_[i].log);
  std::deque<std::string> last;
  for (std::string line; std::getline(in, line);) {
    last.push_back(line);
    if (static_cast<int>(last.size()) > lines) last.pop_front();
  }
  std::string out;
  for (const std::string& line : last) out += "  " + line + "\n";
  return out;
}

std::string OutsidePrograms::Describe(int status) {
  if (WIFEXITED(status)) return "exited with " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended (wait status " + std::to_string(status) + ")";
}

}  // namespace skat::cli
