#include "services/cli/token_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <iostream>

#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

constexpr size_t kMaxTokenFile = 4096;

// One token option of one subcommand, registered by AddTokenOption.
struct TokenEntry {
  CLI::App* sub = nullptr;
  TokenKind kind{};
  std::string* token = nullptr;
  CLI::Option* argument = nullptr;
  CLI::Option* file = nullptr;
  std::string given;  // the argument's value
  std::string path;   // the file option's value
};

// A deque keeps the entries where they are: CLI11 writes into `given` and `path`.
std::deque<TokenEntry>& Entries() {
  static std::deque<TokenEntry> entries;
  return entries;
}

// "skat boards create".
std::string CommandName(const CLI::App* sub) {
  std::string name;
  for (const CLI::App* app = sub; app != nullptr && app->get_parent() != nullptr;
       app = app->get_parent()) {
    name = app->get_name() + (name.empty() ? "" : " " + name);
  }
  return "skat " + name;
}

// kind.what in the reader's language, for the help texts.
std::string WhatText(const TokenKind& kind) {
  const std::string_view env = kind.env;
  if (env == kDirectorToken.env) return Tr("the event's director token");
  if (env == kRegistryToken.env) return Tr("the registry token");
  if (env == kSeatToken.env) return Tr("a seat token");
  return kind.what;
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// The token in `path`, or "" with `why` set.
std::string ReadTokenFile(const std::string& path, std::string& why) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    why = std::string("cannot read it (") + std::strerror(errno) + ")";
    return "";
  }
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    why = "is a directory, not a file holding the token";
    return "";
  }
  std::string text;
  char buffer[1024];
  while (text.size() <= kMaxTokenFile) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      why = std::string("cannot read it (") + std::strerror(errno) + ")";
      close(fd);
      return "";
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  if (text.size() > kMaxTokenFile) {
    why = "holds more than " + std::to_string(kMaxTokenFile) +
          " bytes; a token file holds only the token";
    return "";
  }
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && IsSpace(text[begin])) ++begin;
  while (end > begin && IsSpace(text[end - 1])) --end;
  if (begin == end) {
    why = "is empty; a token file holds the token";
    return "";
  }
  const std::string token = text.substr(begin, end - begin);
  for (char c : token) {
    if (IsSpace(c) || c == '\0') {
      why =
          "holds more than one word; a token file holds only the token (a tokens file of skat "
          "tables open or sessions start is read by skat bot --tokens-file)";
      return "";
    }
  }
  return token;
}

}  // namespace

void AddTokenOption(CLI::App& sub, const TokenKind& kind, std::string& token) {
  TokenEntry& e = Entries().emplace_back();
  e.sub = &sub;
  e.kind = kind;
  e.token = &token;
  const std::string what = WhatText(kind);
  e.argument =
      sub.add_option(kind.option, e.given,
                     Tr("{0} (visible to other users in the process list: prefer {1} or env {2})",
                        what, kind.file_option, kind.env));
  e.file = sub.add_option(kind.file_option, e.path, Tr("a file holding {0} (mode 0600)", what));
  e.argument->excludes(e.file);
}

std::string ResolveTokens() {
  for (TokenEntry& e : Entries()) {
    if (!e.sub->parsed()) continue;
    if (e.file->count() > 0) {
      std::string why;
      const std::string token = ReadTokenFile(e.path, why);
      if (token.empty()) {
        return CommandName(e.sub) + ": " + e.kind.file_option + " " + e.path + ": " + why;
      }
      *e.token = token;
    } else if (e.argument->count() > 0) {
      WarnTokenArgument(
          CommandName(e.sub), e.kind.option,
          Tr("{0} PATH or the environment variable {1}", e.kind.file_option, e.kind.env));
      *e.token = e.given;
    } else {
      const char* env = std::getenv(e.kind.env);
      *e.token = env != nullptr ? env : "";
    }
  }
  return "";
}

void WarnTokenArgument(const std::string& command, const std::string& option,
                       const std::string& instead) {
  std::cerr << command << ": "
            << Tr("warning: the token given with {0} is visible to other users of this machine "
                  "in the process list (ps, /proc/PID/cmdline); use {1} instead",
                  option, instead)
            << "\n";
}

bool WriteTokenFile(const std::string& path, const std::string& content, std::string& error) {
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = mkostemp(temp.data(), O_CLOEXEC);  // mode 0600
  if (fd < 0) {
    error = "cannot create " + temp + ": " + std::strerror(errno);
    return false;
  }
  auto fail = [&](const std::string& step) {
    error = step + ": " + std::strerror(errno);
    close(fd);
    unlink(temp.c_str());
    return false;
  };
  if (fchmod(fd, 0600) != 0) return fail("cannot set mode 0600 on " + temp);
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write " + temp);
    written += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0) return fail("cannot sync " + temp);
  if (close(fd) != 0) {
    error = "cannot write " + temp + ": " + std::strerror(errno);
    unlink(temp.c_str());
    return false;
  }
  if (rename(temp.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + temp + " to " + path + ": " + std::strerror(errno);
    unlink(temp.c_str());
    return false;
  }
  // The rename is durable once the directory is synced; a failure here loses nothing written.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  const int dir_fd = open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    fsync(dir_fd);
    close(dir_fd);
  }
  return true;
}

std::string WriteTokenDirectory(const std::string& dir,
                                const std::vector<std::pair<std::string, std::string>>& tokens) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec) std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
  if (ec) return dir + ": " + ec.message();
  for (const auto& [name, token] : tokens) {
    std::string error;
    if (!WriteTokenFile(dir + "/" + name, token + "\n", error))
      return dir + "/" + name + ": " + error;
  }
  return "";
}

}  // namespace skat::cli
