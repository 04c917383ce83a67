// What the watching thread of `skat play` hands to its main thread (play_session.h): the seat's
// views and, on the fixed screen, the seat clients' notes, through a queue and a pipe that the
// main thread waits on with poll().
#ifndef SKAT_SERVICES_CLI_PLAY_PLAY_INBOX_H_
#define SKAT_SERVICES_CLI_PLAY_PLAY_INBOX_H_

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "services/cli/seat/seat_client.h"

namespace skat::cli {

// Views (and, on the fixed screen, the seat clients' notes) from the watching thread to the main
// thread.
class Inbox {
 public:
  Inbox() {
    if (pipe(fds_) != 0) {
      fds_[0] = fds_[1] = -1;
      return;
    }
    fcntl(fds_[0], F_SETFL, fcntl(fds_[0], F_GETFL) | O_NONBLOCK);  // Take drains it
  }
  ~Inbox() {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  bool ok() const { return fds_[0] >= 0; }
  int fd() const { return fds_[0]; }
  void Push(const v1::SeatUpdate& u) {
    {
      std::lock_guard lock(mutex_);
      updates_.push_back(u);
    }
    Wake();
  }
  void Note(const std::string& line) {
    {
      std::lock_guard lock(mutex_);
      notes_.push_back(line);
    }
    Wake();
  }
  void End(CallResult result) {
    {
      std::lock_guard lock(mutex_);
      ended_ = std::move(result);
    }
    Wake();
  }
  // Everything that arrived; `ended` is set once the watching stopped.
  std::vector<v1::SeatUpdate> Take(std::optional<CallResult>& ended,
                                   std::vector<std::string>& notes) {
    char buffer[256];
    while (read(fds_[0], buffer, sizeof buffer) > 0) {
    }
    std::lock_guard lock(mutex_);
    std::vector<v1::SeatUpdate> out(updates_.begin(), updates_.end());
    updates_.clear();
    notes.assign(notes_.begin(), notes_.end());
    notes_.clear();
    ended = ended_;
    return out;
  }

 private:
  void Wake() {
    const char byte = 1;
    while (write(fds_[1], &byte, 1) < 0 && errno == EINTR) {
    }
  }
  int fds_[2];
  std::mutex mutex_;
  std::deque<v1::SeatUpdate> updates_;
  std::deque<std::string> notes_;
  std::optional<CallResult> ended_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_PLAY_INBOX_H_
