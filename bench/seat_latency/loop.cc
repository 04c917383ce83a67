#include "bench/seat_latency/loop.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <utility>

#include "bench/http_load_client.h"

namespace skat::service::seat_latency {

Loop::Loop() {
  epoll_ = epoll_create1(EPOLL_CLOEXEC);
  wake_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.ptr = nullptr;
  epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &e);
  thread_ = std::thread([this] { Run(); });
}

Loop::~Loop() {
  Post([this] { stop_ = true; });
  thread_.join();
  close(wake_);
  close(epoll_);
}

void Loop::Post(std::function<void()> f) {
  {
    std::lock_guard lock(mutex_);
    posted_.push_back(std::move(f));
  }
  const uint64_t one = 1;
  (void)!write(wake_, &one, sizeof one);
}

void Loop::Sync(std::function<void()> f) {
  std::promise<void> done;
  Post([&] {
    f();
    done.set_value();
  });
  done.get_future().wait();
}

void Loop::Add(int fd, Conn* c) {
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.ptr = c;
  epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &e);
}

void Loop::Modify(int fd, Conn* c, bool write) {
  epoll_event e{};
  e.events = EPOLLIN | (write ? EPOLLOUT : 0u);
  e.data.ptr = c;
  epoll_ctl(epoll_, EPOLL_CTL_MOD, fd, &e);
}

void Loop::Remove(int fd) { epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr); }

double Loop::Cpu() {
  clockid_t id;
  if (pthread_getcpuclockid(thread_.native_handle(), &id) != 0) return 0;
  timespec t{};
  clock_gettime(id, &t);
  return static_cast<double>(t.tv_sec) + t.tv_nsec / 1e9;
}

void Loop::Run() {
  std::vector<epoll_event> events(1024);
  while (!stop_) {
    int timeout = -1;
    if (!timers_.empty()) {
      const auto left = timers_.next() - Clock::now();
      timeout = left <= Clock::duration::zero()
                    ? 0
                    : static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
    }
    const int n = epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), timeout);
    bool woken = false;
    for (int i = 0; i < n; ++i) {
      auto* c = static_cast<Conn*>(events[i].data.ptr);
      if (c == nullptr) {
        woken = true;
        continue;
      }
      if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) c->Readable();
      if (events[i].events & EPOLLOUT) c->Writable();
    }
    while (!timers_.empty() && timers_.next() <= Clock::now()) timers_.Pop()();
    if (woken) {  // after the connections' events: a posted task may destroy connections
      uint64_t count;
      (void)!read(wake_, &count, sizeof count);
      std::vector<std::function<void()>> posted;
      {
        std::lock_guard lock(mutex_);
        posted.swap(posted_);
      }
      for (auto& f : posted) f();
    }
  }
}

std::string Conn::Open(int port) {
  Close();
  reader.Reset();
  std::string error;
  // Blocking connect (loopback: at once), then non-blocking.
  fd_ = load::ConnectLoopback(port, error);
  if (fd_ < 0) return error;
  fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
  loop_.Add(fd_, this);
  return "";
}

void Conn::Close() {
  if (fd_ < 0) return;
  loop_.Remove(fd_);
  close(fd_);
  fd_ = -1;
  out_.clear();
  want_write_ = false;
}

void Conn::WantWrite(bool want) {
  if (want == want_write_ || fd_ < 0) return;
  want_write_ = want;
  loop_.Modify(fd_, this, want);
}

void Conn::Write(std::string bytes) {
  if (fd_ < 0) return;
  out_ += bytes;
  Writable();
}

void Conn::Writable() {
  while (fd_ >= 0 && !out_.empty()) {
    const ssize_t n = send(fd_, out_.data(), out_.size(), MSG_NOSIGNAL);
    if (n > 0) {
      out_.erase(0, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    const std::string e = std::string("send: ") + std::strerror(errno);
    Close();
    if (on_closed) on_closed(e);
    return;
  }
  WantWrite(!out_.empty());
}

void Conn::Readable() {
  if (fd_ < 0) return;
  const auto at = Clock::now();
  char chunk[65536];
  std::string ended;
  while (true) {
    const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
    if (n > 0) {
      reader.buffer.append(chunk, static_cast<size_t>(n));
      if (static_cast<size_t>(n) < sizeof chunk) break;
      continue;
    }
    if (n == 0) {
      ended = "closed by skatd";
      break;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      ended = std::string("recv: ") + std::strerror(errno);
    break;
  }
  // A reply's end is handled after the parse and after a close the reply announced, so that its
  // handler's next request goes out on a connection that stays open.
  int ends = 0;
  const std::string e =
      reader.Parse([&](std::string_view data) { on_data(data, at); }, [&] { ++ends; });
  if (!e.empty()) ended = e;
  const bool idle = !reader.in_body() && reader.buffer.empty();
  if (!ended.empty() || (reader.close() && idle)) Close();
  for (int i = 0; i < ends; ++i) on_end(at);
  if (ends == 0 && !ended.empty() && on_closed) on_closed(ended);
}

}  // namespace skat::service::seat_latency
