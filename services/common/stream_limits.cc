#include "services/common/stream_limits.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace skat::service {

StreamPlace::StreamPlace(StreamPlace&& other) noexcept
    : limits_(std::move(other.limits_)), peer_(std::move(other.peer_)) {
  other.limits_.reset();
}

StreamPlace& StreamPlace::operator=(StreamPlace&& other) noexcept {
  if (this != &other) {
    Release();
    limits_ = std::move(other.limits_);
    peer_ = std::move(other.peer_);
    other.limits_.reset();
  }
  return *this;
}

void StreamPlace::Release() {
  if (limits_ == nullptr) return;
  std::shared_ptr<StreamLimits> limits = std::move(limits_);
  limits_.reset();
  limits->Give(peer_);
}

std::shared_ptr<StreamLimits> StreamLimits::Make(StreamLimitsOptions options) {
  return std::shared_ptr<StreamLimits>(new StreamLimits(options));
}

StreamLimits::StreamLimits(StreamLimitsOptions options)
    : options_{std::max(1, options.per_peer), std::max(1, options.total)} {}

Result<StreamPlace> StreamLimits::Acquire(std::string_view peer) {
  std::string address = PeerAddress(peer);
  {
    std::lock_guard lock(mutex_);
    if (open_ >= static_cast<size_t>(options_.total)) {
      return Status::ResourceExhausted(
          "the server has " + std::to_string(open_) +
          " streams open, its limit (skatd --max-streams, env SKAT_MAX_STREAMS); "
          "retry later");
    }
    int& mine = by_peer_[address];
    if (mine >= options_.per_peer) {
      return Status::ResourceExhausted(
          address + " has " + std::to_string(mine) +
          " streams open, the limit per client address (skatd "
          "--max-streams-per-peer, env SKAT_MAX_STREAMS_PER_PEER); close one or "
          "retry later");
    }
    ++mine;
    ++open_;
  }
  return StreamPlace(shared_from_this(), std::move(address));
}

void StreamLimits::Give(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = by_peer_.find(address);
  if (it == by_peer_.end()) return;
  if (--it->second <= 0) by_peer_.erase(it);
  --open_;
}

size_t StreamLimits::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

size_t StreamLimits::open(std::string_view peer) const {
  std::lock_guard lock(mutex_);
  auto it = by_peer_.find(PeerAddress(peer));
  return it == by_peer_.end() ? 0 : static_cast<size_t>(it->second);
}

}  // namespace skat::service
