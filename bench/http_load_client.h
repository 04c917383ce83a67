// A minimal HTTP/1.1 client for the web side's load benches (bench/web_results_load.cc,
// bench/seat_latency.cc): plain POSIX sockets, so that the benches compile in seconds
// (Boost.Beast is skatd's alone).
//   ConnectLoopback, HttpPostRequest, ParseHttpHead, TakeServerSentEvents  the pieces: a
//                   connection, a POST, a reply's header, server-sent events;
//   HttpConnection  one keep-alive connection to 127.0.0.1:port, a request at a time;
//   Watcher         one WatchStandings stream read as server-sent events on a thread of its own.
#ifndef SKAT_BENCH_HTTP_LOAD_CLIENT_H_
#define SKAT_BENCH_HTTP_LOAD_CLIENT_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bench/load_common.h"

namespace skat::service::load {

// A TCP socket (TCP_NODELAY, close-on-exec) connected to 127.0.0.1:port, blocking; -1 and
// `error` on a failure.
inline int ConnectLoopback(int port, std::string& error) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    error = std::string("socket: ") + std::strerror(errno);
    return -1;
  }
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    error = std::string("connect: ") + std::strerror(errno);
    close(fd);
    return -1;
  }
  return fd;
}

// A POST of a JSON body to 127.0.0.1:port, with the seat's or director's token if any; with
// `event_stream` it asks for server-sent events (Accept: text/event-stream).
inline std::string HttpPostRequest(int port, const std::string& path, const std::string& token,
                                   const std::string& body, bool event_stream = false) {
  std::string r = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                  "\r\nContent-Type: application/json\r\n";
  if (event_stream) r += "Accept: text/event-stream\r\n";
  if (!token.empty()) r += "Authorization: Bearer " + token + "\r\n";
  r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  return r;
}

// A reply's status line and header.
struct HttpHead {
  int status = 0;
  long content_length = -1;
  bool chunked = false;
  bool close = false;  // Connection: close
};

// Parses `text`: the status line and the header lines, each ending in CRLF, without the blank
// line. Empty, or the error.
inline std::string ParseHttpHead(std::string_view text, HttpHead& head) {
  head = HttpHead{};
  if (!text.starts_with("HTTP/1.") || text.size() < 12) {
    return "not an HTTP reply: " + std::string(text.substr(0, 80));
  }
  head.status = std::atoi(std::string(text.substr(9, 3)).c_str());
  size_t at = text.find("\r\n") + 2;
  while (at < text.size()) {
    const size_t eol = text.find("\r\n", at);
    std::string line(text.substr(at, eol - at));
    at = eol + 2;
    for (char& c : line) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (line.starts_with("content-length:")) head.content_length = std::atol(line.c_str() + 15);
    if (line.starts_with("transfer-encoding:") && line.find("chunked") != std::string::npos) {
      head.chunked = true;
    }
    if (line.starts_with("connection:") && line.find("close") != std::string::npos) {
      head.close = true;
    }
  }
  return "";
}

// Server-sent events: for every whole block ("event: <name>\ndata: <text>\n\n"; a comment such
// as ": keep-alive" has neither) at the front of `text`, on_event(name, data) (data: the block's
// last data line; skatd writes each message on one) while it returns true; each block handed
// over is erased from `text` after the call.
template <class OnEvent>
void TakeServerSentEvents(std::string& text, OnEvent&& on_event) {
  size_t end;
  while ((end = text.find("\n\n")) != std::string::npos) {
    std::string_view block(text.data(), end);
    std::string_view event, data;
    while (!block.empty()) {
      const size_t eol = std::min(block.find('\n'), block.size());
      const std::string_view line = block.substr(0, eol);
      if (line.starts_with("event: ")) event = line.substr(7);
      if (line.starts_with("data: ")) data = line.substr(6);
      block.remove_prefix(std::min(block.size(), eol + 1));
    }
    const bool more = on_event(event, data);
    text.erase(0, end + 2);
    if (!more) return;
  }
}

// One connection to 127.0.0.1:port: requests one at a time (keep-alive), replies with a
// Content-Length or chunked body. Not thread-safe, except Shutdown.
class HttpConnection {
 public:
  HttpConnection() = default;
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;
  ~HttpConnection() { Close(); }

