// seat_latency's phase (see bench/seat_latency.cc): the given tables played by bots at every seat
// through one door. Every seat opens its stream (gRPC: a channel of its own, ids from
// `channel_base`; HTTP: two connections on the Loop), and the clock starts when every stream has
// delivered its first view; then the seats play until every stream has seen its table finished.
// Measured meanwhile: the seats' times (TableTrack), the CPU of skatd, of this run's PostgreSQL
// backends, of this process and its loop thread and of the machine's other processes, and
// skatd's memory and threads. The seats are gone when RunPhase returns (or leaked, if a callback
// could still come).
#ifndef SKAT_BENCH_SEAT_LATENCY_PHASE_H_
#define SKAT_BENCH_SEAT_LATENCY_PHASE_H_

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/seat_latency/loop.h"
#include "bench/seat_latency/track.h"

namespace skat::service::seat_latency {

// An online table: its name and its seats' tokens.
struct TableSeats {
  std::string name;
  std::array<std::string, kChairs> tokens;
};

// What a phase plays against.
struct Env {
  std::string grpc_address;
  int http_port = 0;
  pid_t skatd = -1;
  std::string database_url;
  Loop* loop = nullptr;
};

struct Phase {
  std::string error;
  long acts = 0;
  double wall = 0;
  double streams_s = 0;  // until every seat had its first view
  std::vector<uint32_t> act_us;
  std::vector<int64_t> ack_view_us, send_view_us, own_view_us;
  long unresolved = 0, mismatched = 0, reopened = 0;
  int backends = 0;  // skatd's PostgreSQL connections
  double skatd_cpu = 0, pg_cpu = 0, self_cpu = 0, other_cpu = 0, loop_cpu = 0;  // seconds
  long rss_streams_kb = 0, threads_streams = 0;
  long rss_peak_kb = 0, hwm_kb = 0, threads_most = 0, threads_end = 0;
};

// `http`: the HTTP door, else gRPC. `think_ms`: the seats' thinking, uniform 0..think_ms ms.
Phase RunPhase(const Env& env, bool http, const std::vector<TableSeats>& tables, int think_ms,
               uint64_t seed, int channel_base);

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_PHASE_H_
