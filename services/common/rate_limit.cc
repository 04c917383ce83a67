#include "services/common/rate_limit.h"

#include <algorithm>
#include <cmath>

namespace skat::service {

double PeerRateLimiter::TokensAt(const Bucket& bucket, Clock::time_point now) const {
  const double minutes = std::chrono::duration<double, std::ratio<60>>(now - bucket.at).count();
  return std::min<double>(limit_.burst, bucket.tokens + std::max(0.0, minutes) * limit_.per_minute);
}

RateDecision PeerRateLimiter::Take(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() > kPrunePeers) {
    std::erase_if(buckets_,
                  [&](const auto& entry) { return TokensAt(entry.second, now) >= limit_.burst; });
  }
  auto [it, added] =
      buckets_.try_emplace(address, Bucket{.tokens = double(limit_.burst), .at = now});
  Bucket& bucket = it->second;
  bucket.tokens = TokensAt(bucket, now);
  bucket.at = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return RateDecision{};
  }
  const double wait_seconds = (1 - bucket.tokens) * 60.0 / limit_.per_minute;
  const int64_t retry_after = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(wait_seconds)));
  return RateDecision{
      .status = Status::ResourceExhausted(
          "too many " + what_ + " from " + address + ": at most " + std::to_string(limit_.burst) +
          " at once, then " + std::to_string(limit_.per_minute) + " a minute; retry in " +
          std::to_string(retry_after) + " s"),
      .retry_after = std::chrono::seconds(retry_after)};
}

void PeerRateLimiter::GiveBack(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(address);
  if (it == buckets_.end()) return;
  Bucket& bucket = it->second;
  bucket.tokens = std::min<double>(limit_.burst, TokensAt(bucket, now) + 1);
  bucket.at = now;
}

}  // namespace skat::service
