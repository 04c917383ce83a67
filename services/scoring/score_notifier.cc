#include "services/scoring/score_notifier.h"

#include <iostream>
#include <memory>
#include <vector>

#include "services/store/store.h"

namespace skat::service {

ScoreNotifier::ScoreNotifier(std::string database_url) : url_(std::move(database_url)) {
  listener_ = std::thread([this] { Listen(); });
}

ScoreNotifier::~ScoreNotifier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  listener_.join();
}

uint64_t ScoreNotifier::VersionLocked(const std::string& event_id) const {
  auto it = versions_.find(event_id);
  return reconnects_ + (it == versions_.end() ? 0 : it->second);
}

uint64_t ScoreNotifier::Version(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  return VersionLocked(event_id);
}

uint64_t ScoreNotifier::WaitForChange(const std::string& event_id, uint64_t seen,
                                      std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return stopping_ || VersionLocked(event_id) != seen; });
  return VersionLocked(event_id);
}

void ScoreNotifier::Listen() {
  std::unique_ptr<store::ScoreListener> listener;
  bool reported = false;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    if (listener == nullptr) {
      Result<std::unique_ptr<store::ScoreListener>> opened = store::ScoreListener::Open(url_);
      if (!opened.ok()) {
        if (!reported) std::cerr << "skatd: " << opened.status().message() << " (retrying)\n";
        reported = true;
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; });
        continue;
      }
      listener = std::move(opened).value();
      reported = false;
      std::lock_guard lock(mutex_);
      ++reconnects_;  // anything may have changed while nobody listened
      changed_.notify_all();
    }
    Result<std::vector<std::string>> events = listener->Await(250);
    if (!events.ok()) {
      listener.reset();
      continue;
    }
    if (events->empty()) continue;
    std::lock_guard lock(mutex_);
    for (const std::string& e : *events) ++versions_[e];
    changed_.notify_all();
  }
}

}  // namespace skat::service
