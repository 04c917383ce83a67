#include "bench/load_common.h"

#include <grpcpp/generic/generic_stub.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "services/common/auth.h"
#include "services/store/database_admin.h"
#include "services/store/store.h"

namespace skat::service::load {

namespace fs = std::filesystem;

#ifdef SKAT_SERVICES_O0
// Every load bench links this file: built with -DSKAT_SERVICES_O0=ON (deploy/test's gcc build),
// it says so on stderr before main, since skatd, skat and the bench run unoptimised there.
[[maybe_unused]] const bool kSaidUnoptimised = [] {
  std::cerr << "note: this build compiles skatd, skat and the services at -O0 "
               "(-DSKAT_SERVICES_O0=ON, deploy/test's build): its figures are not the product's; "
               "build with deploy/run's options for them (docs/performance.md)\n";
  return true;
}();
#endif

// A field of /proc/<pid>/status in kB ("VmRSS"), or -1.
long StatusKb(pid_t pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::atol(line.c_str() + field.size() + 1);
  }
  return -1;
}

// utime + stime of a process in seconds, and its parent; false if it is gone.
bool CpuOf(pid_t pid, double* cpu, pid_t* parent) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream fields(text.substr(close + 2));
  std::string f[13];
  for (std::string& x : f) fields >> x;  // state ppid ... stime (fields 3..15)
  *parent = static_cast<pid_t>(std::atol(f[1].c_str()));
  *cpu = (std::atof(f[11].c_str()) + std::atof(f[12].c_str())) / sysconf(_SC_CLK_TCK);
  return true;
}

double ProcessCpu(pid_t pid) {
  double cpu = 0;
  pid_t parent = 0;
  return CpuOf(pid, &cpu, &parent) ? cpu : 0;
}

// CPU seconds of a process and all its children (PostgreSQL: the postmaster and its backends and
// helpers).
double TreeCpu(pid_t root) {
  double total = ProcessCpu(root);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    double cpu = 0;
    pid_t parent = 0;
    if (CpuOf(static_cast<pid_t>(std::atol(name.c_str())), &cpu, &parent) && parent == root) {
      total += cpu;
    }
  }
  return total;
}

// CPU seconds all processes of the machine spent (not idle, not waiting for I/O), from /proc/stat.
double MachineBusyCpu() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
  return (user + nice + system + irq + softirq) / sysconf(_SC_CLK_TCK);
}

std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one;
}

double SelfCpu() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void CpuMeter::Start() {
  skatd = ProcessCpu(skatd_pid_);
  postgres = postgres_();
  self = SelfCpu();
  machine_ = MachineBusyCpu();
}

void CpuMeter::Stop() {
  skatd = ProcessCpu(skatd_pid_) - skatd;
  postgres = postgres_() - postgres;
  self = SelfCpu() - self;
  other = std::max(0.0, MachineBusyCpu() - machine_ - skatd - postgres - self);
}

