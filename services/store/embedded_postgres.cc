#include "services/store/embedded_postgres.h"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace skat::store {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDefaultBinDir = "/usr/lib/postgresql/15/bin";
constexpr int kDefaultPort = 5432;
constexpr size_t kMaxSocketPath = 107;  // sizeof(sockaddr_un::sun_path) - 1

struct ProcessResult {
  int exit_code = 0;   // 128 + signal when killed
  std::string output;  // stdout and stderr together
};

// The last `lines` lines of `text`, for error messages.
std::string Tail(const std::string& text, int lines = 12) {
  size_t end = text.size();
  while (end > 0 && text[end - 1] == '\n') --end;
  size_t pos = end;
  for (int i = 0; i < lines && pos > 0; ++i) {
    pos = text.rfind('\n', pos - 1);
    if (pos == std::string::npos) {
      pos = 0;
      break;
    }
  }
  if (pos > 0) ++pos;
  return text.substr(pos, end - pos);
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Runs argv[0] (searched in PATH) with `argv`, working directory `cwd`, stdin from /dev/null and
// no other inherited descriptors; waits for it and collects its output.
Result<ProcessResult> RunProcess(const std::vector<std::string>& argv, const std::string& cwd) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    return Status::Internal(std::string("pipe: ") + std::strerror(errno));
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    return Status::Internal(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    const int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(out[1], 1) < 0 || dup2(out[1], 2) < 0 ||
        chdir(cwd.c_str()) != 0) {
      _exit(126);
    }
    // Nothing of ours (sockets, pipes) may leak into the postmaster, which outlives us.
    if (close_range(3, ~0U, 0) != 0) {
      for (int fd = 3; fd < 65536; ++fd) close(fd);
    }
    execvp(args[0], args.data());
    _exit(127);
  }
  close(out[1]);
  ProcessResult result;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(out[0], buffer, sizeof buffer);
    if (n > 0) {
      result.output.append(buffer, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      return Status::Internal(std::string("waitpid: ") + std::strerror(errno));
    }
  }
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
    if (result.exit_code == 127 && result.output.empty()) {
      result.output = "cannot run " + argv[0];
    }
  } else {
    result.exit_code = 128 + WTERMSIG(status);
  }
  return result;
}

// The cluster's user when we are root (initdb and pg_ctl refuse root).
struct ClusterUser {
  bool as_root = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

Result<ClusterUser> FindClusterUser() {
  ClusterUser user;
  if (geteuid() != 0) return user;
  const passwd* pw = getpwnam("postgres");
  if (pw == nullptr) {
    return Status::NotFound(
        "running as root, the embedded PostgreSQL needs the 'postgres' system user "
        "(package postgresql)");
  }
  user.as_root = true;
  user.uid = pw->pw_uid;
  user.gid = pw->pw_gid;
  return user;
}

// Hands a path we created to the cluster's user.
Status GiveToClusterUser(const ClusterUser& user, const fs::path& path) {
  if (!user.as_root) return Status::Ok();
  if (chown(path.c_str(), user.uid, user.gid) != 0) {
    return Status::InvalidArgument("cannot hand " + path.string() +
                                   " to user postgres: " + std::strerror(errno));
  }
  return Status::Ok();
}

// A PostgreSQL program, run as the cluster's user.
Result<ProcessResult> RunAsClusterUser(const ClusterUser& user, const std::string& bin_dir,
                                       const std::string& program, std::vector<std::string> args,
                                       const std::string& cwd) {
  std::vector<std::string> argv;
  if (user.as_root) argv = {"runuser", "-u", "postgres", "--"};
  argv.push_back(bin_dir + "/" + program);
  for (std::string& arg : args) argv.push_back(std::move(arg));
  return RunProcess(argv, cwd);
}

std::string FailureMessage(const std::string& step, const ProcessResult& result,
                           const fs::path& log = {}) {
  std::string message = step + " failed (exit " + std::to_string(result.exit_code) + ")";
  if (const std::string tail = Tail(result.output); !tail.empty()) message += ": " + tail;
  if (!log.empty()) {
    if (const std::string tail = Tail(ReadFile(log), 8); !tail.empty()) {
      message += "\nserver log " + log.string() + ":\n" + tail;
    }
  }
  return message;
}

// What pg/postmaster.pid says about a server that is running.
struct Postmaster {
  pid_t pid = 0;
  int port = 0;
  std::string socket_dir;
  std::string status;  // "starting", "ready", "stopping", ...
};

// True when `pid` is a live (not zombie) postgres process.
bool IsLivePostgres(pid_t pid) {
  if (pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM)) return false;
  const std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
  // "pid (comm) state ...": comm may hold spaces, so look after the last ')'.
  const size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return false;
  const char state = stat[close + 2];
  const std::string comm = stat.substr(stat.find('(') + 1, close - stat.find('(') - 1);
  return state != 'Z' && state != 'X' && (comm == "postgres" || comm == "postmaster");
}

