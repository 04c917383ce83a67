// StreamLimits: how many server streams (ScoringService.WatchStandings, TableService.WatchSeat)
// may be open at once, per peer and in all. Every open stream holds a place (a StreamPlace) from
// its start until gRPC is done with it; a stream that finds no place is answered
// RESOURCE_EXHAUSTED with a message naming the limit and the skatd flag that sets it
// (docs/deployment.md "Environment variables": --max-streams-per-peer, --max-streams).
//
// A peer is the client's address without its port (PeerAddress), so every connection of one
// machine counts against the same per-peer limit; on a Unix socket every client is one peer.
// Thread-safe.
#ifndef SKAT_SERVICES_COMMON_STREAM_LIMITS_H_
#define SKAT_SERVICES_COMMON_STREAM_LIMITS_H_

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/status.h"
#include "services/common/peer.h"

namespace skat::service {

struct StreamLimitsOptions {
  int per_peer = 64;  // skatd --max-streams-per-peer
  int total = 20000;  // skatd --max-streams
};

class StreamLimits;

// One open stream's place; given back when destroyed or Release()d. Movable, not copyable.
class StreamPlace {
 public:
  StreamPlace() = default;
  StreamPlace(StreamPlace&& other) noexcept;
  StreamPlace& operator=(StreamPlace&& other) noexcept;
  StreamPlace(const StreamPlace&) = delete;
  StreamPlace& operator=(const StreamPlace&) = delete;
  ~StreamPlace() { Release(); }

  void Release();

 private:
  friend class StreamLimits;
  StreamPlace(std::shared_ptr<StreamLimits> limits, std::string peer)
      : limits_(std::move(limits)), peer_(std::move(peer)) {}

  std::shared_ptr<StreamLimits> limits_;  // null: holds no place
  std::string peer_;
};

class StreamLimits : public std::enable_shared_from_this<StreamLimits> {
 public:
  // Limits below 1 count as 1.
  static std::shared_ptr<StreamLimits> Make(StreamLimitsOptions options = {});

  // A place for one more stream of `peer` (a gRPC peer string, context->peer()), or
  // kResourceExhausted when the peer or the server is at its limit.
  Result<StreamPlace> Acquire(std::string_view peer);

  // Open streams now (tests, monitoring).
  size_t open() const;
  size_t open(std::string_view peer) const;
  const StreamLimitsOptions& options() const { return options_; }

 private:
  friend class StreamPlace;
  explicit StreamLimits(StreamLimitsOptions options);
  void Give(const std::string& address);

  const StreamLimitsOptions options_;
  mutable std::mutex mutex_;
  std::map<std::string, int, std::less<>> by_peer_;  // peer address -> open streams (> 0)
  size_t open_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_STREAM_LIMITS_H_
