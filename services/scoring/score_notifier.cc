#include "services/scoring/score_notifier.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <vector>

#include "services/store/store.h"

namespace skat::service {

ScoreNotifier::ScoreNotifier(std::string database_url) : url_(std::move(database_url)) {
  listener_thread_ = std::thread([this] { Listen(); });
}

ScoreNotifier::~ScoreNotifier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  listener_thread_.join();
}

uint64_t ScoreNotifier::VersionLocked(const std::string& event_id) const {
  auto it = versions_.find(event_id);
  return reconnects_ + (it == versions_.end() ? 0 : it->second);
}

uint64_t ScoreNotifier::Version(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  return VersionLocked(event_id);
}

void ScoreNotifier::SetListener(Listener listener) {
  std::lock_guard lock(listener_mutex_);
  listener_ = std::move(listener);
}

void ScoreNotifier::Tell(const std::vector<std::string>& events, bool every_event) {
  std::lock_guard lock(listener_mutex_);
  if (listener_) listener_(events, every_event);
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
        stop_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; });
        continue;
      }
      listener = std::move(opened).value();
      reported = false;
      {
        std::lock_guard lock(mutex_);
        ++reconnects_;  // anything may have changed while nobody listened
      }
      Tell({}, true);
    }
    Result<std::vector<std::string>> events = listener->Await(250);
    if (!events.ok()) {
      listener.reset();
      continue;
    }
    if (events->empty()) continue;
    {
      std::lock_guard lock(mutex_);
      for (const std::string& e : *events) ++versions_[e];
    }
    Tell(*events, false);
  }
}

}  // namespace skat::service
