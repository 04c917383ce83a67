#include "services/cli/arena/arena_progress.h"

#include <cstdio>
#include <iostream>

namespace skat::cli {

namespace {
constexpr std::chrono::seconds kProgressEvery{2};
}  // namespace

ArenaProgress::ArenaProgress(int total, bool quiet)
    : total_(total), start_(std::chrono::steady_clock::now()) {
  if (quiet) return;
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, kProgressEvery, [this] { return stopped_; })) Print();
  });
}

ArenaProgress::~ArenaProgress() { Stop(); }

void ArenaProgress::Set(int done, std::string detail) {
  done_.store(done);
  std::lock_guard lock(mutex_);
  detail_ = std::move(detail);
}

void ArenaProgress::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ArenaProgress::Print() {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const int done = done_.load();
  char line[160];
  std::snprintf(line, sizeof line, "skat arena: %d/%d boards, %.1f boards/s, %.0f s", done, total_,
                seconds > 0 ? done / seconds : 0.0, seconds);
  std::cerr << line << (detail_.empty() ? "" : ", " + detail_) << std::endl;
}

}  // namespace skat::cli
