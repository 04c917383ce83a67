#include "bench/seat_latency/phase.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "bench/seat_latency/grpc_seat.h"
#include "bench/seat_latency/http_seat.h"

namespace skat::service::seat_latency {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks

// The PostgreSQL backends serving this run's database (skatd's pool). The test server is shared,
// and a backend's CPU leaves the postmaster's tree when it exits, so the tree's sum (TreeCpu) is
// not a measure here.
std::vector<pid_t> DatabaseBackends(const std::string& url) {
  std::vector<pid_t> pids;
  for (double pid :
       Fields(Psql(url,
                   "SELECT string_agg(pid::text, '|') FROM pg_stat_activity WHERE datname = "
                   "current_database() AND pid <> pg_backend_pid()"))) {
    if (pid > 0) pids.push_back(static_cast<pid_t>(pid));
  }
  return pids;
}

double BackendsCpu(const std::vector<pid_t>& pids) {
  double cpu = 0;
  for (pid_t pid : pids) cpu += ProcessCpu(pid);
  return cpu;
}

}  // namespace

Phase RunPhase(const Env& env, bool http, const std::vector<TableSeats>& tables, int think_ms,
               uint64_t seed, int channel_base) {
  Phase p;
  PhaseShared shared;
  shared.seed = seed;
  shared.think_ms = think_ms;
  const int seat_count = static_cast<int>(tables.size()) * kChairs;
  std::vector<std::unique_ptr<TableTrack>> tracks;
  for (size_t t = 0; t < tables.size(); ++t) tracks.push_back(std::make_unique<TableTrack>());
  auto timers = std::make_unique<Timers>();
  std::vector<std::unique_ptr<GrpcSeat>> grpc_seats;
  std::vector<std::unique_ptr<HttpSeat>> http_seats;
  std::vector<Seat*> seats;

  // The streams.
  const auto open_start = Clock::now();
  if (!http) {
    for (int i = 0; i < seat_count; ++i) {
      const int t = i / kChairs, c = i % kChairs;
      grpc_seats.push_back(
          std::make_unique<GrpcSeat>(shared, *tracks[t], t, c, tables[t].name, tables[t].tokens[c],
                                     NewChannel(env.grpc_address, channel_base + i), *timers));
      seats.push_back(grpc_seats.back().get());
    }
    for (auto& s : grpc_seats) s->Start();
  } else {
    for (int i = 0; i < seat_count; ++i) {
      const int t = i / kChairs, c = i % kChairs;
      http_seats.push_back(std::make_unique<HttpSeat>(
          shared, *tracks[t], t, c, tables[t].name, tables[t].tokens[c], *env.loop, env.http_port));
      seats.push_back(http_seats.back().get());
    }
    env.loop->Sync([&] {
      for (auto& s : http_seats) s->Start();
    });
  }
  const auto stream_deadline = Clock::now() + std::chrono::seconds(120);
  while (shared.first_views < seat_count && shared.ended == 0 && !shared.failed() &&
         Clock::now() < stream_deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  p.streams_s = Seconds(Clock::now() - open_start);
  if (shared.first_views < seat_count) {
    shared.Fail("only " + std::to_string(shared.first_views.load()) + " of " +
                std::to_string(seat_count) + " streams delivered a first view");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  p.rss_streams_kb = StatusKb(env.skatd, "VmRSS");
  p.threads_streams = StatusKb(env.skatd, "Threads");

  // The play.
  const std::vector<pid_t> backends = DatabaseBackends(env.database_url);
  CpuMeter cpu(env.skatd, [&] { return BackendsCpu(backends); });
  cpu.Start();
  const double loop_0 = env.loop->Cpu();
  PeakSampler peaks(env.skatd);
  const auto start = Clock::now();
  if (!shared.failed()) {
    shared.released = true;
    if (http) {
      env.loop->Post([&] {
        for (auto& s : http_seats) s->Release();
      });
    } else {
      for (auto& s : grpc_seats) s->Release();
    }
  }
  const auto play_deadline = Clock::now() + std::chrono::minutes(30);
  while ((shared.ended < seat_count || shared.in_flight > 0) && !shared.failed() &&
         Clock::now() < play_deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (shared.ended < seat_count || shared.in_flight > 0) {
    shared.Fail("the play did not end within 30 min");
  }
  cpu.Stop();
  p.loop_cpu = env.loop->Cpu() - loop_0;
  p.skatd_cpu = cpu.skatd;
  p.pg_cpu = cpu.postgres;
  p.self_cpu = cpu.self;
  p.other_cpu = cpu.other;
  p.backends = static_cast<int>(backends.size());
  peaks.Stop();
  Clock::time_point end = start;
  for (Seat* s : seats) end = std::max(end, s->finished_at());
  p.wall = Seconds(end - start);
  p.threads_end = StatusKb(env.skatd, "Threads");
  p.threads_most = std::max(peaks.threads_most(), p.threads_end);
  p.rss_peak_kb = std::max(peaks.rss_peak_kb(), p.rss_streams_kb);
  p.hwm_kb = StatusKb(env.skatd, "VmHWM");

  // Every stream ends; no callback or timer may still run when the seats go.
  if (http) {
    env.loop->Sync([&] {
      env.loop->ClearTimers();
      for (auto& s : http_seats) {
        p.reopened += s->reopened();
        s->Close();
      }
    });
  } else {
    for (auto& s : grpc_seats) s->Cancel();
  }
  timers.reset();
  const auto drain_deadline = Clock::now() + std::chrono::seconds(60);
  while ((shared.ended < seat_count || shared.in_flight > 0) && Clock::now() < drain_deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the last callbacks return
  if (shared.ended < seat_count || shared.in_flight > 0) {
    // A callback may still come: keep the seats (a leak rather than a crash).
    for (auto& s : grpc_seats) (void)s.release();
    for (auto& s : http_seats) (void)s.release();
    shared.Fail("streams or acts still open after the phase");
  }
  grpc_seats.clear();
  http_seats.clear();

  p.error = shared.error;
  p.acts = shared.acts;
  for (auto& t : tracks) {
    p.act_us.insert(p.act_us.end(), t->act_us.begin(), t->act_us.end());
    p.ack_view_us.insert(p.ack_view_us.end(), t->ack_view_us.begin(), t->ack_view_us.end());
    p.send_view_us.insert(p.send_view_us.end(), t->send_view_us.begin(), t->send_view_us.end());
    p.own_view_us.insert(p.own_view_us.end(), t->own_view_us.begin(), t->own_view_us.end());
    p.unresolved += t->unresolved();
    p.mismatched += t->mismatched();
  }
  if (p.error.empty() && shared.table_finished < seat_count) {
    p.error = std::to_string(seat_count - shared.table_finished) +
              " seats did not see their table finish";
  }
  if (p.error.empty() && p.mismatched > 0) {
    p.error = std::to_string(p.mismatched) + " acts answered at another place than expected";
  }
  return p;
}

}  // namespace skat::service::seat_latency