// The running server of the cluster in `pg`, if postmaster.pid names a live one.
std::optional<Postmaster> FindPostmaster(const fs::path& pg) {
  std::ifstream in(pg / "postmaster.pid");
  if (!in) return std::nullopt;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (lines.empty()) return std::nullopt;
  Postmaster postmaster;
  postmaster.pid = static_cast<pid_t>(std::atoi(lines[0].c_str()));
  if (!IsLivePostgres(postmaster.pid)) return std::nullopt;
  // Lines: pid, data dir, start time, port, first socket directory, listen address, shared
  // memory key, status (PostgreSQL's pidfile.h).
  if (lines.size() > 3) postmaster.port = std::atoi(lines[3].c_str());
  if (lines.size() > 4) postmaster.socket_dir = lines[4];
  if (lines.size() > 7) {
    postmaster.status = lines[7];
    while (!postmaster.status.empty() && postmaster.status.back() == ' ') {
      postmaster.status.pop_back();
    }
  }
  return postmaster;
}

// Waits up to `timeout` for a live server to report "ready"; nullopt when it is gone (stopped
// or crashed) or stays busy.
std::optional<Postmaster> WaitUntilReady(const fs::path& pg, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::optional<Postmaster> postmaster = FindPostmaster(pg);
    if (!postmaster || postmaster->status == "ready") return postmaster;
    if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// The socket directory recorded in data_dir/socket_dir if it still exists, else a new one.
Result<std::string> SocketDir(const fs::path& data_dir, const ClusterUser& user) {
  const fs::path record = data_dir / "socket_dir";
  std::string recorded = ReadFile(record);
  while (!recorded.empty() && (recorded.back() == '\n' || recorded.back() == ' ')) {
    recorded.pop_back();
  }
  struct stat info;
  if (!recorded.empty() && stat(recorded.c_str(), &info) == 0 && S_ISDIR(info.st_mode) &&
      info.st_uid == (user.as_root ? user.uid : geteuid())) {
    return recorded;
  }
  // Removed while the cluster was down: made again under the same name when nobody took it
  // (mkdir fails for a path that exists), so that the URL of a restarted server stays the same.
  if (recorded.starts_with("/tmp/skat-pg-") && recorded.find('/', 5) == std::string::npos &&
      mkdir(recorded.c_str(), 0700) == 0) {
    if (Status status = GiveToClusterUser(user, recorded); !status.ok()) return status;
    return recorded;
  }
  // Gone after a reboot (which cleans /tmp) or never made: a new private one, recorded for the
  // next start.
  char path[] = "/tmp/skat-pg-XXXXXX";
  if (mkdtemp(path) == nullptr) {
    return Status::Internal(std::string("cannot create a socket directory in /tmp: ") +
                            std::strerror(errno));
  }
  if (Status status = GiveToClusterUser(user, path); !status.ok()) return status;
  std::ofstream out(record, std::ios::trunc);
  out << path << "\n";
  if (!out.flush()) {
    return Status::InvalidArgument("cannot write " + record.string());
  }
  return std::string(path);
}

// The port line of a skat.conf written by an earlier start, or 0.
int RecordedPort(const fs::path& conf) {
  std::istringstream in(ReadFile(conf));
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("port = ")) return std::atoi(line.c_str() + 7);
  }
  return 0;
}

std::string Url(const std::string& database, const std::string& socket_dir, int port) {
  return "postgresql:///" + database + "?host=" + socket_dir + "&port=" + std::to_string(port) +
         "&user=skat";
}

// Creates the database "skat" unless it exists. Runs psql and createdb as ourselves: root and the
// cluster's user can reach the private socket directory.
Status EnsureDatabase(const std::string& bin_dir, const std::string& socket_dir, int port) {
  const std::string port_text = std::to_string(port);
  Result<ProcessResult> query = RunProcess(
      {bin_dir + "/psql", "-X", "-q", "-A", "-t", "-h", socket_dir, "-p", port_text, "-U", "skat",
       "-d", "postgres", "-c", "SELECT count(*) FROM pg_database WHERE datname = 'skat'"},
      "/");
  if (!query.ok()) return query.status();
  if (query->exit_code != 0) {
    return Status::Unavailable(FailureMessage("psql (looking for database skat)", *query));
  }
  if (query->output.starts_with("1")) return Status::Ok();
  Result<ProcessResult> create = RunProcess(
      {bin_dir + "/createdb", "-h", socket_dir, "-p", port_text, "-U", "skat", "skat"}, "/");
  if (!create.ok()) return create.status();
  if (create->exit_code != 0 && create->output.find("already exists") == std::string::npos) {
    return Status::Unavailable(FailureMessage("createdb skat", *create));
  }
  return Status::Ok();
}

