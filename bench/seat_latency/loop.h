// seat_latency's HTTP client side (see bench/seat_latency.cc): one epoll loop on one thread that
// drives every connection of the HTTP phase and of the HTTP ceilings.
//   Loop  the thread: connections' events, timers (TimerHeap), and tasks posted from other
//         threads (Post; Sync waits for one). Connections and timers are touched on the loop's
//         thread only.
//   Conn  one connection to 127.0.0.1:port (blocking connect, then non-blocking): Write queues
//         bytes; the replies come through its HttpReader to on_data and on_end; on_closed says
//         why it ended without a reply's end. A reply that announces "Connection: close" closes
//         it before on_end runs, so that on_end's next request reopens it.
#ifndef SKAT_BENCH_SEAT_LATENCY_LOOP_H_
#define SKAT_BENCH_SEAT_LATENCY_LOOP_H_

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "bench/seat_latency/http_reader.h"
#include "bench/seat_latency/timers.h"

namespace skat::service::seat_latency {

class Loop;

class Conn {
 public:
  explicit Conn(Loop& loop) : loop_(loop) {}
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;
  ~Conn() { Close(); }

  // Empty, or the error.
  std::string Open(int port);
  void Close();
  bool open() const { return fd_ >= 0; }
  void Write(std::string bytes);

  std::function<void(std::string_view data, Clock::time_point at)> on_data;
  std::function<void(Clock::time_point at)> on_end;  // a reply is complete
  // The connection ended without a reply's end (closed by skatd, or an error).
  std::function<void(const std::string& why)> on_closed;
  HttpReader reader;

  // The loop's calls.
  void Readable();
  void Writable();

 private:
  void WantWrite(bool want);
  Loop& loop_;
  int fd_ = -1;
  std::string out_;
  bool want_write_ = false;
};

class Loop {
 public:
  Loop();
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;
  ~Loop();

  // Runs f on the loop (thread-safe).
  void Post(std::function<void()> f);
  // Runs f on the loop and waits for it.
  void Sync(std::function<void()> f);
  // Loop thread only.
  void After(Clock::duration delay, std::function<void()> f) {
    timers_.Add(Clock::now() + delay, std::move(f));
  }
  void ClearTimers() { timers_.Clear(); }
  void Add(int fd, Conn* c);
  void Modify(int fd, Conn* c, bool write);
  void Remove(int fd);
  // CPU seconds of the loop's thread.
  double Cpu();

 private:
  void Run();

  int epoll_ = -1;
  int wake_ = -1;
  std::mutex mutex_;
  std::vector<std::function<void()>> posted_;
  TimerHeap timers_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_LOOP_H_
