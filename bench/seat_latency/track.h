// seat_latency's bookkeeping (see bench/seat_latency.cc): what the seats of a phase share (the
// bots' settings, the counts the phase waits on, the first error), and per table the acts in
// flight and the views its seats received, from which come the measured times: for every act
// answered and seen by every seat, answer -> each other seat's view, send -> the same view,
// answer -> the actor's own view, and send -> answer. Thread-safe.
#ifndef SKAT_BENCH_SEAT_LATENCY_TRACK_H_
#define SKAT_BENCH_SEAT_LATENCY_TRACK_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "bench/load_common.h"
#include "bench/load_tables.h"

namespace skat::service::seat_latency {

using load::Clock;

constexpr int kChairs = 3;

using Position = std::pair<int, int>;  // (board index, act count)

// What the seats of a phase share.
struct PhaseShared : load::BotsShared {
  int think_ms = 0;
  std::atomic<int> table_finished{0};  // seats that saw their table finished
  std::atomic<int> ended{0};           // seats whose stream ended (either way)
};

// One table's acts in flight and the views its seats received; the measured times.
class TableTrack {
 public:
  // The actor sends an act on a view at `key` minus one act.
  void Sent(int actor, Position key, Clock::time_point sent);
  // A seat received a view at `position`.
  void Seen(int chair, Position position, Clock::time_point at);
  // The actor's answer: ok with the act's place, or refused.
  void Answered(int actor, bool ok, Position key, Clock::time_point at);
  long unresolved();
  long mismatched();

  // Read after the phase.
  std::vector<int64_t> ack_view_us, send_view_us;
  std::vector<int64_t> own_view_us;  // answer -> the actor's own view
  std::vector<uint32_t> act_us;

 private:
  struct Pending {
    Position key;
    int actor = 0;
    Clock::time_point sent, acked;
    bool answered = false;
    std::array<bool, kChairs> saw{};
    std::array<Clock::time_point, kChairs> seen{};
  };

  // Records every act answered and seen by all other seats.
  void Resolve();

  std::mutex mutex_;
  std::vector<Pending> pending_;
  long mismatched_ = 0;
};

// Percentiles of signed microseconds (a view may arrive before the actor's answer).
struct SignedPercentiles {
  double p50 = 0, p99 = 0, max = 0, min = 0;  // ms
  double negative = 0;                        // share below zero
  size_t n = 0;
};
SignedPercentiles SummarizeSigned(std::vector<int64_t> us);

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_TRACK_H_
