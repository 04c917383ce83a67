// The blocks a server-sent-event stream has not yet written to its client (docs/web.md
// "Limits"): bounded in bytes per stream and over all streams of the server. A stream whose
// messages each replace the one before (WatchStandings: the whole standings every time) keeps
// only the newest waiting message, so a reader that lags sees the latest state, never a backlog.
// A stream whose every message counts (WatchSeat) ends when its reader lags by more than the
// bound. Not thread-safe: one stream's queue lives on its connection's strand; the shared budget
// is atomic.
#ifndef SKAT_SERVICES_WEB_EVENT_QUEUE_H_
#define SKAT_SERVICES_WEB_EVENT_QUEUE_H_

#include <atomic>
#include <cstddef>
#include <deque>
#include <memory>
#include <string>

namespace skat::web {

// Bytes waiting in every stream of a server, against one bound.
class QueuedBytes {
 public:
  explicit QueuedBytes(size_t limit) : limit_(limit) {}
  bool Take(size_t bytes);
  void Give(size_t bytes) { used_.fetch_sub(bytes); }
  size_t used() const { return used_.load(); }

 private:
  const size_t limit_;
  std::atomic<size_t> used_{0};
};

class EventQueue {
 public:
  EventQueue(std::shared_ptr<QueuedBytes> budget, size_t limit, bool newest_only);
  ~EventQueue();
  EventQueue(const EventQueue&) = delete;
  EventQueue& operator=(const EventQueue&) = delete;

  // A message block. False when it does not fit in this stream's or the server's bound (the
  // stream must end); with newest_only it first replaces every message still waiting.
  bool PushMessage(std::string block);
  // A keep-alive comment or the end: small, kept always, never replaced.
  void PushControl(std::string block);

  bool empty() const { return blocks_.empty(); }
  std::string Pop();
  size_t bytes() const { return bytes_; }

 private:
  struct Block {
    std::string text;
    bool message = false;
  };
  void Release(size_t bytes);

  std::shared_ptr<QueuedBytes> budget_;
  const size_t limit_;
  const bool newest_only_;
  std::deque<Block> blocks_;
  size_t bytes_ = 0;
};

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_EVENT_QUEUE_H_
