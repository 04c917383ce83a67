// A per-client rate limit: a token bucket for each client address. A client may make `burst`
// calls at once; its bucket then refills at `per_minute` calls a minute, up to `burst` again.
// The client is its gRPC peer without the port (PeerAddress): every connection from one host
// shares one bucket, and so do all clients behind one proxy or load balancer. Thread-safe.
//
// Memory: a bucket that has refilled completely is the same as none, so such buckets are dropped
// whenever more than kPrunePeers are kept; what stays are the clients of about the last
// burst / per_minute minutes that used the limit.
#ifndef SKAT_SERVICES_COMMON_RATE_LIMIT_H_
#define SKAT_SERVICES_COMMON_RATE_LIMIT_H_

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "engine/status.h"
#include "services/common/peer.h"

namespace skat::service {

struct RateLimit {
  int burst = 20;       // calls at once, >= 1
  int per_minute = 10;  // refill, >= 1
};

// What PeerRateLimiter::Take answers.
struct RateDecision {
  // OK, or kResourceExhausted with a message that says the limit and in how many seconds the
  // next call is allowed.
  Status status;
  // On a refusal, those seconds (>= 1; rounded up): the wait a client reads from the reply's
  // "retry-after" (services/common/grpc_status.h ToGrpcRetryAfter). 0 when OK.
  std::chrono::seconds retry_after{0};
  bool ok() const { return status.ok(); }
};

class PeerRateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr size_t kPrunePeers = 10000;

  // `what` names the calls in the refusal, e.g. "events created".
  PeerRateLimiter(RateLimit limit, std::string what) : limit_(limit), what_(std::move(what)) {}

  // Takes one call from the bucket of `address` (PeerAddress), or refuses it (RateDecision).
  RateDecision Take(const std::string& address, Clock::time_point now = Clock::now());
  // Gives back one call Take took from the bucket of `address` that is not to count (a right
  // table code: table_auth.h TableCodeCaller); the bucket never holds more than `burst`.
  void GiveBack(const std::string& address, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point at;  // when `tokens` was counted
  };
  // The tokens of a bucket at `now`, refilled since it was counted.
  double TokensAt(const Bucket& bucket, Clock::time_point now) const;

  const RateLimit limit_;
  const std::string what_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_RATE_LIMIT_H_
