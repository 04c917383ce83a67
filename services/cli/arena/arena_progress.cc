#include "services/cli/arena/arena_progress.h"

#include <cstdio>
#include <iostream>

#include "services/cli/i18n/tr.h"

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
  char rate[32], elapsed[32];
  std::snprintf(rate, sizeof rate, "%.1f", seconds > 0 ? done / seconds : 0.0);
  std::snprintf(elapsed, sizeof elapsed, "%.0f", seconds);
  std::cerr << "skat arena: "
            << Tr("{0}/{1} boards, {2} boards/s, {3} s", done, total_, rate, elapsed)
            << (detail_.empty() ? "" : ", " + detail_) << std::endl;
}

}  // namespace skat::cli
