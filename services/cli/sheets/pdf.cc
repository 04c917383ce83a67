#include "services/cli/sheets/pdf.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace skat::cli {
namespace {

std::string FindInPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(dir) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

}  // namespace

Status HtmlToPdf(const std::filesystem::path& html, const std::filesystem::path& pdf) {
  std::string chromium = FindInPath("chromium");
  if (chromium.empty()) chromium = FindInPath("chromium-browser");
  if (chromium.empty()) {
    return Status::NotFound("no chromium to print the PDF with (deploy/install-deps installs it)");
  }
  char profile_template[] = "/tmp/skat-chromium-XXXXXX";
  if (mkdtemp(profile_template) == nullptr) {
    return Status::Internal("cannot make a temporary Chromium profile");
  }
  const std::filesystem::path profile(profile_template);
  std::vector<std::string> args = {chromium,
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--disable-dev-shm-usage",
                                   "--disable-background-networking",
                                   "--disable-component-update",
                                   "--disable-sync",
                                   "--no-first-run",
                                   "--no-pdf-header-footer",
                                   "--user-data-dir=" + profile.string(),
                                   "--print-to-pdf=" + std::filesystem::absolute(pdf).string(),
                                   "file://" + std::filesystem::absolute(html).string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) {
    std::filesystem::remove_all(profile);
    return Status::Internal("cannot start " + chromium);
  }
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-pid, SIGKILL);  // the whole process group: Chromium's helpers too
      waitpid(pid, &status, 0);
      std::filesystem::remove_all(profile);
      return Status::Internal("chromium took more than two minutes");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(-pid, SIGKILL);  // helpers that outlive the browser
  std::error_code ignored;
  std::filesystem::remove_all(profile, ignored);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !std::filesystem::exists(pdf)) {
    return Status::Internal("chromium could not print " + html.string());
  }
  return Status::Ok();
}

}  // namespace skat::cli