PeakSampler::PeakSampler(pid_t pid)
    : thread_([this, pid] {
        while (sampling_) {
          threads_most_ = std::max(threads_most_.load(), StatusKb(pid, "Threads"));
          rss_peak_kb_ = std::max(rss_peak_kb_.load(), StatusKb(pid, "VmRSS"));
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
      }) {}

void PeakSampler::Stop() {
  sampling_ = false;
  if (thread_.joinable()) thread_.join();
}

std::string PsqlPath() {
  const char* dir = std::getenv("SKAT_PG_BIN_DIR");
  return std::string(dir != nullptr && *dir ? dir : "/usr/lib/postgresql/15/bin") + "/psql";
}

// One query through psql (this program keeps libpqxx out, as the store owns it): the text of the
// first row, fields separated by '|'; empty on failure.
std::string Psql(const std::string& url, const std::string& sql) {
  const std::string command = PsqlPath() + " '" + url + "' -AtX -c \"" + sql + "\" 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  char buffer[4096];
  std::string out;
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::vector<double> Fields(const std::string& row) {
  std::vector<double> out;
  std::stringstream in(row);
  std::string f;
  while (std::getline(in, f, '|')) out.push_back(std::atof(f.c_str()));
  return out;
}

std::string SkatdProcess::Start(const SkatdOptions& o, const std::string& url,
                                const fs::path& dir) {
  const fs::path port_file = dir / "skatd.port";
  const fs::path http_port_file = dir / "skatd.http-port";
  log_ = (dir / "skatd.log").string();
  std::vector<std::string> args = {
      o.binary,      "--services",  o.services,         "--database-url", url,        "--listen",
      "127.0.0.1:0", "--port-file", port_file.string(), "--server-id",    o.server_id};
  auto add = [&](const char* flag, const std::string& value) {
    args.push_back(flag);
    args.push_back(value);
  };
  add("--lease-ms", std::to_string(o.lease_ms));
  add("--db-connections", std::to_string(o.db_connections));
  add("--max-streams-per-peer", std::to_string(o.max_streams_per_peer));
  add("--max-streams", std::to_string(o.max_streams));
  if (o.http) {
    add("--http-listen", "127.0.0.1:0");
    add("--http-port-file", http_port_file.string());
    add("--http-max-connections-per-client", std::to_string(o.http_max_connections_per_client));
  }
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives the bench
    if (freopen(log_.c_str(), "a", stderr) == nullptr) _exit(126);
    execv(o.binary.c_str(), argv.data());
    _exit(127);
  }
  auto read_port = [](const fs::path& file) {
    std::ifstream in(file);
    int port = 0;
    return in >> port && port > 0 ? port : 0;
  };
  for (int i = 0; i < 3000; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return "skatd exited at start; see " + log_;
    }
    const int port = read_port(port_file);
    // skatd writes the web side's port file before the gRPC one.
    const int http_port = o.http ? read_port(http_port_file) : 0;
    if (port > 0 && (!o.http || http_port > 0)) {
      address_ = "127.0.0.1:" + std::to_string(port);
      http_port_ = http_port;
      return "";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "skatd did not start within 30 s; see " + log_;
}

int SkatdProcess::Stop(struct rusage* usage) {
  if (pid_ <= 0) return 0;
  kill(pid_, SIGTERM);
  int status = 0;
  struct rusage ignored {};
  wait4(pid_, &status, 0, usage != nullptr ? usage : &ignored);
  pid_ = -1;
  return status;
}

std::string SkatdProcess::Describe() const {
  return "skatd pid " + std::to_string(pid_) + ", gRPC " + address_ +
         (http_port_ > 0 ? ", HTTP 127.0.0.1:" + std::to_string(http_port_) : "") + "; log " + log_;
}

std::shared_ptr<grpc::Channel> NewChannel(const std::string& address, int id) {
  grpc::ChannelArguments args;
  args.SetInt("skat.bench.connection", id);  // distinct arguments: a connection of its own
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

std::unique_ptr<grpc::ClientContext> Context(const std::string& token, int deadline_s) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(deadline_s));
  return context;
}

// Keeps `inflight` chains of asynchronous calls going for `seconds`: `call(done)` starts one call
// and runs done(ok) when it completes. Calls per second (0 on a failed call).
double ClosedLoop(int inflight, double seconds,
                  const std::function<void(int chain, std::function<void(bool)> done)>& call) {
  std::mutex mutex;
  std::condition_variable idle;
  int running = inflight;
  std::atomic<bool> stop{false};
  std::atomic<bool> failed{false};
  std::atomic<long> calls{0};
  std::function<void(int)> next = [&](int chain) {
    call(chain, [&, chain](bool ok) {
      if (!ok) failed = true;
      ++calls;
      if (stop || failed) {
        std::lock_guard lock(mutex);
        if (--running == 0) idle.notify_all();
        return;
      }
      next(chain);
    });
  };
  const auto start = Clock::now();
  for (int i = 0; i < inflight; ++i) next(i);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  std::unique_lock lock(mutex);
  idle.wait(lock, [&] { return running == 0; });
  const double elapsed = Seconds(Clock::now() - start);
  return failed ? 0 : calls / elapsed;
}

double RateOver(const std::atomic<long>& calls, double seconds) {
  const long calls_0 = calls;
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const long n = calls - calls_0;
  return n / Seconds(Clock::now() - start);
}

// Runs `measure` (returning calls/s) and charges the CPU seconds `cpu()` grew by to its calls.
Ceiling Measure(const std::function<double()>& cpu, const std::function<double()>& measure) {
  const double before = cpu();
  const auto start = Clock::now();
  Ceiling c;
  c.rate = measure();
  const double calls = c.rate * Seconds(Clock::now() - start);
  c.cpu_us = calls > 0 ? 1e6 * (cpu() - before) / calls : 0;
  return c;
}

long TreeHwmKb(pid_t root) {
  long total = std::max(0L, StatusKb(root, "VmHWM"));
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    double cpu = 0;
    pid_t parent = 0;
    const pid_t pid = static_cast<pid_t>(std::atol(name.c_str()));
    if (CpuOf(pid, &cpu, &parent) && parent == root) total += std::max(0L, StatusKb(pid, "VmHWM"));
  }
  return total;
}

