// What a `skat bot` process measured (docs/performance.md "The 1909 congress"): acknowledged acts,
// the latency of each act as the seat saw it (SendAct, retries included) in a log-linear histogram,
// and seats whose table finished. Thread-safe and lock-free: every seat records into it at once.
// The stats file (`skat bot --stats FILE`) is plain text, one "key value" per line, so that a
// benchmark can add up several bots' histograms:
//   acts 23400
//   seats 1700            seats given to this process
//   seats_done 850        seats whose table finished
//   wall_seconds 12.5     since the first seat started
//   final 1               0 while playing (the file is rewritten every second), 1 at the end
//   p50_us 3100 / p90_us / p99_us / max_us
//   hist 3072 41          acts with latency in [3072 us, next bucket), ascending
#ifndef SKAT_SERVICES_CLI_SEAT_BOT_STATS_H_
#define SKAT_SERVICES_CLI_SEAT_BOT_STATS_H_

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace skat::cli {

// A latency histogram of microseconds: exact below 64 us, then 32 buckets per power of two
// (about 3 % wide).
class LatencyHistogram {
 public:
  static constexpr int kBuckets = 64 + 27 * 32;
  static int Bucket(uint64_t us);
  static uint64_t Low(int bucket);  // the smallest latency of a bucket

  void Record(uint64_t us);
  void Add(uint64_t low_us, uint64_t count);  // merges a "hist" line
  uint64_t count() const;
  // The latency (a bucket's low end) at quantile q in [0, 1]; 0 when empty.
  uint64_t Quantile(double q) const;
  uint64_t max() const { return max_.load(); }
  // (low_us, count) of the non-empty buckets, ascending.
  std::map<uint64_t, uint64_t> Buckets() const;

 private:
  std::array<std::atomic<uint64_t>, kBuckets> counts_{};
  std::atomic<uint64_t> max_{0};
};

class BotStats {
 public:
  void SetSeats(long seats) { seats_ = seats; }
  // The wall time counts from the first call (later calls do nothing).
  void Start() {
    std::call_once(started_, [this] { start_ = std::chrono::steady_clock::now(); });
  }
  // An act acknowledged now that was sent at `sent`.
  void ActDone(std::chrono::steady_clock::time_point sent) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - sent);
    histogram_.Record(static_cast<uint64_t>(us.count()));
    ++acts_;
  }
  void SeatDone() { ++seats_done_; }

  long acts() const { return acts_; }
  long seats_done() const { return seats_done_; }
  const LatencyHistogram& histogram() const { return histogram_; }

  // The file's text (see the top).
  std::string Text(bool final) const;
  // Writes Text to `path` through a temporary file and a rename (readers never see half a
  // file); false on an I/O error.
  bool Write(const std::string& path, bool final) const;

 private:
  std::atomic<long> acts_{0};
  std::atomic<long> seats_{0};
  std::atomic<long> seats_done_{0};
  std::once_flag started_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  LatencyHistogram histogram_;
};

// A stats file read back: the keys, and the histogram of its "hist" lines. False when unreadable.
struct BotStatsFile {
  std::map<std::string, double> values;
  LatencyHistogram* histogram = nullptr;  // if set, the "hist" lines are added to it
};
bool ReadBotStats(const std::string& path, BotStatsFile& out);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEAT_BOT_STATS_H_
