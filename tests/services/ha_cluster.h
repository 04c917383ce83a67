// deploy/ha's cluster for the ha test (tests/services/ha_failover_test.cc, docs/testing.md "High
// availability"): one etcd, three Patroni-managed PostgreSQL 15 nodes and HAProxy on loopback.
// Header-only, for that one test.
//
// Contract:
// - HaCluster::Start(dir) runs `deploy/ha start dir` (SKAT_SOURCE_DIR's) and returns "" once it
//   printed its URLs, else why not. Stop() runs `deploy/ha stop dir` (also from the destructor).
//   deploy/ha's output is appended to dir/../ha.log.
// - Admin(commands) sends HAProxy admin commands through `deploy/ha admin`.
// - Primary() is the node (1-3) whose Patroni answers GET /primary with 200, 0 when none does.
// - PatroniPid(n) and PostmasterPid(n) read node n's pid files (0 when absent).
// - Get(n, path) is the HTTP status of GET path on node n's Patroni REST API (0: no answer);
//   Timeline(n) the timeline its GET /patroni reports (0: none).
// - Ports follow deploy/ha's: SKAT_HA_REST_PORT (default 55471) for node 1, then +1, +2.
#ifndef SKAT_TESTS_SERVICES_HA_CLUSTER_H_
#define SKAT_TESTS_SERVICES_HA_CLUSTER_H_

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace skat::testing_ha {

namespace fs = std::filesystem;

// Runs a shell command; its exit status and stdout. stderr goes to `log` (appended).
inline std::pair<int, std::string> Shell(const std::string& command, const fs::path& log) {
  const std::string full = command + " 2>>'" + log.string() + "'";
  FILE* pipe = popen(full.c_str(), "r");
  if (pipe == nullptr) return {-1, ""};
  std::string out;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

inline std::string ValueOf(const std::string& text, const std::string& key) {
  const size_t at = text.find(key + "=");
  if (at == std::string::npos) return "";
  const size_t start = at + key.size() + 1;
  return text.substr(start, text.find('\n', start) - start);
}

inline int FirstPid(const fs::path& file) {
  std::ifstream in(file);
  int pid = 0;
  in >> pid;
  return pid;
}

class HaCluster {
 public:
  ~HaCluster() { Stop(); }

  std::string Start(const fs::path& dir) {
    dir_ = dir;
    log_ = dir.parent_path() / "ha.log";
    const auto [status, out] = Shell(Script() + " start '" + dir.string() + "'", log_);
    started_ = true;
    multi_host_url_ = ValueOf(out, "MULTI_HOST_URL");
    haproxy_url_ = ValueOf(out, "HAPROXY_URL");
    if (status != 0 || multi_host_url_.empty() || haproxy_url_.empty()) {
      return "deploy/ha start failed (status " + std::to_string(status) + "); see " + log_.string();
    }
    return "";
  }
  void Stop() {
    if (!started_) return;
    started_ = false;
    Shell(Script() + " stop '" + dir_.string() + "'", log_);
  }
  // `deploy/ha COMMAND DIR [N]`; its exit status.
  int Command(const std::string& command, int node = 0) {
    return Shell(Script() + " " + command + " '" + dir_.string() + "'" +
                     (node > 0 ? " " + std::to_string(node) : ""),
                 log_)
        .first;
  }

  // `deploy/ha admin DIR COMMAND...`: HAProxy admin commands; the exit status.
  int Admin(const std::vector<std::string>& commands) {
    std::string line = Script() + " admin '" + dir_.string() + "'";
    for (const std::string& c : commands) line += " '" + c + "'";
    return Shell(line, log_).first;
  }

  int Primary() {
    const auto [status, out] = Shell(Script() + " primary '" + dir_.string() + "'", log_);
    return status == 0 ? std::atoi(out.c_str()) : 0;
  }
  int PatroniPid(int node) const { return FirstPid(NodeDir(node) / "patroni.pid"); }
  int PostmasterPid(int node) const { return FirstPid(NodeDir(node) / "data/postmaster.pid"); }
  fs::path NodeDir(int node) const { return dir_ / ("node" + std::to_string(node)); }

  int Get(int node, const std::string& path) {
    const auto [status, out] = Shell(
        "curl -s -o /dev/null -w '%{http_code}' --max-time 2 "
        "http://127.0.0.1:" +
            std::to_string(RestPort(node)) + path,
        log_);
    return std::atoi(out.c_str());
  }
  int Timeline(int node) {
    const auto [status, out] = Shell(
        "curl -s --max-time 2 http://127.0.0.1:" + std::to_string(RestPort(node)) + "/patroni",
        log_);
    const size_t at = out.find("\"timeline\":");
    return at == std::string::npos ? 0 : std::atoi(out.c_str() + at + 11);
  }
  std::string Members() { return Shell(Script() + " status '" + dir_.string() + "'", log_).second; }

  const std::string& multi_host_url() const { return multi_host_url_; }
  const std::string& haproxy_url() const { return haproxy_url_; }
  const fs::path& dir() const { return dir_; }

 private:
  static std::string Script() { return std::string(SKAT_SOURCE_DIR) + "/deploy/ha"; }
  static int RestPort(int node) {
    const char* base = std::getenv("SKAT_HA_REST_PORT");
    return (base != nullptr && *base != '\0' ? std::atoi(base) : 55471) + node - 1;
  }

  fs::path dir_;
  fs::path log_;
  bool started_ = false;
  std::string multi_host_url_;
  std::string haproxy_url_;
};

}  // namespace skat::testing_ha

#endif  // SKAT_TESTS_SERVICES_HA_CLUSTER_H_
