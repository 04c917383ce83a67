#include "services/skatd/database_supervisor.h"

#include <algorithm>
#include <iostream>
#include <utility>

namespace skat::service {

DatabaseSupervisor::DatabaseSupervisor(store::Store& store, store::EmbeddedPostgres* embedded,
                                       std::function<void(bool)> set_serving, Options options)
    : store_(store),
      embedded_(embedded),
      set_serving_(std::move(set_serving)),
      options_(options),
      thread_([this] { Run(); }) {}

DatabaseSupervisor::~DatabaseSupervisor() { Stop(); }

void DatabaseSupervisor::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void DatabaseSupervisor::Run() {
  for (;;) {
    Check();
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, options_.interval, [&] { return stopping_; })) return;
  }
}

void DatabaseSupervisor::Check() {
  if (embedded_ != nullptr && !embedded_->Running()) {
    SetServing(false, "the embedded PostgreSQL in " + embedded_->data_dir() + " is not running");
    if (Clock::now() >= next_restart_) RestartEmbedded();
    if (!embedded_->Running()) return;
  }
  const Status ping = store_.Ping();
  const Clock::time_point now = Clock::now();
  if (!ping.ok()) {
    SetServing(false, ping.message());
    return;
  }
  if (!serving_) answering_since_ = now;
  SetServing(true, "the database answers");
  if (now - answering_since_ >= options_.stable) backoff_ = std::chrono::milliseconds(0);
}

void DatabaseSupervisor::RestartEmbedded() {
  ++restarts_;
  const std::string url = embedded_->url();
  std::cerr << "skatd: restart " << restarts_ << " of the embedded PostgreSQL in "
            << embedded_->data_dir() << ": no live server in pg/postmaster.pid\n";
  const Status status = embedded_->Restart();
  backoff_ =
      backoff_.count() == 0 ? options_.min_backoff : std::min(backoff_ * 2, options_.max_backoff);
  next_restart_ = Clock::now() + backoff_;
  if (!status.ok()) {
    std::cerr << "skatd: restart " << restarts_
              << " of the embedded PostgreSQL failed: " << status.message()
              << "\nskatd: next restart in " << backoff_.count() << " ms\n";
    return;
  }
  std::cerr << "skatd: restart " << restarts_ << " of the embedded PostgreSQL: "
            << (embedded_->adopted() ? "a server runs there again (adopted)" : "started") << "\n";
  if (embedded_->url() != url) {
    std::cerr << "skatd: the restarted PostgreSQL listens at another socket than before; the "
                 "connections skatd opens still use the old one: restart skatd\n";
  }
}

void DatabaseSupervisor::SetServing(bool serving, const std::string& why) {
  if (known_ && serving == serving_) return;
  if (known_ || !serving) {
    std::cerr << "skatd: health " << (serving ? "SERVING" : "NOT_SERVING") << ": " << why << "\n";
  }
  known_ = true;
  serving_ = serving;
  set_serving_(serving);
}

}  // namespace skat::service
