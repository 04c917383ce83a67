// Running a helper program (headless Chromium, pdftotext) from a test: found on PATH, in its own
// process group with stdout and stderr sent to files, killed with its whole group after a
// timeout. Shared by the render tests.
#ifndef SKAT_TESTS_SERVICES_RUN_PROGRAM_H_
#define SKAT_TESTS_SERVICES_RUN_PROGRAM_H_

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace skat::testing_program {

inline constexpr std::chrono::seconds kTimeout{60};

// The program's absolute path from PATH, or "" when it is not installed.
inline std::string FindProgram(std::string_view name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::string candidate = dir + "/" + std::string(name);
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

struct RunResult {
  int exit_code = -1;  // -1 when killed or not started
  bool timed_out = false;
  std::string error;  // why it did not start
};

// Runs `argv` (argv[0] an absolute path) in its own process group with stdout and stderr sent to
// files; after kTimeout the whole group is killed. Stragglers of the group are killed at the end.
inline RunResult RunProgram(const std::vector<std::string>& argv, const std::string& stdout_path,
                            const std::string& stderr_path) {
  RunResult result;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);

  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) {
    result.error = "cannot start " + argv[0] + ": " + strerror(rc);
    return result;
  }

  // Wait without reaping, so the group id stays ours while the stragglers are killed.
  const auto deadline = std::chrono::steady_clock::now() + kTimeout;
  siginfo_t info{};
  while (true) {
    info.si_pid = 0;
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) break;
    if (info.si_pid == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(-pid, SIGKILL);  // helper processes left behind, if any (the leader is a zombie by now)
  int status = 0;
  waitpid(pid, &status, 0);
  if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace skat::testing_program

#endif  // SKAT_TESTS_SERVICES_RUN_PROGRAM_H_