std::string DefaultBinDir() {
  const char* env = std::getenv("SKAT_PG_BIN_DIR");
  return env != nullptr && *env != '\0' ? env : kDefaultBinDir;
}

// A new cluster in dir/pg, owned by the cluster user, including the skat.conf that Start writes
// (InvalidArgument when dir/pg holds something else).
Status InitCluster(const ClusterUser& user, const std::string& bin_dir, const fs::path& dir,
                   bool fast_for_tests, const std::string& root_hint) {
  const fs::path pg = dir / "pg";
  std::error_code error;
  if (fs::exists(pg) && !fs::is_empty(pg, error)) {
    return Status::InvalidArgument(pg.string() +
                                   " exists but holds no cluster (no PG_VERSION); move it away");
  }
  std::vector<std::string> args = {"-D",   pg.string(), "-A",   "trust",     "-U",
                                   "skat", "-E",        "UTF8", "--locale=C"};
  if (fast_for_tests) args.push_back("--no-sync");
  Result<ProcessResult> initdb =
      RunAsClusterUser(user, bin_dir, "initdb", std::move(args), dir.string());
  if (!initdb.ok()) return initdb.status();
  if (initdb->exit_code != 0) {
    return Status::Unavailable(FailureMessage("initdb", *initdb) + root_hint);
  }
  std::ofstream conf(pg / "postgresql.conf", std::ios::app);
  conf << "\n# skatd: port, socket directory and durability (embedded_postgres.cc)\n"
          "include_if_exists = 'skat.conf'\n";
  if (!conf.flush()) {
    return Status::Internal("cannot append to " + (pg / "postgresql.conf").string());
  }
  return Status::Ok();
}

// The port, socket directory and durability of the next start, rewritten at every start.
Status WriteSkatConf(const fs::path& skat_conf, int port, const std::string& socket_dir) {
  std::ofstream conf(skat_conf, std::ios::trunc);
  conf << "# Written by skatd at every start (services/store/embedded_postgres.cc); edits are "
          "overwritten.\n"
       << "port = " << port << "\n"
       << "unix_socket_directories = '" << socket_dir << "'\n"
       << "listen_addresses = ''\n"
       << "synchronous_commit = on\n"
       << "fsync = on\n";
  if (!conf.flush()) return Status::Internal("cannot write " + skat_conf.string());
  return Status::Ok();
}

