// What the load benchmarks (bench/table_load.cc, bench/congress.cc; docs/performance.md) share: a
// private database (given, a throwaway one on SKAT_TEST_DATABASE_URL, or an embedded cluster with
// fsync and synchronous_commit on), a skatd child process, readers of a process's CPU and memory
// (/proc) and their meters over a phase, psql queries, closed-loop call drivers, the machine's
// ceilings (PostgreSQL single-row commits through the store; empty gRPC round trips to skatd's
// health service) and latency percentiles. Also in this library: bench/load_run.h (a run's command
// line, start and end) and bench/load_tables.h (events, online tables and their bots).
#ifndef SKAT_BENCH_LOAD_COMMON_H_
#define SKAT_BENCH_LOAD_COMMON_H_

#include <grpcpp/grpcpp.h>
#include <sys/resource.h>
#include <sys/types.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "services/store/embedded_postgres.h"

namespace skat::service::load {

using Clock = std::chrono::steady_clock;
inline double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
inline int64_t Micros(Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

// --- Processes (/proc) ---
// A field of /proc/<pid>/status in kB ("VmRSS", "VmHWM", "Threads"), or -1.
long StatusKb(pid_t pid, const std::string& field);
// utime + stime of a process in seconds, and its parent; false if it is gone.
bool CpuOf(pid_t pid, double* cpu, pid_t* parent);
double ProcessCpu(pid_t pid);
// CPU seconds of a process and all its children (PostgreSQL: the postmaster and its backends).
double TreeCpu(pid_t root);
// The peak resident memory (VmHWM, kB) summed over a process and its children.
long TreeHwmKb(pid_t root);
// CPU seconds all processes of the machine spent (not idle, not waiting for I/O).
double MachineBusyCpu();
std::string LoadAverage();
double SelfCpu();

// The CPU seconds spent from Start to Stop by skatd, by PostgreSQL (`postgres()`: the CPU seconds
// of its processes so far), by this process, and by the machine's other processes (its busy CPU
// less those three, at least 0).
class CpuMeter {
 public:
  CpuMeter(pid_t skatd_pid, std::function<double()> postgres_cpu)
      : skatd_pid_(skatd_pid), postgres_(std::move(postgres_cpu)) {}
  void Start();
  void Stop();
  double skatd = 0, postgres = 0, self = 0, other = 0;

 private:
  pid_t skatd_pid_;
  std::function<double()> postgres_;
  double machine_ = 0;
};

// A process's most threads and peak VmRSS, sampled every 100 ms on a thread of its own from the
// construction to Stop.
class PeakSampler {
 public:
  explicit PeakSampler(pid_t pid);
  PeakSampler(const PeakSampler&) = delete;
  PeakSampler& operator=(const PeakSampler&) = delete;
  ~PeakSampler() { Stop(); }
  void Stop();
  long threads_most() const { return threads_most_; }
  long rss_peak_kb() const { return rss_peak_kb_; }

 private:
  std::atomic<bool> sampling_{true};
  std::atomic<long> threads_most_{0}, rss_peak_kb_{0};
  std::thread thread_;
};

// One query through psql: the first row's text, fields separated by '|'; empty on failure.
std::string Psql(const std::string& url, const std::string& sql);
std::vector<double> Fields(const std::string& row);

// --- skatd ---
struct SkatdOptions {
  std::string binary;
  std::string services = "event,deal,table";
  std::string server_id = "load";
  int db_connections = 16;
  int lease_ms = 10000;
  // skatd --max-streams-per-peer and --max-streams: every client of a bench is 127.0.0.1, so
  // the per-address limit (64 by default) is raised out of the way.
  int max_streams_per_peer = 1000000;
  int max_streams = 1000000;
  // The web side (docs/web.md): also --http-listen 127.0.0.1:0 and --http-port-file, and
  // --http-max-connections-per-client raised out of the way as above (64 by default).
  bool http = false;
  int http_max_connections_per_client = 1000000;
};

// skatd as a child (killed if this process dies), listening on 127.0.0.1 (a free port), logging
// to dir/skatd.log; with SkatdOptions::http also serving the web side on another free port.
class SkatdProcess {
 public:
  // Empty, or why it did not start.
  std::string Start(const SkatdOptions& o, const std::string& url,
                    const std::filesystem::path& dir);
  // SIGTERM and wait; the exit status. `usage` (if set) gets its rusage.
  int Stop(struct rusage* usage = nullptr);
  ~SkatdProcess() { Stop(); }
  pid_t pid() const { return pid_; }
  const std::string& address() const { return address_; }
  // The web side's port (SkatdOptions::http), else 0.
  int http_port() const { return http_port_; }
  const std::string& log() const { return log_; }
  // "skatd pid P, gRPC 127.0.0.1:N[, HTTP 127.0.0.1:M]; log L".
  std::string Describe() const;

 private:
  pid_t pid_ = -1;
  std::string address_;
  int http_port_ = 0;
  std::string log_;
};

// --- gRPC ---
// A channel with a TCP connection of its own (distinct `id`s never share one).
std::shared_ptr<grpc::Channel> NewChannel(const std::string& address, int id);
std::unique_ptr<grpc::ClientContext> Context(const std::string& token, int deadline_s = 60);

// Keeps `inflight` chains of asynchronous calls going for `seconds`: `call(chain, done)` starts
// one call and runs done(ok) when it completes. Calls per second (0 on a failed call).
double ClosedLoop(int inflight, double seconds,
                  const std::function<void(int chain, std::function<void(bool)> done)>& call);

// Sleeps `seconds`: how fast `calls` (counted by other threads) grew meanwhile, per second.
double RateOver(const std::atomic<long>& calls, double seconds);

// A ceiling: calls per second, and CPU microseconds per call of the process that serves it.
struct Ceiling {
  double rate = 0;
  double cpu_us = 0;
};
// Runs `measure` (returning calls/s) and charges the CPU seconds `cpu()` grew by to its calls.
Ceiling Measure(const std::function<double()>& cpu, const std::function<double()>& measure);

// PostgreSQL single-row commits/s through the store (CreateEvent: one INSERT, one COMMIT) with
// `threads` threads for `seconds`, charged to the PostgreSQL server's process tree. `error` is set
// on a failure.
Ceiling CommitCeiling(const std::string& url, int threads, double seconds, pid_t postmaster,
                      std::string& error);
// Empty gRPC round trips/s: skatd's grpc.health.v1 Check (no database), `inflight` at once.
Ceiling HealthCeiling(const std::string& address, pid_t skatd, int inflight, double seconds);

// --- The database ---
struct Database {
  std::optional<store::EmbeddedPostgres> embedded;
  std::string temp_dir;
  std::string server_url;
  std::string throwaway;
  std::string url;
  pid_t postmaster = -1;
};
// `database_url` as given; else a throwaway database on SKAT_TEST_DATABASE_URL; else an
// embedded cluster in /tmp/<prefix>-XXXXXX. Empty, or the error.
std::string OpenDatabase(const std::string& database_url, const std::string& prefix, Database& db);
void CloseDatabase(Database& db);

// --- Latencies ---
struct Percentiles {
  double p50 = 0, p90 = 0, p99 = 0, max = 0, mean = 0;  // ms
};
Percentiles Summarize(std::vector<uint32_t> us);

// The q-quantile (0..1, the nearest rank) of sorted, non-empty microseconds, in ms.
template <class Us>
double QuantileMs(const std::vector<Us>& sorted_us, double q) {
  const size_t n = sorted_us.size();
  return static_cast<double>(sorted_us[std::min(n - 1, static_cast<size_t>(q * (n - 1) + 0.5))]) /
         1000.0;
}

}  // namespace skat::service::load

#endif  // SKAT_BENCH_LOAD_COMMON_H_