  // Empty, or the error.
  std::string Connect(int port) {
    Close();
    port_ = port;
    std::string error;
    fd_ = ConnectLoopback(port, error);
    if (fd_ < 0) return error;
    if (cancel_ != nullptr) {
      const timeval timeout{.tv_sec = 0, .tv_usec = 200000};
      setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    }
    return "";
  }

  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    buffer_.clear();
  }

  // From another thread: ends a blocked read.
  void Shutdown() {
    const int fd = fd_;
    if (fd >= 0) shutdown(fd, SHUT_RDWR);
  }

  // Reads give up within 200 ms of *cancel becoming true (for a reader that another thread
  // stops).
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  // Sends a POST with a JSON body.
  std::string SendPost(const std::string& path, const std::string& token, const std::string& body) {
    const std::string request = HttpPostRequest(port_, path, token, body);
    size_t sent = 0;
    while (sent < request.size()) {
      const ssize_t n = send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::string("send: ") + std::strerror(errno);
      sent += static_cast<size_t>(n);
    }
    return "";
  }

  using Head = HttpHead;

  // Reads a reply's status line and header.
  std::string ReadHead(Head& head) {
    size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a reply's header)";
    }
    const std::string text = buffer_.substr(0, end + 2);
    buffer_.erase(0, end + 4);
    return ParseHttpHead(text, head);
  }

  // The next chunk of a chunked body; empty at the last one (its trailer read).
  std::string ReadChunk(std::string& data) {
    data.clear();
    size_t eol;
    while ((eol = buffer_.find("\r\n")) == std::string::npos) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a chunk)";
    }
    const size_t size = std::strtoul(buffer_.c_str(), nullptr, 16);
    buffer_.erase(0, eol + 2);
    if (size == 0) {  // the trailer: header lines, then an empty line
      while (true) {
        while ((eol = buffer_.find("\r\n")) == std::string::npos) {
          if (std::string e = Fill(); !e.empty()) return e + " (reading a trailer)";
        }
        buffer_.erase(0, eol + 2);
        if (eol == 0) return "";
      }
    }
    while (buffer_.size() < size + 2) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a chunk)";
    }
    data = buffer_.substr(0, size);
    buffer_.erase(0, size + 2);
    return "";
  }

  // One POST and its whole reply (status and body). Reconnects first if the server closed the
  // connection after the last reply (counted in `reconnects`).
  std::string Post(const std::string& path, const std::string& token, const std::string& body,
                   int& status, std::string& reply) {
    if (fd_ < 0) {
      ++reconnects;
      if (std::string e = Connect(port_); !e.empty()) return e;
    }
    if (std::string e = SendPost(path, token, body); !e.empty()) return e;
    Head head;
    if (std::string e = ReadHead(head); !e.empty()) return e;
    status = head.status;
    reply.clear();
    if (head.chunked) {
      std::string chunk;
      do {
        if (std::string e = ReadChunk(chunk); !e.empty()) return e;
        reply += chunk;
      } while (!chunk.empty());
    } else if (head.content_length >= 0) {
      while (buffer_.size() < static_cast<size_t>(head.content_length)) {
        if (std::string e = Fill(); !e.empty()) return e + " (reading a reply's body)";
      }
      reply = buffer_.substr(0, head.content_length);
      buffer_.erase(0, head.content_length);
    } else {
      return "a reply with neither Content-Length nor chunked body";
    }
    if (head.close) Close();
    return "";
  }

  long reconnects = 0;

 private:
  // Reads what arrives into buffer_; an error at the end of the stream.
  std::string Fill() {
    char chunk[16384];
    while (true) {
      const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && cancel_ != nullptr) {
        if (*cancel_) return "stopped";
        continue;
      }
      if (n < 0) return std::string("recv: ") + std::strerror(errno);
      if (n == 0) return "connection closed by skatd";
      buffer_.append(chunk, static_cast<size_t>(n));
      return "";
    }
  }

  std::atomic<int> fd_{-1};
  int port_ = 0;
  std::string buffer_;
  const std::atomic<bool>* cancel_ = nullptr;
};

// --- The watchers -----------------------------------------------------------------------------

// One WatchStandings stream over HTTP on a thread of its own: every message's arrival time.
class Watcher {
 public:
  void Start(int port, const std::string& standings, const std::string& token) {
    thread_ = std::thread([this, port, standings, token] { Run(port, standings, token); });
  }
  // Ends the stream (the socket is shut down) and joins the thread.
  void Stop() {
    stopping_ = true;
    connection_.Shutdown();
    if (thread_.joinable()) thread_.join();
  }

  long messages() const { return messages_; }
  bool live() const { return live_; }
  Clock::time_point last() const {
    std::lock_guard lock(mutex_);
    return seen_.empty() ? Clock::time_point{} : seen_.back();
  }
  // Set when the stream ended otherwise than by Stop; read after Stop.
  const std::string& error() const { return error_; }
  const std::vector<Clock::time_point>& seen() const { return seen_; }  // after Stop

 private:
  void Run(int port, const std::string& standings, const std::string& token) {
    auto fail = [&](const std::string& e) {
      if (!stopping_) error_ = e;
    };
    connection_.set_cancel(&stopping_);
    if (std::string e = connection_.Connect(port); !e.empty()) return fail(e);
    if (std::string e = connection_.SendPost("/api/skat.v1.ScoringService/WatchStandings", token,
                                             "{\"name\":\"" + standings + "\"}");
        !e.empty()) {
      return fail(e);
    }
    HttpConnection::Head head;
    if (std::string e = connection_.ReadHead(head); !e.empty()) return fail(e);
    if (head.status != 200 || !head.chunked) {
      std::string body, chunk;
      if (head.chunked) {
        while (connection_.ReadChunk(chunk).empty() && !chunk.empty()) body += chunk;
      }
      return fail("WatchStandings answered HTTP " + std::to_string(head.status) + " " + body);
    }
    std::string text, chunk, ended;
    while (ended.empty()) {
      if (std::string e = connection_.ReadChunk(chunk); !e.empty()) return fail(e);
      if (chunk.empty()) return fail("the stream ended (last chunk)");
      text += chunk;
      TakeServerSentEvents(text, [&](std::string_view event, std::string_view data) {
        if (event == "end") {
          ended = "the stream ended: " + std::string(data);
          return false;
        }
        if (event != "message") return true;  // ": keep-alive"
        {
          std::lock_guard lock(mutex_);
          seen_.push_back(Clock::now());
        }
        ++messages_;
        live_ = true;
        return true;
      });
    }
    fail(ended);
  }

  HttpConnection connection_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> live_{false};
  std::atomic<long> messages_{0};
  std::string error_;
  mutable std::mutex mutex_;
  std::vector<Clock::time_point> seen_;
};

}  // namespace skat::service::load

#endif  // SKAT_BENCH_HTTP_LOAD_CLIENT_H_
