// The progress of a `skat arena` match on stderr: every two seconds one line with the boards
// done and the boards per second so far, while the match plays. Silent when quiet.
#ifndef SKAT_SERVICES_CLI_ARENA_ARENA_PROGRESS_H_
#define SKAT_SERVICES_CLI_ARENA_ARENA_PROGRESS_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace skat::cli {

class ArenaProgress {
 public:
  // total: the boards of the match.
  ArenaProgress(int total, bool quiet);
  ~ArenaProgress();  // Stop()
  ArenaProgress(const ArenaProgress&) = delete;
  ArenaProgress& operator=(const ArenaProgress&) = delete;

  // Boards done so far (any thread). `detail` is added to the line (e.g. the games done).
  void Set(int done, std::string detail = "");
  void Add() { done_.fetch_add(1); }
  // Ends the reporting thread; no line after it.
  void Stop();

 private:
  void Print();

  const int total_;
  const std::chrono::steady_clock::time_point start_;
  std::atomic<int> done_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string detail_;
  bool stopped_ = false;
  std::thread thread_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_ARENA_ARENA_PROGRESS_H_