Ceiling CommitCeiling(const std::string& url, int threads, double seconds, pid_t postmaster,
                      std::string& error) {
  Result<std::unique_ptr<store::Store>> connected = store::Store::Connect(url, threads);
  if (!connected.ok()) {
    error = "store: " + connected.status().ToString();
    return {};
  }
  std::unique_ptr<store::Store> store = std::move(connected).value();
  auto commits = [&] {
    std::atomic<long> n{0};
    std::atomic<bool> stop{false}, failed{false};
    std::vector<std::thread> workers;
    const auto start = Clock::now();
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&] {
        store::EventRecord event;
        event.name = "commit ceiling";
        event.profile = "nasl-1909";
        event.director_token_sha256 = Sha256Hex(NewToken());
        while (!stop) {
          event.id = NewId("ev-");
          if (!store->CreateEvent(event).ok()) failed = true;
          ++n;
        }
      });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (std::thread& w : workers) w.join();
    if (failed) error = "a commit of the ceiling failed";
    return failed ? 0.0 : n / Seconds(Clock::now() - start);
  };
  return Measure([&] { return postmaster > 0 ? TreeCpu(postmaster) : 0.0; }, commits);
}

Ceiling HealthCeiling(const std::string& address, pid_t skatd, int inflight, double seconds) {
  // The channel, stub and request outlive every call's completion (each callback holds them).
  struct Health {
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<grpc::GenericStub> stub;
    grpc::ByteBuffer request;
  };
  auto health = std::make_shared<Health>();
  health->channel = NewChannel(address, -2);
  health->stub = std::make_unique<grpc::GenericStub>(health->channel);
  grpc::Slice empty("");
  health->request = grpc::ByteBuffer(&empty, 1);  // HealthCheckRequest{service: ""}
  auto call = [health](int, std::function<void(bool)> done) {
    auto context = std::make_shared<grpc::ClientContext>();
    auto response = std::make_shared<grpc::ByteBuffer>();
    health->stub->UnaryCall(context.get(), "/grpc.health.v1.Health/Check", grpc::StubOptions(),
                            &health->request, response.get(),
                            [health, context, response, done](grpc::Status s) { done(s.ok()); });
  };
  const Ceiling c = Measure([&] { return ProcessCpu(skatd); },
                            [&] { return ClosedLoop(inflight, seconds, call); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the last callbacks return
  return c;
}

std::string OpenDatabase(const std::string& database_url, const std::string& prefix, Database& db) {
  if (!database_url.empty()) {
    db.url = database_url;
  } else if (const char* server = std::getenv("SKAT_TEST_DATABASE_URL");
             server != nullptr && *server != '\0') {
    db.server_url = server;
    std::random_device random;
    db.throwaway =
        "skat_load_" + std::to_string(getpid()) + "_" + std::to_string(random() % 1000000000);
    if (Status s = store::CreateDatabase(db.server_url, db.throwaway); !s.ok()) {
      db.throwaway.clear();
      return "cannot create the throwaway database: " + s.ToString();
    }
    db.url = store::UrlWithDatabase(db.server_url, db.throwaway);
  } else {
    std::string dir = "/tmp/" + prefix + "-XXXXXX";
    if (mkdtemp(dir.data()) == nullptr) return "mkdtemp failed";
    db.temp_dir = dir;
    store::EmbeddedPostgres::Options options;
    options.fast_for_tests = true;  // initdb --no-sync only; the server keeps fsync on
    Result<store::EmbeddedPostgres> pg = store::EmbeddedPostgres::Start(db.temp_dir, options);
    if (!pg.ok()) return "embedded PostgreSQL: " + pg.status().ToString();
    db.embedded.emplace(std::move(pg).value());
    db.url = db.embedded->url();
  }
  // The postmaster: the parent of the server's checkpointer.
  const std::string row =
      Psql(db.url, "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'");
  double cpu = 0;
  pid_t parent = 0;
  if (!row.empty() && CpuOf(static_cast<pid_t>(std::atol(row.c_str())), &cpu, &parent)) {
    db.postmaster = parent;
  }
  return "";
}

void CloseDatabase(Database& db) {
  if (!db.throwaway.empty()) {
    if (Status s = store::DropDatabase(db.server_url, db.throwaway); !s.ok()) {
      std::cerr << "drop " << db.throwaway << ": " << s.ToString() << "\n";
    }
  }
  if (db.embedded) {
    (void)db.embedded->Stop();
    std::error_code ec;
    fs::remove_all(db.embedded->socket_dir(), ec);
    fs::remove_all(db.temp_dir, ec);
  }
}

Percentiles Summarize(std::vector<uint32_t> us) {
  Percentiles p;
  if (us.empty()) return p;
  std::sort(us.begin(), us.end());
  p.p50 = QuantileMs(us, 0.50);
  p.p90 = QuantileMs(us, 0.90);
  p.p99 = QuantileMs(us, 0.99);
  p.max = us.back() / 1000.0;
  double sum = 0;
  for (uint32_t x : us) sum += x;
  p.mean = sum / us.size() / 1000.0;
  return p;
}
}  // namespace skat::service::load