// pg_ctl start on dir/pg, logging to dir/pg.log. After a kill -9 the old server's children may
// hold its shared memory for a moment, and the new postmaster refuses to start until they are
// gone: it tries again for a few seconds.
Status StartPostmaster(const ClusterUser& user, const std::string& bin_dir, const fs::path& dir,
                       const std::string& root_hint) {
  const fs::path pg = dir / "pg";
  const fs::path log = dir / "pg.log";
  for (int attempt = 0;; ++attempt) {
    Result<ProcessResult> start = RunAsClusterUser(
        user, bin_dir, "pg_ctl", {"-D", pg.string(), "-l", log.string(), "-w", "-t", "60", "start"},
        dir.string());
    if (!start.ok()) return start.status();
    if (start->exit_code == 0) return Status::Ok();
    const std::string log_tail = Tail(ReadFile(log), 8);
    const bool busy = log_tail.find("is still in use") != std::string::npos ||
                      log_tail.find("already exists") != std::string::npos;
    if (!busy || attempt >= 20) {
      return Status::Unavailable(FailureMessage("pg_ctl start", *start, log) + root_hint);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

// Starts the cluster in dir/pg on the port asked for (else the one recorded in skat.conf, else
// the default) with its socket in a directory the cluster user reaches: `socket_dir` and `port`.
Status StartNew(const ClusterUser& user, const std::string& bin_dir, const fs::path& dir,
                int port_asked, const std::string& root_hint, std::string& socket_dir, int& port) {
  Result<std::string> socket = SocketDir(dir, user);
  if (!socket.ok()) return socket.status();
  socket_dir = *socket;
  const fs::path skat_conf = dir / "pg" / "skat.conf";
  port = port_asked > 0 ? port_asked : RecordedPort(skat_conf);
  if (port <= 0) port = kDefaultPort;
  const std::string socket_path = socket_dir + "/.s.PGSQL." + std::to_string(port);
  if (socket_path.size() > kMaxSocketPath) {
    return Status::InvalidArgument("socket path " + socket_path + " is longer than " +
                                   std::to_string(kMaxSocketPath) + " bytes");
  }
  if (Status status = WriteSkatConf(skat_conf, port, socket_dir); !status.ok()) return status;
  if (Status status = GiveToClusterUser(user, skat_conf); !status.ok()) return status;
  return StartPostmaster(user, bin_dir, dir, root_hint);
}

}  // namespace

Result<EmbeddedPostgres> EmbeddedPostgres::Start(std::string data_dir, int port) {
  Options options;
  options.port = port;
  return Start(std::move(data_dir), options);
}

Result<EmbeddedPostgres> EmbeddedPostgres::Start(std::string data_dir, const Options& options) {
  std::error_code error;
  const fs::path dir = fs::absolute(data_dir, error);
  if (error || data_dir.empty()) {
    return Status::InvalidArgument("data directory '" + data_dir + "' is unusable");
  }
  EmbeddedPostgres server;
  server.data_dir_ = dir.string();
  server.bin_dir_ = options.bin_dir.empty() ? DefaultBinDir() : options.bin_dir;
  if (access((server.bin_dir_ + "/pg_ctl").c_str(), X_OK) != 0) {
    return Status::NotFound(
        "PostgreSQL's programs are not in " + server.bin_dir_ +
        " (install postgresql, or set SKAT_PG_BIN_DIR to the directory of pg_ctl)");
  }
  Result<ClusterUser> user = FindClusterUser();
  if (!user.ok()) return user.status();
  fs::create_directories(dir, error);
  if (error) {
    return Status::InvalidArgument("cannot create data directory " + dir.string() + ": " +
                                   error.message());
  }
  if (Status status = GiveToClusterUser(*user, dir); !status.ok()) return status;

  const fs::path pg = dir / "pg";
  const std::string root_hint =
      user->as_root ? " (as root the cluster runs as user postgres, which must be able to reach " +
                          dir.string() + ": not under /root or another 0700 directory)"
                    : "";
  if (!fs::exists(pg / "PG_VERSION")) {
    if (Status status = InitCluster(*user, server.bin_dir_, dir, options.fast_for_tests, root_hint);
        !status.ok()) {
      return status;
    }
  }
  // A live server (skatd was killed, or another Start runs it): adopt it.
  if (std::optional<Postmaster> live = WaitUntilReady(pg, std::chrono::seconds(60))) {
    server.port_ = live->port;
    server.socket_dir_ = live->socket_dir;
    server.adopted_ = true;
  } else if (Status status = StartNew(*user, server.bin_dir_, dir, options.port, root_hint,
                                      server.socket_dir_, server.port_);
             !status.ok()) {
    return status;
  }
  server.url_ = Url("skat", server.socket_dir_, server.port_);
  if (Status status = EnsureDatabase(server.bin_dir_, server.socket_dir_, server.port_);
      !status.ok()) {
    return status;
  }
  return server;
}

Status EmbeddedPostgres::Stop() {
  Result<ClusterUser> user = FindClusterUser();
  if (!user.ok()) return user.status();
  const fs::path pg = fs::path(data_dir_) / "pg";
  if (!FindPostmaster(pg)) return Status::Ok();  // not running
  Result<ProcessResult> stop =
      RunAsClusterUser(*user, bin_dir_, "pg_ctl",
                       {"-D", pg.string(), "-m", "fast", "-w", "-t", "60", "stop"}, data_dir_);
  if (!stop.ok()) return stop.status();
  if (stop->exit_code != 0 && FindPostmaster(pg)) {
    return Status::Internal(FailureMessage("pg_ctl stop", *stop, fs::path(data_dir_) / "pg.log"));
  }
  return Status::Ok();
}

bool EmbeddedPostgres::Running() const {
  return FindPostmaster(fs::path(data_dir_) / "pg").has_value();
}

Status EmbeddedPostgres::Restart() {
  Options options;
  options.port = port_;
  options.bin_dir = bin_dir_;
  Result<EmbeddedPostgres> started = Start(data_dir_, options);
  if (!started.ok()) return started.status();
  *this = std::move(started).value();
  return Status::Ok();
}

std::string EmbeddedPostgres::admin_url() const { return Url("postgres", socket_dir_, port_); }

}  // namespace skat::store
